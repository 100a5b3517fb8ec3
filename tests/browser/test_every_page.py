"""Every page of the app, rendered in Chromium: what a school's network sees of it.

The page list is the notebooks folder itself, so a new page cannot dodge these checks.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from .accessibility import axe_script, violations
from .conftest import NOTEBOOKS, RENDER_TIMEOUT, screenshot
from .page_checks import leaks

pytestmark = pytest.mark.ui
PAGES = sorted(path.relative_to(NOTEBOOKS).as_posix() for path in NOTEBOOKS.rglob("*.ipynb"))
LOCAL_SCHEMES = ("data", "blob", "about")
WIDGETS_RENDERED = """() => ![...document.querySelectorAll('.jp-OutputArea-output')]
  .some(o => (o.innerText || '').includes('Loading widget'))"""


def test_the_page_list_is_every_notebook():
    assert len(PAGES) == len(list(NOTEBOOKS.rglob("*.ipynb"))) >= 32  # 11 chapters and 5 other pages, twice
    assert "00_welcome.ipynb" in PAGES and "fr/00_welcome.ipynb" in PAGES


@pytest.mark.parametrize("name", PAGES)
def test_a_page_is_made_for_the_web(browser, voila_url, name):
    """What a learner sees at 1366x900, English and French: boards, words and widgets — never a code
    cell's raw result, a repr, a notebook instruction, a program to type, a traceback, a page error,
    English exercise words on a French page; no serious or critical WCAG 2.1 A/AA violation (axe-core).
    And offline or filtered school networks: every font, icon and script comes from the app."""
    axe = axe_script()
    server = urlsplit(voila_url).netloc
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
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
        # Widgets render after the network is idle: check the page the learner sees, not placeholders.
        page.wait_for_function(WIDGETS_RENDERED, timeout=RENDER_TIMEOUT)
        assert elsewhere == [], f"{name} asked another host for: {elsewhere}"
        screenshot(page, "page-" + name.replace("/", "-").removesuffix(".ipynb"))
        problems = leaks(page, french=name.startswith("fr/")) + [f"page error: {e}" for e in errors]
        problems += [f"accessibility: {line}" for line in violations(page, axe)]
        assert problems == [], f"{name}:\n" + "\n".join(problems)
    finally:
        context.close()
