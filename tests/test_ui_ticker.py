"""The Ticker behind the stopwatch and the round player's Play: real asyncio loops, in their own thread."""

from __future__ import annotations

import asyncio
import doctest
import threading

import asteroyds.ui.ticker as ticker_module
from asteroyds.ui.ticker import Ticker
from tests.helpers import run_in_own_loop


def test_it_ticks_with_the_time_that_passed_until_told_to_stop():
    async def scenario():
        ticks: list[float] = []
        ticker = Ticker(ticks.append, lambda: len(ticks) < 3, interval=0.02)
        ticker.start()
        ticker.start()  # already ticking: still one task
        while ticker.running:
            await asyncio.sleep(0.01)
        return ticks

    ticks = run_in_own_loop(scenario)
    assert len(ticks) == 3 and all(t >= 0.015 for t in ticks)


def test_an_error_goes_to_the_handler_and_the_ticking_goes_on():
    async def scenario():
        seen: list[str] = []
        calls: list[float] = []

        def tick(seconds: float) -> None:
            calls.append(seconds)
            if len(calls) == 1:
                raise ValueError("first tick broke")

        ticker = Ticker(tick, lambda: len(calls) < 3, interval=0.01, on_error=lambda e: seen.append(str(e)))
        ticker.start()
        while ticker.running:
            await asyncio.sleep(0.01)
        return seen, len(calls)

    assert run_in_own_loop(scenario) == (["first tick broke"], 3)


def test_stop_cancels_the_task():
    async def scenario():
        ticks: list[float] = []
        ticker = Ticker(ticks.append, lambda: True, interval=0.01)
        ticker.start()
        await asyncio.sleep(0.05)
        ticker.stop()
        count = len(ticks)
        await asyncio.sleep(0.05)
        return count, len(ticks), ticker.running

    count, later, running = run_in_own_loop(scenario)
    assert count > 0 and later == count and not running


def test_module_doctests():
    # In a thread of its own: the browser tests' Playwright session runs an asyncio loop on the main
    # thread, and the doctest shows what start() does where no loop runs (plain Python, a doctest).
    results = []
    worker = threading.Thread(target=lambda: results.append(doctest.testmod(ticker_module)))
    worker.start()
    worker.join(timeout=30)
    assert results and results[0].failed == 0 and results[0].attempted > 0
