"""The teacher's projector page: create a room, show the join code and QR code, drive the rounds.

A thin view over :class:`~asteroyds.ui.rooms.pages.TeacherPage`. CSS
classes for browser tests: ``asteroyds-room-teacher`` (root),
``asteroyds-room-create`` (the form's button), ``asteroyds-room-code``
(the big code), ``asteroyds-room-qr``, ``asteroyds-room-seats``,
``asteroyds-room-roll``, ``asteroyds-room-resolve``,
``asteroyds-room-bots``, ``asteroyds-room-data`` (hidden: ``data-room``,
``data-phase``, ``data-round``, ``data-submitted``, ``data-resolved``,
``data-teacher``, ``data-offline``, ``data-actions``), ``asteroyds-room-offline`` (the sentence
shown while the store is away), and the round player's.
"""

from __future__ import annotations

import html
from functools import cached_property
from urllib.parse import urlsplit

import ipywidgets as widgets

from ...event_text import player_text
from ...i18n import N_, _
from ...modes import TurnWord, mode_named, mode_of, modes
from ...rooms import RoomError, open_store
from ..board.view import BoardView
from ..sandbox.scoreboard import CSS as SCOREBOARD_CSS
from ..sandbox.scoreboard import ProgressPlot, Scoreboard
from ..share import links
from ..share.markup import join, tag
from . import address, browser
from .common import CSS, RoomViewBase, button, html_part, room_from_query, stage
from .pages import VARIANTS, RoomChoices, TeacherPage, join_link

# The mode's stopwatch is the beginners' time; 20 s is the experts' in racing and capture (rules.py).
STOPWATCH_CHOICES: tuple[tuple[str, int], ...] = (
    (N_("the mode's stopwatch"), -1),
    (N_("no stopwatch"), 0),
    ("20 s", 20),
    ("30 s", 30),
    ("60 s", 60),
    ("90 s", 90),
    ("120 s", 120),
)


def reachable_join_link(url: str) -> tuple[str, str]:
    """The join link students can open, and (HTML) why it is not this page's own address.

    A page opened as localhost gets the machine's network address instead (see :mod:`.address`).
    """
    if not address.is_local(url):
        return url, ""
    host = urlsplit(url).hostname or "localhost"
    lan = address.network_address()
    if lan is None:
        words = _(
            "You opened this page as {host}: phones cannot reach that. Open it by this computer's "
            "network address (its IP address) so the students' link and QR code work.",
            host=host,
        )
    else:
        url = address.with_host(url, lan)
        words = _(
            "You opened this page as {host}: phones cannot reach that. Students join at {url}",
            host=host,
            url=url,
        )
    lines = [words]
    if address.listens_locally():
        lines.append(
            _("The server listens on this computer only: start it with 'asteroyds app --ip 0.0.0.0'.")
        )
    return url, tag("div", *(tag("div", tag("b", line)) for line in lines), class_="asteroyds-room-localhost")


