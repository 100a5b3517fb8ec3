"""The class room pages' logic without a browser: joining, tokens, polling, the teacher's controls,
spectators."""

from __future__ import annotations

import html

import pytest

from asteroyds.errors import RuleError
from asteroyds.rooms import RoomError, SQLiteStore
from asteroyds.rooms.codes import hash_token
from asteroyds.ui.rooms import browser
from asteroyds.ui.rooms.common import room_from_query
from asteroyds.ui.rooms.pages import RoomChoices, StudentPage, TeacherPage, join_link
from asteroyds.ui.rooms.session import round_replay
from asteroyds.ui.rooms.views import StudentRoom, TeacherRoom


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


class CountingStore(SQLiteStore):
    """A SQLite store that counts the queries a page makes."""

    def __init__(self, path) -> None:
        super().__init__(path)
        self.calls: list[str] = []

    def read(self, code, after=0):
        self.calls.append("read")
        return super().read(code, after)

    def last_seq(self, code):
        self.calls.append("last_seq")
        return super().last_seq(code)


@pytest.fixture
def store(tmp_path):
    with SQLiteStore(tmp_path / "rooms.sqlite3") as s:
        yield s


@pytest.fixture
def clock():
    return Clock()


def classroom(store, clock, seats=("blue", "red"), **options):
    teacher = TeacherPage(store, clock)
    options.setdefault("planning_seconds", 0)
    code = teacher.create(RoomChoices(mode="racing", seats=seats, seed=1, **options))
    return teacher, code


def test_join_takes_a_free_seat_and_the_picker_shrinks(store, clock):
    teacher, code = classroom(store, clock)
    ann, bob = StudentPage(store, clock), StudentPage(store, clock)
    ann.open(code.lower())  # typed in any case
    bob.open(f"{code[:4]}-{code[4:]}")  # or as the projector shows it
    assert ann.spectator and ann.free_seats() == ("blue", "red")
    token = ann.join("blue", "Ann")
    assert ann.seat == "blue" and not ann.spectator and token
    bob.poll()
    assert bob.free_seats() == ("red",)
    with pytest.raises(RoomError, match="taken"):
        bob.join("blue")
    assert bob.spectator  # a refused join leaves the page a spectator
    with pytest.raises(RoomError, match="already plays"):
        ann.join("red")
    names = {s["seat"]: s["name"] for s in teacher.session.public["seats"]} if teacher.poll() else {}
    assert names == {"blue": "Ann", "red": None}


def test_an_unknown_or_malformed_code_is_one_clear_error(store, clock):
    classroom(store, clock)
    page = StudentPage(store, clock)
    with pytest.raises(RoomError, match="no room ABCDEFGH"):
        page.open("ABCDEFGH")
    with pytest.raises(RoomError, match="not a room code"):
        page.open("hello")


def test_a_reload_gets_the_seat_back_with_the_browsers_token_only(store, clock):
    teacher, code = classroom(store, clock)
    first = StudentPage(store, clock)
    first.open(code)
    token = first.join("red")
    reloaded = StudentPage(store, clock)
    reloaded.open(code)
    assert reloaded.restore(token) == "red" and reloaded.seat == "red"
    other = StudentPage(store, clock)
    other.open(code)
    with pytest.raises(RoomError, match="given up or freed"):
        other.restore("a-guessed-token")
    assert other.spectator
    teacher.free_seat("red")  # the student changed device: the old token is dead
    again = StudentPage(store, clock)
    again.open(code)
    with pytest.raises(RoomError, match="given up or freed"):
        again.restore(token)


def test_submit_is_secret_and_polling_picks_up_other_devices(store, clock):
    teacher, code = classroom(store, clock)
    ann, bob = StudentPage(store, clock), StudentPage(store, clock)
    for page, seat in ((ann, "blue"), (bob, "red")):
        page.open(code)
        page.join(seat)
    assert not ann.can_plan  # no dice yet
    teacher.roll(dice=(3, 5, 2))
    assert ann.poll() and bob.poll() and ann.can_plan
    assert not ann.poll()  # nothing new
    ann.chart.place(0, 1, "F")
    ann.submit()
    assert ann.submitted and ann.session.public["submitted"] == ["blue"]
    assert bob.poll() and bob.session.public["submitted"] == ["blue"]
    assert "F . . . . . S" not in repr(bob.session.public)  # who submitted, never what
    assert teacher.poll() and teacher.session.public["waiting_for"] == ["red"]
    bob.submit("F F . . . . S")
    for page in (ann, teacher):
        page.poll()
        assert page.session.public["round"] == 2 and page.session.last_resolved == 1
    with pytest.raises(RuleError, match="round 1 is over|too late"):
        room = ann.session.room
        room.submit("blue", "F . . . . . S", ann.session.seat_token, round=1)


