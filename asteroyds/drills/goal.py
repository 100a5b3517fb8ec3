"""A level-5 drill's goal, and a program checked against it by the engine's whole round.

Its own module, below both the drill (:meth:`~asteroyds.drills.Drill.meets_goal`) and the
level-5 maker (:mod:`.plan`), which makes drills: the one imports the other, neither imports back.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from ..dice import Dice
from ..events import Event
from ..pieces import ASTEROID
from ..program import EMPTY, RED_COLUMN, SHIELD, Program, as_program
from ..round import play_round
from ..state import State

GOAL_TOKENS = 1
# A level-5 goal (the drill's JSON carries it): this many new gate tokens, at most this much damage,
# the shield up all round (the red column's token left on Shield).
GOAL: Mapping[str, int] = MappingProxyType({"tokens": GOAL_TOKENS, "max_damage": 0, "shield": True})
EMPTY_CHART = " ".join([EMPTY] * (RED_COLUMN - 1) + [SHIELD])


def fly_round(state: State, dice: Dice, player: str, program: str) -> tuple[State, list[Event]]:
    """The round as the engine plays it: ``program`` for ``player``, empty shield-up charts for the others."""
    programs = {p: EMPTY_CHART for p in state.player_order}
    programs[player] = program
    after, events, _outcome = play_round(state, dice, programs)
    return after, events


def shield_missing(program: Program | str, goal: Mapping[str, int] = GOAL) -> bool:
    """Does the goal ask for the shield up while ``program`` plays its red column (shield down)?

    The round's end puts the shield back, so the state after it cannot tell: the program does.
    """
    return bool(goal.get("shield")) and not as_program(program).shielded


def meets_goal(
    before: State, after: State, player: str, program: Program | str, goal: Mapping[str, int] = GOAL
) -> bool:
    """``program``, flown from ``before`` to ``after``, meets ``goal``: the shield up if the goal asks
    for it, at least its new gate tokens, at most its damage, and every asteroid still in the game."""
    old, new = before.craft(player), after.craft(player)
    asteroids = sum(p.kind == ASTEROID for p in before.pieces)
    return (
        not shield_missing(program, goal)
        and new.cell is not None
        and new.damage - old.damage <= goal["max_damage"]
        and len(set(new.tokens) - set(old.tokens)) >= goal["tokens"]
        and sum(p.kind == ASTEROID for p in after.pieces) == asteroids
    )


__all__ = ["EMPTY_CHART", "GOAL", "GOAL_TOKENS", "fly_round", "meets_goal", "shield_missing"]
