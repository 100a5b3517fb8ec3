"""Asteroyds Academy: an exact rules engine for the board game Asteroyds (Ystari, 2010).

The engine is pure Python with no dependencies. Data flows one way:
scenario → :class:`State` → phase functions → events → views.

>>> import asteroyds
>>> state = asteroyds.setup("racing", seed=1, players=["blue"])
>>> after, events = asteroyds.resolve_asteroids(state, asteroyds.Dice(3, 5, 2))
>>> print(events[1])
White/red asteroid #4 moves 2 spaces NW to (5, 11)
"""

from .asteroids import resolve_asteroids
from .damage import Decision, always, never, policy
from .dice import Dice, all_outcomes, roll
from .errors import AsteroydsError, DecisionError, ProgramError, RuleError, ScenarioError
from .events import Event
from .hexgrid import STANDARD_BOARD, Board, direction_name, parse_direction
from .pieces import Craft, Piece
from .rules import RuleSettings
from .scenario import dumps, load, loads, save
from .setups import setup
from .state import State

# The built-in modes register themselves (asteroyds.registry): every module below them asks a
# state's mode through the registry, so they are there whatever one imports first.
from . import modes as _modes  # noqa: E402, F401  isort: skip

# Jupyter shows a state as its SVG picture: the renderer gives the state its function when imported.
from . import render as _render  # noqa: E402, F401  isort: skip

__version__ = "0.1.0"

__all__ = [
    "STANDARD_BOARD",
    "AsteroydsError",
    "Board",
    "Craft",
    "Decision",
    "DecisionError",
    "Dice",
    "Event",
    "Piece",
    "ProgramError",
    "RuleError",
    "RuleSettings",
    "ScenarioError",
    "State",
    "all_outcomes",
    "always",
    "direction_name",
    "dumps",
    "load",
    "loads",
    "never",
    "parse_direction",
    "policy",
    "resolve_asteroids",
    "roll",
    "save",
    "setup",
]