def test_a_new_round_gives_a_fresh_chart_on_the_craft_as_it_is(store, clock):
    teacher, code = classroom(store, clock, seats=("blue",))
    ann = StudentPage(store, clock)
    ann.open(code)
    ann.join("blue")
    teacher.roll(dice=(3, 5, 2))
    ann.poll()
    first = ann.chart
    ann.submit("F . . . . . S")
    teacher.roll(dice=(1, 1, 1))
    ann.poll()
    assert ann.chart is not first and str(ann.chart.program) == ". . . . . . S"
    assert ann.chart.craft == ann.session.room.view.game.state.craft("blue")


def test_the_teachers_controls_need_the_teachers_token(store, clock):
    teacher, code = classroom(store, clock)
    projector = TeacherPage(store, clock)  # another browser opened the teacher's page
    projector.session.open(code)
    for action in (projector.roll, projector.resolve_now, projector.add_bots):
        with pytest.raises(RoomError, match="teacher's key"):
            action()
    with pytest.raises(RoomError, match="teacher's key"):
        projector.free_seat("blue")
    student = StudentPage(store, clock)
    student.open(code)
    token = student.join("blue")
    with pytest.raises(RoomError, match="not the teacher's key"):
        projector.reopen(code, token)  # a seat's token is not the teacher's
    projector.reopen(code, teacher.session.teacher_token)
    projector.roll()
    assert projector.session.public["phase"] == "plan"


def test_the_teacher_gives_empty_seats_to_the_bot_and_resolves_now(store, clock):
    teacher, code = classroom(store, clock, seats=("blue", "red", "green"))
    ann = StudentPage(store, clock)
    ann.open(code)
    ann.join("blue")
    assert teacher.add_bots() == ("red", "green")
    teacher.roll(dice=(3, 5, 2))
    assert teacher.session.public["submitted"] == ["red", "green"]  # the bots planned at once
    teacher.resolve_now()  # blue never submitted: flies empty, shield up
    assert teacher.session.public["round"] == 2
    assert teacher.session.room.view.resolutions[-1].reason == "teacher"


def test_a_spectator_sees_the_public_room_and_cannot_play(store, clock):
    teacher, code = classroom(store, clock)
    player = StudentPage(store, clock)
    player.open(code)
    seat_token = player.join("red")
    watcher = StudentPage(store, clock)
    watcher.open(code)
    teacher.roll(dice=(3, 5, 2))
    watcher.poll()
    assert watcher.spectator and not watcher.can_plan
    assert watcher.session.public["phase"] == "plan"
    for action in (watcher.submit, lambda: watcher.answer(True)):
        with pytest.raises(RoomError, match="spectator"):
            action()
    with pytest.raises(RoomError, match="spectator"):
        _ = watcher.chart
    shown = repr(watcher.session.public)
    for secret in (seat_token, teacher.session.teacher_token):
        assert secret not in shown and hash_token(secret) not in shown


def test_a_question_goes_to_its_seat_with_a_deadline_and_silence_means_no(store, clock):
    teacher, code = classroom(store, clock, decision_seconds=20)
    ann, bob = StudentPage(store, clock), StudentPage(store, clock)
    for page, seat in ((ann, "blue"), (bob, "red")):
        page.open(code)
        page.join(seat)
    teacher.roll(dice=(3, 5, 2))
    ann.poll()
    bob.poll()
    ann.submit("F F F . . . S")
    bob.submit("F . . . . . S")  # the doctest of asteroyds.rooms.room: blue is asked mid-flight
    ann.poll()
    question = ann.my_question
    assert question is not None and question["player"] == "blue"
    assert bob.my_question is None  # only the seat asked sees it
    assert ann.session.seconds_left() == 20
    clock.now += 21
    assert bob.poll()  # any page that notices the deadline appends the "no"
    answers = [e.data for e in store.read(code) if e.kind == "answer"]
    assert answers == [{"seat": "blue", "yes": False, "reason": "time_up"}]
    ann.poll()
    assert ann.my_question is None and ann.session.public["round"] == 2


