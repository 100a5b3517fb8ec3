"""Every page of the app, rendered in Chromium: what a school's network sees of it, and whether its
boards and charts fit a laptop's, a projector's and a phone's screen (:mod:`.fit_checks`).

The page list is the notebooks folder itself, so a new page cannot dodge these checks.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from urllib.parse import urlsplit

import pytest

from asteroyds.ui.share.twins import is_page

from .accessibility import axe_script, violations
from .conftest import NOTEBOOKS, RENDER_TIMEOUT, readme_image, screenshot
from .fit_checks import cut_on_every_screen, play
from .page_checks import leaks
from .plan_checks import check_plans

pytestmark = pytest.mark.ui
PAGES = sorted(path.relative_to(NOTEBOOKS).as_posix() for path in NOTEBOOKS.rglob("*.ipynb"))
# The pages a learner or a teacher opens (the developers' widget demos are not served to a class).
SERVED = [name for name in PAGES if is_page(PurePosixPath(name).name)]
LOCAL_SCHEMES = ("data", "blob", "about")
WIDGETS_RENDERED = """() => ![...document.querySelectorAll('.jp-OutputArea-output')]
  .some(o => (o.innerText || '').includes('Loading widget'))"""


def test_the_page_list_is_every_notebook():
    assert len(PAGES) == len(list(NOTEBOOKS.rglob("*.ipynb"))) >= 32  # 11 chapters and 5 other pages, twice
    assert "00_welcome.ipynb" in PAGES and "fr/00_welcome.ipynb" in PAGES


def test_the_served_pages_are_the_chapters_and_tools():
    """The chapters and the five other pages, in both languages; the developers' demos are not in it."""
    assert len(SERVED) >= 32 and "fr/sandbox.ipynb" in SERVED and "10_capture.ipynb" in SERVED
    assert "widgets_demo.ipynb" not in SERVED


@pytest.mark.parametrize("name", PAGES)
def test_a_page_is_made_for_the_web(browser, voila_url, name):
    """What a learner sees at 1366x900, English and French: boards, words and widgets — never a code
    cell's raw result, a repr, a notebook instruction, a program to type, a traceback, a page error,
    English exercise words on a French page; no serious or critical WCAG 2.1 A/AA violation (axe-core).
    And offline or filtered school networks: every font, icon and script comes from the app. Then, a
    page served to a class: where a learner plans, the board and the whole chart on one screen at
    1366x900 and 1280x720 (:func:`.plan_checks.check_plans`); no board or chart cut at 1366x900,
    1280x720 or a phone's 390x844, the sandbox while a human plans and practice on level 5
    (:func:`.fit_checks.cut_on_every_screen`)."""
    axe = axe_script()
    server = urlsplit(voila_url).netloc
    context = browser.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.errors = errors  # what the plan checks look at too
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
        shot = screenshot(page, "page-" + name.replace("/", "-").removesuffix(".ipynb"))
        if name == "03_moving_asteroids.ipynb":  # the README's chapter 3 (ASTEROYDS_README_IMAGES=1)
            readme_image(shot, "chapter3-laptop.png")
        problems = leaks(page, french=name.startswith("fr/")) + [f"page error: {e}" for e in errors]
        problems += [f"accessibility: {line}" for line in violations(page, axe)]
        if name in SERVED:
            play(page, name)
            check_plans(page, name)  # where a learner plans: board and whole chart on one screen
            problems += cut_on_every_screen(page, name)
        assert problems == [], f"{name}:\n" + "\n".join(problems)
    finally:
        context.close()
