"""The practice page (issue 22): answers checked against the engine, the record, the browser store."""

from __future__ import annotations

import json
import re

import pytest

from asteroyds.drills import generate
from asteroyds.drills.plan import fly_round
from asteroyds.event_text import without_cells
from asteroyds.program import Program
from asteroyds.ui.practice.session import PracticeSession, Record
from asteroyds.ui.practice.view import PracticePage
from asteroyds.ui.share.browser_store import BrowserStore
from asteroyds.ui.share.markup import tag


def wrong_cell(session: PracticeSession) -> tuple[int, int]:
    right = tuple(session.drill.cells[session.asking])
    return next(c for c in sorted(session.state.board) if c != right)


def test_a_drill_is_scored_at_the_first_try_and_the_streak_follows():
    session = PracticeSession(generate, level=4)  # the whole phase: three tiles asked
    session.new_drill()
    assert session.seed == 1 and session.asking == session.pieces[0]
    first, second, third = session.pieces
    verdict = session.answer_cell(wrong_cell(session))
    assert not verdict.correct and "does not end on that space" in verdict.message
    assert session.record.streak == 0 and session.record.levels["4"] == [0, 1]
    verdict = session.answer_cell(session.drill.cells[first])
    assert verdict.correct and session.asking == second and not session.solved
    verdict = session.answer_cell(session.drill.cells[second])
    assert verdict.correct and session.asking == third and not session.solved
    verdict = session.answer_cell(session.drill.cells[third])
    assert verdict.correct and session.solved and session.asking is None
    assert session.record.levels["4"] == [0, 1]  # a drill counts once, at its first answer
    session.new_drill()
    assert session.seed == 2  # the level's next drill
    for piece in session.pieces:
        session.answer_cell(session.drill.cells[piece])
    assert session.record.levels["4"] == [1, 2] and session.record.streak == 1 == session.record.best


def test_a_plan_is_flown_by_the_engine_and_judged_on_its_goal():
    session = PracticeSession(generate, level=5)
    drill = session.new_drill()
    stay = Program.parse(". . . . . . S")
    after, _events = fly_round(drill.state, drill.dice, drill.player, str(stay))
    assert set(after.craft(drill.player).tokens) == set(drill.state.craft(drill.player).tokens)
    verdict = session.answer_program(stay)
    assert not verdict.correct and "the goal is 1 gate token with no damage" in verdict.message
    verdict = session.answer_program(drill.program)
    assert verdict.correct and session.solved
    with pytest.raises(ValueError, match="answered on the status chart"):
        session.answer_cell((3, 3))


def test_a_plan_with_the_shield_down_is_not_right():
    """Issue 33, item 5: the level-5 goal asks for the shield up; seed 1's answer with F in the red
    column still takes the token with no damage, and is refused for its shield."""
    session = PracticeSession(generate, level=5)
    drill = session.new_drill()
    assert session.seed == 1
    down = Program.parse(drill.program).with_column(7, "F")
    after, _events = fly_round(drill.state, drill.dice, drill.player, str(down))
    old, new = drill.state.craft(drill.player), after.craft(drill.player)
    assert set(new.tokens) - set(old.tokens) and new.damage == old.damage  # only the shield is wrong
    verdict = session.answer_program(down)
    assert not verdict.correct and "shield is down" in verdict.message and not session.solved


def test_the_record_from_the_browser_is_checked_not_trusted():
    record = Record.from_json(
        {"streak": 3, "best": "x", "levels": {"1": [5, 4], "2": [1], "9": [1, 1]}, "seeds": {"1": 7, "3": -2}}
    )
    assert record.streak == 3 and record.best == 0
    assert record.levels == {"1": [4, 4]}  # right never above tried; unknown levels and shapes dropped
    assert record.seeds == {"1": 7}


def test_the_store_keeps_json_and_ignores_what_is_not_ours():
    store = BrowserStore("practice")
    got = []
    store.on_restore(got.append)
    assert not store.restore("not json") and not store.restore("[1, 2]") and not store.restore("")
    assert got == []
    assert store.restore('{"streak": 2}') and got == [{"streak": 2}]
    store.save({"streak": 5, "levels": {"1": [1, 1]}})
    data = store.children[1].value
    assert 'data-key="practice"' in data
    assert json.loads(data.split('data-value="')[1].split('"')[0].replace("&quot;", '"'))["streak"] == 5
    store.children[0].value = '{"streak": 4}'  # what the page's script does with the kept text
    assert got[-1] == {"streak": 4}


def test_the_page_answers_clicks_shows_why_and_saves_the_record():
    page = PracticePage(generate, level=2)
    session = page.session
    page.click(wrong_cell(session))
    assert 'data-correct="false"' in page._verdict.value
    page.show_why()
    assert page.why_board is not None and len(page.why_board.events) > 0
    assert page.why_board.playing  # it plays by itself; a step takes over
    page.why_board.go(0)
    page.why_board.step(1)
    assert page.why_board.index == 1 and not page.why_board.playing
    assert "data-order" in page.inspector.html  # the red phase's priority table
    before = page.inspector.html
    page.why_board.step(1)
    assert page.inspector.html != before  # the inspector follows the board's steps
    # The explanation names pieces; the cells are the board's to show (Coordinates off).
    assert all(
        str(tag("li", without_cells(line))) in page._verdict.value for line in session.drill.explanation
    )
    assert not re.search(r"\(\d+, \d+\)", page._verdict.value)
    for piece in session.pieces:
        page.click(tuple(session.drill.cells[piece]))
    assert 'data-correct="true"' in page._verdict.value
    assert '"levels":{"2":[0,1]}' in page.store.children[1].value.replace("&quot;", '"')
    page.new_drill(5)
    assert page.chart is not None and page.why_board is None
    page.chart.load(session.drill.program)
    page.fly()
    assert 'data-correct="true"' in page._verdict.value
    # A reload: a new page gets the kept record back and goes on from the next seeds.
    kept = page.store.value
    again = PracticePage(generate, level=2)
    again.store.restore(json.dumps(kept))
    assert again.session.record.levels == {"2": [0, 1], "5": [1, 1]}
    again.new_drill(2)
    assert again.session.seed == 2
