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

What "best" means, mode by mode, is written in :mod:`asteroyds.coach.objective`
(and the README's coach section): in racing (1) the craft is still on the
board, (2) the gate tokens it holds, (3) the hex distance to the nearest
gate it lacks, (4) the least damage. In Capture the Asteroyd the plan is
one craft's six-round capture program (:mod:`asteroyds.coach.capture`).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> plan = best_plan(state, (3, 5, 2), "blue", destroy=False)
>>> plan.score == score_program(state, (3, 5, 2), "blue", plan.program, destroy=False)
True
"""

from .danger import DangerMap, danger_map
from .objective import better, rank
from .plan import Plan, best_plan, score_program

__all__ = ["DangerMap", "Plan", "best_plan", "better", "danger_map", "rank", "score_program"]
