"""Rooms through the Python API on SQLite: seats, tokens, secrecy, stopwatch, questions, replay."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asteroyds.errors import DecisionError, ProgramError, RuleError
from asteroyds.game import Game
from asteroyds.rooms import Room, RoomError, RoomView, SQLiteStore, open_store, room_game
from asteroyds.rooms.codes import CODE_ALPHABET, new_code, normalize_code
from tests.rooms_helpers import bot_answer, bot_program, play_locally

SEATS = ["blue", "red", "green"]


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def store(tmp_path):
    with SQLiteStore(tmp_path / "rooms.sqlite3") as s:
        yield s


@pytest.fixture
def clock():
    return Clock()


def new_room(store, clock, seats=SEATS, mode="racing", seed=4, **options):
    return Room.create(store, room_game(mode, seats, seed=seed), clock=clock, **options)


def play_room(room, teacher, rounds, dice=None):
    """Drive a room like the local reference: each seat through the teacher's token."""
    for r in range(rounds):
        if room.view.phase == "over":
            break
        room.roll(teacher, None if dice is None else dice[r])
        for player in room.view.waiting_for():
            room.submit(player, bot_program(room.view.game, player), teacher)
        while room.view.phase == "decide":
            pending = room.view.game.pending
            room.answer(pending.player, bot_answer(pending), teacher)


def test_codes_are_random_canonical_and_checked():
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200
    assert all(len(c) == 8 and set(c) <= set(CODE_ALPHABET) for c in codes)
    assert normalize_code("k7qx-m2pa") == "K7QXM2PA"
    for bad in ("", "K7QXM2P", "K7QXM2P0", "K7QXM2PAB"):
        with pytest.raises(RoomError, match="not a room code"):
            normalize_code(bad)


def test_tokens_are_long_and_never_look_like_an_option():
    from asteroyds.rooms.codes import new_token

    tokens = [new_token() for _ in range(500)]
    assert len(set(tokens)) == 500 and all(len(t) >= 43 and not t.startswith("-") for t in tokens)


def test_unknown_room_is_refused(store):
    with pytest.raises(RoomError, match="no room ABCDEFGH"):
        Room.open(store, "abcd-efgh")


def test_open_store_by_url(tmp_path, monkeypatch):
    path = tmp_path / "a" / "r.sqlite3"
    with open_store(f"sqlite:///{path}") as s:
        assert isinstance(s, SQLiteStore) and s.path == path
    monkeypatch.setenv("ASTEROYDS_STORE", str(tmp_path / "env.sqlite3"))
    with open_store() as s:
        assert s.path == tmp_path / "env.sqlite3"
    monkeypatch.delenv("ASTEROYDS_STORE")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with open_store() as s:
        assert s.path == tmp_path / "xdg" / "asteroyds" / "rooms.sqlite3"
    with pytest.raises(RoomError, match="unknown store"):
        open_store("mysql://x")


def test_sqlite_store_is_in_wal_mode(store):
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_room_plays_the_same_game_as_the_python_api(store, clock):
    room, teacher = new_room(store, clock)
    play_room(room, teacher, rounds=4)
    local = play_locally("racing", SEATS, seed=4, rounds=4)
    assert room.view.game.dumps() == local.dumps()
    again = Room.open(store, room.code)  # another participant replays the log from scratch
    assert again.view.game.dumps() == local.dumps()
    assert [r.round for r in again.view.resolutions] == [1, 2, 3, 4]


def test_seats_and_tokens(store, clock):
    room, teacher = new_room(store, clock)
    blue = room.join("blue", name="Ann")
    with pytest.raises(RoomError, match="seat 'blue' is taken"):
        room.join("blue")
    with pytest.raises(RoomError, match="no seat 'pink'"):
        room.join("pink")
    red = room.join("red")
    room.roll(teacher)
    with pytest.raises(RoomError, match="wrong token"):
        room.submit("blue", "F . . . . . S", red)  # a seat plays only its own chart
    with pytest.raises(RoomError, match="teacher's token"):
        room.resolve_now(blue)
    room.submit("blue", "F . . . . . S", blue)
    assert room.program_of("blue", blue) == "F . . . . . S"
    with pytest.raises(RoomError, match="wrong token"):
        room.program_of("blue", red)
    room.leave("blue", teacher)  # the teacher frees a seat: the old page can no longer play it
    with pytest.raises(RoomError, match="wrong token"):
        room.submit("blue", "F F . . . . S", blue)
    assert room.show()["seats"][:2] == [
        {"seat": "blue", "taken": False, "name": None, "bot": False},
        {"seat": "red", "taken": True, "name": None, "bot": False},
    ]


def test_only_the_teacher_rolls(store, clock):
    room, teacher = new_room(store, clock)
    blue = room.join("blue")
    with pytest.raises(RoomError, match="teacher's token"):
        room.roll(blue)
    with pytest.raises(RuleError, match="three values 1-6"):
        room.roll(teacher, (0, 2, 3))
    room.roll(teacher, (1, 2, 3))
    with pytest.raises(RuleError, match="'plan' phase, not 'roll'"):
        room.roll(teacher)
    assert room.view.game.dice.as_tuple() == (1, 2, 3)


