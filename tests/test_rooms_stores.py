"""Both stores behind one interface: the append contract, waiting, and many processes at once.

Every test runs against SQLite (a temporary file) and PostgreSQL (a
throwaway server, see :mod:`tests.rooms_pg`). The concurrency tests start
processes that hit the same room at the same moment (a barrier) and check
that nothing is lost, each round resolves exactly once, and every reader
replays the identical game: the one played locally through the Python API.
"""

from __future__ import annotations

import multiprocessing
import threading
import time

import pytest

from asteroyds.rooms import Room, RoomView, open_store, room_game
from asteroyds.rooms.codes import new_code
from asteroyds.rooms.log import Entry
from tests.rooms_helpers import append_raw, play_locally, play_seat
from tests.rooms_pg import postgres_url  # noqa: F401  (the session fixture)

PROCESSES = 6
SEATS = ["blue", "red", "green", "yellow", "orange", "purple"]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    return request.getfixturevalue("postgres_url")


def test_append_takes_only_the_next_number(store_url):
    code = new_code()
    with open_store(store_url) as store:
        assert store.read(code) == [] and store.last_seq(code) == 0
        assert not store.append(code, Entry(2, "join", 1.0, {}))  # no gaps
        assert store.append(code, Entry(1, "create", 1.0, {"a": [1, 2]}))
        assert not store.append(code, Entry(1, "create", 2.0, {}))  # no twins
        assert store.append(code, Entry(2, "join", 3.5, {"seat": "blue"}))
        assert store.read(code) == [
            Entry(1, "create", 1.0, {"a": [1, 2]}),
            Entry(2, "join", 3.5, {"seat": "blue"}),
        ]
        assert [e.seq for e in store.read(code, after=1)] == [2]
        assert store.read(new_code()) == []  # other rooms are separate
    # Two pages appending the same entry (two teachers rolling the same round at the same clock
    # reading): one is told it is in the log, the other that the number went to someone else.
    with open_store(store_url) as store, open_store(store_url) as other:
        twin = Entry(3, "roll", 4.25, {"dice": None})
        assert [store.append(code, twin), other.append(code, twin)] == [True, False]
        assert store.read(code, after=2) == [twin]


def test_wait_wakes_up_on_an_append_from_another_connection(store_url):
    code = new_code()
    with open_store(store_url) as store, open_store(store_url) as other:
        assert store.append(code, Entry(1, "create", 0.0, {}))
        assert store.wait(code, 0, timeout=0.1)
        started = time.monotonic()
        assert not store.wait(code, 1, timeout=0.2)
        assert time.monotonic() - started >= 0.2
        # Woken by the append: another connection appends only once the wait has looked and found
        # nothing, and the wait is given an hour; back within a minute, it was woken, not timed out.
        looked, woke = threading.Event(), []
        last_seq = store.last_seq

        def look(room: str) -> int:
            found = last_seq(room)
            looked.set()
            return found

        store.last_seq = look  # type: ignore[method-assign]
        waiter = threading.Thread(target=lambda: woke.append(store.wait(code, 1, timeout=3600)), daemon=True)
        waiter.start()
        assert looked.wait(60)
        assert other.append(code, Entry(2, "join", 0.0, {}))
        waiter.join(timeout=60)
        assert not waiter.is_alive() and woke == [True]


def _run(target, args_of, n):
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(n), ctx.Queue()
    procs = [ctx.Process(target=target, args=(*args_of(i), barrier, results)) for i in range(n)]
    for p in procs:
        p.start()
    out = [results.get(timeout=180) for _ in procs]
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    return out


def test_concurrent_appends_lose_nothing(store_url):
    code, count = new_code(), 25
    with open_store(store_url) as store:
        assert store.append(code, Entry(1, "create", 0.0, {}))
        _run(append_raw, lambda i: (store_url, code, i, count), PROCESSES)
        entries = store.read(code)
    assert [e.seq for e in entries] == list(range(1, PROCESSES * count + 2))
    written = sorted((e.data["w"], e.data["i"]) for e in entries[1:])
    assert written == [(w, i) for w in range(PROCESSES) for i in range(count)]
    for w in range(PROCESSES):  # each writer's entries keep their order
        assert [e.data["i"] for e in entries[1:] if e.data["w"] == w] == list(range(count))


