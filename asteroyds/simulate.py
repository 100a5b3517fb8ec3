"""Whole games played by bots: for the terminal, the property tests and the benchmarks (a driver).

:func:`play_bot_game` plays any mode through a :class:`~asteroyds.game.Game`,
one seat per player, each bot of its style (:func:`asteroyds.bot.plan_bots`).
:func:`play_capture_game` plays Capture the Asteroyd turn after turn, one bot
style per team, straight on the mode's turn (no Game: a seeded generator
draws the dice and the bots' choices), as the capture tests and the coach's
benchmark always have.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bot import bots_for, decision_policy, plan_bots
from .coach import coach_bots
from .damage import Decision
from .dice import Dice
from .events import Event
from .game import Game
from .i18n import _
from .modes import mode_named, mode_of
from .outcome import Outcome
from .pieces import PILOTS
from .round import end_round
from .rules import DEFAULT_RULES, RuleSettings
from .state import State


def play_bot_game(
    players: Sequence[str],
    styles: Sequence[str] | None = None,
    seed: int = 0,
    mode: str = "racing",
    max_rounds: int = 100,
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
    echo: Callable[[str], None] | None = None,
    on_round: Callable[[Game], None] | None = None,
) -> Game:
    """Play until the game is over or ``max_rounds`` rounds were played.

    Everything is drawn from ``seed``: the setup, the dice, the bots' choices.
    """
    styles = list(styles or ["greedy"] * len(players))
    rng = random.Random(f"asteroyds:bots:{seed}")
    chance = decision_policy(rng)
    answers: dict[str, tuple[str, ...]] = {}  # a coach bot's mid-flight answers, from its plan

    def policy(decision: Decision) -> bool:
        if decision.player in answers:
            return decision.key in answers[decision.player]
        return chance(decision)

    game = Game.new(mode=mode, players=players, pilots=pilots, seed=seed, rules=rules, policy=policy)
    bot_style = dict(zip(players, styles, strict=True))
    while not game.is_over and game.round <= max_rounds:
        dice = game.roll()
        if echo:
            echo(_("--- Round {round}: dice {dice}", round=game.round, dice=dice))
            for event in game.events()[1:]:  # the mode's start of round (drones are launched)
                echo(event.text())
        waiting = {player: bot_style[player] for player in game.waiting_for()}
        plans = plan_bots(
            game.state, dice, waiting, lambda _key: rng, order=game.order, mode_rules=game.mode_rules
        )
        answers.update(plans.answers)
        for player, program in plans.programs.items():
            game.submit(player, program)
            if echo:
                echo(
                    _(
                        "{player} ({style}) programs {program}",
                        player=player,
                        style=bot_style[player],
                        program=program,
                    )
                )
        events = game.play_phases()
        if echo:
            for event in events:
                echo(event.text())
        if on_round:
            on_round(game)
    if echo:
        scores = ", ".join(
            f"{c.player}: tokens {_tokens(c.tokens)}, damage {c.damage}" for c in game.state.crafts
        )
        said = game.outcome.reason if game.outcome else _("No winner yet.")
        echo(f"=== {said} ({scores})")
    return game


def _tokens(tokens: Sequence[str]) -> str:
    """Gate and drone symbols run together (``ACDB``); target names are spaced (``left-1 left-4``)."""
    if not tokens:
        return "-"
    return "".join(tokens) if all(len(t) == 1 for t in tokens) else " ".join(tokens)


def random_pilots(players: Sequence[str], rng: random.Random) -> list[str]:
    """Distinct pilots for the players, drawn from the six of the box."""
    return rng.sample(list(PILOTS), len(players))


# --- Capture the Asteroyd, team against team -------------------------------------------------


@dataclass
class CaptureGameRecord:
    """A finished (or stopped) bot game: every state, the dice, programs and events of each turn."""

    states: list[State]
    dice: list[Dice] = field(default_factory=list)
    programs: list[dict[str, Any]] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)
    outcome: Outcome | None = None

    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def turns(self) -> int:
        return len(self.dice)


def play_capture_game(
    teams: int = 2,
    crafts_per_team: int | Mapping[str, int] = 2,
    seed: int = 0,
    max_turns: int = 60,
    blue_asteroids: int = 0,
    pilots: Mapping[str, str | None] | None = None,
    rules: Any = None,
    state: State | None = None,
    echo: Callable[[str], None] | None = None,
    styles: Mapping[str, str] | None = None,
) -> CaptureGameRecord:
    """Bots play Capture the Asteroyd until a team wins or ``max_turns`` turns were played; everything
    drawn from ``seed`` (:func:`play_team_game` on the capture setup, or on ``state``).

    ``rules`` are the capture rules (:class:`~asteroyds.modes.capture.CaptureRules`);
    ``styles`` maps a team to its bot: ``greedy`` (the default: the mode's team
    bot, :func:`asteroyds.modes.capture.bot.plan_all`) or ``coach``
    (:func:`asteroyds.coach.capture.plan_team`: each craft's exact best
    program, team-mates already planned taken into account, the enemies
    assumed to fly what the greedy bot would plan for them, drawn with the
    coach's own seed, never their real programs).
    """
    if state is None:
        state = mode_named("capture").setup(
            teams=teams,
            crafts_per_team=crafts_per_team,
            seed=seed,
            blue_asteroids=blue_asteroids,
            pilots=pilots,
        )
    return play_team_game(state, seed=seed, max_turns=max_turns, rules=rules, echo=echo, styles=styles)


def play_team_game(
    state: State,
    seed: int = 0,
    max_turns: int = 60,
    rules: Any = None,
    echo: Callable[[str], None] | None = None,
    styles: Mapping[str, str] | None = None,
) -> CaptureGameRecord:
    """Bots play a team mode's game from ``state`` until a team wins or ``max_turns`` turns were played.

    ``rules`` are the mode's own rules; ``styles`` maps a team to its bot:
    ``greedy`` (the default: the mode's own bots) or ``coach``. One seeded
    generator draws the dice and the bots' choices; the greedy plans are
    drawn for every craft first, so the seeded game is the same whatever the
    styles until they differ.

    Each turn: roll (seeded) → every bot plans → the mode's turn resolves
    (capture: the six rounds) → :func:`asteroyds.round.end_round` (victory
    via the mode's outcome, next player one, next round).
    """
    mode = mode_of(state)
    rng = random.Random(f"asteroyds:{mode.name}-bots:{seed}")
    record = CaptureGameRecord(states=[state])
    while record.outcome is None and record.turns < max_turns:
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        flying = [c.player for c in state.crafts_in_order() if c.cell is not None]
        programs = bots_for(mode.name)(state, dice, flying, lambda _key: rng)
        coached = [p for p in flying if (styles or {}).get(state.craft(p).team or "") == "coach"]
        if coached:
            programs.update(coach_bots(state, dice, coached, mode_rules=rules)[0])
        done = mode.turn.resolve(state, dice, programs, mode_rules=rules)
        state, events = done.state, done.events
        state, end_events, result = end_round(state, events)
        record.dice.append(dice)
        record.programs.append(programs)
        record.events.append(events + end_events)
        record.states.append(state)
        record.outcome = result
        if echo:
            echo(_("--- Turn {round}: dice {dice}", round=state.round - 1, dice=dice))
            for player, program in programs.items():
                echo(_("{player} programs {program}", player=player, program=program))
            for event in events + end_events:
                echo(event.text())
    return record


__all__ = ["CaptureGameRecord", "play_bot_game", "play_capture_game", "play_team_game", "random_pilots"]
