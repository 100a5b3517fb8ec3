"""Asteroyds Academy: an exact rules engine for the board game Asteroyds (Ystari, 2010).

The engine is pure Python with no dependencies. Data flows one way:
scenario → :class:`State` → phase functions → events → views.

>>> import asteroyds
>>> state = asteroyds.setup("racing", seed=1, players=["blue"])
>>> after, events = asteroyds.resolve_asteroids(state, asteroyds.Dice(3, 5, 2))
>>> print(events[1])
White/red asteroid #4 moves 2 spaces NW to (5, 11)
"""

import sys as _sys

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

# A state's validate() runs the checks, which give it their runner when imported (asteroyds.checks).
from . import checks as _checks  # noqa: E402, F401  isort: skip

# Jupyter shows a state as its SVG picture, which the renderer gives the state when it is imported
# (asteroyds.state.picture_with): imported here where there is a Jupyter (IPython) to show it, and
# nowhere else, so the command line and a class room's server do not pay for it.
if "IPython" in _sys.modules:  # tests/test_state_picture.py runs both sides
    from . import render as _render  # noqa: F401

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
