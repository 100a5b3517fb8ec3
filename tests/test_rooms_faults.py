"""Rooms that survive their database: a PostgreSQL restart, a backend killed mid-append, a busy SQLite.

Every PostgreSQL test runs against a server of its own (``pg``, see
:mod:`tests.rooms_pg`), restarted with ``pg_ctl restart -m fast`` or with
connections killed by ``pg_terminate_backend``; the room and its store are
the same objects before and after. "Exactly once" is checked on the log
itself: every input the test made is there once, and the log replays to the
game the same inputs give through the Python API.
"""

from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from asteroyds.cli import main
from asteroyds.rooms import Room, RoomError, RoomView, SQLiteStore, StoreUnavailable, open_store, room_game
from asteroyds.rooms.log import Entry
from asteroyds.rooms.store import sqlite as sqlite_store
from tests.pg_proxy import CuttingProxy
from tests.rooms_pg import throwaway

SEATS = ["blue", "red", "green"]
DICE = (3, 5, 2)
PROGRAMS = {"blue": "F . . . . . S", "red": "F F . . . . S", "green": "R F . . . . S"}


@pytest.fixture
def pg():
    """A PostgreSQL server of this test's own: restarting it must not disturb the other tests."""
    with throwaway() as server:
        yield server


class Table:
    """A room and, beside it, the same game through the Python API (the reference for "exactly once")."""

    def __init__(self, store, seed: int = 3) -> None:
        self.room, self.teacher = Room.create(
            store, room_game("racing", SEATS, seed=seed), planning_seconds=None
        )
        self.local = room_game("racing", SEATS, seed=seed)
        self.tokens = {seat: self.room.join(seat) for seat in SEATS}
        self.inputs: list[tuple[str, ...]] = [("join", seat) for seat in SEATS]

    def roll(self) -> None:
        self.room.roll(self.teacher, dice=DICE)
        self.local.roll(DICE)
        self.inputs.append(("roll",))

    def submit(self, seat: str) -> None:
        self.room.submit(seat, PROGRAMS[seat], self.tokens[seat])
        self.inputs.append(("program", seat, PROGRAMS[seat]))

    def finish_round(self) -> None:
        """Play the round locally as the room did; answer "no" to any question (in both)."""
        for player in self.local.waiting_for():
            self.local.submit(player, PROGRAMS[player])
        self.local.play_phases()
        while self.local.pending is not None:
            seat = self.local.pending.player
            self.room.answer(seat, False, self.teacher)
            self.inputs.append(("answer", seat))
            self.local.answer(False)
            if self.local.pending is None:
                self.local.play_phases()

    def assert_exactly_once(self, store) -> None:
        entries = store.read(self.room.code)
        assert [e.seq for e in entries] == list(range(1, len(entries) + 1))
        made = []
        for e in entries[1:]:
            if e.kind == "join":
                made.append(("join", e.data["seat"]))
            elif e.kind == "roll":
                made.append(("roll",))
            elif e.kind == "program":
                made.append(("program", e.data["seat"], e.data["text"]))
            elif e.kind == "answer":
                made.append(("answer", e.data["seat"]))
        assert made == self.inputs  # each input once, in the order made: none lost, none doubled
        resolutions = [e for e in entries if e.kind == "resolve"]
        assert len(resolutions) == len(RoomView.replay(self.room.code, entries).resolutions)
        assert RoomView.replay(self.room.code, entries).game.dumps() == self.local.dumps()


def test_a_room_mid_round_survives_a_restart_with_the_same_objects(pg):
    with open_store(pg.url) as store:
        table = Table(store)
        table.roll()
        table.submit("blue")
        table.submit("red")  # mid-round: two seats submitted, one awaited
        room = table.room
        pg.restart()  # pg_ctl restart -m fast: every connection is cut
        assert room.refresh() is False  # the next call reconnects: nothing new, no error
        assert room.view.waiting_for() == ("green",)
        pg.restart()
        table.submit("green")  # the round resolves
        table.finish_round()
        pg.restart()
        table.roll()  # round 2
        assert room.view.phase == "plan" and room.view.game.round == 2
        table.assert_exactly_once(store)
        again = Room.open(store, room.code)  # a newcomer replays the same log
        assert again.view.game.dumps() == table.local.dumps()


