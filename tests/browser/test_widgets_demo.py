"""The widgets demo in a real browser: Voila renders it, the widgets answer clicks."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD
from asteroyds.pieces import DIE_COLOURS
from asteroyds.ui import DiceController
from asteroyds.ui.board.view import cell_fraction

from .conftest import open_notebook, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "widgets_demo"
BOARD_DATA = ".asteroyds-board-state .asteroyds-board-data"


@pytest.fixture
def demo(page, voila_url):
    open_notebook(page, voila_url, NOTEBOOK, wait_for=".asteroyds-stopwatch")
    return page


def board_data(page, name: str) -> str:
    return page.locator(BOARD_DATA).get_attribute(f"data-{name}") or ""


def wait_for_data(page, name: str, condition: str, timeout: float = 15_000) -> None:
    """Wait until ``data-NAME`` of the board's state element satisfies a JS condition on ``v``."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({BOARD_DATA!r}); const v = e && e.dataset[{name!r}]; "
        f"return v !== undefined && ({condition}); }}",
        timeout=timeout,
    )


def test_the_three_widgets_render(demo):
    for selector in (".asteroyds-board", ".asteroyds-dice", ".asteroyds-stopwatch"):
        expect(demo.locator(selector)).to_be_visible()
    demo.wait_for_function(  # bqplot drew the board: one path group per hex, at least
        "() => document.querySelectorAll('.asteroyds-board svg g.curve').length >= 158", timeout=15_000
    )
    pieces = board_data(demo, "pieces").split()
    assert len(pieces) == 36 and "GA@1,3" in pieces
    assert board_data(demo, "crafts") == "blue@5,7:W:0 red@5,8:E:0"
    assert board_data(demo, "dice") == "3,5,2"  # the notebook sets the dice to 3, 5, 2
    assert "W3:white:NW:1" in board_data(demo, "moves").split()
    assert demo.locator(".asteroyds-die[data-colour='red']").get_attribute("data-value") == "3"
    assert not demo.errors, demo.errors
    screenshot(demo.locator(".asteroyds-board-view"), "widgets_demo-board")
    screenshot(demo.locator(".asteroyds-dice"), "widgets_demo-dice")
    screenshot(demo.locator(".asteroyds-stopwatch"), "widgets_demo-stopwatch")


def test_setting_a_die_redraws_the_arrows(demo):
    before = board_data(demo, "moves")
    demo.locator(".asteroyds-die-white select").select_option("1")
    wait_for_data(demo, "dice", "v === '3,1,2'")
    after = board_data(demo, "moves")
    assert after != before
    assert "W3:white:W:1" in after.split()  # white #1 faces W: a 1 sends it along its "1" edge
    assert demo.locator(".asteroyds-die[data-colour='white']").get_attribute("data-value") == "1"


def test_roll_changes_the_dice_and_the_overlay(demo):
    before = board_data(demo, "moves")
    seeded = DiceController(seed=1)  # the notebook's DiceView(seed=1): its second roll comes next
    expected = seeded.roll()
    demo.locator(".asteroyds-roll").click()
    wait_for_data(demo, "dice", f"v === '{expected.red},{expected.white},{expected.blue}'")
    assert board_data(demo, "moves") != before
    faces = [
        demo.locator(f".asteroyds-die[data-colour='{c}']").get_attribute("data-value") for c in DIE_COLOURS
    ]
    assert faces == [str(v) for v in expected.as_tuple()]


def test_clicking_a_hex_outlines_it_and_describes_it(demo):
    figure = demo.locator(".asteroyds-board svg.svg-figure").first
    for cell in ((0, 3), (12, 12), (6, 15), (5, 7)):
        figure.click(position=_at(figure, cell))
        wait_for_data(demo, "highlight", f"v === '{cell[0]},{cell[1]}'")
    caption = demo.locator(".asteroyds-board-view .asteroyds-caption").inner_text()
    assert caption == "(5, 7): platform L1, the blue craft (damage 0)"
    screenshot(demo.locator(".asteroyds-board-view"), "widgets_demo-board-clicked")


def test_stopwatch_counts_down_without_blocking(demo):
    clock = demo.locator(".asteroyds-stopwatch-time")
    assert clock.get_attribute("data-status") == "ready" and clock.inner_text() == "0:50"
    demo.locator(".asteroyds-stopwatch-start").click()
    demo.wait_for_function(
        "() => parseFloat(document.querySelector('.asteroyds-stopwatch-time').dataset.remaining) < 49",
        timeout=10_000,
    )
    # The kernel is free while it ticks: the dice still answer.
    demo.locator(".asteroyds-die-red select").select_option("6")
    wait_for_data(demo, "dice", "v.startsWith('6,')")
    demo.locator(".asteroyds-stopwatch-pause").click()
    demo.wait_for_function(
        "() => document.querySelector('.asteroyds-stopwatch-time').dataset.status === 'paused'",
        timeout=10_000,
    )
    screenshot(demo.locator(".asteroyds-stopwatch"), "widgets_demo-stopwatch-paused")


def _at(figure, cell) -> dict[str, float]:
    box = figure.bounding_box()
    fx, fy = cell_fraction(cell, STANDARD_BOARD)
    return {"x": fx * box["width"], "y": fy * box["height"]}
