"""Chapters 3 and 4 teach each rule on a board that plays it (issue 26).

For every rule board of the chapter: stepping it to the end changes the board,
and every piece a caption names ("red asteroid #3", "pod P1", "the blue craft")
is on that board — a board narrates its own pieces, never another cell's.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import open_notebook, open_sections, screenshot
from .rule_boards import counted, step_once

pytestmark = pytest.mark.ui
CHAPTERS = ("03_moving_asteroids", "04_flying")
# A chapter whose boards further down are closed sections (their picture until opened): how many
# closed sections the page opens with, and which are rule boards.
CLOSED = {"04_flying": (8, [0, 1, 2, 3, 4])}
# "#3" (a tile's number) and the ids of pods, platforms, turrets; crafts by colour.
NUMBER = re.compile(r"#(\d+)")
FIXED = re.compile(r"\b((?:P|T|TR|TW|L)\d+)\b")
CRAFT = re.compile(r"\b(blue|red|green|yellow) craft\b", re.I)


def _board_state(board: object) -> str:
    data = board.locator(".asteroyds-board-data")  # type: ignore[attr-defined]
    return data.get_attribute("data-pieces") + "|" + data.get_attribute("data-crafts")


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_each_rule_board_plays_its_own_pieces(page, voila_url, chapter):
    open_notebook(page, voila_url, chapter, wait_for=".asteroyds-rule-board")
    if chapter in CLOSED:
        open_sections(page, *CLOSED[chapter])
    boards = page.locator(".asteroyds-rule-board")
    count = boards.count()
    assert count >= 4, f"{chapter} shows {count} rule boards"
    for index in range(count):
        board = boards.nth(index)
        board.scroll_into_view_if_needed()
        start = _board_state(board)
        done, total = counted(board)
        captions = []
        while done < total:
            done = step_once(board)  # the caption below is this event's
            captions.append(board.locator(".asteroyds-rule-caption").inner_text())
        expect(board.locator(".asteroyds-rule-step")).to_be_disabled()  # its end
        assert captions, f"board {index} of {chapter} has nothing to step"
        assert _board_state(board) != start, f"board {index} of {chapter}: stepping changed nothing"
        names = board.locator(".asteroyds-rule-names").get_attribute("data-names").split("|")
        on_board = " ".join(names)
        for caption in captions:
            for number in NUMBER.findall(caption):
                assert f"#{number}" in names or any(n.endswith(f"#{number}") for n in names), (
                    f"board {index} of {chapter} says #{number}, not on it: {caption!r} / {names}"
                )
            for fixed in FIXED.findall(caption):
                assert fixed in on_board, f"board {index} of {chapter}: {fixed} is not on it: {caption!r}"
            for colour in CRAFT.findall(caption):
                assert f"{colour.lower()} craft" in on_board, f"board {index} of {chapter}: {caption!r}"
        if index < 2:
            screenshot(board, f"rule-board-{chapter}-{index}")
