"""The coach: a danger map over all 216 rolls, the best plan for the dice with its reasons.

Everything here is exact (no sampling) and pure (standard library only):

- :func:`danger_map` — for every cell, the rolls after whose asteroid phase a
  moving element is there; for every craft, the rolls in which an element
  runs into it (:mod:`asteroyds.coach.danger`).
- :func:`best_plan` — the best program for a player and the rolled dice,
  found by an exact search over craft states column by column
  (:mod:`asteroyds.coach.search`), with one sentence per column saying why.
- :func:`score_program` and :func:`better` — the same score for any program,
  so "your plan" can be compared with the best one.
- :func:`coach_bots` — the coach bot's programs for some players (the
  players layer's :func:`asteroyds.bot.plan_bots` asks it for the ``coach`` style).

What "best" means is each mode's own objective (:func:`asteroyds.coach.objective.objective_for`,
:mod:`asteroyds.modes.objectives` and docs/coach.md): in racing
(1) the craft is still on the board, (2) the gate tokens it holds, (3) the
hex distance to the nearest gate it lacks, (4) the least damage. How the
coach plans is chosen by the chart the mode plans on
(:mod:`asteroyds.coach.planners`): in Capture the Asteroyd the plan is one
craft's six-round capture program (:mod:`asteroyds.coach.capture`).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> plan = best_plan(state, (3, 5, 2), "blue", destroy=False)
>>> plan.score == score_program(state, (3, 5, 2), "blue", plan.program, destroy=False)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..dice import Dice
from ..pieces import DIE_COLOURS
from ..state import State
from . import capture as _capture  # noqa: F401  (registers the coach's capture planner)
from .danger import DangerMap, danger_map
from .objective import better, rank
from .plan import Plan, best_plan, coach_plan, score_program
from .planners import planner_for


def coach_bots(
    state: State,
    dice: Dice | Sequence[int],
    players: Sequence[str],
    *,
    order: Sequence[str] = DIE_COLOURS,
    mode_rules: Any = None,
) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    """The coach bot's program for each of ``players``, and a player's answers to its plan's questions."""
    return planner_for(state).bots(state, dice, players, order=order, mode_rules=mode_rules)


__all__ = [
    "DangerMap",
    "Plan",
    "best_plan",
    "better",
    "coach_bots",
    "coach_plan",
    "danger_map",
    "planner_for",
    "rank",
    "score_program",
]
