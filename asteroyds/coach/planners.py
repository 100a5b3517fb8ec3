"""How the coach plans, by the chart a mode plans on: the coach's registry (players layer).

The one-round modes share one search (a status chart, :mod:`asteroyds.coach.search`);
capture's six-round turn has its own (a capture chart, :mod:`asteroyds.coach.capture`).
The coach asks the mode which chart it plans on (:attr:`asteroyds.modes.Turn.program_type`)
and takes the planner registered for it: it never asks which mode it is. A mode
on a new chart registers its planner here (:func:`register`) to be coached.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..i18n import _
from ..modes import mode_of, mode_text
from ..state import State

# (state, dice, players, *, order, mode_rules) -> (each player's program, a player's answers to its plan's
# mid-flight questions)
Bots = Callable[..., tuple[dict[str, Any], dict[str, tuple[str, ...]]]]


@dataclass(frozen=True)
class CoachPlanner:
    """The coach for one kind of chart: the best plan, the score of any plan, and the coach bot."""

    best_plan: Callable[..., Any]
    score_program: Callable[..., dict[str, object]]
    bots: Bots


PLANNERS: dict[type, CoachPlanner] = {}


def register(program_type: type, planner: CoachPlanner) -> CoachPlanner:
    """The coach plans on charts of ``program_type`` with ``planner``."""
    PLANNERS[program_type] = planner
    return planner


def planner_for(state: State) -> CoachPlanner:
    """The coach's planner for the chart ``state``'s mode plans on (RuleError if there is none)."""
    program_type = mode_of(state).turn.program_type
    found = PLANNERS.get(program_type)
    if found is None:
        raise RuleError(
            _(
                "the coach does not plan on a {chart} chart (mode {mode})",
                chart=program_type.__name__,
                mode=mode_text(state.mode),
            )
        )
    return found


__all__ = ["PLANNERS", "CoachPlanner", "planner_for", "register"]
