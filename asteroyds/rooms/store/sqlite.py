"""The embedded default: one SQLite file in WAL mode, for the many kernel processes of one server.

WAL lets readers (every page polling) run while one writer appends, and a
transaction committed in WAL survives the crash of the process that wrote
it (``kill -9`` of the app: the next connection replays the WAL), so a
submitted program is never lost with the server. The insert checks the
previous number in the same statement, so it is atomic without a
transaction.

**Busy.** Writers queue on the file's lock: SQLite's busy timeout waits for
the writer ahead, and what still comes back ``database is locked`` or
``busy`` (a connection opening while another recovers the WAL, a schema
check racing a writer) is retried with a backoff for up to
:data:`BUSY_SECONDS`; a busy statement changed nothing, so retrying it is
safe. Past that the store raises :class:`StoreUnavailable` (a page keeps
polling); any other SQLite error is a :class:`RoomError` naming the file.

Not for a database on a network file system (SQLite's locking needs a
local disk): use PostgreSQL across machines.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ...i18n import _
from ..codes import RoomError
from .base import SCHEMA, Backoff, Store, StoreUnavailable, first_line

T = TypeVar("T")
BUSY_TIMEOUT_MS = 2_000  # SQLite's own wait for the lock, per statement
BUSY_SECONDS = 10.0  # the whole time a call keeps retrying a busy file before giving up
BUSY_CODES = (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED (named in the sqlite3 module from Python 3.11 only)


def _busy(exc: sqlite3.Error) -> bool:
    """``database is locked`` / ``busy``: another connection holds the lock; nothing was changed."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in BUSY_CODES  # extended codes (SQLITE_BUSY_RECOVERY...) keep the primary low byte
    text = str(exc).lower()
    return "locked" in text or "busy" in text


class SQLiteStore(Store):
    """Room logs in one SQLite file (see the module docstring)."""

    PARAM = "?"
    DUPLICATE = (sqlite3.IntegrityError,)

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.url = f"sqlite:///{self.path}"
        self._lock = threading.Lock()  # one connection, usable from a page's polling thread too
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                str(self.path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False
            )
        except (OSError, sqlite3.Error) as exc:
            raise RoomError(
                _("{path}: cannot open the room store ({error})", path=self.path, error=exc)
            ) from None
        try:
            self._retrying(self._prepare)
        except RoomError:
            self._db.close()
            raise

    @staticmethod
    def _prepare(db: sqlite3.Connection) -> None:
        db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = NORMAL")  # in WAL: durable across a process crash, fast
        db.execute(SCHEMA)

    def _retrying(self, op: Callable[[Any], T]) -> T:
        backoff = Backoff(BUSY_SECONDS, first=0.01, most=0.25)
        with self._lock:
            while True:
                try:
                    return op(self._db)
                except sqlite3.Error as exc:
                    if not _busy(exc):
                        raise RoomError(
                            _(
                                "{path}: the room store failed ({error})",
                                path=self.path,
                                error=first_line(exc),
                            )
                        ) from None
                    if not backoff.pause():
                        raise StoreUnavailable(str(self.path), first_line(exc)) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
