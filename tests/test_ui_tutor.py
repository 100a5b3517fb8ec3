"""Issue 35 (a tutor's answers): a wrong click marked and diagnosed on every board question, wrong
choices with their reason, and verdicts that never lie (a shown answer is not the learner's)."""

from __future__ import annotations

from asteroyds.asteroids import resolve_asteroids
from asteroyds.dice import Dice
from asteroyds.drills import generate
from asteroyds.drills.mistakes import COLOUR, diagnose, diagnose_plan
from asteroyds.drills.plan import find_program
from asteroyds.events import ColumnPlayed
from asteroyds.game import Game
from asteroyds.hexgrid import parse_direction
from asteroyds.i18n import use_language
from asteroyds.pieces import Craft, Piece
from asteroyds.program import Program
from asteroyds.state import State
from asteroyds.ui.board.view import BoardView
from asteroyds.ui.practice.drill_set import DrillSet
from asteroyds.ui.practice.session import PracticeSession
from asteroyds.ui.practice.view import PracticePage
from asteroyds.ui.practice.whole_round import WholeRound
from asteroyds.ui.teach.decision_board import DecisionBoard
from asteroyds.ui.teach.exercises import (
    CellQuestion,
    ChoiceQuestion,
    ClickExercise,
    ProgramExercise,
    ProgramQuestion,
    feedback_html,
    piece_mistakes,
    replay,
)

DICE = Dice(4, 1, 1)  # chapter 1's exercise: red 4 sends the rock two spaces, white 1 would send it SW


def chapter_1_field() -> State:
    rock = Piece("R1", "asteroid", (6, 7), "red", parse_direction("SW"), 3)
    return State(mode="racing", pieces=(rock,))


def misread_colour_cell(state: State, pid: str, dice: Dice) -> tuple[int, int]:
    """A space where another die's reading sends the piece (found by the diagnosis, not typed in)."""
    return next(
        c for c in state.board if (m := diagnose(state, dice, pid, c)) is not None and m.key == COLOUR
    )


def test_a_click_exercise_marks_a_wrong_click_and_names_the_mistake():
    field = chapter_1_field()
    right = resolve_asteroids(field, DICE)[0].piece("R1").cell
    board = BoardView(field)
    question = CellQuestion([right], "because", hint="a hint", diagnose=piece_mistakes(field, DICE, "R1"))
    exercise = ClickExercise(board, "where?", question)
    wrong = misread_colour_cell(field, "R1", DICE)
    feedback = exercise.answer(wrong)
    assert not feedback.correct and "white die" in feedback.message and "red die" in feedback.message
    assert board.wrong == (wrong,)
    far = (0, 0)  # no misreading ends there: the hint, and no invented reason
    assert exercise.answer(far).message.endswith("Hint: a hint") and board.wrong == (far,)
    assert exercise.answer(right).correct and board.wrong == () and board.highlighted == (right,)


def test_show_me_why_is_offered_once_answered_and_plays_the_engines_own_events():
    field = chapter_1_field()
    after, events = resolve_asteroids(field, DICE)
    question = CellQuestion([after.piece("R1").cell], "because")
    exercise = ClickExercise(BoardView(field), "where?", question, why=replay(field, events))
    assert exercise._why_button.layout.display == "none"  # before an answer it would give it away
    exercise.answer((0, 0))
    assert exercise._why_button.layout.display is None
    board = exercise.show_why()
    assert board is not None and board.events == tuple(events)  # the real phase, one event at a time
    assert exercise.show_why() is board  # pressed again: hidden, not built again
    assert exercise._why_part.layout.display == "none"
    without = ClickExercise(BoardView(field), "where?", question)
    without.answer((0, 0))
    assert without._why_button.layout.display == "none" and without.show_why() is None


def test_show_the_answer_after_a_right_answer_keeps_the_right_verdict():
    field = chapter_1_field()
    right = resolve_asteroids(field, DICE)[0].piece("R1").cell
    exercise = ClickExercise(BoardView(field), "where?", CellQuestion([right], "because"))
    assert exercise.answer(right).correct
    kept = exercise.reveal()
    assert kept.correct and not kept.shown and kept.message == "Right. because"
    fresh = ClickExercise(BoardView(field), "where?", CellQuestion([right], "because"))
    shown = fresh.reveal()
    assert shown.shown and 'data-shown="true"' in feedback_html(shown) and "✘" not in feedback_html(shown)


