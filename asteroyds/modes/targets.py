"""Targets mode (RULES §7, §8): two teams shoot the targets of the other side.

Each team is a side of the board: ``left`` (red, yellow, purple) and
``right`` (blue, green, orange); teams may be unbalanced. The 6 white-bearing
asteroids of each side carry that side's targets (``left-1`` … ``left-6``,
``right-1`` …); the left team aims at the right set and vice versa.

- Shooting an asteroid that carries a target, or destroying it by ramming,
  eliminates the target and gives its token to that player (the flight phase
  does it: :mod:`asteroyds.flight`, events ``target_eliminated`` and
  ``token_taken``). Any craft may eliminate any target, even one its own team
  defends: that helps the other team.
- **Victory** (:func:`outcome`), checked at the end of each round: a team
  whose aimed-at set has no target left wins, whoever eliminated them.
  **Decision:** a team needs at least one craft still on the board to win.
  **Decision:** if both teams' sets are emptied in the same round, the team
  whose set fell in the earlier column wins (the racing tie-break, RULES §8,
  fair to the turn order). A set falls in the latest column in which one of
  its targets was eliminated that round, as if every craft flew its columns
  at the same time: red's column 4 comes after blue's column 2 even when red
  flies first. The same column is a draw: both teams share the victory.
  Every player of a winning team wins, a destroyed team-mate included. If
  every craft is destroyed, nobody wins.
- **Handicap** (``RuleSettings.targets_handicap``, RULES §10): see
  :func:`asteroyds.setups.targets`: that many targets are taken off the set
  the weaker team aims at, when the setup is built.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RuleError
from ..events import Event
from ..outcome import Finisher, Outcome
from ..shooting import TargetEliminated
from ..state import State

SIDES: tuple[str, ...] = ("left", "right")


def aimed_side(team: str) -> str:
    """The set of targets a team aims at: the other side's.

    >>> aimed_side("left"), aimed_side("right")
    ('right', 'left')
    """
    return "right" if team == "left" else "left"


def targets_left(state: State, side: str) -> tuple[str, ...]:
    """The targets of ``side`` still on the board, sorted."""
    return tuple(sorted(p.target for p in state.pieces if p.target is not None and p.team == side))


def start_round(state: State) -> tuple[State, list[Event]]:
    """Check that every craft is on a team (``left`` or ``right``); nothing else happens."""
    for craft in state.crafts:
        if craft.team not in SIDES:
            raise RuleError(
                f"targets mode: craft {craft.player!r} must be on team 'left' or 'right', got {craft.team!r}"
            )
    return state, []


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """Which team won at the end of this round, if any."""
    finished: dict[str, int] = {}
    for team in SIDES:
        crafts = [c for c in state.crafts if c.team == team]
        if not any(c.cell is not None for c in crafts) or targets_left(state, aimed_side(team)):
            continue
        aimed = aimed_side(team)
        columns = [e.column for e in round_events if isinstance(e, TargetEliminated) and e.side == aimed]
        # The set fell in the latest column that took one of its targets this round (the column clock).
        finished[team] = max(columns) if columns else 0
    if finished:
        best = min(finished.values())
        teams = [team for team in SIDES if finished.get(team) == best]
        finishers = tuple(
            Finisher(c.player, finished[c.team], c.damage) for c in state.crafts_in_order() if c.team in teams
        )
        winners = tuple(f.player for f in finishers)
        return Outcome(winners=winners, reason=_reason(finished, teams), finishers=finishers)
    if state.crafts and all(c.cell is None for c in state.crafts):
        return Outcome(winners=(), reason="Every craft is destroyed: nobody wins.")
    return None


def _when(column: int) -> str:
    if column == 0:
        return "before this round"
    return "in the red column" if column == 7 else f"in column {column}"


def _reason(finished: dict[str, int], teams: list[str]) -> str:
    if len(teams) > 1:
        return (
            f"Both teams eliminated their last target {_when(finished[teams[0]])}: "
            "a draw, both teams share the victory."
        )
    team = teams[0]
    said = f"The {team} team eliminated every {aimed_side(team)} target ({_when(finished[team])})"
    if len(finished) == 1:
        return f"{said} and wins."
    other = next(t for t in finished if t != team)
    return f"{said} and wins: the {other} team finished later ({_when(finished[other])})."
