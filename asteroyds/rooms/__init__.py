"""Class rooms: one live game across devices, as an append-only log of inputs.

- :mod:`~asteroyds.rooms.log` — entries and the replay (:class:`RoomView`);
- :mod:`~asteroyds.rooms.room` — :class:`Room`, the actions (join, roll,
  submit, answer, settle) with optimistic appends;
- :mod:`~asteroyds.rooms.store` — the stores (a package: ``base``, ``sqlite``,
  ``postgres``, the ``rooms-pg`` extra) and :func:`open_store`; a store retries
  a broken connection or a busy file and lets out only :class:`RoomError`
  (:class:`StoreUnavailable`: the database is away for now);
- :mod:`~asteroyds.rooms.codes` — room codes and tokens;
- :mod:`~asteroyds.rooms.seating` — the game a room plays;
- :mod:`~asteroyds.rooms.cli` — ``asteroyds room ...``.

Standard library only; ``psycopg`` is imported by the PostgreSQL store alone.
"""

from .codes import RoomError
from .log import Entry, RoomView, Seat
from .room import Room
from .seating import room_game
from .store import SQLiteStore, Store, StoreUnavailable, open_store

__all__ = [
    "Entry",
    "Room",
    "RoomError",
    "RoomView",
    "SQLiteStore",
    "Seat",
    "Store",
    "StoreUnavailable",
    "open_store",
    "room_game",
]
