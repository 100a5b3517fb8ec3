"""The class server's pre-heated pages in a real browser: links still open what they name.

A pre-heated kernel has run its notebook before anyone asked for the page, so
a page that reads its link (``?demo=``, ``?scenario=``) must wait for the
request (``links.query_string``). This server keeps one kernel warm for the
teacher's tools and the sandbox (a folder holding just those two chapters,
so the test does not heat the whole tutorial).
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

import asteroyds
from asteroyds import demos, i18n
from asteroyds.serve.launch import serve
from asteroyds.serve.settings import ServeSettings
from asteroyds.ui import links

from .conftest import NOTEBOOKS, RENDER_TIMEOUT, SERVER_TIMEOUT, TRACEBACKS, _browser_available
from .test_teacher import DEMO, EDITOR, PRESENTER, board_data, no_traceback

pytestmark = pytest.mark.ui
PAGES = ("teachers_tools.ipynb", "sandbox.ipynb")


@pytest.fixture(scope="module")
def preheated_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    _browser_available()
    folder = tmp_path_factory.mktemp("class")
    for name in PAGES:
        shutil.copy(NOTEBOOKS / name, folder / name)
    settings = ServeSettings(pool=1, max_pages=20)
    try:
        with serve(
            folder,
            log_path=folder / "server.log",
            timeout=SERVER_TIMEOUT,
            settings=settings,
            options=TRACEBACKS,
        ) as url:
            log = folder / "server.log"
            deadline = time.monotonic() + SERVER_TIMEOUT
            while log.read_text().count("Kernel pool of") < len(PAGES):  # both warm before any test
                if time.monotonic() > deadline:  # (a hang detector, not a speed bound)
                    pytest.fail(log.read_text()[-3000:])
                time.sleep(0.5)
            LOGS[url] = log
            yield url
    except RuntimeError as exc:
        pytest.fail(str(exc))


LOGS: dict[str, object] = {}


def used_a_preheated_kernel(url: str, name: str) -> bool:
    pattern = rf"Using pre-heated kernel: \S+ for {re.escape(name)}"
    return re.search(pattern, LOGS[url].read_text()) is not None


def test_a_demo_link_opens_its_demo_from_a_preheated_kernel(page, preheated_url):
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.goto(f"{preheated_url}/voila/render/{PAGES[0]}?demo={DEMO}", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    page.wait_for_selector(f"{EDITOR} .asteroyds-board", timeout=RENDER_TIMEOUT)
    title = page.locator(f"{PRESENTER} .asteroyds-presenter-title")
    expect(title).to_have_text(demos.load_demo(DEMO).title)
    assert board_data(page, PRESENTER, "pieces") == "G24@6,7 W6@6,5"
    no_traceback(page)
    assert used_a_preheated_kernel(preheated_url, PAGES[0])


def test_a_scenario_link_starts_the_sandbox_game_from_a_preheated_kernel(page, preheated_url):
    state = asteroyds.setup("racing", seed=5, players=["blue", "red"])
    query = links.sandbox_link(state).split("?", 1)[1]
    page.goto(f"{preheated_url}/voila/render/{PAGES[1]}?{query}", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    values = page.locator(".asteroyds-sandbox .asteroyds-sandbox-values")
    page.wait_for_function(
        "() => { const e = document.querySelector('.asteroyds-sandbox .asteroyds-sandbox-values');"
        " return !!e && e.dataset.stage === 'roll'; }",
        timeout=RENDER_TIMEOUT,
    )
    assert values.get_attribute("data-error") == ""
    expect(page.locator(".asteroyds-sandbox .asteroyds-message").first).to_contain_text(
        "on the loaded scenario"
    )
    no_traceback(page)


def _count(pattern: str, url: str) -> int:
    return len(re.findall(pattern, LOGS[url].read_text()))


def test_lang_in_the_address_of_a_class_server_page_sets_its_language(page, preheated_url):
    """A pool kernel built its widgets in the chapter's language: ``?lang=`` gets a kernel of its own."""
    name = re.escape(PAGES[0])
    filled, handed = rf"Kernel pool of \S*{name}", rf"Using pre-heated kernel: \S+ for \S*{name}"
    deadline = time.monotonic() + SERVER_TIMEOUT
    while _count(filled, preheated_url) <= _count(handed, preheated_url):  # a warm kernel is waiting
        if time.monotonic() > deadline:  # (a hang detector, not a speed bound)
            pytest.fail(LOGS[preheated_url].read_text()[-3000:])
        time.sleep(0.5)
    with i18n.use_language("fr"):
        title = demos.load_demo(DEMO).shown_title
    assert title != demos.load_demo(DEMO).shown_title  # the demo has a French title
    uses = _count(handed, preheated_url)
    page.set_viewport_size({"width": 1280, "height": 1500})
    page.goto(f"{preheated_url}/voila/render/{PAGES[0]}?demo={DEMO}&lang=fr", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    page.wait_for_selector(f"{EDITOR} .asteroyds-board", timeout=RENDER_TIMEOUT)  # its widgets drawn
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-title")).to_have_text(title)
    no_traceback(page)
    assert _count(handed, preheated_url) == uses  # the warm kernel was left for an English page
