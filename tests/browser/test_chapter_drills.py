"""A chapter's closing drill set in Chromium (issue 22): chapter 3's drills answered on the board,
right then wrong, *Show me why* stepped with the priority inspector, the tally at the end; in
English and in French. The answers come from the engine's drills in this process (same level,
same seed as the page says it shows).
"""

from __future__ import annotations

import pytest

from asteroyds.drills import generate
from asteroyds.ui.board.view import cell_fraction

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot

pytestmark = pytest.mark.ui
ROOT = ".asteroyds-drill-set"
LAPTOP = {"width": 1366, "height": 900}
PAGES = {"en": "03_moving_asteroids", "fr": "fr/03_moving_asteroids"}
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
TRY_AGAIN = {"en": "Try again", "fr": "Réessayez"}
TALLY = {"en": "2 of 3 right at the first try", "fr": "2 bonnes réponses du premier coup sur 3"}


def question(page) -> dict[str, str]:
    return page.locator(f"{ROOT} .asteroyds-practice-question-body").first.evaluate(
        "e => Object.assign({}, e.dataset)"
    )


def on_show(page, index: int):
    """Wait for the set's drill ``index`` (from 1); the engine's drill of that level and seed."""
    page.wait_for_function(
        "i => document.querySelector('.asteroyds-drill-set-progress').dataset.index === String(i)",
        arg=index,
        timeout=TIMEOUT,
    )
    asked = question(page)
    return generate(int(asked["level"]), int(asked["seed"]))


def click_cell(page, drill, cell) -> None:
    figure = page.locator(f"{ROOT} .asteroyds-board svg.svg-figure").first
    figure.scroll_into_view_if_needed()
    box = figure.bounding_box()
    fx, fy = cell_fraction(cell, drill.state.board)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})


def answer_right(page, drill) -> None:
    """Click each asked piece's end, waiting for the page to ask the next one."""
    for piece in drill.pieces:
        page.wait_for_function(
            "p => document.querySelector('.asteroyds-drill-set .asteroyds-practice-question-body')"
            ".dataset.asking === p",
            arg=piece,
            timeout=TIMEOUT,
        )
        click_cell(page, drill, tuple(drill.cells[piece]))
    verdict(page, "true")


def verdict(page, correct: str) -> str:
    found = page.locator(f"{ROOT} .asteroyds-feedback[data-correct='{correct}']").first
    found.wait_for(timeout=TIMEOUT)
    return found.inner_text()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chapter_3_closing_drills_are_answered_right_then_wrong_and_explained(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, PAGES[lang], wait_for=LAZY_OPEN)
    open_sections(page, 2, [1])  # the drills are the chapter's second closed section
    page.locator(f"{ROOT} .asteroyds-board").first.wait_for(timeout=TIMEOUT)
    page.locator(ROOT).scroll_into_view_if_needed()

    first = on_show(page, 1)  # right at the first try
    assert first.level == 1
    answer_right(page, first)
    page.locator(f"{ROOT} .asteroyds-drill-set-next").click()

    second = on_show(page, 2)  # wrong first: the verdict says so
    assert second.level == 2
    right = tuple(second.cells[second.pieces[0]])
    wrong = next(c for c in sorted(second.state.board) if abs(c[0] - right[0]) > 2)
    click_cell(page, second, wrong)
    assert TRY_AGAIN[lang] in verdict(page, "false")

    page.locator(f"{ROOT} .asteroyds-drill-set-why").click()  # the real phase, stepped
    page.locator(f"{ROOT} .asteroyds-rule-board").wait_for(timeout=TIMEOUT)
    page.locator(f"{ROOT} .asteroyds-priority-inspector").first.wait_for(timeout=TIMEOUT)
    page.locator(f"{ROOT} .asteroyds-rule-step").click()
    page.wait_for_function(
        "() => !document.querySelector('.asteroyds-drill-set .asteroyds-rule-counter').innerText"
        ".startsWith('0 ')",
        timeout=TIMEOUT,
    )
    page.locator(f"{ROOT} .asteroyds-priority-inspector").first.scroll_into_view_if_needed()
    screenshot(page, f"chapter-3-drills-why-{lang}")
    page.locator(f"{ROOT} .asteroyds-drill-set-back").click()
    page.locator(f"{ROOT} .asteroyds-rule-board").wait_for(state="detached", timeout=TIMEOUT)
    answer_right(page, second)  # then right: the drill still counts as missed
    page.locator(f"{ROOT} .asteroyds-drill-set-next").click()

    third = on_show(page, 3)
    assert third.level == 3
    answer_right(page, third)
    tally = page.locator(f"{ROOT} .asteroyds-drill-set-tally").first
    tally.wait_for(timeout=TIMEOUT)
    assert tally.get_attribute("data-right") == "2" and tally.get_attribute("data-total") == "3"
    assert tally.inner_text() == TALLY[lang]
    assert page.locator(f"{ROOT} .asteroyds-drill-set-next").is_hidden()
    page.locator(ROOT).scroll_into_view_if_needed()
    screenshot(page, f"chapter-3-drills-tally-{lang}")
