"""The newcomer's path in Voila: welcome → planning chapter (drag a program) → an exercise.

The sandbox round against a bot is tests/browser/test_sandbox.py; a shared
scenario link is tests/browser/test_teacher.py.
"""

from __future__ import annotations

import pytest

from asteroyds import Dice, resolve_asteroids
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Piece
from asteroyds.state import State
from asteroyds.ui.chart.status.view import X_RANGE, Y_RANGE, cell_centre, tray_slot
from asteroyds.ui.teach.scenes import patch

from .conftest import RENDER_TIMEOUT, open_notebook, open_sections, screenshot
from .test_status_chart import DOTS, FIGURE, FIRST_TOKEN, TIMEOUT

pytestmark = pytest.mark.ui


def drag(page, index, target):
    """Drag token ``index`` of the FIRST chart on the page to the chart point ``target``."""
    figure = page.locator(FIGURE).first
    box = figure.locator(".plotarea_background").bounding_box()
    (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
    tx = box["x"] + (target[0] - x0) / (x1 - x0) * box["width"]
    ty = box["y"] + (y1 - target[1]) / (y1 - y0) * box["height"]
    dot = figure.locator(".object_grp path.dot").nth(FIRST_TOKEN + index).bounding_box()
    sx, sy = dot["x"] + dot["width"] / 2, dot["y"] + dot["height"] / 2
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=8)
    page.mouse.move(tx, ty, steps=8)
    page.mouse.up()


def test_welcome_then_planning_chapter_then_drag_a_program(page, voila_url):
    open_notebook(page, voila_url, "00_welcome", ".asteroyds-board-picture")
    assert page.get_by_text("Welcome, pilot").count() >= 1
    page.get_by_role("link", name="Planning on the status chart", exact=True).click()  # the table's link
    page.wait_for_url("**/02_planning.ipynb", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    open_sections(page, 3, [0])  # the chapter's chart is its first closed section (Open the chart)
    page.wait_for_selector(DOTS, timeout=RENDER_TIMEOUT)
    chart = page.locator(FIGURE).first
    chart.scroll_into_view_if_needed()
    program = page.locator(".asteroyds-program").first
    # The chapter has already loaded "F F R . . . S" in writing (tokens 0-2 on the chart).
    assert program.inner_text().split() == ["F", "F", "R", ".", ".", ".", "S"]
    drag(page, 3, cell_centre(4, "F"))  # a tray token onto column 4, Forward
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim().split(/\\s+/)[3] === 'F'",
        timeout=TIMEOUT,
    )
    drag(page, 4, cell_centre(5, "L"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim().split(/\\s+/)[4] === 'L'",
        timeout=TIMEOUT,
    )
    assert program.inner_text().split() == ["F", "F", "R", "F", "L", ".", "S"]
    assert tray_slot(3) != cell_centre(4, "F")
    screenshot(page, "newcomer-planning")


def test_an_exercise_answered_wrong_then_right(page, voila_url):
    # The engine's answer for the chapter's duel: the smaller priority number takes the space.
    duel = State(
        mode="racing",
        pieces=(
            Piece("W3", "asteroid", (2, 2), "white", parse_direction("E"), 3),
            Piece("W8", "asteroid", (2, 4), "white", parse_direction("W"), 8),
        ),
        board=patch(5, 8),  # the chapter's close-up
    )
    after, _ = resolve_asteroids(duel, Dice(1, 1, 1))
    right = "#3" if after.piece("W3").cell == (2, 3) else "#8"
    wrong = "#8" if right == "#3" else "#3"

    open_notebook(page, voila_url, "03_moving_asteroids", wait_for=".asteroyds-choice")
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-choice")).first
    exercise.scroll_into_view_if_needed()
    exercise.locator(".asteroyds-choice", has_text=wrong).click()
    feedback = exercise.locator(".asteroyds-feedback")
    feedback.wait_for(timeout=TIMEOUT)
    assert feedback.get_attribute("data-correct") == "false"
    assert "Try again" in feedback.inner_text()
    exercise.locator(".asteroyds-choice", has_text=right).click()
    page.wait_for_function(
        "[...document.querySelectorAll('.asteroyds-feedback')].some(f => f.dataset.correct === 'true')",
        timeout=TIMEOUT,
    )
    assert "smaller number" in exercise.locator(".asteroyds-feedback").inner_text()
    screenshot(exercise, "newcomer-exercise")