def test_bad_input_changes_nothing(store, clock):
    room, teacher = new_room(store, clock)
    room.roll(teacher)
    seq = room.view.seq
    with pytest.raises(ProgramError):
        room.submit("blue", "F F Q . . . S", teacher)
    with pytest.raises(RuleError, match="round 3 is over"):
        room.submit("blue", "F . . . . . S", teacher, round=3)
    with pytest.raises(DecisionError, match="no question"):
        room.answer("blue", True, teacher)
    assert Room.open(store, room.code).view.seq == seq == 2


def test_programs_stay_secret_until_the_round_resolves(store, clock):
    room, teacher = new_room(store, clock, seats=["blue", "red"])
    room.roll(teacher, (3, 5, 2))
    room.submit("blue", "F F R L U . S", teacher)
    shown = room.show()
    assert shown["submitted"] == ["blue"] and shown["waiting_for"] == ["red"]
    assert "F F R L U" not in json.dumps(shown)
    room.submit("red", "F . . . . . S", teacher)
    while room.view.phase == "decide":
        room.answer(room.view.game.pending.player, False, teacher)
    assert "F F R L U . S" in json.dumps(room.show()["game"])


def test_the_stopwatch_resolves_once_with_empty_shielded_charts(store, clock):
    room, teacher = new_room(store, clock, planning_seconds=60)
    room.roll(teacher, (2, 4, 6))
    assert room.view.deadline == clock.now + 60
    room.submit("red", "F F . . . . S", teacher)
    clock.now += 59
    assert room.show()["phase"] == "plan"
    clock.now += 1
    other = Room.open(store, room.code, clock=clock)
    other.settle()
    assert room.settle() == 0  # the other participant resolved first: nothing left to do
    assert [(r.round, r.reason) for r in room.view.resolutions] == [(1, "time_up")]
    local = room_game("racing", SEATS, seed=4)
    local.roll((2, 4, 6))
    local.submit("red", "F F . . . . S")  # blue and green fly empty with the shield up
    local.play_phases()
    assert room.view.game.inputs[:3] == local.inputs[:3]


def test_an_unanswered_question_means_no(store, clock):
    room, teacher = new_room(store, clock, seats=["blue", "red"], seed=1, decision_seconds=20)
    room.roll(teacher, (3, 5, 2))
    room.submit("blue", "F F F . . . S", teacher)
    room.submit("red", "F . . . . . S", teacher)
    assert room.view.phase == "decide"
    shown = room.show()
    assert shown["pending"]["player"] == "blue" and shown["pending"]["deadline"] == clock.now + 20
    clock.now += 20
    assert room.show()["phase"] == "roll"
    kinds = [e.kind for e in store.read(room.code)]
    assert kinds[-1] == "answer" and store.read(room.code)[-1].data == {
        "seat": "blue",
        "yes": False,
        "reason": "time_up",
    }


def test_the_teacher_can_stop_the_stopwatch(store, clock):
    room, teacher = new_room(store, clock, planning_seconds=None)
    room.roll(teacher)
    assert room.view.deadline is None
    clock.now += 10_000
    assert room.show()["phase"] == "plan"  # no stopwatch: the room waits
    room.resolve_now(teacher)
    assert room.view.resolutions[0].reason == "teacher"
    with pytest.raises(RuleError, match="too late to submit"):
        room.submit("blue", "F . . . . . S", teacher)


def test_a_capture_room(store, clock):
    room, teacher = Room.create(store, room_game("capture", ["red", "white"], seed=2, crafts=2), clock=clock)
    assert list(room.view.seats) == ["red1", "white1", "red2", "white2"]
    play_room(room, teacher, rounds=2)
    local = play_locally("capture", ["red1", "white1", "red2", "white2"], seed=2, rounds=2)
    assert room.view.game.dumps() == local.dumps()


def test_a_corrupt_log_is_reported_not_half_applied(store, clock):
    room, teacher = new_room(store, clock)
    from asteroyds.rooms.log import Entry

    assert store.append(room.code, Entry(2, "answer", clock.now, {"seat": "blue", "yes": True}))
    with pytest.raises(Exception, match="does not replay"):
        Room.open(store, room.code)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    orders=st.lists(st.permutations(SEATS), min_size=3, max_size=3),
    resubmit=st.lists(st.sampled_from(SEATS), max_size=3),
)
def test_any_submission_order_gives_the_local_game(tmp_path_factory, orders, resubmit):
    """Property: whatever the order (and resubmissions), the room replays into the hot-seat game."""
    with SQLiteStore(tmp_path_factory.mktemp("p") / "r.sqlite3") as store:
        room, teacher = Room.create(store, room_game("racing", SEATS, seed=7), planning_seconds=None)
        for order in orders:
            if room.view.phase == "over":
                break
            room.roll(teacher)
            for player in resubmit:  # a first draft, replaced below
                if player in room.view.waiting_for() and player != order[-1]:
                    room.submit(player, ". . . . . . S", teacher)
            for player in order:
                if player in room.view.waiting_for() or player in room.view.submitted():
                    room.submit(player, bot_program(room.view.game, player), teacher)
            while room.view.phase == "decide":
                pending = room.view.game.pending
                room.answer(pending.player, bot_answer(pending), teacher)
        rounds = room.view.game.round - (room.view.phase == "roll")
        local = play_locally("racing", SEATS, seed=7, rounds=rounds)
        assert RoomView.replay(room.code, store.read(room.code)).game.dumps() == local.dumps()
        assert Game.from_dict(room.show()["game"]).state == local.state
