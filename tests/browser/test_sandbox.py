"""The sandbox in a real browser (Voila + Chromium): whole rounds played through the page.

Everything is read from the page: the sandbox publishes its stage, round and
phase in the hidden ``.asteroyds-sandbox-values``; the round player its cursor
in ``.asteroyds-round-values``; the scoreboard one row per player with
``data-damage`` and ``data-tokens``; the status chart its program.

The drones round uses a seed and a program for which the engine says blue's
shot hits a drone in round 1 (``DRONES_SEED``, ``DRONES_PROGRAM``): they were
found by a search over short programs ending in a shot, and
``tests/test_ui_sandbox.py::test_the_browser_drones_program_hits_a_drone``
checks them against the engine, so this test only drives the page.
"""

from __future__ import annotations

import pytest

from asteroyds import scenario
from asteroyds.ui.editor import EditorController, empty_state
from asteroyds.ui.sandbox.view import KIND_NAMES
from tests.test_ui_sandbox import DRONES_PROGRAM, DRONES_SEED

from .conftest import RENDER_TIMEOUT, open_notebook, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "sandbox"
ROOT = ".asteroyds-sandbox"
VALUES = ".asteroyds-sandbox-values"
ROUND = ".asteroyds-round-player .asteroyds-round-values"
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
TALL = {"width": 1280, "height": 2300}  # a projector's width; tall enough to photograph the whole sandbox


@pytest.fixture
def sandbox(page, voila_url):
    page.set_viewport_size(TALL)  # the whole sandbox on screen, for the screenshots
    open_notebook(page, voila_url, NOTEBOOK, wait_for=f"{ROOT} .asteroyds-start")
    return page


def values(page) -> dict[str, str]:
    return page.locator(VALUES).evaluate("e => Object.assign({}, e.dataset)")


def wait_for(page, condition: str, selector: str = VALUES) -> None:
    """Wait until the published values ``d`` of ``selector`` satisfy a JS condition."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({selector!r}); const d = e && e.dataset; "
        f"return !!d && ({condition}); }}",
        timeout=TIMEOUT,
    )


def wait_stage(page, stage: str) -> None:
    wait_for(page, f"d.stage === {stage!r}")
    assert values(page)["error"] == ""


def click(page, css: str) -> None:
    page.locator(f"{ROOT} {css}").first.click()


def score(page, player: str) -> dict[str, str]:
    row = page.locator(f"{ROOT} .asteroyds-score-row[data-player='{player}']")
    return row.evaluate("e => Object.assign({}, e.dataset)")


def choose_players(page, mode: str, seed: int, seats: dict[str, str]) -> None:
    """Fill in the setup panel: the mode, the seed, which colours play and who plays them."""
    page.locator(f"{ROOT} .asteroyds-mode button", has_text=mode.title()).click()
    seed_box = page.locator(f"{ROOT} .asteroyds-seed input")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    for colour in ("blue", "red", "green", "yellow", "orange", "purple"):
        box = page.locator(f"{ROOT} .asteroyds-seat-{colour} input")
        if box.is_checked() != (colour in seats):
            box.click()
        if colour in seats:
            page.locator(f"{ROOT} .asteroyds-kind-{colour} select").select_option(
                label=KIND_NAMES[seats[colour]]
            )


def plan_on_the_chart(page, program: str) -> None:
    """Click the chart's click-to-place cells for each blue column of ``program``."""
    for column, token in enumerate(program.split()[:6], start=1):
        if token != ".":
            click(page, f".asteroyds-cell-{column}{token}")
            page.wait_for_function(
                "([t, c]) => (document.querySelector('.asteroyds-sandbox .asteroyds-program')?.innerText "
                "|| '').trim().split(/\\s+/)[c - 1] === t",
                arg=[token, column],
                timeout=TIMEOUT,
            )


