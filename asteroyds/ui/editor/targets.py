"""Targets mode in the scenario editor: the engine's target checks, under the names the editor uses.

Where a target may go (docs/rules.md#7-shooting) is the engine's rule,
:mod:`asteroyds.modes.targets`: the editor asks
:func:`~asteroyds.modes.targets.target_problem` before it puts a target on an
asteroid, shows its sentence as it is, and every change it commits passes
:meth:`State.validate <asteroyds.state.State.validate>`, which checks the
whole board again (:func:`~asteroyds.modes.targets.check`). This module
decides nothing: it only re-exports those functions (``with_targets_teams``
is :func:`~asteroyds.modes.targets.with_teams`).

>>> from asteroyds.pieces import Piece
>>> from asteroyds.state import State
>>> white, red = Piece("W1", "asteroid", (6, 6), "white", 0, 1), Piece("R1", "asteroid", (6, 7), "red", 0, 2)
>>> board = State("targets", (white, red))
>>> target_problem(board, white, "left", 1)
''
>>> target_problem(board, red, "left", 1)  # doctest: +ELLIPSIS
'Red asteroid #2 cannot carry a target: targets sit on white-bearing asteroids (white, ...)'
>>> target_problem(board.replace(mode="racing"), white, "left", 1)
'targets count only in targets mode (this board is racing): set the mode to targets first'
>>> free_number(board, "left"), target_name("left", 1), TARGETS_MODE, SET_SIZE
(1, 'left-1', 'targets', 6)
"""

from __future__ import annotations

from ...modes.targets import MODE as TARGETS_MODE
from ...modes.targets import (
    SET_SIZE,
    WHITE_BEARING,
    carrier,
    free_number,
    target_name,
    target_problem,
    team_of,
)
from ...modes.targets import with_teams as with_targets_teams

__all__ = [
    "SET_SIZE",
    "TARGETS_MODE",
    "WHITE_BEARING",
    "carrier",
    "free_number",
    "target_name",
    "target_problem",
    "team_of",
    "with_targets_teams",
]
