"""`asteroyds round` and `asteroyds play` (docs/command-line.md): one round, and whole bot games."""

from __future__ import annotations

import json

import pytest

from asteroyds import scenario
from asteroyds.cli import main
from asteroyds.setups import racing


def run(capsys, argv):
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def write_programs(tmp_path, programs):
    path = tmp_path / "programs.json"
    path.write_text(json.dumps(programs))
    return str(path)


def test_round_on_the_built_in_racing_setup(capsys, tmp_path):
    programs = write_programs(tmp_path, {"blue": "F F . . . . S"})
    code, out, err = run(
        capsys, ["round", "racing", "--seed", "1", "--dice", "3", "5", "2", "--programs", programs, "--json"]
    )
    assert code == 0 and err == ""
    payload = json.loads(out)
    state = scenario.from_dict(payload["scenario"])
    assert state.round == 2
    types = [e["type"] for e in payload["events"]]
    assert types[0] == "dice_rolled" and "phase_started" in types and "flight_started" in types
    assert types[-1] == "round_ended"
    assert "outcome" not in payload
    # The blue craft started on its platform at (5, 7) facing W and flew two spaces W.
    assert racing(seed=1).craft("blue").cell == (5, 7)
    assert state.craft("blue").cell == (5, 5)


def test_round_plain_log_and_policies(capsys, tmp_path):
    programs = write_programs(tmp_path, {"blue": "F F F F F F S"})
    code, out, _ = run(
        capsys,
        [
            "round",
            "racing",
            "--seed",
            "1",
            "--dice",
            "3",
            "5",
            "2",
            "--programs",
            programs,
            "--destroy",
            "always",
            "--lawrence",
            "always",
        ],
    )
    assert code == 0
    assert out.splitlines()[0].startswith("Round 1: the dice show red 3, white 5, blue 2")
    assert "End of round 1" in out


def test_round_on_a_scenario_file(capsys, tmp_path):
    path = tmp_path / "s.json"
    scenario.save(racing(seed=4, players=["blue", "red"]), path)
    programs = write_programs(tmp_path, {"red": "F . . . . . S"})
    code, out, _ = run(
        capsys, ["round", str(path), "--dice", "1", "2", "3", "--programs", programs, "--json"]
    )
    assert code == 0
    assert json.loads(out)["scenario"]["player_order"] == ["red", "blue"]


@pytest.mark.parametrize(
    ("programs", "words"),
    [
        ({"blue": "F F F F F F U"}, ["blue", "column 7"]),
        ({"blue": "F X . . . . S"}, ["blue", "column 2"]),
        ({"blue": "F F"}, ["blue"]),
        ({"green": "F . . . . . S"}, ["green"]),
    ],
)
def test_illegal_programs_exit_2_naming_player_and_column(capsys, tmp_path, programs, words):
    path = write_programs(tmp_path, programs)
    code, out, err = run(capsys, ["round", "racing", "--dice", "1", "1", "1", "--programs", path])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err


def test_bad_programs_file(capsys, tmp_path):
    bad = tmp_path / "p.json"
    bad.write_text("[1, 2]")
    code, _, err = run(capsys, ["round", "racing", "--dice", "1", "1", "1", "--programs", str(bad)])
    assert code == 2 and "player to program" in err
    code, _, err = run(
        capsys, ["round", "racing", "--dice", "1", "1", "1", "--programs", str(tmp_path / "no")]
    )
    assert code == 2 and "cannot read" in err
    code, _, err = run(
        capsys, ["round", "racing", "--dice", "1", "1", "1", "--programs", str(bad), "--destroy", "sometimes"]
    )
    assert code == 2 and "--destroy" in err


def test_play_a_whole_game_with_bots(capsys):
    code, out, err = run(capsys, ["play", "--players", "3", "--seed", "2"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("--- Round 1: dice")
    assert any(line.startswith("Game over.") for line in lines)
    assert lines[-1].startswith("=== ")


def test_play_arguments_are_checked(capsys):
    assert run(capsys, ["play", "--players", "9"])[0] == 2
    code, _, err = run(capsys, ["play", "--players", "2", "--bots", "greedy", "random", "greedy"])
    assert code == 2 and "3 styles for 2 players" in err
    code, _, err = run(capsys, ["play", "--players", "2", "--bots", "clever"])
    assert code == 2 and "clever" in err
