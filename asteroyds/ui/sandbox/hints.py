"""The coach's tools as hints: asked for, counted, switchable off by a teacher, and never on the clock.

Plain Python. :class:`Hints` is its own object, owned by
:class:`~asteroyds.ui.sandbox.controller.SandboxController` (one per game),
because a sandbox that trains must not let the coach play for the learner
(issue 35: copying *Show me the best plan* won 4 games of 4 without thinking).
So the coach's tools are **hints**:

- **off until asked**: the danger map is off again each time a player starts planning,
  and the best plan is computed only when its button is pressed;
- **counted**: each time a player turns the danger map on or asks for the best
  plan is one hint, and the game's summary says how many (``"3 hints used"``,
  ``"0 hints used"`` too);
- **switchable off by a teacher** (``allowed``): the page's ``?hints=off`` or the
  server's ``ASTEROYDS_HINTS=off`` (docs/teachers.md#the-coach-in-class); the
  coach's panel then shows no tool, and :meth:`ask` refuses;
- **never on the clock**: the coach computes for seconds (a danger map plays
  216 rolls); the planning stopwatch pauses while it does, and goes on after.

>>> from asteroyds.ui.chart.stopwatch import StopwatchController
>>> hints, clock = Hints(), StopwatchController(50)
>>> clock.start()
>>> hints.ask("best-plan", "blue", lambda: clock.running, clock)
False
>>> clock.running, hints.used, hints.summary()
(True, 1, '1 hint used')
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Protocol, TypeVar

from ...errors import RuleError
from ...event_text import player_text
from ...i18n import _, ngettext

T = TypeVar("T")
OFF_WORDS: tuple[str, ...] = ("off", "0", "no", "false")
ENVIRONMENT = "ASTEROYDS_HINTS"  # a class server's setting: off for every sandbox it serves


class Clock(Protocol):
    """What the coach pauses while it thinks: the planning stopwatch (widget or controller)."""

    @property
    def running(self) -> bool: ...

    def pause(self) -> None: ...

    def start(self) -> None: ...


def hints_allowed(value: str | None = None) -> bool:
    """Does the teacher allow hints? No when the server says ``ASTEROYDS_HINTS=off`` (whatever the page's
    address) or the page's ``?hints=`` says off; yes otherwise."""
    server = os.environ.get(ENVIRONMENT, "").strip().lower()
    page = (value or "").strip().lower()
    return server not in OFF_WORDS and page not in OFF_WORDS


class Hints:
    """The hints of one game: allowed or not, and how many each player asked for."""

    def __init__(self, allowed: bool = True) -> None:
        self.allowed = allowed
        self.asked: list[tuple[str, str]] = []  # (kind, player), oldest first

    @property
    def used(self) -> int:
        return len(self.asked)

    def used_by(self, player: str) -> int:
        return sum(1 for _kind, who in self.asked if who == player)

    def ask(self, kind: str | None, player: str | None, compute: Callable[[], T], clock: Clock | None) -> T:
        """Run the coach's ``compute`` with ``clock`` paused (resumed after, if it ran), counting one hint
        of ``kind`` for ``player``; ``kind`` None (the same hint in another style) pauses, counts nothing.

        Refused (a :class:`RuleError`, nothing computed) when the teacher switched hints off.
        """
        if kind is not None and not self.allowed:
            raise RuleError(_("Hints are switched off for this game by the teacher."))
        running = clock is not None and clock.running
        if running:
            assert clock is not None
            clock.pause()
        try:
            result = compute()
        finally:
            if running:
                assert clock is not None
                clock.start()
        if kind is not None:
            self.asked.append((kind, player or ""))
        return result

    def summary(self, players: tuple[str, ...] = ()) -> str:
        """``"3 hints used"``; with two humans or more, each one's: ``"3 hints used (blue 2, red 1)"``."""
        n = self.used
        text = ngettext("{n} hint used", "{n} hints used", n, n=n)
        if len(players) > 1:
            text += " (" + ", ".join(f"{player_text(p)} {self.used_by(p)}" for p in players) + ")"
        return text


__all__ = ["ENVIRONMENT", "Clock", "Hints", "hints_allowed"]
