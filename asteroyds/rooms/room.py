"""A room handle: actions that append to the log, checked against the replayed view first.

Every action follows the same optimistic loop (:meth:`Room._append`): read
the entries this handle has not seen, check the action against the view
(bad input raises and appends nothing), then append at the next number. If
someone else took that number meanwhile, the store says so, the handle
reads the newcomer and checks again: no input is lost, and an action that
became wrong (a program for a round that has just resolved) is refused.

After each action the handle *settles* the room: it appends whatever is
due (:meth:`RoomView.due`): the round's ``resolve`` once every seat has
submitted or the stopwatch ran out, an ``answer`` "no" once a question's
deadline passed. Several handles may try at once; one wins, the others see
it and find nothing more to do, so a round resolves exactly once.

>>> import tempfile, os
>>> from asteroyds.rooms.store import SQLiteStore
>>> from asteroyds.rooms.seating import room_game
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> room, teacher = Room.create(store, room_game("racing", ["blue", "red"], seed=1))
>>> blue = room.join("blue")
>>> room.roll(teacher, dice=(3, 5, 2))
>>> room.submit("blue", "F F F . . . S", blue)
>>> room.view.waiting_for()
('red',)
>>> room.submit("red", "F . . . . . S", teacher)  # the teacher may play any seat
>>> room.view.phase, room.view.game.pending.player  # the round resolved; a question mid-flight
('decide', 'blue')
>>> room.answer("blue", False, blue)
>>> room.view.game.round, [r.reason for r in room.view.resolutions]
(2, ['all_submitted'])
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import DecisionError, RuleError
from ..game import Game
from ..i18n import _
from ..modes import mode_of
from .codes import RoomError, check_token, hash_token, new_code, new_token, normalize_code
from .log import Entry, RoomView, Seat
from .store import Store

Clock = Callable[[], float]
DEFAULT_DECISION_SECONDS = 30
MAX_ATTEMPTS = 200  # appends lost to other writers before giving up (each loss means progress elsewhere)
CREATE_ATTEMPTS = 20


class Room:
    """One room in one store, as seen by one participant (a page, a command, a test)."""

    def __init__(self, store: Store, code: str, clock: Clock = time.time) -> None:
        self.store = store
        self.code = normalize_code(code)
        self.clock = clock
        self.view = RoomView(self.code)

    # --- creating and opening ---------------------------------------------------------
    @classmethod
    def create(
        cls,
        store: Store,
        game: Game,
        seats: Sequence[str] | None = None,
        planning_seconds: int | None = -1,
        decision_seconds: int = DEFAULT_DECISION_SECONDS,
        clock: Clock = time.time,
        bots: Sequence[str] = (),
    ) -> tuple[Room, str]:
        """A new room for ``game`` (no inputs yet); returns it and the teacher's token.

        ``planning_seconds``: -1 takes the game's stopwatch (its rules), None
        or 0 plays without a stopwatch. ``bots``: seats the room's bot plays
        (see :func:`~asteroyds.rooms.seating.bot_program`).
        """
        if game.inputs:
            raise RoomError(_("a room starts from a new game (no inputs yet)"))
        seats = list(game.players if seats is None else seats)
        if sorted(seats) != sorted(game.players):
            raise RoomError(
                _("the seats must be the game's players: {choices}", choices=", ".join(game.players))
            )
        if planning_seconds == -1:
            planning_seconds = game.rules.planning_time(game.state.mode)
        if decision_seconds <= 0:
            raise RoomError(
                _(
                    "decision seconds must be more than 0, got {decision_seconds}",
                    decision_seconds=decision_seconds,
                )
            )
        unknown = [b for b in bots if b not in seats]
        if unknown:
            raise RoomError(
                _("bot seat {seat!r} is not a seat ({choices})", seat=unknown[0], choices=", ".join(seats))
            )
        token = new_token()
        data = {
            "game": game.to_dict(),
            "seats": seats,
            "teacher": hash_token(token),
            "planning_seconds": planning_seconds or None,
            "decision_seconds": decision_seconds,
            "bots": [s for s in seats if s in bots],
        }
        for _attempt in range(CREATE_ATTEMPTS):  # a code collision is ~1e-12 per room; retry anyway
            room = cls(store, new_code(), clock)
            if store.append(room.code, Entry(1, "create", clock(), data)):
                room.refresh()
                return room, token
        raise RoomError(_("could not find a free room code"))  # pragma: no cover

    @classmethod
    def open(cls, store: Store, code: str, clock: Clock = time.time) -> Room:
        """An existing room; an unknown code is refused (with no hint of which codes exist)."""
        room = cls(store, code, clock)
        room.refresh()
        if not room.view.created:
            raise RoomError(_("no room {code} here (check the code and the store)", code=room.code))
        return room

    # --- reading ----------------------------------------------------------------------
    def refresh(self) -> bool:
        """Apply the entries appended since the last look; True if there were any."""
        entries = self.store.read(self.code, after=self.view.seq)
        try:
            for entry in entries:
                self.view.apply(entry)
        except Exception:
            self.view = RoomView(self.code)  # never keep a half-applied view
            raise
        return bool(entries)

    def wait(self, timeout: float = 0.5) -> bool:
        """Wait up to ``timeout`` seconds for news (a page's poll); True if the view changed."""
        if self.store.wait(self.code, self.view.seq, timeout):
            return self.refresh()
        return False

    def show(self, settle: bool = True) -> dict[str, Any]:
        """The public view (see :meth:`RoomView.to_public`), after appending what is due."""
        self.settle() if settle else self.refresh()
        return self.view.to_public()

    def program_of(self, seat: str, token: str) -> str | None:
        """The program a seat submitted this round: only for that seat (or the teacher)."""
        self.refresh()
        self._authorize(seat, token)
        return self.view.held.get(seat)

    # --- actions ----------------------------------------------------------------------
    def join(self, seat: str, name: str | None = None) -> str:
        """Take a free seat; returns the seat's token (the only way to play it afterwards)."""
        token = new_token()

        def check(view: RoomView, now: float) -> dict[str, Any]:
            if self.seat(seat).taken:
                raise RoomError(_("seat {seat!r} is taken in room {code}", seat=seat, code=self.code))
            return {"seat": seat, "token": hash_token(token), "name": name}

        self._append("join", check)
        return token

    def rename(self, seat: str, name: str | None, token: str) -> None:
        """The seat's occupant (or the teacher) names it: a name that arrived after the seat's tap."""

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._authorize(seat, token)
            if not self.seat(seat).taken:
                raise RoomError(
                    _("seat {seat!r} of room {code} is free: nobody to name", seat=seat, code=self.code)
                )
            return {"seat": seat, "name": name}

        self._append("name", check)

    def leave(self, seat: str, token: str) -> None:
        """Free a seat (its occupant or the teacher): the old token stops working."""

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._authorize(seat, token)
            return {"seat": seat}

        self._append("leave", check)

    def add_bots(self, token: str, seats: Sequence[str] | None = None) -> tuple[str, ...]:
        """The teacher gives free seats (default: every free seat) to the bot; returns them.

        A bot plans with the mode's greedy bot as soon as the dice are rolled
        and answers "no" to its questions. :meth:`leave` frees a bot seat again.
        """
        given: list[str] = []

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._teacher(token)
            wanted = [s.player for s in view.seats.values() if not s.taken] if seats is None else list(seats)
            for seat in wanted:
                if self.seat(seat).taken:
                    raise RoomError(_("seat {seat!r} is taken in room {code}", seat=seat, code=self.code))
            given[:] = wanted
            return {"seats": wanted}

        if seats is not None and not seats:
            return ()
        self._append("bots", check)
        self.settle()
        return tuple(given)

    def roll(self, token: str, dice: Sequence[int] | None = None) -> None:
        """The teacher starts a round: dice (given, or the game's seeded ones) and the stopwatch."""

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._teacher(token)
            if view.phase != "roll":
                raise RuleError(
                    _("room {code} is in the {phase!r} phase, not 'roll'", code=self.code, phase=view.phase)
                )
            given = None if dice is None else [int(d) for d in dice]
            if given is not None and (len(given) != 3 or not all(1 <= d <= 6 for d in given)):
                raise RuleError(
                    _("dice are three values 1-6 (red white blue), got {given!r}", given=list(dice or ()))
                )
            seconds = view.planning_seconds
            return {"dice": given, "deadline": None if seconds is None else now + seconds}

        self._append("roll", check)
        self.settle()

    def submit(self, seat: str, program: str, token: str, round: int | None = None) -> None:
        """A seat's program for this round (replaces an earlier one); secret until the round resolves.

        ``round`` guards against a late click: a program meant for round 3
        never lands in round 4.
        """

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._authorize(seat, token)
            return {"seat": seat, "text": self._checked_program(seat, program, round)}

        self._append("program", check)
        self.settle()

    def check_program(self, seat: str, program: str, round: int | None = None) -> str:
        """The program in its canonical form if :meth:`submit` would take it now (tokens aside)."""
        self.refresh()
        return self._checked_program(seat, program, round)

    def _checked_program(self, seat: str, program: str, round: int | None) -> str:
        self.seat(seat)
        view = self.view
        game = view.game
        assert game is not None
        if round is not None and round != game.round:
            raise RuleError(
                _(
                    "round {round} is over in room {code} (now round {round2})",
                    round=round,
                    code=self.code,
                    round2=game.round,
                )
            )
        if view.phase != "plan":
            where = f"round {game.round} is resolved" if view.phase != "over" else "the game is over"
            raise RuleError(
                _(
                    "{seat}: too late to submit, {where} (phase {phase!r})",
                    seat=seat,
                    where=where,
                    phase=view.phase,
                )
            )
        if seat not in game.waiting_for():
            raise RuleError(_("{seat}: this craft is destroyed and cannot fly", seat=seat))
        checked = mode_of(game.state).turn.programs_for(game.state, {seat: program})
        return str(checked[seat])

    def answer(self, seat: str, yes: bool, token: str) -> None:
        """Answer the question pending for this seat (destroy that asteroid? Lawrence's shield?)."""

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._authorize(seat, token)
            pending = view.game.pending if view.game else None
            if pending is None or pending.player != seat:
                raise DecisionError(_("{seat}: no question is waiting for this seat's answer", seat=seat))
            reason = "player" if check_token(self.seat(seat).token, token) else "teacher"
            return {"seat": seat, "yes": bool(yes), "reason": reason}

        self._append("answer", check)
        self.settle()

    def resolve_now(self, token: str) -> None:
        """The teacher stops the stopwatch: the round resolves with the programs submitted so far."""

        def check(view: RoomView, now: float) -> dict[str, Any]:
            self._teacher(token)
            if view.phase != "plan":
                raise RuleError(
                    _("room {code} is in the {phase!r} phase, not 'plan'", code=self.code, phase=view.phase)
                )
            return {"reason": "teacher"}

        self._append("resolve", check)
        self.settle()

    def settle(self) -> int:
        """Append every entry that is due now (resolution, timed-out answers); returns how many."""
        appended = 0
        while True:
            self.refresh()
            due = self.view.due(self.clock())
            if due is None:
                return appended
            kind, data = due
            entry = Entry(self.view.seq + 1, kind, self.clock(), data)
            if self.store.append(self.code, entry):
                appended += 1  # else someone settled first: look again

    # --- helpers ----------------------------------------------------------------------
    def _append(self, kind: str, check: Callable[[RoomView, float], dict[str, Any]]) -> Entry:
        for _attempt in range(MAX_ATTEMPTS):
            self.refresh()
            if not self.view.created:
                raise RoomError(_("no room {code} here (check the code and the store)", code=self.code))
            now = self.clock()
            entry = Entry(self.view.seq + 1, kind, now, check(self.view, now))
            if self.store.append(self.code, entry):
                self.refresh()
                return entry
        raise RoomError(_("room {code} is too busy right now; try again", code=self.code))

    def seat(self, seat: str) -> Seat:
        """A seat of this room (as of the last look); raises for a seat the room does not have."""
        try:
            return self.view.seats[seat]
        except KeyError:
            seats = ", ".join(self.view.seats)
            raise RoomError(
                _("no seat {seat!r} in room {code} (seats: {seats})", seat=seat, code=self.code, seats=seats)
            ) from None

    def _teacher(self, token: str | None) -> None:
        if not check_token(self.view.teacher, token):
            raise RoomError(_("room {code}: this needs the teacher's token", code=self.code))

    def _authorize(self, seat: str, token: str | None) -> None:
        """The seat's own token, or the teacher's, may act for a seat."""
        if not check_token(self.seat(seat).token, token) and not check_token(self.view.teacher, token):
            raise RoomError(
                _(
                    "seat {seat!r} of room {code} is played from another page (wrong token)",
                    seat=seat,
                    code=self.code,
                )
            )
