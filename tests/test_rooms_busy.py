"""A busy class on one SQLite file: 12 processes submitting and polling the same room for 30 s.

Six processes are the students' pages (each submits its seat's program,
sometimes twice, and answers its questions), six are teachers' pages (they
race to roll, and submit for a seat with the teacher's token); all poll the
room as a page does (:meth:`RoomSession.poll`). When a game ends they all go
on to the next room. No error may reach them (a busy file is the store's
business), and each room's log must hold exactly what they were told was
done: every acknowledged program, roll and answer once, in order, and
nothing else. However slow the machine, every page follows at least
:data:`GAMES` games to their end (it plays on past the 30 s until then):
the test asserts what the class did, never how fast.
"""

from __future__ import annotations

import multiprocessing
from collections import defaultdict

import pytest

from asteroyds.rooms import Room, RoomView, open_store, room_game
from tests.rooms_helpers import SEAT_PROGRAMS, TEACHER_PROGRAMS, busy_page

pytestmark = pytest.mark.slow

SEATS = ["blue", "red", "green", "yellow", "orange", "purple"]
SECONDS = 30.0
ROOMS = 200  # more games than 30 s can finish: here about 1500 rounds, 56 games, were played in 30 s
GAMES = 2  # every page follows at least this many games to their end, however long it takes


def test_twelve_processes_on_one_sqlite_room_for_30_seconds(tmp_path):
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    rooms = []
    with open_store(url) as store:
        for seed in range(ROOMS):
            room, teacher = Room.create(store, room_game("racing", SEATS, seed=seed), planning_seconds=None)
            rooms.append((room.code, teacher, {seat: room.join(seat) for seat in SEATS}))
    ctx = multiprocessing.get_context("spawn")
    pages = [("seat", seat) for seat in SEATS] + [("teacher", seat) for seat in SEATS]
    barrier, results = ctx.Barrier(len(pages)), ctx.Queue()
    procs = [
        ctx.Process(target=busy_page, args=(url, rooms, role, seat, SECONDS, GAMES, barrier, results))
        for role, seat in pages
    ]
    for p in procs:
        p.start()
    out = [results.get(timeout=SECONDS + 600) for _ in procs]  # (a hang detector, not a speed bound)
    for p in procs:
        p.join(timeout=30)
        assert p.exitcode == 0
    errors = [f"{role} {seat}: {e}" for role, seat, _done, errs, _polls, _index in out for e in errs]
    assert errors == []  # nothing reached a page: no "database is locked", no sqlite3 error
    last_room = max(index for *_rest, index in out)
    assert last_room < ROOMS  # the pages played for the whole 30 s (never ran out of rooms)
    # Every page, students' and teachers' alike, followed its games to their end: none was starved.
    assert min(index for *_rest, index in out) >= GAMES

    # what each page was told was done, by room
    programs: dict[tuple[int, str, str], list[tuple[int, str]]] = defaultdict(list)
    rolls: dict[int, int] = defaultdict(int)
    answers: dict[tuple[int, str], int] = defaultdict(int)
    for role, _seat, done, *_rest in out:
        for item in done:
            if item[1] == "program":
                index, _kind, who, round_, text = item
                programs[(index, who, role)].append((round_, text))
            elif item[1] == "roll":
                rolls[item[0]] += 1
            else:
                answers[(item[0], item[2])] += 1
    with open_store(url) as store:
        for index, (code, _teacher, _tokens) in enumerate(rooms[: last_room + 1]):
            entries = store.read(code)
            view = RoomView.replay(code, entries)  # the log replays
            rounds, logged = 0, defaultdict(list)
            logged_answers: dict[str, int] = defaultdict(int)
            for e in entries:
                if e.kind == "roll":
                    rounds += 1
                elif e.kind == "program":
                    role = "seat" if e.data["text"] in SEAT_PROGRAMS else "teacher"
                    assert e.data["text"] in SEAT_PROGRAMS + TEACHER_PROGRAMS
                    logged[(index, e.data["seat"], role)].append((rounds, e.data["text"]))
                elif e.kind == "answer":
                    assert e.data["reason"] == "player"
                    logged_answers[e.data["seat"]] += 1
            assert rolls[index] == rounds  # each roll in the log was acknowledged to one page
            mine = {key: value for key, value in programs.items() if key[0] == index}
            assert dict(logged) == mine  # every acknowledged program once, in order; nothing else
            assert dict(logged_answers) == {s: n for (i, s), n in answers.items() if i == index}
            assert [r.round for r in view.resolutions] == list(range(1, len(view.resolutions) + 1))
            if index < GAMES:  # games every page saw end: played to the end, each round resolved once
                assert view.phase == "over" and len(view.resolutions) == rounds
