"""Browser-test fixtures: a Voila server over ``notebooks/`` and Debian's Chromium via Playwright.

Policy: these tests skip only when ``/usr/bin/chromium`` is missing and
``ASTEROYDS_REQUIRE_BROWSER`` is not set; with the variable set, a missing
browser is a failure (CI sets it).
"""

from __future__ import annotations

import os
import re
import shutil
from collections import deque
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path

import pytest

from asteroyds.rooms.store import ENV_VAR as STORE_VAR
from asteroyds.serve.launch import serve

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SERVER_TIMEOUT = 90.0  # seconds for Voila to answer
TRACEBACKS = ("--show_tracebacks=True",)
RENDER_TIMEOUT = 120_000  # ms for a notebook to execute and its widgets to render
# ms an ``expect(...)`` waits unless it says otherwise (Playwright's own default is 5 s). A bound, not a
# speed check: with four workers on two cores, a kernel answering a click can take longer than 5 s.
EXPECT_TIMEOUT = 30_000


@pytest.fixture(scope="session", autouse=True)
def patient_expectations() -> None:
    from playwright.sync_api import expect

    expect.set_options(timeout=EXPECT_TIMEOUT)


def _browser_available() -> None:
    """Skip or fail according to the project policy when Chromium is missing."""
    if CHROMIUM.exists():
        return
    if os.environ.get("ASTEROYDS_REQUIRE_BROWSER"):
        pytest.fail(
            f"browser tests need {CHROMIUM} (ASTEROYDS_REQUIRE_BROWSER is set): "
            "install it with `apt-get install -y chromium`"
        )
    pytest.skip(f"{CHROMIUM} not found (set ASTEROYDS_REQUIRE_BROWSER=1 to make this a failure)")


_SERVER_LOGS: list[Path] = []  # this worker's test server's log (a failed test's report quotes its end)


@pytest.fixture(scope="session")
def rooms_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The class rooms' SQLite file of the test server's pages (never the user's data folder)."""
    return tmp_path_factory.mktemp("rooms") / "rooms.sqlite3"


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory, rooms_store: Path) -> Iterator[str]:
    """Start ``voila notebooks/`` on a free port; yield its base URL; stop it at the end.

    Its kernels keep class rooms in ``rooms_store`` (``ASTEROYDS_STORE``, inherited by the server).
    """
    _browser_available()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    _SERVER_LOGS.append(log_path)
    saved = os.environ.get(STORE_VAR)
    os.environ[STORE_VAR] = str(rooms_store)
    with ExitStack() as stack:
        try:  # as `asteroyds app` serves it (VOILA_ARGS), with tracebacks for the log
            url = stack.enter_context(
                serve(NOTEBOOKS, log_path=log_path, timeout=SERVER_TIMEOUT, cwd=ROOT, options=TRACEBACKS)
            )
        except RuntimeError as exc:  # Voila exited or did not answer: the message has its log's tail
            pytest.fail(str(exc))
        finally:  # the server has its environment; the tests' own process keeps the caller's
            if saved is None:
                os.environ.pop(STORE_VAR, None)
            else:
                os.environ[STORE_VAR] = saved
        yield url


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium driven by Playwright (``playwright install`` cannot download here)."""
    _browser_available()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


CONSOLE_KEPT = 40  # the last console lines a failed test's report shows


def new_page(browser: object) -> tuple[object, object]:
    """A fresh context and its page; uncaught page errors are collected on ``page.errors``, the last
    console lines on ``page.console_lines`` (a failed test's report shows both)."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, device_scale_factor=1)  # type: ignore[attr-defined]
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.console_lines = deque(maxlen=CONSOLE_KEPT)  # type: ignore[attr-defined]
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))  # type: ignore[attr-defined]
    page.on("console", lambda m: page.console_lines.append(f"{m.type}: {m.text}"))  # type: ignore[attr-defined]
    return context, page


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A fresh page (own context) per test."""
    context, page = new_page(browser)
    try:
        yield page
    finally:
        context.close()  # type: ignore[attr-defined]


@pytest.fixture
def contexts(browser: object) -> Iterator[object]:
    """Make as many fresh pages (each its own context, as separate people) as a test needs."""
    opened = []

    def make() -> object:
        context, page = new_page(browser)
        opened.append(context)
        make.pages.append(page)  # type: ignore[attr-defined]
        return page

    make.pages = []  # type: ignore[attr-defined]
    yield make
    for context in opened:
        context.close()  # type: ignore[attr-defined]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[None]:
    """A failed browser test's report shows what its pages showed: a screenshot of each (in
    ``test-artifacts/failed-*.png``), its address, its uncaught errors and its last console lines,
    and the end of the Voila server's log. A failure seen once in CI can then be read, not guessed."""
    outcome = yield
    report = outcome.get_result()
    if report.when != "call" or not report.failed:
        return
    funcargs = getattr(item, "funcargs", {})
    pages = [funcargs["page"]] if "page" in funcargs else []
    pages += getattr(funcargs.get("contexts"), "pages", [])
    for number, page in enumerate(pages):
        report.sections.append((f"page {number}", _what_the_page_showed(page, f"{item.name}-{number}")))
    if _SERVER_LOGS and (pages or "voila_url" in funcargs):
        tail = _SERVER_LOGS[-1].read_text(errors="replace")[-3000:]
        report.sections.append(("the Voila server's log (its end)", tail))


