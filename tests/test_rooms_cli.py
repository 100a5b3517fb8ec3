"""`asteroyds room ...` end to end on SQLite and PostgreSQL: the flow, the JSON, bad input, six at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from asteroyds.cli import main
from asteroyds.game import Game
from asteroyds.rooms import RoomView, open_store
from tests.rooms_helpers import bot_answer, bot_program, play_locally
from tests.rooms_pg import postgres_url  # noqa: F401  (the session fixture)

SIX = ["blue", "red", "green", "yellow", "orange", "purple"]
DICE = ["4", "2", "6"]


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def room_cli(store_url, capsys, monkeypatch):
    """``room_cli(*argv)`` → (exit code, stdout, stderr), in this process, on the test's store."""
    monkeypatch.setenv("ASTEROYDS_STORE", store_url)
    monkeypatch.delenv("ASTEROYDS_ROOM_TOKEN", raising=False)

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(["room", *argv])
        out, err = capsys.readouterr()
        return code, out, err

    return run


def created(room_cli, *argv: str) -> tuple[str, str]:
    code, out, err = room_cli("create", *argv, "--json")
    assert (code, err) == (0, "")
    payload = json.loads(out)
    return payload["room"], payload["teacher_token"]


def assert_bad_input(result: tuple[int, str, str], match: str) -> None:
    code, out, err = result
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert match in err, err


def test_the_command_line_flow(room_cli):
    code, teacher = created(room_cli, "--mode", "racing", "--seats", "blue,red", "--seed", "1")
    assert_bad_input(room_cli("roll", code, "--dice", *DICE), "needs a token")
    assert room_cli("roll", code, "--dice", *DICE, "--token", teacher)[0] == 0
    status, out, _ = room_cli("submit", code, "--player", "blue", "--program", "F F R . . . S", "--json")
    blue = json.loads(out)["token"]  # a free seat is taken by its first program
    assert status == 0 and json.loads(out)["waiting_for"] == ["red"]
    assert room_cli("submit", code, "--player", "blue", "--program", "F F . . . . S", "--token", blue)[0] == 0
    shown = json.loads(room_cli("show", code, "--json")[1])
    assert {"room", "game", "waiting_for", "seats"} <= set(shown)
    assert shown["room"] == code and shown["waiting_for"] == ["red"] and shown["submitted"] == ["blue"]
    assert shown["seats"] == [
        {"seat": "blue", "taken": True, "name": None, "bot": False},
        {"seat": "red", "taken": False, "name": None, "bot": False},
    ]
    red = room_cli("join", code, "--seat", "red", "--name", "Bob")[1].strip()
    assert room_cli("submit", code, "--player", "red", "--program", "F . . . . . S", "--token", red)[0] == 0
    shown = json.loads(room_cli("show", code, "--json")[1])
    while shown["pending"]:
        player = shown["pending"]["player"]
        assert room_cli("answer", code, "--player", player, "--no", "--token", teacher)[0] == 0
        shown = json.loads(room_cli("show", code, "--json")[1])
    local = Game.new("racing", players=["blue", "red"], seed=1)
    local.roll([4, 2, 6])
    local.submit("blue", "F F . . . . S")
    local.submit("red", "F . . . . . S")
    local.play_phases()
    while local.pending:
        local.answer(False)
    assert Game.from_dict(shown["game"]).dumps() == local.dumps()
    assert (shown["phase"], shown["round"]) == ("roll", 2)
    text = room_cli("show", code)[1]
    assert text.startswith(f"room {code}: racing, round 2, phase roll")


