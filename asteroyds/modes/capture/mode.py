"""Capture the Asteroyd as a :class:`~asteroyds.modes.base.Mode`: a turn of six rounds.

The rules: docs/rules.md#11-capture-the-asteroyd.

The pieces of the mode live in this package (chart, resolution, rules,
boards, bot, events, objective; ``docs/capture.md`` keeps the design
notes); this module says how they plug into a game: the capture chart is the
program, a team plans together, the turn is resolved whole after planning
(logged as the ``capture`` phase), teams score, and the table's own rules
are :class:`~asteroyds.modes.capture.rules.CaptureRules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...checks import ModeChecks
from ...damage import Decide, never
from ...dice import Dice
from ...event_text import colour_text, team_text
from ...events import Event
from ...i18n import N_, _
from ...outcome import Outcome
from ...phases import Phase, TextEnum
from ...pieces import ASTEROYD, DIE_COLOURS, Craft
from ...round import DiceRolled, end_round
from ...state import State
from ...untrusted import whole_number
from ..base import Mode, Planning, Resolution, SetupOption, Turn, TurnWord
from ..standard import and_list
from .boards import BOARD_CHECKS, PIECE_CHECKS, PLAYABLE, refusal
from .events import CaptureWon
from .program import CaptureProgram, as_capture_program, validate_capture_program
from .replay import REPLAY, disabled_turret_cells
from .resolve import programs_for, resolve
from .rules import DEFAULT_CAPTURE_RULES, CaptureRules, leader, scores, team_players, teams, turret_aims
from .setup import MODE, layout, seat_setup, setup
from .steps import step_at


class CapturePhase(TextEnum):
    """The game phase that resolves a whole capture turn (logged so; the saved input is ``asteroids``)."""

    TURN = "capture"


TURN_PHASE = CapturePhase.TURN
# What the views say at a stage, where a capture turn says it differently (marked; translated where shown).
TEXTS: dict[str, str] = {
    "handover": N_("Pass the device to the {team} team."),
    "planning": N_("The {team} team is planning (the other teams' charts are hidden)."),
    "plan": N_("Every human team is ready: the bots plan, then the turn is resolved."),
    TURN_PHASE: N_("Every program is in: press Resolve turn to play the 6 rounds (lasers, then moves)."),
    "end": N_("The turn is resolved: step through its 6 rounds, lasers then moves, then press End turn."),
    "planning_note": N_(
        "Plan the 6 rounds of the turn: one token per round, then the anticipation (Shield "
        "or Shoot in one round). In each round every laser fires first, then every craft moves. "
        "Turrets fire this turn: {choices}."
    ),
    "planning_caption": N_("The {current_team} team plans · turrets fire this turn: {aims}"),
    "phase_name": N_("resolving the turn"),
    "preview_button": N_("▶ Preview the turrets"),  # the editor's preview: the turrets, every chart empty
    "preview_tip": N_("Play a capture turn with these dice and every chart empty: only the turrets fire"),
    "resolve_button": N_("Resolve turn"),
    "resolve_tip": N_("The 6 rounds: in each, all lasers fire, then all crafts move"),
}


def _validate(state: State, craft: Craft, program: CaptureProgram | str) -> CaptureProgram:
    """One capture chart (docs/rules.md#11-capture-the-asteroyd)."""
    return validate_capture_program(as_capture_program(program, craft.player), craft)


def _resolve(
    state: State,
    dice: Dice,
    programs: Mapping[str, Any],
    *,
    order: Sequence[str] = DIE_COLOURS,
    decide: Decide = never,
    mode_rules: CaptureRules | None = None,
) -> Resolution:
    """After planning: the blue asteroids, then the six rounds, at once (logged as "capture")."""
    checked = programs_for(state, programs)
    after, events = resolve(state, dice, checked, rules=mode_rules or DEFAULT_CAPTURE_RULES)
    return Resolution(checked, after, events, TURN_PHASE, Phase.END)


def _play(
    state: State,
    dice: Dice,
    programs: Mapping[str, Any],
    decide: Decide = never,
    order: Sequence[str] = DIE_COLOURS,
) -> tuple[State, list[Event], Outcome | None]:
    """One whole turn: the six-round resolution, then the end of the round."""
    events: list[Event] = [DiceRolled(state.round, *dice.as_tuple(), DIE_COLOURS, "turn")]
    state, turn_events = resolve(state, dice, programs)  # validates every program first
    events += turn_events
    state, end_events, result = end_round(state, events)
    return state, events + end_events, result


CAPTURE_TURN = Turn(
    rounds=6,
    validate=_validate,
    programs_for=programs_for,
    resolve=_resolve,
    play=_play,
    program_type=CaptureProgram,
    parse=as_capture_program,
    phases=(TURN_PHASE,),  # the whole turn (its six rounds) is one phase after planning
    planning=Planning.TEAM,
    word=TurnWord.TURN,
    asteroid_phase=False,
    texts=TEXTS,
    step_at=step_at,
    disabled_cells=disabled_turret_cells,
    # Nothing planned: only the turrets (and the variant's blue asteroids) act, by the whole turn.
    preview=lambda state, dice: _resolve(state, dice, {}),
)


def objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    """The race to points, and who carries which asteroyd home (``target``: points to win)."""
    names = teams(state)
    points = scores(state)
    goal = target if target is not None else DEFAULT_CAPTURE_RULES.target_for(len(names))
    table = ", ".join(f"{team_text(team)} {points.get(team, 0)}" for team in names)
    goal = goal if names else 0
    lines = [
        _(
            "Capture the Asteroyd: first team to {goal} points and ahead of the others wins ({table}).",
            goal=goal,
            table=table,
        )
    ]
    carried = {p.carrier: p.team or "" for p in state.pieces if p.kind == ASTEROYD and p.carrier}
    for team in names:
        crafts = [c.player for c in state.crafts_in_order() if c.team == team]
        carrying = [carried[p] for p in crafts if p in carried]
        if carrying:
            lines.append(
                _(
                    "The {team} team carries the {colours} asteroyd home.",
                    team=team_text(team),
                    colours=and_list([colour_text(c) for c in carrying]),
                )
            )
    return lines


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The capture victory at the end of a turn, or None while play goes on.

    The rules: docs/rules.md#11-capture-the-asteroyd.

    A :class:`~asteroyds.modes.capture.events.CaptureWon` event of the turn
    decides (it knows the rule settings used); otherwise the scores of the
    state with the standard target (3, or 2 with three teams).
    """
    team = None
    for event in round_events:
        if isinstance(event, CaptureWon):
            team = event.team
    if team is None:
        team = leader(scores(state), DEFAULT_CAPTURE_RULES.target_for(len(teams(state))))
    if team is None:
        return None
    points = scores(state)
    table = ", ".join(f"{team_text(t)} {n}" for t, n in points.items())
    return Outcome(
        winners=team_players(state, team),
        reason=_(
            "The {team} team wins with {points} points ({table}).",
            team=team_text(team),
            points=points[team],
            table=table,
        ),
    )


def notes(state: State, dice: Dice) -> tuple[str, ...]:
    """Where each turret fires this turn ("TR1 NW"): the dice fix it for the whole turn.

    The rules: docs/rules.md#11-capture-the-asteroyd.
    """
    return tuple(str(aim) for aim in turret_aims(state, dice))


def shipped_layout(team_count: int) -> tuple[State, str]:
    """A shipped capture board and what it is, for the scenario editor's setup menu."""
    state = layout(team_count)
    names = [t for t, _points in state.scores]
    return state, _(
        "The capture layout: {n} teams ({choices}), {crafts} crafts each",
        n=len(names),
        choices=", ".join(team_text(t) for t in names),
        crafts=len(state.crafts) // len(names),
    )


def points_to_win(state: State, mode_rules: CaptureRules | None = None) -> int:
    """The points a team needs on this board with these rules (3, or 2 with three teams, by default)."""
    return (mode_rules or DEFAULT_CAPTURE_RULES).target_for(len(teams(state)))


CAPTURE = Mode(
    name=MODE,
    title=N_("Capture the Asteroyd"),
    short_title=N_("Capture"),  # a mode button
    turn=CAPTURE_TURN,
    outcome=outcome,
    setup=setup,
    seat_setup=seat_setup,
    checks=ModeChecks(board=BOARD_CHECKS, pieces=PIECE_CHECKS, playable=PLAYABLE, refusal=refusal),
    options=(
        SetupOption(
            "--teams", "teams", whole_number(2, 3), 2, "capture: number of teams, 2 or 3 (default 2)"
        ),
        SetupOption(
            "--crafts", "crafts_per_team", whole_number(1, 3), 2, "capture: crafts per team, 1-3 (default 2)"
        ),
    ),
    replay=REPLAY,
    rules_type=CaptureRules,
    variants=(),
    planning_seconds={"beginner": 40, "expert": 20},
)

__all__ = [
    "CAPTURE",
    "CAPTURE_TURN",
    "TURN_PHASE",
    "CapturePhase",
    "notes",
    "objective",
    "outcome",
    "points_to_win",
    "shipped_layout",
]
