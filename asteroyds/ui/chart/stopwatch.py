"""The planning stopwatch: a countdown controller and a widget that ticks it with asyncio.

The controller is a plain state machine (remaining seconds, running, expired);
tests drive it with :meth:`StopwatchController.tick` and no time passes. The
widget ticks it with a :class:`~asteroyds.ui.ticker.Ticker` (an ``asyncio``
task), which never blocks the kernel.

>>> sw = StopwatchController.for_mode("racing")
>>> sw.seconds, sw.text
(50, '0:50')
>>> fired = []
>>> sw.on_timeout(lambda: fired.append("time!"))
>>> sw.start()
>>> sw.tick(49.5), sw.text, sw.tick(1), sw.tick(1), fired
(False, '0:01', True, False, ['time!'])

What TIME! locks, a reset unlocks: :meth:`Stopwatch.locks` wires both ends
(a page that only locked its chart at timeout left it locked for good, Reset
and Start refilled the clock but never gave the chart back).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Protocol

import ipywidgets as widgets

from ...i18n import _
from ...rules import DEFAULT_RULES, RuleSettings
from .. import theme
from ..observers import Observable
from ..share.markup import style, tag
from ..theme import COLOURS
from ..ticker import Ticker

TimeoutCallback = Callable[[], object]
ResetCallback = Callable[[], object]
LEVELS: tuple[str, ...] = ("beginner", "expert", "custom")
TICK_SECONDS = 0.25
READY, RUNNING, PAUSED, EXPIRED = "ready", "running", "paused", "expired"


class Lockable(Protocol):
    """What a stopwatch can lock at TIME! and give back on reset (a status chart)."""

    def lock(self) -> None: ...

    def unlock(self) -> None: ...


class StopwatchController(Observable["StopwatchController"]):
    """A countdown from ``seconds`` that fires its timeout callbacks exactly once."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self._timeouts: list[TimeoutCallback] = []
        self._resets: list[ResetCallback] = []
        self.seconds: float = 0
        self.remaining: float = 0
        self.running = False
        self.expired = False
        self.reset(seconds)

    @classmethod
    def for_mode(cls, mode: str, rules: RuleSettings = DEFAULT_RULES) -> StopwatchController:
        """A stopwatch set to the planning time of ``mode`` under ``rules``."""
        return cls(rules.planning_time(mode))

    # --- state ---------------------------------------------------------------------
    @property
    def status(self) -> str:
        """``ready``, ``running``, ``paused`` or ``expired``."""
        if self.expired:
            return EXPIRED
        if self.running:
            return RUNNING
        return READY if self.remaining == self.seconds else PAUSED

    @property
    def fraction(self) -> float:
        """Remaining time as a fraction of the whole (1.0 → 0.0)."""
        return self.remaining / self.seconds

    @property
    def text(self) -> str:
        """The time left as ``m:ss``, rounded up (``0:01`` until it is really over)."""
        whole = math.ceil(self.remaining - 1e-9)
        return f"{whole // 60}:{whole % 60:02d}"

    # --- commands ------------------------------------------------------------------
    def start(self) -> None:
        """Start or resume (an expired stopwatch needs :meth:`reset` first)."""
        if not self.expired and not self.running:
            self.running = True
            self._notify()

    def pause(self) -> None:
        if self.running:
            self.running = False
            self._notify()

    def reset(self, seconds: float | None = None) -> None:
        """Stop and refill (to ``seconds`` if given); the timeout can fire again."""
        if seconds is not None:
            if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds <= 0:
                raise ValueError(
                    _("the stopwatch needs a positive number of seconds, got {seconds!r}", seconds=seconds)
                )
            self.seconds = seconds
        self.remaining = self.seconds
        self.running = False
        self.expired = False
        self._notify()
        for callback in list(self._resets):
            callback()

    def tick(self, seconds: float) -> bool:
        """Let ``seconds`` pass; return True if the time ran out on this tick."""
        if not self.running or seconds <= 0:
            return False
        self.remaining = max(0.0, self.remaining - seconds)
        if self.remaining > 1e-9:
            self._notify()
            return False
        self.remaining = 0.0
        self.running = False
        self.expired = True
        self._notify()
        for callback in list(self._timeouts):
            callback()
        return True

    def on_timeout(self, callback: TimeoutCallback, remove: bool = False) -> None:
        """Call ``callback()`` when the time runs out."""
        if remove:
            self._timeouts.remove(callback)
        else:
            self._timeouts.append(callback)

    def on_reset(self, callback: ResetCallback, remove: bool = False) -> None:
        """Call ``callback()`` after every :meth:`reset`: a new countdown frees what TIME! locked."""
        if remove:
            self._resets.remove(callback)
        else:
            self._resets.append(callback)


