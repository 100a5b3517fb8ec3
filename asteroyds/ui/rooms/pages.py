"""The two room pages in plain Python: the teacher's projector and a student's (or spectator's) page.

:class:`TeacherPage` creates a room from a few choices (mode, seats, bots,
seed, stopwatch), or takes back a room with the teacher's token; its
actions (roll, resolve now, bots for the empty seats, free a seat) go to
the room with that token, so a page without it cannot run them.

:class:`StudentPage` opens a room by its code: a *spectator* until it
takes a free seat (or gets its seat back with the token this browser kept);
then it plans on its own chart (the engine's chart controller), sees its
ghost path on the coach's forecast board, submits, and answers a question
asked of its seat before the deadline.

Both read the room through a :class:`~asteroyds.ui.rooms.session.RoomSession`
(polling, settling, the replay of the last round). The views
(:mod:`~asteroyds.ui.rooms.views`) only draw these and call them.

>>> import os, tempfile
>>> from asteroyds.rooms import SQLiteStore
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> teacher = TeacherPage(store)
>>> code = teacher.create(RoomChoices(mode="racing", seats=("blue", "red"), bots=("red",), seed=2))
>>> student = StudentPage(store)
>>> _ = student.open(code)
>>> student.free_seats()
('blue',)
>>> token = student.join("blue")
>>> teacher.roll(dice=(3, 5, 2))
>>> _ = student.poll()
>>> student.can_plan
True
>>> student.submit("F F . . . . S")
>>> teacher.session.poll(), teacher.session.public["round"]
(True, 2)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...asteroids import resolve_asteroids
from ...damage import never
from ...errors import RuleError
from ...event_text import player_text, team_text
from ...i18n import N_, _
from ...modes import mode_named, mode_of, modes
from ...preview import PathPreview, planned_path
from ...program import as_program
from ...rooms import RoomError, Store, room_game
from ...rooms.seating import parse_seats
from ...rules import VARIANT_NAMES
from ...state import State
from ..chart import new_chart
from ..sandbox.setup import SandboxSetup, Seat
from .session import Clock, RoomSession

JOIN_NOTEBOOK = "join.ipynb"
TEACHER_NOTEBOOK = "class_room.ipynb"
MAX_NAME_CHARS = 40
# The sandbox's variants a room may play (racing, shooting, targets, drones): name → the form's words.
VARIANTS: dict[str, str] = {
    "pilots": N_("pilots (advanced rules)"),
    **{
        name: VARIANT_NAMES[name] for name in ("random_dice_order", "return_to_platform", "one_shot_per_turn")
    },
}


@dataclass(frozen=True)
class RoomChoices:
    """What the teacher chooses on the creation form (checked by :meth:`build`)."""

    mode: str = "racing"
    seats: tuple[str, ...] = ("blue", "red")
    bots: tuple[str, ...] = ()
    seed: int = 0
    crafts: int = 1
    planning_seconds: int | None = -1  # -1: the mode's stopwatch; 0 or None: no stopwatch
    decision_seconds: int | None = None
    variants: tuple[str, ...] = ()  # names of VARIANTS

    @classmethod
    def from_text(cls, mode: str, seats: str, bots: str = "", **options: Any) -> RoomChoices:
        """The form's text boxes: ``seats="blue,red"``, ``bots="red"`` (blank: none)."""
        return cls(
            mode=mode,
            seats=tuple(parse_seats(seats)),
            bots=tuple(parse_seats(bots)) if bots.strip() else (),
            **options,
        )

    def build(self) -> Any:
        """The room's new game (raises a clear error for a bad mode or seats)."""
        if self.mode not in modes():
            raise RoomError(
                _("unknown mode {mode!r}: choose one of {modes}", mode=self.mode, modes=", ".join(modes()))
            )
        unknown = [v for v in self.variants if v not in VARIANTS]
        if unknown:
            raise RoomError(_("unknown variant {name!r}", name=unknown[0]))
        if not self.variants:
            return room_game(self.mode, self.seats, seed=self.seed, crafts=self.crafts)
        if not mode_named(self.mode).variants:  # the mode plays its own rules (capture)
            raise RoomError(_("{mode} plays its own rules: untick the variants", mode=self.mode))
        # the sandbox's setup builds a game with these variants (the same layout and dice for a seed)
        seats = tuple(Seat(seat, "human") for seat in self.seats)
        return SandboxSetup(
            mode=self.mode, seats=seats, seed=self.seed, **dict.fromkeys(self.variants, True)
        ).build()


