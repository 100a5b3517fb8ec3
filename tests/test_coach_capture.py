"""The coach in Capture the Asteroyd (issue 13): exact best capture program, checked against the engine."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from asteroyds import scenario
from asteroyds.coach import best_plan, better, score_program
from asteroyds.coach.capture import plan_team
from asteroyds.modes.capture import resolve, setup
from asteroyds.modes.capture.program import (
    CaptureProgram,
    legal_anticipations,
    legal_column_tokens,
    parse_capture_program,
)
from asteroyds.modes.capture.steps import turn_steps
from asteroyds.state import State
from tests.test_cli import assert_bad_input, run

DICE = [(3, 5, 2), (1, 1, 1), (6, 2, 4), (4, 6, 5)]


def _move(state: State, player: str, cell, facing: int) -> State:
    return state.update_crafts({player: replace(state.craft(player), cell=cell, facing=facing)})


def carrying() -> State:
    """red1 carries the white asteroyd three spaces in front of its own platform."""
    state = _move(setup(teams=2), "red1", (6, 5), 3)
    white = next(p for p in state.pieces if p.kind == "asteroyd" and p.team == "white")
    return state.update_pieces({white.id: white._replace(cell=(6, 5), carrier="red1")})


def near() -> State:
    """red1 two spaces from the white asteroyd, facing it."""
    return _move(setup(teams=2), "red1", (6, 10), 0)


def in_line() -> State:
    """white1 right in front of red1, between the two middle pods."""
    state = _move(setup(teams=2), "red1", (6, 7), 0)
    return _move(state, "white1", (6, 8), 3)


POSITIONS = {"start": lambda: setup(teams=2), "carrying": carrying, "near": near, "in_line": in_line}


def random_program(state: State, player: str, rng: random.Random) -> CaptureProgram:
    craft = state.craft(player)
    program = CaptureProgram.empty()
    for column in range(1, 7):
        program = program.with_column(column, rng.choice(legal_column_tokens(craft, column, program)))
    anticipation = rng.choice(legal_anticipations(craft))
    return parse_capture_program(" ".join(program.columns) + " " + anticipation)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_plan_scores_what_the_engine_gives(name):
    state = POSITIONS[name]()
    for dice in DICE[:2]:
        plan = best_plan(state, dice, "red1")
        assert isinstance(plan.program, CaptureProgram)
        assert plan.score == score_program(state, dice, "red1", plan.program)
        after, events = resolve(state, dice, {"red1": plan.program})
        assert plan.path[-1] == after.craft("red1").cell
        gained = dict(after.scores)["red"] - dict(state.scores)["red"]
        assert plan.score["points"] == gained
        carried = any(p.carrier == "red1" for p in after.pieces)
        assert plan.score["carrying"] == carried


def test_a_carrier_in_front_of_its_platform_is_told_to_score():
    plan = best_plan(carrying(), (3, 5, 2), "red1")
    after, _ = resolve(carrying(), (3, 5, 2), {"red1": plan.program})
    assert plan.score["points"] == 1 and dict(after.scores)["red"] == 1


def test_the_score_counts_the_enemies_the_laser_sends_home():
    state = in_line()
    score = score_program(state, (3, 5, 2), "red1", "X . . . . . -")
    _after, events = resolve(state, (3, 5, 2), {"red1": "X . . . . . -"})
    shot = [e for e in events if e.TYPE == "capture_craft_shot" and "red1" in e.by]
    assert [e.player for e in shot] == ["white1"]
    assert score["enemies_hit"] == 1
    plan = best_plan(state, (3, 5, 2), "red1")
    assert not better(score, plan.score)


@pytest.mark.parametrize("name", ["near", "in_line"])
def test_no_random_program_beats_the_plan(name):
    state = POSITIONS[name]()
    rng = random.Random(f"coach-capture:{name}")
    dice = (3, 5, 2)
    plan = best_plan(state, dice, "red1")
    for _ in range(1500):
        program = random_program(state, "red1", rng)
        score = score_program(state, dice, "red1", program)
        assert not better(score, plan.score), (str(program), score, plan.score)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(POSITIONS))
@pytest.mark.parametrize("dice", DICE)
def test_no_random_program_beats_the_plan_slow(name, dice):
    state = POSITIONS[name]()
    rng = random.Random(f"coach-capture:{name}:{dice}")
    plan = best_plan(state, dice, "red1")
    for _ in range(3000):
        program = random_program(state, "red1", rng)
        assert not better(score_program(state, dice, "red1", program), plan.score), str(program)


def test_the_explanation_tells_the_turn_round_by_round():
    state = in_line()
    plan = best_plan(state, (3, 5, 2), "red1")
    assert len(plan.explanation) == 7
    _after, events = resolve(state, (3, 5, 2), {"red1": plan.program})
    for event, step in zip(events, turn_steps(events), strict=True):
        if getattr(event, "player", None) == "red1" and step.round:
            assert event.text() in plan.explanation[step.round - 1]
    assert plan.explanation[-1].startswith("anticipation")


def test_the_others_programs_are_taken_into_account():
    state = near()
    mate = "F F F F R L -"
    alone = best_plan(state, (3, 5, 2), "red2")
    with_mate = best_plan(state, (3, 5, 2), "red2", others={"red1": mate})
    assert with_mate.score == score_program(
        state, (3, 5, 2), "red2", with_mate.program, others={"red1": mate}
    )
    assert alone.score == score_program(state, (3, 5, 2), "red2", alone.program)


def test_plan_team_plans_every_craft_of_the_team():
    state = setup(teams=2)
    programs = plan_team(state, (3, 5, 2), "white")
    assert list(programs) == ["white1", "white2"]
    first = best_plan(state, (3, 5, 2), "white1")
    assert programs["white1"] == first.program
    second = best_plan(state, (3, 5, 2), "white2", others={"white1": programs["white1"]})
    assert programs["white2"] == second.program


def test_cli_coach_in_capture(capsys, tmp_path):
    state = near()
    path = tmp_path / "capture.json"
    path.write_text(scenario.dumps(state), encoding="utf-8")
    code, out, err = run(capsys, "coach", str(path), "--dice", "3", "5", "2", "--player", "red1", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    plan = best_plan(state, (3, 5, 2), "red1")
    assert payload["program"] == str(plan.program) and payload["score"] == plan.score
    code, out, err = run(capsys, "coach", str(path), "--dice", "3", "5", "2", "--player", "red1")
    assert code == 0 and out.startswith(f"Best program for red1: {plan.program}")
    line = assert_bad_input(*run(capsys, "coach", str(path), "--dice", "3", "5", "2", "--player", "green"))
    assert "green" in line


def test_cli_play_capture_with_coach_bots(capsys):
    code, out, err = run(capsys, "play", "--mode", "capture", "--bots", "coach", "--max-rounds", "2")
    assert (code, err) == (0, "")
    assert "Turn 2" in out
    line = assert_bad_input(*run(capsys, "play", "--mode", "capture", "--bots", "random"))
    assert "random" in line


def test_plan_team_can_model_the_enemies_as_the_team_bot():
    from asteroyds.modes.capture.bot import plan_all

    state = setup(teams=2)
    guessed = plan_all(state, (3, 5, 2), random.Random(f"asteroyds:coach-prediction:{state.round}:white"))
    enemies = {p: q for p, q in guessed.items() if state.craft(p).team == "red"}
    programs = plan_team(state, (3, 5, 2), "white", predict=True)
    first = best_plan(state, (3, 5, 2), "white1", others=enemies)
    assert programs["white1"] == first.program
    assert first.score == score_program(state, (3, 5, 2), "white1", first.program, others=enemies)
