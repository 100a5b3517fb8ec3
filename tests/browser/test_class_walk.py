"""A student walking through chapters in one tab holds one kernel, and none once they leave.

Each test starts a real ``asteroyds app`` (no pool, so every kernel is a page's)
and opens chapters by direct link, as a student does from the join link, a
teacher's link or a bookmark: no file listing first, so no cookie set there.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from ..class_server import App, app
from .conftest import RENDER_TIMEOUT, _browser_available

pytestmark = pytest.mark.ui
CHAPTERS = ("02_planning", "03_moving_asteroids", "04_flying")
GONE_WITHIN = 10  # seconds for a page's kernel to go once the page is left


@pytest.fixture
def server(tmp_path) -> Iterator[App]:
    _browser_available()
    with app(tmp_path, "--pool", "0") as running:
        yield running


def walk(page, server: App) -> None:
    """Open the chapters one after another in this tab; after each, at most this page's kernel is alive."""
    for chapter in CHAPTERS:
        page.goto(f"{server.url}/voila/render/{chapter}.ipynb", timeout=RENDER_TIMEOUT)
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        server.wait_until(
            lambda: len(server.kernels()) <= 1, GONE_WITHIN, f"one kernel for one tab at {chapter}"
        )
        assert len(server.kernels()) == 1


def no_refused_goodbye(server: App) -> None:
    log = server.log.read_text(errors="replace")
    # Neither refused (403: the token) nor failed (500); each goodbye answered 204.
    assert not re.search(r"\b(403|500) POST /voila/api/shutdown", log), log[-2000:]
    assert "Uncaught exception POST /voila/api/shutdown" not in log


def test_walking_through_chapters_by_link_holds_one_kernel_and_leaving_frees_it(browser, server):
    context = browser.new_context()  # fresh: no cookie from any earlier page
    page = context.new_page()
    try:
        walk(page, server)
        page.goto("about:blank")  # the student leaves the app
        server.wait_until(lambda: not server.kernels(), GONE_WITHIN, "the last page's kernel did not go")
    finally:
        context.close()
    no_refused_goodbye(server)
    assert "its page left" not in server.log.read_text()  # the goodbye did it, not the backstop


def test_closing_the_tab_frees_its_kernel(browser, server):
    context = browser.new_context()
    page = context.new_page()
    try:
        walk(page, server)
        page.close(run_before_unload=True)  # as a person closing the tab: the page's unload events run
        server.wait_until(lambda: not server.kernels(), GONE_WITHIN, "the closed page's kernel did not go")
    finally:
        context.close()
    no_refused_goodbye(server)


def test_a_page_that_vanishes_without_a_goodbye_is_culled_after_the_disconnected_timeout(browser, tmp_path):
    """The backstop: a lost connection (a crashed browser, a phone out of reach) frees the kernel too."""
    _browser_available()
    with app(tmp_path, "--pool", "0", "--disconnected-timeout", "6") as server:
        context = browser.new_context()
        page = context.new_page()
        # No goodbye at all, as from a crashed browser: the page's beacons send nothing.
        page.add_init_script("navigator.sendBeacon = () => true;")
        frames: list[object] = []  # what the page's kernel websocket brought

        def watch(ws) -> None:
            if "/channels" in ws.url:
                ws.on("framereceived", lambda frame: frames.append(frame))

        page.on("websocket", watch)
        page.goto(f"{server.url}/voila/render/{CHAPTERS[0]}.ipynb", timeout=RENDER_TIMEOUT)
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        page.wait_for_selector(".jupyter-widgets", timeout=RENDER_TIMEOUT)  # drawn from the kernel's models
        assert frames  # the page's websocket to its kernel is open (its widgets came over it)
        assert len(server.kernels()) == 1
        context.close()  # the connection drops; the goodbye, if any, was stopped
        # 6 s without a connection + one look of the culler (every 2 s) + the shutdown itself
        server.wait_until(lambda: not server.kernels(), 20, "the page's kernel outlived its connection")
        assert "its page left" in server.log.read_text()
