"""What both room pages draw the same way: polling, the browser's key box, the clock, the replay.

:class:`RoomViewBase` is a thin view: it polls its
:class:`~asteroyds.ui.rooms.session.RoomSession` from a
:class:`~asteroyds.ui.ticker.Ticker` (every
:data:`~asteroyds.ui.rooms.session.POLL_SECONDS`, on the kernel's loop;
it stops when the widget is closed), and redraws only when the room
changed. The replay of the last resolved round is the round player, its
priority inspector and event log (:mod:`asteroyds.ui.player`), drawing on
the page's board.

**When the store is away** (:class:`~asteroyds.rooms.StoreUnavailable`: the
database restarts or fails over), the page is not in error: it shows one
calm sentence (:data:`~asteroyds.ui.rooms.session.OFFLINE`, class
``asteroyds-room-offline``, ``data-offline="true"``), keeps what it holds (the
room as last seen, the student's chart) and keeps polling; the sentence goes
away by itself at the first poll that gets through. A page that could not
even open its room (its address has ``?room=CODE``, or the student pressed
*Open the room*) retries the opening at every tick the same way.
"""

from __future__ import annotations

import html
import math
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as widgets

from ...i18n import _, pgettext
from ...modes import TurnWord, mode_of
from ...rooms import StoreUnavailable
from ..board.view import BoardView
from ..chart.stopwatch import bar_colour
from ..player.event_log import EventLog
from ..player.inspector_view import PriorityInspector
from ..player.view import RoundPlayer
from ..share import links
from ..share.actions import ShownErrors
from ..share.markup import style, tag
from ..theme import sheet
from ..ticker import Ticker
from . import browser
from .session import OFFLINE, POLL_SECONDS, RoomSession

CSS = sheet("rooms")


def html_part(css: str, value: str = "", **layout: str) -> widgets.HTML:
    part = widgets.HTML(value, layout=widgets.Layout(**layout))
    part.add_class(css)
    return part


def button(label: str, css: str, primary: bool = False, width: str = "auto") -> widgets.Button:
    b = widgets.Button(description=label, tooltip=label, layout=widgets.Layout(width=width))
    b.add_class(css)
    if primary:
        b.add_class("asteroyds-primary")
    return b


def room_from_query(query: str | None = None) -> str | None:
    """The ``room=`` of this page's address (None if absent); the code is checked by the room."""
    text = links.query_string() if query is None else query
    values = parse_qs(text.lstrip("?")[: links.MAX_QUERY_CHARS]).get("room", [])
    return values[0].strip()[:40] if values and values[0].strip() else None


def turn_word(game: Any) -> str:
    """What the room's mode calls one of its turns, in words: "round", or capture's "turn" of six
    rounds (docs/rules.md#11-capture-the-asteroyd: a capture *round* is one column of the chart)."""
    return pgettext("log", str(mode_of(game.state).turn.word))


def stage(game: Any, number: int | None = None) -> str:
    """ "Round 3" (capture: "Turn 3"), the first words of the rooms' headlines."""
    n = game.round if number is None else number
    if mode_of(game.state).turn.word is TurnWord.TURN:
        return _("Turn {n}", n=n)
    return _("Round {n}", n=n)


