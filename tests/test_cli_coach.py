"""`asteroyds danger` and `asteroyds coach` (issue 13): JSON, plain output; bad input: one line, exit 2."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from asteroyds import scenario, setups
from asteroyds.coach import best_plan, danger_map
from asteroyds.dice import Dice
from tests.coach_positions import position
from tests.test_cli import assert_bad_input, run


def test_danger_json_is_the_danger_map(capsys, tmp_path):
    state = position(5)
    path = tmp_path / "mid.json"
    path.write_text(scenario.dumps(state), encoding="utf-8")
    code, out, err = run(capsys, "danger", str(path), "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert set(payload) == {"rolls", "cells", "crafts", "gates"}
    assert payload == json.loads(json.dumps(danger_map(state).to_json()))
    assert payload["rolls"] == 216
    assert {c["player"] for c in payload["crafts"]} == set(state.player_order)


def test_danger_plain_output(capsys):
    code, out, err = run(capsys, "danger", "racing", "--seed", "1")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Over all 216 rolls")
    assert "the blue craft is hit in 0 of 216 rolls" in out  # on its platform nothing reaches it
    assert any(line.startswith("  row 0: ") for line in lines)
    gates = danger_map(setups.racing(seed=1)).gates
    assert gates and lines[-1].startswith("  the gates (no damage in racing) end in: ")
    assert lines[-1].split(": ", 1)[1].count("(") == len(gates)


def test_coach_json_is_the_best_plan(capsys):
    code, out, err = run(
        capsys, "coach", "racing", "--seed", "1", "--dice", "3", "5", "2", "--player", "blue", "--json"
    )
    assert (code, err) == (0, "")
    payload = json.loads(out)
    plan = best_plan(setups.racing(seed=1), Dice(3, 5, 2), "blue")
    assert payload["program"] == str(plan.program)
    assert payload["score"] == plan.score
    assert payload["explanation"] == plan.explanation
    assert len(payload["explanation"]) == 7 and payload["explanation"][0].startswith("column 1: ")


def test_coach_careful_style_is_the_careful_plan(capsys):
    argv = ["coach", "racing", "--seed", "3", "--dice", "2", "5", "5", "--player", "blue", "--json"]
    code, out, err = run(capsys, *argv, "--style", "careful")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    careful = best_plan(setups.racing(seed=3), Dice(2, 5, 5), "blue", style="careful")
    assert payload["program"] == str(careful.program) and payload["score"] == careful.score
    assert payload["score"]["style"] == "careful" and payload["score"]["damage"] == 0
    code, out, err = run(capsys, *argv)  # bold by default: the command line's answers are unchanged
    assert json.loads(out)["program"] == str(best_plan(setups.racing(seed=3), Dice(2, 5, 5), "blue").program)
    assert json.loads(out)["program"] != payload["program"]


def test_coach_destroy_never(capsys):
    code, out, err = run(
        capsys,
        "coach",
        "racing",
        "--seed",
        "1",
        "--dice",
        "3",
        "5",
        "2",
        "--player",
        "blue",
        "--destroy",
        "never",
        "--json",
    )
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert payload["program"] == str(
        best_plan(setups.racing(seed=1), Dice(3, 5, 2), "blue", destroy=False).program
    )
    assert not any("destroys" in s for s in payload["explanation"])


def test_coach_plain_output(capsys):
    code, out, err = run(
        capsys, "coach", "racing", "--seed", "1", "--dice", "3", "5", "2", "--player", "blue"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    plan = best_plan(setups.racing(seed=1), Dice(3, 5, 2), "blue")
    assert lines[0] == f"Best program for blue: {plan.program}"
    assert lines[2:] == plan.explanation


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["coach", "racing", "--dice", "3", "5", "2", "--player", "pink"], "no player 'pink'"),
        (["coach", "racing", "--dice", "3", "5", "9", "--player", "blue"], "must show 1..6"),
        (["coach", "racing", "--dice", "3", "5", "--player", "blue"], "--dice"),
        (["coach", "racing", "--dice", "3", "5", "x", "--player", "blue"], "invalid int value"),
        (["coach", "racing", "--dice", "3", "5", "2"], "--player"),
        (["coach", "racing", "--dice", "3", "5", "2", "--player", "blue", "--destroy", "maybe"], "--destroy"),
        (["coach", "racing", "--dice", "3", "5", "2", "--player", "blue", "--style", "wild"], "--style"),
        (["coach", "nowhere.json", "--dice", "3", "5", "2", "--player", "blue"], "no such scenario file"),
        (["danger", "nowhere.json"], "no such scenario file"),
    ],
)
def test_bad_input(capsys, argv, words):
    line = assert_bad_input(*run(capsys, *argv))
    assert words in line


def test_broken_scenario_and_dead_craft(capsys, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"mode": "racing", "pieces": [', encoding="utf-8")
    assert "broken.json" in assert_bad_input(*run(capsys, "danger", str(broken)))
    assert "broken.json" in assert_bad_input(
        *run(capsys, "coach", str(broken), "--dice", "1", "1", "1", "--player", "blue")
    )
    state = setups.racing(seed=1, players=["blue", "red"])
    dead = state.update_crafts({"red": replace(state.craft("red"), cell=None, damage=6)})
    path = tmp_path / "dead.json"
    path.write_text(scenario.dumps(dead), encoding="utf-8")
    line = assert_bad_input(*run(capsys, "coach", str(path), "--dice", "1", "1", "1", "--player", "red"))
    assert "red craft is destroyed" in line


def test_play_with_coach_bots(capsys):
    code, out, err = run(
        capsys, "play", "--players", "2", "--bots", "coach,greedy", "--seed", "3", "--max-rounds", "30"
    )
    assert (code, err) == (0, "")
    assert "blue (coach) programs" in out and "red (greedy) programs" in out
