"""What every test gets: its markers by where it lives, and the process's language back as found.

Markers by place (so a new file cannot forget them, and the quick loop
``python -m pytest -m "not ui and not slow"`` stays quick):

- every test under ``tests/browser/`` is ``ui`` (Chromium and an app server);
- every notebook nbval executes is ``slow`` (each starts a kernel and runs a whole chapter).

Workers (``-n auto --dist loadgroup``): a test runs in whichever worker is free, except the
tests of a notebook or of a module with a module-scoped fixture, which stay together.

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
    idle timeout, a class's 30 seconds): more workers than cores overlap the waits. The quick
    loop (``-m "not ui and not slow"``) is busy on the CPU, so one worker per core.
    """
    cores = os.cpu_count() or 1
    selected = config.getoption("markexpr") or ""
    return cores if "not ui" in selected else 2 * cores


def _shares_a_fixture_or_kernel(item: pytest.Item) -> bool:
    """Whether ``item`` must run in the same worker as the rest of its file.

    A notebook's cells share one kernel, in order; a module- or class-scoped fixture
    (a hub, a server) would start once per worker that runs a test of its module.
    """
    if item.path.suffix == ".ipynb":
        return True
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    for name in info.names_closure:
        for definition in info.name2fixturedefs.get(name, ()):
            if definition.scope in ("module", "class", "package"):
                return True
    return False


@pytest.hookimpl(tryfirst=True)  # before ``-m`` deselects by marker, and before xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    groups = config.pluginmanager.hasplugin("xdist")  # ``-p no:xdist`` knows no ``xdist_group`` marker
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.ui)
        elif item.path.suffix == ".ipynb":
            item.add_marker(pytest.mark.slow)
        if groups and _shares_a_fixture_or_kernel(item):
            item.add_marker(pytest.mark.xdist_group(str(item.path.relative_to(config.rootpath))))
    # ``--dist loadgroup`` hands a group (by test count, largest first) or a lone test to the next idle
    # worker in this order: the long tests (browser, slow) first, the short ones last, where they fill
    # the gaps while the last long ones finish instead of a worker idling behind one long test.
    items.sort(key=lambda item: not (item.get_closest_marker("ui") or item.get_closest_marker("slow")))


@pytest.fixture(autouse=True)
def language_restored() -> Iterator[None]:
    before = i18n.language()
    yield
    i18n.set_language(before)
