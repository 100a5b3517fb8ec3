"""Scenario files (docs/command-line.md): round trips, and a clear error for every kind of bad input.

Every error names the file and the piece or player, is one line, and loads
nothing: the caller gets an exception, never a half-built state.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from asteroyds import scenario, setups
from asteroyds.errors import AsteroydsError, ScenarioError
from asteroyds.hexgrid import hexagon_board
from asteroyds.pieces import Craft
from asteroyds.rules import RuleSettings
from asteroyds.state import State

# A complete scenario file, with every kind of field (the format's own example).
FORMAT_EXAMPLE = """{
  "format": "asteroyds/scenario@1",
  "mode": "racing",
  "rules": {"random_dice_order": false},
  "pieces": [
    {"id": "R1", "kind": "asteroid", "colour": "red", "cell": [3, 3], "orientation": "E", "priority": 1},
    {"id": "GA", "kind": "gate", "colour": "red", "cell": [1, 3], "orientation": "SW", "priority": 21, "symbol": "A"},
    {"id": "P1", "kind": "pod", "cell": [1, 7]},
    {"id": "L1", "kind": "platform", "cell": [5, 7]}
  ],
  "crafts": [
    {"player": "blue", "pilot": "Hector", "cell": [5, 7], "facing": "W",
     "damage": 0, "tokens": [], "destroy_used": false, "power_used": false}
  ],
  "player_order": ["blue"],
  "round": 1
}"""  # noqa: E501 (verbatim)

BASE = {
    "format": "asteroyds/scenario@1",
    "mode": "racing",
    "pieces": [
        {"id": "R1", "kind": "asteroid", "colour": "red", "cell": [3, 3], "orientation": "E", "priority": 1},
        {
            "id": "GA",
            "kind": "gate",
            "colour": "red",
            "cell": [1, 3],
            "orientation": "SW",
            "priority": 21,
            "symbol": "A",
        },
        {"id": "P1", "kind": "pod", "cell": [1, 7]},
        {"id": "L1", "kind": "platform", "colour": "blue", "cell": [5, 7], "facing": "W"},
    ],
    "crafts": [
        {
            "player": "blue",
            "pilot": "Hector",
            "cell": [5, 7],
            "facing": "W",
            "damage": 0,
            "tokens": [],
            "destroy_used": False,
            "power_used": False,
        },
        {
            "player": "red",
            "pilot": None,
            "cell": [6, 8],
            "facing": "E",
            "damage": 2,
            "tokens": ["A"],
            "destroy_used": False,
            "power_used": False,
        },
    ],
    "player_order": ["blue", "red"],
    "round": 1,
}

TURRET = {"id": "T1", "kind": "turret", "cell": [6, 4], "orientation": "E", "symbol": "A"}


def drone(pid="D1", cell=(6, 4), symbol="A", priority=30):
    return {
        "id": pid,
        "kind": "drone",
        "colour": "white/red",
        "cell": list(cell),
        "orientation": "E",
        "priority": priority,
        "symbol": symbol,
    }


def piece(data, pid):
    return next(p for p in data["pieces"] if p["id"] == pid)


def craft(data, player):
    return next(c for c in data["crafts"] if c["player"] == player)


def as_drones(data):
    data["mode"] = "drones"
    data["pieces"] = [p for p in data["pieces"] if p["kind"] != "gate"]
    data["pieces"].append(dict(TURRET))


# name -> (change to BASE, words the message must hold besides the file name)
BAD = {
    "wrong format tag": (
        lambda d: d.update(format="asteroyds/scenario@2"),
        ["format", "'asteroyds/scenario@2'"],
    ),
    "no format tag": (lambda d: d.pop("format"), ["format", "None"]),
    "unknown top-level key": (lambda d: d.update(colour="red"), ["unknown key", "'colour'"]),
    "unknown piece key": (lambda d: piece(d, "R1").update(speed=2), ["'R1'", "unknown key", "'speed'"]),
    "unknown craft key": (
        lambda d: craft(d, "red").update(shield=True),
        ["'red'", "unknown key", "'shield'"],
    ),
    "platform with orientation": (
        lambda d: piece(d, "L1").update(orientation="E"),
        ["'L1'", "unknown key", "'orientation'"],
    ),
    "asteroid with facing": (
        lambda d: piece(d, "R1").update(facing="E"),
        ["'R1'", "unknown key", "'facing'"],
    ),
    "unknown colour": (lambda d: piece(d, "R1").update(colour="green"), ["'R1'", "colour", "'green'"]),
    "gate colour": (lambda d: piece(d, "GA").update(colour="blue"), ["'GA'", "colour", "'blue'"]),
    "unknown kind": (lambda d: piece(d, "P1").update(kind="comet"), ["'P1'", "unknown kind", "'comet'"]),
    "no kind": (lambda d: piece(d, "P1").pop("kind"), ["'P1'", "kind"]),
    "piece off the board (rock)": (
        lambda d: piece(d, "R1").update(cell=[0, 0]),
        ["'R1'", "(0, 0)", "off the board"],
    ),
    "piece off the grid": (
        lambda d: piece(d, "R1").update(cell=[13, 4]),
        ["'R1'", "(13, 4)", "off the board"],
    ),
    "craft off the board": (
        lambda d: craft(d, "red").update(cell=[4, 0]),
        ["'red'", "(4, 0)", "off the board"],
    ),
    "malformed cell": (lambda d: piece(d, "R1").update(cell=[3]), ["'R1'", "cell", "[3]"]),
    "two objects in one cell": (lambda d: piece(d, "P1").update(cell=[3, 3]), ["'P1'", "(3, 3)", "'R1'"]),
    "duplicate id": (lambda d: piece(d, "P1").update(id="R1"), ["'R1'", "duplicate id"]),
    "duplicate priority": (
        lambda d: piece(d, "GA").update(priority=1),
        ["'GA'", "duplicate priority 1", "'R1'"],
    ),
    "no priority": (lambda d: piece(d, "R1").pop("priority"), ["'R1'", "priority"]),
    "priority 0": (lambda d: piece(d, "R1").update(priority=0), ["'R1'", "priority", "0"]),
    "no orientation": (lambda d: piece(d, "R1").pop("orientation"), ["'R1'", "orientation"]),
    "gate without symbol": (lambda d: piece(d, "GA").pop("symbol"), ["'GA'", "symbol"]),
    "craft on an asteroid": (lambda d: craft(d, "red").update(cell=[3, 3]), ["'red'", "(3, 3)", "'R1'"]),
    "craft on a pod": (lambda d: craft(d, "red").update(cell=[1, 7]), ["'red'", "(1, 7)", "'P1'"]),
    "craft on a gate in shooting mode": (
        lambda d: (d.update(mode="shooting"), craft(d, "red").update(cell=[1, 3])),
        ["'red'", "(1, 3)", "'GA'"],
    ),
    "bad orientation": (lambda d: piece(d, "R1").update(orientation="N"), ["'R1'", "orientation", "'N'"]),
    "orientation not a string": (
        lambda d: piece(d, "R1").update(orientation=0),
        ["'R1'", "orientation", "0"],
    ),
    "bad facing": (lambda d: craft(d, "red").update(facing="up"), ["'red'", "facing", "'up'"]),
    "bad platform facing": (lambda d: piece(d, "L1").update(facing="S"), ["'L1'", "facing", "'S'"]),
    "no facing": (lambda d: craft(d, "red").pop("facing"), ["'red'", "facing"]),
    "damage 7": (lambda d: craft(d, "red").update(damage=7), ["'red'", "damage", "7"]),
    "damage -1": (lambda d: craft(d, "red").update(damage=-1), ["'red'", "damage", "-1"]),
    "damage not a number": (lambda d: craft(d, "red").update(damage="2"), ["'red'", "damage", "'2'"]),
    "damage true": (lambda d: craft(d, "red").update(damage=True), ["'red'", "damage", "True"]),
    "damage 6 on the board": (lambda d: craft(d, "red").update(damage=6), ["'red'", "destroyed"]),
    "off the board with damage 5": (lambda d: craft(d, "red").update(cell=None), ["'red'", "destroyed"]),
    "player_order missing a player": (
        lambda d: d.update(player_order=["blue"]),
        ["player_order", "['blue']"],
    ),
    "player_order with a stranger": (
        lambda d: d.update(player_order=["blue", "red", "green"]),
        ["player_order", "'green'"],
    ),
    "player_order twice the same": (
        lambda d: d.update(player_order=["blue", "blue"]),
        ["player_order", "'blue'"],
    ),
    "two crafts for one player": (lambda d: craft(d, "red").update(player="blue"), ["'blue'", "two crafts"]),
    "unknown pilot": (lambda d: craft(d, "red").update(pilot="Han"), ["'red'", "pilot", "'Han'"]),
    "token twice": (lambda d: craft(d, "red").update(tokens=["A", "A"]), ["'red'", "token"]),
    "unknown mode": (lambda d: d.update(mode="golf"), ["mode", "'golf'"]),
    "round 0": (lambda d: d.update(round=0), ["round", "0"]),
    "unknown rule setting": (lambda d: d.update(rules={"gravity": True}), ["rules", "'gravity'"]),
    "rule setting of the wrong type": (
        lambda d: d.update(rules={"random_dice_order": 1}),
        ["random_dice_order"],
    ),
    "rule setting out of range": (
        lambda d: d.update(rules={"targets_handicap": 9}),
        ["targets_handicap", "9"],
    ),
    "bad planning level": (
        lambda d: d.update(rules={"planning_level": "hard"}),
        ["planning_level", "'hard'"],
    ),
    "pieces not a list": (lambda d: d.update(pieces={}), ["'pieces'", "list"]),
    "no pieces": (lambda d: d.pop("pieces"), ["'pieces'"]),
    "piece not an object": (lambda d: d["pieces"].append("R9"), ["pieces[4]", "'R9'"]),
    "piece without id": (lambda d: piece(d, "P1").pop("id"), ["pieces[2]", "id"]),
    "two drones in one turret": (
        lambda d: (as_drones(d), d["pieces"].extend([drone("D1"), drone("D2", priority=31)])),
        ["'D2'", "(6, 4)"],
    ),
    "a drone inside another turret": (
        lambda d: (as_drones(d), d["pieces"].append(drone("D1", symbol="B"))),
        ["'D1'", "own turret", "'B'", "'T1'"],
    ),
    "a pod on a turret": (
        lambda d: (as_drones(d), d["pieces"].append({"id": "P9", "kind": "pod", "cell": [6, 4]})),
        ["'P9'", "(6, 4)", "'T1'"],
    ),
}


def write(tmp_path: Path, text: str, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(path: Path) -> str:
    """Load a bad file: it raises ScenarioError (and returns nothing); the message."""
    result = "nothing"
    with pytest.raises(ScenarioError) as info:
        result = scenario.load(path)
    assert result == "nothing", "a bad scenario returned a state"
    message = str(info.value)
    assert "\n" not in message, "an error message is one line"
    return message


# --- round trips ---------------------------------------------------------------


def test_the_base_fixture_is_valid():
    state = scenario.from_dict(copy.deepcopy(BASE))
    assert [p.id for p in state.pieces] == ["R1", "GA", "P1", "L1"]
    assert state.craft("red") == Craft(player="red", cell=(6, 8), facing=0, damage=2, tokens=("A",))


def test_design_example_loads_and_saves_canonically():
    state = scenario.loads(FORMAT_EXAMPLE)
    assert state.mode == "racing" and state.round == 1 and state.player_order == ("blue",)
    assert state.rules == RuleSettings()
    r1 = state.piece("R1")
    assert (r1.kind, r1.colour, r1.cell, r1.orientation, r1.priority) == ("asteroid", "red", (3, 3), 0, 1)
    assert state.piece("GA").symbol == "A" and state.piece("GA").orientation == 2
    assert state.piece("L1").orientation is None
    blue = state.craft("blue")
    assert (blue.cell, blue.facing, blue.pilot, blue.damage) == ((5, 7), 3, "Hector", 0)
    text = scenario.dumps(state)
    assert scenario.loads(text) == state
    assert scenario.dumps(scenario.loads(text)) == text
    assert json.loads(text)["pieces"][3] == {"id": "L1", "kind": "platform", "cell": [5, 7]}


@pytest.mark.parametrize("name", ["racing", "shooting", "drones", "targets"])
@pytest.mark.parametrize("seed", [0, 1, 99])
def test_setups_round_trip(name, seed):
    state = setups.setup(name, seed=seed)
    text = scenario.dumps(state)
    again = scenario.loads(text)
    assert again == state
    assert scenario.dumps(again) == text
    assert scenario.from_dict(scenario.to_dict(state)) == state
    assert scenario.from_dict(json.loads(text)) == state


def test_round_trip_keeps_every_field():
    data = copy.deepcopy(BASE)
    data["rules"] = {"random_dice_order": True, "planning_level": "expert"}
    data["round"] = 7
    data["player_order"] = ["red", "blue"]
    data["crafts"].append(
        {
            "player": "green",
            "pilot": "Lawrence",
            "cell": None,
            "facing": "NW",
            "damage": 6,
            "tokens": ["B", "A"],
            "destroy_used": True,
            "power_used": True,
            "team": "left",
        }
    )
    data["player_order"].append("green")
    piece(data, "R1").update(target="left-1", team="left")
    state = scenario.from_dict(data)
    green = state.craft("green")
    assert green.destroyed and green.tokens == ("B", "A") and green.team == "left" and green.power_used
    assert state.rules.random_dice_order and state.rules.planning_level == "expert"
    assert state.piece("R1").target == "left-1"
    text = scenario.dumps(state)
    assert scenario.loads(text) == state and scenario.dumps(scenario.loads(text)) == text
    out = json.loads(text)
    assert out["round"] == 7 and out["player_order"] == ["red", "blue", "green"]
    assert out["crafts"][2]["cell"] is None and out["crafts"][2]["damage"] == 6


def test_dumps_layout_one_piece_per_line():
    state = scenario.from_dict(copy.deepcopy(BASE))
    text = scenario.dumps(state)
    lines = text.splitlines()
    assert text.endswith("}\n") and lines[0] == "{" and lines[1] == '  "format": "asteroyds/scenario@1",'
    assert sum(1 for line in lines if line.startswith('    {"id": ')) == 4
    assert sum(1 for line in lines if line.startswith('    {"player": ')) == 2


def test_a_custom_board_round_trips():
    board = hexagon_board(2)
    state = State(mode="racing", pieces=(), board=board)
    data = scenario.to_dict(state)
    assert data["board"] == {"mask": list(board.mask)}
    assert scenario.from_dict(data).board == board
    assert "board" not in scenario.to_dict(setups.racing(seed=1))


def test_save_and_load_a_file(tmp_path):
    state = setups.racing(seed=5, players=["blue", "red"])
    path = tmp_path / "game.json"
    scenario.save(state, path)
    assert scenario.load(path) == state
    assert path.read_text(encoding="utf-8") == scenario.dumps(state)
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind
    scenario.save(setups.racing(seed=6), path)  # overwrite
    assert scenario.load(path) == setups.racing(seed=6)


def test_loading_does_not_depend_on_key_order_or_optional_keys():
    data = {
        "pieces": [
            {
                "cell": [3, 3],
                "priority": 1,
                "orientation": "e",
                "colour": "red",
                "kind": "asteroid",
                "id": "R1",
            }
        ],
        "format": "asteroyds/scenario@1",
    }
    state = scenario.from_dict(data)
    assert state.mode == "racing" and state.crafts == () and state.round == 1 and state.player_order == ()
    assert state.piece("R1").orientation == 0


# --- errors ------------------------------------------------------------------------


def test_base_loads_from_a_file(tmp_path):
    path = write(tmp_path, json.dumps(BASE), name="good.json")
    assert scenario.load(path) == scenario.from_dict(copy.deepcopy(BASE))


@pytest.mark.parametrize("name", sorted(BAD))
def test_every_validation_error_names_the_file_and_the_culprit(tmp_path, name):
    change, words = BAD[name]
    data = copy.deepcopy(BASE)
    change(data)
    path = write(tmp_path, json.dumps(data))
    message = load_error(path)
    assert message.startswith(f"{path}: "), message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    # the same through loads / from_dict, with their own "where"
    with pytest.raises(ScenarioError, match=re.escape("here.json: ")):
        scenario.loads(json.dumps(data), where="here.json")
    with pytest.raises(ScenarioError, match=re.escape("inline: ")):
        scenario.from_dict(data, where="inline")


@pytest.mark.parametrize(
    "text, words",
    [
        ("{", ["not valid JSON", "line 1"]),
        ('{"format": "asteroyds/scenario@1", "pieces": [],}', ["not valid JSON", "line 1"]),
        ("", ["not valid JSON"]),
        ("[]", ["JSON object", "list"]),
        ("null", ["JSON object"]),
        ('"asteroyds/scenario@1"', ["JSON object", "str"]),
        ("[" * 100_000, ["nested too deeply"]),
    ],
)
def test_malformed_json(tmp_path, text, words):
    path = write(tmp_path, text)
    message = load_error(path)
    assert message.startswith(f"{path}: ")
    for word in words:
        assert word in message


def test_missing_file_and_directory_and_not_utf8(tmp_path):
    missing = tmp_path / "nowhere.json"
    message = load_error(missing)
    assert message.startswith(f"{missing}: ") and "cannot read" in message
    message = load_error(tmp_path)
    assert message.startswith(f"{tmp_path}: ")
    latin = tmp_path / "latin1.json"
    latin.write_bytes('{"format": "asteroyds/scenario@1", "mode": "\xe9", "pieces": []}'.encode("latin-1"))
    message = load_error(latin)
    assert message.startswith(f"{latin}: ") and "UTF-8" in message


def test_scenario_errors_are_asteroyds_and_value_errors():
    assert issubclass(ScenarioError, AsteroydsError) and issubclass(ScenarioError, ValueError)


def test_a_failed_load_changes_nothing(tmp_path):
    good = scenario.from_dict(copy.deepcopy(BASE))
    before = scenario.dumps(good)
    data = copy.deepcopy(BASE)
    data["crafts"][1]["damage"] = 9  # the very last check to run
    text = json.dumps(data)
    path = write(tmp_path, text)
    load_error(path)
    assert path.read_text(encoding="utf-8") == text  # the file is untouched
    assert scenario.dumps(good) == before  # nothing shared was changed


def test_valid_drone_inside_its_own_turret_and_racing_craft_on_a_gate():
    data = copy.deepcopy(BASE)
    craft(data, "red").update(cell=[1, 3])  # racing: a craft may share a gate's space
    assert scenario.from_dict(data).craft("red").cell == (1, 3)
    data = copy.deepcopy(BASE)
    as_drones(data)
    data["pieces"].insert(0, drone("D1"))  # file order does not matter
    state = scenario.from_dict(data)
    assert [p.kind for p in state.pieces_at((6, 4))] == ["drone", "turret"]