def test_a_waiting_listener_listens_again_after_a_restart(pg):
    with open_store(pg.url) as store, open_store(pg.url) as other:
        code = "ABCDEFGH"
        assert store.append(code, Entry(1, "create", 0.0, {}))
        woke: list[tuple[bool, float]] = []

        def waiting() -> None:
            started = time.monotonic()
            woke.append((store.wait(code, 1, timeout=30), time.monotonic() - started))

        waiter = threading.Thread(target=waiting)
        waiter.start()
        pg.wait_for("query = 'LISTEN asteroyds_rooms'")
        pg.restart()  # the listener's connection is cut while it waits
        pg.wait_for("query = 'LISTEN asteroyds_rooms'")  # it listens again by itself
        assert other.append(code, Entry(2, "join", 0.0, {}))  # (the other store reconnects too)
        waiter.join(timeout=35)
        assert woke and woke[0][0] is True
        assert woke[0][1] < 20  # woken by the NOTIFY, not by the 30 s timeout


def test_an_append_whose_answer_is_lost_is_in_the_log_once(pg):
    """The backend is killed after the INSERT committed, before the client read the answer."""
    proxy = CuttingProxy(pg.socket_path)
    try:
        with open_store(proxy.url()) as store:
            table = Table(store)
            table.roll()
            table.submit("blue")
            killed: list[int] = []
            marker = f'"text":"{PROGRAMS["red"]}"'.encode()  # red's entry, in the insert's parameters
            proxy.arm(marker, lambda pid: killed.extend(pg.terminate("pid = %s", (pid,))))
            table.submit("red")  # the answer never arrives; the store reads the log back
            assert proxy.cut and killed == proxy.cut  # the fault really happened, server side
            assert table.room.view.submitted() == ("blue", "red")
            table.submit("green")
            table.finish_round()
            table.assert_exactly_once(store)
    finally:
        proxy.close()


def test_an_append_killed_before_its_commit_is_made_once(pg):
    """The backend is killed while its INSERT waits (a lock held by another session): nothing was written."""
    import psycopg

    with open_store(pg.url) as store:
        table = Table(store)
        table.roll()
        table.submit("blue")
        inserting = "wait_event_type = 'Lock' AND query LIKE 'WITH added AS (INSERT%%'"
        with psycopg.connect(pg.url) as locker:
            locker.execute("LOCK TABLE room_entries IN EXCLUSIVE MODE")  # reads go on; inserts wait
            failed: list[BaseException] = []

            def submitting() -> None:
                try:
                    table.submit("red")
                except BaseException as exc:  # noqa: BLE001 (reported below)
                    failed.append(exc)

            thread = threading.Thread(target=submitting)
            thread.start()
            first = pg.wait_for(inserting)
            assert pg.terminate(inserting) == first
            second = pg.wait_for(inserting)  # the store reconnected and inserts again
            assert second != first
            locker.commit()  # the lock goes; the second attempt commits
            thread.join(timeout=30)
        assert failed == []
        table.submit("green")
        table.finish_round()
        table.assert_exactly_once(store)


def test_while_the_database_is_away_only_a_sentence_leaves_the_store(pg, monkeypatch):
    import psycopg

    from asteroyds.rooms.store import base as store_base
    from asteroyds.rooms.store import postgres as pg_store

    # How long the store holds a caller, as what it does (its connection attempts and the pauses
    # of its backoff), not as a duration: a loaded machine must not fail it.
    pauses: list[float] = []
    pause = store_base.Backoff.pause

    def recorded(backoff: store_base.Backoff) -> bool:
        delay = backoff.delay
        paused = pause(backoff)
        if paused:
            pauses.append(delay)
        return paused

    monkeypatch.setattr(store_base.Backoff, "pause", recorded)
    connects: list[object] = []
    connect = psycopg.connect

    def counted(*args, **kwargs):
        connects.append(args)
        return connect(*args, **kwargs)

    with open_store(pg.url) as store:
        table = Table(store)
        table.roll()
        pg.stop()
        monkeypatch.setattr(psycopg, "connect", counted)
        pauses.clear()
        with pytest.raises(StoreUnavailable, match="cannot reach the room store") as away:
            table.room.refresh()
        # a short, bounded retry: it tried again, pausing no longer than its budget in all
        assert connects and pauses and sum(pauses) <= pg_store.RETRY_SECONDS, (connects, pauses)
        assert isinstance(away.value, RoomError) and not isinstance(away.value, psycopg.Error)
        assert "\n" not in str(away.value)
        for action in (
            lambda: table.room.submit("blue", PROGRAMS["blue"], table.tokens["blue"]),
            lambda: table.room.show(),
            lambda: store.wait(table.room.code, 0, timeout=0.1),
            lambda: Room.open(store, table.room.code),
        ):
            connects.clear()
            pauses.clear()
            with pytest.raises(StoreUnavailable):
                action()
            assert pauses == [] and len(connects) <= 1  # known away: one quick attempt at most, no backoff
        monkeypatch.setattr(psycopg, "connect", connect)
        pg.start()
        time.sleep(1.1)  # (while away, a call tries the database at most once a second)
        table.submit("blue")  # the same room and store, back by themselves
        table.submit("red")
        table.submit("green")
        table.finish_round()
        table.assert_exactly_once(store)


