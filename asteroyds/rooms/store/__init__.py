"""Where room logs live: one small interface, an embedded SQLite default and PostgreSQL.

- :mod:`~asteroyds.rooms.store.base` — the interface (:class:`Store`), the
  SQL, the append that is never lost nor doubled, :class:`StoreUnavailable`;
- :mod:`~asteroyds.rooms.store.sqlite` — :class:`SQLiteStore`, one file in WAL mode;
- :mod:`~asteroyds.rooms.store.postgres` — :class:`~asteroyds.rooms.store.postgres.PostgresStore`
  (the ``rooms-pg`` extra; imported only when a ``postgresql://`` store is opened).

Chosen by URL (:func:`open_store`): ``sqlite:///path/to/rooms.sqlite3`` or a
plain path, ``postgresql://...`` (needs the ``rooms-pg`` extra), or the
``ASTEROYDS_STORE`` environment variable; the default is a SQLite file in
the user's data directory (``$XDG_DATA_HOME/asteroyds/rooms.sqlite3``,
``~/.local/share/asteroyds/rooms.sqlite3``).
"""

from __future__ import annotations

import os
from pathlib import Path

from ...i18n import _
from ..codes import RoomError
from .base import INSERT, LAST, POLL_SECONDS, SCHEMA, SELECT, Store, StoreUnavailable
from .sqlite import SQLiteStore

ENV_VAR = "ASTEROYDS_STORE"


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


__all__ = [
    "ENV_VAR",
    "INSERT",
    "LAST",
    "POLL_SECONDS",
    "SCHEMA",
    "SELECT",
    "SQLiteStore",
    "Store",
    "StoreUnavailable",
    "default_path",
    "open_store",
]
