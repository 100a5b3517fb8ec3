"""Driving a rule board (``asteroyds.ui.teach.rule_board``) from a browser test."""

from __future__ import annotations

import re

from playwright.sync_api import expect

RULE_BOARD = ".asteroyds-rule-board"
DATA = ".asteroyds-board-state .asteroyds-board-data"


def board_data(board: object, name: str) -> str:
    """``data-NAME`` of the board under ``board`` (a locator): pieces, crafts, laser, disabled, scores…"""
    return board.locator(DATA).first.get_attribute(f"data-{name}") or ""  # type: ignore[attr-defined]


def step_to(board: object, index: int) -> None:
    """Press *Step* until ``index`` events are played, waiting for the page after each press
    (a press never runs ahead of the kernel, so the count is exact)."""
    counter = board.locator(".asteroyds-rule-counter")  # type: ignore[attr-defined]
    done = int(counter.inner_text().split()[0])
    while done < index:
        board.locator(".asteroyds-rule-step").click()  # type: ignore[attr-defined]
        done += 1
        expect(counter).to_have_text(re.compile(rf"^\s*{done}\D"), timeout=15_000)


def wait_for_data(page: object, index: int, name: str, value: str, timeout: float = 15_000) -> None:
    """Wait until ``data-NAME`` of the page's ``index``-th rule board is ``value``."""
    page.wait_for_function(  # type: ignore[attr-defined]
        f"() => {{ const b = document.querySelectorAll({RULE_BOARD!r})[{index}]; "
        f"const e = b && b.querySelector('.asteroyds-board-data'); "
        f"return !!e && e.dataset[{name!r}] === {value!r}; }}",
        timeout=timeout,
    )
