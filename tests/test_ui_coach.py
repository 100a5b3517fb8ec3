"""The coach in the app (issue 13), without a browser: the danger overlay and the best plan.

Every expected value comes from the engine (:mod:`asteroyds.coach`), never
from the code under test: the heat map must show ``danger_map(state).cells``,
the ghost program must be ``best_plan(..., style="careful").program`` (the pages
coach carefully), the comparison sentence must be made of ``score_program``'s scores.
"""

from __future__ import annotations

import re

import pytest

import asteroyds
from asteroyds.coach import best_plan, better, danger_map, score_program
from asteroyds.dice import Dice
from asteroyds.program import Program
from asteroyds.ui.board import BoardView
from asteroyds.ui.board.danger import PALETTE, danger_layers, heat_colour
from asteroyds.ui.chart.status.view import StatusChart, ghost_places
from asteroyds.ui.coach import BestPlanController, DangerOverlay, Question, describe_score
from asteroyds.ui.coach.view import CoachPanel
from asteroyds.ui.editor import ScenarioEditor
from asteroyds.ui.sandbox import Sandbox, SandboxSetup
from asteroyds.ui.sandbox.setup import Seat

DICE = Dice(3, 5, 2)


@pytest.fixture(scope="module")
def state():
    return asteroyds.setup("racing", seed=1, players=["blue", "red"])


def board_data(board: BoardView) -> dict[str, str]:
    """The board's published machine-readable attributes."""
    return dict(re.findall(r'(data-[\w-]+)="([^"]*)"', board._state_html.value))


def chart_data(chart: StatusChart) -> dict[str, str]:
    return dict(re.findall(r'(data-[\w-]+)="([^"]*)"', chart.parts["data"].value))


# --- the heat map's colours ------------------------------------------------------------------
def test_heat_colours_grow_with_the_count_and_zero_is_transparent():
    assert heat_colour(0) == ("transparent", 0.0)
    opacities = [heat_colour(n)[1] for n in (1, 36, 108, 216)]
    assert opacities == sorted(opacities) and opacities[0] < opacities[-1]
    steps = [PALETTE.index(heat_colour(n)[0]) for n in (1, 72, 144, 216)]
    assert steps == sorted(steps) and steps[0] < steps[-1]


def test_danger_layers_draw_one_hexagon_and_one_number_per_reached_cell(state):
    danger = danger_map(state)
    shapes, texts = danger_layers(danger.cells, danger.rolls)
    reached = sorted(c for c, n in danger.cells.items() if n > 0)
    assert shapes.keys == [f"{r},{c}" for r, c in reached]
    assert texts.text == [str(danger.cells[c]) for c in reached]


# --- the overlay toggle --------------------------------------------------------------------------
def test_the_overlay_is_computed_only_when_switched_on_and_once_per_board(state):
    overlay = DangerOverlay(state)
    assert overlay.counts == {} and overlay.danger is None and overlay.computations == 0
    assert overlay.switch() is True
    expected = danger_map(state)
    assert overlay.counts == {c: n for c, n in expected.cells.items() if n > 0}
    assert overlay.craft_risk("blue") == expected.crafts.get("blue", 0)
    overlay.switch(False)
    overlay.switch(True)
    assert overlay.computations == 1  # the same board: the map is kept
    after, _ = asteroyds.resolve_asteroids(state, DICE)
    overlay.set_state(after)
    assert overlay.counts == {c: n for c, n in danger_map(after).cells.items() if n > 0}
    assert overlay.computations == 2


def test_the_switch_draws_and_hides_the_heat_map_with_the_crafts_risk(state):
    board = BoardView(state)
    marks_before = len(board.figure.marks)
    panel = CoachPanel(board)
    assert board.danger == {} and len(board.figure.marks) == marks_before  # nothing built yet
    panel.set_danger(True)
    expected = danger_map(state)
    assert dict(board.danger) == {c: n for c, n in expected.cells.items() if n > 0}
    assert len(board.figure.marks) == marks_before + 2
    published = board_data(board)["data-danger"].split()
    assert published == [f"{r},{c}:{n}" for (r, c), n in sorted(board.danger.items())]
    legend = board.children[3].value
    assert f"out of {expected.rolls}" in legend
    for player, hits in expected.crafts.items():
        assert f"The {player} craft is hit in {hits} of the {expected.rolls} rolls." in legend
    # Racing's gates do no damage: not on the heat map, said apart in the legend.
    only_gates = set(expected.gates) - set(expected.cells)  # spaces that only a gate ever reaches
    assert only_gates and not only_gates & set(board.danger)
    assert "a gate that reaches a craft hands it its token and does no damage" in legend
    panel.set_danger(False)
    assert board.danger == {} and board_data(board)["data-danger"] == ""
    assert board.children[3].layout.display == "none"


