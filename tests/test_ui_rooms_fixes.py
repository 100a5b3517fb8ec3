"""Issue 24's fixes on the class room pages, driven through the widgets without a browser: the name
typed before a seat's tap, the localhost warning, errors as sentences, the headline after a submit."""

from __future__ import annotations

import html
import ipaddress
import re

import ipywidgets as widgets
import pytest

from asteroyds.events import Event
from asteroyds.i18n import use_language
from asteroyds.rooms import Room, RoomError, SQLiteStore, room_game
from asteroyds.ui import theme
from asteroyds.ui.rooms import address, browser
from asteroyds.ui.rooms.views import StudentRoom, TeacherRoom
from asteroyds.ui.share import sentences


def projector_with_room(url: str, seats: str = "blue,red") -> tuple[TeacherRoom, str]:
    projector = TeacherRoom(url, query="")
    projector._seats.value, projector._planning.value = seats, 0
    projector.create()
    assert projector.error == ""
    return projector, projector.page.code


def student(url: str, code: str) -> StudentRoom:
    page = StudentRoom(url, query=f"room={code}")
    page._key.value = browser.NOTHING  # the browser keeps nothing for this room: the picker shows
    return page


def seat_button(page: StudentRoom, seat: str):
    (button,) = [b for b in page._seat_buttons.children if b._seat == seat]
    return button


# --- the name and the seat are one action -------------------------------------------------------------


