"""StopwatchController and Stopwatch without a browser (and one real asyncio countdown)."""

from __future__ import annotations

import asyncio

import pytest

from asteroyds import RuleSettings
from asteroyds.ui import Stopwatch, StopwatchController
from asteroyds.ui.chart.stopwatch import bar_colour
from tests.helpers import run_in_own_loop


def test_planning_times_come_from_the_rules():
    assert StopwatchController.for_mode("racing").seconds == 50
    assert StopwatchController.for_mode("racing", RuleSettings(planning_level="expert")).seconds == 20
    assert StopwatchController.for_mode("racing", RuleSettings(planning_seconds=33)).seconds == 33
    assert Stopwatch(mode="racing").controller.seconds == 50
    assert Stopwatch(12).controller.seconds == 12


def test_tick_to_zero_fires_on_timeout_exactly_once():
    sw = StopwatchController(3)
    fired = []
    sw.on_timeout(lambda: fired.append(1))
    assert sw.tick(1) is False and sw.remaining == 3  # not started
    sw.start()
    assert sw.status == "running"
    assert [sw.tick(1), sw.tick(1), sw.tick(1.5), sw.tick(1)] == [False, False, True, False]
    assert fired == [1] and sw.expired and not sw.running and sw.remaining == 0
    sw.start()  # an expired stopwatch does not restart
    assert not sw.running
    sw.reset()
    assert (sw.remaining, sw.status) == (3, "ready")
    sw.start()
    sw.tick(10)
    assert fired == [1, 1]


def test_pause_resume_and_text():
    sw = StopwatchController(60)
    assert sw.text == "1:00"
    sw.start()
    sw.tick(0.4)
    assert sw.text == "1:00" and sw.fraction == pytest.approx(59.6 / 60)
    sw.pause()
    assert sw.status == "paused"
    sw.tick(30)
    assert sw.remaining == pytest.approx(59.6)
    sw.start()
    sw.tick(50.6)
    assert sw.text == "0:09"
    sw.reset(20)
    assert (sw.seconds, sw.text) == (20, "0:20")
    with pytest.raises(ValueError, match="positive"):
        sw.reset(0)


def test_view_follows_the_controller_and_calls_back_once():
    view = Stopwatch(5)
    fired = []
    view.on_timeout(lambda: fired.append("lock"))
    assert "asteroyds-stopwatch" in view._dom_classes
    view.start()  # no running loop here: the test ticks by hand
    assert view.running
    view.controller.tick(2)
    assert 'data-remaining="3.00"' in view._time.value and ">0:03<" in view._time.value
    assert view._bar.value == pytest.approx(0.6)
    assert view._buttons["start"].disabled and not view._buttons["pause"].disabled
    view.controller.tick(3)
    view.controller.tick(3)
    assert fired == ["lock"]
    assert 'data-status="expired"' in view._time.value and "TIME!" in view._time.value
    assert view._bar.style.bar_color == bar_colour(0.0)
    view.reset()
    assert 'data-status="ready"' in view._time.value and not view._buttons["start"].disabled


def test_levels_and_custom_seconds():
    view = Stopwatch(mode="racing")
    view._level.value = "expert"
    assert view.controller.seconds == 20
    view._level.value = "custom"
    view._custom.value = 45
    assert view.controller.seconds == 45
    assert Stopwatch(45)._level.value == "custom"


def test_timeout_callback_errors_are_shown():
    view = Stopwatch(1)

    def broken():
        raise RuntimeError("chart gone")

    view.on_timeout(broken)
    view.start()
    view.controller.tick(1)
    assert "chart gone" in view._error.value


def test_asyncio_countdown_does_not_block_and_times_out():
    async def scenario():
        view = Stopwatch(0.3, interval=0.05)
        fired = []
        view.on_timeout(lambda: fired.append(1))
        view.start()
        other_work = 0
        while not view.controller.expired:  # the loop stays free while the stopwatch ticks
            other_work += 1
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        return fired, other_work

    fired, other_work = run_in_own_loop(scenario)
    assert fired == [1] and other_work > 5


def test_pause_cancels_the_ticking_task():
    async def scenario():
        view = Stopwatch(10, interval=0.02)
        view.start()
        await asyncio.sleep(0.1)
        view.pause()
        left = view.controller.remaining
        await asyncio.sleep(0.1)
        return left, view.controller.remaining

    left, later = run_in_own_loop(scenario)
    assert left < 10 and later == left


def test_the_page_hears_from_the_clock_once_a_second_not_at_every_tick():
    view = Stopwatch(30)
    changes = []
    view._time.observe(lambda ch: changes.append("time"), names="value")
    view._bar.observe(lambda ch: changes.append("bar"), names="value")
    view.start()
    changes.clear()  # starting shows "running"
    for _ in range(8):  # two seconds in quarter-second ticks
        view.controller.tick(0.25)
    assert view.controller.remaining == pytest.approx(28)
    assert changes == ["time", "bar", "time", "bar"]  # 0:30 → 0:29 → 0:28: one update each second
    assert 'data-remaining="28.00"' in view._time.value


def test_a_chart_locked_at_time_is_unlocked_by_a_reset_and_locks_again_next_time():
    """Chapter 2's demo: after TIME! the chart stayed locked through Reset and Start (issue 26)."""
    import asteroyds
    from asteroyds.ui.chart.status.view import StatusChart

    state = asteroyds.setup("racing", seed=1, players=["blue"])
    chart = StatusChart(state.craft("blue"), state.mode)
    view = Stopwatch(2)
    view.locks(chart)
    view.start()
    view.controller.tick(2)
    assert chart.locked and not chart.place(0, 1, "F").accepted  # TIME!: the chart refuses a token
    view._buttons["reset"].click()  # the learner presses Reset
    assert not chart.locked and view.controller.status == "ready"
    assert chart.place(0, 1, "F").accepted and str(chart.program).split()[0] == "F"
    view._buttons["start"].click()
    view.controller.tick(2)
    assert chart.locked  # the next TIME! locks it again
    view._level.value = "expert"  # a new planning time is a new countdown too
    assert not chart.locked and view.controller.seconds == 20


def test_reset_callbacks_run_after_every_refill_and_their_errors_are_shown():
    sw = StopwatchController(3)
    refills = []
    sw.on_reset(lambda: refills.append(sw.remaining))
    sw.start()
    sw.tick(1)
    sw.reset()
    sw.reset(5)
    assert refills == [3, 5]
    view = Stopwatch(4)

    def broken():
        raise RuntimeError("chart gone")

    view.on_reset(broken)
    view.reset()
    assert "chart gone" in view._error.value
    view.on_reset(broken, remove=True)
    view._error.value = ""
    view._buttons["reset"].click()
    assert view._error.value == ""
