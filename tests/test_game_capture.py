"""Capture the Asteroyd through the Game, `asteroyds round` and `asteroyds play --mode capture`."""

from __future__ import annotations

import json
import random

import pytest

from asteroyds import scenario
from asteroyds.cli import main
from asteroyds.errors import ProgramError, ScenarioError
from asteroyds.game import Game
from asteroyds.modes.capture import CaptureRules, resolve, setup
from asteroyds.modes.capture.bot import plan_all


def test_a_capture_game_plays_through_the_game_api_and_matches_the_pure_functions():
    game = Game.new("capture", teams=2, crafts_per_team=2, seed=3)
    rng = random.Random(1)
    dice = game.roll((2, 5, 4))
    programs = plan_all(game.state, dice, rng)
    for player, program in programs.items():
        game.submit(player, program)
    before = game.state
    game.play_phases()
    expected, _ = resolve(before, dice, programs)
    assert game.round == 2 and game.phase in ("roll", "over")
    assert game.state.pieces == expected.pieces and game.state.scores == expected.scores
    assert [e.type for e in game.events("capture")][0].startswith("capture_")


def test_capture_programs_are_checked_and_nothing_changes():
    game = Game.new("capture", seed=1)
    game.roll((1, 1, 1))
    with pytest.raises(ProgramError, match="red1"):
        game.submit("red1", "F F F F F F Q9")
    assert game.programs == {}


def test_capture_rules_are_saved_with_the_game():
    rules = CaptureRules(victory_check="turn", target=2)
    game = Game.new("capture", seed=4, mode_rules=rules)
    game.roll((3, 3, 3))
    game.play_phases()
    text = game.dumps()
    loaded = Game.loads(text)
    assert loaded.mode_rules == rules and loaded.state == game.state and loaded.dumps() == text
    assert json.loads(text)["capture_rules"]["victory_check"] == "turn"


def test_round_and_play_commands_in_capture_mode(capsys, tmp_path):
    path = tmp_path / "capture.json"
    scenario.save(setup(), path)
    programs = tmp_path / "p.json"
    programs.write_text(json.dumps({"red1": "F F X L . . S3"}))
    assert main(["round", str(path), "--dice", "1", "2", "3", "--programs", str(programs), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["scenario"]["mode"] == "capture" and payload["scenario"]["round"] == 2
    programs.write_text(json.dumps({"red1": "F F F F F F Q3"}))
    assert main(["round", str(path), "--dice", "1", "2", "3", "--programs", str(programs)]) == 2
    err = capsys.readouterr().err
    assert "red1" in err and len(err.strip().splitlines()) == 1
    assert main(["play", "--mode", "capture", "--seed", "2", "--teams", "3", "--crafts", "1"]) == 0
    out = capsys.readouterr().out
    assert "Game over." in out or "No winner" in out
    assert main(["play", "--mode", "capture", "--teams", "4"]) == 2


def test_play_round_plays_a_whole_capture_turn_with_capture_charts():
    game = Game.new("capture", seed=3)
    events = game.play_round({"red1": "F F X L . . S3"}, dice=(3, 5, 2))
    assert game.phase == "roll" and game.state.round == 2
    assert any(e.type == "capture_laser_fired" for e in events)
    replay = Game.new("capture", seed=3)
    replay.roll((3, 5, 2))
    replay.submit("red1", "F F X L . . S3")
    replay.play_phases()
    assert replay.state == game.state


def test_play_round_checks_every_capture_chart_before_anything_happens():
    game = Game.new("capture", seed=3)
    with pytest.raises(ProgramError, match="red1"):
        game.play_round({"red1": "F F X L . . S9"}, dice=(3, 5, 2))
    assert game.phase == "roll" and game.inputs == []


def test_a_capture_board_a_team_short_is_refused_by_the_game():
    state = setup(teams=2)
    no_white_crafts = state.replace(
        crafts=tuple(c for c in state.crafts if c.team != "white"),
        player_order=tuple(p for p in state.player_order if not p.startswith("white")),
    )
    no_white_crafts.validate("test")  # a valid board, but not a playable one
    with pytest.raises(ScenarioError, match="the white team needs 1-3 crafts"):
        Game.from_scenario(no_white_crafts)
