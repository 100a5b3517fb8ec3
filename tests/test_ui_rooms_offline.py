"""The room pages while their PostgreSQL is away: one calm sentence, the plan kept, back by themselves.

The views are driven as in ``test_ui_rooms.py`` (their ticks by hand), on a
PostgreSQL server of the test's own, stopped and started again under them.
"""

from __future__ import annotations

import html
import re
import time

import pytest

from asteroyds.i18n import _, use_language
from asteroyds.rooms import Room, open_store, room_game
from asteroyds.ui.rooms import browser
from asteroyds.ui.rooms.session import OFFLINE
from asteroyds.ui.rooms.views import StudentRoom, TeacherRoom
from tests.rooms_pg import throwaway

PROBE = 1.1  # while the database is away a store tries it at most once a second


@pytest.fixture
def pg():
    with throwaway() as server:
        yield server


def shows_offline(view) -> bool:
    shown = view._offline.layout.display != "none" and html.escape(_(OFFLINE)) in view._offline.value
    assert shown == ('data-offline="true"' in view._data.value)  # what the browser tests read
    return shown


def test_the_pages_say_one_sentence_keep_the_plan_and_recover(pg):
    projector = TeacherRoom(pg.url, query="")
    projector._seats.value, projector._planning.value = "blue,red", 0
    projector.create()
    code = projector.page.code
    ann = StudentRoom(pg.url, query=f"room={code}")
    ann._key.value = browser.NOTHING
    ann.take_seat("blue")
    projector._roll.click()
    ann._tick(0.5)
    assert ann.chart.place(0, 1, "F")  # Ann's plan, not submitted yet
    plan = str(ann.chart.program)
    assert plan.startswith("F") and not shows_offline(ann) and not shows_offline(projector)

    pg.stop()
    for view in (ann, projector):
        view._tick(0.5)
        assert view.offline and shows_offline(view)
        assert view.error == "" and "asteroyds-error-text" not in view._error.value  # not an error
    actions = int(re.search(r'data-actions="(\d+)"', ann._data.value).group(1))
    ann.submit()  # pressed while the database is away: the same sentence, the plan kept
    assert f'data-actions="{actions + 1}"' in ann._data.value  # handled: what a browser test waits for
    assert ann.error == "" and shows_offline(ann)
    assert str(ann.chart.program) == plan and ann._plan_box.layout.display == ""
    assert 'data-mine=""' in ann._data.value  # not taken for submitted

    pg.start()
    time.sleep(PROBE)
    for view in (ann, projector):
        view._tick(0.5)
        assert not view.offline and not shows_offline(view) and view.error == ""
    assert str(ann.chart.program) == plan
    ann.submit()
    assert ann.error == "" and f'data-mine="{plan}"' in ann._data.value
    with open_store(pg.url) as store:  # red plays from another device
        other = Room.open(store, code)
        other.submit("red", "F F . . . . S", projector.page.session.teacher_token)
    projector._tick(0.5)
    ann._tick(0.5)
    assert 'data-resolved="1"' in projector._data.value and 'data-resolved="1"' in ann._data.value
    with open_store(pg.url) as store:
        programs = [(e.data["seat"], e.data["text"]) for e in store.read(code) if e.kind == "program"]
    assert programs == [("blue", plan), ("red", "F F . . . . S")]  # Ann's program once


def test_a_page_opened_while_the_database_is_away_opens_its_room_when_it_is_back(pg):
    with open_store(pg.url) as store:
        room, _teacher = Room.create(store, room_game("racing", ["blue", "red"]))
    pg.stop()
    with use_language("fr"):
        page = StudentRoom(pg.url, query=f"room={room.code}")
        assert page.offline and shows_offline(page) and page.error == ""
        assert "perdu sa base de données" in page._offline.value  # in the page's language
        page._tick(0.5)  # still away: still the sentence, no error
        assert page.offline and page.error == "" and page.page.session.room is None
        pg.start()
        time.sleep(PROBE)
        page._tick(0.5)  # the pending opening goes through
        assert not page.offline and page.error == "" and f'data-room="{room.code}"' in page._data.value
