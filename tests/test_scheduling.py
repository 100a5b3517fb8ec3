"""The suite's order for xdist (``tests/scheduling.py``): longest first, split files in single tests."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from .scheduling import RECORD, SPLIT, LongFirstScheduling, load_durations, save_durations, scheduler, unit_of

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


def test_split_files_exist_and_share_no_module_fixture():
    for path in SPLIT:
        assert path.endswith(".py"), path  # a notebook's cells share one kernel
        scoped = re.findall(r"scope=[\"'](module|class|package)[\"']", (ROOT / path).read_text())
        assert not scoped, f"{path} has a {scoped[0]}-scoped fixture: it cannot be split"


def test_the_record_names_units_of_this_suite():
    """The recorded units are files that exist (a renamed file is recorded anew, not kept)."""
    record = load_durations()
    assert len(record) > 100 and all(seconds >= 0 for seconds in record.values())
    for unit in record:
        path = unit.split("::", 1)[0]
        assert (ROOT / path).exists(), f"{unit}: no such file; refresh tests/durations.json"
        assert unit_of(unit) == unit, f"{unit}: not a unit (a split file's test, or a whole file)"


def test_the_longest_unit_goes_out_first_and_a_split_file_a_test_at_a_time():
    every_page = "tests/browser/test_every_page.py::test_a_page_is_made_for_the_web"
    collection = [
        "tests/test_a.py::test_one",
        "tests/test_a.py::test_two",
        "tests/test_a.py::test_three",
        f"{every_page}[01.ipynb]",
        f"{every_page}[02.ipynb]",
        "tests/test_binder.py::test_binder_requirements_install_and_serve_the_welcome_chapter",
        "tests/test_new.py::test_not_recorded",
    ]
    sched = LongFirstScheduling(_config())
    sched.durations = {
        "tests/test_binder.py": 300.0,
        f"{every_page}[02.ipynb]": 40.0,
        f"{every_page}[01.ipynb]": 10.0,
        "tests/test_a.py": 2.5,
    }
    workers = [_Worker("gw0"), _Worker("gw1")]
    for worker in workers:
        sched.add_node(worker)
        sched.add_node_collection(worker, collection)
    sched.schedule()
    told = [[[collection[i] for i in batch] for batch in worker.told] for worker in workers]
    # The two longest units first, one to each worker; the unknown file counts a second a test.
    assert [batches[0] for batches in told] == [
        ["tests/test_binder.py::test_binder_requirements_install_and_serve_the_welcome_chapter"],
        [f"{every_page}[02.ipynb]"],
    ]
    assert [batches[1] for batches in told] == [[f"{every_page}[01.ipynb]"], collection[:3]]
    assert list(sched.workqueue) == ["tests/test_new.py"]


def test_a_run_adds_its_seconds_by_unit_and_keeps_the_rest(tmp_path):
    record = tmp_path / "durations.json"
    record.write_text('{"tests/test_old.py": 7.0, "tests/test_a.py": 1.0}')
    every_page = "tests/browser/test_every_page.py::test_a_page_is_made_for_the_web[01.ipynb]"
    run = {"tests/test_a.py::test_one": 0.25, "tests/test_a.py::test_two": 0.5, every_page: 12.34}
    save_durations(run, record)
    assert load_durations(record) == {every_page: 12.3, "tests/test_a.py": 0.8, "tests/test_old.py": 7.0}
    assert list(load_durations(record)) == sorted(load_durations(record))  # sorted: a reviewable diff
    assert RECORD.name == "durations.json"


def test_other_modes_keep_xdists_own_scheduler():
    assert scheduler(_config("load"), None) is None
    assert isinstance(scheduler(_config(), None), LongFirstScheduling)
