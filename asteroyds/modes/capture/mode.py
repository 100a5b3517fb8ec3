"""Capture the Asteroyd as a :class:`~asteroyds.modes.base.Mode`: a turn of six rounds (RULES §11).

The pieces of the mode live in the ``capture_*`` modules (charts, resolution,
layout, bot, events); this one says how they plug into a game: the capture
chart is the program, the turn is resolved whole after planning, teams score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..damage import Decide, never
from ..dice import Dice
from ..errors import ScenarioError
from ..event_text import colour_text, team_text
from ..events import Event
from ..i18n import N_, _
from ..outcome import Outcome
from ..pieces import ASTEROYD, DIE_COLOURS, DRONE, GATE, PLATFORM, TURRET, Craft
from ..round import DiceRolled, end_round
from ..state import State
from .base import Mode, Resolution, Turn
from .capture import MODE, outcome, setup
from .capture_layout import check_playable
from .capture_program import CaptureProgram, as_capture_program, validate_capture_program
from .capture_resolve import DEFAULT_CAPTURE_RULES, CaptureRules, programs_for, resolve, scores, teams
from .standard import and_list

TURN_PHASE = "capture"  # the game phase that resolves the whole turn (logged so, saved as "asteroids")


def _validate(state: State, craft: Craft, program: CaptureProgram | str) -> CaptureProgram:
    """One capture chart (RULES §11)."""
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
    return Resolution(checked, after, events, TURN_PHASE, "end")


def _play(
    state: State,
    dice: Dice,
    programs: Mapping[str, Any],
    decide: Decide = never,
    order: Sequence[str] = DIE_COLOURS,
) -> tuple[State, list[Event], Outcome | None]:
    """One whole turn: the six-round resolution, then the end of the round."""
    events: list[Event] = [DiceRolled(state.round, *dice.as_tuple(), DIE_COLOURS)]
    state, turn_events = resolve(state, dice, programs)  # validates every program first
    events += turn_events
    state, end_events, result = end_round(state, events)
    return state, events + end_events, result


CAPTURE_TURN = Turn(rounds=6, validate=_validate, programs_for=programs_for, resolve=_resolve, play=_play)


def check(state: State, where: str) -> None:
    """Teams (RULES §11): platforms, turrets and crafts belong to one; each craft's team has one platform."""
    for p in state.pieces:
        if p.kind in (PLATFORM, TURRET) and p.team not in DIE_COLOURS:
            raise ScenarioError(
                _(
                    "{where}: piece {id!r}: in capture mode a {kind} belongs to a team (red, white "
                    "or blue), got {team!r}",
                    where=where,
                    id=p.id,
                    kind=p.kind,
                    team=p.team,
                )
            )
    platforms = [p.team for p in state.pieces if p.kind == PLATFORM]
    for c in state.crafts:
        if c.team not in DIE_COLOURS:
            raise ScenarioError(
                _(
                    "{where}: craft {player!r}: in capture mode a craft belongs to a team "
                    "(red, white or blue), got {team!r}",
                    where=where,
                    player=c.player,
                    team=c.team,
                )
            )
        if platforms.count(c.team) != 1:
            raise ScenarioError(
                _(
                    "{where}: craft {player!r}: the {team} team needs exactly one platform (it has {count})",
                    where=where,
                    player=c.player,
                    team=c.team,
                    count=platforms.count(c.team),
                )
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


CAPTURE = Mode(
    name=MODE,
    title=N_("Capture the Asteroyd"),
    turn=CAPTURE_TURN,
    outcome=outcome,
    setup=setup,
    check=check,
    check_playable=check_playable,
    teams=True,
    objective=objective,
    progress_name=N_("team points"),
    turn_word="TURN",
    unused_tools=(GATE, DRONE, "target"),  # the editor's target tool
    own_rules_key="capture_rules",
)

__all__ = ["CAPTURE", "CAPTURE_TURN", "TURN_PHASE"]
