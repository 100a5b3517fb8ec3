"""The decision board: a demo stopped at its question, each answer played on the board, Again asks anew."""

from __future__ import annotations

import pytest

from asteroyds.events import CraftCollided
from asteroyds.game import Game
from asteroyds.hexgrid import parse_direction
from asteroyds.i18n import use_language
from asteroyds.pieces import Craft, Piece
from asteroyds.state import State
from asteroyds.ui.teach.decision_board import DecisionBoard, shared_start


def course(*pieces: Piece, pilot: str | None = None, cell=(6, 4)) -> State:
    craft = Craft("blue", cell, parse_direction("E"), pilot=pilot)
    return State(mode="racing", pieces=pieces, crafts=(craft,), player_order=("blue",))


def ramming() -> Game:
    """Chapter 4's demo: blue die 6 brings a blue asteroid in front of the craft; it flies into it."""
    game = Game(course(Piece("R1", "asteroid", (6, 6), "blue", parse_direction("E"), 1)))
    game.play_round({"blue": "F F F . . . S"}, dice=(1, 1, 6))
    return game


def lawrence() -> Game:
    """Chapter 7's demo: Lawrence, shield off, flies into a pod."""
    game = Game(course(Piece("P1", "pod", (6, 8)), pilot="Lawrence", cell=(6, 6)))
    game.play_round({"blue": "F F . . . . F"}, dice=(1, 1, 1))
    return game


def test_the_board_stops_at_the_question_and_outlines_what_it_is_about():
    board = DecisionBoard(ramming, yes="Destroy", no="Bounce", title="Destroy or bounce off?")
    assert board.answer is None and board.index == 0 and board.events == board.events[: board.asked_at]
    assert board.question.startswith("The blue craft is about to hit blue asteroid #1 (outlined)")
    assert "3 damage points instead of 1" in board.question and "(" + "6, 5)" not in board.question
    board.go(board.asked_at)
    assert board.state.piece("R1").cell == (6, 5)  # the blue die moved it in front of the craft
    assert set(board.board.highlighted) == {(6, 4), (6, 5)}  # the craft and the asteroid
    assert board._next.disabled  # nothing more until the learner answers


def test_each_answer_plays_on_from_the_question_as_often_as_wished():
    board = DecisionBoard(ramming, yes="Destroy", no="Bounce")
    asked = board.asked_at
    board.choose(True)
    assert board.answer is True and board.index == asked and board.playing and len(board.events) > asked
    board.go(len(board.events))
    craft = board.state.craft("blue")
    assert not board.state.has_piece("R1") and craft.damage == 3 and craft.cell == (6, 7)
    assert "Your answer: Destroy" in board._verdict.value
    board.choose(False)  # the other answer, at once: no "already answered"
    board.go(len(board.events))
    craft = board.state.craft("blue")
    assert board.state.has_piece("R1") and craft.damage == 1 and craft.cell == (6, 4)
    assert "cancelled" in board.caption


def test_again_starts_over_with_the_question_open():
    board = DecisionBoard(ramming, yes="Destroy", no="Bounce")
    board.choose(True)
    board.again()
    assert board.answer is None and board.index == 0 and board.playing
    assert len(board.events) == board.asked_at and board._verdict.value == ""
    for _tick in range(board.asked_at):
        board._play_tick()  # the ticker's job in a kernel
    assert board.index == board.asked_at and not board.playing
    assert set(board.board.highlighted) == {(6, 4), (6, 5)}


def test_lawrence_is_asked_when_the_damage_happens_in_the_page_language():
    board = DecisionBoard(lawrence, yes="Yes", no="No")
    before = board.events[board.asked_at - 1]
    assert isinstance(before, CraftCollided) and before.blocker == "P1"  # asked at the collision itself
    assert "about to take 2 damage points" in board.question and "cancel 1 of them" in board.question
    board.choose(True)
    board.go(len(board.events))
    assert board.state.craft("blue").damage == 1
    board.choose(False)
    board.go(len(board.events))
    assert board.state.craft("blue").damage == 2
    with use_language("fr"):
        french = DecisionBoard(lawrence, yes="Oui", no="Non")
    assert french.question.startswith("Le vaisseau bleu va subir 2 points de dommage")


def test_a_demo_without_a_question_is_refused():
    def no_question() -> Game:
        game = Game(course())
        game.play_round({"blue": "F . . . . . S"}, dice=(1, 1, 1))
        return game

    with pytest.raises(ValueError, match="asks no question"):
        DecisionBoard(no_question, yes="Yes", no="No")


def test_shared_start_is_the_common_prefix():
    assert shared_start([1, 2, 3], [1, 2, 4, 5]) == (1, 2)
    assert shared_start([], [1]) == ()
