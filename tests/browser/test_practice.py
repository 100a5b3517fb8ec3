"""The practice page in Chromium (issue 22): a drill answered wrong then right on the board,
*Show me why* stepped, a level-5 plan filled with the keyboard alone and flown, the streak
kept across a reload (the browser's localStorage), the welcome page's summary; in English and
in French. The answers come from the engine's drills in this process (same level, same seed).
"""

from __future__ import annotations

import pytest

from asteroyds import STANDARD_BOARD
from asteroyds.drills import generate
from asteroyds.program import Program
from tests.browser.board_clicks import click_cell as click_board
from tests.browser.conftest import open_notebook, screenshot

ROOT = ".asteroyds-practice"
LAPTOP = {"width": 1366, "height": 900}
PAGES = {"en": "practice", "fr": "fr/practice"}
WELCOME = {"en": "00_welcome", "fr": "fr/00_welcome"}


def question(page) -> dict[str, str]:
    return page.locator(f"{ROOT} .asteroyds-practice-question-body").first.evaluate(
        "e => Object.assign({}, e.dataset)"
    )


def click_cell(page, cell) -> None:
    click_board(page.locator(ROOT).first, cell, STANDARD_BOARD)


def wait_asking(page, piece: str) -> None:
    """Wait until the drill asks where ``piece`` ends (the click before it was heard and judged)."""
    page.wait_for_function(
        "p => document.querySelector('.asteroyds-practice-question-body').dataset.asking === p",
        arg=piece,
        timeout=20_000,
    )


def mark_all(page, drill) -> None:
    """Click where each of the drill's pieces ends, each once the drill asks for it."""
    for name in drill.pieces:
        wait_asking(page, name)
        click_cell(page, tuple(drill.cells[name]))


CHART_DATA = f"{ROOT} .asteroyds-chart-data-values"


def press_planning(page) -> None:
    """Press Enter on the focused cell of the chart's grid; wait until the chart's program changed."""
    before = page.locator(CHART_DATA).first.get_attribute("data-program")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([css, before]) => { const e = document.querySelector(css);"
        " return !!e && e.dataset.program !== before; }",
        arg=[CHART_DATA, before],
        timeout=20_000,
    )


def verdict(page, correct: str) -> str:
    found = page.locator(f"{ROOT} .asteroyds-feedback[data-correct='{correct}']").first
    found.wait_for(timeout=20_000)
    return found.inner_text()


def streak(page) -> int:
    return int(
        page.locator(f"{ROOT} .asteroyds-practice-record [data-streak]").first.get_attribute("data-streak")
    )