def clock_text(seconds: float) -> str:
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class RoomViewBase(ShownErrors, widgets.VBox):
    """Polling, the browser's key box and the replay: what the teacher's and the students' pages share."""

    KIND = "seat"  # which token the browser keeps for this page (browser.KINDS)

    def __init__(self) -> None:
        super().__init__()
        self._session: RoomSession | None = None
        self._error_text = ""
        self._error = html_part("asteroyds-error")
        self._offline = html_part("asteroyds-room-offline", display="none")
        self._offline.value = html.escape(_(OFFLINE))
        self._away = False  # an action found the store away before this page had a room to poll
        self._actions = 0  # actions handled (data-actions): a click's round trip is over when it grows
        self._opening: str | None = None  # a room code whose opening waits for the store to come back
        self._script = widgets.HTML()  # scripts for the browser (browser.py): keep or read a token
        self._script.layout.display = "none"
        self._key_class = f"asteroyds-room-key-{secrets.token_hex(4)}"
        self._key = widgets.Text(continuous_update=True, layout=widgets.Layout(display="none"))
        self._key.add_class(self._key_class)
        self._key.observe(lambda ch: self._safely(lambda: self._key_arrived(ch["new"])), names="value")
        self._data = html_part("asteroyds-room-data", display="none")
        self._clock = html_part("asteroyds-room-clock")
        self._bar = widgets.FloatProgress(min=0.0, max=1.0, layout=widgets.Layout(width="240px"))
        self._clock_box = widgets.HBox([self._clock, self._bar], layout=widgets.Layout(align_items="center"))
        self._clock_box.layout.grid_gap = "12px"
        self._clock_shown: tuple[Any, ...] = ()
        self._board: BoardView | None = None
        self._replay_for: Any = None
        self._replay_box = widgets.VBox(layout=widgets.Layout(grid_gap="8px"))
        self._ticker = Ticker(self._tick, self._polling, interval=POLL_SECONDS, on_error=self._set_error)
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-room")

    # --- public -----------------------------------------------------------------------------
    @property
    def session(self) -> RoomSession | None:
        return self._session

    @property
    def error(self) -> str:
        return self._error_text

    def close(self) -> None:
        if hasattr(self, "_ticker"):
            self._ticker.stop()
        super().close()

    @property
    def offline(self) -> bool:
        """Is the page waiting for its store to come back (showing the sentence, not an error)?"""
        session = self._session
        return self._away or self._opening is not None or (session is not None and session.offline)

    # --- polling ------------------------------------------------------------------------------
    def _polling(self) -> bool:
        if self.comm is None:
            return False
        return self._opening is not None or (self._session is not None and self._session.room is not None)

    def _start_polling(self) -> None:
        self._ticker.start()

    def _tick(self, _seconds: float) -> None:
        if self._opening is not None:
            code = self._opening
            self._run(lambda: self._open_or_retry(code))
            return
        session = self._session
        if session is None or session.room is None:
            return
        if not session.poll():  # a change redraws everything through the observer
            self._draw_clock()

    def _run(self, action: Callable[[], object]) -> None:
        """A button's action (:meth:`ShownErrors._run`), counted in ``data-actions`` once handled.

        A click that changes nothing the page shows (a submit while the store
        is away) still moves the count on, so a browser test waits for the
        count instead of a fixed time before it checks that nothing changed.
        """
        self._actions += 1
        super()._run(action)

    def _open_or_retry(self, code: str) -> None:
        """Open the room; if the store is away, try again at every tick until it is back."""
        try:
            self._open(code)
        except StoreUnavailable:
            self._opening = code
            self._start_polling()
            raise
        self._opening = None

    def _open(self, code: str) -> None:
        raise NotImplementedError

    def _set_error(self, exc: BaseException | str) -> None:
        """An away store is no error: the page says so calmly and goes on polling (the module docstring)."""
        if isinstance(exc, StoreUnavailable):
            if self._session is not None and self._session.room is not None:
                self._session.mark_offline(True)  # the next poll that gets through clears it
            else:
                self._away = True  # until the next action
            super()._set_error("")
        else:
            if exc == "":
                self._away = False
            super()._set_error(exc)
        self._draw_offline()

    def _draw_offline(self) -> None:
        self._offline.layout.display = "" if self.offline else "none"

    def _watch(self, session: RoomSession) -> None:
        self._session = session
        session.observe(lambda _s: self._safely(self._refresh))

    # --- the browser's key ----------------------------------------------------------------------
    def _recall(self, code: str) -> None:
        """Ask the browser for the token it keeps for this room (it answers in the hidden box)."""
        self._script.value = browser.recall_html(self.KIND, code, self._key_class)

    def _key_arrived(self, value: str) -> None:
        raise NotImplementedError

    # --- drawing helpers ---------------------------------------------------------------------------
    def _draw_clock(self) -> None:
        session = self._session
        if session is None or session.room is None:
            return
        left = session.seconds_left()
        view = session.room.view
        total = view.planning_seconds if view.phase == "plan" else view.decision_seconds
        shown = (None,) if left is None else (math.ceil(left), total)
        if shown == self._clock_shown:
            return
        self._clock_shown = shown
        if left is None:
            self._clock_box.layout.display = "none"
            return
        self._clock_box.layout.display = ""
        fraction = left / total if total else 0.0
        colour = bar_colour(fraction)
        self._clock.value = tag("span", clock_text(left), style=style(color=colour))
        self._bar.value = fraction
        self._bar.style.bar_color = colour

    def _show_replay(self, board: BoardView) -> bool:
        """The round player over the last resolved round, on ``board``; False when there is none."""
        session = self._session
        assert session is not None
        replay = session.replay()
        if replay is None:
            self._replay_box.children = []
            self._replay_for = None
            return False
        if self._replay_for is not replay:
            for child in self._replay_box.children:
                child.close()
            player = RoundPlayer(replay, board=board)
            for name in ("roll", "plan", "undo", "yes", "no"):
                if name in player.buttons:
                    player.buttons[name].layout.display = "none"
            self._replay_box.children = [
                html_part(
                    "asteroyds-note",
                    html.escape(
                        _(
                            "The resolution of {word} {n}: press the phase buttons, then step through "
                            "the events (or Play).",
                            word=turn_word(replay.game),
                            n=session.last_resolved,
                        )
                    ),
                ),
                player,
                widgets.HBox(
                    [PriorityInspector(replay), EventLog(replay)],
                    layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap", align_items="flex-start"),
                ),
            ]
            self._replay_for = replay
        return True

    @staticmethod
    def _clear_marks(board: BoardView) -> None:
        """Take off what the round player drew (outlines, a laser, disabled turrets)."""
        board.highlight(())
        board.clear_laser()
        board.show_disabled(())

    def _draw_table(self, board: BoardView, game: Any, phase: str) -> None:
        """The board as it stands (with the dice arrows while the class plans)."""
        self._clear_marks(board)
        board.update(game.state)
        board.show_path(())
        board.show_intended_moves(game.dice if phase == "plan" else None)
        board.set_caption(_("{stage} · the board as it stands", stage=stage(game)))

    def _hide_replay(self) -> None:
        if self._replay_box.children:
            for child in self._replay_box.children:
                child.close()
            self._replay_box.children = []
        self._replay_for = None

    def _publish(self, **extra: str) -> None:
        session = self._session
        public = session.public if session is not None else {}
        attrs = {
            "data-room": public.get("room", ""),
            "data-phase": public.get("phase", ""),
            "data-round": str(public.get("round", "")),
            "data-seq": str(public.get("seq", "")),
            "data-submitted": " ".join(public.get("submitted", ())),
            "data-waiting": " ".join(public.get("waiting_for", ())),
            "data-resolved": ""
            if session is None or session.room is None
            else str(session.last_resolved or ""),
            "data-error": self._error_text,
            "data-offline": "true" if self.offline else "",
            "data-actions": str(self._actions),
            **extra,
        }
        self._draw_offline()
        self._data.value = tag("div", class_="asteroyds-room-values", **attrs)


__all__ = [
    "CSS",
    "RoomViewBase",
    "button",
    "clock_text",
    "html_part",
    "room_from_query",
    "stage",
    "turn_word",
]
