"""The coach in a real browser (Voila + Chromium): the danger overlay and "Show me the best plan".

The sandbox: start a racing game, roll, take the device, tick *Danger map*
(the board publishes the counts it draws) and press *Show me the best plan*:
the status chart lays the coach's program over its tokens as a ghost
(published as ``data-ghost``) and the explanation appears, one line per
column; after the round, *Compare my plan with the coach's* says how the
learner's program scored against the best one. The racing chapter (the
tutorial) does the same in its coach section. The expected program, counts
and scores come from the engine, run here on the same setup and dice.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import asteroyds
from asteroyds import STANDARD_BOARD
from asteroyds.coach import best_plan, danger_map, score_program
from asteroyds.dice import Dice
from asteroyds.ui.board.view import cell_fraction
from asteroyds.ui.coach import describe_score
from asteroyds.ui.sandbox import SandboxSetup
from asteroyds.ui.sandbox.setup import Seat

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot
from .test_sandbox import ROOT, TALL, TIMEOUT, choose_players, click, values, wait_for, wait_stage

pytestmark = pytest.mark.ui

BOARD = f"{ROOT} .asteroyds-board-data"
CHART = f"{ROOT} .asteroyds-chart-data-values"


def data(page, selector: str) -> dict[str, str]:
    return page.locator(selector).first.evaluate("e => Object.assign({}, e.dataset)")


def click_cell(root, cell) -> None:
    """Click a hex of the board inside ``root`` (a locator) at its place in the figure."""
    figure = root.locator(".asteroyds-board svg.svg-figure").first
    box = figure.bounding_box()
    fx, fy = cell_fraction(cell, STANDARD_BOARD)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})


def danger_text(counts: dict) -> str:
    return " ".join(f"{r},{c}:{n}" for (r, c), n in sorted(counts.items()) if n > 0)


def test_the_sandbox_shows_the_danger_map_and_the_best_plan(page, voila_url):
    page.set_viewport_size(TALL)
    open_notebook(page, voila_url, "sandbox", wait_for=f"{ROOT} .asteroyds-start")
    choose_players(page, "racing", 1, {"blue": "human", "red": "greedy"})
    click(page, ".asteroyds-start")
    wait_stage(page, "roll")
    # The engine on the same setup: the board at the start, then the seeded dice.
    game = SandboxSetup(mode="racing", seats=(Seat("blue", "human"), Seat("red", "greedy")), seed=1).build()
    assert data(page, BOARD)["danger"] == ""  # off until the learner asks
    click(page, ".asteroyds-danger-toggle input")
    expected = danger_text(danger_map(game.state).cells)
    wait_for(page, f"d.danger === {expected!r}", BOARD)
    legend = page.locator(f"{ROOT} .asteroyds-danger-legend").inner_text()
    assert "out of 216" in legend and "The blue craft is hit in" in legend
    click(page, ".asteroyds-dice .asteroyds-roll")
    wait_stage(page, "planning")  # one human: the chart at once, no hand-over screen
    dice = game.roll()  # the page's Roll is the game's seeded roll (the ghost below agrees or the test fails)
    plan = best_plan(game.state, dice, "blue", rules=game.rules, style="careful")
    click(page, ".asteroyds-best-plan")
    wait_for(page, f"d.ghost === {str(plan.program)!r}", CHART)
    steps = page.locator(f"{ROOT} .asteroyds-coach-steps li")
    steps.first.wait_for(timeout=TIMEOUT)
    assert steps.all_inner_texts() == list(plan.explanation)
    assert data(page, CHART)["program"] == ". . . . . . S"  # the learner's own tokens did not move
    screenshot(page.locator(ROOT), "coach-sandbox-best-plan")
    # Done with the learner's own (empty) program, play the round, then compare with the coach.
    click(page, ".asteroyds-submit")
    wait_stage(page, "asteroids")
    for button, stage in (("asteroids", "fly"), ("fly", "end"), ("end", "roll")):
        click(page, f".asteroyds-btn-{button}")
        wait_stage(page, stage)
    mine = score_program(game.state, dice, "blue", ". . . . . . S", rules=game.rules, style="careful")
    click(page, ".asteroyds-compare")
    comparison = page.locator(f"{ROOT} .asteroyds-coach-comparison")
    comparison.locator("text=Your plan:").wait_for(timeout=TIMEOUT)
    text = comparison.inner_text()
    assert text.startswith("blue, round 1: ") and f"Your plan: {describe_score(mine)}." in text
    assert values(page)["error"] == ""
    assert page.errors == []


def test_the_racing_chapter_teaches_the_danger_map_and_the_best_plan(page, voila_url):
    page.set_viewport_size({"width": 1280, "height": 1400})
    open_notebook(page, voila_url, "06_coach", wait_for=LAZY_OPEN)
    open_sections(page, 2)  # the exercise and the planning board are built when the learner opens them
    start = asteroyds.setup("racing", seed=1, players=["blue", "red"])
    # The demo board shows the danger map from the start.
    danger_cell = page.locator(".jp-OutputArea-output", has=page.locator(".asteroyds-danger-legend")).first
    board = danger_cell.locator(".asteroyds-board-data")
    assert board.evaluate("e => e.dataset.danger") == danger_text(danger_map(start).cells)
    screenshot(danger_cell, "coach-danger-map")
    # The exercise: of the three spaces outlined on its board (the danger map drawn on it), the one
    # the engine counts fewest rolls on is right; the learner answers by clicking it.
    danger = danger_map(start)
    exercise = page.locator(".asteroyds-exercise", has_text="safest")
    exercise.scroll_into_view_if_needed()
    shown = exercise.locator(".asteroyds-board-data").first
    assert shown.get_attribute("data-danger") == danger_text(danger.cells)
    keys = shown.get_attribute("data-highlight").split()
    outlined = [tuple(int(x) for x in key.split(",")) for key in keys]
    assert len(outlined) == 3
    assert exercise.locator(".asteroyds-choice").count() == 0  # no buttons named by coordinates
    feedback = exercise.locator(".asteroyds-feedback")
    click_cell(exercise, max(outlined, key=danger.risk))
    expect(feedback).to_have_attribute("data-correct", "false", timeout=TIMEOUT)
    assert "(" not in feedback.inner_text()  # the words name no cell
    safest = min(outlined, key=danger.risk)
    click_cell(exercise, safest)
    expect(feedback).to_have_attribute("data-correct", "true", timeout=TIMEOUT)
    assert f"in {danger.risk(safest)} of the 216 rolls" in feedback.inner_text()
    screenshot(exercise, "coach-safest-space")
    # Show me the best plan: the ghost on the chart, the sentences below.
    plan = best_plan(start, Dice(3, 5, 2), "blue", style="careful")
    cell = page.locator(".jp-OutputArea-output", has=page.locator(".asteroyds-best-plan")).last
    cell.locator(".asteroyds-best-plan").click()
    page.wait_for_function(  # the chart's published values of the cell with the button (redrawn on change)
        "p => { const outs = [...document.querySelectorAll('.jp-OutputArea-output')]"
        ".filter(o => o.querySelector('.asteroyds-best-plan'));"
        " const e = outs[outs.length - 1].querySelector('.asteroyds-chart-data-values');"
        " return !!e && e.dataset.ghost === p; }",
        arg=str(plan.program),
        timeout=TIMEOUT,
    )
    steps = cell.locator(".asteroyds-coach-steps li")
    steps.first.wait_for(timeout=TIMEOUT)  # the sentences come in one message, maybe after the ghost's
    assert steps.all_inner_texts() == list(plan.explanation)
    cell.locator(".asteroyds-compare-mine").click()
    comparison = cell.locator(".asteroyds-coach-comparison")
    comparison.locator("text=Your plan:").wait_for(timeout=TIMEOUT)
    screenshot(cell, "coach-best-plan")
    assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0
    assert page.errors == []