def test_show_a_solution_is_not_the_learners_well_flown():
    from asteroyds.ui.chart.status.view import StatusChart

    chart = StatusChart(Craft("blue", (6, 4), 0), "racing")
    question = ProgramQuestion(lambda program: (program.token(1) == "F", "F first"))
    exercise = ProgramExercise(
        "fly", question, chart, lambda: chart.program, solution="F . . . . . S", load=chart.load
    )
    feedback = exercise.show_solution()
    assert feedback.correct and feedback.shown and "Well flown" not in feedback.message
    assert "✔" not in feedback_html(feedback) and question.attempts == []  # not the learner's attempt
    assert exercise.check().message.startswith("Well flown")  # the learner's own check still says so


def test_a_wrong_choice_gives_its_reason():
    question = ChoiceQuestion(["#3", "#8"], "#3", "smaller first", reasons={"#8": "#8 moves after #3."})
    assert question.check("#8").message == "Not '#8': #8 moves after #3. Try again."
    with use_language("fr"):
        assert question.check("#8").message.startswith("Pas '#8' : ")


def test_practice_levels_1_to_4_mark_and_diagnose_a_wrong_click():
    for level in (1, 2, 3, 4):
        page = PracticePage(generate, level=level)
        session = page.session
        drill = session.drill
        pid = session.asking
        right = drill.cells[pid]
        wrong = next(c for c in drill.state.board if c != right and diagnose(drill.state, drill.dice, pid, c))
        page.click(wrong)
        mistake = diagnose(drill.state, drill.dice, pid, wrong)
        assert mistake is not None and mistake.message in session.feedback.message
        assert page.board.wrong == (wrong,) and session.wrong == wrong


def test_practice_level_5_names_a_plan_made_for_the_board_before_the_dice():
    session = PracticeSession(generate, level=5)
    for seed in range(1, 10):
        drill = session.show(5, seed)
        naive = find_program(drill.state, drill.player)
        if naive is None:
            continue
        mistake = diagnose_plan(drill.state, drill.dice, drill.player, naive)
        feedback = session.answer_program(Program.parse(naive))
        assert not feedback.correct and mistake is not None and mistake.message in feedback.message
        assert session.wrong == mistake.cell is not None
        return
    raise AssertionError("no level-5 drill of seeds 1-9 can be planned on the board before the dice")


def test_a_drill_set_marks_a_wrong_click():
    drills = DrillSet([1], [1], "closing")
    drill = drills.run.drill
    pid = drills.run.session.asking
    wrong = misread_colour_cell(drill.state, pid, drill.dice)
    drills.click(wrong)
    assert drills.board.wrong == (wrong,) and "die" in drills.run.session.feedback.message


def test_the_whole_rounds_step_1_diagnoses_marks_and_shows_why():
    exercise = WholeRound(generate(5, 3))
    session = exercise.session
    pid = session.asking
    drill = session.drill
    right = session.end_of(pid)
    wrong = next(c for c in drill.state.board if c != right and diagnose(drill.state, drill.dice, pid, c))
    exercise.click(wrong)
    mistake = diagnose(drill.state, drill.dice, pid, wrong)
    assert mistake is not None and mistake.message in exercise._verdict.value.replace("&#x27;", "'")
    assert exercise.board.wrong == (wrong,)
    exercise.show_why()
    assert exercise.asteroid_why is not None
    assert not any(
        isinstance(e, ColumnPlayed) for e in exercise.asteroid_why.events
    )  # the dice, not the plan
    exercise.back_to_question()
    assert exercise.asteroid_why is None and exercise._board_box.children == (exercise.board,)


def ramming() -> Game:
    craft = Craft("blue", (6, 4), parse_direction("E"))
    rock = Piece("R1", "asteroid", (6, 6), "blue", parse_direction("E"), 1)
    game = Game(State(mode="racing", pieces=(rock,), crafts=(craft,), player_order=("blue",)))
    game.play_round({"blue": "F F F . . . S"}, dice=(1, 1, 6))
    return game


def test_the_destroy_or_bounce_question_is_asked_at_its_moment_and_gives_way_to_the_answer():
    board = DecisionBoard(ramming, yes="Destroy", no="Bounce")
    shown = lambda widget: widget.layout.display != "none"  # noqa: E731
    assert (
        board.index == 0 and not shown(board._asking) and not shown(board._answers) and shown(board._waiting)
    )
    board.go(board.asked_at - 1)
    assert not shown(board._asking)
    board.go(board.asked_at)  # the collision's moment: the question and its buttons
    assert board.asking and shown(board._asking) and shown(board._answers) and not shown(board._waiting)
    board.choose(True)
    assert not shown(board._asking) and shown(board._answers) and "Destroy" in board._verdict.value
    board.again()
    assert board.answer is None and board._verdict.value == "" and not shown(board._asking)