def start_and_plan(page, program: str) -> None:
    """Start the game, roll, take the device, plan ``program`` and press Done."""
    # A new page shows a picture of the board; the game brings the interactive board in its place.
    if page.locator(f"{ROOT} .asteroyds-board-view").count() == 0:
        assert page.locator(f"{ROOT} .asteroyds-board-picture svg .hexes").count() == 1
    click(page, ".asteroyds-start")
    wait_stage(page, "roll")
    page.wait_for_selector(f"{ROOT} .asteroyds-board-view .asteroyds-board", timeout=TIMEOUT)
    assert page.locator(f"{ROOT} .asteroyds-board-picture").count() == 0
    assert values(page)["round"] == "1"
    click(page, ".asteroyds-dice .asteroyds-roll")
    wait_stage(page, "planning")  # one human: no "pass the device" screen, the chart at once
    assert values(page)["player"] == "blue"
    assert page.locator(f"{ROOT} .asteroyds-handover-card").count() == 0
    plan_on_the_chart(page, program)
    # The coach's ghost path follows the chart on the shared board.
    wait_for(page, "d.path && d.path.split(' ').length >= 2", f"{ROOT} .asteroyds-board-data")
    click(page, ".asteroyds-submit")
    wait_stage(page, "asteroids")


def test_a_racing_round_human_against_a_bot(sandbox):
    page = sandbox
    choose_players(page, "racing", 1, {"blue": "human", "red": "greedy"})
    screenshot(page.locator(ROOT), "sandbox-setup")
    start_and_plan(page, "F R . . . . S")
    assert score(page, "blue") == {"player": "blue", "damage": "0", "tokens": "", "progress": "0"}
    # The asteroids, step by step with the round player.
    click(page, ".asteroyds-btn-asteroids")
    wait_stage(page, "fly")
    wait_for(page, "d.phase === 'asteroids' && d.cursor === '0' && +d.count > 5", ROUND)
    for step in (1, 2, 3):
        click(page, ".asteroyds-btn-next")
        wait_for(page, f"d.cursor === '{step}'", ROUND)
    assert page.locator(f"{ROOT} .asteroyds-priority-inspector tr.asteroyds-current").count() == 1
    assert page.locator(f"{ROOT} .asteroyds-event-log tr.asteroyds-current").count() == 1
    screenshot(page.locator(ROOT), "sandbox-racing-asteroids")
    # Fly, step to the end, end the round.
    click(page, ".asteroyds-btn-fly")
    wait_stage(page, "end")
    click(page, ".asteroyds-btn-last")
    wait_for(page, "d.phase === 'fly' && d.cursor === d.count", ROUND)
    screenshot(page.locator(ROOT), "sandbox-racing-flown")
    click(page, ".asteroyds-btn-end")
    wait_stage(page, "roll")
    assert values(page)["round"] == "2"
    assert "SCOREBOARD · ROUND 2" in page.locator(f"{ROOT} .asteroyds-scoreboard").inner_text()
    wait_for(page, "d.series && d.series.includes('blue:0,')", f"{ROOT} .asteroyds-progress-values")
    assert page.locator(f"{ROOT} .asteroyds-score-row").count() == 2
    screenshot(page.locator(ROOT), "sandbox-racing-round2")
    # Undo takes the end of the round back.
    click(page, ".asteroyds-undo")
    wait_stage(page, "end")
    assert values(page)["round"] == "1"
    assert page.errors == []


def test_a_drones_round_where_the_human_shoots_a_drone(sandbox):
    page = sandbox
    choose_players(page, "drones", DRONES_SEED, {"blue": "human", "red": "greedy"})
    start_and_plan(page, DRONES_PROGRAM)
    click(page, ".asteroyds-btn-asteroids")
    wait_stage(page, "fly")
    click(page, ".asteroyds-btn-fly")
    wait_stage(page, "end")
    # Step through the flight until blue's laser fires: the board draws the beam.
    for _ in range(40):
        if page.locator(ROUND).get_attribute("data-event") == "laser_fired":
            break
        cursor = int(page.locator(ROUND).get_attribute("data-cursor"))
        click(page, ".asteroyds-btn-next")
        wait_for(page, f"d.cursor === '{cursor + 1}'", ROUND)
    board = f"{ROOT} .asteroyds-board-data"
    wait_for(page, "d.laser && d.laserHit", board)
    assert "drone" in page.locator(f"{ROOT} .asteroyds-rp-caption").inner_text()
    screenshot(page.locator(ROOT), "sandbox-drones-laser")
    click(page, ".asteroyds-btn-end")
    wait_stage(page, "roll")
    blue = score(page, "blue")
    assert blue["tokens"] == "D" and blue["progress"] == "1"
    chips = page.locator(
        f"{ROOT} .asteroyds-score-row[data-player='blue'] .asteroyds-chip:not(.asteroyds-missing)"
    )
    assert chips.all_inner_texts() == ["D"]
    screenshot(page.locator(ROOT), "sandbox-drones-scored")
    assert page.errors == []