# --- the best plan ---------------------------------------------------------------------------------
def test_the_best_plan_is_searched_on_demand_and_is_the_engines(state):
    controller = BestPlanController()
    assert controller.ghost is None and controller.searches == 0
    plan = controller.ask(state, DICE, "blue")
    expected = best_plan(state, DICE, "blue", style="careful")
    assert controller.ghost == expected.program == plan.program
    assert controller.explanation == tuple(expected.explanation)
    controller.ask(state, DICE, "blue")
    assert controller.searches == 1


def test_the_comparison_sentence_is_made_of_the_engines_scores(state):
    controller = BestPlanController()
    controller.ask(state, DICE, "blue")
    mine = Program.parse("F . . . . . S")
    yours = score_program(state, DICE, "blue", mine, style="careful")
    best = best_plan(state, DICE, "blue", style="careful")
    sentence = controller.compare(mine)
    assert f"Your plan: {describe_score(yours)}." in sentence
    if better(best.score, yours):
        assert f"Best: {describe_score(best.score)} ({best.program})." in sentence
    else:
        assert "finds nothing better" in sentence
    # The coach's own program is never beaten by itself.
    assert "finds nothing better" in controller.compare(best.program)


def test_describe_score_says_the_goal_the_distance_and_the_damage():
    score = {"objective": "racing", "on_board": True, "tokens": 1, "distance": 3, "damage": 2}
    assert describe_score(score) == "1 gate token, 3 spaces from the next gate, 2 damage"
    assert describe_score({**score, "on_board": False, "distance": 999}) == "destroyed, 1 gate token"
    drones = {"objective": "drones", "on_board": True, "symbols": 2, "distance": 1, "damage": 0}
    assert describe_score(drones) == "2 drone symbols, 1 move from a shot at a drone"


def test_the_panel_lays_the_ghost_on_the_chart_the_path_on_the_board_and_explains(state):
    board = BoardView(state)
    chart = StatusChart(state.craft("blue"), state.mode)
    panel = CoachPanel(board, question=lambda: Question(state, DICE, "blue"), chart=lambda: chart)
    assert panel.plan.searches == 0 and chart.ghost is None
    panel.show_best_plan()
    expected = best_plan(state, DICE, "blue", style="careful")
    assert chart.ghost == expected.program
    assert chart_data(chart)["data-ghost"] == str(expected.program)
    assert chart.program == Program.empty()  # the learner's tokens did not move
    assert board.path[-1] == tuple(expected.path[-1])
    for sentence in expected.explanation:
        assert html_escape(sentence) in panel.explanation_html
    assert f'data-program="{expected.program}"' in panel.explanation_html
    panel.forget_plan()
    assert chart.ghost is None and board.path == ()


def test_the_panel_coaches_carefully_and_switches_to_bold_in_one_click():
    # racing seed 3, dice 2-5-5: bold rams an asteroid for a nearer end; careful takes no damage.
    state = asteroyds.setups.racing(seed=3, players=["blue", "red"])
    dice = Dice(2, 5, 5)
    board = BoardView(state)
    chart = StatusChart(state.craft("blue"), state.mode)
    panel = CoachPanel(board, question=lambda: Question(state, dice, "blue"), chart=lambda: chart)
    note = panel._parts["style-note"]
    assert panel.plan.style == "careful" and "Careful: a round without damage first" in note.value
    careful = best_plan(state, dice, "blue", style="careful")
    bold = best_plan(state, dice, "blue", style="bold")
    assert careful.program != bold.program
    panel.show_best_plan()
    assert chart.ghost == careful.program
    panel._style.value = "bold"  # the learner's click on "Bold"
    assert chart.ghost == bold.program  # the plan on show is asked again
    assert "Bold: the most gate tokens" in note.value
    sentence = panel.compare(careful.program)
    assert "Best:" in sentence or "nothing better" in sentence
    assert panel.plan.score == bold.score  # compared with the bold plan now
    with pytest.raises(ValueError, match="unknown coaching style 'wild'"):
        panel.plan.set_style("wild")


def test_ghost_places_follow_the_tokens_of_the_program():
    program = Program.parse("F . R L . U S")
    assert ghost_places(program) == ((1, "F"), (3, "R"), (4, "L"), (6, "U"), (7, "S"))


