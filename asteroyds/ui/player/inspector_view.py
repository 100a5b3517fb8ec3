"""The inspectors as HTML and a widget: the priority table, the flight rows (or a turn's own inspector).

:class:`PriorityInspector` shows, at the round player's cursor, the tables
:mod:`asteroyds.ui.player.inspector` computes (pure functions of the events).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...event_text import colour_text
from ...i18n import N_, NP_, _, ngettext, pgettext
from ...modes import mode_of
from ...state import State
from .. import theme
from ..chart import chart_kind
from ..share.markup import Markup, fill, join, style, tag
from ..theme import COLOURS, sheet
from .inspector import (
    ARROWS,
    BADGES,
    CURRENT,
    PANEL_WIDTH,
    FlightRow,
    PriorityTable,
    flight_rows,
    priority_table,
)

#: The outcome badges (inspector's BADGES and row outcomes), said in the reader's language.
_BADGE_WORDS = (
    NP_("badge", "moved"),
    NP_("badge", "stopped"),
    NP_("badge", "void"),
    NP_("badge", "pushed another"),
    NP_("badge", "was pushed"),
    NP_("badge", "hit a craft"),
    NP_("badge", "waiting"),
    NP_("badge", "collided"),
    NP_("badge", "destroyed"),
    NP_("badge", "took a token"),
    NP_("badge", "landed"),
    NP_("badge", "flew"),
    NP_("badge", "damaged"),
    NP_("badge", "flying"),
    NP_("badge", "moving"),
    NP_("badge", "fires"),
    NP_("badge", "hits"),
    NP_("badge", "dodged"),
    NP_("badge", "turned"),
    NP_("badge", "bumped"),
    NP_("badge", "teleported home"),
    NP_("badge", "picked up"),
    NP_("badge", "scored"),
    NP_("badge", "brought home"),
)


# --- the view ---------------------------------------------------------------------------
CSS = sheet("priority_inspector")


def _chip(colour: str) -> Markup:
    first = theme.tile_fill(colour)
    second = theme.tile_second(colour)
    fill = first if second is None else f"linear-gradient(90deg, {first} 50%, {second} 50%)"
    return tag("span", class_="asteroyds-chip", style=style(background=fill))


def _badges(outcome: str) -> Markup:
    out = []
    for part in outcome.split(", "):
        bg, fg = BADGES.get(part, ("#1b2347", COLOURS["muted"]))
        out.append(
            tag(
                "span",
                pgettext("badge", part),
                class_="asteroyds-badge",
                style=style(background=bg, color=fg),
            )
        )
    return join(*out)


def _outcome(outcome: str, reason: str) -> Markup:
    why = tag("div", reason, class_="asteroyds-why") if reason else ""
    return join(_badges(outcome), why)


def _die(colour: str, value: int) -> Markup:
    ink = COLOURS["ink_dark"] if colour == "white" else COLOURS["ink_light"]
    return tag(
        "span", value, class_="asteroyds-pi-die", style=style(background=theme.die_colour(colour), color=ink)
    )


def _head_row(*heads: str) -> Markup:
    return tag("thead", tag("tr", *(tag("th", head) for head in heads)))


def table_html(table: PriorityTable | None, flight: Sequence[FlightRow] = (), cursor: int = 0) -> str:
    """The inspector's HTML for a colour phase (or the crafts of a flight phase)."""
    if table is None and not flight:
        empty = _(
            "No colour phase here yet: press <b>Asteroids</b> to see the elements move one after "
            "another, smallest priority number first."
        )
        return tag("div", Markup(empty), class_="asteroyds-pi-empty")
    if table is None:
        head = tag(
            "div",
            Markup(_("<b>FLIGHT</b> · crafts in turn order, each its whole program")),
            class_="asteroyds-pi-head",
        )
        current = next((r.piece for r in flight if r.status == CURRENT), "")
        order = " ".join(r.piece for r in flight)
        lines = [
            tag(
                "tr",
                tag("td", r.rank),
                tag("td", _chip_player(r.piece), r.piece),
                tag("td", tag("code", r.program), class_="asteroyds-nowrap"),
                tag("td", _outcome(r.outcome, r.reason)),
                data_piece=r.piece,
                class_=f"asteroyds-{r.status}",
            )
            for r in flight
        ]
        columns = _head_row("#", _("craft"), _("program"), _("outcome · why"))
        attrs = {"data-phase": "fly", "data-die": "", "data-order": order}
    else:
        n = len(table.order)
        when = "" if table.started else Markup(_(" · <i>next</i>"))
        die = fill(_("<b>{colour} DIE</b>"), colour=colour_text(table.phase).upper())
        order = ngettext(
            "{n} element, smallest number first, one after another",
            "{n} elements, smallest number first, one after another",
            n,
            n=n,
        )
        head = tag("div", die, _die(table.phase, table.die), "· ", order, when, class_="asteroyds-pi-head")
        current = table.current or ""
        lines = [
            tag(
                "tr",
                tag("td", r.rank),
                tag("td", _chip(r.colour), r.name, class_="asteroyds-nowrap"),
                tag("td", "" if r.priority is None else r.priority),
                tag(
                    "td",
                    f"{ARROWS.get(r.direction, '')} {r.direction}{' ×2' if r.steps == 2 else ''}",
                    class_="asteroyds-nowrap",
                ),
                tag("td", _outcome(r.outcome, r.reason)),
                data_piece=r.piece,
                data_status=r.status,
                class_=f"asteroyds-{r.status}",
            )
            for r in table.rows
        ]
        columns = _head_row("#", _("element"), _("prio"), _("dir"), _("outcome · why"))
        attrs = {"data-phase": table.phase, "data-die": str(table.die), "data-order": " ".join(table.order)}
    body = tag(
        "table",
        columns,
        tag("tbody", *lines),
        class_="asteroyds-priority-table",
        **attrs,
        data_current=current,
        data_cursor=cursor,
    )
    return join(head, body)


