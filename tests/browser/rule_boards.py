"""Driving a rule board (``asteroyds.ui.teach.rule_board``) from a browser test."""

from __future__ import annotations

import re

from playwright.sync_api import expect

RULE_BOARD = ".asteroyds-rule-board"
DATA = ".asteroyds-board-state .asteroyds-board-data"


def board_data(board: object, name: str) -> str:
    """``data-NAME`` of the board under ``board`` (a locator): pieces, crafts, laser, disabled, scores…"""
    return board.locator(DATA).first.get_attribute(f"data-{name}") or ""  # type: ignore[attr-defined]


def counted(board: object) -> tuple[int, int]:
    """(events played, events in all), as the board's counter says ("3 of 12")."""
    words = board.locator(".asteroyds-rule-counter").inner_text().split()  # type: ignore[attr-defined]
    return int(words[0]), int(words[-1])


def step_once(board: object) -> int:
    """Press *Step* and wait until the counter shows one more event played; return that count.

    The board draws its pieces, then the caption, then the counter
    (``RuleBoard.go``), so once the count has moved on the caption and the
    board's data are the new event's.
    """
    done = counted(board)[0] + 1
    board.locator(".asteroyds-rule-step").click()  # type: ignore[attr-defined]
    counter = board.locator(".asteroyds-rule-counter")  # type: ignore[attr-defined]
    expect(counter).to_have_text(re.compile(rf"^\s*{done}\D"), timeout=15_000)
    return done


def step_to(board: object, index: int) -> None:
    """Press *Step* until ``index`` events are played, waiting for the page after each press
    (a press never runs ahead of the kernel, so the count is exact)."""
    while counted(board)[0] < index:
        step_once(board)


def wait_for_data(page: object, index: int, name: str, value: str, timeout: float = 15_000) -> None:
    """Wait until ``data-NAME`` of the page's ``index``-th rule board is ``value``."""
    page.wait_for_function(  # type: ignore[attr-defined]
        f"() => {{ const b = document.querySelectorAll({RULE_BOARD!r})[{index}]; "
        f"const e = b && b.querySelector('.asteroyds-board-data'); "
        f"return !!e && e.dataset[{name!r}] === {value!r}; }}",
        timeout=timeout,
    )
