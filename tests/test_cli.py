"""The `asteroyds asteroids` command (docs/command-line.md): JSON and plain output; bad input exits 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from asteroyds import scenario, setups
from asteroyds.asteroids import resolve_asteroids
from asteroyds.cli import main
from asteroyds.dice import Dice

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = Path(__file__).parent / "scenarios" / "asteroids"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_bad_input(code: int, out: str, err: str) -> str:
    assert code == 2
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), f"expected one line on stderr, got {err!r}"
    assert "Traceback" not in err
    return lines[0]


def test_json_output_of_a_built_in_setup(capsys):
    code, out, err = run(capsys, "asteroids", "racing", "--seed", "1", "--dice", "3", "5", "2", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    assert set(payload) == {"scenario", "events"}
    state = scenario.from_dict(payload["scenario"])  # a valid scenario
    expected, events = resolve_asteroids(setups.racing(seed=1), Dice(3, 5, 2))
    assert state == expected
    assert payload["events"] == [e.to_dict() for e in events]
    assert [e["type"] for e in payload["events"] if e["type"] == "phase_started"] == ["phase_started"] * 3
    assert [e["phase"] for e in payload["events"] if e["type"] == "phase_started"] == ["red", "white", "blue"]
    assert all(isinstance(e["text"], str) and e["text"] for e in payload["events"])


def test_plain_output_is_the_english_log(capsys):
    code, out, err = run(capsys, "asteroids", "racing", "--seed", "1", "--dice", "3", "5", "2")
    assert (code, err) == (0, "")
    _, events = resolve_asteroids(setups.racing(seed=1), Dice(3, 5, 2))
    assert out.splitlines() == [e.text() for e in events]
    assert out.splitlines()[0] == "Red die shows 3: 10 elements move in priority order"


def test_the_seed_selects_the_setup(capsys):
    _, one, _ = run(capsys, "asteroids", "racing", "--seed", "1", "--dice", "1", "1", "1", "--json")
    _, two, _ = run(capsys, "asteroids", "racing", "--seed", "2", "--dice", "1", "1", "1", "--json")
    _, default, _ = run(capsys, "asteroids", "racing", "--dice", "1", "1", "1", "--json")
    assert one != two
    assert (
        scenario.from_dict(json.loads(default)["scenario"])
        == resolve_asteroids(setups.racing(seed=0), (1, 1, 1))[0]
    )


def test_a_scenario_file(capsys, tmp_path):
    # the rulebook's push example, hand-checked in tests/scenarios/asteroids/
    case = json.loads((GOLDEN / "rulebook_blue_pushes_white.json").read_text(encoding="utf-8"))
    path = tmp_path / "push.json"
    path.write_text(json.dumps(case["scenario"]), encoding="utf-8")
    code, out, err = run(capsys, "asteroids", str(path), "--dice", "1", "1", "1", "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    after = scenario.from_dict(payload["scenario"])
    assert after.piece("B1").cell == (6, 5) and after.piece("W1").cell == (6, 6)
    assert [e["type"] for e in payload["events"]] == [
        "phase_started",
        "phase_started",
        "tile_blocked",
        "phase_started",
        "tile_pushed",
        "tile_moved",
    ]
    code, out, err = run(capsys, "asteroids", str(path), "--dice", "1", "1", "1")
    assert code == 0 and "Blue asteroid #1 pushes white asteroid #2 from (6, 5) to (6, 6)" in out.splitlines()


def test_a_malformed_scenario_file(capsys, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"format": "asteroyds/scenario@1", "pieces": [', encoding="utf-8")
    line = assert_bad_input(*run(capsys, "asteroids", str(path), "--dice", "1", "1", "1"))
    assert str(path) in line and "not valid JSON" in line


def test_an_invalid_scenario_file(capsys, tmp_path):
    data = {
        "format": "asteroyds/scenario@1",
        "pieces": [
            {
                "id": "R1",
                "kind": "asteroid",
                "colour": "red",
                "cell": [3, 3],
                "orientation": "E",
                "priority": 1,
            },
            {
                "id": "R2",
                "kind": "asteroid",
                "colour": "red",
                "cell": [3, 3],
                "orientation": "E",
                "priority": 2,
            },
        ],
    }
    path = tmp_path / "clash.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    line = assert_bad_input(*run(capsys, "asteroids", str(path), "--dice", "1", "1", "1", "--json"))
    assert str(path) in line and "'R2'" in line and "(3, 3)" in line


def test_a_scenario_file_that_is_not_utf8(capsys, tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"format": "asteroyds/scenario@1", "mode": "\xe9", "pieces": []}')
    line = assert_bad_input(*run(capsys, "asteroids", str(path), "--dice", "1", "1", "1"))
    assert str(path) in line


@pytest.mark.parametrize(
    "dice, words",
    [
        (["0", "1", "1"], "red die must show 1..6, got 0"),
        (["1", "7", "1"], "white die must show 1..6, got 7"),
        (["1", "1", "-2"], "blue die must show 1..6, got -2"),
        (["1", "x", "1"], "invalid int value: 'x'"),
        (["1", "1"], "expected 3 arguments"),
    ],
)
def test_bad_dice(capsys, dice, words):
    line = assert_bad_input(*run(capsys, "asteroids", "racing", "--dice", *dice))
    assert words in line


def test_unknown_setup_and_missing_file(capsys, tmp_path):
    line = assert_bad_input(*run(capsys, "asteroids", "chess", "--dice", "1", "1", "1"))
    assert "chess" in line and "racing" in line
    missing = tmp_path / "missing.json"
    line = assert_bad_input(*run(capsys, "asteroids", str(missing), "--dice", "1", "1", "1"))
    assert str(missing) in line


@pytest.mark.parametrize(
    "argv, words",
    [
        ([], "required"),
        (["asteroid", "racing", "--dice", "1", "1", "1"], "invalid choice"),
        (["asteroids", "racing"], "--dice"),
        (["asteroids", "--dice", "1", "1", "1"], "scenario"),
        (["asteroids", "racing", "--dice", "1", "1", "1", "--seed", "one"], "--seed"),
        (["asteroids", "racing", "--dice", "1", "1", "1", "--colour"], "unrecognized arguments"),
    ],
)
def test_usage_errors(capsys, argv, words):
    line = assert_bad_input(*run(capsys, *argv))
    assert words in line


def test_the_module_runs_as_a_program():
    args = [
        sys.executable,
        "-m",
        "asteroyds.cli",
        "asteroids",
        "racing",
        "--seed",
        "1",
        "--dice",
        "3",
        "5",
        "2",
    ]
    done = subprocess.run([*args, "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert (done.returncode, done.stderr) == (0, "")
    payload = json.loads(done.stdout)
    expected, events = resolve_asteroids(setups.racing(seed=1), Dice(3, 5, 2))
    assert scenario.from_dict(payload["scenario"]) == expected
    assert payload["events"] == [e.to_dict() for e in events]
    bad = subprocess.run(
        [sys.executable, "-m", "asteroyds.cli", "asteroids", "racing", "--dice", "3", "5", "9"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.splitlines() == ["asteroyds: error: the blue die must show 1..6, got 9"]