def tab_to(page, css: str, limit: int = 300) -> None:
    """Tab until an element matching ``css`` has the focus: the keyboard alone."""
    for _ in range(limit):
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({css!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {css}")


def press_on(page, css: str) -> None:
    """Tab to the element ``css``, then press Enter."""
    tab_to(page, css)
    page.keyboard.press("Enter")


def place(page, css: str) -> tuple[int, int]:
    """A grid cell's (row, column), from its ``asteroyds-at-ROW-COLUMN`` class."""
    classes = page.locator(f"{ROOT} {css}").first.get_attribute("class")
    at = next(c for c in classes.split() if c.startswith("asteroyds-at-"))
    row, column = at.split("-")[2:]
    return int(row), int(column)


def arrow_to(page, css: str) -> None:
    """Move the grid's focus to the cell ``css`` with the arrow keys alone (a roving tabindex)."""
    row, column = place(page, ".asteroyds-chart-grid :focus")
    to_row, to_column = place(page, css)
    for _ in range(abs(to_row - row)):
        page.keyboard.press("ArrowDown" if to_row > row else "ArrowUp")
    for _ in range(abs(to_column - column)):
        page.keyboard.press("ArrowRight" if to_column > column else "ArrowLeft")
    assert place(page, ".asteroyds-chart-grid :focus") == (to_row, to_column)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_drills_are_answered_explained_and_remembered(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, PAGES[lang], wait_for=f"{ROOT} .asteroyds-board")
    level = page.locator(f"{ROOT} .asteroyds-practice-level button").nth(1)  # level 2
    level.click()
    page.wait_for_function(
        "() => document.querySelector('.asteroyds-practice-question-body').dataset.level === '2'",
        timeout=20_000,
    )
    asked = question(page)
    drill = generate(2, int(asked["seed"]))
    piece = asked["asking"]
    assert piece == drill.pieces[0]
    right = tuple(drill.cells[piece])
    wrong = next(c for c in sorted(STANDARD_BOARD) if c != right and abs(c[0] - right[0]) > 2)
    click_cell(page, wrong)
    said = verdict(page, "false")
    assert ("Try again" if lang == "en" else "Réessayez") in said
    assert streak(page) == 0

    page.locator(f"{ROOT} .asteroyds-practice-why").click()
    page.locator(f"{ROOT} .asteroyds-rule-board").wait_for(timeout=20_000)
    inspector = page.locator(f"{ROOT} .asteroyds-priority-inspector").first
    inspector.wait_for(timeout=20_000)
    page.locator(f"{ROOT} .asteroyds-rule-step").click()  # the learner steps it
    counter = page.locator(f"{ROOT} .asteroyds-rule-counter").first
    page.wait_for_function(
        "() => !document.querySelector('.asteroyds-rule-counter').innerText.startsWith('0 ')", timeout=20_000
    )
    assert counter.inner_text().split()[0] != "0"
    screenshot(page, f"practice-why-{lang}")
    page.locator(f"{ROOT} .asteroyds-practice-back").click()
    page.locator(f"{ROOT} .asteroyds-rule-board").wait_for(state="detached", timeout=20_000)

    mark_all(page, drill)  # then right, piece after piece
    verdict(page, "true")

    # The next drill, right at the first try: the streak counts it.
    page.locator(f"{ROOT} .asteroyds-practice-new").click()
    page.wait_for_function(
        "seed => document.querySelector('.asteroyds-practice-question-body').dataset.seed !== seed",
        arg=asked["seed"],
        timeout=20_000,
    )
    nxt = generate(2, int(question(page)["seed"]))
    mark_all(page, nxt)
    page.wait_for_function(
        "() => document.querySelector('.asteroyds-practice-record [data-streak]').dataset.streak === '1'",
        timeout=20_000,
    )
    # The page writes localStorage when the store's own widget update arrives, which may be after
    # the record's: wait for it rather than read at once.
    page.wait_for_function(
        "() => (window.localStorage.getItem('asteroyds:practice') || '').includes('\"streak\":1')",
        timeout=20_000,
    )
    kept = page.evaluate("() => window.localStorage.getItem('asteroyds:practice')")
    assert '"streak":1' in kept and '"levels":{"2":[1,2]}' in kept

    # A reload: the record is still there, and the level's drills go on from the next seed.
    page.reload()
    page.wait_for_selector("#loading", state="detached", timeout=120_000)
    page.wait_for_function(
        "() => { const e = document.querySelector('.asteroyds-practice-record [data-streak]');"
        " return e && e.dataset.streak === '1'; }",
        timeout=30_000,
    )

    # The welcome page's table of contents shows the record.
    open_notebook(page, voila_url, WELCOME[lang], wait_for=".asteroyds-store-summary[data-shown]")
    summary = page.locator(".asteroyds-store-summary").first.inner_text()
    assert "2: 1/2" in summary


def test_a_plan_against_the_dice_is_filled_with_the_keyboard_and_flown(page, voila_url):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, PAGES["en"], wait_for=f"{ROOT} .asteroyds-board")
    page.locator(f"{ROOT} .asteroyds-practice-level button").nth(4).click()  # level 5
    page.locator(f"{ROOT} .asteroyds-chart-figure").wait_for(timeout=30_000)
    drill = generate(5, int(question(page)["seed"]))
    program = Program.parse(drill.program)
    tab_to(page, f"{ROOT} .asteroyds-chart-grid .asteroyds-cell-button")
    press_planning(page)  # Tab reaches the grid: Enter puts 1F
    if program.columns[0] != "F":  # undo that first Forward: the grid is planned with the arrows below
        press_planning(page)
    cells = [(c, t) for c, t in enumerate(program.columns, start=1) if t != "." and (c, t) != (1, "F")]
    if program.red != "S":
        cells.append((7, program.red))
    for column, token in cells:
        arrow_to(page, f".asteroyds-cell-{column}{token}")
        press_planning(page)
    press_on(page, ".asteroyds-practice-fly")
    said = verdict(page, "true")
    assert "no damage" in said
    screenshot(page, "practice-plan-en")
