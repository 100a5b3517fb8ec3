"""Widgets over the engine (ipywidgets + bqplot). Only this package imports them.

Each widget is a thin view (a ``VBox`` subclass with private children) over a
plain-Python controller or engine call, so tests can drive the logic without a
browser:

- :class:`BoardView` draws a :class:`~asteroyds.state.State` with overlays and hex clicks;
- :class:`DiceView` / :class:`DiceController` roll or set the three dice;
- :class:`Stopwatch` / :class:`StopwatchController` count the planning time down;
- :class:`StatusChart` / :class:`StatusChartController` plan a program on the status chart.
"""

from .board import Arrow, BoardView, describe_cell, intended_moves
from .dice import DiceController, DiceView
from .status_chart import DropResult, StatusChart, StatusChartController
from .stopwatch import Stopwatch, StopwatchController
from .theme import COLOURS

__all__ = [
    "COLOURS",
    "Arrow",
    "BoardView",
    "DiceController",
    "DiceView",
    "DropResult",
    "StatusChart",
    "StatusChartController",
    "Stopwatch",
    "StopwatchController",
    "describe_cell",
    "intended_moves",
]
