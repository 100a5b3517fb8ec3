"""Chapter 4's whole-round exercise in Chromium: the asteroids marked on the board (the engine's
end cells, computed in this process from the same drill), the plan clicked cell by cell on the
status chart, *Fly* stepping the round with its verdict; in English and in French."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD
from asteroyds.drills import generate
from asteroyds.program import Program
from asteroyds.ui.board.view import cell_fraction
from asteroyds.ui.practice.whole_round import WholeRoundSession
from tests.browser.conftest import LAZY_OPEN, open_notebook, open_sections, screenshot

ROOT = ".asteroyds-whole-round"
LAPTOP = {"width": 1366, "height": 900}
PAGES = {"en": "04_flying", "fr": "fr/04_flying"}
SEED = 3  # the chapter's cell: WholeRound(generate(5, 3))
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side


def click_cell(page, cell) -> None:
    figure = page.locator(f"{ROOT} .asteroyds-board svg.svg-figure").first
    figure.scroll_into_view_if_needed()
    box = figure.bounding_box()
    fx, fy = cell_fraction(cell, STANDARD_BOARD)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_mark_plan_and_fly_the_whole_round(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, PAGES[lang], wait_for=LAZY_OPEN)
    open_sections(page, 8, [7])  # the chapter's last closed section (five boards, two others): this exercise
    page.locator(f"{ROOT} .asteroyds-board").first.wait_for(timeout=TIMEOUT)
    session = WholeRoundSession(generate(5, SEED))
    question = page.locator(f"{ROOT} .asteroyds-whole-round-body").first
    first, *rest = session.pieces
    # a wrong mark first: a neighbouring space of the right one, judged wrong
    right = session.end_of(first)
    wrong = (right[0], right[1] + 1 if right[1] < 5 else right[1] - 1)
    click_cell(page, wrong)
    page.locator(f"{ROOT} .asteroyds-feedback[data-correct='false']").first.wait_for(timeout=TIMEOUT)
    for pid in rest:
        page.wait_for_function(
            f"document.querySelector('{ROOT} .asteroyds-whole-round-body').dataset.asking == '{pid}'",
            timeout=TIMEOUT,
        )
        click_cell(page, session.end_of(pid))
    page.locator(f"{ROOT}.asteroyds-whole-round-plan").wait_for(timeout=TIMEOUT)
    assert page.locator(f"{ROOT} .asteroyds-feedback[data-correct='true']").count() == len(rest)
    assert question.get_attribute("data-asking") == ""
    screenshot(page.locator(ROOT), f"whole-round-marked-{lang}")
    program = Program.parse(session.drill.program)
    chart = page.locator(f"{ROOT} .asteroyds-chart-data-values").first
    for column, token in enumerate(program.columns, start=1):
        if token != ".":
            button = page.locator(
                f"{ROOT} .asteroyds-cell-{column}{token} button, {ROOT} button.asteroyds-cell-{column}{token}"
            )
            before = chart.get_attribute("data-program")
            button.first.click()
            expect(chart).not_to_have_attribute("data-program", before, timeout=TIMEOUT)  # heard
    assert Program.parse(chart.get_attribute("data-program")).columns == program.columns
    page.locator(f"{ROOT} .asteroyds-whole-round-fly").click()
    page.locator(f"{ROOT}.asteroyds-whole-round-flown").wait_for(timeout=TIMEOUT)
    said = page.locator(f"{ROOT} .asteroyds-feedback[data-correct='true']").last.inner_text()
    assert ("Goal met" if lang == "en" else "Objectif atteint") in said
    page.locator(f"{ROOT} .asteroyds-rule-board").wait_for(timeout=TIMEOUT)
    # the board, not its picture: the picture is redrawn (replaced) as the board steps
    page.locator(f"{ROOT} .asteroyds-rule-board").first.scroll_into_view_if_needed()
    page.locator(f"{ROOT} .asteroyds-rule-board .asteroyds-board-data[data-pieces]").first.wait_for(
        state="attached", timeout=TIMEOUT
    )  # the flown board's pieces are drawn
    screenshot(page.locator(ROOT), f"whole-round-flown-{lang}")
    assert page.errors == []
