"""Widgets over the engine (ipywidgets + bqplot). Only this package imports them.

Each widget is a thin view (a ``VBox`` subclass with private children) over a
plain-Python controller or engine call, so tests can drive the logic without a
browser:

- :class:`BoardView` draws a :class:`~asteroyds.state.State` with overlays and hex clicks;
  :class:`BoardPicture` draws one as a picture, for a board the learner only watches or steps;
- :class:`DiceView` / :class:`DiceController` roll or set the three dice;
- :class:`Stopwatch` / :class:`StopwatchController` count the planning time down;
- :class:`StatusChart` / :class:`StatusChartController` plan a program on the status chart;
- :class:`CaptureChart` / :class:`CaptureChartController` plan a capture turn (6 columns, anticipation);
- :class:`RoundPlayer` / :class:`RoundPlayerController` play a round and step through its events;
- :class:`PriorityInspector` and :class:`EventLog` explain the events at the round player's cursor;
- :class:`PlanLayout` puts a board and the chart planned on it side by side, on one screen;
- :class:`CoachPanel` (over :class:`DangerOverlay` and :class:`BestPlanController`) switches the
  coach's danger map on a board and shows its best plan on a status chart.

What the controllers and views share lives in small modules of its own:
:mod:`~asteroyds.ui.observers` (observe and notify), :mod:`~asteroyds.ui.ticker`
(an asyncio clock for the stopwatch and Play), :mod:`~asteroyds.ui.share.files`
(download links, uploads). The class server that serves these pages is :mod:`asteroyds.serve`.

The names below are imported on first use (PEP 562), so a page that shows the
sandbox does not pay for the editor's imports, nor the teacher's tools for the
sandbox's: each kernel of a class server starts a little faster.
"""

from __future__ import annotations

import importlib
from typing import Any

from ..i18n import _

# name -> the module (relative to this package) that defines it
_WHERE: dict[str, str] = {
    **dict.fromkeys(["Arrow", "BoardView", "describe_cell", "intended_moves"], ".board.view"),
    "BoardPicture": ".board.picture",
    **dict.fromkeys(["CaptureChart", "CaptureChartController", "CaptureResult"], ".chart.capture"),
    **dict.fromkeys(["DropResult", "StatusChart", "StatusChartController"], ".chart.status"),
    **dict.fromkeys(["Stopwatch", "StopwatchController"], ".chart.stopwatch"),
    **dict.fromkeys(["DiceController", "DiceView"], ".player.dice"),
    "EventLog": ".player.event_log",
    "priority_rows": ".player.inspector",
    "PriorityInspector": ".player.inspector_view",
    **dict.fromkeys(["RoundPlayer", "RoundPlayerController"], ".player.view"),
    "COLOURS": ".theme",
    "PlanLayout": ".share.plan_layout",
    # The coach (issue 13): the danger map and the best plan.
    "CoachPanel": ".coach.view",
    "DangerOverlay": ".coach.danger",
    "BestPlanController": ".coach.plan",
    # Teacher's tools (notebook 9): the scenario editor and presenting mode.
    **dict.fromkeys(["EditorController", "ScenarioEditor"], ".editor"),
    **dict.fromkeys(["Presenter", "PresenterController"], ".teach.presenter"),
    # The sandbox (notebook 10): a whole game, humans (hot seat) and bots, with its scoreboard.
    **dict.fromkeys(["ProgressPlot", "Scoreboard"], ".sandbox.scoreboard"),
    **dict.fromkeys(["Sandbox", "SandboxController", "SandboxSetup", "Seat"], ".sandbox.view"),
}
# Sharing (links in a URL, files): ``from asteroyds.ui import links`` keeps working.
_SUBMODULES = {"files": ".share.files", "links": ".share.links"}

__all__ = sorted([*_WHERE, *_SUBMODULES])


def __getattr__(name: str) -> Any:
    if name in _SUBMODULES:
        value: Any = importlib.import_module(_SUBMODULES[name], __name__)
    elif name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    else:
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    globals()[name] = value  # once imported, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
