"""The toggles under every board (issue 26): coordinates off by default, the die numbers on the tiles.

On a rule board of chapter 3, in Chromium: the tiles carry their die numbers
(six per moving tile, drawn as text in the board's SVG), no hex shows its
``row,col`` and the caption names no ``(row, col)``; ticking *Coordinates*
writes every hex's coordinates on the board and lets the caption name cells;
unticking takes them away again. The French page labels the toggle
*Coordonnées*.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import open_notebook, readme_image, screenshot
from .rule_boards import RULE_BOARD, board_data, counted, step_once, wait_for_data

pytestmark = pytest.mark.ui
CELL = re.compile(r"\(\d+, \d+\)")
COORDINATE = r"^\d+,\d+$"
# A text of the figure that matches the pattern p and is drawn (a hidden mark keeps its nodes).
SHOWN = "new RegExp(p).test(n.textContent.trim()) && n.checkVisibility({visibilityProperty: true})"


def _texts(board: object, pattern: str) -> int:
    """How many SVG texts of the board's figure match ``pattern`` (bqplot draws labels as <text>)."""
    return board.locator(".asteroyds-board svg text").evaluate_all(  # type: ignore[attr-defined]
        f"(nodes, p) => nodes.filter(n => {SHOWN}).length",
        pattern,
    )


def _step_to_a_named_cell(board: object) -> str:
    """Step until the engine's sentence names a cell (the board outlines it); return the caption."""
    caption = board.locator(".asteroyds-rule-caption")  # type: ignore[attr-defined]
    done, total = counted(board)
    while done < total:
        done = step_once(board)  # the board's data and caption below are this event's
        if board_data(board, "highlight"):
            return caption.inner_text()
    raise AssertionError("no event of the board names a cell")


def test_a_rule_board_shows_coordinates_only_when_asked(page, voila_url):
    open_notebook(page, voila_url, "03_moving_asteroids", wait_for=RULE_BOARD)
    board = page.locator(RULE_BOARD).first
    board.scroll_into_view_if_needed()
    coordinates = board.get_by_label("Coordinates", exact=True)
    numbers = board.get_by_label("Numbers on tiles", exact=True)
    expect(coordinates).not_to_be_checked()
    expect(numbers).to_be_checked()
    assert board_data(board, "coordinates") == "off" and board_data(board, "numbers") == "on"
    tiles = len(board_data(board, "pieces").split())
    assert _texts(board, "^[1-6]$") >= 6 * tiles >= 6  # each tile's six die numbers
    assert _texts(board, COORDINATE) == 0
    caption = _step_to_a_named_cell(board)
    assert not CELL.search(caption), caption
    coordinates.check()
    wait_for_data(page, 0, "coordinates", "on")
    page.wait_for_function(
        "([sel, p]) => [...document.querySelector(sel).querySelectorAll('.asteroyds-board svg text')]"
        f".filter(n => {SHOWN}).length > 20",
        arg=[RULE_BOARD, COORDINATE],
        timeout=15_000,
    )
    expect(board.locator(".asteroyds-rule-caption")).to_have_text(CELL, timeout=15_000)
    shot = screenshot(board, "rule-board-coordinates-on")
    readme_image(shot, "rule-board-coordinates.png")
    coordinates.uncheck()
    wait_for_data(page, 0, "coordinates", "off")
    expect(board.locator(".asteroyds-rule-caption")).not_to_have_text(CELL, timeout=15_000)
    page.wait_for_function(
        "([sel, p]) => [...document.querySelector(sel).querySelectorAll('.asteroyds-board svg text')]"
        f".filter(n => {SHOWN}).length === 0",
        arg=[RULE_BOARD, COORDINATE],
        timeout=15_000,
    )


def test_the_french_page_labels_the_toggles_in_french(page, voila_url):
    open_notebook(page, voila_url, "fr/03_moving_asteroids", wait_for=RULE_BOARD)
    board = page.locator(RULE_BOARD).first
    expect(board.get_by_label("Coordonnées", exact=True)).not_to_be_checked()
    expect(board.get_by_label("Numéros sur les tuiles", exact=True)).to_be_checked()
