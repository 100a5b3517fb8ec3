"""One page's window on a room: open it, poll the store cheaply, replay the last round.

A class room is a log in a store shared by every page (:mod:`asteroyds.rooms`).
Each page's kernel holds a :class:`~asteroyds.rooms.Room` handle; it learns
what the other devices did by *polling*: :meth:`RoomSession.poll` asks the
store for the number of the room's last entry (one indexed query) and reads
the new entries only when there are some, so a page waiting for the class
costs next to nothing. It also *settles* the room when a deadline it knows
of has passed (the stopwatch, a question's time): whichever page notices
first appends the resolution, exactly once (see :mod:`asteroyds.rooms.room`).

The view calls :meth:`RoomSession.poll` every :data:`POLL_SECONDS` from a
:class:`~asteroyds.ui.ticker.Ticker` on the kernel's loop (no thread, no
busy loop) and redraws when it returns True; tests call it by hand.

**When the database goes away** (a restart, a failover: the store raises
:class:`~asteroyds.rooms.StoreUnavailable` once its short retry is spent),
:meth:`RoomSession.poll` does not fail: it sets :attr:`RoomSession.offline`,
the page shows :data:`OFFLINE` instead of an error, keeps everything it holds
(the view, the student's chart) and goes on polling; the first poll that
gets through clears it and reads what the class did meanwhile.

:func:`round_replay` gives the round player (:mod:`asteroyds.ui.player`) a
private copy of the round the room just resolved, so each page steps
through the resolution (priority inspector, event log) at its own pace
without touching the room.

>>> import os, tempfile
>>> from asteroyds.rooms import SQLiteStore, room_game
>>> store = SQLiteStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3"))
>>> teacher = RoomSession(store)
>>> code = teacher.create(room_game("racing", ["blue", "red"], seed=1), bots=["red"], planning_seconds=0)
>>> student = RoomSession(store)
>>> student.open(code).code == code, student.public["phase"]
(True, 'roll')
>>> teacher.room.roll(teacher.teacher_token, dice=(3, 5, 2))
>>> student.poll(), student.public["phase"], student.public["submitted"]
(True, 'plan', ['red'])
>>> student.poll()  # nothing new
False
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import RuleError
from ...game import Game
from ...i18n import N_, _
from ...rooms import Room, RoomError, Store, StoreUnavailable
from ...rooms.codes import check_token
from ..observers import Observable
from ..player.controller import RoundPlayerController

Clock = Callable[[], float]
POLL_SECONDS = 0.5  # the bound: another device's input shows within half a second
OFFLINE = N_("The class server lost its database; retrying…")  # a page's one sentence while it is away


def round_replay(game: Game, round_number: int) -> RoundPlayerController:
    """A round player over a private copy of ``game`` at the start of round ``round_number``'s phases.

    The copy holds the round's dice and programs; the answers given in the
    room (by the players, the teacher, a bot or the clock) answer the same
    questions again, so stepping through it shows exactly what the room did.
    """
    inputs = game.inputs
    rolls = [i for i, item in enumerate(inputs) if "roll" in item]
    if not 1 <= round_number <= len(rolls):
        raise RuleError(_("round {round} has not been played", round=round_number))
    start = rolls[round_number - 1]
    end = rolls[round_number] if round_number < len(rolls) else len(inputs)
    first_phase = start + 1
    while first_phase < end and "program" in inputs[first_phase]:
        first_phase += 1
    answers: dict[str, bool] = {}
    for item in inputs[first_phase:end]:
        answers.update(item.get("answers") or {})
    data = game.to_dict()
    data["inputs"] = data["inputs"][:first_phase]
    copy = Game.from_dict(data, where="the round's replay", policy=lambda d: answers.get(d.key, False))
    return RoundPlayerController(copy)


class RoomSession(Observable["RoomSession"]):
    """A page's room: the handle, the public view, polling, and the replay of the last round.

    ``teacher_token`` is set when this page created the room or was given
    the teacher's token; ``seat``/``seat_token`` when it took (or got back)
    a seat. Neither is ever part of :attr:`public` (what every page may see).
    """

    def __init__(self, store: Store, clock: Clock = time.time) -> None:
        super().__init__()
        self.store = store
        self.clock = clock
        self.room: Room | None = None
        self.teacher_token: str | None = None
        self.seat: str | None = None
        self.seat_token: str | None = None
        self.public: dict[str, Any] = {}
        self.offline = False  # the store was away at the last look (see the module docstring)
        self._replay: tuple[int, RoundPlayerController] | None = None

    # --- opening ---------------------------------------------------------------------
    @property
    def code(self) -> str:
        return "" if self.room is None else self.room.code

    @property
    def is_teacher(self) -> bool:
        return self.room is not None and check_token(self.room.view.teacher, self.teacher_token)

    def create(
        self,
        game: Game,
        *,
        seats: Sequence[str] | None = None,
        bots: Sequence[str] = (),
        planning_seconds: int | None = -1,
        decision_seconds: int | None = None,
    ) -> str:
        """Create a room for ``game``; this page holds the teacher's token. Returns the code."""
        options: dict[str, Any] = {"planning_seconds": planning_seconds, "bots": bots, "clock": self.clock}
        if decision_seconds is not None:
            options["decision_seconds"] = decision_seconds
        room, token = Room.create(self.store, game, seats=seats, **options)
        self.room, self.teacher_token = room, token
        self.changed()
        return room.code

    def open(self, code: str) -> Room:
        """Open an existing room as a spectator (no seat, no teacher's token)."""
        room = Room.open(self.store, code, clock=self.clock)
        self.room, self.teacher_token, self.seat, self.seat_token = room, None, None, None
        self._replay = None
        room.settle()
        self.changed()
        return room

    def claim_teacher(self, token: str) -> None:
        """Become the room's teacher with its token (a reload of the teacher's page); else refuse."""
        room = self.need_room()
        if not check_token(room.view.teacher, token):
            raise RoomError(_("room {code}: this is not the teacher's key", code=room.code))
        self.teacher_token = token
        self.changed()

    def claim_seat(self, token: str) -> str:
        """Get back the seat this token took (a reload of the student's page); returns the seat."""
        room = self.need_room()
        room.refresh()
        for seat in room.view.seats.values():
            if check_token(seat.token, token):
                self.seat, self.seat_token = seat.player, token
                self.changed()
                return seat.player
        raise RoomError(
            _("room {code}: this page's seat was given up or freed by the teacher", code=room.code)
        )

    def join(self, seat: str, name: str | None = None) -> str:
        """Take a free seat; this page plays it from now on. Returns the seat's token."""
        room = self.need_room()
        if self.seat is not None:
            raise RoomError(
                _("this page already plays {seat} in room {code}", seat=self.seat, code=room.code)
            )
        token = room.join(seat, name=name or None)
        self.seat, self.seat_token = seat, token
        self.changed()
        return token

    def rename(self, name: str | None) -> None:
        """Name this page's seat (the name box's value reached the kernel after the seat's tap)."""
        room = self.need_room()
        if self.seat is None or self.seat_token is None:
            raise RoomError(_("a spectator has no seat to name: take a free seat to play"))
        room.rename(self.seat, name or None, self.seat_token)
        self.changed()

    # --- polling ------------------------------------------------------------------------
    def poll(self) -> bool:
        """Look for other devices' inputs and settle a passed deadline; True (and notify) if anything changed.

        One cheap query when nothing happened: the number of the room's last entry.
        """
        room = self.room
        if room is None:
            return False
        changed = False
        try:
            if room.store.last_seq(room.code) > room.view.seq:
                changed = room.refresh()
            if self._deadline_passed():
                changed = room.settle() > 0 or changed
        except StoreUnavailable:
            changed = self.mark_offline(True) or changed
        else:
            changed = self.mark_offline(False) or changed
        if changed:
            self.changed()
        return changed

    def mark_offline(self, offline: bool) -> bool:
        """Note whether the store is away (an action may find it so too); True if that is news."""
        news = self.offline != offline
        self.offline = offline
        return news

    def _deadline_passed(self) -> bool:
        view = self.need_room().view
        now = self.clock()
        phase = view.phase
        if phase == "plan":
            return view.deadline is not None and now >= view.deadline
        return phase == "decide" and view.decision_deadline is not None and now >= view.decision_deadline

    def seconds_left(self) -> float | None:
        """Planning time left (or, while a question waits, its time); None without a clock running."""
        view = self.need_room().view
        phase = view.phase
        deadline = view.deadline if phase == "plan" else view.decision_deadline if phase == "decide" else None
        return None if deadline is None else max(0.0, deadline - self.clock())

    # --- the last resolved round ---------------------------------------------------------
    @property
    def last_resolved(self) -> int | None:
        """The last round whose resolution has finished (no question left), or None."""
        view = self.need_room().view
        if not view.resolutions:
            return None
        last = view.resolutions[-1].round
        if view.phase in ("plan", "decide") and view.game is not None and view.game.round == last:
            return last - 1 if last > 1 else None
        return last

    def replay(self) -> RoundPlayerController | None:
        """The round player over the last resolved round (the same one until another round resolves)."""
        number = self.last_resolved
        if number is None:
            return None
        if self._replay is None or self._replay[0] != number:
            game = self.need_room().view.game
            assert game is not None
            self._replay = (number, round_replay(game, number))
        return self._replay[1]

    # --- helpers --------------------------------------------------------------------------
    def need_room(self) -> Room:
        if self.room is None:
            raise RoomError(_("no room open on this page: create one or join with a code"))
        return self.room

    def changed(self) -> None:
        room = self.room
        self.public = {} if room is None else room.view.to_public()
        self._notify()


__all__ = ["OFFLINE", "POLL_SECONDS", "RoomSession", "round_replay"]
