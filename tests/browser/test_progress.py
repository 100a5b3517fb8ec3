"""A learner's progress in Chromium (issue 35, part 6): chapter 1's exercise answered, then the chapter
reloaded (the answer shown again), the welcome page's map in English and in French (chapter 1's stars,
*Continue* opening chapter 2), the practice page's level stars and the suggested next level, chapter
3's drill set going on from the drill not answered, and *Reset my progress*. One browser, one
localStorage: the two languages share one record.
"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD, Dice, resolve_asteroids
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Piece
from asteroyds.state import State
from asteroyds.ui.board.view import cell_fraction

from .conftest import LAZY_OPEN, RENDER_TIMEOUT, open_notebook, open_sections, screenshot

LAPTOP = {"width": 1366, "height": 900}
PHONE = {"width": 390, "height": 844}
CHAPTER_1 = "01_board_and_pieces"
MAP = ".asteroyds-progress-map"
STARS_OF_1 = f"{MAP} .asteroyds-progress-chapter[data-chapter='{CHAPTER_1}']"


def chapter_1_answer() -> tuple[int, int]:
    """Where chapter 1's exercise's red asteroid stops (the engine's answer, as the chapter asks it)."""
    rock = Piece("R1", "asteroid", (6, 7), "red", parse_direction("SW"), 3)
    after, _events = resolve_asteroids(State(mode="racing", pieces=(rock,)), Dice(4, 1, 1))
    return after.piece("R1").cell


def kept(page) -> dict:
    return json.loads(page.evaluate("() => window.localStorage.getItem('asteroyds:progress') || '{}'"))


def test_a_chapter_answered_is_remembered_starred_and_continued_in_both_languages(page, voila_url):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, CHAPTER_1, wait_for=LAZY_OPEN)
    open_sections(page, 2, [1])  # the exercise, built when the learner opens it (the board above: the first)
    page.locator(".asteroyds-exercise .asteroyds-board svg.svg-figure").first.wait_for(timeout=RENDER_TIMEOUT)
    exercise = page.locator(".asteroyds-exercise").first
    exercise.scroll_into_view_if_needed()
    figure = exercise.locator(".asteroyds-board svg.svg-figure").first
    box = figure.bounding_box()
    fx, fy = cell_fraction(chapter_1_answer(), STANDARD_BOARD)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})
    expect(exercise.locator(".asteroyds-feedback")).to_have_attribute("data-correct", "true")
    # the page writes localStorage when the store's widget update arrives: wait for it
    page.wait_for_function(
        "() => (window.localStorage.getItem('asteroyds:progress') || '').includes('01_board_and_pieces')"
    )
    # the exercise of the page's first numbered section is number 100 (page_progress: by its section; the
    # board that tells addresses is a closed section with no exercise, so it takes no number)
    assert kept(page)["chapters"] == {CHAPTER_1: {"100": [1, 1]}} and kept(page)["last"] == CHAPTER_1

    # A reload of the French twin: the same record, the answer shown again, in French.
    open_notebook(page, voila_url, f"fr/{CHAPTER_1}", wait_for=LAZY_OPEN)
    open_sections(page, 2, [1])
    page.locator(".asteroyds-exercise-remembered").first.wait_for(timeout=RENDER_TIMEOUT)
    remembered = page.locator(".asteroyds-exercise-remembered").first
    assert remembered.get_attribute("data-first-try") == "true"
    assert "premier coup" in remembered.inner_text()

    # The welcome page's map, in each language: chapter 1's stars, Continue opens chapter 2.
    for lang, welcome, words in (
        ("en", "00_welcome", "Continue where you left off"),
        ("fr", "fr/00_welcome", "Reprendre là où vous en étiez"),
    ):
        page.set_viewport_size(LAPTOP)
        open_notebook(page, voila_url, welcome, wait_for=f"{STARS_OF_1}[data-stars='3']")
        assert page.locator(STARS_OF_1).get_attribute("data-done") == "true"
        assert page.locator(f"{MAP} .asteroyds-progress-chapter[data-stars='0']").count() == 9
        link = page.locator(f"{MAP} .asteroyds-progress-continue")
        assert link.get_attribute("data-chapter") == "02_planning"
        assert words in link.inner_text() and "2" in link.inner_text()
        screenshot(page.locator(MAP), f"progress-map-{lang}")
        page.set_viewport_size(PHONE)
        expect(link).to_be_visible()
        map_box = page.locator(MAP).bounding_box()
        assert map_box["x"] >= 0 and map_box["x"] + map_box["width"] <= PHONE["width"] + 1
        screenshot(page.locator(MAP), f"progress-map-phone-{lang}")
        with page.expect_navigation(wait_until="commit"):
            link.click()
        folder = "fr/" if lang == "fr" else ""
        assert page.url.endswith(f"/voila/render/{folder}02_planning.ipynb"), page.url
        # chapter 2 opens whole before the visit goes on: a page left mid-load may throw as it dies
        # ("Cannot send" from a widget of its closing kernel connection), which is not the app's error
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        page.wait_for_selector(".jupyter-widgets", timeout=RENDER_TIMEOUT)

    # Practice: a level mastered (five first-try rights in a row, as kept) shows its stars and the next level.
    page.set_viewport_size(LAPTOP)
    page.evaluate(
        "() => window.localStorage.setItem('asteroyds:practice',"
        " JSON.stringify({streak: 5, best: 5, levels: {'1': [5, 5]}, seeds: {'1': 6}, runs: {'1': 5},"
        " best_runs: {'1': 5}}))"
    )
    open_notebook(page, voila_url, "practice", wait_for=".asteroyds-practice-stars [data-mastered='true']")
    level_1 = page.locator(".asteroyds-practice-stars .asteroyds-progress-level[data-level='1']")
    assert level_1.get_attribute("data-stars") == "3" and "mastered" in level_1.inner_text()
    suggest = page.locator(".asteroyds-practice-next-level")
    expect(suggest).to_be_visible()
    assert "level 2" in suggest.inner_text()
    suggest.click()
    page.wait_for_function(
        "() => document.querySelector('.asteroyds-practice-question-body').dataset.level === '2'"
    )
    screenshot(page, "progress-practice-laptop")
    page.set_viewport_size(PHONE)
    stars_box = page.locator(".asteroyds-practice-stars").bounding_box()
    assert stars_box["x"] + stars_box["width"] <= PHONE["width"] + 1
    screenshot(page, "progress-practice-phone")

    # Chapter 3's closing drills answered on an earlier visit (two of three, as kept): on from the third.
    page.evaluate(
        "() => { const kept = JSON.parse(window.localStorage.getItem('asteroyds:progress'));"
        " kept.drills = {'03_moving_asteroids': {'20': [1, 0, null]}};"
        " window.localStorage.setItem('asteroyds:progress', JSON.stringify(kept)); }"
    )
    third = ".asteroyds-drill-set-progress[data-index='3']"
    open_notebook(page, voila_url, "03_moving_asteroids", wait_for=LAZY_OPEN)
    open_sections(page, 2, [1])  # the drills: the chapter's second closed section (their set is number 20)
    page.locator(third).wait_for(timeout=RENDER_TIMEOUT)
    assert kept(page)["drills"] == {"03_moving_asteroids": {"20": [1, 0, None]}}

    # Reset my progress asks first, then forgets the chapters and the practice record.
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, "00_welcome", wait_for=f"{STARS_OF_1}[data-stars='3']")
    expect(page.locator(f"{MAP} .asteroyds-progress-level[data-level='1']")).to_have_attribute(
        "data-mastered", "true"
    )
    page.locator(f"{MAP} .asteroyds-progress-reset").click()
    confirm = page.locator(f"{MAP} .asteroyds-progress-confirm")
    expect(confirm).to_be_visible()
    assert page.locator(STARS_OF_1).get_attribute("data-stars") == "3"  # nothing forgotten yet
    confirm.click()
    expect(page.locator(STARS_OF_1)).to_have_attribute("data-stars", "0")
    expect(page.locator(f"{MAP} .asteroyds-progress-continue")).to_have_attribute("data-chapter", CHAPTER_1)
    page.wait_for_function(
        "() => JSON.parse(window.localStorage.getItem('asteroyds:progress') || '{}').chapters"
        " && Object.keys(JSON.parse(window.localStorage.getItem('asteroyds:progress')).chapters).length === 0"
    )
    page.wait_for_function(
        "() => !(window.localStorage.getItem('asteroyds:practice') || '').includes('best_runs')"
    )
    # "Cannot send": a page being left (this visit opens eight in a row) whose widget sends a message
    # after its kernel connection closed. The learner never sees it (the page is gone); any other
    # error of any page fails the test.
    assert [error for error in page.errors if error != "Cannot send"] == []
