"""Capture's round inspector: the round of a capture turn at the cursor, its lasers, then its moves.

Capture the Asteroyd has no priority (docs/rules.md#11-capture-the-asteroyd: lasers fire together, crafts
never block each other, so the order only orders the log). **Decision:** in a
capture turn the inspector does not hide; it becomes the *round inspector*:
:func:`capture_round_table` lists the round at the cursor, its lasers (shooter,
direction, what stopped the beam) and then its moves (craft, token, where it
went, what it caused), because "all lasers, then all moves" is exactly what a
learner gets wrong. Rows not reached yet say ``waiting`` (no spoilers).
The capture chart's kind names it (:mod:`asteroyds.ui.chart`), so the round
player's inspector shows it for a capture turn without asking which mode it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ....event_text import colour_text, direction_text, named_text, player_text, team_text
from ....events import Event
from ....hexgrid import direction_name
from ....i18n import N_, _
from ....modes.capture.events import (
    AsteroydPickedUp,
    AsteroydReturned,
    CraftBumped,
    CraftTeleported,
    LaserDodged,
    LaserFired,
    PointScored,
    TurretAimed,
)
from ....modes.capture.steps import BEFORE, SETUP, round_span, step_at
from ...player.inspector import ARROWS, CURRENT, MOVED, WAITING, _cell, _spaces, _status
from ...player.inspector_view import _outcome
from ...share.markup import Markup, fill, join, tag

TITLE = N_("ROUND INSPECTOR · LASERS, THEN MOVES")


@dataclass(frozen=True, slots=True)
class CaptureRow:
    """One laser or one craft's move in a round of a capture turn.

    ``actor`` is the shooter (a craft or turret id) or the moving craft;
    ``action`` the direction fired or the token played; ``outcome`` and
    ``reason`` as in :class:`PriorityRow`; ``status`` ``done``, ``current`` or ``waiting``.
    """

    rank: int
    kind: str  # "laser" or "move"
    actor: str
    name: str
    team: str
    action: str
    outcome: str
    reason: str
    status: str


@dataclass(frozen=True, slots=True)
class CaptureRoundTable:
    """The round of a capture turn at the cursor: its lasers, then its moves."""

    round: int
    stage: str  # the cursor's stage: setup (a preview of round 1), lasers, moves, won
    lasers: tuple[CaptureRow, ...]
    moves: tuple[CaptureRow, ...]
    aims: tuple[str, ...]  # "TR1 NW": where each turret fires this turn
    started: bool  # False: the cursor is before this round (a preview)


def capture_round_table(events: Sequence[Event], cursor: int) -> CaptureRoundTable | None:
    """The round of a capture turn at ``cursor`` (after that many events): lasers, then moves.

    Before round 1 (the turrets aiming, the blue asteroids moving) it previews round 1.
    None when the events hold no round at all.
    """
    cursor = max(0, min(cursor, len(events)))
    step = step_at(events, cursor) if cursor else BEFORE
    number = max(step.round, 1)
    start, end = round_span(events, number)
    if start >= end:
        return None
    aims = tuple(
        f"{e.turret} {direction_name(e.direction)}" for e in events[:start] if isinstance(e, TurretAimed)
    )
    lasers: list[CaptureRow] = []
    moves: list[CaptureRow] = []
    mover: dict[str, int] = {}  # player -> index of its move row
    parts: dict[tuple[str, str], list[tuple[str, str]]] = {}
    spans: dict[tuple[str, str], list[int]] = {}

    def note(key: tuple[str, str], index: int, outcome: str, reason: str) -> None:
        spans.setdefault(key, []).append(index)
        if index < cursor:  # what happened is told once the cursor is there
            parts.setdefault(key, []).append((outcome, reason))

    for i in range(start, end):
        e = events[i]
        if isinstance(e, LaserFired):
            key = ("laser", e.shooter)
            lasers.append(
                CaptureRow(len(lasers) + 1, "laser", e.shooter, str(e.shooter_name), e.team,
                           direction_name(e.direction), "", "", "")
            )  # fmt: skip
            if e.hits:
                hits = ", ".join(player_text(h) for h in e.hits)
                note(key, i, "hits", _("hits {crafts} at {cell}", crafts=hits, cell=_cell(e.end)))
            elif e.stopped_by == "border":
                note(key, i, "fires", _("{spaces}, leaves the board", spaces=_spaces(len(e.path))))
            else:
                blocker = named_text(e.blocker_name)
                note(key, i, "fires", _("stopped by {blocker} at {cell}", blocker=blocker, cell=_cell(e.end)))
        elif isinstance(e, LaserDodged):
            dodged = _("{player} dodges it (Shield anticipation)", player=player_text(e.player))
            note(("laser", e.shooter), i, "dodged", dodged)
        elif e.type == "column_played":
            player = getattr(e, "player", "")
            mover[player] = len(moves)
            moves.append(
                CaptureRow(len(moves) + 1, "move", player, player, "", f"{e.token} {e.action}", "", "", "")  # type: ignore[attr-defined]
            )
            spans.setdefault(("move", player), []).append(i)
        elif getattr(e, "player", None) in mover:
            key = ("move", getattr(e, "player", ""))
            if e.type == "craft_moved":
                note(key, i, MOVED, _("to {cell}", cell=_cell(e.end)))  # type: ignore[attr-defined]
            elif e.type == "craft_turned":
                facing = direction_text(e.end_facing)  # type: ignore[attr-defined]
                note(key, i, "turned", _("faces {direction}", direction=facing))
            elif isinstance(e, CraftBumped):
                note(key, i, "bumped", _("hit {blocker}", blocker=named_text(e.blocker_name)))
            elif isinstance(e, CraftTeleported):
                note(key, i, "teleported home", _("back to platform {platform}", platform=e.platform))
            elif isinstance(e, AsteroydPickedUp):
                note(key, i, "picked up", _("the {team} asteroyd", team=colour_text(e.team)))
            elif isinstance(e, PointScored):
                note(key, i, "scored", _("{team} scores", team=team_text(e.team)))
            elif isinstance(e, AsteroydReturned) and e.cause == "team-mate":
                note(key, i, "brought home", _("its own asteroyd returns home"))
            else:
                spans.setdefault(key, []).append(i)

    def finish(row: CaptureRow) -> CaptureRow:
        key = (row.kind, row.actor)
        done = parts.get(key, [])
        indices = spans.get(key, [])
        status = _status(indices[0], indices[-1], cursor) if indices else WAITING
        outcome = ", ".join(dict.fromkeys(o for o, _ in done)) if done else WAITING
        if status != WAITING and not done:
            outcome = "moving" if row.kind == "move" else WAITING
        return CaptureRow(
            row.rank, row.kind, row.actor, row.name, row.team, row.action, outcome,
            "; ".join(r for _, r in done), status,
        )  # fmt: skip

    return CaptureRoundTable(
        number,
        step.stage,
        tuple(finish(r) for r in lasers),
        tuple(finish(r) for r in moves),
        aims,
        started=step.stage != SETUP,
    )


def capture_table_html(table: CaptureRoundTable | None, cursor: int = 0) -> str:
    """The round inspector's HTML: the round's lasers, then its moves (``data-phase="capture"``)."""
    if table is None:
        empty = _(
            "No round here yet: press <b>Resolve turn</b> to see the 6 rounds, "
            "in each all lasers first, then all moves."
        )
        return tag("div", Markup(empty), class_="asteroyds-pi-empty")
    when = "" if table.started else Markup(_(" · <i>next</i>"))
    aims = (
        _(" · turrets aim {names}", names=", ".join(table.aims)) if table.aims and not table.started else ""
    )
    round_head = _("<b>ROUND {round} OF 6</b> · every laser fires at once, then every craft moves")
    head = tag("div", fill(round_head, round=table.round), when, aims, class_="asteroyds-pi-head")
    current = next((r.actor for r in (*table.lasers, *table.moves) if r.status == CURRENT), "")

    def lines(rows: Sequence[CaptureRow], title: str) -> Markup:
        if not rows:
            none = _("{title}: none", title=title)
            return tag("tr", tag("td"), tag("td", tag("i", none), colspan="3"), class_="asteroyds-waiting")
        out = [tag("tr", tag("td"), tag("td", tag("b", title), colspan="3"), class_="asteroyds-pi-section")]
        for r in rows:
            out.append(
                tag(
                    "tr",
                    tag("td", r.rank),
                    tag("td", r.name, class_="asteroyds-nowrap"),
                    tag("td", ARROWS.get(r.action, ""), " ", r.action, class_="asteroyds-nowrap"),
                    tag("td", _outcome(r.outcome, r.reason)),
                    data_piece=r.actor,
                    data_kind=r.kind,
                    data_status=r.status,
                    class_=f"asteroyds-{r.status}",
                )
            )
        return join(*out)

    heads = ("#", _("who"), _("does"), _("outcome · why"))
    body = tag(
        "table",
        tag("thead", tag("tr", *(tag("th", h) for h in heads))),
        tag("tbody", lines(table.lasers, _("LASERS")), lines(table.moves, _("MOVES"))),
        class_="asteroyds-priority-table asteroyds-capture-table",
        data_phase="capture",
        data_round=table.round,
        data_stage=table.stage,
        data_current=current,
        data_cursor=cursor,
    )
    return join(head, body)


def round_inspector_html(events: Sequence[Event], cursor: int, active: bool) -> str:
    """The round inspector at the cursor (``active``: the events are the capture turn's)."""
    return capture_table_html(capture_round_table(events, cursor) if active else None, cursor)


__all__ = [
    "TITLE",
    "CaptureRoundTable",
    "CaptureRow",
    "capture_round_table",
    "capture_table_html",
    "round_inspector_html",
]
