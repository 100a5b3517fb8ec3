"""Issue 35 (a tutor's answers) in Chromium, in English and in French: a wrong click on a practice
drill of each level and on chapters 1 and 3's exercises is marked on the board (``data-wrong``) and
answered with the mistake the engine diagnoses (computed in this process from the same question);
chapter 3 and 5's wrong choices give their reason; and the verdicts that lied no longer do.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD, Dice, resolve_asteroids
from asteroyds.drills import generate
from asteroyds.drills.mistakes import COLOUR, PUSH, diagnose, diagnose_plan
from asteroyds.drills.plan import find_program
from asteroyds.hexgrid import parse_direction
from asteroyds.i18n import use_language
from asteroyds.pieces import Piece
from asteroyds.program import Program
from asteroyds.state import State
from asteroyds.ui.board.layers import cell_key
from asteroyds.ui.practice.whole_round import WholeRoundSession
from asteroyds.ui.teach.scenes import patch

from .board_clicks import click_cell
from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot
from .rule_boards import counted, step_to

pytestmark = pytest.mark.ui
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
LAPTOP = {"width": 1366, "height": 1000}
PRACTICE = ".asteroyds-practice"
DATA = ".asteroyds-board-data"


def page_name(lang: str, name: str) -> str:
    return name if lang == "en" else f"fr/{name}"


def expect_marked(root, cell) -> None:
    """The board under ``root`` marks ``cell`` as a wrong answer."""
    expect(root.locator(DATA).first).to_have_attribute("data-wrong", cell_key(cell), timeout=TIMEOUT)


def expect_wrong_verdict(root, words: str) -> None:
    verdict = root.locator(".asteroyds-feedback[data-correct='false']").last
    expect(verdict).to_contain_text(words, timeout=TIMEOUT)


def said(lang: str, state, dice, pid, cell) -> tuple[str, str]:
    """The mistake the engine diagnoses for this click, in the page's language: (key, sentence)."""
    with use_language(lang):
        mistake = diagnose(state, dice, pid, cell)
    assert mistake is not None
    return mistake.key, mistake.message


def diagnosed_cell(state, dice, pid, right):
    """A wrong space some misreading explains (the board's own order: no cell typed in)."""
    return next(c for c in state.board if c != right and diagnose(state, dice, pid, c) is not None)


