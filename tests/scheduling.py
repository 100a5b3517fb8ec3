"""The order in which xdist's workers take the suite's files: long work first, big files in pieces.

``--dist loadfile`` keeps a file's tests in one worker and hands out files largest first (by
their number of tests). On a fresh clone that left the run's last minutes to a few single tests
of one or two minutes each (a benchmark's smoke run, an exhaustive search, the Binder install),
each alone in its file and so scheduled last, one or two workers busy and the others done: the
run used 1.2 of its 2 cores. Two changes, both only of order and grouping, never of what runs:

- the units of :data:`LONG` start first;
- the files of :data:`SPLIT` are handed out a test at a time: their tests share nothing but the
  session's fixtures (the app server, the browser), which every worker starts once anyway, so
  thirty pages of ``test_every_page.py`` spread over the workers instead of queueing in one.

A file may join :data:`SPLIT` only while it has no module- or class-scoped fixture
(``tests/test_scheduling.py`` checks it); a notebook never may (its cells share one kernel).
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling

# Work units of a minute or more (measured in a fresh-clone run's ``--durations``), longest first.
LONG = (
    "tests/test_coach.py::test_tiny_shooting_boards_exhaustively",
    "tests/test_benchmarks.py::test_a_benchmark_runs_quick_and_prints_its_figures[classroom]",
    "tests/test_binder.py",
    "tests/browser/test_class_walk.py",
    "tests/browser/test_rooms_resilience.py",
    "tests/browser/test_jupyterhub.py",
    "tests/test_benchmarks.py::test_a_benchmark_runs_quick_and_prints_its_figures[ui_latency]",
    "tests/test_benchmarks.py::test_a_benchmark_runs_quick_and_prints_its_figures[pages]",
    "tests/browser/test_chapters_1_to_3.py",
)

# Files whose tests are handed out one at a time.
SPLIT = (
    "tests/test_benchmarks.py",
    "tests/test_coach.py",
    "tests/browser/test_every_page.py",
    "tests/browser/test_rule_boards.py",
    "tests/test_lazy_sections.py",
)


def _rank(scope: str) -> int:
    """Where ``scope`` comes in :data:`LONG` (a unit of a listed file counts as listed)."""
    for rank, long in enumerate(LONG):
        if scope == long or scope.startswith((long + "::", long + "[")):
            return rank
    return len(LONG)


class LongFirstScheduling(LoadFileScheduling):
    """``loadfile`` with :data:`LONG` first and the files of :data:`SPLIT` in single tests."""

    _ordered = False

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.split("::", 1)[0] in SPLIT:
            return nodeid
        return super()._split_scope(nodeid)

    def _assign_work_unit(self, node) -> None:  # type: ignore[no-untyped-def]
        if not self._ordered:  # the queue is complete at the first hand-out: order it once
            ordered = sorted(self.workqueue.items(), key=lambda item: (_rank(item[0]), -len(item[1])))
            self.workqueue.clear()
            self.workqueue.update(ordered)
            self._ordered = True
        super()._assign_work_unit(node)


def scheduler(config, log):  # type: ignore[no-untyped-def]
    """The scheduler for ``--dist loadfile``; ``None`` (xdist's own) for any other mode."""
    if config.getvalue("dist") != "loadfile":
        return None
    return LongFirstScheduling(config, log)
