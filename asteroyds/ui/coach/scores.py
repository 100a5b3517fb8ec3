"""The coach's scores in words: "1 gate token, 3 spaces from the next gate".

:func:`asteroyds.coach.best_plan` and :func:`asteroyds.coach.score_program`
return a score as a dict of named components (``objective``, ``on_board``,
the goal — ``tokens``, ``targets`` or ``symbols`` —, ``distance``, ``damage``,
then the tie-breaks ``finish_column`` and ``powers_spent``). This module says
the ones a learner weighs in a short phrase, in the engine's order of
importance; the tie-breaks stay out of the sentence (they are in the dict).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import N_, _, ngettext

FAR = 999  # the engine's distance of a craft no longer on the board
# the goal component -> (singular, plural), the number is {n}
GOALS: dict[str, tuple[str, str]] = {
    "tokens": (N_("{n} gate token"), N_("{n} gate tokens")),
    "targets": (N_("{n} target"), N_("{n} targets")),
    "symbols": (N_("{n} drone symbol"), N_("{n} drone symbols")),
}
# the distance, per objective: to a gate (racing), to a firing position (the shooting modes)
DISTANCES: dict[str, tuple[str, str]] = {
    "racing": (N_("{n} space from the next gate"), N_("{n} spaces from the next gate")),
    "shooting": (N_("{n} move from a shot at a gate"), N_("{n} moves from a shot at a gate")),
    "targets": (N_("{n} move from a shot at a target"), N_("{n} moves from a shot at a target")),
    "drones": (N_("{n} move from a shot at a drone"), N_("{n} moves from a shot at a drone")),
}


def describe_score(score: Mapping[str, Any]) -> str:
    """A score in words: destroyed or not, the goal, how far from the next one, the damage.

    >>> describe_score({"objective": "racing", "on_board": True, "tokens": 1, "distance": 3,
    ...                 "damage": 0, "finish_column": None, "powers_spent": 0})
    '1 gate token, 3 spaces from the next gate'
    >>> describe_score({"objective": "racing", "on_board": False, "tokens": 0, "distance": 999, "damage": 6})
    'destroyed, 0 gate tokens'
    """
    objective = str(score.get("objective", "racing"))
    words: list[str] = []
    if not score.get("on_board", True):
        words.append(_("destroyed"))
    for name, (singular, plural) in GOALS.items():
        if name in score:
            n = int(score[name])
            words.append(ngettext(singular, plural, n, n=n))
    if score.get("landed"):
        words.append(_("landed on a platform"))
    distance = score.get("distance")
    if score.get("on_board", True) and isinstance(distance, int) and 0 < distance < FAR:
        singular, plural = DISTANCES.get(objective, DISTANCES["racing"])
        words.append(ngettext(singular, plural, distance, n=distance))
    damage = score.get("damage")
    if score.get("on_board", True) and isinstance(damage, int) and damage > 0:
        words.append(_("{n} damage", n=damage))
    return ", ".join(words)


__all__ = ["DISTANCES", "GOALS", "describe_score"]
