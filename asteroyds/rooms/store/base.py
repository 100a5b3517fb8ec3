"""What every store shares: the interface, the SQL, the append that is never lost nor doubled, the errors.

A store keeps, per room code, the entries numbered 1, 2, 3, ... and offers
three things (:class:`Store`):

- ``append(code, entry)`` → True once the log holds ``entry`` at its number,
  False when that number went to another entry (someone else appended first):
  the only write, and the whole of the concurrency control;
- ``read(code, after=0)`` → the entries after number ``after``, in order;
- ``wait(code, after, timeout)`` → returns as soon as an entry after
  ``after`` may exist (polling here; ``LISTEN/NOTIFY`` on PostgreSQL).

**Failures.** A store retries what a database does now and then: a
connection cut by a restart, a failover or a proxy (PostgreSQL), a file
busy with another writer (SQLite), within a few seconds. What still fails
leaves the store as :class:`StoreUnavailable` (the database is away: try
again later) or another :class:`~asteroyds.rooms.codes.RoomError` (a
sentence naming the store and the database's reason); never as a driver's
exception. A page shows a calm sentence for the first and keeps polling; the
command line prints the sentence and exits with 2.

**Why an append may be retried.** When the connection breaks after the
insert was sent, nobody knows whether it was committed. Each attempt is
therefore: insert entry *n* only if *n-1* is the room's last entry; if a
retry inserted nothing, read entry *n* back and compare it with ours (kind,
time and the stored JSON text, byte for byte). Ours there: it was committed by
an earlier attempt, True. Another there: someone else took the number, False.
Nothing there: the insert was not committed and the next attempt makes it.
The first attempt never reads back: when it inserts nothing, the number went
to someone else, even to a byte-identical twin (two teachers' pages rolling
the same round at the same clock reading: the room rolled once, and only one
of them may be told it did). The ``(room, seq)`` primary key refuses a twin,
so an entry is in the log once or not at all.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from ...i18n import _
from ..codes import RoomError
from ..log import Entry

T = TypeVar("T")
Row = tuple[str, float, str]  # an entry as stored, for comparing: kind, at, body
POLL_SECONDS = 0.1  # a waiting page notices a new entry within this, well under the 0.5 s

SCHEMA = """
CREATE TABLE IF NOT EXISTS room_entries (
    room TEXT NOT NULL,
    seq INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    kind TEXT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (room, seq)
)
"""
# Insert entry #seq only if #seq-1 is the last one: no gaps, and the primary key refuses a twin.
INSERT = (
    "INSERT INTO room_entries (room, seq, at, kind, body) SELECT {p}, {p}, {p}, {p}, {p} "
    "WHERE (SELECT COALESCE(MAX(seq), 0) FROM room_entries WHERE room = {p}) = {p}"
)
SELECT = "SELECT seq, kind, at, body FROM room_entries WHERE room = {p} AND seq > {p} ORDER BY seq"
LAST = "SELECT COALESCE(MAX(seq), 0) FROM room_entries WHERE room = {p}"
ONE = "SELECT kind, at, body FROM room_entries WHERE room = {p} AND seq = {p}"


class StoreUnavailable(RoomError):
    """The store cannot be reached now (its database restarted, is down, or stayed busy): try again later.

    The text names the store and the database's reason, for the command line
    and a log; a page shows a calm sentence instead and keeps polling.
    """

    def __init__(self, store: str, reason: str) -> None:
        self.store, self.reason = store, reason
        super().__init__(_("cannot reach the room store {store}: {reason}", store=store, reason=reason))


class Store:
    """The interface every store offers (see the module docstring); subclasses give the database calls.

    A subclass sets :attr:`PARAM` (its SQL placeholder), :attr:`INSERT_SQL`
    and :attr:`DUPLICATE` (the exception its driver raises for a twin key),
    and runs every database call through :meth:`_retrying`.
    """

    url: str = ""
    PARAM = "?"
    INSERT_SQL = INSERT
    DUPLICATE: tuple[type[BaseException], ...] = ()

    # --- the interface ------------------------------------------------------------------
    def append(self, code: str, entry: Entry) -> bool:
        """Put ``entry`` at its number if that is the room's next one; True if the log now holds it.

        Safe to retry after a broken connection: see the module docstring.
        """
        body = entry.body()
        ours: Row = (entry.kind, entry.at, body)

        tries = 0

        def attempt(db: Any) -> bool:
            nonlocal tries
            tries += 1
            if self._insert(db, code, entry, body):
                return True
            return tries > 1 and self._row(db, code, entry.seq) == ours  # a retry: perhaps ours committed

        return self._retrying(attempt)

    def read(self, code: str, after: int = 0) -> list[Entry]:
        """The room's entries after number ``after``, in order."""
        rows = self._retrying(lambda db: db.execute(SELECT.format(p=self.PARAM), (code, after)).fetchall())
        entries = []
        for row in rows:
            try:
                entries.append(Entry.from_row(*row))
            except ValueError:  # a body that is not JSON: someone wrote the table by hand
                raise RoomError(
                    _("room {code}: entry #{seq} in the store is not readable", code=code, seq=row[0])
                ) from None
        return entries

    def last_seq(self, code: str) -> int:
        """The number of the room's last entry (0: no such room)."""
        return int(self._retrying(lambda db: db.execute(LAST.format(p=self.PARAM), (code,)).fetchone()[0]))

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """Block until the room has an entry after ``after`` or ``timeout`` seconds pass; True if it has."""
        end = time.monotonic() + timeout
        while True:
            if self.last_seq(code) > after:
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(POLL_SECONDS, left))

    def close(self) -> None:
        """Release connections (a closed store must not be used again)."""

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- what a subclass provides -----------------------------------------------------------
    def _retrying(self, op: Callable[[Any], T]) -> T:
        """Run ``op(connection)``, retrying what may pass; raise only RoomError (StoreUnavailable...)."""
        raise NotImplementedError

    def _insert(self, db: Any, code: str, entry: Entry, body: str) -> bool:
        """The guarded insert; True if it inserted the row (False: the number is not the next one)."""
        params = (code, entry.seq, entry.at, entry.kind, body, code, entry.seq - 1)
        try:
            cursor = db.execute(self.INSERT_SQL.format(p=self.PARAM), params)
        except self.DUPLICATE:  # the same number, appended a moment earlier by someone else
            return False
        return cursor.rowcount == 1

    def _row(self, db: Any, code: str, seq: int) -> Row | None:
        """Entry ``seq`` as stored (kind, at, body), or None."""
        row = db.execute(ONE.format(p=self.PARAM), (code, seq)).fetchone()
        return None if row is None else (str(row[0]), float(row[1]), str(row[2]))


def first_line(exc: BaseException) -> str:
    """A driver's message in one line (psycopg's run over several), for a one-line error."""
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0].strip()


class Backoff:
    """The waits between attempts: ``first`` seconds, doubling up to ``most``, for ``budget`` seconds in all.

    Short on purpose: a page polls on its kernel's only thread, so a store may
    hold it for a moment, not for the whole of a database's restart.
    """

    def __init__(self, budget: float, first: float, most: float) -> None:
        self.end = time.monotonic() + budget
        self.delay, self.most = first, most

    def pause(self) -> bool:
        """Wait before the next attempt and return True, or return False when the budget is spent."""
        if time.monotonic() + self.delay > self.end:
            return False
        time.sleep(self.delay)
        self.delay = min(self.delay * 2, self.most)
        return True