def test_a_broken_save_is_refused_on_the_page(sandbox):
    page = sandbox
    click(page, ".asteroyds-start")
    wait_stage(page, "roll")
    click(page, ".asteroyds-load-toggle")
    page.locator(f"{ROOT} .asteroyds-load-text textarea").fill("{ not a saved game")
    click(page, ".asteroyds-load")
    wait_for(page, "d.error.includes('not valid JSON')")
    assert values(page)["stage"] == "roll" and values(page)["inputs"] == "0"
    assert "not valid JSON" in page.locator(f"{ROOT} .asteroyds-error-text").first.inner_text()
    href = page.locator(f"{ROOT} a.asteroyds-save").get_attribute("href")
    assert href.startswith("data:application/json;base64,")
    assert page.errors == []


def test_a_pasted_scenario_starts_a_game_and_a_broken_one_is_refused(sandbox):
    """Load… → a scenario (here the editor's rearranged capture layout) is a new game on that board."""
    page = sandbox
    editor = EditorController()
    editor.load_setup("capture")
    editor.move("TR1", (3, 5))
    editor.move("P3", (5, 6))
    click(page, ".asteroyds-load-toggle")
    box = page.locator(f"{ROOT} .asteroyds-load-text textarea")
    box.fill(scenario.dumps(empty_state("capture")))  # no team yet: the engine says why
    click(page, ".asteroyds-load-scenario")
    wait_for(page, "d.error.includes('cannot be played yet')")
    assert values(page)["stage"] == "setup"
    box.fill(editor.to_json())
    click(page, ".asteroyds-load-scenario")
    wait_stage(page, "roll")
    pieces = page.locator(f"{ROOT} .asteroyds-board-data").first.get_attribute("data-pieces").split()
    assert "TR1@3,5" in pieces and "P3@5,6" in pieces
    assert (
        "New capture game on the loaded scenario" in page.locator(f"{ROOT} .asteroyds-message").inner_text()
    )
    click(page, ".asteroyds-dice .asteroyds-roll")  # red (human by default) plans first: one team alone
    wait_stage(page, "planning")
    assert values(page)["team"] == "red"
    assert page.errors == []


def test_play_this_race_numbers_on_and_hints_counted_off_the_clock(page, voila_url):
    """Chapter 5's *Play this race* link: its game at once, the learner against bots; the tiles carry
    their numbers; the best plan is a hint, counted, and the stopwatch runs on after it (paused while
    the coach computed: tests/test_sandbox_hints.py checks the pause itself)."""
    page.set_viewport_size({"width": 1366, "height": 900})
    race = "mode=racing&players=blue,red,green,yellow&humans=blue&seed=7"
    page.goto(f"{voila_url}/voila/render/{NOTEBOOK}.ipynb?{race}", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    wait_stage(page, "roll")
    assert page.locator(f"{ROOT} .asteroyds-score-row").count() == 4
    assert values(page)["hints"] == "0" and values(page)["hintsAllowed"] == "yes"
    assert page.locator(f"{ROOT} .asteroyds-numbers-toggle input").is_checked()
    click(page, ".asteroyds-dice .asteroyds-roll")
    wait_stage(page, "planning")  # the learner alone: no hand-over screen
    stopwatch = f"{ROOT} .asteroyds-stopwatch-time"
    page.wait_for_selector(f"{stopwatch}[data-status='running']", timeout=TIMEOUT)
    assert not page.locator(f"{ROOT} .asteroyds-danger-toggle input").is_checked()  # off until asked
    click(page, ".asteroyds-best-plan")
    wait_for(page, "d.hints === '1'")
    page.wait_for_selector(f"{ROOT} .asteroyds-coach-steps", timeout=TIMEOUT)
    assert page.locator(stopwatch).get_attribute("data-status") == "running"
    screenshot(page.locator(ROOT), "sandbox-hint")
    assert page.errors == []