def test_two_stores_appending_the_same_number_at_once_exactly_one_wins(store_url):
    """The race the log's numbering settles, forced: each round, both writers append the same number.

    (In the test above, how many appends lose a race varies with the machine's
    load, from none to hundreds; here every round is a collision.) The two
    entries differ, so a loser cannot pass for a retry of its own append.
    """
    code, rounds = new_code(), 20
    with open_store(store_url) as store:
        assert store.append(code, Entry(1, "create", 0.0, {}))
    numbers = range(2, rounds + 2)
    barrier = threading.Barrier(2, timeout=60)
    won: dict[int, list[int]] = {n: [] for n in numbers}
    errors: list[BaseException] = []

    def writer(w: int) -> None:
        try:
            with open_store(store_url) as mine:
                for n in numbers:
                    barrier.wait()  # both at number n at once
                    if mine.append(code, Entry(n, "join", 0.0, {"w": w})):
                        won[n].append(w)
        except BaseException as exc:  # handed to the test's thread
            errors.append(exc)
            barrier.abort()

    writers = [threading.Thread(target=writer, args=(w,)) for w in (0, 1)]
    for thread in writers:
        thread.start()
    for thread in writers:
        thread.join(timeout=120)
    assert errors == [] and not any(thread.is_alive() for thread in writers)
    assert all(len(winners) == 1 for winners in won.values()), won  # never both, never neither
    with open_store(store_url) as store:
        entries = store.read(code)
    assert [e.seq for e in entries] == [1, *numbers]
    assert [e.data["w"] for e in entries[1:]] == [won[n][0] for n in numbers]  # the log holds the winner's


CAPTURE_SEATS = ["red1", "white1", "blue1", "red2", "white2", "blue2"]


@pytest.mark.parametrize("mode, seats", [("racing", SEATS), ("capture", CAPTURE_SEATS)])
def test_six_devices_play_a_room_like_the_python_api(store_url, mode, seats):
    rounds, seed = 3, 5
    with open_store(store_url) as store:
        room, teacher = Room.create(store, room_game(mode, seats, seed=seed), planning_seconds=None)
        out = _run(play_seat, lambda i: (store_url, room.code, teacher, seats[i], rounds), PROCESSES)
        final = RoomView.replay(room.code, store.read(room.code))
    local = play_locally(mode, seats, seed=seed, rounds=rounds)
    assert final.game.dumps() == local.dumps()
    assert [r.round for r in final.resolutions] == list(range(1, local.round))  # each round once
    joins = [s for s in final.seats.values() if s.taken]
    assert len(joins) == PROCESSES
    for _seat, _seq, dumps, resolved in out:  # every device replays the identical game
        assert dumps == local.dumps()
        assert resolved == [(r.round, r.seq) for r in final.resolutions]


def test_postgres_tests_skip_only_when_not_required(monkeypatch):
    """No PostgreSQL here: a skip; but with ASTEROYDS_REQUIRE_POSTGRES (CI) a failure."""
    from tests import rooms_pg

    monkeypatch.delenv(rooms_pg.REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception):
        rooms_pg._unavailable("no server")
    monkeypatch.setenv(rooms_pg.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match="no server, but ASTEROYDS_REQUIRE_POSTGRES is set"):
        rooms_pg._unavailable("no server")


def test_a_postgresql_url_without_psycopg_is_one_clear_error(monkeypatch):
    import builtins

    from asteroyds.rooms import RoomError

    real_import = builtins.__import__

    def no_psycopg(name, *args, **kwargs):
        if name == "psycopg":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_psycopg)
    with pytest.raises(RoomError, match=r"pip install \"asteroyds\[rooms-pg\]\""):
        open_store("postgresql://nobody@/nowhere")
