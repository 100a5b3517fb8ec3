"""The suite's order for xdist (``tests/scheduling.py``): long work first, split files in single tests."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from .scheduling import LONG, SPLIT, LongFirstScheduling, scheduler

ROOT = Path(__file__).resolve().parents[1]


class _Worker:
    """What the scheduler sees of a worker: the indexes of the tests it is told to run."""

    def __init__(self, name: str) -> None:
        self.gateway = SimpleNamespace(id=name)
        self.shutting_down = False
        self.told: list[list[int]] = []

    def send_runtest_some(self, indexes: list[int]) -> None:
        self.told.append(indexes)

    def shutdown(self) -> None:
        pass


def _config(dist: str = "loadfile") -> SimpleNamespace:
    values = {"tx": ["2*popen"], "dist": dist}
    return SimpleNamespace(getvalue=values.__getitem__, option=SimpleNamespace(loadscopereorder=True))


def test_every_listed_unit_exists_and_split_files_share_no_module_fixture():
    for entry in LONG + SPLIT:
        path, _, test = entry.partition("::")
        source = (ROOT / path).read_text()
        assert not test or f"def {test.split('[')[0]}(" in source, entry
    for path in SPLIT:
        assert path.endswith(".py"), path  # a notebook's cells share one kernel
        scoped = re.findall(r"scope=[\"'](module|class|package)[\"']", (ROOT / path).read_text())
        assert not scoped, f"{path} has a {scoped[0]}-scoped fixture: it cannot be split"


def test_long_work_goes_out_first_and_a_split_file_goes_out_a_test_at_a_time():
    every_page = "tests/browser/test_every_page.py::test_a_page_is_made_for_the_web"
    collection = [
        "tests/test_a.py::test_one",
        "tests/test_a.py::test_two",
        "tests/test_a.py::test_three",
        f"{every_page}[01.ipynb]",
        f"{every_page}[02.ipynb]",
        "tests/test_binder.py::test_binder_requirements_install_and_serve_the_welcome_chapter",
        "tests/test_coach.py::test_tiny_shooting_boards_exhaustively",
        "tests/test_coach.py::test_something_quick",
    ]
    sched = LongFirstScheduling(_config())
    workers = [_Worker("gw0"), _Worker("gw1")]
    for worker in workers:
        sched.add_node(worker)
        sched.add_node_collection(worker, collection)
    sched.schedule()
    first = [[collection[i] for i in worker.told[0]] for worker in workers]
    # The two longest units first, in LONG's order; then the rest by size (test_a's three tests together).
    assert first == [
        ["tests/test_coach.py::test_tiny_shooting_boards_exhaustively"],
        ["tests/test_binder.py::test_binder_requirements_install_and_serve_the_welcome_chapter"],
    ]
    second = [[collection[i] for i in worker.told[1]] for worker in workers]
    assert second == [collection[:3], [f"{every_page}[01.ipynb]"]]  # one page of the split file, not both
    assert list(sched.workqueue) == [f"{every_page}[02.ipynb]", "tests/test_coach.py::test_something_quick"]


def test_other_modes_keep_xdists_own_scheduler():
    assert scheduler(_config("load"), None) is None
    assert isinstance(scheduler(_config(), None), LongFirstScheduling)
