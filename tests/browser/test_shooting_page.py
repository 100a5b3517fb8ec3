"""Chapters 8 and 9 in a real browser: their rule boards draw the lasers they narrate; their tools answer."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds.flight import fly
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Craft, Piece
from asteroyds.state import State
from asteroyds.ui.board.scene import cell_key

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot
from .rule_boards import RULE_BOARD, board_data, step_to, wait_for_data

pytestmark = pytest.mark.ui

NOTEBOOK = "08_lasers_and_shooting"
DRONES = "09_targets_and_drones"
E, W = parse_direction("E"), parse_direction("W")


def lane() -> State:
    """The chapter's first board: blue shoots east through red, red shoots west through blue."""
    pieces = (Piece("P1", "pod", (6, 10)), Piece("W1", "asteroid", (6, 12), "white", E, 1))
    crafts = (Craft("blue", (6, 3), E), Craft("red", (6, 6), W))
    state = State(mode="shooting", pieces=pieces, crafts=crafts, player_order=("blue", "red"))
    return state.validate("shooting")


def test_a_shot_is_drawn_on_its_board_and_its_caption_names_what_it_hit(page, voila_url):
    _after, events = fly(lane(), {"blue": "X . . . . . S", "red": "X . . . . . S"})
    shots = [i for i, e in enumerate(events, 1) if e.type == "laser_fired"]
    blue, red = (events[i - 1] for i in shots)
    open_notebook(page, voila_url, NOTEBOOK, wait_for=RULE_BOARD)
    board = page.locator(RULE_BOARD).first
    board.scroll_into_view_if_needed()
    expect(board.locator(".asteroyds-rule-title")).to_have_text("Two shots: crafts never stop a laser")
    assert board_data(board, "laser") == ""
    step_to(board, shots[0])
    caption = board.locator(".asteroyds-rule-caption")
    expect(caption).to_contain_text("pod P1")
    wait_for_data(page, 0, "laser", " ".join(map(cell_key, blue.path)))  # the beam, as the engine traced it
    assert board_data(board, "laser-hit") == "6,10" and "P1@6,10" in board_data(board, "pieces")
    assert "6,6" in board_data(board, "laser")  # it ran through the red craft's space
    screenshot(board, "08-rule-board-blue-shot")
    step_to(board, shots[1])
    expect(caption).to_contain_text("leaves the board")
    wait_for_data(page, 0, "laser", " ".join(map(cell_key, red.path)))
    assert board_data(board, "laser-hit") == ""  # nothing hit: no burst
    board.locator(".asteroyds-rule-again").click()  # back to the start, then it plays by itself
    counter = board.locator(".asteroyds-rule-counter")
    expect(counter).to_have_text(f"{len(events)} of {len(events)}", timeout=20_000)
    assert not page.errors, page.errors


def test_the_gate_board_ends_where_the_engine_says(page, voila_url):
    gate = Piece("GA", "gate", (6, 8), "red", E, 21, "A")
    start = State(mode="shooting", pieces=(gate,), crafts=(Craft("blue", (6, 3), E),), player_order=("blue",))
    after, events = fly(start.validate("shooting"), {"blue": "X F F F F F S"})
    craft = after.craft("blue")
    open_notebook(page, voila_url, NOTEBOOK, wait_for=RULE_BOARD)
    board = page.locator(RULE_BOARD).nth(1)
    board.scroll_into_view_if_needed()
    before = board_data(board, "crafts")
    step_to(board, len(events))
    expected = f"blue@{cell_key(craft.cell)}:E:{craft.damage}"
    wait_for_data(page, 1, "crafts", expected)
    assert board_data(board, "crafts") != before
    expect(board.locator(".asteroyds-rule-caption")).to_contain_text("gate #21")
    expect(board.locator(".asteroyds-rule-step")).to_be_disabled()


def test_the_one_shot_chart_says_why(page, voila_url):
    open_notebook(page, voila_url, NOTEBOOK, wait_for=".asteroyds-chart-message")
    expect(page.locator(".asteroyds-chart-message").first).to_contain_text("only one shot per turn")
    assert not page.errors, page.errors


def test_the_drone_exercise_shows_a_solution(page, voila_url):
    open_notebook(page, voila_url, DRONES, wait_for=LAZY_OPEN)
    open_sections(page, 1)  # the exercise is built when the learner opens it
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-show-solution"))
    exercise.scroll_into_view_if_needed()
    exercise.locator(".asteroyds-show-solution").click()
    expect(exercise.locator(".asteroyds-feedback")).to_have_attribute("data-correct", "true", timeout=15_000)
    expect(exercise.locator(".asteroyds-program code").first).to_have_text("F F L X . . S")
    board = exercise.locator(".asteroyds-board-view").first
    page.wait_for_function(  # the solution's laser is drawn on the exercise's board
        "() => [...document.querySelectorAll('.asteroyds-exercise .asteroyds-board-data')]"
        ".some(e => e.dataset.laserHit === '3,6')",
        timeout=15_000,
    )
    screenshot(exercise, "09-drone-exercise-solution")
    assert board.is_visible()
    assert not page.errors, page.errors
