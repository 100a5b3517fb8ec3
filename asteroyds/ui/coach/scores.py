"""The coach's scores in words: "1 gate token, 3 spaces from the next gate".

:func:`asteroyds.coach.best_plan` and :func:`asteroyds.coach.score_program`
return a score as a dict of named components (``objective``, ``on_board``,
the goal — ``tokens``, ``targets`` or ``symbols`` —, ``distance``, ``damage``,
then the tie-breaks ``finish_column`` and ``powers_spent``). This module says
the ones a learner weighs in a short phrase, in the engine's order of
importance; the tie-breaks stay out of the sentence (they are in the dict).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...i18n import _, ngettext

FAR = 999  # the engine's distance of a craft no longer on the board
# the goal component -> its words for n (ngettext with literal messages: the catalog's plural entries)
GOALS: dict[str, Callable[[int], str]] = {
    "tokens": lambda n: ngettext("{n} gate token", "{n} gate tokens", n, n=n),
    "targets": lambda n: ngettext("{n} target", "{n} targets", n, n=n),
    "symbols": lambda n: ngettext("{n} drone symbol", "{n} drone symbols", n, n=n),
}
# the distance, per objective: to a gate (racing), to a firing position (the shooting modes)
DISTANCES: dict[str, Callable[[int], str]] = {
    "racing": lambda n: ngettext("{n} space from the next gate", "{n} spaces from the next gate", n, n=n),
    "shooting": lambda n: ngettext(
        "{n} move from a shot at a gate", "{n} moves from a shot at a gate", n, n=n
    ),
    "targets": lambda n: ngettext(
        "{n} move from a shot at a target", "{n} moves from a shot at a target", n, n=n
    ),
    "drones": lambda n: ngettext(
        "{n} move from a shot at a drone", "{n} moves from a shot at a drone", n, n=n
    ),
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
    for name, words_for in GOALS.items():
        if name in score:
            words.append(words_for(int(score[name])))
    if score.get("landed"):
        words.append(_("landed on a platform"))
    distance = score.get("distance")
    if score.get("on_board", True) and isinstance(distance, int) and 0 < distance < FAR:
        words.append(DISTANCES.get(objective, DISTANCES["racing"])(distance))
    damage = score.get("damage")
    if score.get("on_board", True) and isinstance(damage, int) and damage > 0:
        words.append(_("{n} damage", n=damage))
    return ", ".join(words)


__all__ = ["DISTANCES", "GOALS", "describe_score"]