def seed_of(page) -> int:
    body = page.locator(f"{PRACTICE} .asteroyds-practice-question-body").first
    return int(body.get_attribute("data-seed"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_wrong_answer_on_each_practice_level_is_marked_and_diagnosed(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, page_name(lang, "practice"), wait_for=f"{PRACTICE} .asteroyds-board")
    root = page.locator(PRACTICE)
    for level in (1, 2, 3, 4):
        page.locator(f"{PRACTICE} .asteroyds-practice-level button").nth(level - 1).click()
        page.wait_for_function(
            "n => document.querySelector('.asteroyds-practice-question-body').dataset.level === n",
            arg=str(level),
            timeout=TIMEOUT,
        )
        drill = generate(level, seed_of(page))
        pid = drill.pieces[0]
        wrong = diagnosed_cell(drill.state, drill.dice, pid, tuple(drill.cells[pid]))
        _key, sentence = said(lang, drill.state, drill.dice, pid, wrong)
        click_cell(root, wrong, STANDARD_BOARD)
        expect_marked(root, wrong)
        expect_wrong_verdict(root, sentence)
        if level == 2:
            screenshot(root, f"tutor-practice-wrong-{lang}")
    # Level 5: a plan made for the board as it stands, flown; the mistake named, its space marked.
    page.locator(f"{PRACTICE} .asteroyds-practice-level button").nth(4).click()
    page.locator(f"{PRACTICE} .asteroyds-chart-figure").wait_for(timeout=TIMEOUT)
    for _new in range(8):  # the level's drills in order until one a naive plan gets wrong
        drill = generate(5, seed_of(page))
        naive = find_program(drill.state, drill.player)
        if naive is not None:
            break
        before = seed_of(page)
        page.locator(f"{PRACTICE} .asteroyds-practice-new").click()
        page.wait_for_function(
            "s => document.querySelector('.asteroyds-practice-question-body').dataset.seed !== s",
            arg=str(before),
            timeout=TIMEOUT,
        )
    assert naive is not None
    with use_language(lang):
        mistake = diagnose_plan(drill.state, drill.dice, drill.player, naive)
    assert mistake is not None and mistake.cell is not None
    chart = root.locator(".asteroyds-chart-data-values").first
    for column, token in enumerate(Program.parse(naive).columns, start=1):
        if token in (".", "S"):
            continue
        button = root.locator(
            f".asteroyds-cell-{column}{token} button, button.asteroyds-cell-{column}{token}"
        )
        before = chart.get_attribute("data-program")
        button.first.click()
        expect(chart).not_to_have_attribute("data-program", before, timeout=TIMEOUT)
    assert Program.parse(chart.get_attribute("data-program")).columns == Program.parse(naive).columns
    root.locator(".asteroyds-practice-fly").click()
    expect_marked(root, mistake.cell)
    expect_wrong_verdict(root, mistake.message)
    screenshot(root, f"tutor-practice-plan-{lang}")
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chapter_1_marks_a_wrong_click_and_keeps_a_right_verdict(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, page_name(lang, "01_board_and_pieces"), wait_for=LAZY_OPEN)
    open_sections(page, 2, [1])  # the exercise is built when the learner opens it (the second section)
    rock = Piece("R1", "asteroid", (6, 7), "red", parse_direction("SW"), 3)
    field, dice = State(mode="racing", pieces=(rock,)), Dice(4, 1, 1)
    right = resolve_asteroids(field, dice)[0].piece("R1").cell
    wrong = next(c for c in field.board if (m := diagnose(field, dice, "R1", c)) and m.key == COLOUR)
    key, sentence = said(lang, field, dice, "R1", wrong)
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-reveal")).first
    click_cell(exercise, wrong, field.board)
    expect_marked(exercise, wrong)
    expect_wrong_verdict(exercise, sentence)
    screenshot(exercise, f"tutor-chapter-1-wrong-{lang}")
    click_cell(exercise, right, field.board)
    right_verdict = exercise.locator(".asteroyds-feedback[data-correct='true']")
    expect(right_verdict).to_be_visible(timeout=TIMEOUT)
    expect(exercise.locator(DATA).first).to_have_attribute("data-wrong", "", timeout=TIMEOUT)
    exercise.locator(".asteroyds-reveal").click()  # after a right answer: still right, not "✘"
    expect(exercise.locator(DATA).first).to_have_attribute("data-highlight", cell_key(right), timeout=TIMEOUT)
    expect(right_verdict).to_contain_text("✔")
    assert exercise.locator(".asteroyds-feedback[data-correct='false']").count() == 0
    assert page.errors == []  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chapter_3_diagnoses_a_forgotten_push_and_gives_a_wrong_choice_its_reason(page, voila_url, lang):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, page_name(lang, "03_moving_asteroids"), wait_for=LAZY_OPEN)
    open_sections(page, 2, [0])  # the exercise is the chapter's first closed section
    shove = State(
        mode="racing",
        pieces=(
            Piece("B1", "asteroid", (2, 5), "blue", parse_direction("W"), 5),
            Piece("W1", "asteroid", (2, 4), "white", parse_direction("E"), 11),
            Piece("P1", "pod", (1, 3)),
        ),
        board=patch(5, 8),
    )
    dice = Dice(2, 2, 1)
    wrong = next(c for c in shove.board if (m := diagnose(shove, dice, "W1", c)) and m.key == PUSH)
    _key, sentence = said(lang, shove, dice, "W1", wrong)
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-reveal")).last
    click_cell(exercise, wrong, shove.board)
    expect_marked(exercise, wrong)
    expect_wrong_verdict(exercise, sentence)
    screenshot(exercise, f"tutor-chapter-3-push-{lang}")
    choice = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-choice")).first
    choice.scroll_into_view_if_needed()
    choice.locator(".asteroyds-choice", has_text="#8").click()
    reason = "larger number" if lang == "en" else "plus grand numéro"
    expect_wrong_verdict(choice, reason)
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_verdicts_that_lied(page, voila_url):
    page.set_viewport_size(LAPTOP)
    # Chapter 2: Show a solution on a fresh page is the page's solution, not the learner's "Well flown".
    open_notebook(page, voila_url, "02_planning", wait_for=LAZY_OPEN)
    open_sections(page, 3, [2])  # the exercise: the third closed section (the first two, charts)
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-show-solution"))
    exercise.scroll_into_view_if_needed()
    exercise.locator(".asteroyds-show-solution").click()
    shown = exercise.locator(".asteroyds-feedback[data-shown='true']")
    expect(shown).to_contain_text("A solution", timeout=TIMEOUT)
    assert "Well flown" not in shown.inner_text() and "✔" not in shown.inner_text()

    # Chapter 4: the destroy-or-bounce question appears at the collision, then gives way to the answer.
    open_notebook(page, voila_url, "04_flying", wait_for=LAZY_OPEN)
    open_sections(page, 8, [2])  # the question's board: the third closed section (two rule boards before it)
    board = page.locator(".asteroyds-decision-board")
    board.scroll_into_view_if_needed()
    question = board.locator(".asteroyds-decision-question")
    assert counted(board)[0] == 0
    expect(question).to_be_hidden()
    expect(board.locator(".asteroyds-decision-waiting")).to_be_visible()
    total = counted(board)[1]
    step_to(board, total - 1)
    expect(question).to_be_hidden()
    step_to(board, total)  # the collision's moment
    expect(question).to_be_visible(timeout=TIMEOUT)
    expect(question).to_contain_text("about to hit")
    board.locator(".asteroyds-decision-no").click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("Bounce off", timeout=TIMEOUT)
    expect(question).to_be_hidden()
    screenshot(board, "tutor-decision-answered")

    # Chapter 4's whole round, step 1: a wrong mark diagnosed and marked, then Show me why steps the dice.
    open_sections(page, 7, [6])  # the chapter's last closed section (the question's board is open)
    whole = page.locator(".asteroyds-whole-round")
    session = WholeRoundSession(generate(5, 3))  # the chapter's cell: WholeRound(generate(5, 3))
    drill, pid = session.drill, session.pieces[0]
    wrong = diagnosed_cell(drill.state, drill.dice, pid, session.end_of(pid))
    _key, sentence = said("en", drill.state, drill.dice, pid, wrong)
    click_cell(whole, wrong, STANDARD_BOARD)
    expect_marked(whole, wrong)
    expect_wrong_verdict(whole, sentence)
    whole.locator(".asteroyds-whole-round-why").click()
    whole.locator(".asteroyds-rule-board .asteroyds-rule-step").wait_for(timeout=TIMEOUT)
    expect(whole.locator(".asteroyds-whole-round-back")).to_be_visible(timeout=TIMEOUT)
    screenshot(whole, "tutor-whole-round-why")

    # Chapter 5: a wrong choice says why.
    open_notebook(page, voila_url, "05_racing_game", wait_for=".asteroyds-choice")
    choice = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-choice")).first
    choice.scroll_into_view_if_needed()
    choice.locator(".asteroyds-choice", has_text="blue").click()
    expect_wrong_verdict(choice, "damage only breaks a tie")
    assert page.errors == []  # type: ignore[attr-defined]