class TeacherRoom(RoomViewBase):
    """The projector: a big join code, who is in, who has submitted, the board, the resolution."""

    KIND = "teacher"

    def __init__(self, store_url: str | None = None, *, query: str | None = None) -> None:
        super().__init__()
        self._store_url = store_url
        self._page: TeacherPage | None = None
        self._build()
        code = room_from_query(query)
        if code is not None:
            self._run(lambda: self._open_or_retry(code))
        self._safely(self._refresh)
        self.add_class("asteroyds-room-teacher")

    @property
    def page(self) -> TeacherPage | None:
        return self._page

    # --- actions (buttons call these; tests may too) ------------------------------------------
    def create(self) -> None:
        self._run(self._create)

    def _controller(self) -> TeacherPage:
        if self._page is None:
            self._page = TeacherPage(open_store(self._store_url))
            self._watch(self._page.session)
        return self._page

    def _create(self) -> None:
        choices = RoomChoices.from_text(
            self._mode.value,
            self._seats.value,
            self._bots.value,
            seed=int(self._seed.value),
            crafts=int(self._crafts.value),
            planning_seconds=int(self._planning.value),
            variants=tuple(name for name, box in self._variants.items() if box.value),
        )
        page = self._controller()
        code = page.create(choices)
        token = page.session.teacher_token
        assert token is not None
        self._script.value = browser.remember_html(self.KIND, code, token)
        self._start_polling()

    def _open(self, code: str) -> None:
        page = self._controller()
        page.session.open(code)
        self._script.value = browser.address_html(page.code)
        self._recall(page.code)
        self._start_polling()

    def _key_arrived(self, value: str) -> None:
        page = self._page
        if page is None or page.session.room is None or not value or value == browser.NOTHING:
            self._refresh()
            return
        try:
            page.session.claim_teacher(value)
        except RoomError:
            self._script.value = browser.forget_html(self.KIND, page.code)
            raise

    def _use_key(self) -> None:
        page = self._controller()
        page.session.claim_teacher(self._key_input.value.strip())
        self._key_input.value = ""
        token = page.session.teacher_token
        assert token is not None
        self._script.value = browser.remember_html(self.KIND, page.code, token)

    # --- building ---------------------------------------------------------------------------------
    def _build(self) -> None:
        self._title = html_part("asteroyds-room-title", html.escape(_("CLASS ROOM")))
        self._status = html_part("asteroyds-room-status")
        # the creation form
        mode_names = [(_(mode.title), name) for name, mode in modes().items()]
        self._mode = widgets.Dropdown(options=mode_names, value="racing", description=_("Mode"))
        self._seats = widgets.Text(value="blue,red,green", description=_("Seats"))
        self._bots = widgets.Text(value="", description=_("Bots"), placeholder=_("seats the bot plays"))
        self._seed = widgets.IntText(value=0, description=_("Seed"), layout=widgets.Layout(width="200px"))
        self._crafts = widgets.BoundedIntText(
            value=1, min=1, max=3, description=_("Crafts/team"), layout=widgets.Layout(width="200px")
        )
        self._planning = widgets.Dropdown(
            options=[(_(label), seconds) for label, seconds in STOPWATCH_CHOICES],
            value=-1,
            description=_("Stopwatch"),
        )
        for part, css in (
            (self._mode, "mode"),
            (self._seats, "seats-input"),
            (self._bots, "bots-input"),
            (self._seed, "seed"),
            (self._crafts, "crafts"),
            (self._planning, "planning"),
        ):
            part.add_class(f"asteroyds-room-{css}")  # fmt: skip
        self._variants = {
            name: widgets.Checkbox(description=_(words), indent=False, layout=widgets.Layout(width="auto"))
            for name, words in VARIANTS.items()
        }
        for name, box in self._variants.items():
            box.add_class(f"asteroyds-room-variant-{name}")
        create = button(_("Create the room"), "asteroyds-room-create", primary=True)
        create.on_click(lambda _b: self.create())
        note = html_part(
            "asteroyds-note",
            html.escape(
                _(
                    "Seats are the players (capture: the teams red, white, blue, each with Crafts/team "
                    "crafts). Bots play the seats you list; the others wait for students. The seed "
                    "chooses the layout and the dice."
                )
            ),
        )
        self._form = widgets.VBox(
            [
                html_part("asteroyds-note", html.escape(_("NEW ROOM"))),
                widgets.HBox([self._mode, self._planning], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self._seats, self._bots], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox([self._seed, self._crafts], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox(list(self._variants.values()), layout=widgets.Layout(flex_flow="row wrap")),
                create,
                note,
            ],
            layout=widgets.Layout(grid_gap="6px"),
        )
        self._form.add_class("asteroyds-card")
        # the teacher's key, for a room opened without it (another browser, a room made on the command line)
        self._key_input = widgets.Password(
            description=_("Teacher's key"), layout=widgets.Layout(width="420px")
        )
        use = button(_("Use the key"), "asteroyds-room-use-key")
        use.on_click(lambda _b: self._run(self._use_key))
        self._key_card = widgets.VBox(
            [
                html_part(
                    "asteroyds-note",
                    html.escape(
                        _(
                            "This page shows the room without the teacher's controls. Open it in the browser "
                            "that created the room, or give the teacher's key (printed by "
                            "'asteroyds room create')."
                        )
                    ),
                ),
                widgets.HBox([self._key_input, use]),
            ]
        )
        self._key_card.add_class("asteroyds-card")
        # the join card
        self._code = html_part("asteroyds-room-code")
        self._link = html_part("asteroyds-note")
        self._qr = html_part("asteroyds-room-qr")
        self._join_card = widgets.HBox(
            [widgets.VBox([html_part("asteroyds-note", html.escape(_("JOIN WITH THE CODE"))), self._code,
                           self._link]), self._qr],
            layout=widgets.Layout(grid_gap="24px", align_items="center"),
        )  # fmt: skip
        self._join_card.add_class("asteroyds-card")
        self._seat_table = html_part("asteroyds-room-seats")
        # the teacher's controls
        self._roll = button(_("Start the round"), "asteroyds-room-roll", primary=True)
        self._roll.on_click(lambda _b: self._run(lambda: self._controller().roll()))
        self._resolve = button(_("Resolve now"), "asteroyds-room-resolve")
        self._resolve.on_click(lambda _b: self._run(lambda: self._controller().resolve_now()))
        self._add_bots = button(_("Bots take the empty seats"), "asteroyds-room-bots")
        self._add_bots.on_click(lambda _b: self._run(lambda: self._controller().add_bots()))
        self._free = widgets.Dropdown(description=_("Free seat"), layout=widgets.Layout(width="220px"))
        free = button(_("Free"), "asteroyds-room-free")
        free.on_click(lambda _b: self._run(lambda: self._free_seat()))
        self._controls = widgets.HBox(
            [self._roll, self._resolve, self._add_bots, self._free, free],
            layout=widgets.Layout(grid_gap="8px", flex_flow="row wrap", align_items="center"),
        )
        self._banner = html_part("asteroyds-gameover")
        self._end_box = widgets.VBox()
        self._board_slot = widgets.VBox()
        # the controls and the round player first (beside the board's top), the join card after them
        side = widgets.VBox(
            [
                self._clock_box,
                self._controls,
                self._replay_box,
                self._seat_table,
                self._join_card,
                self._key_card,
            ],
            layout=widgets.Layout(grid_gap="8px"),
        )
        # one projector screen (1920x1080): the board on the left; the join card, the seats, the controls and
        # the round player beside it, as the sandbox's capture view (its step buttons beside the board)
        side.add_class("asteroyds-room-side")
        self._board_slot.add_class("asteroyds-room-board-slot")
        stage = widgets.HBox([self._board_slot, side])
        stage.add_class("asteroyds-room-stage")
        self._room_box = widgets.VBox(
            [self._banner, stage, self._end_box],
            layout=widgets.Layout(grid_gap="10px"),
        )
        self.children = [
            widgets.HTML(CSS + SCOREBOARD_CSS),
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

    @cached_property
    def _scoreboard(self) -> Scoreboard:
        return Scoreboard()

    @cached_property
    def _plot(self) -> ProgressPlot:
        return ProgressPlot()

    def _free_seat(self) -> None:
        if self._free.value:
            self._controller().free_seat(str(self._free.value))

    # --- drawing ----------------------------------------------------------------------------------------
    def _refresh(self) -> None:
        page = self._page
        room = None if page is None else page.session.room
        if page is None or room is None:
            self._form.layout.display = ""
            self._room_box.layout.display = "none"
            self._status.value = html.escape(_("Create a room; the students join with its code."))
            self._publish(**{"data-teacher": "false"})
            return
        session = page.session
        public, view, game = session.public, room.view, room.view.game
        assert game is not None
        self._form.layout.display = "none"
        self._room_box.layout.display = ""
        teacher = session.is_teacher
        self._key_card.layout.display = "none" if teacher else ""
        self._controls.layout.display = "" if teacher else "none"
        code = room.code
        self._code.value = html.escape(f"{code[:4]}-{code[4:]}")
        url, warning = reachable_join_link(join_link(code, links.page_url()))
        self._link.value = warning + html.escape(_("or open {url}", url=url))
        self._qr.value = browser.qr_svg(url) if "://" in url else ""
        phase = public["phase"]
        start = (
            _("Start turn {n}", n=game.round)
            if mode_of(game.state).turn.word is TurnWord.TURN
            else _("Start round {n}", n=game.round)
        )
        word = _(mode_named(game.state.mode).title)
        texts = {
            "roll": _("{stage}: press {button} when the class is ready.", stage=stage(game),
                      button=start),
            "plan": _("{stage}: the class is planning.", stage=stage(game)),
            "decide": _("{stage}: {player} must answer a question.", stage=stage(game),
                        player=player_text((public["pending"] or {}).get("player", ""))),
            "over": _("Game over."),
        }  # fmt: skip
        self._status.value = f"{html.escape(word)} · " + html.escape(texts.get(phase, phase))
        self._seat_table.value = self._seats_html(public)
        self._roll.disabled = phase != "roll"
        self._roll.description = start
        self._resolve.disabled = phase != "plan"
        taken = [s["seat"] for s in public["seats"] if s["taken"]]
        self._add_bots.disabled = len(taken) == len(public["seats"])
        labelled = [(player_text(seat), seat) for seat in taken]  # the seat in words, its id the value
        if list(self._free.options) != labelled:
            self._free.options = labelled
        board = self._board_for(game.state)
        if phase in ("roll", "over") and self._show_replay(board):
            pass  # the round player draws the resolution on the board
        else:
            self._hide_replay()
            self._draw_table(board, game, phase)
        outcome = game.outcome
        self._banner.value = html.escape(_("GAME OVER · {reason}", reason=outcome.reason)) if outcome else ""
        self._banner.layout.display = "" if outcome else "none"
        if outcome is not None:
            kinds = {s.player: ("greedy" if s.bot else "human") for s in view.seats.values()}
            self._scoreboard.update(game.state, kinds, game.initial, title=game.state.mode)
            self._plot.update(game.history)
            self._end_box.children = [self._scoreboard, self._plot]
        self._draw_clock()
        self._publish(**{"data-teacher": "true" if teacher else "false"})

    def _board_for(self, state: object) -> BoardView:
        if self._board is None:
            self._board = BoardView(state, size="large")  # type: ignore[arg-type]
            self._board_slot.children = [self._board]
        return self._board

    @staticmethod
    def _seats_html(public: dict) -> str:
        submitted = set(public["submitted"])
        waiting = set(public["waiting_for"])
        rows = []
        for seat in public["seats"]:
            who = seat["seat"]
            if seat["bot"]:
                state = _("bot")
            elif seat["taken"]:
                state = seat["name"] or _("taken")
            else:
                state = _("free")
            mark = _("✓ submitted") if who in submitted else (_("… planning") if who in waiting else "")
            rows.append(tag("tr", tag("td", tag("b", player_text(who))), tag("td", state), tag("td", mark)))
        table = tag("table", *rows, class_="asteroyds-room-seat-table")
        return join(tag("div", _("SEATS"), class_="asteroyds-note"), table)


__all__ = ["TeacherRoom"]