def test_a_stopwatch_that_runs_out_resolves_the_round_on_the_next_poll(store, clock):
    teacher, code = classroom(store, clock, planning_seconds=30)
    ann = StudentPage(store, clock)
    ann.open(code)
    ann.join("blue")
    teacher.roll(dice=(3, 5, 2))
    ann.poll()
    clock.now += 10
    assert ann.session.seconds_left() == 20 and not ann.poll()
    clock.now += 25
    assert ann.poll() and ann.session.room.view.resolutions[-1].reason == "time_up"


def test_polling_costs_one_query_when_nothing_happened(tmp_path, clock):
    with CountingStore(tmp_path / "rooms.sqlite3") as store:
        teacher, code = classroom(store, clock)
        page = StudentPage(store, clock)
        page.open(code)
        store.calls.clear()
        for _ in range(5):
            assert not page.poll()
        assert store.calls == ["last_seq"] * 5


def test_the_replay_of_a_round_shows_what_the_room_did(store, clock):
    teacher, code = classroom(store, clock)
    ann, bob = StudentPage(store, clock), StudentPage(store, clock)
    for page, seat in ((ann, "blue"), (bob, "red")):
        page.open(code)
        page.join(seat)
    teacher.roll(dice=(3, 5, 2))
    ann.poll()
    bob.poll()
    ann.submit("F F F . . . S")
    bob.submit("F . . . . . S")
    ann.poll()
    ann.answer(True)  # blue's question, answered yes
    teacher.poll()
    game = teacher.session.room.view.game
    replay = teacher.session.replay()
    assert replay is teacher.session.replay()  # the same player until another round resolves
    replay.asteroids()
    replay.fly()
    replay.end_round()
    assert replay.game.state == game.state  # the round replayed to the room's own board
    assert replay.game.log == game.log
    with pytest.raises(RuleError, match="has not been played"):
        round_replay(game, 5)


def test_join_link_and_query_carry_the_code_never_a_token():
    assert join_link("K7QXM2PA", "http://s:8866/voila/render/class_room.ipynb") == (
        "http://s:8866/voila/render/join.ipynb?room=K7QXM2PA"
    )
    assert room_from_query("room=K7QXM2PA&voila-theme=dark") == "K7QXM2PA"
    assert room_from_query("") is None and room_from_query("room=") is None


def test_browser_scripts_keep_the_token_under_the_rooms_key_and_escape_it():
    snippet = browser.remember_html("seat", "K7QXM2PA", "to\"k'en<")
    js = html.unescape(snippet.split('onerror="', 1)[1].rsplit('"', 1)[0])
    assert 'localStorage.setItem("asteroyds:room:K7QXM2PA:seat","to\\"k\'en<")' in js
    assert "<" not in snippet.split("onerror=", 1)[1][:-1]  # the attribute cannot end early
    assert "?room=K7QXM2PA" in js and "seat=" not in js
    assert browser.remember_html("seat", "K7QXM2PA", "t") != browser.remember_html("seat", "K7QXM2PA", "t")
    with pytest.raises(ValueError):
        browser.storage_key("admin", "K7QXM2PA")


# --- the views, driven without a browser ------------------------------------------------------------


def test_the_pages_without_a_room_show_their_forms_and_open_no_store(tmp_path):
    target = tmp_path / "never.sqlite3"
    teacher, student = TeacherRoom(str(target), query=""), StudentRoom(str(target), query="")
    assert teacher.session is None and student.session is None and not target.exists()
    assert teacher.error == "" and student.error == ""


