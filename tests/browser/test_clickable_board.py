"""The practice page's clickable board picture in Chromium (issue 34), on a phone and on a laptop:
a click on the picture at a space's centre (the picture's own geometry) is heard as a click on
that space (the wrong answer marked there, then the right one judged right), the buttons sit on
their hexes, and the page opens without a bqplot figure."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD
from asteroyds.drills import generate
from asteroyds.ui.board.layers import cell_key

from .board_clicks import PICTURE, click_cell, picture_fraction
from .conftest import open_notebook, screenshot

pytestmark = pytest.mark.ui
ROOT = ".asteroyds-practice"
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
SCREENS = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 900}}

# Each button's centre and the picture's box, in the page's pixels.
BUTTONS = """
() => {
  const svg = document.querySelector(PICTURE).getBoundingClientRect();
  const centres = {};
  for (const b of document.querySelectorAll('.asteroyds-board-cells button')) {
    const r = b.getBoundingClientRect();
    centres[b.value] = [r.left + r.width / 2, r.top + r.height / 2, b.textContent.trim()];
  }
  return {svg: [svg.left, svg.top, svg.width, svg.height], centres};
}
""".replace("PICTURE", repr(PICTURE))


@pytest.mark.parametrize("screen", list(SCREENS))
def test_a_click_on_the_picture_is_heard_on_its_space(page, voila_url, screen):
    page.set_viewport_size(SCREENS[screen])
    open_notebook(page, voila_url, "practice", wait_for=f"{ROOT} {PICTURE}")
    root = page.locator(ROOT).first
    assert page.locator(f"{ROOT} .bqplot").count() == 0  # levels 1-4: no bqplot figure on the page

    # the buttons sit on the hexes the picture draws (within a pixel), each named after its space
    got = page.evaluate(BUTTONS)
    left, top, width, height = got["svg"]
    assert len(got["centres"]) == len(STANDARD_BOARD.cells)
    for cell in (STANDARD_BOARD.cells[0], (6, 7), STANDARD_BOARD.cells[-1]):
        x, y, name = got["centres"][str(STANDARD_BOARD.cells.index(cell))]
        fx, fy = picture_fraction(cell, STANDARD_BOARD)
        assert (x, y) == pytest.approx((left + fx * width, top + fy * height), abs=1.0), cell
        assert name == f"Space {cell_key(cell)}"

    body = page.locator(f"{ROOT} .asteroyds-practice-question-body").first
    drill = generate(int(body.get_attribute("data-level")), int(body.get_attribute("data-seed")))
    piece = drill.pieces[0]
    right = tuple(drill.cells[piece])
    wrong = next(c for d in range(6) if (c := STANDARD_BOARD.step(right, d)) is not None)  # a hex away
    click_cell(root, wrong, STANDARD_BOARD)
    data = root.locator(".asteroyds-board-data").first
    expect(data).to_have_attribute("data-wrong", cell_key(wrong), timeout=TIMEOUT)
    expect(root.locator(".asteroyds-feedback[data-correct='false']").first).to_be_visible(timeout=TIMEOUT)
    for name in drill.pieces:  # then right, piece after piece
        page.wait_for_function(
            "p => document.querySelector('.asteroyds-practice-question-body').dataset.asking === p",
            arg=name,
            timeout=TIMEOUT,
        )
        click_cell(root, tuple(drill.cells[name]), STANDARD_BOARD)
    expect(root.locator(".asteroyds-feedback[data-correct='true']").first).to_be_visible(timeout=TIMEOUT)
    screenshot(page, f"practice-clickable-{screen}")
    assert page.errors == []


def test_a_space_is_answered_with_the_keyboard_alone(page, voila_url):
    page.set_viewport_size(SCREENS["laptop"])
    open_notebook(page, voila_url, "practice", wait_for=f"{ROOT} {PICTURE}")
    root = page.locator(ROOT).first
    body = page.locator(f"{ROOT} .asteroyds-practice-question-body").first
    drill = generate(int(body.get_attribute("data-level")), int(body.get_attribute("data-seed")))
    first = STANDARD_BOARD.cells[0]  # the first space's button: the first one Tab reaches
    for _ in range(60):
        if page.evaluate("() => document.activeElement.matches('.asteroyds-board-cells button')"):
            break
        page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.textContent.trim()")
    assert focused == f"Space {cell_key(first)}"
    screenshot(root.locator(".asteroyds-clickable-board").first, "practice-clickable-focus")
    page.keyboard.press("Enter")
    right = first == tuple(drill.cells[drill.pieces[0]])
    said = root.locator(f".asteroyds-feedback[data-correct='{str(right).lower()}']").first
    expect(said).to_be_visible(timeout=TIMEOUT)
    if not right:
        expect(root.locator(".asteroyds-board-data").first).to_have_attribute(
            "data-wrong", cell_key(first), timeout=TIMEOUT
        )
