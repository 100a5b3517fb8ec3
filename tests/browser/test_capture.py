"""Chapter 10 in a real browser: a capture turn played on a rule board, round by round."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds.hexgrid import neighbour, parse_direction
from asteroyds.modes import capture
from asteroyds.modes.capture.replay import disabled_turret_cells
from asteroyds.simulate import play_capture_game
from asteroyds.ui.board.scene import cell_key

from .conftest import open_notebook, screenshot
from .rule_boards import board_data, step_to

pytestmark = pytest.mark.ui

NOTEBOOK = "10_capture"
DEMO = ".capture-demo"


def the_demo_turn():
    """The turn the chapter shows, from the engine: the 9th turn of the seed-2 bot game."""
    record = play_capture_game(seed=2, max_turns=9)
    before = record.states[8]
    return before, *capture.resolve(before, record.dice[8], record.programs[8])


def test_stepping_the_turn_shows_its_rounds_lasers_and_disabled_turrets(page, voila_url):
    before, after, events = the_demo_turn()
    first_laser = next(i for i, e in enumerate(events, 1) if e.type == "capture_laser_fired")
    open_notebook(page, voila_url, NOTEBOOK, wait_for=DEMO)
    demo = page.locator(DEMO)
    demo.scroll_into_view_if_needed()
    expect(demo).to_be_visible()
    start = board_data(demo, "crafts")
    assert board_data(demo, "scores") == " ".join(f"{t}:{p}" for t, p in before.scores)
    step_to(demo, first_laser)
    caption = demo.locator(".asteroyds-rule-caption")
    expect(caption).to_contain_text("Round 1 of 6 · lasers:")
    laser = events[first_laser - 1]
    expect(demo.locator(".asteroyds-board-data")).to_have_attribute(
        "data-laser", " ".join(map(cell_key, laser.path))
    )
    step_to(demo, len(events))  # the last event: the state the engine returned
    expect(demo.locator(".asteroyds-board-data")).to_have_attribute(
        "data-scores", " ".join(f"{t}:{p}" for t, p in after.scores)
    )
    assert board_data(demo, "crafts") != start
    assert board_data(demo, "disabled") == " ".join(map(cell_key, disabled_turret_cells(events)))
    expect(demo.locator(".asteroyds-rule-step")).to_be_disabled()
    # Under the board: what each craft planned, and the scores the turn ended with.
    expect(demo.locator(".asteroyds-table")).to_contain_text("Shield in round")
    scores = ", ".join(f"{team} {points}" for team, points in after.scores)
    expect(demo.locator(".asteroyds-note")).to_contain_text(f"Scores after the turn: {scores}.")
    assert not page.errors, page.errors
    screenshot(demo, "10_capture-demo")


def test_a_turret_fires_through_the_edge_its_die_shows(page, voila_url):
    """Issue 33: chapter 10 shows a red turret up close fire for each red die; its pips are written."""
    open_notebook(page, voila_url, NOTEBOOK, wait_for=".asteroyds-scene-choice")
    aim = page.locator(".asteroyds-rule-board", has_text="A red turret up close").first
    aim.scroll_into_view_if_needed()
    board_texts = aim.locator("svg.asteroyds-board-svg text")  # the board's own SVG, not its legend's samples
    texts = [t.strip() for t in board_texts.all_text_contents()]
    digits = sorted(t for t in texts if len(t) == 1 and t in "123456")
    assert digits == ["1", "2", "3", "4", "5", "6"]  # the turret's six pips (no craft on this board)
    screenshot(aim, "10_capture-turret-aim-start")
    whole = page.locator(".asteroyds-rule-board", has_text="Round 1, every chart empty").first
    whole_texts = [t.strip() for t in whole.locator("svg.asteroyds-board-svg text").all_text_contents()]
    assert sum(1 for t in whole_texts if len(t) == 1 and t in "123456") >= 6 * 4  # every turret's pips
    screenshot(whole, "10_capture-round-one")
    turret = board_data(aim, "pieces").split()[0]  # TR@2,3
    cell = tuple(int(v) for v in turret.split("@")[1].split(","))
    aim.locator(".asteroyds-scene-choice button", has_text="2").click()
    expect(aim.locator(".asteroyds-rule-counter")).to_have_text("0 of 2", timeout=15_000)
    step_to(aim, 2)
    south_west = neighbour(cell, parse_direction("SW"))  # its barrel faces NW: the 2 is on its SW edge
    laser = aim.locator(".asteroyds-board-data").first.get_attribute("data-laser").split()
    assert laser[0] == cell_key(south_west)
    expect(aim.locator(".asteroyds-rule-caption")).to_contain_text("The red turret TR fires SW")
    assert not page.errors, page.errors
    screenshot(aim, "10_capture-turret-aim")