def test_a_name_that_reaches_the_kernel_after_the_seat_tap_still_names_the_seat(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector, code = projector_with_room(url)
    ann = student(url, code)
    ann._name.value = "An"  # the first letters reached the kernel...
    seat_button(ann, "blue").click()  # ...then the tap overtook the last ones (a phone's order)
    assert ann.error == "" and ann.page.seat == "blue"
    ann._name.value = "Ann Lee"  # the held-back value arrives after the tap
    assert ann.error == ""
    projector._tick(0.5)
    assert "Ann Lee" in projector._seat_table.value and "taken" not in projector._seat_table.value
    with SQLiteStore(url) as store:
        view = Room.open(store, code).view
        assert view.seats["blue"].name == "Ann Lee"
        seq = view.seq
    ann._name.value = "  Ann Lee "  # the same name again (spaces trimmed): nothing new in the log
    with SQLiteStore(url) as store:
        assert Room.open(store, code).view.seq == seq


def test_a_name_typed_with_nothing_sent_before_the_tap_is_not_lost(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector, code = projector_with_room(url)
    bob = student(url, code)
    seat_button(bob, "red").click()  # the tap came first: the whole name was still on the phone
    projector._tick(0.5)
    assert "taken" in projector._seat_table.value
    bob._name.value = "Bob"
    projector._tick(0.5)
    assert "Bob" in projector._seat_table.value and "taken" not in projector._seat_table.value


def test_only_the_seats_occupant_names_it(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector, code = projector_with_room(url)
    teacher = projector.page.session.teacher_token
    with SQLiteStore(url) as store:
        room = Room.open(store, code)
        token = room.join("blue", name=None)
        with pytest.raises(RoomError, match="another page"):
            room.rename("blue", "Mallory", "not-the-token")
        with pytest.raises(RoomError, match="free"):
            room.rename("red", "Mallory", teacher)
        room.rename("blue", "Ann", token)
        assert Room.open(store, code).view.seats["blue"].name == "Ann"


# --- a page opened as localhost ---------------------------------------------------------------------


def test_the_machines_network_address_is_not_a_loopback():
    found = address.network_address()  # the routing table's answer (no packet is sent)
    assert found is None or (not ipaddress.ip_address(found).is_loopback and found != "0.0.0.0")


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_a_projector_opened_as_localhost_says_so_and_gives_the_network_address(tmp_path, monkeypatch, host):
    monkeypatch.setenv("VOILA_REQUEST_URL", f"http://{host}:8814/voila/render/class_room.ipynb")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setattr(address, "network_address", lambda: "192.168.1.23")
    monkeypatch.setenv(address.LISTEN_VARIABLE, "0.0.0.0")
    projector, code = projector_with_room(str(tmp_path / "rooms.sqlite3"))
    link = f"http://192.168.1.23:8814/voila/render/join.ipynb?room={code}"
    shown = html.unescape(projector._link.value)
    assert f"You opened this page as {host}: phones cannot reach that. Students join at {link}" in shown
    assert f"or open {link}" in shown and f"{host}:8814" not in shown.split("Students join at")[1]
    assert projector._qr.value == browser.qr_svg(link)  # the QR code is built for the network address
    assert "--ip 0.0.0.0" not in shown  # this server listens on the network already
    monkeypatch.setenv(address.LISTEN_VARIABLE, "127.0.0.1")
    projector._refresh()
    assert "start it with 'asteroyds app --ip 0.0.0.0'" in html.unescape(projector._link.value)


def test_a_projector_opened_by_its_network_name_shows_its_own_link_and_no_warning(tmp_path, monkeypatch):
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://school:8866/voila/render/class_room.ipynb")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    projector, code = projector_with_room(str(tmp_path / "rooms.sqlite3"))
    link = f"http://school:8866/voila/render/join.ipynb?room={code}"
    assert html.unescape(projector._link.value) == f"or open {link}"
    assert projector._qr.value == browser.qr_svg(link)


def test_without_a_network_the_warning_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://127.0.0.1:8866/voila/render/class_room.ipynb")
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.setattr(address, "network_address", lambda: None)
    projector, _code = projector_with_room(str(tmp_path / "rooms.sqlite3"))
    assert "network address (its IP address)" in html.unescape(projector._link.value)


# --- errors are sentences ------------------------------------------------------------------------------


def test_a_room_error_reaches_a_student_as_its_sentence(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    _projector, code = projector_with_room(url)
    ann, bob = student(url, code), student(url, code)
    seat_button(ann, "blue").click()
    seat_button(bob, "blue").click()  # Bob's page has not seen Ann take it yet
    sentence = f"Seat 'blue' is taken in room {code}."
    assert bob.error == sentence and bob.page.seat is None
    shown = html.unescape(bob._error.value)
    assert f"⚠ {sentence}" in shown and "RoomError" not in shown and "Error:" not in shown
    assert f'data-error="{html.escape(sentence)}"' in bob._data.value


def test_an_unexpected_error_is_a_sentence_too():
    assert sentences.error_sentence(KeyError("blue")) == (
        "Something went wrong on this page ('blue'); try again, or reload it."
    )
    assert "KeyError" not in theme.error_html(KeyError("blue"))
    assert sentences.as_sentence("ProgramError: red1: column 7 is the red column") == (
        "Red1: column 7 is the red column."
    )


# --- the headline follows the stage -----------------------------------------------------------------


def test_the_students_headline_follows_the_stage(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector, code = projector_with_room(url)
    ann, bob = student(url, code), student(url, code)
    seat_button(ann, "blue").click()
    bob._tick(0.5)
    seat_button(bob, "red").click()
    projector._roll.click()
    ann._tick(0.5)
    assert "Round 1: plan your program, then submit it." in html.unescape(ann._status.value)
    ann.submit()
    headline = html.unescape(ann._status.value)
    assert "Round 1: submitted — you can still change it until the round resolves." in headline
    assert "plan your program" not in headline
    bob._tick(0.5)
    bob.submit()
    ann._tick(0.5)
    headline = html.unescape(ann._status.value)
    assert "Round 1 is resolved: step through it below" in headline and "submitted" not in headline


# --- capture says turn for the six rounds, round for one column -----------------------------------------


def test_capture_events_say_turn_for_the_six_rounds_and_racing_keeps_round():
    game = room_game("capture", ["red", "white"], seed=1)
    game.roll((3, 5, 2))
    for player in game.waiting_for():
        game.submit(player, ". . . . . . S1")
    game.play_phases()
    texts = [event.text() for (_round, _phase, event) in game.log]
    assert texts[0] == "Turn 1: the dice show red 3, white 5, blue 2"
    assert any(t.startswith("End of turn 1: charts reset") for t in texts)
    assert not any("End of round" in t or t.startswith("Round 1:") for t in texts)
    assert any(t.startswith("Round 1 of 6") for t in texts)  # a round is one column of the turn
    ended = next(e for (_r, _p, e) in game.log if e.type == "round_ended")
    assert Event.from_dict(ended.to_dict()) == ended and ended.to_dict()["word"] == "turn"
    racing = room_game("racing", ["blue"], seed=1)
    racing.roll((3, 5, 2))
    racing.submit("blue", "F . . . . . S")
    racing.play_phases()
    dice, *_rest, end = [e for (_r, _p, e) in racing.log if e.type in ("dice_rolled", "round_ended")]
    assert dice.text().startswith("Round 1: the dice show") and end.text().startswith("End of round 1:")
    assert "word" not in end.to_dict()  # a racing log keeps its shape
    old = {k: v for k, v in ended.to_dict().items() if k != "word"}  # a log written before the field
    assert Event.from_dict(old).word == "round"


def test_a_capture_room_says_turn_on_the_projector_and_the_phones(tmp_path):
    url = str(tmp_path / "rooms.sqlite3")
    projector = TeacherRoom(url, query="")
    projector._mode.value, projector._seats.value, projector._planning.value = "capture", "red,white", 0
    projector.create()
    code = projector.page.code
    assert projector._roll.description == "Start turn 1"
    assert "Turn 1: press Start turn 1 when the class is ready." in html.unescape(projector._status.value)
    ann, bob = student(url, code), student(url, code)
    seat_button(ann, "red1").click()
    bob._tick(0.5)
    seat_button(bob, "white1").click()
    projector._roll.click()
    ann._tick(0.5)
    headline = html.unescape(ann._status.value)
    assert "Turn 1: plan your program, then submit it." in headline and "Round" not in headline
    ann.submit()
    headline = html.unescape(ann._status.value)
    assert "Turn 1: submitted — you can still change it until the turn resolves." in headline
    bob._tick(0.5)
    bob.submit()
    ann._tick(0.5)
    assert "Turn 1 is resolved: step through it below" in html.unescape(ann._status.value)
    assert "The resolution of turn 1:" in html.unescape(ann._replay_box.children[0].value)


# --- every word on a French phone is French -------------------------------------------------------------

ENGLISH = ("blue", "red", "white", "Racing", "Capture", "Play", "plan", "planning", "Shoot", "Forward",
           "taken", "stopwatch", "submit", "Round", "round", "Turn", "turn", "You", "waiting")  # fmt: skip


def shown_texts(widget, found: list[str]) -> list[str]:
    """Every word a page shows: values (tags taken off), labels, tooltips, placeholders, options."""
    typed = isinstance(widget, widgets.Text)  # a text box's value is what its reader typed (seat ids)
    for name in ("description", "tooltip", "placeholder") if typed else ("value", "description", "tooltip"):
        text = getattr(widget, name, None)
        hidden_data = ("asteroyds-room-values", "asteroyds-board-data", "<svg")  # for tests, never shown
        if isinstance(text, str) and not any(marker in text for marker in hidden_data):
            text = re.sub(r"<style.*?</style>|<script.*?</script>|<img[^>]*>", " ", text, flags=re.S)
            found.append(html.unescape(re.sub(r"<[^>]+>", " ", text)))
    if isinstance(widget, widgets.Dropdown):
        found += [str(label) for label, _value in widget.options]
    for child in getattr(widget, "children", ()):
        shown_texts(child, found)
    return found


@pytest.mark.parametrize("mode", ["racing", "capture"])
def test_a_french_phone_and_projector_show_no_english_word(tmp_path, mode):
    url = str(tmp_path / "rooms.sqlite3")
    words = [w for w in ENGLISH if mode != "capture" or w.lower() != "round"]  # French capture says "round"
    english = re.compile(r"\b(" + "|".join(words) + r")\b")
    with use_language("fr"):
        projector = TeacherRoom(url, query="")
        projector._mode.value, projector._planning.value = mode, 0
        projector._seats.value = "red,white" if mode == "capture" else "blue,red"
        projector.create()
        ann = student(url, projector.page.code)
        seen = shown_texts(ann, [])  # the seat picker
        seat_button(ann, ann._seat_buttons.children[0]._seat).click()
        projector._add_bots.click()
        projector._roll.click()
        ann._tick(0.5)
        seen += shown_texts(ann, [])  # planning
        ann.submit()
        seen += shown_texts(ann, [])  # submitted
        ann._tick(0.5)
        projector._tick(0.5)
        seen += shown_texts(ann, []) + shown_texts(projector, [])  # the resolution, on both
        assert ann.error == "" and projector.error == ""
    assert ann.page.session.last_resolved == 1  # the pages above showed the resolution
    found = sorted({m.group(0) for text in seen for m in english.finditer(text)})
    assert found == [], [t for t in seen if english.search(t)][:5]
