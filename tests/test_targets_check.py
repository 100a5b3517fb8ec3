"""Where a target may be: asteroyds.modes.targets' checks, and State.validate refusing the rest.

The rules: docs/rules.md#7-shooting.
"""

from __future__ import annotations

import json

import pytest

from asteroyds import scenario
from asteroyds.errors import ScenarioError
from asteroyds.modes import targets
from asteroyds.modes.targets import (
    SIDES,
    WHITE_BEARING,
    carrier,
    check,
    free_number,
    target_name,
    target_number,
    target_problem,
    team_of,
    with_teams,
)
from asteroyds.pieces import Piece
from asteroyds.rules import RuleSettings
from asteroyds.setups import TARGET_TEAMS, setup
from asteroyds.state import State
from tests.helpers import craft, fixed, tile

WHITE = tile("W1", "asteroid", "white", (6, 5), "E", 1)
WHITE_RED = tile("WR1", "asteroid", "white/red", (6, 6), "E", 2)
RED = tile("R1", "asteroid", "red", (6, 7), "E", 3)
WHITE_BLUE = tile("WB1", "asteroid", "white/blue", (7, 7), "E", 4)
BLUE = tile("B1", "asteroid", "blue", (7, 8), "E", 5)
GATE = tile("G1", "gate", "white", (8, 8), "E", 6, "A")
POD = fixed("P1", "pod", (6, 8))
CRAFTS = (craft("red", (1, 3), "E", team="left"), craft("blue", (6, 11), "W", team="right"))


def board(*pieces: Piece, crafts=CRAFTS, mode: str = "targets") -> State:
    """An unvalidated state (the checks under test are the validation)."""
    crafts = tuple(crafts)
    return State(mode, tuple(pieces), crafts, tuple(c.player for c in crafts))


def marked(piece: Piece, name: str | None, team: str | None) -> Piece:
    return piece._replace(target=name, team=team)


def refused(state: State, message: str) -> None:
    with pytest.raises(ScenarioError) as info:
        state.validate("test.json")
    assert str(info.value) == message


# --- the facts ---------------------------------------------------------------------------------
def test_white_bearing_asteroids_are_those_the_white_die_moves():
    assert WHITE_BEARING == ("white", "white/red", "white/blue")


def test_a_target_is_named_after_its_set_and_number():
    assert target_name("right", 4) == "right-4"
    assert target_number("right-4", "right") == 4
    assert target_number("right-12", "right") == 12
    for name in ("left-4", "right-0", "right-04", "right-", "right4", "right-x", "right-٣", "right--1"):
        assert target_number(name, "right") is None, name


def test_each_colour_plays_on_its_side():
    for side, colours in TARGET_TEAMS.items():
        assert all(team_of(colour) == side for colour in colours)
    with pytest.raises(ValueError, match="'white' is not a player colour"):
        team_of("white")


def test_free_number_and_carrier():
    s = board(marked(WHITE, "left-1", "left"), marked(WHITE_RED, "left-3", "left"), WHITE_BLUE)
    assert free_number(s, "left") == 2
    assert free_number(s, "right") == 1
    assert carrier(s, "left-3") == s.piece("WR1")
    assert carrier(s, "right-1") is None


def test_with_teams_puts_every_craft_not_on_a_side_on_its_colour_s_side():
    crafts = [
        craft("red", (1, 3), "E"),  # no team
        craft("green", (1, 5), "E", team="red"),  # capture mode's team
        craft("blue", (6, 11), "W", team="left"),  # already on a side: kept
    ]
    s = with_teams(board(crafts=crafts, mode="racing"))
    assert [(c.player, c.team) for c in s.crafts] == [("red", "left"), ("green", "right"), ("blue", "left")]
    ready = board(crafts=CRAFTS)
    assert with_teams(ready) is ready


# --- target_problem: a new target ---------------------------------------------------------------
@pytest.mark.parametrize("piece", [WHITE, WHITE_RED, WHITE_BLUE])
def test_a_white_bearing_asteroid_takes_a_target(piece):
    s = board(WHITE, WHITE_RED, WHITE_BLUE, RED)
    assert target_problem(s, s.piece(piece.id), "left", 1) == ""
    assert target_problem(s, s.piece(piece.id), "right", 6) == ""