def bar_colour(fraction: float) -> str:
    """Green, then yellow, then red as time runs out."""
    if fraction > 0.5:
        return COLOURS["player_green"]
    if fraction > 0.2:
        return COLOURS["player_yellow"]
    return COLOURS["player_red"]


class Stopwatch(widgets.VBox):
    """The planning countdown: progress bar, time, start / pause / reset and the level.

    The time is ``seconds`` if given, else ``rules.planning_time(mode)``.
    """

    def __init__(
        self,
        seconds: float | None = None,
        *,
        mode: str = "racing",
        rules: RuleSettings | None = None,
        controller: StopwatchController | None = None,
        interval: float = TICK_SECONDS,
    ) -> None:
        super().__init__()
        self._rules = rules or DEFAULT_RULES
        self._mode = mode
        self._callbacks: list[TimeoutCallback] = []
        self._reset_callbacks: list[ResetCallback] = []
        self._level_times = {
            level: self._rules.with_changes(planning_level=level, planning_seconds=None).planning_time(mode)
            for level in LEVELS[:2]
        }
        if controller is None:
            controller = StopwatchController(
                seconds if seconds is not None else self._rules.planning_time(mode)
            )
        self._controller = controller
        self._ticker = Ticker(
            controller.tick, lambda: controller.running, interval=interval, on_error=self._show_error
        )
        level = next((lv for lv, t in self._level_times.items() if t == controller.seconds), "custom")
        self._level = widgets.ToggleButtons(
            options=[(_("Beginner {n} s", n=self._level_times["beginner"]), "beginner"),
                     (_("Expert {n} s", n=self._level_times["expert"]), "expert"), (_("Custom"), "custom")],
            value=level,
            tooltips=[_("Beginner planning time"), _("Expert planning time"), _("Choose the seconds")],
            style={"button_width": "auto"},
        )  # fmt: skip
        self._custom = widgets.BoundedIntText(
            value=round(controller.seconds), min=5, max=600, step=5, description=_("seconds"),
            layout=widgets.Layout(width="150px", display="" if level == "custom" else "none"),
        )  # fmt: skip
        self._time = widgets.HTML()
        self._bar = widgets.FloatProgress(min=0.0, max=1.0, layout=widgets.Layout(width="260px"))
        self._buttons = {
            "start": widgets.Button(description=_("Start"), tooltip=_("Start the countdown")),
            "pause": widgets.Button(description=_("Pause"), tooltip=_("Pause the countdown")),
            "reset": widgets.Button(description=_("Reset"), tooltip=_("Refill the time")),
        }
        for name, button in self._buttons.items():
            button.add_class(f"asteroyds-stopwatch-{name}")
            # As wide as its words, never narrower than 80 px: French "Remettre à zéro" was cut at 80 px.
            button.layout.width, button.layout.min_width = "auto", "80px"
        self._buttons["start"].add_class("asteroyds-primary")
        self._buttons["start"].on_click(lambda _b: self._run(self.start))
        self._buttons["pause"].on_click(lambda _b: self._run(self.pause))
        self._buttons["reset"].on_click(lambda _b: self._run(self.reset))
        self._level.observe(lambda ch: self._run(lambda: self._level_changed(ch["new"])), names="value")
        self._custom.observe(lambda ch: self._run(lambda: self._custom_changed(ch["new"])), names="value")
        self._error = widgets.HTML()
        title = widgets.HTML(tag("span", _("PLANNING TIME"), class_="asteroyds-title"))
        clock = widgets.HBox(
            [self._time, self._bar], layout=widgets.Layout(align_items="center", grid_gap="12px")
        )
        self.children = [
            widgets.HTML(theme.CSS),
            title,
            clock,
            widgets.HBox(list(self._buttons.values()), layout=widgets.Layout(grid_gap="6px")),
            widgets.HBox([self._level, self._custom], layout=widgets.Layout(align_items="center")),
            self._error,
        ]
        self.layout = widgets.Layout(width="max-content")
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-stopwatch")
        controller.observe(self._show)
        controller.on_timeout(self._timed_out)
        controller.on_reset(self._was_reset)
        self._show(controller)

    # --- public API -------------------------------------------------------------------
    @property
    def controller(self) -> StopwatchController:
        return self._controller

    @property
    def running(self) -> bool:
        return self._controller.running

    def start(self) -> None:
        """Start counting down; ticks come from an asyncio task on the kernel's loop."""
        self._controller.start()
        if self._controller.running:
            self._ticker.start()

    def pause(self) -> None:
        self._controller.pause()
        self._ticker.stop()

    def reset(self, seconds: float | None = None) -> None:
        self._ticker.stop()
        self._controller.reset(seconds)

    def on_timeout(self, callback: TimeoutCallback, remove: bool = False) -> None:
        """Call ``callback()`` when the time runs out (e.g. lock the status charts)."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def on_reset(self, callback: ResetCallback, remove: bool = False) -> None:
        """Call ``callback()`` when the stopwatch is refilled (Reset, a new level or custom time)."""
        if remove:
            self._reset_callbacks.remove(callback)
        else:
            self._reset_callbacks.append(callback)

    def locks(self, *charts: Lockable) -> None:
        """TIME! locks these charts; a reset (a new countdown) unlocks them.

        Why both ends: wired to the timeout alone, a chart stayed locked after Reset and Start,
        so the page's planning demo could be tried only once.
        """
        for chart in charts:
            self.on_timeout(chart.lock)
            self.on_reset(chart.unlock)
            if self._controller.expired:  # wired after TIME! (a chart built later): locked as the others are
                chart.lock()

    def close(self) -> None:
        self._ticker.stop()
        super().close()

    # --- display ------------------------------------------------------------------------
    def _run(self, action: Callable[[], object]) -> None:
        self._error.value = ""
        try:
            action()
        except Exception as exc:
            self._show_error(exc)

    def _show_error(self, exc: Exception) -> None:
        self._error.value = theme.error_html(exc)  # shown in the widget, never a traceback in Voila

    def _level_changed(self, level: str) -> None:
        self._custom.layout.display = "" if level == "custom" else "none"
        self.reset(self._custom.value if level == "custom" else self._level_times[level])

    def _custom_changed(self, seconds: int) -> None:
        if self._level.value == "custom":
            self.reset(seconds)

    def _timed_out(self) -> None:
        self._call_all(self._callbacks)

    def _was_reset(self) -> None:
        self._call_all(self._reset_callbacks)

    def _call_all(self, callbacks: list[TimeoutCallback]) -> None:
        for callback in list(callbacks):
            try:
                callback()
            except Exception as exc:
                self._show_error(exc)

    def _show(self, c: StopwatchController) -> None:
        status = c.status
        colour = COLOURS["player_red"] if status == EXPIRED else COLOURS["text"]
        shown = _("TIME!") if status == EXPIRED else c.text
        # Whole seconds only: the clock ticks 4 times a second, but a page hears from it once a second
        # (each message costs the class server CPU; a trait set to the value it has sends nothing).
        whole = math.ceil(c.remaining - 1e-9)
        look = style(
            font=f"bold 30px {theme.FONT}",
            color=colour,
            font_variant_numeric="tabular-nums",
            display="inline-block",
            min_width="92px",
        )
        self._time.value = tag(
            "span",
            shown,
            class_="asteroyds-stopwatch-time",
            data_status=status,
            data_remaining=f"{whole:.2f}",
            style=look,
        )
        fraction = whole / c.seconds if c.seconds else 0.0
        self._bar.value = fraction
        self._bar.style.bar_color = bar_colour(fraction)
        self._buttons["start"].disabled = c.running or c.expired
        self._buttons["pause"].disabled = not c.running
        self._buttons["start"].description = _("Resume") if status == PAUSED else _("Start")


__all__ = ["StopwatchController", "Stopwatch", "bar_colour"]