def _what_the_page_showed(page: object, name: str) -> str:
    lines = []
    try:
        lines.append(f"address: {page.url}")  # type: ignore[attr-defined]
        shot = ARTIFACTS / f"failed-{re.sub(r'[^A-Za-z0-9_.-]+', '-', name)[:120]}.png"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(shot), full_page=True, timeout=15_000)  # type: ignore[attr-defined]
        lines.append(f"screenshot: {shot}")
    except Exception as exc:  # a closed or hung page: say so, and report the rest
        lines.append(f"no screenshot: {exc}".splitlines()[0])
    lines += [f"page error: {e}" for e in getattr(page, "errors", [])]
    lines += [f"console {line}" for line in getattr(page, "console_lines", [])]
    return "\n".join(lines)


def open_notebook(page: object, base_url: str, name: str, wait_for: str | None = None) -> None:
    """Load ``/voila/render/NAME.ipynb`` and wait until it has executed and its widgets rendered."""
    page.goto(f"{base_url}/voila/render/{name}.ipynb", timeout=RENDER_TIMEOUT)  # type: ignore[attr-defined]
    # Voila removes #loading once every cell has executed.
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)  # type: ignore[attr-defined]
    page.wait_for_selector(wait_for or ".jupyter-widgets", timeout=RENDER_TIMEOUT)  # type: ignore[attr-defined]


def screenshot(target: object, name: str) -> Path:
    """Save a PNG of a page or element into ``test-artifacts/`` (gitignored); return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    target.screenshot(path=str(path))  # type: ignore[attr-defined]
    return path


README_IMAGES_VAR = "ASTEROYDS_README_IMAGES"
README_IMAGES = Path(__file__).resolve().parents[2] / "notebooks" / "images"


def readme_image(shot: Path, name: str) -> None:
    """Copy a screenshot over the README's image ``name`` when asked (``ASTEROYDS_README_IMAGES=1``).

    The README shows what the tests saw; refreshing its images is a deliberate act (a commit of
    new pictures), so a plain test run leaves the tracked images alone and the tree clean.
    """
    if os.environ.get(README_IMAGES_VAR):
        shutil.copy(shot, README_IMAGES / name)


LAZY_OPEN = ".asteroyds-lazy-open"  # a lazy section's button (asteroyds.ui.share.lazy)


def open_sections(page: object, count: int, which: Sequence[int] | None = None) -> None:
    """Open a page's lazy sections, as a learner presses *Open the exercise*: the page must show
    ``count`` closed ones; ``which`` picks some by their order on the page (default: all). Waits
    until each pressed section has built its part (its button gone)."""
    buttons = page.locator(LAZY_OPEN)  # type: ignore[attr-defined]
    buttons.nth(count - 1).wait_for(timeout=RENDER_TIMEOUT)
    assert buttons.count() == count
    for left, index in enumerate(sorted(which if which is not None else range(count), reverse=True)):
        buttons.nth(index).click()
        page.wait_for_function(  # type: ignore[attr-defined]
            f"document.querySelectorAll({LAZY_OPEN!r}).length === {count - left - 1}", timeout=RENDER_TIMEOUT
        )
