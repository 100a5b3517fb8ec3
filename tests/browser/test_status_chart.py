"""The status chart in a real browser: drag tokens with the mouse on the bqplot figure (Voila + Chromium).

The drag is the real one: ``page.mouse`` down on a token's SVG dot, moves, up
over a cell. Target pixels come from the figure's plot area and the chart
ranges the widget publishes (chart coordinates → screen), and the snapped
token is checked against the same mapping.
"""

from __future__ import annotations

import re

import pytest

from asteroyds.ui.chart.status.view import CELLS, X_RANGE, Y_RANGE, cell_centre, tray_slot

from .conftest import open_notebook, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "status_chart_demo"
WIDGET = ".asteroyds-panel.asteroyds-status-chart"
FIGURE = ".asteroyds-chart-figure"
DOTS = f"{FIGURE} .object_grp path.dot"
FIRST_TOKEN = len(CELLS)  # the figure's dots: one tap square per cell (under the tokens), then the tokens
DATA = ".asteroyds-chart-data-values"
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side


@pytest.fixture
def chart_page(page, voila_url):
    """The demo notebook, rendered, with the chart's tokens drawn."""
    open_notebook(page, voila_url, NOTEBOOK, wait_for=DOTS)
    page.locator(WIDGET).scroll_into_view_if_needed()
    page.wait_for_function(
        f"document.querySelectorAll({DOTS!r}).length >= {FIRST_TOKEN + 7}", timeout=TIMEOUT
    )
    return page


def to_screen(page, x: float, y: float) -> tuple[float, float]:
    """Chart coordinates → page pixels, through the figure's plot area (bqplot's y points up)."""
    box = page.locator(f"{FIGURE} .plotarea_background").bounding_box()
    (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
    return (box["x"] + (x - x0) / (x1 - x0) * box["width"], box["y"] + (y1 - y) / (y1 - y0) * box["height"])


def dot_centre(page, index: int) -> tuple[float, float]:
    box = page.locator(DOTS).nth(FIRST_TOKEN + index).bounding_box()
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def settled(page) -> None:
    """Wait until the chart and its tokens stop moving on the page (a widget rendered late shifts them).

    Positions read before the page has settled send the mouse to where the token no longer is.
    """
    page.locator(WIDGET).scroll_into_view_if_needed()
    page.wait_for_function(
        """([dots, area]) => {
            const now = JSON.stringify([...document.querySelectorAll(dots), document.querySelector(area)]
                .map((el) => { const r = el.getBoundingClientRect(); return [r.x, r.y, r.width]; }));
            const same = window.__chartLayout === now;
            window.__chartLayout = now;
            return same;
        }""",
        arg=[DOTS, f"{FIGURE} .plotarea_background"],
        polling=200,
        timeout=TIMEOUT,
    )


def drag(page, index: int, target: tuple[float, float]) -> None:
    """Press on token ``index``, move in small steps to the chart point ``target``, release."""
    settled(page)
    sx, sy = dot_centre(page, index)
    tx, ty = to_screen(page, *target)
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=8)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def token_data(page, index: int) -> str:
    """``kind:x,y`` of a token, as the widget publishes it (chart coordinates)."""
    tokens = page.locator(DATA).get_attribute("data-tokens")
    return dict(item.split(":", 1) for item in tokens.split(";"))[str(index)]


def wait_for_token(page, index: int, point: tuple[float, float]) -> None:
    """Wait until the kernel has moved token ``index`` to ``point`` and the dot is drawn there."""
    want = f"{point[0]:.3f},{point[1]:.3f}"
    page.wait_for_function(
        """([selector, index, want]) => {
            const el = document.querySelector(selector);
            return el && el.getAttribute('data-tokens').split(';')[index].endsWith(want);
        }""",
        arg=[DATA, index, want],
        timeout=TIMEOUT,
    )
    tx, ty = to_screen(page, *point)
    # The dot animates to its snapped place (160 ms); poll its on-screen centre.
    page.wait_for_function(
        """([selector, index, tx, ty]) => {
            const r = document.querySelectorAll(selector)[index].getBoundingClientRect();
            return Math.abs(r.x + r.width / 2 - tx) < 3 && Math.abs(r.y + r.height / 2 - ty) < 3;
        }""",
        arg=[DOTS, FIRST_TOKEN + index, tx, ty],
        timeout=TIMEOUT,
    )


