"""Bot seats in a room: the room's greedy bot plans once the dice are rolled and answers "no"."""

from __future__ import annotations

import json
import random

import pytest

from asteroyds.bot import plan
from asteroyds.modes.capture.bot import plan_all
from asteroyds.rooms import Room, RoomError, SQLiteStore, room_game
from asteroyds.rooms.seating import bot_program


@pytest.fixture
def store(tmp_path):
    with SQLiteStore(tmp_path / "rooms.sqlite3") as s:
        yield s


def test_a_bot_seat_is_taken_and_submits_the_greedy_program_after_the_roll(store):
    room, teacher = Room.create(store, room_game("racing", ["blue", "red"], seed=3), bots=["red"])
    assert room.seat("red").taken and room.seat("red").bot
    with pytest.raises(RoomError, match="taken"):
        room.join("red")
    blue = room.join("blue")
    room.roll(teacher, dice=(3, 5, 2))
    # the bot's program is in, the human's is awaited
    assert room.view.waiting_for() == ("blue",)
    assert room.view.submitted() == ("red",)
    game = room.view.game
    expected = plan(game.state, "red", game.dice, style="greedy", rng=random.Random(0))
    assert room.view.held["red"] == str(expected)
    room.submit("blue", "F . . . . . S", blue)
    assert [r.reason for r in room.view.resolutions] == ["all_submitted"]
    assert room.show()["seats"][1] == {"seat": "red", "taken": True, "name": None, "bot": True}


def test_the_teacher_gives_the_free_seats_to_the_bot_and_a_student_may_not(store):
    room, teacher = Room.create(store, room_game("racing", ["blue", "red", "green"], seed=1))
    blue = room.join("blue")
    with pytest.raises(RoomError, match="teacher"):
        room.add_bots(blue)
    assert room.add_bots(teacher) == ("red", "green")
    assert [s.player for s in room.view.seats.values() if s.bot] == ["red", "green"]
    with pytest.raises(RoomError, match="taken"):
        room.add_bots(teacher, ["blue"])
    room.leave("green", teacher)  # the teacher frees a bot seat for a latecomer
    assert not room.seat("green").taken
    room.join("green")


def test_a_room_of_bots_plays_itself_to_the_same_game_on_replay(store):
    room, teacher = Room.create(store, room_game("racing", ["blue", "red"], seed=7), bots=["blue", "red"])
    for _ in range(3):
        room.roll(teacher)
        assert room.view.phase in ("roll", "over")  # the bots submitted, the round resolved
    again = Room.open(store, room.code)
    assert again.view.game.to_dict() == room.view.game.to_dict()
    assert again.view.game.round == 4


def test_bot_program_in_capture_is_the_team_bots_plan(store):
    game = room_game("capture", ["red", "white"], seed=2)
    game.roll((3, 5, 2))
    rng = random.Random(f"asteroyds:room:{game.seed}:capture-bots:turn{game.round}")
    assert bot_program(game, "white1") == str(plan_all(game.state, game.dice, rng)["white1"])


def test_a_question_asked_of_a_bot_is_answered_no_at_once(store):
    """Search seeds for a bot that is asked something; its answer is 'no', by reason 'bot'."""
    for seed in range(40):
        room, teacher = Room.create(
            store, room_game("racing", ["blue", "red"], seed=seed), bots=["blue", "red"]
        )
        for _ in range(6):
            if room.view.phase == "over":
                break
            room.roll(teacher)
        answers = [e for e in store.read(room.code) if e.kind == "answer"]
        if answers:
            assert {(e.data["yes"], e.data["reason"]) for e in answers} == {(False, "bot")}
            return
    pytest.fail("no bot was asked a question in 40 seeds x 6 rounds")


def test_unknown_bot_seat_is_refused(store):
    with pytest.raises(RoomError, match="not a seat"):
        Room.create(store, room_game("racing", ["blue"], seed=1), bots=["red"])


def test_cli_create_with_bots(tmp_path, capsys):
    from asteroyds.cli import main

    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    assert main(["room", "create", "--seats", "blue,red", "--bots", "red", "--store", url, "--json"]) in (
        0,
        None,
    )
    out = capsys.readouterr().out

    data = json.loads(out)
    assert data["bots"] == ["red"]
    assert main(["room", "create", "--seats", "blue", "--bots", "green", "--store", url]) == 2
    assert "not a seat" in capsys.readouterr().err
