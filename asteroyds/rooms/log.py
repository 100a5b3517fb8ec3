"""The room log: entries appended one by one, replayed into the same view by everyone.

A room is a :class:`~asteroyds.game.Game` plus seats. Because a game is its
inputs, a room is an append-only list of :class:`Entry` values numbered
1, 2, 3, ...; the store accepts an entry only at the next free number, so two
writers can never both append #7 (optimistic concurrency, see
:mod:`asteroyds.rooms.room`). :class:`RoomView` turns entries into the
state every participant sees, through the Game API only (no second rules
implementation): the same entries give the same view on every machine.

Entry kinds (``data`` fields):

- ``create`` (always #1): ``game`` (a saved game with no inputs), ``seats``,
  ``teacher`` (token hash), ``planning_seconds`` (None: no stopwatch),
  ``decision_seconds``, ``bots`` (seats the room's bot plays; optional);
- ``join``: ``seat``, ``token`` (hash), ``name``; ``leave``: ``seat``;
- ``name``: ``seat``, ``name`` — the seat's occupant names it (a name that reached
  the server after the seat's tap: a phone sends the tap before the last letters);
- ``bots``: ``seats`` — the teacher gives free seats to the bot;
- ``roll``: ``dice`` ([r, w, b], or None for the game's seeded dice) and
  ``deadline`` (wall-clock seconds since the epoch when planning ends, or None);
- ``program``: ``seat``, ``text`` — held by the room, secret, until the
  round resolves (a later one replaces an earlier one);
- ``resolve``: ``reason`` (``all_submitted``, ``time_up``, ``teacher``) —
  the held programs go to the Game in player order, unsubmitted charts fly
  empty with the shield up, and the phases run to the round's end or to a
  mid-flight question;
- ``answer``: ``seat``, ``yes``, ``reason`` (``player``, ``teacher``,
  ``bot`` or ``time_up``: no answer by the deadline means "no").

Bot seats play themselves: once the dice are rolled, :meth:`RoomView.due`
offers each bot seat's program (the mode's greedy bot, seeded by the game's
seed, the seat and the round: :func:`~asteroyds.rooms.seating.bot_program`)
and a "no" to a question asked of a bot, so whoever settles the room appends
them, exactly like a resolution; the log keeps the programs, so a replay
never runs the bot again.

Deadlines come from the log alone: planning ends at the ``roll`` entry's
``deadline``; a question asked by entry *n* expires ``decision_seconds``
after entry *n*'s time ``at``. Who notices first that a deadline passed
appends the ``resolve`` / ``answer`` entry (:meth:`RoomView.due`); the
unique sequence number makes every later attempt fail harmlessly.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..errors import AsteroydsError, ScenarioError
from ..game import Game
from ..i18n import _
from .seating import bot_program

KINDS: tuple[str, ...] = (
    "create",
    "join",
    "name",
    "leave",
    "bots",
    "roll",
    "program",
    "resolve",
    "answer",
)
RESOLVE_REASONS: tuple[str, ...] = ("all_submitted", "time_up", "teacher")


@dataclass(frozen=True)
class Entry:
    """One line of a room's log: its number, kind, wall-clock time and data."""

    seq: int
    kind: str
    at: float
    data: dict[str, Any] = field(default_factory=dict)

    def body(self) -> str:
        """The data as stored: compact JSON in the data's own key order (a setup's key order is
        part of its saved form: sorting would reorder e.g. capture's scores)."""
        return json.dumps(self.data, separators=(",", ":"))

    @classmethod
    def from_row(cls, seq: int, kind: str, at: float, body: str) -> Entry:
        return cls(int(seq), str(kind), float(at), json.loads(body))


@dataclass
class Seat:
    """A seat is one player of the game; ``token`` is the hash of its occupant's token (none for a bot)."""

    player: str
    token: str | None = None
    name: str | None = None
    bot: bool = False

    @property
    def taken(self) -> bool:
        return self.token is not None or self.bot


@dataclass(frozen=True)
class Resolution:
    """A ``resolve`` entry as seen by the replay (tests check one per round)."""

    round: int
    seq: int
    reason: str