def html_escape(text: str) -> str:
    import html

    return html.escape(text)


# --- in the sandbox ----------------------------------------------------------------------------------
def test_the_sandbox_builds_the_coach_only_once_a_game_shows_it():
    sandbox = Sandbox(SandboxSetup(mode="racing", seats=(Seat("blue", "human"),), seed=1))
    assert "_coach" not in sandbox.__dict__ and sandbox.board.danger == {}
    sandbox.start_game()
    assert sandbox.controller.stage == "roll" and "_coach" in sandbox.__dict__


def test_the_sandbox_shows_the_best_plan_on_the_planning_chart_and_compares_after_the_round():
    setup = SandboxSetup(mode="racing", seats=(Seat("blue", "human"), Seat("red", "greedy")), seed=1)
    sandbox = Sandbox(setup, start=True)
    c = sandbox.controller
    coach = sandbox.coach
    assert coach._button.disabled  # nothing to plan before the roll
    coach.set_danger(True)
    assert dict(sandbox.board.danger) == {c_: n for c_, n in danger_map(c.game.state).cells.items() if n}
    c.roll()
    c.show_chart()
    assert not coach._button.disabled
    state, dice = c.game.state, c.game.dice
    coach.show_best_plan()
    expected = best_plan(state, dice, "blue", rules=c.game.rules, style="careful")
    assert sandbox.chart("blue").ghost == expected.program
    assert "<li>" in coach.explanation_html
    mine = Program.parse("F . . . . . S")
    c.submit(mine)
    assert sandbox.chart("blue").ghost is None  # hot seat: the ghost goes with the Done
    c.play_round()
    assert c.stage == "roll" and c.game.round == 2
    (line,) = coach.compare_reviews()
    yours = score_program(state, dice, "blue", mine, rules=c.game.rules, style="careful")
    assert line.startswith("blue, round 1: ")
    assert f"Your plan: {describe_score(yours)}." in line


def test_the_sandbox_danger_map_stays_the_one_of_the_board_the_round_was_planned_on():
    setup = SandboxSetup(mode="drones", seats=(Seat("blue", "greedy"), Seat("red", "greedy")), seed=2)
    sandbox = Sandbox(setup, start=True)
    c = sandbox.controller
    sandbox.coach.set_danger(True)
    c.roll()
    planned = c.game.state
    c.advance()  # the asteroid phase: the board moves on, the danger map does not
    assert c.game.phase == "fly" and c.danger_state() is planned
    sandbox._refresh()
    assert dict(sandbox.board.danger) == {cell: n for cell, n in danger_map(planned).cells.items() if n}


def test_the_sandbox_asks_the_coach_with_the_rolls_colour_order():
    """The random dice order variant draws the colour order with the roll: the coach plans with it."""
    for seed in range(1, 30):  # a seed whose first roll is not in the rulebook's order
        setup = SandboxSetup(mode="racing", seats=(Seat("blue", "human"),), seed=seed, random_dice_order=True)
        sandbox = Sandbox(setup, start=True)
        c = sandbox.controller
        c.roll()
        if tuple(c.game.order) != ("red", "white", "blue"):
            break
    else:
        pytest.fail("no seed rolled another colour order")
    c.show_chart()
    question = c.coach_question()
    assert question.order == tuple(c.game.order)
    sandbox.coach.show_best_plan()
    expected = best_plan(
        c.game.state, c.game.dice, "blue", rules=c.game.rules, order=c.game.order, style="careful"
    )
    assert sandbox.chart("blue").ghost == expected.program


def test_the_editor_shows_the_danger_map_of_the_board_being_edited():
    editor = ScenarioEditor()
    editor.controller.load_setup("racing")
    editor._coach.set_danger(True)
    assert dict(editor.board.danger) == {
        c: n for c, n in danger_map(editor.controller.state).cells.items() if n
    }
    editor.preview()  # the board after the asteroid phase: no danger map of it
    assert editor.board.danger == {}
    editor.preview()
    assert editor.board.danger != {}
    # The best plan of the board's first craft, with the editor's dice.
    state, dice = editor.controller.state, editor.controller.dice
    player = state.crafts_in_order()[0].player
    editor._coach.show_best_plan()
    expected = best_plan(state, dice, player, style="careful")
    assert editor.board.path[-1] == tuple(expected.path[-1])
    assert html_escape(expected.explanation[0]) in editor._coach.explanation_html
