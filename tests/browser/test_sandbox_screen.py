"""The sandbox on a laptop's screen (1366x900), with the keyboard alone (issue 26).

While planning, the board and the status chart are on screen together; while the
round resolves, the board and the round player's Step. A program is planned and
submitted, and the round stepped, with the keyboard only (no mouse): Tab and Enter, and the
arrow keys inside the status chart's grid (one tab stop). A running
game asks before the page is left. The screenshots go to the README.
"""

from __future__ import annotations

import pytest

from .conftest import open_notebook, readme_image, screenshot
from .test_sandbox import ROOT, values, wait_for, wait_stage

pytestmark = pytest.mark.ui
LAPTOP = {"width": 1366, "height": 900}


def box(page, css: str) -> dict[str, float]:
    found = page.locator(f"{ROOT} {css}").first.bounding_box()
    assert found is not None, f"{css} is not shown"
    return found


def inside_viewport(page, css: str) -> bool:
    b = box(page, css)
    return (
        b["x"] >= 0
        and b["y"] >= 0
        and b["x"] + b["width"] <= LAPTOP["width"]
        and (b["y"] + b["height"] <= LAPTOP["height"])
    )


def to_the_board(page) -> None:
    """Scroll as a player does: the board's top just under the window's top edge."""
    page.locator(f"{ROOT} .asteroyds-board-view").first.evaluate("e => e.scrollIntoView({block: 'start'})")
    page.evaluate("window.scrollBy(0, -8)")


def press_on(page, css: str, limit: int = 400) -> None:
    """Tab until the element ``css`` has the focus, then press Enter: the keyboard alone."""
    for _ in range(limit):
        if page.evaluate(f"() => !!document.activeElement && document.activeElement.matches({css!r})"):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {css}")


def focused(page) -> str:
    """The label of the focused element (a cell button says its cell: ``1F``)."""
    return str(page.evaluate("() => (document.activeElement && document.activeElement.textContent) || ''"))


def plan_with_the_arrow_keys(page) -> None:
    """F F R . . . S on the chart's grid: Tab reaches it once, the arrows move, Enter puts the action.

    The grid is one tab stop (a roving tabindex, issue 26 item 7): Tab arrives on 1F, the other 34
    cells are reached with the arrows only, and one Tab from a cell leaves the grid.
    """
    grid = f"{ROOT} .asteroyds-chart-grid"
    stops = page.evaluate(
        f"() => Array.from(document.querySelectorAll({grid!r} + ' .asteroyds-cell-button'))"
        ".filter(b => b.tabIndex === 0).map(b => b.textContent)"
    )
    assert stops == ["1F"], stops  # one tab stop in the grid
    press_on(page, ".asteroyds-cell-1F")  # Tab to the grid; Enter: Forward in column 1
    for key, now in (("ArrowRight", "2F"), ("Enter", "2F"), ("ArrowRight", "3F"), ("ArrowDown", "3R")):
        page.keyboard.press(key)
        assert focused(page) == now, (key, focused(page))
    page.keyboard.press("Enter")  # Right in column 3; columns 4-6 stay empty, the shield stays on
    page.keyboard.press("End")
    assert focused(page) == "7R"  # the row's last cell (the red column)
    page.keyboard.press("Home")
    assert focused(page) == "1R"
    page.keyboard.press("Tab")  # one Tab leaves the grid
    assert page.evaluate(f"() => !document.activeElement.closest({grid!r})")
    page.keyboard.press("Shift+Tab")  # and Shift+Tab comes back to the cell it left
    assert focused(page) == "1R"


def test_planning_and_resolving_fit_one_screen_with_the_keyboard_alone(page, voila_url):
    page.set_viewport_size(LAPTOP)
    open_notebook(page, voila_url, "sandbox", wait_for=f"{ROOT} .asteroyds-start")
    page.locator(f"{ROOT} .asteroyds-start").focus()  # where a keyboard user's Tab would arrive
    page.keyboard.press("Enter")
    wait_stage(page, "roll")
    press_on(page, ".asteroyds-dice .asteroyds-roll")
    wait_stage(page, "planning")  # one human: no hand-over screen
    page.wait_for_selector(f"{ROOT} .asteroyds-chart-figure", timeout=20_000)

    to_the_board(page)
    assert inside_viewport(page, ".asteroyds-board-view"), box(page, ".asteroyds-board-view")
    assert inside_viewport(page, ".asteroyds-chart-figure"), box(page, ".asteroyds-chart-figure")
    shot = screenshot(page, "sandbox-planning-1366x900")

    plan_with_the_arrow_keys(page)
    wait_for(page, "d.program === 'F F R . . . S'", f"{ROOT} .asteroyds-chart-data-values")
    press_on(page, ".asteroyds-submit")
    wait_stage(page, "asteroids")
    assert values(page)["inputs"] != "0"

    press_on(page, ".asteroyds-btn-asteroids")
    wait_for(page, "d.phase !== ''", f"{ROOT} .asteroyds-round-values")
    press_on(page, ".asteroyds-btn-next")
    wait_for(page, "Number(d.cursor) >= 0", f"{ROOT} .asteroyds-round-values")
    to_the_board(page)
    assert inside_viewport(page, ".asteroyds-board-view"), box(page, ".asteroyds-board-view")
    assert inside_viewport(page, ".asteroyds-btn-next"), box(page, ".asteroyds-btn-next")
    resolving = screenshot(page, "sandbox-resolving-1366x900")
    readme_image(shot, "sandbox-planning.png")
    readme_image(resolving, "sandbox-resolving.png")


def test_leaving_a_running_game_asks_first(page, voila_url):
    open_notebook(page, voila_url, "sandbox", wait_for=f"{ROOT} .asteroyds-start")
    page.locator(f"{ROOT} .asteroyds-start").click()
    wait_stage(page, "roll")
    page.wait_for_selector(f"{ROOT}.asteroyds-keep-on-leave", timeout=20_000)
    asked: list[str] = []

    def dialog(d) -> None:
        asked.append(d.type)
        d.dismiss()  # stay on the page

    page.on("dialog", dialog)
    with page.expect_event("dialog", timeout=20_000):  # the page asks (or the test fails here)
        page.close(run_before_unload=True)
    assert asked == ["beforeunload"]
    assert not page.is_closed()  # the player stayed; the game and its kernel are still there
    page.locator(f"{ROOT} .asteroyds-dice .asteroyds-roll").click()
    wait_stage(page, "planning")
