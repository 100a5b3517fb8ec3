"""A chapter's closing drill set (issue 22): fixed drills of the engine, answered, explained, tallied."""

from __future__ import annotations

import re

import pytest

from asteroyds.asteroids import resolve_asteroids
from asteroyds.damage import never
from asteroyds.drills import DrillError, generate
from asteroyds.i18n import use_language
from asteroyds.ui.practice.drill_set import DrillSet, DrillSetRun

LEVELS, SEEDS = (1, 2, 3), (1, 7, 3)  # chapter 3's set


def wrong_cell(run: DrillSetRun) -> tuple[int, int]:
    right = tuple(run.drill.cells[run.session.asking])
    return next(c for c in sorted(run.drill.state.board) if c != right)


def answer_right(run: DrillSetRun) -> None:
    for piece in run.drill.pieces:
        run.answer(tuple(run.drill.cells[piece]))


def test_fixed_seeds_give_the_same_set_the_engine_made():
    shown = []
    for _attempt in range(2):
        run = DrillSetRun(LEVELS, SEEDS)
        drills = [run.drill]
        for _ in range(run.total - 1):
            answer_right(run)
            drills.append(run.next())
        shown.append([d.to_json() for d in drills])
    assert shown[0] == shown[1]
    assert shown[0] == [generate(level, seed).to_json() for level, seed in zip(LEVELS, SEEDS, strict=True)]
    assert [d["level"] for d in shown[0]] == [1, 2, 3]


def test_right_and_wrong_answers_change_the_verdict_and_the_tally():
    run = DrillSetRun(LEVELS, SEEDS)
    with pytest.raises(ValueError, match="answer this drill first"):
        run.next()
    answer_right(run)  # drill 1: right at the first try
    assert run.session.feedback.correct and run.right == 1 and not run.done
    run.next()
    verdict = run.answer(wrong_cell(run))  # drill 2: wrong first ...
    assert not verdict.correct and "does not end on that space" in verdict.message
    assert run.right == 1 and run.results[1] is False
    answer_right(run)  # ... then right: the drill still counts as missed
    assert run.session.feedback.correct and run.right == 1 and run.results[1] is False
    run.next()
    answer_right(run)
    assert run.done and run.last and run.right == 2
    assert run.tally() == "2 of 3 right at the first try"
    with pytest.raises(ValueError, match="last drill"):
        run.next()
    with use_language("fr"):
        assert run.tally() == "2 bonnes réponses du premier coup sur 3"


def test_the_widget_shows_the_verdict_the_next_drill_and_the_tally_at_the_end():
    page = DrillSet(LEVELS, SEEDS, title="Chapter 3")
    run = page.run
    assert 'data-level="1"' in page._question.value and 'data-seed="1"' in page._question.value
    assert page._next.layout.display == "none" and page._tally.value == ""
    page.next()  # not answered yet: a sentence, nothing moves
    assert "Answer this drill first" in page._error.value and run.index == 0
    page.click(wrong_cell(run))
    assert 'data-correct="false"' in page._verdict.value
    assert page._next.layout.display == ""
    page.next()
    assert run.index == 1 and 'data-level="2"' in page._question.value and page._verdict.value == ""
    assert 'data-index="2"' in page._progress.value
    answer_right(run)
    verdict = page._verdict.value
    page.click(sorted(run.drill.state.board)[0])  # a click on a solved drill changes nothing
    assert page._verdict.value == verdict and page._error.value == "" and run.results[1] is True
    page.next()
    for piece in run.drill.pieces:
        page.click(tuple(run.drill.cells[piece]))
    assert 'data-correct="true"' in page._verdict.value
    assert page._next.layout.display == "none"  # the last drill
    assert 'data-right="2"' in page._tally.value and 'data-total="3"' in page._tally.value
    assert "2 of 3 right at the first try" in page._tally.value


def test_show_me_why_steps_the_real_asteroid_phase_with_the_inspector():
    page = DrillSet(LEVELS, SEEDS, title="Chapter 3")
    run = page.run
    page.click(wrong_cell(run))
    page.show_why()
    why = page.why_board
    assert why is not None and why.inspector in page._inspector_box.children
    after, phase = resolve_asteroids(run.drill.state, run.drill.dice, decide=never)
    assert why.events == tuple(phase)  # the engine's own events, not a story
    why.go(0)
    before = why.inspector.html
    why.step(1)
    assert why.index == 1 and not why.playing
    assert why.inspector.html != before  # the inspector follows the steps
    why.go(len(why.events))
    for piece in run.drill.pieces:  # the last step shows the answer
        assert why.state.piece(piece).cell == tuple(run.drill.cells[piece]) == after.piece(piece).cell
    assert not re.search(r"\(\d+, \d+\)", page._verdict.value)  # no coordinates the board does not show
    page.back_to_question()
    assert page.why_board is None and page._board_box.children == (page.board,)
    for piece in run.drill.pieces:
        page.click(tuple(run.drill.cells[piece]))
    assert 'data-correct="true"' in page._verdict.value and run.right == 0  # the first try missed


def test_a_bad_set_is_refused_with_one_sentence():
    with pytest.raises(ValueError, match="as many seeds as levels"):
        DrillSetRun((1, 2), (1,))
    with pytest.raises(ValueError, match="as many seeds as levels"):
        DrillSetRun((), ())
    with pytest.raises(ValueError, match="answered on the board: level 5"):
        DrillSetRun((1, 5), (1, 1))
    with pytest.raises(DrillError, match="drill level must be"):
        DrillSetRun((9,), (1,))
