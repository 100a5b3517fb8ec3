"""Planning help for the round player: the bots' plans and the board the programs will fly on.

Plain Python, two small objects the
:class:`~asteroyds.ui.player.controller.RoundPlayerController` owns. Each keeps
what it worked out for the round being planned, because working it out is the
slow part of a click: :class:`BotPlanner` plans every bot once per board and
dice (a coach bot searches thousands of programs) and remembers a coach bot's
answers to its plan's questions; :class:`Forecast` moves the asteroids once
per roll for every ghost path drawn while a chart changes.

>>> from asteroyds.game import Game
>>> game = Game.new(players=["blue"], seed=1)
>>> bots = BotPlanner(game, ["blue"])
>>> bots.styles, bots.program_for("blue")  # before the roll: nothing to plan
({'blue': 'greedy'}, None)
>>> _ = game.roll((3, 5, 2))
>>> str(bots.program_for("blue")) == str(bots.program_for("blue"))  # planned once, seeded
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...asteroids import resolve_asteroids
from ...bot import STYLES, BotPlans, decision_policy, plan_bots
from ...damage import Decision
from ...dice import Dice
from ...game import Game
from ...i18n import _
from ...modes import mode_of
from ...preview import PathPreview, planned_path
from ...program import Program
from ...state import State


def bot_styles(bots: Mapping[str, str] | Sequence[str] | None) -> dict[str, str]:
    """Player → bot style (a list of players: greedy bots); an unknown style is a ValueError."""
    if bots is None:
        return {}
    styles = dict(bots) if isinstance(bots, Mapping) else dict.fromkeys(bots, "greedy")
    for player, style in styles.items():
        if style not in STYLES:
            raise ValueError(
                _(
                    "{player}: unknown bot style {style!r} (expected one of {choices})",
                    player=player,
                    style=style,
                    choices=", ".join(STYLES),
                )
            )
    return styles


class BotPlanner:
    """The game's bots: their styles, this round's plans (all at once, seeded) and a coach bot's answers.

    Its own object because the plans are worked out once per board and dice and kept: *Plan*,
    a look at one bot's program and the coach bot's answers mid-flight all read the same plans.
    :attr:`styles` is the live mapping (a caller may seat one more bot in it).
    """

    def __init__(self, game: Game, bots: Mapping[str, str] | Sequence[str] | None = None) -> None:
        self.game = game
        self.styles: dict[str, str] = bot_styles(bots)
        # A coach bot's answers to the mid-flight questions, from its plan (keys name the round).
        self.answers: dict[str, tuple[str, ...]] = {}
        self._plans: tuple[State, Dice | None, BotPlans] | None = None

    def program_for(self, player: str) -> Any:
        """``player``'s bot program for this round's dice, or None (no bot, or nothing to plan now)."""
        style = self.styles.get(player)
        if style is None or self.game.dice is None or self.game.phase != "plan":
            return None
        plans = self.plans()
        if player in plans.answers:
            self.answers[player] = plans.answers[player]
        return plans.programs.get(player)

    def answer(self, decision: Decision, draw: random.Random) -> bool:
        """A bot's answer to a mid-flight question: a coach bot's from its plan; the others' drawn
        by the bots' seeded policy (:func:`~asteroyds.bot.decision_policy`) from ``draw``."""
        answers = self.answers.get(decision.player)
        if answers is not None:
            return decision.key in answers
        return bool(decision_policy(draw)(decision))

    def plans(self) -> BotPlans:
        """Every bot's plan for this round, at once (a team's bots share their goals), seeded.

        Each draws from its own seeded generator (``asteroyds:<seed>:<key>``, the key the
        planner names: ``blue:round3``, a team bot's ``capture-bots:turn3``), so a bot's
        program does not depend on the others'.
        """
        game = self.game
        cached = self._plans
        if cached is None or cached[0] is not game.state or cached[1] != game.dice:
            assert game.dice is not None
            flying = {c.player for c in game.state.crafts if c.cell is not None}
            styles = {p: style for p, style in self.styles.items() if p in flying}
            plans = plan_bots(
                game.state,
                game.dice,
                styles,
                lambda key: random.Random(f"asteroyds:{game.seed}:{key}"),
                order=game.order,
                mode_rules=game.mode_rules,
            )
            cached = self._plans = (game.state, game.dice, plans)
        return cached[2]


class Forecast:
    """The board the programs will fly on: after this round's asteroid phase, once the dice are known.

    Its own object because that board is worked out once per roll and kept while the
    charts change (each change draws a ghost path on it).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self._after: tuple[State, Dice, tuple[str, ...], State] | None = None

    def state(self) -> State:
        """The forecast board (the board as it stands before the roll, or with no asteroid phase)."""
        game = self.game
        if game.phase != "plan" or game.dice is None or not mode_of(game.state).turn.asteroid_phase:
            return game.state  # no asteroid phase to forecast (capture's blue ones move in the turn)
        cached = self._after
        if cached is None or cached[0] is not game.state or cached[1:3] != (game.dice, game.order):
            state, _events = resolve_asteroids(game.state, game.dice, order=game.order)
            cached = self._after = (game.state, game.dice, game.order, state)
        return cached[3]

    def ghost_path(self, player: str, program: Program | str) -> PathPreview:
        """Where ``program`` would take ``player``'s craft (:func:`~asteroyds.preview.planned_path`)."""
        return planned_path(self.state(), player, program)


__all__ = ["BotPlanner", "Forecast", "bot_styles"]
