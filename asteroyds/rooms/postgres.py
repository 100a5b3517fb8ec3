"""The PostgreSQL store: one database for a class served by several machines.

Same table and the same guarded insert as SQLite (:mod:`~asteroyds.rooms.store`),
so the concurrency argument is the same: entry *n* is inserted only if *n-1*
is the room's last entry, and the primary key refuses a twin (a concurrent
writer of the same number waits for the first to commit, then fails). Every
append sends ``NOTIFY asteroyds_rooms, '<code>'``; :meth:`PostgresStore.wait`
listens on its own connection, so pages hear of a new entry at once instead
of polling.

Needs ``psycopg`` 3.2 or later (``pip install "asteroyds[rooms-pg]"``),
imported here only, when a ``postgresql://`` store is opened.
"""

from __future__ import annotations

import time
from typing import Any

from ..i18n import _
from .codes import RoomError
from .log import Entry
from .store import INSERT, LAST, SCHEMA, SELECT, Store

CHANNEL = "asteroyds_rooms"
SCHEMA_LOCK = 0x61737472  # an advisory lock: two servers creating the table at once must not collide


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise RoomError(_('a postgresql:// store needs psycopg: pip install "asteroyds[rooms-pg]"')) from None
    return psycopg


class PostgresStore(Store):
    """Room logs in a PostgreSQL database, chosen by a ``postgresql://`` URL."""

    def __init__(self, url: str) -> None:
        self._pg = _psycopg()
        self.url = url
        self._listener: Any = None
        try:
            self._db = self._pg.connect(url, autocommit=True)
            with self._db.transaction():
                self._db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
                self._db.execute(SCHEMA)
        except self._pg.Error as exc:
            raise RoomError(
                _(
                    "cannot open the room store {redacted}: {first_line}",
                    redacted=self._redacted(),
                    first_line=_first_line(exc),
                )
            ) from None

    def _redacted(self) -> str:
        """The URL without its password, for error messages."""
        head, sep, tail = self.url.partition("@")
        if not sep or ":" not in head.split("//", 1)[-1]:
            return self.url
        scheme, _sep, user = head.partition("//")
        return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"

    def append(self, code: str, entry: Entry) -> bool:
        params = (code, entry.seq, entry.at, entry.kind, entry.body(), code, entry.seq - 1)
        try:
            cursor = self._db.execute(INSERT.format(p="%s"), params)
        except self._pg.errors.UniqueViolation:
            return False
        if cursor.rowcount != 1:
            return False
        self._db.execute("SELECT pg_notify(%s, %s)", (CHANNEL, code))
        return True

    def read(self, code: str, after: int = 0) -> list[Entry]:
        rows = self._db.execute(SELECT.format(p="%s"), (code, after)).fetchall()
        return [Entry.from_row(*row) for row in rows]

    def last_seq(self, code: str) -> int:
        return int(self._db.execute(LAST.format(p="%s"), (code,)).fetchone()[0])

    def wait(self, code: str, after: int, timeout: float) -> bool:
        """LISTEN, then check, then sleep until a NOTIFY for any room or the timeout."""
        if self._listener is None:
            self._listener = self._pg.connect(self.url, autocommit=True)
            self._listener.execute(f"LISTEN {CHANNEL}")
        end = time.monotonic() + timeout
        while True:
            if self.last_seq(code) > after:  # checked after LISTEN: no notification can slip between
                return True
            left = end - time.monotonic()
            if left <= 0:
                return False
            for _attempt in self._listener.notifies(timeout=left, stop_after=1):
                pass

    def close(self) -> None:
        for conn in (self._listener, self._db):
            if conn is not None:
                conn.close()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
