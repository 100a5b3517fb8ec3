"""The order in which xdist's workers take the suite's files: longest first, big files in pieces.

``--dist loadfile`` keeps a file's tests in one worker and hands out files largest first by their
number of tests. That put the single long tests (a benchmark's smoke run, an exhaustive search, a
three-device class, the Binder install), each alone in its file, last: a fresh clone's run ended
on a few of them, in workers that mostly waited, with the machine's cores half idle for minutes.
Two changes, both only of order and grouping, never of what runs:

- units go out **longest first** by the time they took in a recorded run (:data:`DURATIONS`,
  ``tests/durations.json``): the classic rule for filling workers evenly, so the run ends on
  short tests that keep both cores busy. A unit the record does not know yet (a new test) counts
  :data:`UNKNOWN` seconds a test;
- the files of :data:`SPLIT` are handed out a test at a time: their tests share nothing but the
  session's fixtures (the app server, the browser), which every worker starts once anyway, so
  thirty pages of ``test_every_page.py`` spread over the workers instead of queueing in one.

A file may join :data:`SPLIT` only while it has no module- or class-scoped fixture
(``tests/test_scheduling.py`` checks it); a notebook never may (its cells share one kernel).

The record is refreshed by a full run with ``ASTEROYDS_RECORD_DURATIONS=1`` (docs/contributing.md):
each unit's seconds (setup, call and teardown of its tests, as the workers ran side by side) are
written to ``tests/durations.json``; units the run did not reach keep their old figure.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

from xdist.scheduler import LoadFileScheduling

RECORD = Path(__file__).with_name("durations.json")
UNKNOWN = 1.0  # seconds for a test the record does not know

# Files whose tests are handed out one at a time.
SPLIT = (
    "tests/test_benchmarks.py",
    "tests/test_coach.py",
    "tests/browser/test_every_page.py",
    "tests/browser/test_rule_boards.py",
    "tests/test_lazy_sections.py",
)


def unit_of(nodeid: str) -> str:
    """The work unit a test belongs to: itself in a :data:`SPLIT` file, else its file."""
    path = nodeid.split("::", 1)[0]
    return nodeid if path in SPLIT else path


def load_durations(path: Path = RECORD) -> dict[str, float]:
    """The recorded seconds per unit (none when there is no record)."""
    if not path.exists():
        return {}
    return {str(unit): float(seconds) for unit, seconds in json.loads(path.read_text()).items()}


def save_durations(seconds_by_test: dict[str, float], path: Path = RECORD) -> None:
    """Add a run's seconds per test to the record, by unit, sorted (a stable, reviewable diff)."""
    units: dict[str, float] = defaultdict(float)
    for nodeid, seconds in seconds_by_test.items():
        units[unit_of(nodeid)] += seconds
    record = load_durations(path)
    record.update({unit: round(seconds, 1) for unit, seconds in units.items()})
    path.write_text(json.dumps(dict(sorted(record.items())), indent=0) + "\n")


DURATIONS = load_durations()


class LongFirstScheduling(LoadFileScheduling):
    """``loadfile`` with the longest units first (:data:`DURATIONS`), :data:`SPLIT` files in single tests."""

    _ordered = False
    durations: dict[str, float] = DURATIONS

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)

    def _expected(self, unit: str, tests: object) -> float:
        known = self.durations.get(unit)
        return known if known is not None else UNKNOWN * len(tests)  # type: ignore[arg-type]

    def _assign_work_unit(self, node) -> None:  # type: ignore[no-untyped-def]
        if not self._ordered:  # the queue is complete at the first hand-out: order it once
            ordered = sorted(self.workqueue.items(), key=lambda item: -self._expected(*item))
            self.workqueue.clear()
            self.workqueue.update(ordered)
            self._ordered = True
        super()._assign_work_unit(node)


def scheduler(config, log):  # type: ignore[no-untyped-def]
    """The scheduler for ``--dist loadfile``; ``None`` (xdist's own) for any other mode."""
    if config.getvalue("dist") != "loadfile":
        return None
    return LongFirstScheduling(config, log)
