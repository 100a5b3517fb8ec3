"""Every page of the app, rendered in Chromium: what a school's network sees of it.

The page list is the notebooks folder itself, so a new page cannot dodge these checks.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from .conftest import NOTEBOOKS, RENDER_TIMEOUT

pytestmark = pytest.mark.ui
PAGES = sorted(path.relative_to(NOTEBOOKS).as_posix() for path in NOTEBOOKS.rglob("*.ipynb"))
LOCAL_SCHEMES = ("data", "blob", "about")


def test_the_page_list_is_every_notebook():
    assert len(PAGES) == len(list(NOTEBOOKS.rglob("*.ipynb"))) >= 26  # 13 chapters and pages, twice
    assert "00_welcome.ipynb" in PAGES and "fr/00_welcome.ipynb" in PAGES


@pytest.mark.parametrize("name", PAGES)
def test_a_page_asks_nothing_of_another_host(browser, voila_url, name):
    """Offline or filtered school networks: every font, icon and script comes from the app."""
    server = urlsplit(voila_url).netloc
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    elsewhere: list[str] = []
    page.on(
        "request",
        lambda request: (
            elsewhere.append(request.url)
            if urlsplit(request.url).scheme not in LOCAL_SCHEMES and urlsplit(request.url).netloc != server
            else None
        ),
    )
    try:
        page.goto(f"{voila_url}/voila/render/{name}", timeout=RENDER_TIMEOUT)
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        page.wait_for_load_state("networkidle", timeout=RENDER_TIMEOUT)  # late fonts and widget modules
        page.evaluate("document.fonts.ready.then(() => true)")
        assert elsewhere == [], f"{name} asked another host for: {elsewhere}"
    finally:
        context.close()
