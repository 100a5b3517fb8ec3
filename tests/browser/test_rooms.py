"""A class room across three browsers: the teacher's projector and two students (Voila + Chromium).

Each page is its own browser context (its own storage, like separate
devices). The teacher creates a room; one student types the code, the
other opens the join link; both take a seat, plan by dragging tokens on
their own status chart and submit; the round resolves on all three pages;
a student reloads and is back in the same seat (the token kept in the
browser's storage, never in the address). The pages keep their rooms in
the test server's temporary store (``rooms_store``).
"""

from __future__ import annotations

import pytest

from asteroyds.rooms import Room, SQLiteStore
from asteroyds.ui.chart.status.view import cell_centre

from .conftest import RENDER_TIMEOUT, open_notebook, screenshot
from .test_status_chart import FIRST_TOKEN, drag, wait_for_token

pytestmark = pytest.mark.ui

DATA = ".asteroyds-room-values"
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
STUDENT_CHART = ".asteroyds-status-chart .asteroyds-chart-figure .object_grp path.dot"


def data(page, name: str) -> str:
    return page.locator(DATA).get_attribute(f"data-{name}") or ""


def wait_data(page, name: str, value: str) -> None:
    page.wait_for_function(
        """([sel, name, value]) => {
            const el = document.querySelector(sel);
            return el && el.getAttribute('data-' + name) === value;
        }""",
        arg=[DATA, name, value],
        timeout=TIMEOUT,
    )


def take_seat(page, seat: str) -> None:
    button = page.locator(f".asteroyds-room-seat-{seat}")
    button.wait_for(timeout=TIMEOUT)
    page.locator(".asteroyds-room-name input").fill(f"Student {seat}")
    button.click()
    wait_data(page, "seat", seat)


def plan_forward(page) -> None:
    """Drag token 0 onto column 1 Forward, on this page's own chart."""
    page.wait_for_function(
        f"document.querySelectorAll({STUDENT_CHART!r}).length >= {FIRST_TOKEN + 7}", timeout=TIMEOUT
    )
    page.locator(".asteroyds-status-chart").first.scroll_into_view_if_needed()
    drag(page, 0, cell_centre(1, "F"))
    page.wait_for_function(
        "document.querySelector('.asteroyds-program').innerText.trim().startsWith('F')", timeout=TIMEOUT
    )
    wait_for_token(page, 0, cell_centre(1, "F"))


def test_a_round_across_a_teacher_and_two_students(voila_url, contexts, rooms_store):
    teacher, ann, bob = contexts(), contexts(), contexts()
    # 1. the teacher creates the room (no stopwatch: the round waits for the class)
    open_notebook(teacher, voila_url, "class_room", wait_for=".asteroyds-room-create")
    teacher.locator(".asteroyds-room-seats-input input").fill("blue,red")
    teacher.locator(".asteroyds-room-planning select").select_option(label="no stopwatch")
    teacher.locator(".asteroyds-room-create").click()
    teacher.wait_for_selector(".asteroyds-room-code", timeout=TIMEOUT)
    teacher.wait_for_function(
        f"(document.querySelector({DATA!r})?.getAttribute('data-room') || '').length == 8", timeout=TIMEOUT
    )
    code = data(teacher, "room")
    shown = teacher.locator(".asteroyds-room-code").inner_text().replace("-", "").strip()
    assert shown == code and data(teacher, "teacher") == "true"
    assert teacher.locator(".asteroyds-room-qr svg").count() == 1
    assert teacher.url.endswith(f"?room={code}")  # a reload opens the room; no token in the address
    screenshot(teacher, "room_teacher_created")
    # 2. Ann types the code; Bob opens the join link
    open_notebook(ann, voila_url, "join", wait_for=".asteroyds-room-open")
    ann.locator(".asteroyds-room-code-input input").fill(code.lower())
    ann.locator(".asteroyds-room-open").click()
    take_seat(ann, "blue")
    bob.goto(f"{voila_url}/voila/render/join.ipynb?room={code}", timeout=RENDER_TIMEOUT)
    take_seat(bob, "red")
    assert bob.locator(".asteroyds-room-seat-blue").count() == 0  # a taken seat is not offered
    # the tokens stay in each student's own browser, never in an address
    ann.wait_for_function(f"localStorage.getItem('asteroyds:room:{code}:seat') !== null", timeout=TIMEOUT)
    ann_token = ann.evaluate(f"localStorage.getItem('asteroyds:room:{code}:seat')")
    assert ann_token and ann_token not in ann.url and ann_token not in bob.content()
    assert teacher.evaluate(f"localStorage.getItem('asteroyds:room:{code}:seat')") is None
    # 3. the teacher starts round 1; the students' pages see it by polling the store
    teacher.locator(".asteroyds-room-roll").click()
    for page in (ann, bob):
        wait_data(page, "phase", "plan")
    plan_forward(ann)
    ann.locator(".asteroyds-room-submit").click()
    wait_data(ann, "mine", "F . . . . . S")
    wait_data(teacher, "submitted", "blue")  # who has submitted (not what)
    screenshot(bob, "room_student_planning")
    assert "F . . . . . S" not in teacher.content() and "F . . . . . S" not in bob.content()
    plan_forward(bob)
    bob.locator(".asteroyds-room-submit").click()
    # 4. the round resolves on all three pages; each shows the round player over it
    for page in (teacher, ann, bob):
        wait_data(page, "resolved", "1")
        wait_data(page, "round", "2")
        page.locator(".asteroyds-round-player").wait_for(timeout=TIMEOUT)
    teacher.locator(".asteroyds-btn-asteroids").click()
    teacher.wait_for_function(  # the projector's round player replays the asteroid phase
        "document.querySelector('.asteroyds-round-data [data-phase]')?.getAttribute('data-phase')"
        " === 'asteroids'",
        timeout=TIMEOUT,
    )
    screenshot(teacher, "room_teacher_resolved")
    screenshot(ann, "room_student_resolved")
    # the room's log has both programs, in the order the Game replays
    with SQLiteStore(rooms_store) as store:
        game = Room.open(store, code).view.game
        programs = {item["program"]: item["text"] for item in game.inputs if "program" in item}
    assert programs == {"blue": "F . . . . . S", "red": "F . . . . . S"}
    # 5. Ann reloads: back in her seat, with no seat picker
    ann.reload(timeout=RENDER_TIMEOUT)
    ann.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    wait_data(ann, "seat", "blue")
    assert ann.url.endswith(f"?room={code}")
    assert ann.locator(".asteroyds-room-seat-red").count() == 0
    # and the projector reloads: back to the teacher's controls (its token, kept in its own browser)
    teacher.reload(timeout=RENDER_TIMEOUT)
    teacher.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    wait_data(teacher, "teacher", "true")
    assert teacher.locator(".asteroyds-room-roll").is_enabled()
    for page in (teacher, ann, bob):
        assert page.errors == []
