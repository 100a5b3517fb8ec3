"""The event log: the round's events in plain English, the one at the round player's cursor highlighted.

:func:`log_rows` is pure: from the round's events and the index of the
current one it gives a window of rows (number, a colour tag, the sentence
from :meth:`~asteroyds.events.Event.text`, and whether the row is past,
current or still to come). :class:`EventLog` shows them under a round player.

In a capture turn the tag is the team (its die colour): a craft's events and
its team's turrets read as one colour, and the 6 rounds are told by their
``Round k of 6`` lines.

>>> from asteroyds import resolve_asteroids, setup
>>> _, events = resolve_asteroids(setup("racing", seed=1, players=["blue"]), (3, 5, 2))
>>> rows = log_rows(events, current=1, window=3)
>>> [(r.index, r.status, r.tag) for r in rows]
[(0, 'past', 'red'), (1, 'current', 'red'), (2, 'future', 'red')]
>>> rows[1].text
'White/red asteroid #4 moves 2 spaces NW to (5, 11)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from ...events import Event, PhaseStarted
from ...i18n import NP_, _, ngettext, pgettext
from ...modes import mode_of
from ...state import State
from .. import theme
from ..share.markup import Markup, join, style, tag
from ..theme import sheet

WINDOW = 14  # rows shown around the current event
PANEL_WIDTH = "436px"  # as the round player's
PAST, CURRENT, FUTURE = "past", "current", "future"
DIE_TAGS: frozenset[str] = frozenset({"red", "white", "blue"})


@dataclass(frozen=True, slots=True)
class LogRow:
    """One event of the log: its place in the round, a tag (die colour or player), its sentence."""

    index: int
    tag: str
    text: str
    status: str


_LOG_WORDS = (NP_("log", "round"), NP_("log", "turn"))  # what the game calls a round; translated where shown


def event_tag(event: Event, previous: str = "", teams: Mapping[str, str] | None = None) -> str:
    """The colour phase (``red``, ``white``, ``blue``) or the player an event belongs to.

    ``teams`` (capture: player → team) tags a craft's events with its team instead, and
    events that name a team (a turret's laser, a point) with that team.
    """
    phase = getattr(event, "phase", None)
    if isinstance(event, PhaseStarted) or (isinstance(phase, str) and phase in DIE_TAGS):
        return str(phase)
    player = getattr(event, "player", None)
    if teams is not None:
        team = teams.get(player, "") if isinstance(player, str) else ""
        team = team or getattr(event, "team", "")
        if isinstance(team, str) and team:
            return team
    if isinstance(player, str) and player:
        return player
    return previous if event.type in ("tile_pushed", "craft_hit") else ""


def log_rows(
    events: Sequence[Event],
    current: int | None,
    window: int | None = WINDOW,
    teams: Mapping[str, str] | None = None,
) -> tuple[LogRow, ...]:
    """Rows for ``events`` with ``events[current]`` current (None: before the first); at most
    ``window`` rows around the current one (None: all); ``teams`` as for :func:`event_tag`."""
    tags: list[str] = []
    previous = ""
    for e in events:
        previous = event_tag(e, previous, teams)
        tags.append(previous)
    n = len(events)
    first, last = 0, n
    if window is not None and n > window:
        anchor = -1 if current is None else current
        first = max(0, min(anchor - window // 3, n - window))
        last = first + window
    rows = []
    for i in range(first, last):
        status = PAST if current is not None and i < current else (CURRENT if i == current else FUTURE)
        rows.append(LogRow(i, tags[i], events[i].text(), status))
    return tuple(rows)


# --- the view ---------------------------------------------------------------------------
CSS = sheet("event_log")


def _tag_colour(tag: str) -> str:
    if not tag:
        return "transparent"
    return theme.die_colour(tag) if tag in DIE_TAGS else theme.player_colour(tag)


def log_html(
    events: Sequence[Event],
    current: int | None,
    window: int | None = WINDOW,
    teams: Mapping[str, str] | None = None,
    word: str = "round",
) -> str:
    """The log's table (``tr.asteroyds-current`` on the current event; ``data-index`` on every row).

    ``word`` is what the game calls a round (a capture game: "turn").
    """
    said = pgettext("log", word)
    if not events:
        return tag("div", _("No events yet this {word}.", word=said), class_="asteroyds-log-head")
    # Only what has been stepped: the events to come are the surprise the learner steps into
    # (the "⋯ n more" line says how many are left).
    rows = tuple(r for r in log_rows(events, current, window, teams) if r.status != FUTURE)
    if not rows:
        said_count = ngettext(
            "{n} event this {word}: step through it.",
            "{n} events this {word}: step through them.",
            len(events),
            n=len(events),
            word=said,
        )
        return join(
            tag("div", said_count, class_="asteroyds-log-head"),
            tag("table", class_="asteroyds-log-table", data_current="", data_count=len(events)),
        )
    lines = []
    if rows[0].index > 0:
        lines.append(_more_row(_("⋯ {n} earlier", n=rows[0].index)))
    for r in rows:
        lines.append(
            tag(
                "tr",
                tag("td", r.index + 1, class_="asteroyds-n"),
                tag("td", tag("span", class_="asteroyds-tag", style=style(background=_tag_colour(r.tag)))),
                tag("td", r.text),
                data_index=r.index,
                class_=f"asteroyds-{r.status}",
            )
        )
    later = len(events) - 1 - rows[-1].index
    if later > 0:
        lines.append(_more_row(_("⋯ {n} more", n=later)))
    shown = 0 if current is None else current + 1
    head = _("event {shown} of {total} this {word}", shown=shown, total=len(events), word=said)
    return join(
        tag("div", head, class_="asteroyds-log-head"),
        tag(
            "table",
            tag("tbody", *lines),
            class_="asteroyds-log-table",
            data_current="" if current is None else current,
            data_count=len(events),
        ),
    )


def _more_row(text: str) -> Markup:
    """The row that says how many events are left out above or below."""
    return tag("tr", tag("td"), tag("td"), tag("td", text), class_="asteroyds-more")


class EventLog(widgets.VBox):
    """The events of the round shown by a round player, in plain English, the current one highlighted.

    ``controller`` is a :class:`~asteroyds.ui.player.controller.RoundPlayerController`
    (anything with ``round_events``, ``round_index``, ``round`` and ``observe``).
    CSS: ``asteroyds-event-log``; the current row has ``asteroyds-current``.
    """

    def __init__(self, controller: Any, *, window: int | None = WINDOW) -> None:
        super().__init__()
        self._controller = controller
        self._window = window
        self._body = widgets.HTML()
        self._body.add_class("asteroyds-log-body")
        self._title = widgets.HTML()
        self.children = [widgets.HTML(theme.CSS + CSS), self._title, self._body]
        self.layout.width = PANEL_WIDTH  # not a new Layout: the default one would be left alive
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-event-log")
        self._shown: tuple[Any, ...] = ()
        controller.observe(self._changed)
        self._changed(controller)

    @property
    def html(self) -> str:
        return self._body.value

    def _changed(self, c: Any) -> None:
        key = (c.round_events, c.round_index)
        if self._shown and key[0] is self._shown[0] and key[1] == self._shown[1]:
            return
        self._shown = key
        state = getattr(getattr(c, "game", None), "state", None)
        mode = mode_of(state) if isinstance(state, State) else None
        crafts = state.crafts if state is not None else ()
        together = mode is not None and mode.turn.team_seats(crafts)  # a team plays as one: its tag
        teams = {craft.player: craft.team or "" for craft in crafts} if together else None
        word = mode.turn_word.lower() if mode is not None else "round"
        title = _("EVENT LOG · {word} {round}", word=pgettext("log", word).upper(), round=c.round)
        self._title.value = tag("span", title, class_="asteroyds-title")
        try:
            self._body.value = log_html(c.round_events, c.round_index, self._window, teams, word)
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._body.value = theme.error_html(exc)


__all__ = ["EventLog", "LogRow", "event_tag", "log_html", "log_rows"]
