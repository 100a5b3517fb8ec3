"""Widgets over the engine (ipywidgets + bqplot). Only this package imports them.

Each widget is a thin view (a ``VBox`` subclass with private children) over a
plain-Python controller or engine call, so tests can drive the logic without a
browser:

- :class:`BoardView` draws a :class:`~asteroyds.state.State` with overlays and hex clicks;
- :class:`DiceView` / :class:`DiceController` roll or set the three dice;
- :class:`Stopwatch` / :class:`StopwatchController` count the planning time down;
- :class:`StatusChart` / :class:`StatusChartController` plan a program on the status chart;
- :class:`CaptureChart` / :class:`CaptureChartController` plan a capture turn (6 columns, anticipation);
- :class:`RoundPlayer` / :class:`RoundPlayerController` play a round and step through its events;
- :class:`PriorityInspector` and :class:`EventLog` explain the events at the round player's cursor.

What the controllers and views share lives in small modules of its own:
:mod:`~asteroyds.ui.observers` (observe and notify), :mod:`~asteroyds.ui.ticker`
(an asyncio clock for the stopwatch and Play), :mod:`~asteroyds.ui.share.files`
(download links, uploads) and :mod:`~asteroyds.ui.server` (how Voila is started).
"""

from .board.view import Arrow, BoardView, describe_cell, intended_moves
from .chart.capture import CaptureChart, CaptureChartController, CaptureResult
from .chart.status_view import DropResult, StatusChart, StatusChartController
from .chart.stopwatch import Stopwatch, StopwatchController
from .player.dice import DiceController, DiceView
from .player.event_log import EventLog
from .player.inspector import priority_rows
from .player.inspector_view import PriorityInspector
from .player.view import RoundPlayer, RoundPlayerController
from .theme import COLOURS

__all__ = [
    "COLOURS",
    "Arrow",
    "BoardView",
    "CaptureChart",
    "CaptureChartController",
    "CaptureResult",
    "DiceController",
    "DiceView",
    "DropResult",
    "EventLog",
    "PriorityInspector",
    "RoundPlayer",
    "RoundPlayerController",
    "StatusChart",
    "StatusChartController",
    "Stopwatch",
    "StopwatchController",
    "describe_cell",
    "intended_moves",
    "priority_rows",
]

# Teacher's tools (notebook 9): the scenario editor and presenting mode.
from .editor import EditorController, ScenarioEditor  # noqa: E402
from .teach.presenter import Presenter, PresenterController  # noqa: E402

__all__ += ["EditorController", "Presenter", "PresenterController", "ScenarioEditor"]

# The sandbox (notebook 10): a whole game, humans (hot seat) and bots, with its scoreboard.
from .sandbox.scoreboard import ProgressPlot, Scoreboard  # noqa: E402
from .sandbox.view import Sandbox, SandboxController, SandboxSetup, Seat  # noqa: E402

__all__ += ["ProgressPlot", "Sandbox", "SandboxController", "SandboxSetup", "Scoreboard", "Seat"]

# Sharing (links in a URL, files): ``from asteroyds.ui import links`` keeps working.
from .share import files, links  # noqa: E402

__all__ += ["files", "links"]