def _chip_player(player: str) -> Markup:
    return tag("span", class_="asteroyds-chip", style=style(background=theme.player_colour(player)))


class PriorityInspector(widgets.VBox):
    """The priority table of the colour phase at a round player's cursor (crafts during flight).

    A turn resolved at once has its own inspector, the one its chart kind names (capture's
    round inspector: the round at the cursor, lasers then moves, :mod:`asteroyds.ui.chart.capture.inspector`).
    ``controller`` is a :class:`~asteroyds.ui.player.controller.RoundPlayerController`
    (anything with ``events``, ``states``, ``cursor``, ``phase`` and ``observe``).
    CSS: ``asteroyds-priority-inspector``; rows carry ``data-piece`` and the
    row resolving at the cursor the class ``asteroyds-current``; the table
    carries ``data-order`` (the engine's resolution order) and ``data-phase``.
    """

    def __init__(self, controller: Any) -> None:
        super().__init__()
        self._controller = controller
        self._table = widgets.HTML()
        self._table.add_class("asteroyds-priority-body")
        self._title = widgets.HTML(tag("span", _(TITLE), class_="asteroyds-title"))
        self.children = [widgets.HTML(theme.CSS + CSS), self._title, self._table]
        self.layout.width = PANEL_WIDTH  # not a new Layout: the default one would be left alive
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-priority-inspector")
        self._shown: tuple[Any, ...] = ()
        controller.observe(self._changed)
        self._changed(controller)

    @property
    def html(self) -> str:
        """The table's current HTML (tests read it)."""
        return self._table.value

    @property
    def table(self) -> PriorityTable | None:
        c = self._controller
        return priority_table(c.events, c.cursor, c.states[0]) if c.phase == "asteroids" else None

    def _changed(self, c: Any) -> None:
        key = (c.events, c.cursor, c.phase)
        if self._shown and key[0] is self._shown[0] and key[1:] == self._shown[1:]:
            return
        self._shown = key
        state = getattr(getattr(c, "game", None), "state", None)
        own = None
        if isinstance(state, State) and mode_of(state).turn.resolves_at_once:
            own = chart_kind(state).inspector_of()  # the turn's own inspector (capture's rounds)
        title, inspect = own if own is not None else (TITLE, None)
        self._title.value = tag("span", _(title), class_="asteroyds-title")
        try:
            if inspect is not None:
                value = inspect(c.events, c.cursor, c.phase == mode_of(state).turn.phase)  # type: ignore[arg-type]
            elif c.phase == "fly":
                value = table_html(None, flight_rows(c.events, c.cursor), c.cursor)
            else:
                value = table_html(self.table, cursor=c.cursor)
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            value = theme.error_html(exc)
        self._table.value = value


TITLE = N_("PRIORITY INSPECTOR")


__all__ = ["CSS", "TITLE", "PriorityInspector", "table_html"]
