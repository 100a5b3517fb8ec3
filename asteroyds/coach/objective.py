"""What "best" means for the coach: each mode's objective, asked for by the score it made.

A score is a small JSON-able dict of named components whose ``objective``
names the objective that made it; :func:`rank` turns it into a tuple that
sorts best first, and :func:`better` compares two. The objectives
themselves belong to their modes (:attr:`asteroyds.modes.Mode.coach`): the
one-round modes' in :mod:`asteroyds.modes.objectives` (racing, shooting,
targets, drones: the components and their order are written there), and
capture's in :mod:`asteroyds.modes.capture.objective`. The coach never
works out which mode it is: it asks the board's mode for its objective.

>>> score = {"objective": "racing", "on_board": True, "tokens": 2, "distance": 1, "damage": 0,
...          "finish_column": None, "powers_spent": 0}
>>> rank(score)
(0, -2, 1, 0, 99, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..modes import mode_of, objective_named
from ..modes.objectives import FAR
from ..state import State


def rank(score: Mapping[str, object]) -> tuple:
    """A sort key: smaller is better (the order is the objective's, see the modules above)."""
    return objective_named(str(score["objective"])).rank(score)


def better(a: Mapping[str, object], b: Mapping[str, object]) -> bool:
    """Is score ``a`` strictly better than score ``b``?"""
    return rank(a) < rank(b)


def Objective(board: State, player: str) -> Any:  # noqa: N802  (the name the coach's callers know)
    """The objective of one player on one board (after the asteroid phase): its mode's scorer.

    Built once per search; its ``score(...)`` is called on every final craft state.
    """
    return mode_of(board).coach.scorer(board, player)


__all__ = ["FAR", "Objective", "better", "rank"]