def join_link(code: str, page_url: str = "") -> str:
    """The student's link for a room: the join page next to ``page_url`` (no token in it, ever).

    >>> join_link("K7QXM2PA", "http://school:8866/voila/render/class_room.ipynb")
    'http://school:8866/voila/render/join.ipynb?room=K7QXM2PA'
    >>> join_link("K7QXM2PA")
    'join.ipynb?room=K7QXM2PA'
    """
    folder = page_url.rsplit("/", 1)[0] + "/" if "/" in page_url else ""
    return f"{folder}{JOIN_NOTEBOOK}?room={code}"


class TeacherPage:
    """The projector's page: create a room, show who is in and who has submitted, drive the rounds."""

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        self.session = RoomSession(store, clock)

    @property
    def code(self) -> str:
        return self.session.code

    def create(self, choices: RoomChoices) -> str:
        """A new room from the form's choices; this page holds the teacher's token. Returns the code."""
        game = choices.build()
        return self.session.create(
            game,
            bots=choices.bots,
            planning_seconds=choices.planning_seconds,
            decision_seconds=choices.decision_seconds,
        )

    def reopen(self, code: str, token: str) -> None:
        """The teacher's page reloaded: open the room and take the teacher's place back with the token."""
        self.session.open(code)
        self.session.claim_teacher(token)

    @property
    def token(self) -> str:
        """The teacher's token (raises if this page does not hold it: the controls are the teacher's)."""
        token = self.session.teacher_token
        if not self.session.is_teacher or token is None:
            raise RoomError(_("only the teacher's page (with the teacher's key) can do this"))
        return token

    def roll(self, dice: Sequence[int] | None = None) -> None:
        """Start the next round: the dice (seeded, or these) and the stopwatch."""
        self.session.need_room().roll(self.token, dice=dice)
        self.session.poll() or self.session.changed()

    def resolve_now(self) -> None:
        """Stop the stopwatch: the round resolves with the programs submitted so far."""
        self.session.need_room().resolve_now(self.token)
        self.session.changed()

    def add_bots(self) -> tuple[str, ...]:
        """The bot takes every free seat; returns them."""
        seats = self.session.need_room().add_bots(self.token)
        self.session.changed()
        return seats

    def free_seat(self, seat: str) -> None:
        """Free a seat (a student changed device): the old page can no longer play it."""
        self.session.need_room().leave(seat, self.token)
        self.session.changed()

    def poll(self) -> bool:
        return self.session.poll()


def _checked_name(name: str) -> str:
    """A student's name as the room keeps it: trimmed, at most MAX_NAME_CHARS, printable."""
    name = name.strip()[:MAX_NAME_CHARS]
    if name and not name.isprintable():
        raise RoomError(_("a name is printable text"))
    return name


@dataclass
class _Plan:
    """The student's chart for one round (a new one each round, on the craft as it is then)."""

    round: int
    chart: Any  # the chart controller of the seat's mode (asteroyds.ui.chart)
    submitted: str | None = None
    extra: dict[str, Any] = field(default_factory=dict)


