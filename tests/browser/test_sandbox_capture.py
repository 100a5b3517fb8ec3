"""Issue 7 acceptance: one turn of Capture the Asteroyd in the sandbox, in a real browser (Voila + Chromium).

The setup panel chooses capture (its default teams: the red crafts human, the
white ones bots), the red team plans together by clicking its capture charts'
cells, presses Done, resolves the turn, and steps through the 6 rounds with
the round player: the board draws each laser and moves the crafts, the
caption names the round and its stage, and the scoreboard moves on to turn 2.
Everything is read from the page (the widgets publish their state in hidden
``data-*`` attributes); the programs are the ones
``tests/test_ui_sandbox.py`` plays through the controller with the same seed.
"""

from __future__ import annotations

import pytest

from tests.test_ui_sandbox import CAPTURE_SEED, RED_PROGRAMS

from .conftest import open_notebook, screenshot
from .test_sandbox import ROOT, ROUND, TALL, TIMEOUT, click, values, wait_for, wait_stage

pytestmark = pytest.mark.ui

NOTEBOOK = "sandbox"
BOARD = f"{ROOT} .asteroyds-board-data"
CHARTS = f"{ROOT} .asteroyds-capture-chart"


@pytest.fixture
def sandbox(page, voila_url):
    page.set_viewport_size(TALL)
    open_notebook(page, voila_url, NOTEBOOK, wait_for=f"{ROOT} .asteroyds-start")
    return page


def board(page) -> dict[str, str]:
    return page.locator(BOARD).evaluate("e => Object.assign({}, e.dataset)")


def round_values(page) -> dict[str, str]:
    return page.locator(ROUND).evaluate("e => Object.assign({}, e.dataset)")


def choose_capture(page, seed: int) -> None:
    """The setup panel: the Capture mode (red crafts human, white ones bots by default) and the seed."""
    page.locator(f"{ROOT} .asteroyds-mode button", has_text="Capture").click()
    page.locator(f"{ROOT} .asteroyds-capture-setup").wait_for(state="visible", timeout=TIMEOUT)
    seed_box = page.locator(f"{ROOT} .asteroyds-seed input")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    assert page.locator(f"{ROOT} .asteroyds-capture-kind-red1 select").input_value() == "human"
    assert page.locator(f"{ROOT} .asteroyds-capture-kind-white1 select").input_value() == "bot"


def plan_chart(page, index: int, program: str) -> None:
    """Click one capture chart's cells for ``program``, then its anticipation; wait for each to show."""
    chart = page.locator(CHARTS).nth(index)
    tokens = program.split()

    def shown(expected: list[str]) -> None:
        page.wait_for_function(
            "([sel, i, want]) => { const c = document.querySelectorAll(sel)[i]; "
            "const p = c && c.querySelector('.asteroyds-program code'); "
            "return !!p && p.dataset.program === want; }",
            arg=[CHARTS, index, " ".join(expected)],
            timeout=TIMEOUT,
        )

    current = [".", ".", ".", ".", ".", ".", "-"]
    for column, token in enumerate(tokens[:6], start=1):
        if token == ".":
            continue
        chart.locator(f".asteroyds-capture-cell-{column}-{token}").click()
        current[column - 1] = token
        shown(current)
    chart.locator(f".asteroyds-capture-anticipation-{tokens[6]}").click()
    shown(tokens)


def test_one_capture_turn_in_the_sandbox(sandbox):
    page = sandbox
    choose_capture(page, CAPTURE_SEED)
    screenshot(page.locator(ROOT), "sandbox-capture-setup")
    click(page, ".asteroyds-start")
    wait_stage(page, "roll")
    assert values(page)["mode"] == "capture" and values(page)["round"] == "1"
    start = board(page)
    assert start["scores"] == "red:0 white:0"
    click(page, ".asteroyds-dice .asteroyds-roll")
    # The red team alone is human: no hand-over screen; it plans together: both charts at once, one
    # stopwatch, one Done.
    wait_stage(page, "planning")
    assert values(page)["team"] == "red" and values(page)["planning"] == "red1 red2"
    assert page.locator(f"{ROOT} .asteroyds-handover-card").count() == 0
    assert page.locator(CHARTS).count() == 2
    assert page.locator(f"{ROOT} .asteroyds-stopwatch").count() == 1
    assert "turrets fire this turn" in page.locator(f"{ROOT} .asteroyds-board-view").inner_text()
    plan_chart(page, 0, RED_PROGRAMS["red1"])
    plan_chart(page, 1, RED_PROGRAMS["red2"])
    screenshot(page.locator(ROOT), "sandbox-capture-planning")
    click(page, ".asteroyds-submit")
    wait_stage(page, "capture")
    assert page.locator(CHARTS).count() == 0
    assert page.locator(f"{ROOT} .asteroyds-btn-asteroids").is_hidden()
    # Resolve the turn, then step through its rounds: lasers first, then moves.
    click(page, ".asteroyds-btn-capture")
    wait_stage(page, "end")
    wait_for(page, "d.phase === 'capture' && d.cursor === '0' && +d.count > 20", ROUND)
    count = int(round_values(page)["count"])
    seen_laser = False
    for step in range(1, count + 1):
        click(page, ".asteroyds-btn-next")
        wait_for(page, f"d.cursor === '{step}'", ROUND)
        rv = round_values(page)
        if rv["captureStage"] == "lasers" and rv["event"] == "capture_laser_fired" and not seen_laser:
            wait_for(page, "!!d.laser", BOARD)  # the board draws the beam of the laser event
            caption = page.locator(f"{ROOT} .asteroyds-rp-caption").inner_text()
            assert f"Round {rv['captureRound']} of 6 · lasers" in caption
            screenshot(page.locator(ROOT), "sandbox-capture-laser")
            seen_laser = True
        if seen_laser and rv["captureStage"] == "moves" and rv["event"] == "craft_moved":
            break
    assert seen_laser
    caption = page.locator(f"{ROOT} .asteroyds-rp-caption").inner_text()
    assert f"Round {round_values(page)['captureRound']} of 6 · moves" in caption
    wait_for(page, "!d.laser", BOARD)  # a move is not a laser
    assert board(page)["crafts"] != start["crafts"]  # the crafts moved on the board
    inspector = page.locator(f"{ROOT} .asteroyds-capture-table")
    assert inspector.get_attribute("data-stage") == "moves"
    assert page.locator(f"{ROOT} .asteroyds-capture-table tr.asteroyds-current").count() == 1
    screenshot(page.locator(ROOT), "sandbox-capture-moves")
    # The end of the turn: the scoreboard moves on to turn 2.
    click(page, ".asteroyds-btn-last")
    wait_for(page, "d.cursor === d.count", ROUND)
    click(page, ".asteroyds-btn-end")
    wait_stage(page, "roll")
    assert values(page)["round"] == "2"
    scoreboard = page.locator(f"{ROOT} .asteroyds-scoreboard")
    assert "SCOREBOARD · TURN 2" in scoreboard.inner_text()
    assert page.locator(f"{ROOT} .asteroyds-team-row").count() == 2
    assert page.locator(f"{ROOT} .asteroyds-score-row").count() == 4
    assert page.locator(f"{ROOT} .asteroyds-scoreboard-body").get_attribute("data-round") == "2"
    screenshot(page.locator(ROOT), "sandbox-capture-turn2")
    assert page.errors == []
