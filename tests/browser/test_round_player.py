"""The round player in a real browser: the widgets demo's full round, stepped event by event.

The page cannot call the kernel, so the widgets publish what the test needs:
the round player's hidden ``.asteroyds-round-values`` (phase, cursor, event
count), the priority table's ``data-order`` (the engine's resolution order of
the colour phase shown) and ``data-piece`` on every row. The expected orders
are also computed here, from the engine, for the same layout and dice.
"""

from __future__ import annotations

import pytest

from asteroyds import resolve_asteroids, setup
from asteroyds.events import PhaseStarted

from .conftest import open_notebook, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "widgets_demo"
VALUES = ".asteroyds-round-player .asteroyds-round-values"
TABLE = ".asteroyds-priority-inspector table.asteroyds-priority-table"
CURRENT_ROW = ".asteroyds-priority-inspector tr.asteroyds-current"
WIDGETS = {
    "board": ".asteroyds-board-view",
    "chart": ".asteroyds-status-chart.asteroyds-panel",
    "dice": ".asteroyds-dice",
    "stopwatch": ".asteroyds-stopwatch",
    "round_player": ".asteroyds-round-player",
    "inspector": ".asteroyds-priority-inspector",
    "log": ".asteroyds-event-log",
}


@pytest.fixture
def demo(page, voila_url):
    open_notebook(page, voila_url, NOTEBOOK, wait_for=".asteroyds-round-player")
    return page


def values(page) -> dict[str, str]:
    return page.locator(VALUES).evaluate("e => Object.assign({}, e.dataset)")


def wait_values(page, condition: str, timeout: float = 20_000) -> None:
    """Wait until the round player's published values ``d`` satisfy a JS condition."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({VALUES!r}); const d = e && e.dataset; "
        f"return !!d && ({condition}); }}",
        timeout=timeout,
    )


def press(page, name: str) -> None:
    page.locator(f".asteroyds-round-player .asteroyds-btn-{name}").click()


def step_and_read(page, step: int) -> tuple[str, str, str | None]:
    """Press step ▶ and read (colour phase, its order, the highlighted row's piece) once the
    inspector shows the new cursor."""
    press(page, "next")
    page.wait_for_function(
        f"() => {{ const t = document.querySelector({TABLE!r}); "
        f"return t && t.dataset.cursor === '{step}'; }}",
        timeout=20_000,
    )
    return page.evaluate(
        f"""() => {{
            const t = document.querySelector({TABLE!r});
            const rows = document.querySelectorAll({CURRENT_ROW!r});
            if (rows.length > 1) throw new Error('more than one current row');
            return [t.dataset.phase, t.dataset.order, rows.length ? rows[0].dataset.piece : null];
        }}"""
    )


def roll_plan_asteroids(page) -> int:
    press(page, "roll")
    wait_values(page, "d.gamePhase === 'plan' && d.phase === 'roll'")
    press(page, "plan")
    wait_values(page, "d.expected === 'asteroids'")
    press(page, "asteroids")
    wait_values(page, "d.phase === 'asteroids' && d.cursor === '0'")
    return int(values(page)["count"])


def test_the_highlighted_row_follows_the_engine_order(demo):
    count = roll_plan_asteroids(demo)
    # The engine's own orders for this layout and these dice (the demo sets the dice panel to 3, 5, 2).
    _after, events = resolve_asteroids(setup("racing", seed=1, players=["blue", "red"]), (3, 5, 2))
    expected = {e.phase: list(e.order) for e in events if isinstance(e, PhaseStarted)}
    assert count == len(events)

    followed: dict[str, list[str]] = {}
    for step in range(1, count + 1):
        phase, order, current = step_and_read(demo, step)
        assert order.split() == expected[phase], (step, phase)
        seen = followed.setdefault(phase, [])
        if current is not None and (not seen or seen[-1] != current):
            seen.append(current)
        if step == 16:  # the fourth white element resolving: one picture of every widget
            for name, selector in WIDGETS.items():
                screenshot(demo.locator(selector).first, f"round_player-{name}")
    assert followed == {phase: order for phase, order in expected.items()}
    assert values(demo)["cursor"] == str(count)
    assert not demo.errors, demo.errors


def test_step_back_play_fly_and_end_round(demo):
    count = roll_plan_asteroids(demo)
    press(demo, "last")
    wait_values(demo, f"d.cursor === '{count}'")
    press(demo, "back")
    wait_values(demo, f"d.cursor === '{count - 1}'")
    press(demo, "start")
    wait_values(demo, "d.cursor === '0'")
    press(demo, "play")
    wait_values(demo, "d.playing === 'true' && Number(d.cursor) >= 2")  # 3 events per second
    # The kernel stays free while the events play: the dice panel still answers.
    demo.locator(".asteroyds-die-red select").select_option("6")
    demo.wait_for_function(
        "() => document.querySelector(\".asteroyds-die[data-colour='red']\").dataset.value === '6'",
        timeout=10_000,
    )
    press(demo, "play")  # the play toggle: a second click pauses
    wait_values(demo, "d.playing === 'false'")
    paused_at = int(values(demo)["cursor"])
    assert 0 < paused_at < count
    press(demo, "last")
    press(demo, "fly")
    wait_values(demo, "d.phase === 'fly' && d.cursor === '0'")
    demo.wait_for_function(
        f"() => {{ const t = document.querySelector({TABLE!r}); return t && t.dataset.phase === 'fly'; }}",
        timeout=20_000,
    )
    step_and_read(demo, 1)
    assert demo.locator(CURRENT_ROW).get_attribute("data-piece") == "blue"  # player one flies first
    screenshot(demo.locator(WIDGETS["inspector"]), "round_player-inspector-flight")
    press(demo, "last")
    press(demo, "end")
    wait_values(demo, "d.phase === 'end' && d.gamePhase === 'roll' && d.round === '1'")
    log = demo.locator(".asteroyds-event-log tr.asteroyds-current")
    assert log.inner_text().strip().endswith("End of round 1: charts reset; red is now player one")
    assert not demo.errors, demo.errors
