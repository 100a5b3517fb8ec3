"""A student's page (or a spectator's): join with the code, take a seat, plan in secret, submit, watch.

A thin view over :class:`~asteroyds.ui.rooms.pages.StudentPage`. CSS
classes for browser tests: ``asteroyds-room-student`` (root),
``asteroyds-room-code-input`` and ``asteroyds-room-open`` (the join form),
``asteroyds-room-seat-{seat}`` (a free seat's button),
``asteroyds-room-name``, ``asteroyds-room-submit``, ``asteroyds-room-yes`` /
``-no`` (a question), the chart's (``asteroyds-status-chart``...),
``asteroyds-room-data`` (hidden: ``data-room``, ``data-phase``,
``data-round``, ``data-seat``, ``data-submitted``, ``data-resolved``,
``data-mine``: my submitted program, ``data-offline``: the store is away,
``data-actions``: how many of its actions the page has handled),
``asteroyds-room-offline`` (the sentence shown meanwhile) and the round player's.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from ...event_text import player_text
from ...i18n import _
from ...modes import mode_of
from ...rooms import RoomError, open_store
from ..board.view import BoardView
from ..chart import chart_widget
from . import browser
from .common import CSS, RoomViewBase, button, clock_text, html_part, room_from_query, stage, turn_word
from .pages import StudentPage


class StudentRoom(RoomViewBase):
    """One student's screen: their own chart and ghost path; nobody else's plan."""

    KIND = "seat"

    def __init__(self, store_url: str | None = None, *, query: str | None = None) -> None:
        super().__init__()
        self._store_url = store_url
        self._page: StudentPage | None = None
        self._chart_widget: Any = None  # the chart widget of the seat's mode
        self._chart_for: object = None
        self._waiting_for_browser = False
        self._build()
        code = room_from_query(query)
        if code is not None:
            self._code_input.value = code
            self._run(lambda: self._open_or_retry(code))
        self._safely(self._refresh)
        self.add_class("asteroyds-room-student")

    @property
    def page(self) -> StudentPage | None:
        return self._page

    @property
    def chart(self) -> Any:
        return self._chart_widget

    # --- actions ------------------------------------------------------------------------------------
    def open_room(self, code: str) -> None:
        self._run(lambda: self._open_or_retry(code))

    def take_seat(self, seat: str) -> None:
        self._run(lambda: self._join(seat))

    def submit(self) -> None:
        self._run(lambda: self._controller().submit())

    def answer(self, yes: bool) -> None:
        self._run(lambda: self._controller().answer(yes))

    def _controller(self) -> StudentPage:
        if self._page is None:
            self._page = StudentPage(open_store(self._store_url))
            self._watch(self._page.session)
        return self._page

    def _open(self, code: str) -> None:
        page = self._controller()
        page.open(code)
        self._chart_widget, self._chart_for = None, None
        self._script.value = browser.address_html(page.code)
        self._waiting_for_browser = True
        self._recall(page.code)
        self._start_polling()

    def _key_arrived(self, value: str) -> None:
        page = self._page
        self._waiting_for_browser = False
        if page is None or page.session.room is None or not value or value == browser.NOTHING:
            self._refresh()
            return
        try:
            page.restore(value)
        except RoomError:
            self._script.value = browser.forget_html(self.KIND, page.code)
            raise

    def _join(self, seat: str) -> None:
        page = self._controller()
        token = page.join(seat, self._name.value)
        self._script.value = browser.remember_html(self.KIND, page.code, token)

    def _name_arrived(self) -> None:
        """The name box's value came after the seat's tap (a phone's order): it names the seat."""
        page = self._page
        if page is not None and page.seat is not None and page.session.room is not None:
            page.rename(self._name.value)

    # --- building ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self._title = html_part("asteroyds-room-title", html.escape(_("CLASS ROOM")))
        self._status = html_part("asteroyds-room-status")
        self._code_input = widgets.Text(
            description=_("Room code"),
            placeholder=_("e.g. {code}", code="K7QX-M2PA"),
            layout=widgets.Layout(width="320px", max_width="100%"),
        )
        self._code_input.add_class("asteroyds-room-code-input")
        open_button = button(_("Open the room"), "asteroyds-room-open", primary=True)
        open_button.on_click(lambda _b: self.open_room(self._code_input.value))
        self._form = widgets.VBox(
            [
                html_part("asteroyds-note", html.escape(_("Type the code on the projector."))),
                widgets.HBox(
                    [self._code_input, open_button],
                    layout=widgets.Layout(grid_gap="8px", flex_flow="row wrap"),
                ),
            ]
        )
        self._form.add_class("asteroyds-card")
        self._name = widgets.Text(
            description=_("Your name"), layout=widgets.Layout(width="320px", max_width="100%")
        )
        self._name.add_class("asteroyds-room-name")
        self._name.observe(lambda _ch: self._safely(self._name_arrived), names="value")
        self._seat_buttons = widgets.HBox(layout=widgets.Layout(grid_gap="8px", flex_flow="row wrap"))
        self._picker = widgets.VBox(
            [
                html_part(
                    "asteroyds-note",
                    html.escape(_("Pick a free seat to play, or just watch: this page is a spectator's.")),
                ),
                self._name,
                self._seat_buttons,
            ],
            layout=widgets.Layout(grid_gap="6px"),
        )
        self._picker.add_class("asteroyds-card")
        self._question = html_part("asteroyds-room-question")
        yes = button(_("Yes"), "asteroyds-room-yes", primary=True, width="auto")
        no = button(_("No"), "asteroyds-room-no", width="auto")
        yes.on_click(lambda _b: self.answer(True))
        no.on_click(lambda _b: self.answer(False))
        self._question_box = widgets.VBox([self._question, widgets.HBox([yes, no])])
        self._submit = button(_("Submit my program"), "asteroyds-room-submit", primary=True)
        self._submit.on_click(lambda _b: self.submit())
        self._note = html_part("asteroyds-note")
        self._chart_slot = widgets.VBox()
        self._plan_box = widgets.VBox(
            [self._clock_box, self._submit, self._note, self._chart_slot],
            layout=widgets.Layout(grid_gap="6px"),
        )
        self._board_slot = widgets.VBox()
        self._board_slot.add_class("asteroyds-room-board-slot")
        self._plan_box.add_class("asteroyds-room-plan")
        # the chart and the board: side by side when the screen is wide enough (a landscape phone, a
        # laptop), one under the other on a portrait phone (rooms.css)
        play = widgets.HBox([self._plan_box, self._board_slot])
        play.add_class("asteroyds-room-play")
        self._banner = html_part("asteroyds-gameover")
        self._room_box = widgets.VBox(
            [
                self._banner,
                self._picker,
                self._question_box,
                play,
                self._replay_box,
            ],
            layout=widgets.Layout(grid_gap="8px"),
        )
        self.children = [
            widgets.HTML(CSS),
            self._title,
            self._status,
            self._error,
            self._offline,
            self._form,
            self._room_box,
            self._script,
            self._key,
            self._data,
        ]
        self.layout.grid_gap = "8px"

    # --- drawing ---------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        page = self._page
        room = None if page is None else page.session.room
        if page is None or room is None:
            self._form.layout.display = ""
            self._room_box.layout.display = "none"
            self._status.value = html.escape(_("Join a class room with the code your teacher shows."))
            self._publish(**{"data-seat": "", "data-mine": ""})
            return
        session = page.session
        public, game = session.public, room.view.game
        assert game is not None
        self._form.layout.display = "none"
        self._room_box.layout.display = ""
        seat = page.seat
        phase = public["phase"]
        if seat is None:
            who = _("You are watching room {code} (spectator).", code=room.code)
        else:
            who = _("You play {seat} in room {code}.", seat=player_text(seat), code=room.code)
        texts = {
            "roll": _("{stage}: waiting for the teacher to start it.", stage=stage(game)),
            "plan": _("{stage}: the class is planning.", stage=stage(game)),
            "decide": _("{stage}: a question for {player}.", stage=stage(game),
                        player=player_text((public["pending"] or {}).get("player", ""))),
            "over": _("Game over."),
        }  # fmt: skip
        self._status.value = html.escape(who + " " + self._stage_text(page, phase, texts))
        # the seat picker (a spectator's page; hidden while the browser looks for a kept seat)
        free = page.free_seats() if seat is None else ()
        self._picker.layout.display = (
            "" if seat is None and free and not self._waiting_for_browser else "none"
        )
        if seat is None and tuple(getattr(b, "_seat", None) for b in self._seat_buttons.children) != free:
            buttons = []
            for name in free:
                b = button(page.seat_label(name), f"asteroyds-room-seat-{name}")
                b._seat = name  # type: ignore[attr-defined]
                b.on_click(lambda _b, n=name: self.take_seat(n))
                buttons.append(b)
            self._seat_buttons.children = buttons
        # a question for my seat
        mine = page.my_question
        self._question_box.layout.display = "" if mine else "none"
        if mine:
            left = session.seconds_left()
            tail = "" if left is None else " " + _("({time} left; no answer means no)", time=clock_text(left))
            self._question.value = html.escape(mine["question"] + tail)
        # planning
        board = self._board_for(game.state)
        planning = page.can_plan
        self._plan_box.layout.display = "" if planning else "none"
        if planning:
            self._show_chart(page, seat)
            self._note.value = html.escape(
                _(
                    "Submitted: you may change your chart and submit again until the {word} resolves.",
                    word=turn_word(game),
                )
                if page.submitted
                else _(
                    "Your plan is secret: only you see this chart. "
                    "The board shows the asteroids after the dice."
                )
            )
            self._hide_replay()
            self._draw_planning(page, board)
        elif phase in ("roll", "over") and self._show_replay(board):
            pass  # the round player draws the resolution
        else:
            self._hide_replay()
            self._draw_table(board, game, phase)
        outcome = game.outcome
        self._banner.value = html.escape(_("GAME OVER · {reason}", reason=outcome.reason)) if outcome else ""
        self._banner.layout.display = "" if outcome else "none"
        self._draw_clock()
        self._publish(**{"data-seat": seat or "", "data-mine": page.submitted_program})

    @staticmethod
    def _stage_text(page: StudentPage, phase: str, texts: dict[str, str]) -> str:
        """The headline follows the stage: planning, submitted, the resolution to step through."""
        game = page.session.need_room().view.game
        assert game is not None
        resolved = page.session.last_resolved
        if page.can_plan and page.submitted:
            return _(
                "{stage}: submitted — you can still change it until the {word} resolves.",
                stage=stage(game),
                word=turn_word(game),
            )
        if page.can_plan:
            return _("{stage}: plan your program, then submit it.", stage=stage(game))
        if phase == "roll" and resolved is not None:
            return _(
                "{stage} is resolved: step through it below; the next one starts when the teacher "
                "rolls the dice.",
                stage=stage(game, resolved),
            )
        return texts.get(phase, phase)

    def _board_for(self, state: object) -> BoardView:
        if self._board is None:
            self._board = BoardView(state, size="compact", fluid=True)  # type: ignore[arg-type]
            self._board.show_zoom_buttons()  # a phone shows the whole board at its width: zoom in
            self._board_slot.children = [self._board]
        self._board.follow(self._page.seat if self._page is not None else None)
        return self._board

    def _show_chart(self, page: StudentPage, seat: str | None) -> None:
        chart = page.chart
        if self._chart_for is chart:
            return
        if self._chart_widget is not None:
            self._chart_widget.close()
        game = page.session.need_room().view.game
        assert game is not None
        widget = chart_widget(game.state, chart, seat or "", seat=True)  # the chart its mode plans on
        if mode_of(game.state).turn.asteroid_phase:  # a ghost path follows the chart
            widget.on_change(lambda _p: self._safely(self._redraw_path))
        self._chart_widget, self._chart_for = widget, chart
        self._chart_slot.children = [widget]

    def _redraw_path(self) -> None:
        page = self._page
        if page is not None and self._board is not None and page.can_plan:
            self._draw_planning(page, self._board)

    def _draw_planning(self, page: StudentPage, board: BoardView) -> None:
        state, path = page.forecast()
        game = page.session.need_room().view.game
        assert game is not None
        self._clear_marks(board)
        board.update(state)
        if path is None:
            board.show_intended_moves(game.dice)
            board.show_path(())
            board.set_caption(_("{stage} · dice {dice}", stage=stage(game), dice=str(game.dice)))
            return
        board.show_intended_moves(None)
        board.show_path(path.cells, path.collisions, colour=page.seat)
        board.set_caption(
            _(
                "The asteroids after this round's dice · your ghost path ends at {end}, damage {damage}",
                end=str(path.end),
                damage=path.damage,
            )
        )


__all__ = ["StudentRoom"]
