"""Chapters 1–3 as a learner uses them in Voila: rule boards stepped, the stopwatch's lock, a hex's address.

Issue 26: chapter 3's priority slider narrated another board (its callback read a
name a later cell reassigned), and chapter 2's chart stayed locked for good after
TIME!. Each rule board must play its own pieces: every step changes its caption,
and every tile the caption names is drawn on that board.
"""

from __future__ import annotations

import re

import pytest

from asteroyds import Dice, resolve_asteroids
from asteroyds.hexgrid import STANDARD_BOARD, parse_direction
from asteroyds.i18n import _, use_language
from asteroyds.pieces import Piece
from asteroyds.state import State
from asteroyds.ui.board.view import cell_fraction
from asteroyds.ui.teach.scenes import patch

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot

pytestmark = pytest.mark.ui
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
RULE_BOARD = ".asteroyds-rule-board"
# How a caption names a tile: "#6" in English, "n°6" in French.
NUMBER = re.compile(r"(?:#|n°)\s?(\d+)")
CRAFT = {"en": re.compile(r"\bthe (\w+) craft\b"), "fr": re.compile(r"\ble vaisseau (\w+)\b")}
FIXED = re.compile(r"\b([PL]\d+)\b")  # pods and platforms are named by their id


def board_facts(board) -> dict[str, object]:
    """What a rule board shows now: its pieces and crafts (the board's data), the numbers drawn on it."""
    data = board.locator(".asteroyds-board-data").first
    drawn = board.locator(".asteroyds-board text").all_text_contents()
    return {
        "pieces": data.get_attribute("data-pieces"),
        "crafts": data.get_attribute("data-crafts"),
        "numbers": {t.strip() for t in drawn if t.strip().isdigit()},
        "caption": board.locator(".asteroyds-rule-caption").inner_text().strip(),
    }


def step_to_the_end(page, board, lang: str, colours: dict[str, str]) -> tuple[int, bool]:
    """Press Step until the last event; check each caption against the board. Returns (steps, changed)."""
    start = board_facts(board)
    counter = board.locator(".asteroyds-rule-counter")
    total = int(re.findall(r"\d+", counter.inner_text())[-1])
    changed, caption = False, start["caption"]
    for done in range(1, total + 1):
        board.locator(".asteroyds-rule-step").click()
        handle = counter.element_handle()
        page.wait_for_function(
            "([el, n]) => el.innerText.trim().startsWith(n + ' ')", arg=[handle, done], timeout=TIMEOUT
        )
        now = board_facts(board)
        assert now["caption"] and now["caption"] != caption, f"step {done}: the caption did not change"
        caption = now["caption"]
        for number in NUMBER.findall(caption):  # every tile it names is on this board
            assert number in start["numbers"], f"{caption!r} names #{number}, not on this board"
        for player in CRAFT[lang].findall(caption):
            assert colours.get(player, player) in now["crafts"], f"{caption!r}: no such craft here"
        for piece in FIXED.findall(caption):
            assert f"{piece}@" in now["pieces"], f"{caption!r}: no {piece} on this board"
        changed = changed or (now["pieces"], now["crafts"]) != (start["pieces"], start["crafts"])
    assert board.locator(".asteroyds-rule-step").is_disabled()
    return total, changed


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_rule_board_of_chapter_3_plays_its_own_pieces(page, voila_url, lang):
    name = "03_moving_asteroids" if lang == "en" else "fr/03_moving_asteroids"
    with use_language(lang):
        colours = {_("blue"): "blue", _("red"): "red"}  # a French caption says "bleu" of the "blue" craft
    open_notebook(page, voila_url, name, wait_for=RULE_BOARD)
    boards = page.locator(RULE_BOARD)
    page.wait_for_function(f"document.querySelectorAll('{RULE_BOARD} .asteroyds-board-data').length >= 7")
    assert boards.count() == 7  # red, white, blue, bicolour, priority, the whole board, gates
    for i in range(boards.count()):
        board = boards.nth(i)
        board.scroll_into_view_if_needed()
        scenes = board.locator(".asteroyds-scene-choice button")
        labels = scenes.all_text_contents() or [None]
        changed_once = False
        for j, label in enumerate(labels):
            if label is not None and j > 0:
                before = board_facts(board)["pieces"]
                scenes.nth(j).click()
                page.wait_for_function(
                    "([el]) => el.innerText.trim().startsWith('0 ')",
                    arg=[board.locator(".asteroyds-rule-counter").element_handle()],
                    timeout=TIMEOUT,
                )
                assert board_facts(board)["pieces"] is not None and before is not None
            steps, changed = step_to_the_end(page, board, lang, colours)
            assert steps >= 1, f"board {i}, scene {label!r} has nothing to play"
            changed_once = changed_once or changed
        assert changed_once, f"board {i} never moved a piece"
        if i == 4:
            screenshot(board, f"chapter3-priority-board-{lang}")