class RoomView:
    """The state of a room after some entries: replay of the log through :class:`Game`.

    Apply entries in order with :meth:`apply`; :meth:`replay` builds a view
    from a whole log. Nothing here reads a clock or a store.
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.seq = 0
        self.game: Game | None = None
        self.seats: dict[str, Seat] = {}
        self.teacher: str | None = None
        self.planning_seconds: int | None = None
        self.decision_seconds = 0
        self.held: dict[str, str] = {}
        self.deadline: float | None = None
        self.decision_deadline: float | None = None
        self.resolutions: list[Resolution] = []

    @classmethod
    def replay(cls, code: str, entries: Iterable[Entry]) -> RoomView:
        view = cls(code)
        for entry in entries:
            view.apply(entry)
        return view

    # --- reading -----------------------------------------------------------------
    @property
    def created(self) -> bool:
        return self.game is not None

    @property
    def phase(self) -> str:
        """``roll``, ``plan``, ``decide`` (a question is pending) or ``over``."""
        game = self._game()
        if game.pending is not None:
            return "decide"
        return "plan" if game.phase == "plan" else game.phase

    def waiting_for(self) -> tuple[str, ...]:
        """Seats whose program the round still waits for."""
        game = self._game()
        if game.phase != "plan" or game.pending is not None:
            return ()
        return tuple(p for p in game.waiting_for() if p not in self.held)

    def submitted(self) -> tuple[str, ...]:
        """Seats that submitted this round (who, never what: programs stay secret)."""
        return tuple(p for p in self._game().players if p in self.held)

    def due(self, now: float) -> tuple[str, dict[str, Any]] | None:
        """The entry anyone may append now, if any: the round's resolution or a timed-out answer."""
        game = self._game()
        if game.pending is not None:
            seat = self.seats.get(game.pending.player)
            if seat is not None and seat.bot:  # a bot keeps its once-per-game powers, like the sandbox's
                return "answer", {"seat": seat.player, "yes": False, "reason": "bot"}
            if self.decision_deadline is not None and now >= self.decision_deadline:
                return "answer", {"seat": game.pending.player, "yes": False, "reason": "time_up"}
            return None
        if game.phase != "plan":
            return None
        for player in self.waiting_for():
            if self.seats[player].bot:
                return "program", {"seat": player, "text": bot_program(game, player), "bot": True}
        if not self.waiting_for():
            return "resolve", {"reason": "all_submitted"}
        if self.deadline is not None and now >= self.deadline:
            return "resolve", {"reason": "time_up"}
        return None

    def _game(self) -> Game:
        if self.game is None:
            raise ScenarioError(
                _("room {code}: the log does not start with a 'create' entry", code=self.code)
            )
        return self.game

    # --- applying ------------------------------------------------------------------
    def apply(self, entry: Entry) -> None:
        """Apply the next entry; a log that does not replay raises (the Room then drops this view)."""
        if entry.seq != self.seq + 1:
            raise ScenarioError(
                _("room {code}: entry #{seq} follows #{seq2}", code=self.code, seq=entry.seq, seq2=self.seq)
            )
        if (entry.kind == "create") != (entry.seq == 1) or entry.kind not in KINDS:
            raise ScenarioError(
                _(
                    "room {code}: entry #{seq} has an unexpected kind {kind!r}",
                    code=self.code,
                    seq=entry.seq,
                    kind=entry.kind,
                )
            )
        try:
            getattr(self, f"_apply_{entry.kind}")(entry, entry.data)
        except (AsteroydsError, KeyError, TypeError, ValueError) as exc:
            where = f"room {self.code}: entry #{entry.seq} ({entry.kind})"
            raise ScenarioError(_("{where} does not replay: {error}", where=where, error=exc)) from None
        self.seq = entry.seq

    def _apply_create(self, entry: Entry, data: dict[str, Any]) -> None:
        self.game = Game.from_dict(data["game"], where=f"room {self.code}")
        self.seats = {p: Seat(p) for p in data["seats"]}
        for player in data.get("bots") or ():
            self.seats[player] = Seat(player, bot=True)
        self.teacher = data["teacher"]
        self.planning_seconds = data.get("planning_seconds")
        self.decision_seconds = int(data.get("decision_seconds", 0))

    def _apply_join(self, entry: Entry, data: dict[str, Any]) -> None:
        self.seats[data["seat"]] = Seat(data["seat"], data["token"], data.get("name"))

    def _apply_name(self, entry: Entry, data: dict[str, Any]) -> None:
        name = data["name"]
        if name is not None and not isinstance(name, str):
            raise TypeError(_("a seat's name is text, not {name!r}", name=name))
        self.seats[data["seat"]].name = name

    def _apply_bots(self, entry: Entry, data: dict[str, Any]) -> None:
        for player in data["seats"]:
            self.seats[player] = Seat(player, bot=True)

    def _apply_leave(self, entry: Entry, data: dict[str, Any]) -> None:
        self.seats[data["seat"]] = Seat(data["seat"])

    def _apply_roll(self, entry: Entry, data: dict[str, Any]) -> None:
        self._game().roll(data.get("dice"))
        self.held = {}
        self.deadline = data.get("deadline")

    def _apply_program(self, entry: Entry, data: dict[str, Any]) -> None:
        self.held[data["seat"]] = data["text"]

    def _apply_resolve(self, entry: Entry, data: dict[str, Any]) -> None:
        game = self._game()
        self.resolutions.append(Resolution(game.round, entry.seq, data["reason"]))
        for player in game.waiting_for():  # player order: the saved game is the same as hot seat
            if player in self.held:
                game.submit(player, self.held[player])
        self.held = {}
        self.deadline = None
        game.play_phases()
        self._asked_at(entry)

    def _apply_answer(self, entry: Entry, data: dict[str, Any]) -> None:
        game = self._game()
        game.answer(bool(data["yes"]))
        if game.pending is None:
            game.play_phases()
        self._asked_at(entry)

    def _asked_at(self, entry: Entry) -> None:
        pending = self._game().pending is not None
        self.decision_deadline = entry.at + self.decision_seconds if pending else None

    # --- what a page or the command line shows --------------------------------------
    def to_public(self) -> dict[str, Any]:
        """Everything anyone in the room may see: no tokens, no program before its round resolves."""
        game = self._game()
        pending = game.pending
        return {
            "room": self.code,
            "seq": self.seq,
            "game": game.to_dict(),
            "mode": game.state.mode,
            "round": game.round,
            "phase": self.phase,
            "waiting_for": list(self.waiting_for()),
            "submitted": list(self.submitted()),
            "deadline": self.deadline,
            "pending": None
            if pending is None
            else {
                "player": pending.player,
                "kind": pending.kind,
                "question": pending.question,
                "deadline": self.decision_deadline,
            },
            "seats": [
                {"seat": s.player, "taken": s.taken, "name": s.name, "bot": s.bot}
                for s in self.seats.values()
            ],
            "outcome": None if game.outcome is None else game.outcome.to_dict(),
        }
