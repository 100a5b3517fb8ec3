"""CPU a waiting room page costs: one poll of the store when nothing happened, and one that finds news.

A class room page polls its store every 0.5 s (asteroyds/ui/rooms/session.py). This prints the
CPU time of an idle poll (one ``MAX(seq)`` query on SQLite) and of a poll that reads one new
entry and redraws nothing (the page controller only), so a server's polling cost per page is
known: ``python benchmarks/room_polling.py``.
"""

from __future__ import annotations

import os
import tempfile
import time

from asteroyds.rooms import SQLiteStore
from asteroyds.ui.rooms.pages import RoomChoices, StudentPage, TeacherPage
from asteroyds.ui.rooms.session import POLL_SECONDS

IDLE_POLLS = 5000
BUSY_POLLS = 200


def main() -> None:
    with SQLiteStore(os.path.join(tempfile.mkdtemp(), "rooms.sqlite3")) as store:
        teacher = TeacherPage(store)
        code = teacher.create(RoomChoices(seats=("blue", "red"), planning_seconds=0))
        student = StudentPage(store)
        student.open(code)
        student.join("blue")
        teacher.roll()
        student.poll()
        start = time.process_time()
        for _ in range(IDLE_POLLS):
            student.poll()
        idle = (time.process_time() - start) / IDLE_POLLS
        other = StudentPage(store)
        other.open(code)
        other.join("red")
        busy = 0.0
        for i in range(BUSY_POLLS):  # one new entry before each poll: the seat freed, then taken again
            if i % 2 == 0:
                teacher.free_seat("red")
            else:
                other.session.room.join("red")
            start = time.process_time()
            assert student.poll()
            busy += time.process_time() - start
        busy /= BUSY_POLLS
    per_second = 1 / POLL_SECONDS
    print(f"idle poll: {idle * 1e6:.1f} µs CPU ({idle * per_second * 1e3:.3f} ms CPU per second per page)")
    print(f"poll with news (read, replay, public view): {busy * 1e3:.2f} ms CPU")


if __name__ == "__main__":
    main()