def test_the_views_play_a_round_and_a_reload_restores_the_seat(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector = TeacherRoom(url, query="")
    projector._seats.value, projector._planning.value = "blue,red", 0
    projector.create()
    code = projector.page.code
    assert projector.error == "" and "localStorage.setItem" in projector._script.value
    assert projector.page.session.teacher_token not in projector._data.value
    ann = StudentRoom(url, query=f"room={code}")
    ann._key.value = browser.NOTHING  # the browser keeps nothing for this room: the picker shows
    assert ann._picker.layout.display == ""
    ann.take_seat("blue")
    token = ann.page.session.seat_token
    assert ann.error == "" and token in ann._script.value
    bob = StudentRoom(url, query=f"room={code}")
    bob._key.value = browser.NOTHING
    bob.take_seat("red")
    projector._roll.click()
    ann._tick(0.5)
    bob._tick(0.5)
    assert ann.chart is not None and ann.chart.place(0, 1, "F")
    ann.submit()
    bob.submit()
    projector._tick(0.5)
    ann._tick(0.5)
    assert 'data-resolved="1"' in projector._data.value and 'data-resolved="1"' in ann._data.value
    assert len(projector._replay_box.children) == 3  # round player, inspector and log
    reloaded = StudentRoom(url, query=f"room={code}")
    reloaded._key.value = token  # what the recall script types from localStorage
    assert reloaded.page.seat == "blue" and 'data-seat="blue"' in reloaded._data.value
    stale = StudentRoom(url, query=f"room={code}")
    stale._key.value = "stale-token"
    assert "freed" in stale.error and "removeItem" in stale._script.value and stale.page.spectator


def test_the_student_view_shows_its_question_and_answers_it(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector = TeacherRoom(url, query="")
    projector._seats.value, projector._planning.value, projector._seed.value = "blue,red", 0, 1
    projector.create()
    code = projector.page.code
    ann, bob = StudentRoom(url, query=f"room={code}"), StudentRoom(url, query=f"room={code}")
    for view, seat in ((ann, "blue"), (bob, "red")):
        view._key.value = browser.NOTHING
        view.take_seat(seat)
    projector.page.roll(dice=(3, 5, 2))
    for view, program in ((ann, "F F F . . . S"), (bob, "F . . . . . S")):
        view._tick(0.5)
        view.page.submit(program)
    ann._tick(0.5)
    bob._tick(0.5)
    assert ann._question_box.layout.display == "" and "left; no answer means no" in ann._question.value
    assert bob._question_box.layout.display == "none"  # only the seat asked
    ann.answer(True)
    assert ann.error == "" and ann._question_box.layout.display == "none"
    with SQLiteStore(url) as store:
        assert [e.data["reason"] for e in store.read(code) if e.kind == "answer"] == ["player"]


def test_capture_seats_are_crafts_with_their_team_and_plan_on_a_capture_chart(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector = TeacherRoom(url, query="")
    projector._mode.value, projector._seats.value, projector._planning.value = "capture", "red,white", 0
    projector.create()
    student = StudentRoom(url, query=f"room={projector.page.code}")
    student._key.value = browser.NOTHING
    assert [b.description for b in student._seat_buttons.children] == [
        "red1 · red team",
        "white1 · white team",
    ]
    student.take_seat("white1")
    projector._add_bots.click()
    projector._roll.click()
    student._tick(0.5)
    assert type(student.chart).__name__ == "CaptureChart"
    student.submit()
    projector._tick(0.5)
    assert projector.session.public["round"] == 2 and projector.error == student.error == ""


def test_a_game_of_bots_ends_with_the_scoreboard_and_the_progress_plot(tmp_path):
    projector = TeacherRoom(str(tmp_path / "rooms.sqlite3"), query="")
    projector._seats.value, projector._bots.value, projector._planning.value = "blue,red", "blue,red", 0
    projector.create()
    for _ in range(60):
        if projector.session.public["phase"] == "over":
            break
        projector._roll.click()
    assert projector.error == "" and projector.session.public["outcome"] is not None
    assert "GAME OVER" in projector._banner.value
    assert [type(w).__name__ for w in projector._end_box.children] == ["Scoreboard", "ProgressPlot"]


def test_the_teacher_chooses_variants_and_the_room_plays_them(store, clock):
    teacher = TeacherPage(store, clock)
    choices = RoomChoices(
        mode="racing", seats=("blue", "red"), seed=3, variants=("pilots", "one_shot_per_turn")
    )
    code = teacher.create(choices)
    game = StudentPage(store, clock)
    game.open(code)
    view_game = game.session.room.view.game
    assert all(c.pilot for c in view_game.state.crafts) and view_game.rules.one_shot_per_turn
    with pytest.raises(RoomError, match="unknown variant"):
        RoomChoices(variants=("cheat",)).build()
    with pytest.raises(RoomError, match="capture plays its own rules"):
        RoomChoices(mode="capture", seats=("red", "white"), variants=("pilots",)).build()
    plain = RoomChoices(mode="racing", seats=("blue", "red"), seed=3).build()
    assert not any(c.pilot for c in plain.state.crafts)
