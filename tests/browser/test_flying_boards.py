"""Chapter 4's rule boards in a real browser (Voila + Chromium): each rule is played on its board.

Every rule board of the chapter (the actions, a collision with the shield on and off, the
platform, the gate, destroy-or-bounce; those below the first are closed sections showing
their picture, opened first as a learner opens them) is stepped to its end:
the board changes, and each caption names only pieces on that board. The destroy-or-bounce
board answers either way on the board, and *Again* asks anew (never "run the cell above").
The exercise's *Show a solution* puts the solution on the chart and checks it. The French page
asks in French.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot

pytestmark = pytest.mark.ui

CHAPTER = "04_flying"
BOARDS = ".asteroyds-rule-board"
CLOSED = 8  # closed sections as the page opens: five boards, then the exercise, the drills, the round
BOARD_SECTIONS = [0, 1, 2, 3, 4]  # the rule boards below the first
DECISION = 2  # among them, the third: destroy or bounce off
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
CRAFT = re.compile(r"\b[Tt]he (\w+) (?:craft|player)\b")
FIXED = re.compile(r"\b(?:pod|platform) ([A-Z]\w*)\b")
TILE = re.compile(r"\b(?:red|white|blue)(?:/red|/blue)? (?:asteroid|gate) #(\d+)\b")


def data(board) -> dict[str, str]:
    """What the board shows, as it publishes it (pieces and crafts by cell, the outlined cells)."""
    return board.locator(".asteroyds-board-data").first.evaluate("e => Object.assign({}, e.dataset)")


def counter(board) -> str:
    return board.locator(".asteroyds-rule-counter").inner_text()


def step(board) -> None:
    """Press Step ▶ and wait for the board to show the next event."""
    before = counter(board)
    board.locator(".asteroyds-rule-step").click()
    expect(board.locator(".asteroyds-rule-counter")).not_to_have_text(before, timeout=TIMEOUT)


def step_to_the_end(board) -> list[tuple[str, dict[str, str]]]:
    """Step until the counter reads "N of N" (Step ▶ then disabled); the caption and the board's
    data after each step. The counter, not the button, says when to stop: the button's state is
    another widget message, and reading it between two messages clicked a button about to go off."""
    seen = []
    while True:
        done, total = counter(board).split()[0::2]
        if done == total:
            break
        step(board)
        seen.append((board.locator(".asteroyds-rule-caption").inner_text().strip(), data(board)))
    expect(board.locator(".asteroyds-rule-step")).to_be_disabled(timeout=TIMEOUT)
    return seen


def played_on(board) -> None:
    """After an answer the board plays on by itself from the question (an event every 0.9 s): wait for
    its end ("N of N", Step ▶ off). Stepping it instead raced the player: the test read "k of N", the
    player reached the end, and the click waited 30 s on a button gone off."""
    at_its_end = re.compile(r"^\s*(\d+) \S+ \1\s*$")  # "15 of 15", "15 sur 15"
    expect(board.locator(".asteroyds-rule-counter")).to_have_text(at_its_end, timeout=TIMEOUT)
    expect(board.locator(".asteroyds-rule-step")).to_be_disabled(timeout=TIMEOUT)


def on_the_board(start: dict[str, str], labels: list[str], caption: str) -> list[str]:
    """The names in ``caption`` that are not on the board (crafts, pods and platforms by id, tiles
    by the priority number printed on them)."""
    players = {c.split("@")[0] for c in start["crafts"].split()}
    ids = {p.split("@")[0] for p in start["pieces"].split()}
    missing = [f"the {p} craft" for p in CRAFT.findall(caption) if p not in players]
    missing += [f"piece {i}" for i in FIXED.findall(caption) if i not in ids]
    missing += [f"tile #{n}" for n in TILE.findall(caption) if n not in labels]
    return missing


@pytest.fixture
def chapter(page, voila_url):
    page.set_viewport_size({"width": 1366, "height": 1100})
    open_notebook(page, voila_url, CHAPTER, wait_for=f"{BOARDS} .asteroyds-rule-step")
    open_sections(page, CLOSED, BOARD_SECTIONS)  # the boards further down open as a learner opens them
    expect(page.locator(BOARDS)).to_have_count(6, timeout=TIMEOUT)
    return page


def test_every_rule_board_plays_its_rule_with_captions_about_its_own_pieces(chapter):
    page = chapter
    titles = []
    for index in range(page.locator(BOARDS).count()):
        board = page.locator(BOARDS).nth(index)
        board.scroll_into_view_if_needed()
        title = board.locator(".asteroyds-rule-title").inner_text()
        titles.append(title)
        start = data(board)
        labels = [t.strip() for t in board.locator("svg text").all_text_contents()]
        assert counter(board).startswith("0 of ")
        seen = step_to_the_end(board)
        assert seen, f"{title}: no event to play"
        assert any((d["pieces"], d["crafts"]) != (start["pieces"], start["crafts"]) for _c, d in seen), (
            f"{title}: stepping never changed the board"
        )
        captions = [caption for caption, _d in seen]
        assert all(captions) and all(a != b for a, b in zip(captions, captions[1:], strict=False))
        for caption in captions:
            assert on_the_board(start, labels, caption) == [], f"{title}: {caption!r}"
        if index == 1:  # the collision with the shield on: back to the crash, outlined where it happened
            crash = next(i for i, (c, _d) in enumerate(seen) if "hits pod P1" in c)
            for _back in range(len(seen) - 1 - crash):
                before = counter(board)
                board.locator(".asteroyds-rule-back").click()
                expect(board.locator(".asteroyds-rule-counter")).not_to_have_text(before, timeout=TIMEOUT)
            assert "hits pod P1" in board.locator(".asteroyds-rule-caption").inner_text()
            assert set(data(board)["highlight"].split()) == {"6,5", "6,6"}  # the craft, the pod
            screenshot(board, "rule-board-collision")
    assert titles[0] == "The actions · the blue craft flies F R L U F . S"
    assert any(t.startswith("Destroy or bounce off?") for t in titles)
    assert page.errors == []  # type: ignore[attr-defined]


def test_destroy_or_bounce_answers_on_the_board_and_again_asks_anew(chapter):
    page = chapter
    board = page.locator(".asteroyds-decision-board")
    board.scroll_into_view_if_needed()
    question = board.locator(".asteroyds-decision-question").inner_text()
    assert question.startswith("The blue craft is about to hit blue asteroid #1") and "(6, 5)" not in question
    step_to_the_end(board)  # to the moment of the question
    asked = counter(board)
    assert set(data(board)["highlight"].split()) == {"6,4", "6,5"}  # the craft and the asteroid
    board.locator(".asteroyds-decision-yes").click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("Destroy it", timeout=TIMEOUT)
    played_on(board)
    end = data(board)
    assert "R1@" not in end["pieces"] and end["crafts"] == "blue@6,7:E:3"
    screenshot(board, "rule-board-destroyed")
    board.locator(".asteroyds-rule-again").click()  # starts over: the question is open again
    expect(board.locator(".asteroyds-decision-verdict")).to_have_text("", timeout=TIMEOUT)
    total = asked.split(" of ")[1]  # the board is back to the question's events (waits: it redraws after)
    expect(board.locator(".asteroyds-rule-counter")).to_have_text(
        re.compile(rf" of {total}$"), timeout=TIMEOUT
    )
    board.locator(".asteroyds-decision-no").click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("Bounce off", timeout=TIMEOUT)
    played_on(board)
    end = data(board)
    assert "R1@6,5" in end["pieces"] and end["crafts"] == "blue@6,4:E:1"
    assert "run the cell" not in page.inner_text("body")
    assert page.errors == []  # type: ignore[attr-defined]


def test_show_a_solution_flies_it_on_the_chart(chapter):
    page = chapter
    open_sections(page, 3, [0])  # the exercise is the first of the sections left closed by the fixture
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-show-solution"))
    exercise.scroll_into_view_if_needed()
    exercise.locator(".asteroyds-show-solution").click()
    feedback = exercise.locator(".asteroyds-feedback")
    expect(feedback).to_have_attribute("data-correct", "true", timeout=TIMEOUT)
    assert "F L F R R F S crosses gate A cleanly." in feedback.inner_text()
    values = exercise.locator(".asteroyds-chart-data-values").first
    assert values.get_attribute("data-program") == "F L F R R F S"
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_french_page_asks_in_french(page, voila_url):
    open_notebook(page, voila_url, f"fr/{CHAPTER}", wait_for=LAZY_OPEN)
    open_sections(page, CLOSED, [DECISION])  # the question's board
    board = page.locator(".asteroyds-decision-board")
    board.scroll_into_view_if_needed()
    step_to_the_end(board)  # the question is asked at its moment (issue 35)
    question = board.locator(".asteroyds-decision-question").inner_text()
    assert question.startswith("Le vaisseau bleu va heurter")
    answer = board.locator(".asteroyds-decision-yes")
    assert answer.inner_text() == "Le détruire (3 points de dommage)"
    answer.click()
    expect(board.locator(".asteroyds-decision-verdict")).to_contain_text("Votre réponse", timeout=TIMEOUT)
    played_on(board)
    assert data(board)["crafts"] == "blue@6,7:E:3"
    assert "Again" not in board.inner_text() and "Encore" in board.inner_text()
    assert page.errors == []  # type: ignore[attr-defined]


def test_the_platform_scenes_leave_hit_its_own_and_another_and_the_costs_table(chapter):
    """Issue 33: the craft leaves L1 by turning back, flies back into L1, or into L2 (1 damage each);
    the collisions section shows every cost, shield on and off."""
    page = chapter
    board = page.locator(BOARDS, has_text="Platforms · the blue craft starts on its own, L1")
    board.scroll_into_view_if_needed()
    ends = {
        "It leaves L1": "blue@6,2:W:0",
        "It flies back into L1": "blue@6,5:W:1",
        "It flies into L2": "blue@6,6:E:1",
    }
    for label, end in ends.items():
        board.locator(".asteroyds-scene-choice button", has_text=label).click()
        expect(board.locator(".asteroyds-rule-counter")).to_have_text(re.compile(r"^0 of"), timeout=TIMEOUT)
        step_to_the_end(board)
        assert data(board)["crafts"] == end, label
    screenshot(board, "rule-board-platforms")
    costs = page.locator(".asteroyds-fact-table", has_text="What a collision costs")
    costs.scroll_into_view_if_needed()
    rows = [r.inner_text().split("\t") for r in costs.locator("tbody tr").all()]
    assert [row[1:] for row in rows] == [["1", "2"], ["3", "4"], ["0", "1"]]
    screenshot(costs, "chapter4-collision-costs")
    assert page.errors == []  # type: ignore[attr-defined]