@pytest.mark.parametrize(
    "piece, team, number, message",
    [
        (WHITE, "middle", 1, "no team 'middle' (a target belongs to the left or right set)"),
        (WHITE, None, 1, "no team None (a target belongs to the left or right set)"),
        (WHITE, "left", 0, "a target number is a whole number from 1, got 0"),
        (WHITE, "left", True, "a target number is a whole number from 1, got True"),
        (WHITE, "left", None, "a target number is a whole number from 1, got None"),
        (WHITE, "left", "2", "a target number is a whole number from 1, got '2'"),
        (POD, "left", 1, "Pod P1 cannot carry a target: only an asteroid does"),
        (GATE, "left", 1, "White gate #6 cannot carry a target: only an asteroid does"),
        (
            RED,
            "left",
            1,
            "Red asteroid #3 cannot carry a target: targets sit on white-bearing asteroids "
            "(white, white/red, white/blue)",
        ),
        (
            BLUE,
            "right",
            2,
            "Blue asteroid #5 cannot carry a target: targets sit on white-bearing asteroids "
            "(white, white/red, white/blue)",
        ),
        (
            marked(WHITE_BLUE, "right-2", "right"),
            "left",
            1,
            "White/blue asteroid #4 already carries target R2: click it with the Target tool to take it off",
        ),
        (
            WHITE_RED,
            "left",
            1,
            "target L1 is already on white asteroid #1 at (6, 5): pick another number",
        ),
    ],
)
def test_target_problem_refuses(piece, team, number, message):
    s = board(marked(WHITE, "left-1", "left"), WHITE_RED, marked(WHITE_BLUE, "right-2", "right"), RED, POD)
    assert target_problem(s, piece, team, number) == message


def test_target_problem_refuses_targets_outside_targets_mode():
    for mode in ("racing", "shooting", "drones", "capture"):
        assert target_problem(board(WHITE, mode=mode), WHITE, "left", 1) == (
            f"targets count only in targets mode (this board is {mode}): set the mode to targets first"
        )


def test_the_same_number_may_be_used_by_each_team():
    s = board(marked(WHITE, "left-2", "left"), WHITE_RED)
    assert target_problem(s, WHITE_RED, "right", 2) == ""
    assert target_problem(s, WHITE_RED, "left", 2) != ""


# --- State.validate in targets mode -----------------------------------------------------------
def test_valid_targets_setups_pass():
    for players in (["red", "blue"], ["red", "yellow", "blue"], ["green"], ["purple", "orange"]):
        s = setup("targets", seed=7, players=players)
        assert s.validate("again") is s
        check(s, "again")
        assert len({p.target for p in s.pieces if p.target}) == 12
    handicapped = setup(
        "targets", players=["red", "blue"], rules=RuleSettings(targets_handicap=3), handicap_team="left"
    )
    assert len([p for p in handicapped.pieces if p.target]) == 9
    assert scenario.loads(scenario.dumps(handicapped)) == handicapped


def test_a_board_with_valid_targets_and_teams_passes():
    s = board(
        marked(WHITE, "left-1", "left"),
        marked(WHITE_RED, "right-6", "right"),
        marked(WHITE_BLUE, "right-12", "right"),  # numbers go past the box's 6
        RED,
        POD,
        crafts=[*CRAFTS, craft("green", None, "E", damage=6, team="left")],  # any side, destroyed too
    )
    assert s.validate("test.json") is s


@pytest.mark.parametrize(
    "piece, message",
    [
        (
            marked(POD, "left-1", "left"),
            "test.json: piece 'P1': pod P1 cannot carry target left-1: only an asteroid does",
        ),
        (
            marked(GATE, "left-1", "left"),
            "test.json: piece 'G1': white gate #6 cannot carry target left-1: only an asteroid does",
        ),
        (
            marked(RED, "right-1", "right"),
            "test.json: piece 'R1': red asteroid #3 cannot carry target right-1: targets sit on "
            "white-bearing asteroids (white, white/red, white/blue)",
        ),
        (
            marked(BLUE, "right-1", "right"),
            "test.json: piece 'B1': blue asteroid #5 cannot carry target right-1: targets sit on "
            "white-bearing asteroids (white, white/red, white/blue)",
        ),
        (
            marked(WHITE, "left-1", None),
            "test.json: piece 'W1': target 'left-1' needs its set as team, 'left' or 'right', got None",
        ),
        (
            marked(WHITE, "left-1", "red"),
            "test.json: piece 'W1': target 'left-1' needs its set as team, 'left' or 'right', got 'red'",
        ),
        (
            marked(WHITE, "left-1", "right"),
            "test.json: piece 'W1': target 'left-1' of the right set must be named right-<number> from 1, "
            "e.g. 'right-1'",
        ),
        (
            marked(WHITE, "bullseye", "left"),
            "test.json: piece 'W1': target 'bullseye' of the left set must be named left-<number> from 1, "
            "e.g. 'left-1'",
        ),
        (
            marked(WHITE, "left-0", "left"),
            "test.json: piece 'W1': target 'left-0' of the left set must be named left-<number> from 1, "
            "e.g. 'left-1'",
        ),
        (
            marked(WHITE, None, "left"),
            "test.json: piece 'W1': white asteroid #1 has team 'left' but no target: in targets mode a "
            "piece's team is the set of the target it carries",
        ),
        (
            marked(POD, None, "right"),
            "test.json: piece 'P1': pod P1 has team 'right' but no target: in targets mode a piece's team "
            "is the set of the target it carries",
        ),
    ],
)
def test_validate_refuses_a_misplaced_target(piece, message):
    others = [p for p in (WHITE, RED, POD, BLUE, GATE) if p.id != piece.id]
    refused(board(piece, *others), message)


