"""The priority inspector: who moves in the colour phase being resolved, in which order, and why.

:func:`priority_rows` is a pure function of a phase's events and a cursor: one
row per element of the colour phase at (or just after) the cursor, in the
resolution order the engine announced in its ``PhaseStarted`` event, with the
element's intended direction (its "1" edge and the die) and what became of it
up to the cursor: moved, stopped, void, pushed another, was pushed, hit a
craft, and the reason from the events. During flight, :func:`flight_rows`
lists the crafts in turn order instead. :class:`~.inspector_view.PriorityInspector` shows the
table and highlights the row resolving at the cursor.

A turn resolved at once has its own inspector, the one its chart kind names
(:mod:`asteroyds.ui.chart`): Capture the Asteroyd's *round inspector*
(:mod:`asteroyds.ui.chart.capture.inspector`).

The rulebook's example: white asteroid #6 and white gate #24 both want (6, 5).

>>> from asteroyds import Piece, State, resolve_asteroids
>>> gate = Piece("G24", "gate", (6, 6), "white", orientation=3, priority=24, symbol="D")
>>> state = State("racing", (gate, Piece("W6", "asteroid", (6, 4), "white", orientation=0, priority=6)))
>>> _after, events = resolve_asteroids(state, (1, 1, 1))
>>> for row in priority_rows(events, 4, state):
...     print(row.piece, row.name, row.direction, row.outcome, "|", row.reason)
W6 white asteroid #6 E moved | 1 space E to (6, 5)
G24 white gate #24 W void | blocked by white asteroid #6 at (6, 5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...asteroids import STEPS
from ...event_text import (
    cell_text,
    direction_text,
    heading_text,
    named_text,
    phrase_said,
    piece_text,
    player_text,
    spaces_text,
)
from ...events import (
    CraftCollided,
    CraftDamaged,
    CraftDestroyed,
    CraftHit,
    CraftLanded,
    Event,
    FlightStarted,
    PhaseStarted,
    TileBlocked,
    TileMoved,
    TilePushed,
    TokenTaken,
)
from ...i18n import _
from ...pieces import die_direction
from ...state import State

PANEL_WIDTH = "436px"  # as the round player's
MOVED, STOPPED, VOID = "moved", "stopped", "void"
PUSHED_ANOTHER, WAS_PUSHED, HIT_CRAFT, WAITING = "pushed another", "was pushed", "hit a craft", "waiting"
DONE, CURRENT = "done", "current"
ARROWS: dict[str, str] = {"E": "→", "SE": "↘", "SW": "↙", "W": "←", "NW": "↖", "NE": "↗"}
BADGES: dict[str, tuple[str, str]] = {  # outcome: (background, text)
    MOVED: ("#1f6b45", "#dcffe9"),
    STOPPED: ("#7a5a12", "#fff1cc"),
    VOID: ("#6d1f2b", "#ffe0e4"),
    PUSHED_ANOTHER: ("#1d4f8f", "#e0edff"),
    WAS_PUSHED: ("#55307f", "#f0e4ff"),
    HIT_CRAFT: ("#a3262f", "#ffffff"),
    "collided": ("#a3262f", "#ffffff"),
    "destroyed": ("#3a0d12", "#ff9aa5"),
    "took a token": ("#1d4f8f", "#e0edff"),
    "landed": ("#1f6b45", "#dcffe9"),
    "flew": ("#1f6b45", "#dcffe9"),
    "damaged": ("#7a5a12", "#fff1cc"),
    "flying": ("#26305a", "#e8eeff"),
    "moving": ("#26305a", "#e8eeff"),
    "fires": ("#7a1f2b", "#ffe0e4"),
    "hits": ("#a3262f", "#ffffff"),
    "dodged": ("#55307f", "#f0e4ff"),
    "turned": ("#1d4f8f", "#e0edff"),
    "bumped": ("#a3262f", "#ffffff"),
    "teleported home": ("#3a0d12", "#ff9aa5"),
    "picked up": ("#7a5a12", "#fff1cc"),
    "scored": ("#1f6b45", "#dcffe9"),
    "brought home": ("#1d4f8f", "#e0edff"),
}


@dataclass(frozen=True, slots=True)
class PriorityRow:
    """One element of a colour phase.

    ``outcome`` joins what happened to it so far (``moved``, ``stopped``,
    ``void``, ``pushed another``, ``was pushed``, ``hit a craft``) with
    ``", "``, or is ``waiting``; ``reason`` says why; ``status`` is ``done``,
    ``current`` (resolving at the cursor) or ``waiting``.
    """

    rank: int
    piece: str
    name: str
    colour: str
    priority: int | None
    direction: str
    steps: int
    outcome: str
    reason: str
    status: str


@dataclass(frozen=True, slots=True)
class PriorityTable:
    """The colour phase at the cursor: its die, its order and one row per element."""

    phase: str
    die: int
    order: tuple[str, ...]
    rows: tuple[PriorityRow, ...]
    current: str | None
    started: bool  # False: the cursor is before this phase (a preview)


@dataclass(frozen=True, slots=True)
class FlightRow:
    """One craft of the flight phase, in turn order (``piece`` is the player)."""

    rank: int
    piece: str
    program: str
    shielded: bool
    outcome: str
    reason: str
    status: str


def _cell(cell: Any) -> str:
    return cell_text(cell)


def _spaces(n: int) -> str:
    return spaces_text(n)


def _mover(event: Event) -> str | None:
    """The element whose resolution produced this event (None for phase markers and follow-ups)."""
    if isinstance(event, TileMoved | TileBlocked):
        return event.piece
    if isinstance(event, TilePushed):
        return event.pusher
    if isinstance(event, CraftHit):
        return event.by
    return None


def _colour_phase(events: Sequence[Event], cursor: int) -> tuple[int, int, bool] | None:
    """(start, end, started) of the colour phase at the cursor: the last PhaseStarted applied,
    else the first one to come."""
    cursor = max(0, min(cursor, len(events)))
    start = next((i for i in range(cursor - 1, -1, -1) if isinstance(events[i], PhaseStarted)), None)
    started = start is not None
    if start is None:
        start = next((i for i, e in enumerate(events) if isinstance(e, PhaseStarted)), None)
        if start is None:
            return None
    end = next((j for j in range(start + 1, len(events)) if isinstance(events[j], PhaseStarted)), len(events))
    return start, end, started


def priority_table(events: Sequence[Event], cursor: int, state: State) -> PriorityTable | None:
    """The colour phase at ``cursor`` (after that many events), or None if the events have none.

    ``state`` is any board of the phase (names, priorities and orientations are read from it).
    """
    found = _colour_phase(events, cursor)
    if found is None:
        return None
    start, end, started = found
    phase = events[start]
    assert isinstance(phase, PhaseStarted)
    applied = list(events[start + 1 : min(cursor, end)]) if started else []
    own: dict[str, list[tuple[str, str]]] = {pid: [] for pid in phase.order}  # its own resolution
    before: dict[str, list[tuple[str, str]]] = {pid: [] for pid in phase.order}  # pushed earlier
    after: dict[str, list[tuple[str, str]]] = {pid: [] for pid in phase.order}  # pushed later
    resolved: set[str] = set()
    current = None
    for e in applied:
        current = _mover(e) or current
        if isinstance(e, TileMoved) and e.piece in own:
            own[e.piece].insert(
                0,
                (
                    MOVED,
                    _(
                        "{spaces} {direction} to {cell}",
                        spaces=_spaces(e.steps),
                        direction=heading_text(e.direction),
                        cell=_cell(e.end),
                    ),
                ),
            )
            resolved.add(e.piece)
        elif isinstance(e, TileBlocked) and e.piece in own:
            own[e.piece].insert(0, (e.outcome, _blocked_reason(e)))
            resolved.add(e.piece)
        elif isinstance(e, TilePushed):
            if e.pusher in own:
                said = _("pushed {piece} to {cell}", piece=named_text(e.piece_name), cell=_cell(e.end))
                own[e.pusher].append((PUSHED_ANOTHER, said))
            if e.piece in own:
                pushed = (
                    WAS_PUSHED,
                    _("pushed by {piece} to {cell}", piece=named_text(e.pusher_name), cell=_cell(e.end)),
                )
                (after if e.piece in resolved else before)[e.piece].append(pushed)
        elif isinstance(e, CraftHit) and e.by in own:
            said = _("hit the {player} craft at {cell}", player=player_text(e.player), cell=_cell(e.cell))
            own[e.by].append((HIT_CRAFT, said))
    rows = []
    for rank, pid in enumerate(phase.order, 1):
        piece = state.piece(pid) if state.has_piece(pid) else None
        direction = "" if piece is None else direction_text(die_direction(piece.orientation or 0, phase.die))
        parts = before[pid] + own[pid] + after[pid]
        status = CURRENT if pid == current else (DONE if pid in resolved else WAITING)
        rows.append(
            PriorityRow(
                rank=rank,
                piece=pid,
                name=pid if piece is None else piece_text(piece),
                colour="" if piece is None else piece.colour or "",
                priority=None if piece is None else piece.priority,
                direction=direction,
                steps=STEPS.get(phase.phase, 1),
                outcome=", ".join(dict.fromkeys(o for o, _ in parts)) if parts else WAITING,
                reason="; ".join(r for _, r in parts),
                status=status,
            )
        )
    return PriorityTable(phase.phase, phase.die, tuple(phase.order), tuple(rows), current, started)


def priority_rows(events: Sequence[Event], cursor: int, state: State) -> tuple[PriorityRow, ...]:
    """The rows of :func:`priority_table` (empty when the events have no colour phase)."""
    table = priority_table(events, cursor, state)
    return () if table is None else table.rows


def _blocked_reason(e: TileBlocked) -> str:
    by = named_text(e.blocker_name)
    if e.blocked_at is not None:
        by = _("{name} at {cell}", name=by, cell=_cell(e.blocked_at))
    detail = f" ({phrase_said(e.detail)})" if e.detail else ""
    if e.reason == "push_refused":
        text = _("cannot push {blocker}{why}", blocker=by, why=detail)
    else:
        text = _("blocked by {blocker}{why}", blocker=by, why=detail)
    if e.outcome == STOPPED:
        text += (
            _("; stays at {cell}", cell=_cell(e.end))
            if e.steps == 0
            else _(" after {spaces}, at {cell}", spaces=_spaces(e.steps), cell=_cell(e.end))
        )
    return text


def flight_rows(events: Sequence[Event], cursor: int) -> tuple[FlightRow, ...]:
    """The crafts of a flight phase in turn order, with what happened to each up to ``cursor``."""
    cursor = max(0, min(cursor, len(events)))
    starts = [(i, e) for i, e in enumerate(events) if isinstance(e, FlightStarted)]
    current = None
    for e in events[:cursor]:
        current = getattr(e, "player", current)
    rows = []
    for rank, (i, start) in enumerate(starts, 1):
        end = starts[rank][0] if rank < len(starts) else len(events)
        mine = [e for e in events[i : min(end, cursor)] if getattr(e, "player", None) == start.player]
        outcomes: list[str] = []
        reasons: list[str] = []
        for e in mine:
            if isinstance(e, CraftCollided):
                outcomes.append("collided")
                reasons.append(
                    _("hit {blocker} at {cell}", blocker=named_text(e.blocker_name), cell=_cell(e.blocked_at))
                    if e.blocked_at
                    else _("hit the border")
                )
            elif isinstance(e, CraftDamaged) and e.amount:
                outcomes.append("damaged")
                reasons.append(
                    _(
                        "{amount} damage for {cause}",
                        amount=e.amount,
                        cause=phrase_said(e.cause),
                    )
                )
            elif isinstance(e, CraftDestroyed):
                outcomes.append("destroyed")
            elif isinstance(e, TokenTaken):
                outcomes.append("took a token")
                reasons.append(f"token {e.symbol} ({e.source})")
            elif isinstance(e, CraftLanded):
                outcomes.append("landed")
        finished = cursor >= end
        if finished and not outcomes:
            outcomes.append("flew")
        status = CURRENT if start.player == current and cursor > i else (DONE if finished else WAITING)
        if status != WAITING and not outcomes:
            outcomes.append("flying")
        rows.append(
            FlightRow(
                rank=rank,
                piece=start.player,
                program=start.program,
                shielded=start.shielded,
                outcome=", ".join(dict.fromkeys(outcomes)) if outcomes else WAITING,
                reason="; ".join(reasons),
                status=status,
            )
        )
    return tuple(rows)


def _status(first: int, last: int, cursor: int) -> str:
    """A row made of the events ``first..last`` (indices): where the cursor (events applied) is."""
    if cursor <= first:
        return WAITING
    return CURRENT if first <= cursor - 1 <= last else DONE


__all__ = [
    "FlightRow",
    "PriorityRow",
    "PriorityTable",
    "flight_rows",
    "priority_rows",
    "priority_table",
]