def test_bad_input_is_one_line_and_changes_nothing(room_cli, store_url):
    code, teacher = created(room_cli, "--seats", "blue,red")
    red = room_cli("join", code, "--seat", "red")[1].strip()
    with open_store(store_url) as store:
        before = store.read(code)
    assert_bad_input(room_cli("show", "ZZZZ2345"), "no room ZZZZ2345")
    assert_bad_input(room_cli("show", "nope"), "not a room code")
    assert_bad_input(room_cli("join", code, "--seat", "red"), "seat 'red' is taken")
    assert_bad_input(room_cli("submit", code, "--player", "red", "--program", ". . . . . . S"), "taken")
    assert_bad_input(room_cli("roll", code, "--dice", "7", "1", "1", "--token", teacher), "whole number 1-6")
    assert_bad_input(room_cli("roll", code, "--token", red), "teacher's token")
    late = room_cli("submit", code, "--player", "red", "--program", "F", "--token", red)
    assert_bad_input(late, "too late")
    room_cli("roll", code, "--dice", *DICE, "--token", teacher)
    with open_store(store_url) as store:
        before = store.read(code)
    assert_bad_input(room_cli("submit", code, "--player", "blue", "--program", "F F Q . . . S"), "column 3")
    assert_bad_input(room_cli("submit", code, "--player", "red", "--program", "F . . . . . S"), "taken")
    assert_bad_input(
        room_cli("submit", code, "--player", "red", "--program", "F", "--token", red, "--round", "2"),
        "round 2 is over",
    )
    assert_bad_input(room_cli("answer", code, "--player", "red", "--yes", "--token", red), "no question")
    assert_bad_input(room_cli("create", "--seats", "blue,blue"), "given twice")
    assert_bad_input(room_cli("create", "--seats", "blue", "--mode", "chess"), "invalid choice")
    assert_bad_input(room_cli("create", "--seats", "pink"), "unknown player colour")
    huge = "9" * 5000
    assert_bad_input(
        room_cli("create", "--seats", "blue", "--planning-seconds", huge), "whole number 0-86400"
    )
    assert_bad_input(room_cli("create", "--seats", "blue", "--seed", huge), "whole number")
    assert_bad_input(room_cli("create", "--seats", "blue", "--decision-seconds", "0"), "whole number 1-86400")
    assert_bad_input(room_cli("join", code, "--seat", "blue", "--name", "x\n"), "printable text")
    assert_bad_input(room_cli("submit", code, "--player", "red", "--program", huge), "at most 1000")
    assert_bad_input(room_cli("roll", code, "--dice", "1", "2", "x", "--token", teacher), "whole number 1-6")
    with open_store(store_url) as store:
        assert store.read(code) == before  # the room is unchanged
    room_cli("resolve", code, "--token", teacher)
    assert_bad_input(
        room_cli("submit", code, "--player", "red", "--program", "F . . . . . S", "--token", red),
        "too late to submit",
    )


def test_every_mode_capture_teams_included(room_cli):
    for mode in ("racing", "shooting", "targets", "drones"):
        code, _ = created(room_cli, "--mode", mode, "--seats", "blue,red")
        assert json.loads(room_cli("show", code, "--json")[1])["mode"] == mode
    code, _ = created(room_cli, "--mode", "capture", "--seats", "red,white", "--crafts", "2")
    shown = json.loads(room_cli("show", code, "--json")[1])
    assert [s["seat"] for s in shown["seats"]] == ["red1", "white1", "red2", "white2"]


def test_six_concurrent_submits_equal_the_python_api(room_cli, store_url):
    """Six `room submit` processes at once; `room show` equals the game played locally."""
    code, teacher = created(room_cli, "--seats", ",".join(SIX), "--seed", "3", "--planning-seconds", "0")
    assert room_cli("roll", code, "--dice", *DICE, "--token", teacher)[0] == 0
    local = play_locally("racing", SIX, seed=3, rounds=1, dice=[[4, 2, 6]])
    reference = Game.new("racing", players=SIX, seed=3)
    reference.roll([4, 2, 6])
    env = {**os.environ, "ASTEROYDS_STORE": store_url, "ASTEROYDS_ROOM_TOKEN": teacher}
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "asteroyds.cli", "room", "submit", code, "--player", seat]
            + ["--program", bot_program(reference, seat), "--json"],
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for seat in SIX
    ]
    for p in procs:
        out, err = p.communicate(timeout=120)
        assert (p.returncode, err) == (0, ""), err
    shown = json.loads(room_cli("show", code, "--json")[1])
    while shown["pending"]:  # play_locally's answers, given by the teacher
        with open_store(store_url) as store:
            pending = RoomView.replay(code, store.read(code)).game.pending
        yes = "--yes" if bot_answer(pending) else "--no"
        assert room_cli("answer", code, "--player", pending.player, yes, "--token", teacher)[0] == 0
        shown = json.loads(room_cli("show", code, "--json")[1])
    assert Game.from_dict(shown["game"]).dumps() == local.dumps()
    assert shown["game"] == local.to_dict()
    with open_store(store_url) as store:
        kinds = [e.kind for e in store.read(code)]
    assert kinds.count("resolve") == 1 and kinds.count("program") == 6


def test_the_stopwatch_runs_out_between_commands(room_cli):
    """Nobody submits: after the planning time, the next command resolves the round (empty charts)."""
    code, teacher = created(room_cli, "--seats", "blue,red", "--planning-seconds", "1")
    rolled = json.loads(room_cli("roll", code, "--dice", *DICE, "--token", teacher, "--json")[1])
    assert rolled["round"] == 1 and rolled["dice"] == [4, 2, 6] and rolled["deadline"] is not None
    time.sleep(1.05)
    shown = json.loads(room_cli("show", code, "--json")[1])
    assert shown["phase"] in ("roll", "decide") and shown["waiting_for"] == []
    assert any("asteroids" in item for item in shown["game"]["inputs"])
