"""Issue 24's class room fixes in Chromium: the name typed just before a seat's tap on a phone, and the
projector page opened as 127.0.0.1 (the join link and QR code by the network address)."""

from __future__ import annotations

import time

import pytest

from asteroyds.rooms import Room, SQLiteStore, room_game
from asteroyds.ui.rooms.address import network_address

from .conftest import RENDER_TIMEOUT, open_notebook
from .test_rooms import DATA, TIMEOUT, data, wait_data

pytestmark = pytest.mark.ui


def phone(browser):
    """A portrait phone: 390x844, touch."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def seat_name(store_path, code: str, seat: str, wanted: str, timeout: float = TIMEOUT / 1000) -> str | None:
    """The seat's name in the room's log, once it is ``wanted`` (or what it is when time runs out)."""
    deadline = time.monotonic() + timeout
    while True:
        with SQLiteStore(store_path) as store:
            name = Room.open(store, code).view.seats[seat].name
        if name == wanted or time.monotonic() > deadline:
            return name
        time.sleep(0.2)


def open_join_page(voila_url: str, browser, rooms_store, seed: int):
    """A new room in the test server's store, and a phone on its join page (the seat picker showing)."""
    with SQLiteStore(rooms_store) as store:
        game = room_game("racing", ["blue", "red"], seed=seed)
        room, _token = Room.create(store, game, planning_seconds=None)
    context, page = phone(browser)
    page.goto(f"{voila_url}/voila/render/join.ipynb?room={room.code}", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    page.locator(".asteroyds-room-seat-blue").wait_for(timeout=TIMEOUT)
    return room.code, context, page


# Type a name and tap a seat in one go, as a quick thumb does: every letter is an input event (the
# name box sends the first at once and holds the rest until the kernel has answered it), and the
# seat's click, sent at once, overtakes them. Before the fix the seat got "A" (or no name).
TYPE_AND_TAP = """([name]) => {
    const box = document.querySelector('.asteroyds-room-name input');
    box.focus();
    for (let i = 1; i <= name.length; i++) {
        box.value = name.slice(0, i);
        box.dispatchEvent(new Event('input', {bubbles: true}));
    }
    document.querySelector('.asteroyds-room-seat-blue').click();
}"""


def test_a_name_typed_then_a_seat_tapped_at_once_names_the_seat(voila_url, browser, rooms_store):
    code, context, page = open_join_page(voila_url, browser, rooms_store, seed=1)
    try:
        page.evaluate(TYPE_AND_TAP, ["Ann Lee"])
        wait_data(page, "seat", "blue")
        assert seat_name(rooms_store, code, "blue", "Ann Lee") == "Ann Lee"
        assert data(page, "error") == "" and page.errors == []
    finally:
        context.close()


def test_a_name_typed_on_the_keyboard_then_a_seat_tapped_names_the_seat(voila_url, browser, rooms_store):
    code, context, page = open_join_page(voila_url, browser, rooms_store, seed=2)
    try:
        page.locator(".asteroyds-room-name input").press_sequentially("Bob Ray")  # key after key
        page.locator(".asteroyds-room-seat-blue").tap()  # at once: no wait for the name to arrive
        wait_data(page, "seat", "blue")
        assert seat_name(rooms_store, code, "blue", "Bob Ray") == "Bob Ray"
        assert data(page, "error") == "" and page.errors == []
    finally:
        context.close()


def test_a_projector_opened_as_127_0_0_1_gives_the_network_address(voila_url, contexts):
    assert "127.0.0.1" in voila_url  # the test server answers on the loopback address
    teacher = contexts()
    open_notebook(teacher, voila_url, "class_room", wait_for=".asteroyds-room-create")
    teacher.locator(".asteroyds-room-seats-input input").fill("blue,red")
    teacher.locator(".asteroyds-room-create").click()
    teacher.wait_for_function(
        f"(document.querySelector({DATA!r})?.getAttribute('data-room') || '').length == 8", timeout=TIMEOUT
    )
    code = data(teacher, "room")
    warning = teacher.locator(".asteroyds-room-localhost").inner_text()
    assert warning.startswith("You opened this page as 127.0.0.1: phones cannot reach that.")
    lan = network_address()
    port = voila_url.rsplit(":", 1)[1].strip("/")
    if lan is None:
        assert "network address (its IP address)" in warning
    else:
        link = f"http://{lan}:{port}/voila/render/join.ipynb?room={code}"
        assert f"Students join at {link}" in warning
        assert f"or open {link}" in teacher.locator(".asteroyds-room-teacher").inner_text()
    assert teacher.locator(".asteroyds-room-qr svg").count() == 1
    assert teacher.errors == []