def test_drag_a_token_onto_column_1_forward(chart_page):
    page = chart_page
    program = page.locator(".asteroyds-program")
    assert program.inner_text().strip() == ". . . . . . S"
    screenshot(page.locator(WIDGET), "status_chart_start")
    drag(page, 0, cell_centre(1, "F"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim().startsWith('F')", timeout=TIMEOUT
    )
    assert program.inner_text().strip() == "F . . . . . S"
    wait_for_token(page, 0, cell_centre(1, "F"))
    # The board's ghost path follows the chart (on_change -> preview.planned_path -> show_path).
    path = "document.querySelector('.asteroyds-board-data')?.getAttribute('data-path') || ''"
    page.wait_for_function(f"({path}).split(' ').length == 2", timeout=TIMEOUT)
    drag(page, 1, cell_centre(2, "R"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim().startsWith('F R')", timeout=TIMEOUT
    )
    wait_for_token(page, 1, cell_centre(2, "R"))
    assert page.locator(".asteroyds-chart-message").inner_text().strip() == "Column 2: Right."
    screenshot(page.locator(WIDGET), "status_chart_forward")
    board = page.locator(".asteroyds-board-view").first
    board.scroll_into_view_if_needed()
    screenshot(board, "status_chart_board_path")
    screenshot(page, "status_chart_page")
    assert page.errors == []


def test_shield_token_onto_red_forward_turns_the_shield_off(chart_page):
    page = chart_page
    badge = page.locator(".asteroyds-shield")
    assert badge.inner_text().strip() == "Shield ON"
    assert "asteroyds-shield-on" in badge.get_attribute("class")
    drag(page, 6, cell_centre(7, "F"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-shield').classList.contains('asteroyds-shield-off')",
        timeout=TIMEOUT,
    )
    assert badge.inner_text().strip() == "Shield OFF"
    assert page.locator(".asteroyds-program").inner_text().strip() == ". . . . . . F"
    wait_for_token(page, 6, cell_centre(7, "F"))
    screenshot(page.locator(WIDGET), "status_chart_shield_off")
    # Back on Shield by dragging it onto the Shield pictogram.
    drag(page, 6, cell_centre(7, "S"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-shield').classList.contains('asteroyds-shield-on')",
        timeout=TIMEOUT,
    )
    assert page.errors == []


def test_drop_outside_the_chart_bounces_back_with_a_message(chart_page):
    page = chart_page
    message = page.locator(".asteroyds-chart-message")
    home = tray_slot(2)
    drag(page, 2, (X_RANGE[0] + 0.5, Y_RANGE[1] - 0.3))  # the top-left corner, above the row names
    page.wait_for_function(
        "document.querySelector('.asteroyds-chart-message').innerText.includes('outside the chart')",
        timeout=TIMEOUT,
    )
    assert "went back to the tray" in message.inner_text()
    wait_for_token(page, 2, home)
    assert page.locator(".asteroyds-program").inner_text().strip() == ". . . . . . S"
    # An illegal pictogram bounces back too, with the engine's reason.
    drag(page, 2, cell_centre(3, "X"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-chart-message').innerText.includes('not allowed in racing')",
        timeout=TIMEOUT,
    )
    wait_for_token(page, 2, home)
    assert re.search(r"column 3: Shoot is not allowed in racing mode", message.inner_text())
    screenshot(page.locator(WIDGET), "status_chart_refused")
    assert page.errors == []


def test_click_to_place_grid(chart_page):
    page = chart_page
    page.locator(".asteroyds-cell-1F button, button.asteroyds-cell-1F").first.click()
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim() == 'F . . . . . S'", timeout=TIMEOUT
    )
    wait_for_token(page, 0, cell_centre(1, "F"))
    assert page.errors == []
