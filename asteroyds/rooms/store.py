"""Where room logs live: one small interface, an embedded SQLite default and PostgreSQL.

A store keeps, per room code, the entries numbered 1, 2, 3, ... and offers
three things (:class:`Store`):

- ``append(code, entry)`` → True, or False when ``entry.seq`` is not the next
  number (someone else appended first): the only write, and the whole of the
  concurrency control;
- ``read(code, after=0)`` → the entries after number ``after``, in order;
- ``wait(code, after, timeout)`` → returns as soon as an entry after
  ``after`` may exist (polling here; ``LISTEN/NOTIFY`` on PostgreSQL).

Chosen by URL (:func:`open_store`): ``sqlite:///path/to/rooms.sqlite3`` or a
plain path, ``postgresql://...`` (needs the ``rooms-pg`` extra), or the
``ASTEROYDS_STORE`` environment variable; the default is a SQLite file in
the user's data directory (``$XDG_DATA_HOME/asteroyds/rooms.sqlite3``,
``~/.local/share/asteroyds/rooms.sqlite3``).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from pathlib import Path

from ..i18n import _
from .codes import RoomError
from .log import Entry

ENV_VAR = "ASTEROYDS_STORE"
POLL_SECONDS = 0.1  # a waiting page notices a new entry within this, well under the 0.5 s
SQLITE_BUSY_MS = 10_000

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


class Store:
    """The interface every store offers (see the module docstring)."""

    url: str = ""

    def append(self, code: str, entry: Entry) -> bool:
        raise NotImplementedError

    def read(self, code: str, after: int = 0) -> list[Entry]:
        raise NotImplementedError

    def last_seq(self, code: str) -> int:
        """The number of the room's last entry (0: no such room)."""
        raise NotImplementedError

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


class SQLiteStore(Store):
    """One SQLite file in WAL mode: safe for the many kernel processes of one server.

    WAL lets readers (every page polling) run while one writer appends; the
    busy timeout queues writers instead of failing. The insert checks the
    previous number in the same statement, so it is atomic without a
    transaction. Not for a database on a network file system (SQLite's
    locking needs a local disk): use PostgreSQL across machines.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._lock = threading.Lock()  # one connection, usable from a page's polling thread too
            self._db = sqlite3.connect(
                str(self.path), timeout=SQLITE_BUSY_MS / 1000, isolation_level=None, check_same_thread=False
            )
            self._db.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_MS}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.execute(SCHEMA)
        except (OSError, sqlite3.Error) as exc:
            raise RoomError(
                _("{path}: cannot open the room store ({error})", path=self.path, error=exc)
            ) from None

    def append(self, code: str, entry: Entry) -> bool:
        sql = INSERT.format(p="?")
        params = (code, entry.seq, entry.at, entry.kind, entry.body(), code, entry.seq - 1)
        try:
            with self._lock:
                cursor = self._db.execute(sql, params)
        except sqlite3.IntegrityError:  # the same number, appended a moment earlier by someone else
            return False
        return cursor.rowcount == 1

    def read(self, code: str, after: int = 0) -> list[Entry]:
        with self._lock:
            rows = self._db.execute(SELECT.format(p="?"), (code, after)).fetchall()
        return [Entry.from_row(*row) for row in rows]

    def last_seq(self, code: str) -> int:
        with self._lock:
            return int(self._db.execute(LAST.format(p="?"), (code,)).fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()


def default_path() -> Path:
    """The SQLite file used when neither ``--store`` nor ``ASTEROYDS_STORE`` says otherwise."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "asteroyds" / "rooms.sqlite3"


def open_store(url: str | None = None) -> Store:
    """The store named by ``url``, else by ``$ASTEROYDS_STORE``, else the default SQLite file."""
    url = url or os.environ.get(ENV_VAR) or str(default_path())
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore

        return PostgresStore(url)
    if url.startswith("sqlite:///"):
        return SQLiteStore(url[len("sqlite:///") :])  # sqlite:///rel/path, sqlite:////abs/path
    if "://" in url:
        raise RoomError(
            _("{url!r}: unknown store (use sqlite:///PATH, a file path, or postgresql://...)", url=url)
        )
    return SQLiteStore(url)
