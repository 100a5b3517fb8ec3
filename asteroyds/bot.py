"""Seeded bots that plan legal programs, so whole games can be simulated: the players layer's bots.

A bot has a style. ``greedy`` is the mode's own bot, registered here by mode
name (:func:`register_bots`, :func:`bots_for`: in the one-round modes the gate
racer and the shooter of :mod:`asteroyds.modes.greedy`; in capture the team
bot of :mod:`asteroyds.modes.capture.bot`). ``random`` picks legal tokens at
random, Shoot included where the mode allows it (it crashes a lot, which is
what the property tests want); a chart with no random planner here (capture's)
gets the mode's own bot instead. ``coach`` plays the coach's exact best
program (:mod:`asteroyds.coach`: every program is searched, the mode's
objective decides); in the one-round modes, where the objective ties, it ends
where the danger map of the board after the asteroid phase says the fewest
rolls bring an element next round, and :func:`coach_plan` also gives the
mid-flight answers (destroy, Lawrence) that realise the plan.

:func:`plan_bots` plans every bot of a table at once, whatever the mode;
:func:`plan` is one player's program.

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> str(plan(state, "blue", (3, 5, 2), style="greedy"))
'R R F R F F S'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .coach import coach_bots, coach_plan
from .damage import Decision
from .dice import Dice
from .i18n import _
from .modes import Mode, mode_of
from .modes.capture.bot import capture_bots
from .modes.capture.mode import CAPTURE
from .modes.greedy import Draw, greedy_bots, greedy_racer, racing_bots, wanted_pieces
from .modes.racing import RACING
from .pieces import DIE_COLOURS
from .program import Program, legal_tokens
from .state import State

STYLES: tuple[str, ...] = ("greedy", "random", "coach")

# A mode's own bots: (state, dice, players, draw) -> each player's program; draw(key) gives a seeded
# generator for a key the planner names (asteroyds.modes.greedy.Draw).
BotPlanner = Callable[..., dict[str, Any]]

BOTS: dict[str, BotPlanner] = {RACING.name: racing_bots, CAPTURE.name: capture_bots}  # mode name -> bots


def register_bots(mode: str, bots: BotPlanner) -> BotPlanner:
    """The greedy bots of the mode called ``mode`` (a mode that registers none: :func:`greedy_bots`)."""
    BOTS[mode] = bots
    return bots


def unregister_bots(mode: str) -> None:
    """Take a mode's bots out (a test's toy mode, once the test is over)."""
    BOTS.pop(mode, None)


def bots_for(mode: str) -> BotPlanner:
    """The mode's own (greedy) bots: :mod:`asteroyds.modes.greedy`'s shooter unless it registered some."""
    return BOTS.get(mode, greedy_bots)


def _random_program(state: State, player: str, rng: random.Random) -> Program:
    craft = state.craft(player)
    program = Program.empty()
    for column in range(1, 8):
        options = list(legal_tokens(craft, state.mode, column, program, rules=state.rules))
        weights = [
            0.2 if t in (".", "S") else (0.3 if t.startswith("P") else (0.5 if t == "X" else 1.0))
            for t in options
        ]
        if column == 7:
            weights = [6.0 if t == "S" else 1.0 for t in options]
        token = rng.choices(options, weights)[0]
        program = program.with_column(column, token)
    return program


# A random legal program for one player, by the chart the mode plans on (the others get the mode's bot).
RANDOM_PLANNERS: dict[type, Callable[[State, str, random.Random], Any]] = {Program: _random_program}


@dataclass(frozen=True)
class BotPlans:
    """What :func:`plan_bots` gives: each bot's program, and a coach bot's answers to its plan's questions."""

    programs: dict[str, Any]
    answers: dict[str, tuple[str, ...]] = field(default_factory=dict)


def plan_bots(
    state: State,
    dice: Dice | Sequence[int],
    styles: Mapping[str, str],
    draw: Draw,
    *,
    order: Sequence[str] = DIE_COLOURS,
    mode_rules: Any = None,
) -> BotPlans:
    """The program of every bot in ``styles`` (player → style), in that order, for these dice.

    ``draw(key)`` gives the seeded generator for a key the planner names (a
    random bot's ``blue:round3``, capture's team bot ``capture-bots:turn3``):
    one generator for the whole game, or one per key. The mode's own bots plan
    the greedy ones (and the random ones where its chart has no random planner),
    the coach the coach ones (:func:`asteroyds.coach.coach_bots`, with the
    colour ``order`` and the mode's own rules).
    """
    for player, style in styles.items():
        _check_style(player, style)
    dice = Dice.of(dice)
    mode = mode_of(state)
    random_planner = RANDOM_PLANNERS.get(mode.turn.program_type)
    coached = [p for p, style in styles.items() if style == "coach"]
    randoms = [p for p, style in styles.items() if style == "random" and random_planner is not None]
    greedy = [p for p in styles if p not in coached and p not in randoms]
    planned: dict[str, Any] = {}
    if greedy:
        planned.update(bots_for(mode.name)(state, dice, greedy, draw))
    for player in randoms:
        if state.craft(player).cell is None:
            planned[player] = mode.turn.empty()
        else:
            assert random_planner is not None
            planned[player] = random_planner(state, player, draw(f"{player}:round{state.round}"))
    answers: dict[str, tuple[str, ...]] = {}
    if coached:
        programs, answers = coach_bots(state, dice, coached, order=order, mode_rules=mode_rules)
        planned.update(programs)
    return BotPlans({p: planned[p] for p in styles}, answers)


def styles_for(mode: Mode) -> tuple[str, ...]:
    """The bot styles a seat of ``mode`` may have (no ``random`` where its chart has no random bot)."""
    program_type = mode.turn.program_type
    return tuple(s for s in STYLES if s != "random" or program_type in RANDOM_PLANNERS)


def _check_style(player: str, style: str) -> None:
    if style not in STYLES:
        raise ValueError(
            _(
                "unknown bot style {style!r} (expected one of {choices})",
                style=style,
                choices=", ".join(STYLES),
            )
        )


def plan(
    state: State,
    player: str,
    dice: Dice | Sequence[int],
    style: str = "greedy",
    rng: random.Random | None = None,
) -> Any:
    """A legal program for ``player`` this round (``rng`` draws for the random style)."""
    _check_style(player, style)
    rng = rng or random.Random(0)
    if state.craft(player).cell is None:
        return mode_of(state).turn.empty()
    return plan_bots(state, dice, {player: style}, lambda _key: rng).programs[player]


def decision_policy(rng: random.Random) -> Callable[[Decision], bool]:
    """A seeded yes/no policy for mid-flight decisions (bots use their powers sometimes)."""

    def decide(_decision: Decision) -> bool:
        return rng.random() < 0.5

    return decide


__all__ = [
    "BOTS",
    "RANDOM_PLANNERS",
    "STYLES",
    "BotPlanner",
    "BotPlans",
    "bots_for",
    "coach_plan",
    "decision_policy",
    "greedy_racer",
    "plan",
    "plan_bots",
    "register_bots",
    "styles_for",
    "unregister_bots",
    "wanted_pieces",
]
