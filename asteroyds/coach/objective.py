"""What "best" means for the coach: each mode's objective, asked for by the score it made.

A score is a small JSON-able dict of named components whose ``objective``
names the objective that made it; :func:`rank` turns it into a tuple that
sorts best first, and :func:`better` compares two. The objectives
are written beside their modes' rules: the one-round modes' in
:mod:`asteroyds.modes.objectives` (racing, shooting, targets, drones: the
components and their order are written there), and capture's in
:mod:`asteroyds.modes.capture.objective`. Each is registered here by mode
name (:func:`register_objective`, the players layer's registry, as
:mod:`asteroyds.coach.planners` registers planners by chart); the coach never
works out which mode it is: it asks for the objective of the board's mode
(:func:`objective_for`).

>>> score = {"objective": "racing", "on_board": True, "tokens": 2, "distance": 1, "damage": 0,
...          "finish_column": None, "powers_spent": 0}
>>> rank(score)
(0, -2, 1, 0, 99, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ScenarioError
from ..i18n import _
from ..modes.capture.mode import CAPTURE
from ..modes.capture.objective import CAPTURE_OBJECTIVE
from ..modes.drones import DRONES
from ..modes.objectives import (
    DRONES_OBJECTIVE,
    FAR,
    RACING_OBJECTIVE,
    SHOOTING_OBJECTIVE,
    TARGETS_OBJECTIVE,
    CoachObjective,
    no_coach,
)
from ..modes.racing import RACING, SHOOTING
from ..modes.targets import TARGETS
from ..state import State

# Coaching styles (the one-round modes): *bold* is the objective's own order (the goal first);
# *careful* puts a round without damage first, then the goal, the least damage and the distance,
# and spends the once-a-game destroy only for more tokens than any program without it reaches
# (asteroyds.coach.search.Choice). A careful score says so, and the damage the craft started with.
CAREFUL, BOLD = "careful", "bold"
STYLES: tuple[str, ...] = (CAREFUL, BOLD)


OBJECTIVES: dict[str, CoachObjective] = {}  # mode name -> what "best" means for the coach there


def register_objective(mode: str, objective: CoachObjective) -> CoachObjective:
    """The coach plans for ``objective`` in the mode called ``mode`` (a mode with none: no coach)."""
    OBJECTIVES[mode] = objective
    return objective


def unregister_objective(mode: str) -> None:
    """Take a mode's objective out (a test's toy mode, once the test is over)."""
    OBJECTIVES.pop(mode, None)


def objective_for(mode: str) -> CoachObjective:
    """The coach's objective in the mode called ``mode`` (one that says there is none if unregistered)."""
    return OBJECTIVES.get(mode, no_coach)


def objective_named(name: str) -> CoachObjective:
    """The coach's objective whose scores say ``"objective": name``."""
    for objective in OBJECTIVES.values():
        if objective.name == name:
            return objective
    raise ScenarioError(_("no mode has the coach objective {name!r}", name=name))


for _mode, _objective in (
    (RACING, RACING_OBJECTIVE),
    (SHOOTING, SHOOTING_OBJECTIVE),
    (TARGETS, TARGETS_OBJECTIVE),
    (DRONES, DRONES_OBJECTIVE),
    (CAPTURE, CAPTURE_OBJECTIVE),
):
    register_objective(_mode.name, _objective)


def rank(score: Mapping[str, object]) -> tuple:
    """A sort key: smaller is better (the order is the objective's, see the modules above;
    a careful score's is reordered by :func:`careful_key`)."""
    key = objective_named(str(score["objective"])).rank(score)
    if score.get("style") == CAREFUL:
        return careful_key(key, int(score["damage_before"]))  # type: ignore[call-overload]
    return key


def careful_key(rank: tuple, damage_before: int) -> tuple:
    """A one-round objective's rank reordered for the careful style: on the board, then no damage
    this round, then the goal, the least damage, the distance and the tie-breaks (bold: the goal,
    the distance, the damage, ...). A plan that takes no damage beats every plan that takes some;
    among those that must take some, the tokens count before the damage."""
    return (rank[0], 0 if rank[3] <= damage_before else 1, rank[1], rank[3], rank[2], *rank[4:])


def better(a: Mapping[str, object], b: Mapping[str, object]) -> bool:
    """Is score ``a`` strictly better than score ``b``?"""
    return rank(a) < rank(b)


def Objective(board: State, player: str) -> Any:  # noqa: N802  (the name the coach's callers know)
    """The objective of one player on one board (after the asteroid phase): its mode's scorer.

    Built once per search; its ``score(...)`` is called on every final craft state.
    """
    return objective_for(board.mode).scorer(board, player)


__all__ = [
    "BOLD",
    "CAREFUL",
    "FAR",
    "OBJECTIVES",
    "STYLES",
    "Objective",
    "better",
    "careful_key",
    "objective_for",
    "objective_named",
    "rank",
    "register_objective",
    "unregister_objective",
]
