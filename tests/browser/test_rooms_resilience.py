"""Class rooms in the browser when the database goes away: PostgreSQL restarts, the app is killed.

1. A student's page and the projector poll a room on a PostgreSQL server of
   the test's own (Voila started with ``ASTEROYDS_STORE`` pointing at it).
   The server restarts quickly (nothing to see), then stops: both pages say
   the one calm sentence, the student's plan stays in the page (a submit
   pressed meanwhile is the same sentence, not an error); the server starts
   again and both pages come back by themselves, without a reload, and the
   round resolves with both programs, each once in the log.
2. ``asteroyds app`` on a SQLite store is killed with ``kill -9`` (the whole
   process group: the server and its kernels) mid-round, after a student
   submitted from the page; started again on the same store and port, the
   student's page reloads into the same seat, the room still holds the
   program, and the round resolves.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from asteroyds.i18n import _
from asteroyds.rooms import Room, open_store, room_game
from asteroyds.rooms.store import ENV_VAR as STORE_VAR
from asteroyds.serve.launch import free_port, serve
from asteroyds.ui.rooms.session import OFFLINE
from tests.rooms_pg import throwaway

from .conftest import (
    NOTEBOOKS,
    RENDER_TIMEOUT,
    ROOT,
    SERVER_TIMEOUT,
    TRACEBACKS,
    _browser_available,
    screenshot,
)
from .test_rooms import DATA, TIMEOUT, data, plan_forward, take_seat, wait_data

pytestmark = pytest.mark.ui

PROGRAM = "F . . . . . S"  # what plan_forward drags onto a chart


@contextmanager
def store_env(url: str) -> Iterator[None]:
    """``ASTEROYDS_STORE`` for a server started in the block (the tests' own process keeps its own)."""
    saved = os.environ.get(STORE_VAR)
    os.environ[STORE_VAR] = url
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(STORE_VAR, None)
        else:
            os.environ[STORE_VAR] = saved


@pytest.fixture
def pg():
    with throwaway() as server:
        yield server


@pytest.fixture
def pg_voila(pg, tmp_path) -> Iterator[tuple[object, str]]:
    """A Voila server whose room pages keep their rooms on ``pg``; yields (the server, the URL)."""
    _browser_available()
    with (
        store_env(pg.url),
        serve(
            NOTEBOOKS, log_path=tmp_path / "voila.log", timeout=SERVER_TIMEOUT, cwd=ROOT, options=TRACEBACKS
        ) as url,
    ):
        yield pg, url


def offline_sentence(page) -> str:
    return page.locator(".asteroyds-room-offline").inner_text().strip()


def test_the_pages_ride_out_a_postgresql_restart_and_an_outage(pg_voila, contexts):
    pg, voila_url = pg_voila
    teacher, ann = contexts(), contexts()
    teacher.goto(f"{voila_url}/voila/render/class_room.ipynb", timeout=RENDER_TIMEOUT)
    teacher.wait_for_selector(".asteroyds-room-create", timeout=RENDER_TIMEOUT)
    teacher.locator(".asteroyds-room-seats-input input").fill("blue,red")
    teacher.locator(".asteroyds-room-planning select").select_option(label="no stopwatch")
    teacher.locator(".asteroyds-room-create").click()
    teacher.wait_for_function(
        f"(document.querySelector({DATA!r})?.getAttribute('data-room') || '').length == 8", timeout=TIMEOUT
    )
    code = data(teacher, "room")
    ann.goto(f"{voila_url}/voila/render/join.ipynb?room={code}", timeout=RENDER_TIMEOUT)
    take_seat(ann, "blue")
    with open_store(pg.url) as store:  # Bob plays red from a script
        red = Room.open(store, code).join("red")
    teacher.locator(".asteroyds-room-roll").click()
    wait_data(ann, "phase", "plan")
    plan_forward(ann)  # Ann's plan, not submitted yet

    # a quick restart: the store's short retry covers it; no page shows an error
    pg.restart()
    with open_store(pg.url) as store:
        Room.open(store, code).submit("red", "F F . . . . S", red)
    wait_data(teacher, "submitted", "red")  # the projector polled through the restart
    wait_data(ann, "submitted", "red")
    for page in (teacher, ann):
        assert data(page, "error") == "" and data(page, "offline") == ""

    # an outage: both pages say the one sentence, and keep what they hold
    pg.stop()
    for page in (teacher, ann):
        wait_data(page, "offline", "true")
        assert offline_sentence(page) == _(OFFLINE)
        assert data(page, "error") == "" and page.locator(".asteroyds-error-text").count() == 0
    actions = int(data(ann, "actions"))
    ann.locator(".asteroyds-room-submit").click()  # pressed while the database is away
    wait_data(ann, "actions", str(actions + 1))  # the click was handled: the page must stay calm, not fail
    assert data(ann, "offline") == "true" and data(ann, "error") == "" and data(ann, "mine") == ""
    assert ann.locator(".asteroyds-program").inner_text().strip().startswith("F")  # the plan is kept
    assert ann.locator(".asteroyds-room-submit").is_visible()
    screenshot(ann, "room_student_offline")

    # the database is back: both pages recover by themselves, without a reload
    pg.start()
    for page in (teacher, ann):
        wait_data(page, "offline", "")
        assert not page.locator(".asteroyds-room-offline").is_visible()
        assert data(page, "error") == ""
    assert ann.locator(".asteroyds-program").inner_text().strip().startswith("F")
    ann.locator(".asteroyds-room-submit").click()  # red has submitted: the round resolves at once
    for page in (teacher, ann):
        wait_data(page, "resolved", "1")
        wait_data(page, "round", "2")
    with open_store(pg.url) as store:
        entries = store.read(code)
    programs = [(e.data["seat"], e.data["text"]) for e in entries if e.kind == "program"]
    assert programs == [("red", "F F . . . . S"), ("blue", PROGRAM)]  # both programs, each once
    for page in (teacher, ann):
        assert page.errors == []


# --- kill -9 of the app -------------------------------------------------------------------------------


def start_app(port: int, store: Path, log: Path) -> subprocess.Popen:
    """``asteroyds app`` in its own process group (its kernels with it), on ``store``; once it answers."""
    env = {**os.environ, STORE_VAR: str(store)}
    app = subprocess.Popen(
        [sys.executable, "-m", "asteroyds.cli", "app", "--port", str(port), "--no-browser"],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
        env=env,
        cwd=ROOT,
    )
    deadline = time.monotonic() + SERVER_TIMEOUT
    while time.monotonic() < deadline:
        if app.poll() is not None:
            pytest.fail(f"asteroyds app exited with {app.returncode}: {log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2):
                return app
        except OSError:
            time.sleep(0.25)
    os.killpg(app.pid, signal.SIGKILL)
    pytest.fail(f"asteroyds app did not answer: {log.read_text()[-2000:]}")


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def test_kill_9_of_the_app_mid_round_loses_no_submitted_program(contexts, tmp_path):
    _browser_available()
    store_path, log = tmp_path / "rooms.sqlite3", tmp_path / "app.log"
    seats, seed = ["blue", "red"], 7
    with open_store(str(store_path)) as store:
        room, teacher = Room.create(store, room_game("racing", seats, seed=seed), planning_seconds=None)
        room.roll(teacher, dice=(4, 2, 6))
    code = room.code
    port = free_port()
    app = start_app(port, store_path, log)
    ann = contexts()
    try:
        url = f"http://127.0.0.1:{port}/voila/render/join.ipynb?room={code}"
        ann.goto(url, timeout=RENDER_TIMEOUT)
        take_seat(ann, "blue")
        wait_data(ann, "phase", "plan")
        plan_forward(ann)
        ann.locator(".asteroyds-room-submit").click()
        wait_data(ann, "mine", PROGRAM)  # the page was told: submitted
        os.killpg(app.pid, signal.SIGKILL)  # mid-round: red has not submitted
        app.wait(timeout=30)
        deadline = time.monotonic() + 30
        while group_alive(app.pid) and time.monotonic() < deadline:  # its kernels die with it
            time.sleep(0.1)
        assert not group_alive(app.pid)

        app = start_app(port, store_path, log)  # the same store, the same address (the browser's storage)
        ann.reload(timeout=RENDER_TIMEOUT)
        ann.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        wait_data(ann, "seat", "blue")  # back in her seat
        wait_data(ann, "phase", "plan")
        assert data(ann, "round") == "1" and data(ann, "submitted") == "blue"
        assert data(ann, "waiting") == "red"
        with open_store(str(store_path)) as store:
            again = Room.open(store, code)
            assert [e.data["text"] for e in store.read(code) if e.kind == "program"] == [PROGRAM]
            token = again.join("red")
            again.submit("red", "F F . . . . S", token)
            assert [r.round for r in again.view.resolutions] == [1]
        wait_data(ann, "resolved", "1")  # the page sees the round resolve with both programs
        with open_store(str(store_path)) as store:
            game = Room.open(store, code).view.game
        local = room_game("racing", seats, seed=seed)
        local.roll((4, 2, 6))
        local.submit("blue", PROGRAM)
        local.submit("red", "F F . . . . S")
        local.play_phases()
        assert game.inputs[: len(local.inputs)] == local.inputs
        assert ann.errors == []
    finally:
        if group_alive(app.pid):
            os.killpg(app.pid, signal.SIGTERM)
            app.wait(timeout=30)