class StudentPage:
    """A student's page (a spectator's until it takes a seat): plan, submit, answer, watch."""

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        self.session = RoomSession(store, clock)
        self._plan: _Plan | None = None

    @property
    def code(self) -> str:
        return self.session.code

    @property
    def seat(self) -> str | None:
        return self.session.seat

    @property
    def spectator(self) -> bool:
        return self.session.seat is None

    def open(self, code: str) -> str:
        """Open a room by its code (any case, dashes allowed); the page watches until it joins."""
        self._plan = None
        return self.session.open(code).code

    def free_seats(self) -> tuple[str, ...]:
        room = self.session.need_room()
        return tuple(s.player for s in room.view.seats.values() if not s.taken)

    def seat_label(self, seat: str) -> str:
        """A seat as the picker shows it: capture crafts with their team ("red1 · red team")."""
        game = self.session.need_room().view.game
        assert game is not None
        team = game.state.craft(seat).team
        if not team:
            return player_text(seat)
        return _("{seat} · {team} team", seat=player_text(seat), team=team_text(team))

    def join(self, seat: str, name: str = "") -> str:
        """Take a free seat; returns the token the browser keeps (to come back after a reload)."""
        name = _checked_name(name)
        self._plan = None
        return self.session.join(seat, name or None)

    def rename(self, name: str) -> bool:
        """My seat takes the name typed before its tap, however late it reached the kernel.

        A phone sends the seat's tap at once but may hold the name box's last
        letters until the kernel has answered the previous ones, so the tap can
        arrive first: the name that follows names the seat (one log entry, only
        if it changed). Returns whether it did.
        """
        name = _checked_name(name)
        room = self.session.need_room()
        if self.seat is None or (room.view.seats[self.seat].name or "") == name:
            return False
        self.session.rename(name or None)
        return True

    def restore(self, token: str) -> str:
        """Back in the seat this browser's token took (after a reload); returns the seat."""
        self._plan = None
        return self.session.claim_seat(token)

    def poll(self) -> bool:
        return self.session.poll()

    # --- planning ------------------------------------------------------------------------
    @property
    def can_plan(self) -> bool:
        """My seat is awaited this round (the dice are rolled, my craft flies)."""
        view = self.session.need_room().view
        return self.seat is not None and view.phase == "plan" and self.seat in view.game.waiting_for()

    @property
    def submitted(self) -> bool:
        return self.seat is not None and self.seat in self.session.public.get("submitted", ())

    @property
    def submitted_program(self) -> str:
        """What this page submitted this round ("" if nothing yet): shown only on this page."""
        plan = self._plan
        game = self.session.need_room().view.game
        if plan is None or plan.submitted is None or game is None or plan.round != game.round:
            return ""
        return plan.submitted

    @property
    def chart(self) -> Any:
        """My chart for this round (a fresh one, on my craft, when a new round starts)."""
        if self.seat is None:
            raise RoomError(_("a spectator has no chart: take a free seat to play"))
        game = self.session.need_room().view.game
        assert game is not None
        if self._plan is None or self._plan.round != game.round:
            chart = new_chart(game.state, self.seat)  # the chart the seat's mode plans on
            self._plan = _Plan(game.round, chart)
        return self._plan.chart

    def submit(self, program: Any = None) -> None:
        """Send my program (the chart's, or this one) for this round; it replaces an earlier one."""
        if self.seat is None or self.session.seat_token is None:
            raise RoomError(_("a spectator cannot submit: take a free seat to play"))
        room = self.session.need_room()
        game = room.view.game
        assert game is not None
        chart = self.chart
        if program is not None:
            chart.load(program)  # type: ignore[arg-type]
        room.submit(self.seat, str(chart.program), self.session.seat_token, round=game.round)
        assert self._plan is not None
        self._plan.submitted = str(chart.program)
        self.session.changed()

    @property
    def my_question(self) -> dict[str, Any] | None:
        """The question waiting for my seat's answer (with its deadline), or None."""
        pending = self.session.public.get("pending")
        return pending if pending and self.seat and pending["player"] == self.seat else None

    def answer(self, yes: bool) -> None:
        if self.seat is None or self.session.seat_token is None:
            raise RoomError(_("a spectator cannot answer: take a free seat to play"))
        self.session.need_room().answer(self.seat, bool(yes), self.session.seat_token)
        self.session.changed()

    def forecast(self) -> tuple[State, PathPreview | None]:
        """The coach's planning board (the asteroids after this round's dice) and my ghost path on it.

        The same forecast as the sandbox's coach: my own shield, no questions.
        """
        game = self.session.need_room().view.game
        assert game is not None
        player = self.seat
        planning = game.dice is not None and game.phase == "plan"
        if player is None or not planning or not mode_of(game.state).turn.asteroid_phase:
            return game.state, None  # no asteroid phase to forecast (capture)
        program = as_program(self.chart.program, player)  # type: ignore[arg-type]
        after, _events = resolve_asteroids(
            game.state, game.dice, shields={player: program.shielded}, order=game.order, decide=never
        )
        if after.craft(player).cell is None:
            return after, None
        try:
            return after, planned_path(after, player, program)
        except RuleError:
            return after, None


__all__ = [
    "JOIN_NOTEBOOK",
    "TEACHER_NOTEBOOK",
    "VARIANTS",
    "RoomChoices",
    "StudentPage",
    "TeacherPage",
    "join_link",
]