def test_again_replays_a_rule_board_from_its_start(page, voila_url):
    open_notebook(page, voila_url, "03_moving_asteroids", wait_for=RULE_BOARD)
    priority = page.locator(RULE_BOARD).nth(4)
    priority.scroll_into_view_if_needed()
    data = priority.locator(".asteroyds-board-data").first
    assert data.get_attribute("data-pieces") == "W6@2,2 GC@2,4"
    assert data.get_attribute("data-moves")  # the start shows where the dice send both tiles
    pieces = "([root, want]) => root.querySelector('.asteroyds-board-data').dataset.pieces === want"
    root = priority.element_handle()
    priority.locator(".asteroyds-rule-again").click()
    page.wait_for_function(pieces, arg=[root, "W6@2,3 GC@2,4"], timeout=TIMEOUT)  # #6 went first
    last = "White gate #24 is blocked by white asteroid #6"  # and #24's move is void
    page.wait_for_function(
        "([root, text]) => root.querySelector('.asteroyds-rule-caption').innerText.includes(text)",
        arg=[root, last],
        timeout=TIMEOUT,
    )
    assert page.evaluate(pieces, [root, "W6@2,3 GC@2,4"])
    priority.locator(".asteroyds-rule-again").click()  # as often as wished: back to the start first
    page.wait_for_function(pieces, arg=[root, "W6@2,2 GC@2,4"], timeout=TIMEOUT)
    page.wait_for_function(pieces, arg=[root, "W6@2,3 GC@2,4"], timeout=TIMEOUT)


def test_chapter_3_push_exercise_is_answered_on_its_small_board(page, voila_url):
    shove = State(
        mode="racing",
        pieces=(
            Piece("B1", "asteroid", (2, 5), "blue", parse_direction("W"), 5),
            Piece("W1", "asteroid", (2, 4), "white", parse_direction("E"), 11),
            Piece("P1", "pod", (1, 3)),
        ),
        board=patch(5, 8),
    )
    answer = resolve_asteroids(shove, Dice(2, 2, 1))[0].piece("W1").cell
    open_notebook(page, voila_url, "03_moving_asteroids", wait_for=LAZY_OPEN)
    open_sections(page, 2, [0])  # the exercise is the chapter's first closed section
    page.locator(".asteroyds-reveal").first.wait_for(timeout=TIMEOUT)
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-reveal")).last
    exercise.scroll_into_view_if_needed()
    figure = exercise.locator(".asteroyds-board svg.svg-figure").first
    box = figure.bounding_box()
    fx, fy = cell_fraction(answer, patch(5, 8))
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})
    feedback = exercise.locator(".asteroyds-feedback")
    feedback.wait_for(timeout=TIMEOUT)
    assert feedback.get_attribute("data-correct") == "true", feedback.inner_text()
    assert not re.search(r"\(\d+, \d+\)", feedback.inner_text())  # no coordinates in the words


def test_chapter_2_stopwatch_locks_both_charts_at_time_and_reset_gives_them_back(page, voila_url):
    open_notebook(page, voila_url, "02_planning", wait_for=".asteroyds-stopwatch")
    open_sections(page, 3)  # the chapter's chart, the refusing one (both locked) and the exercise's
    watch = page.locator(".asteroyds-stopwatch")
    watch.scroll_into_view_if_needed()
    watch.get_by_role("button", name="Custom").click()
    seconds = watch.locator("input[type=number]")
    seconds.fill("5")
    seconds.press("Enter")
    page.wait_for_function(
        "document.querySelector('.asteroyds-stopwatch-time').dataset.remaining === '5.00'", timeout=TIMEOUT
    )
    watch.locator(".asteroyds-stopwatch-start").click()
    page.wait_for_function(
        "document.querySelector('.asteroyds-stopwatch-time').dataset.status === 'expired'", timeout=TIMEOUT
    )
    # The page's charts in order: the chapter's, the refusing one (both wired), the exercise's.
    locked = "[...document.querySelectorAll('.asteroyds-chart-data-values')].map(e => e.dataset.locked)"
    page.wait_for_function(f"(s => s[0] === 'true' && s[1] === 'true')({locked})", timeout=TIMEOUT)
    assert page.evaluate(locked) == ["true", "true", "false"]
    screenshot(watch, "chapter2-stopwatch-time")
    watch.locator(".asteroyds-stopwatch-reset").click()
    page.wait_for_function(f"{locked}.every(v => v === 'false')", timeout=TIMEOUT)
    watch.locator(".asteroyds-stopwatch-start").click()  # Start works again, and so does the chart
    page.wait_for_function(
        "document.querySelector('.asteroyds-stopwatch-time').dataset.status === 'running'", timeout=TIMEOUT
    )
    assert page.evaluate(locked)[0] == "false"


def test_chapter_1_tells_the_address_of_a_clicked_hex(page, voila_url):
    open_notebook(page, voila_url, "01_board_and_pieces", wait_for=LAZY_OPEN)
    assert page.locator(".asteroyds-lazy .asteroyds-board-picture").count() == 1  # its picture, until opened
    open_sections(page, 2, [0])  # the board: the chapter's first closed section
    page.locator(".asteroyds-board-view .asteroyds-board svg.svg-figure").first.wait_for(timeout=TIMEOUT)
    board = page.locator(".asteroyds-board-view").first
    board.scroll_into_view_if_needed()
    figure = board.locator(".asteroyds-board svg.svg-figure").first
    box = figure.bounding_box()
    fx, fy = cell_fraction((5, 7), STANDARD_BOARD)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})
    page.wait_for_function(
        "([el]) => el.innerText.includes('Row 5, column 7')", arg=[board.element_handle()], timeout=TIMEOUT
    )
    assert "the blue craft" in board.inner_text()  # it stands on its platform there
