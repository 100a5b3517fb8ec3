"""The PostgreSQL store: one database for a class served by several machines, surviving its restarts.

Same table and the same guarded insert as SQLite (:mod:`~asteroyds.rooms.store.base`),
so the concurrency argument is the same: entry *n* is inserted only if *n-1*
is the room's last entry, and the primary key refuses a twin (a concurrent
writer of the same number waits for the first to commit, then fails). The
insert and its ``NOTIFY asteroyds_rooms, '<code>'`` are one statement, so
they commit together; :meth:`PostgresStore.wait` listens on its own
connection, so waiting processes hear of a new entry at once instead of
polling.

**Connections break** (a restart, a failover, a network blip, an idle
connection dropped by a proxy). The store then opens a new one on the next
call: the call is retried with a short backoff for up to
:data:`RETRY_SECONDS`, the listener too (re-issuing its ``LISTEN``, then
looking at the log, so no notification is missed). Reads simply run again;
an append whose outcome is unknown is settled by reading the entry back
(see :mod:`~asteroyds.rooms.store.base`). If the database is still away,
the call raises :class:`StoreUnavailable`, and until a call gets through
again each call makes one quick attempt, at most every
:data:`PROBE_SECONDS` (a page's poll must not hold its kernel for long).
No psycopg exception leaves the store. Opening the store connects to nothing:
the first call does, and creates the table if need be, so a page that opens
its store while the database is away simply waits for it like the others.

Needs ``psycopg`` 3.2 or later (``pip install "asteroyds[rooms-pg]"``),
imported here only, when a ``postgresql://`` store is opened.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ...i18n import _
from ..codes import RoomError
from .base import INSERT, SCHEMA, Backoff, Store, StoreUnavailable, first_line

T = TypeVar("T")
CHANNEL = "asteroyds_rooms"
SCHEMA_LOCK = 0x61737472  # an advisory lock: two servers creating the table at once must not collide
# The insert and its notification in one statement: committed together, or not at all.
INSERT_NOTIFY = f"WITH added AS ({INSERT} RETURNING room) SELECT pg_notify('{CHANNEL}', room) FROM added"
RETRY_SECONDS = 2.0  # how long one call keeps trying when it finds the connection broken
PROBE_SECONDS = 1.0  # while the database is away: one attempt per call, at most this often
# libpq settings unless the URL gives its own: a dead host is noticed in seconds, not at TCP's pace.
CONNECT_DEFAULTS = {
    "connect_timeout": "3",
    "keepalives": "1",
    "keepalives_idle": "20",
    "keepalives_interval": "5",
    "keepalives_count": "3",
    "tcp_user_timeout": "20000",
}


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise RoomError(_('a postgresql:// store needs psycopg: pip install "asteroyds[rooms-pg]"')) from None
    return psycopg


class PostgresStore(Store):
    """Room logs in a PostgreSQL database, chosen by a ``postgresql://`` URL."""

    PARAM = "%s"
    INSERT_SQL = INSERT_NOTIFY

    def __init__(self, url: str) -> None:
        self._pg = _psycopg()
        self.url = url
        self.DUPLICATE = (self._pg.errors.UniqueViolation,)
        self._lock = threading.RLock()  # the main connection, shared by a page's callbacks
        self._listen_lock = threading.Lock()
        self._db: Any = None
        self._listener: Any = None
        self._schema_ready = False  # the table is made on the first connection, not here: a page may
        # open its store while the database is away, and go on from there when it is back
        self._away_since: float | None = None  # when the database was found away (None: reachable)
        self._away_reason = ""
        self._last_probe = 0.0
        try:
            conninfo = self._pg.conninfo.conninfo_to_dict(url)
        except self._pg.Error as exc:
            raise RoomError(
                _(
                    "cannot open the room store {redacted}: {first_line}",
                    redacted=self._redacted(),
                    first_line=first_line(exc),
                )
            ) from None
        extra = {key: value for key, value in CONNECT_DEFAULTS.items() if key not in conninfo}
        self._conninfo = self._pg.conninfo.make_conninfo(url, **extra)

    def _redacted(self) -> str:
        """The URL without its password, for error messages."""
        head, sep, tail = self.url.partition("@")
        if not sep or ":" not in head.split("//", 1)[-1]:
            return self.url
        scheme, _sep, user = head.partition("//")
        return f"{scheme}//{user.split(':', 1)[0]}:***@{tail}"

    @staticmethod
    def _create_schema(db: Any) -> None:
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            db.execute(SCHEMA)

    # --- connections ---------------------------------------------------------------------------
    def _connection(self, listen: bool) -> Any:
        """The open main connection (or listener), opening a new one if it is gone."""
        conn = self._listener if listen else self._db
        if conn is not None and not conn.closed:
            return conn
        conn = self._pg.connect(self._conninfo, autocommit=True)
        try:
            if listen:
                conn.execute(f"LISTEN {CHANNEL}")
            elif not self._schema_ready:
                self._create_schema(conn)
                self._schema_ready = True
        except BaseException:
            self._discard(conn)
            raise
        if listen:
            self._listener = conn
        else:
            self._db = conn
        return conn

    def _transient(self, exc: BaseException) -> bool:
        """A broken or refused connection, a restart, a failover: worth another connection."""
        errors = self._pg.errors
        return isinstance(
            exc, (self._pg.OperationalError, self._pg.InterfaceError, errors.ReadOnlySqlTransaction)
        )

    @staticmethod
    def _discard(conn: Any) -> None:
        if conn is not None:
            with contextlib.suppress(Exception):  # a broken connection may fail to close: it is gone anyway
                conn.close()

    def _retrying(self, op: Callable[[Any], T]) -> T:
        with self._lock:
            return self._attempts(op, listen=False)

    def _attempts(self, op: Callable[[Any], T], listen: bool) -> T:
        """Run ``op`` on the main connection (or the listener), reconnecting as the module docstring says."""
        backoff = Backoff(RETRY_SECONDS, first=0.05, most=0.5)
        while True:
            if self._away_since is not None:  # known away: one quick attempt, not a backoff each call
                now = time.monotonic()
                if now - self._last_probe < PROBE_SECONDS:
                    raise StoreUnavailable(self._redacted(), self._away_reason)
                self._last_probe = now
            try:
                result = op(self._connection(listen))
            except self._pg.Error as exc:
                if not self._transient(exc):
                    raise RoomError(
                        _(
                            "the room store {store} failed: {error}",
                            store=self._redacted(),
                            error=first_line(exc),
                        )
                    ) from None
                if listen:
                    self._discard(self._listener)
                    self._listener = None
                else:
                    self._discard(self._db)
                    self._db = None
                self._away_reason = first_line(exc)
                if self._away_since is not None or not backoff.pause():
                    if self._away_since is None:
                        self._away_since = self._last_probe = time.monotonic()
                    raise StoreUnavailable(self._redacted(), self._away_reason) from None
                continue
            self._away_since = None
            return result

    # --- waiting --------------------------------------------------------------------------------
    def wait(self, code: str, after: int, timeout: float) -> bool:
        """LISTEN, then check, then sleep until a NOTIFY for any room or the timeout."""
        end = time.monotonic() + timeout
        with self._listen_lock:
            while True:
                self._attempts(lambda conn: None, listen=True)  # connected and listening
                if self.last_seq(code) > after:  # checked after LISTEN: no notification can slip between
                    return True
                left = end - time.monotonic()
                if left <= 0:
                    return False
                listener = self._listener
                try:
                    for _attempt in listener.notifies(timeout=left, stop_after=1):
                        pass
                except self._pg.Error:  # the listener's connection broke: listen again, then look again
                    self._discard(listener)
                    self._listener = None

    def close(self) -> None:
        for conn in (self._listener, self._db):
            self._discard(conn)
        self._listener = self._db = None
