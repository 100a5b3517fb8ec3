"""A clock for widgets: call ``tick(seconds)`` every ``interval`` from an asyncio task.

The stopwatch counts down and the round player plays events at a speed: both
are plain controllers with a ``tick(seconds)`` method, so tests drive them
without waiting. In Jupyter and Voila a :class:`Ticker` ticks them from a
task on the kernel's running loop, never ``time.sleep`` in a callback, so the
kernel keeps answering while the time runs. Where no loop runs (plain Python,
a doctest) :meth:`Ticker.start` does nothing.

>>> ticks = []
>>> ticker = Ticker(ticks.append, lambda: True, interval=0.01)
>>> ticker.start()  # no running loop here: nothing is scheduled
>>> ticker.running, ticks
(False, [])
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

Tick = Callable[[float], object]
ErrorHandler = Callable[[Exception], object]


class Ticker:
    """Calls ``tick(seconds)`` every ``interval`` while ``keep_going()`` is true.

    ``seconds`` is the time the loop measured since the last tick (a slow tick
    is caught up, not lost). An exception from ``tick`` goes to ``on_error``
    (the widget shows it, never a traceback in Voila) and the ticking goes on;
    with no ``on_error`` it ends the ticking (a caller may guard ``tick`` itself).
    """

    def __init__(
        self,
        tick: Tick,
        keep_going: Callable[[], bool],
        *,
        interval: float,
        on_error: ErrorHandler | None = None,
    ) -> None:
        self._tick = tick
        self._keep_going = keep_going
        self.interval = interval
        self._on_error = on_error
        self._task: asyncio.Task | None = None

    @property
    def running(self) -> bool:
        """Is a ticking task scheduled or running?"""
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        """Start ticking on the running loop (the kernel's); no loop, or already ticking: nothing."""
        if self.running:
            return
        try:
            loop = asyncio.get_running_loop()  # the kernel's loop, in Jupyter and Voila
        except RuntimeError:
            return  # plain Python, no loop: tests call the controller's tick() themselves
        self._task = loop.create_task(self._ticking())

    def stop(self) -> None:
        """Cancel the ticking task, if any."""
        task, self._task = self._task, None
        if task is not None and not task.done():
            task.cancel()

    async def _ticking(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while self._keep_going():
            await asyncio.sleep(self.interval)
            now = loop.time()
            try:
                self._tick(now - last)
            except Exception as exc:
                if self._on_error is None:
                    raise
                self._on_error(exc)
            last = now
        if self._task is asyncio.current_task():  # not a newer task started from inside a tick
            self._task = None


__all__ = ["Ticker"]
