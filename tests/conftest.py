"""What every test gets: its markers by where it lives, and the process's language back as found.

Markers by place (so a new file cannot forget them, and the quick loop
``python -m pytest -m "not ui and not slow"`` stays quick):

- every test under ``tests/browser/`` is ``ui`` (Chromium and an app server);
- every notebook nbval executes is ``slow`` (each starts a kernel and runs a whole chapter).

Workers (``-n auto --dist loadfile``): a file's tests run in one worker (a notebook's cells share
one kernel; a module's fixtures start once).

A test that runs a French chapter's cells (``page_language("fr")``) switches the
whole process to French, as a kernel would; without the fixture below, the tests after
it would read French sentences where they expect English, and fail or pass by their order.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from asteroyds import i18n

BROWSER_TESTS = Path(__file__).parent / "browser"


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: a worker per core, twice that when the browser and server tests run.

    Those tests spend much of their time waiting (a page to render in Chromium, a server's
    idle timeout, a class's 30 seconds): more workers than cores overlap the waits. Two per
    core, not three: a whole fresh-clone run took 27 min with two, 29.6 with three (more
    browsers and kernels at once on the same cores). The quick loop (``-m "not ui and not
    slow"``) is busy on the CPU, so one worker per core.
    """
    cores = os.cpu_count() or 1
    selected = config.getoption("markexpr") or ""
    return cores if "not ui" in selected else 2 * cores


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.ui)
        elif item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)


def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object:
    """Longest work first, big independent files in single tests (``tests/scheduling.py``)."""
    from .scheduling import scheduler

    return scheduler(config, log)


# ASTEROYDS_RECORD_DURATIONS=1: the run's seconds per test go into tests/durations.json at its end
# (in the controller, which sees every worker's reports), for the scheduler's order.
_SECONDS: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if os.environ.get("ASTEROYDS_RECORD_DURATIONS"):
        _SECONDS[report.nodeid] = _SECONDS.get(report.nodeid, 0.0) + report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    controller = not hasattr(session.config, "workerinput")
    if os.environ.get("ASTEROYDS_RECORD_DURATIONS") and _SECONDS and controller:
        from .scheduling import save_durations

        save_durations(_SECONDS)