def test_validate_refuses_two_pieces_with_the_same_target():
    s = board(marked(WHITE, "left-2", "left"), marked(WHITE_RED, "right-2", "right"))
    assert s.validate("test.json") is s  # one name per set
    refused(
        s.update_pieces({"WR1": marked(WHITE_RED, "left-2", "left")}),
        "test.json: piece 'WR1': target left-2 is already on white asteroid #1 ('W1')",
    )


@pytest.mark.parametrize(
    "crafts, message",
    [
        (
            [craft("red", (1, 3), "E")],
            "test.json: craft 'red': in targets mode a craft plays on team 'left' or 'right', got None",
        ),
        (
            [*CRAFTS, craft("green", None, "E", damage=6)],  # destroyed crafts too: start_round asks them all
            "test.json: craft 'green': in targets mode a craft plays on team 'left' or 'right', got None",
        ),
        (
            [craft("red", (1, 3), "E", team="red")],
            "test.json: craft 'red': in targets mode a craft plays on team 'left' or 'right', got 'red'",
        ),
    ],
)
def test_validate_refuses_a_craft_without_a_side(crafts, message):
    refused(board(marked(WHITE, "left-1", "left"), crafts=crafts), message)


def test_the_validation_covers_what_start_round_requires():
    s = board(WHITE, crafts=[craft("red", (1, 3), "E", team="right")])
    assert s.validate("test.json") is s
    assert targets.start_round(s) == (s, [])


def test_capture_teams_of_platforms_turrets_and_asteroyds_are_left_alone():
    platform = fixed("PL1", "platform", (1, 3), orientation=0, team="red")
    turret = fixed("T1", "turret", (3, 3), orientation=0, symbol="A", team="white")
    s = board(platform, turret, marked(WHITE, "left-1", "left"))
    assert s.validate("test.json") is s


# --- outside targets mode ----------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["racing", "shooting", "drones"])
def test_targets_are_not_checked_outside_targets_mode(mode):
    stray = board(
        marked(RED, "left-1", "left"),
        marked(WHITE, "left-1", None),
        marked(WHITE_RED, None, "right"),
        crafts=[craft("red", (1, 3), "E")],
        mode=mode,
    )
    assert stray.validate("test.json") is stray
    with pytest.raises(ScenarioError, match="red asteroid #3 cannot carry target left-1"):
        stray.replace(mode="targets").validate("test.json")


def test_a_targets_board_keeps_its_targets_through_another_mode():
    s = setup("targets", seed=2, players=["red", "blue"])
    away = s.replace(mode="racing").validate("editor")
    assert away.replace(mode="targets").validate("editor") == s


# --- scenario files ------------------------------------------------------------------------------
def targets_file(**changes) -> dict:
    data = scenario.to_dict(board(marked(WHITE, "left-1", "left"), RED))
    pieces = {p["id"]: p for p in data["pieces"]}
    for pid, fields in changes.items():
        pieces[pid].update(fields)
    return data


def test_a_valid_targets_file_loads_and_round_trips(tmp_path):
    path = tmp_path / "targets.json"
    path.write_text(json.dumps(targets_file()), encoding="utf-8")
    s = scenario.load(path)
    assert s.piece("W1").target == "left-1"
    assert scenario.loads(scenario.dumps(s)) == s


def test_a_scenario_with_a_target_on_a_red_asteroid_does_not_load(tmp_path):
    path = tmp_path / "red_target.json"
    path.write_text(json.dumps(targets_file(R1={"target": "right-1", "team": "right"})), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        scenario.load(path)
    assert str(info.value) == (
        f"{path}: piece 'R1': red asteroid #3 cannot carry target right-1: targets sit on white-bearing "
        "asteroids (white, white/red, white/blue)"
    )


def test_a_scenario_with_a_craft_without_a_team_does_not_load():
    data = targets_file()
    del data["crafts"][0]["team"]
    with pytest.raises(
        ScenarioError, match=r"^bad\.json: craft 'red': in targets mode a craft plays on team"
    ):
        scenario.loads(json.dumps(data), where="bad.json")


def test_the_same_file_in_racing_mode_loads_with_its_stray_target():
    data = targets_file(R1={"target": "right-1", "team": "right"})
    data["mode"] = "racing"
    assert scenario.loads(json.dumps(data)).piece("R1").target == "right-1"


def test_sides_are_the_setup_s_teams():
    assert set(SIDES) == set(TARGET_TEAMS)
