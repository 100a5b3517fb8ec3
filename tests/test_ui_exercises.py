"""Exercises: the verdicts and what the learner sees."""

from __future__ import annotations

import pytest

from asteroyds import Dice, resolve_asteroids
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Piece
from asteroyds.program import Program
from asteroyds.state import State
from asteroyds.ui import BoardView
from asteroyds.ui.teach.exercises import (
    CellQuestion,
    ChoiceExercise,
    ChoiceQuestion,
    ClickExercise,
    ProgramExercise,
    ProgramQuestion,
)
from asteroyds.ui.teach.tile_explorer import TileExplorer, explain


def red_rock_field():
    rock = Piece("R1", "asteroid", (6, 7), "red", parse_direction("SW"), 3)
    return State(mode="racing", pieces=(rock,))


def test_click_exercise_right_and_wrong_answers_show_feedback():
    field = red_rock_field()
    after, _ = resolve_asteroids(field, Dice(4, 1, 1))
    # SW-facing tile, die 4: the edge just anticlockwise of the "1" faces SE; two steps from (6, 7).
    assert after.piece("R1").cell == (8, 8)
    board = BoardView(field)
    exercise = ClickExercise(board, "where?", CellQuestion([after.piece("R1").cell], "because", hint="pips"))
    wrong = exercise.answer((7, 7))
    assert not wrong.correct and "try again" in wrong.message and "pips" in wrong.message
    assert 'data-correct="false"' in exercise._feedback.value
    board.click((8, 8))  # the board's click goes to the exercise
    assert exercise.last.correct and exercise.feedback_text == "Right. because"
    assert "(" not in wrong.message  # the board marks cells; the words name none
    assert board.highlighted == ((8, 8),)
    assert exercise.question.attempts == [(7, 7), (8, 8)]


def test_reveal_shows_the_answer_on_the_board():
    board = BoardView(red_rock_field())
    exercise = ClickExercise(board, "where?", CellQuestion([(8, 8)], "because"))
    feedback = exercise.reveal()
    assert "outlined on the board" in feedback.message and board.highlighted == ((8, 8),)
    with pytest.raises(ValueError):
        CellQuestion([], "nothing")


def test_program_exercise_asks_the_judge_and_survives_errors():
    def judge(program):
        return program.shielded and program.token(1) == "F", "needs F first and the shield"

    chosen = {"program": Program.parse("L . . . . . S")}
    exercise = ProgramExercise(
        "fly", ProgramQuestion(judge), BoardView(red_rock_field()), lambda: chosen["program"]
    )
    assert not exercise.check().correct and "Not yet" in exercise.feedback_text
    chosen["program"] = Program.parse("F . . . . . S")
    assert exercise.check().correct

    def broken():
        raise RuntimeError("no chart")

    failing = ProgramExercise("fly", ProgramQuestion(judge), BoardView(red_rock_field()), broken)
    with pytest.raises(ValueError, match="no solution"):
        failing.show_solution()
    assert not failing.check().correct and "no chart" in failing._feedback.value


def test_choice_exercise():
    exercise = ChoiceExercise("first?", ChoiceQuestion(["#6", "#24"], "#6", "smaller numbers first"))
    assert not exercise.choose("#24").correct
    assert exercise.choose("#6").correct and "smaller" in exercise.feedback_text
    with pytest.raises(ValueError):
        ChoiceQuestion(["a"], "b", "")


def test_tile_explorer_follows_the_engine():
    explorer = TileExplorer(colour="red", orientation=0, die=1)
    assert explorer.direction == 0  # the "1" edge
    explorer.roll(6)
    assert explorer.direction == 3  # the opposite edge
    explorer.rotate(+1)
    assert explorer.direction == 4
    assert "faces SE" in explain("red", 1, 6) and "towards the edge showing 6: NW" in explain("red", 1, 6)
    explorer.recolour("white/blue")
    assert {a.die for a in explorer._board.intended_moves} == {"white", "blue"}
    with pytest.raises(ValueError):
        explorer.roll(7)


def test_show_a_solution_puts_it_into_the_chart_and_checks_it():
    from asteroyds.pieces import Craft
    from asteroyds.ui.chart.status.view import StatusChart

    chart = StatusChart(Craft("blue", (6, 4), 0), "racing")
    exercise = ProgramExercise(
        "fly",
        ProgramQuestion(lambda program: (program.token(1) == "F", "F first")),
        chart,
        lambda: chart.program,
        solution="F R . . . . S",
        load=chart.load,
    )
    assert exercise.show_solution().correct
    assert str(chart.program) == "F R . . . . S"
