"""CPU a waiting room page costs: one poll of the store when nothing happened, and one that finds news.

A class room page polls its store every 0.5 s (asteroyds/ui/rooms/session.py). This prints the
CPU time (``time.process_time``) of an idle poll (one ``MAX(seq)`` query on SQLite) and of a poll
that reads one new entry and redraws nothing (the page controller only), so a server's polling
cost per page is known: ``python benchmarks/room_polling.py [--quick]``.

The baselines, each measured in the same run, alternating with the figure (``benchmarks/_report.py``):

- for the idle poll, the store's own query (``store.last_seq``, the room's last entry number): the
  floor an idle poll cannot go below, so the ratio is what the page adds to the one query it needs;
- for the poll with news, an idle poll of the same page just after it: the ratio is how many idle
  polls one piece of news costs, which is what sizes a server (pages are idle most of the time).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _report import arguments, figure, header, paired  # noqa: E402

from asteroyds.rooms import SQLiteStore  # noqa: E402
from asteroyds.ui.rooms.pages import RoomChoices, StudentPage, TeacherPage  # noqa: E402
from asteroyds.ui.rooms.session import POLL_SECONDS  # noqa: E402


def main() -> None:
    args = arguments(__doc__).parse_args()
    idle_rounds, busy_polls = (5, 10) if args.quick else (50, 200)
    header("room polling", args.quick)
    with tempfile.TemporaryDirectory() as folder, SQLiteStore(os.path.join(folder, "rooms.sqlite3")) as store:
        teacher = TeacherPage(store)
        code = teacher.create(RoomChoices(seats=("blue", "red"), planning_seconds=0))
        student = StudentPage(store)
        student.open(code)
        student.join("blue")
        teacher.roll()
        student.poll()
        idle, query = paired(
            student.poll, lambda: store.last_seq(code), idle_rounds, number=100, clock=time.process_time
        )
        other = StudentPage(store)
        other.open(code)
        other.join("red")
        news, quiet = [], []
        for i in range(busy_polls):  # one new entry before each poll: the seat freed, then taken again
            if i % 2 == 0:
                teacher.free_seat("red")
            else:
                other.session.room.join("red")
            start = time.process_time()
            if not student.poll():
                raise SystemExit("the poll found no news: the benchmark no longer measures what it says")
            news.append(time.process_time() - start)
            start = time.process_time()
            if student.poll():
                raise SystemExit("the poll after the news found more: the baseline is not an idle poll")
            quiet.append(time.process_time() - start)
    per_second = 1 / POLL_SECONDS
    figure(
        "idle poll, CPU",
        idle * 1e6,
        "µs",
        "the store's query alone",
        query * 1e6,
        f"{idle * per_second * 1e3:.3f} ms CPU per second per page",
    )
    figure(
        "poll with news (read, replay, view), CPU",
        statistics.median(news) * 1e6,
        "µs",
        "an idle poll, just after",
        statistics.median(quiet) * 1e6,
        f"median of {busy_polls}",
    )


if __name__ == "__main__":
    main()