def test_the_command_line_prints_one_line_and_exits_2_while_the_database_is_away(pg, capsys, monkeypatch):
    monkeypatch.delenv("ASTEROYDS_ROOM_TOKEN", raising=False)
    with open_store(pg.url) as store:
        code = Table(store).room.code
    pg.stop()
    for argv in (["room", "show", code], ["room", "create", "--seats", "blue,red"]):
        assert main([*argv, "--store", pg.url]) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.splitlines()) == 1, err
        assert "cannot reach the room store" in err and "Traceback" not in err
        assert "psycopg" not in err and "OperationalError" not in err
    assert main(["--lang", "fr", "room", "show", code, "--store", pg.url]) == 2
    assert "impossible de joindre le stockage des salles" in capsys.readouterr().err
    pg.start()
    assert main(["room", "show", code, "--store", pg.url]) == 0
    assert f"room {code}" in capsys.readouterr().out


def test_a_bad_table_is_a_sentence_not_a_driver_error(pg):
    """A failure that is not a lost connection (the table is gone) is a RoomError at once."""
    with open_store(pg.url) as store:
        table = Table(store)
        pg.query("DROP TABLE room_entries")
        with pytest.raises(RoomError, match="room_entries") as error:
            table.room.refresh()
        assert not isinstance(error.value, StoreUnavailable)


# --- SQLite: a busy file ---------------------------------------------------------------------------


def _hold_the_write_lock(path, seconds: float) -> threading.Thread:
    """Another process's long write: BEGIN EXCLUSIVE (in WAL, readers go on; writers wait)."""
    ready = threading.Event()

    def hold() -> None:
        db = sqlite3.connect(str(path), isolation_level=None)
        db.execute("BEGIN EXCLUSIVE")
        ready.set()
        time.sleep(seconds)
        db.execute("COMMIT")
        db.close()

    thread = threading.Thread(target=hold)
    thread.start()
    ready.wait(5)
    return thread


def test_sqlite_waits_out_a_busy_file_longer_than_its_own_timeout(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    with SQLiteStore(path) as store:
        table = Table(store)
        table.roll()
        held = sqlite_store.BUSY_TIMEOUT_MS / 1000 + 1.0  # past SQLite's own wait: the store retries
        holder = _hold_the_write_lock(path, held)
        started = time.monotonic()
        table.submit("blue")  # no "database is locked" reaches the caller
        assert time.monotonic() - started >= held - 0.5
        holder.join()
        assert table.room.view.submitted() == ("blue",)
        table.assert_exactly_once(store)


def test_sqlite_busy_for_too_long_is_unavailable_not_a_driver_error(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_store, "BUSY_SECONDS", 0.5)
    path = tmp_path / "rooms.sqlite3"
    with SQLiteStore(path) as store:
        table = Table(store)
        table.roll()
        holder = _hold_the_write_lock(path, sqlite_store.BUSY_TIMEOUT_MS / 1000 + 1.5)
        with pytest.raises(StoreUnavailable, match="locked"):
            table.room.submit("blue", PROGRAMS["blue"], table.tokens["blue"])
        holder.join()
        table.submit("blue")  # the file is free again
        table.assert_exactly_once(store)


def test_a_broken_sqlite_file_is_a_sentence(tmp_path):
    path = tmp_path / "rooms.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    with pytest.raises(RoomError, match="rooms.sqlite3") as error:
        SQLiteStore(path)
    assert not isinstance(error.value, sqlite3.Error)
