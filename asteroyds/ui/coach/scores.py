"""The coach's scores in words: "1 gate token, 3 spaces from the next gate".

:func:`asteroyds.coach.best_plan` and :func:`asteroyds.coach.score_program`
return a score as a dict of named, JSON-able components, most important first
(the order of the mode's objective). This module says them in a sentence a
learner reads; a component it has no words for is still shown, as
``name: value``, so a new objective never disappears from the comparison.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import N_, _, ngettext

# component -> (singular, plural): the number is {n}
COUNTED: dict[str, tuple[str, str]] = {
    "tokens": (N_("{n} gate token"), N_("{n} gate tokens")),
    "gate_tokens": (N_("{n} gate token"), N_("{n} gate tokens")),
    "distance": (N_("{n} space from the next gate"), N_("{n} spaces from the next gate")),
    "gate_distance": (N_("{n} space from the next gate"), N_("{n} spaces from the next gate")),
    "damage": (N_("{n} damage"), N_("{n} damage")),
    "targets": (N_("{n} target"), N_("{n} targets")),
    "points": (N_("{n} point"), N_("{n} points")),
    "drones": (N_("{n} drone"), N_("{n} drones")),
    "hits": (N_("{n} hit"), N_("{n} hits")),
}
# component -> (when true, when false)
FLAGS: dict[str, tuple[str, str]] = {
    "on_board": (N_("still on the board"), N_("destroyed")),
    "alive": (N_("still on the board"), N_("destroyed")),
    "survives": (N_("still on the board"), N_("destroyed")),
}


def describe_score(score: Mapping[str, Any]) -> str:
    """A score in words, its components in the engine's order, joined by commas.

    >>> describe_score({"on_board": True, "tokens": 1, "distance": 3, "damage": 0})
    'still on the board, 1 gate token, 3 spaces from the next gate, 0 damage'
    >>> describe_score({"on_board": False})
    'destroyed'
    """
    words: list[str] = []
    for name, value in score.items():
        if name in FLAGS:
            yes, no = FLAGS[name]
            words.append(_(yes) if value else _(no))
        elif name in COUNTED and isinstance(value, (int, float)) and not isinstance(value, bool):
            singular, plural = COUNTED[name]
            words.append(ngettext(singular, plural, int(value), n=_number(value)))
        elif value is None:
            continue
        else:
            words.append(_("{name}: {value}", name=name.replace("_", " "), value=_value(value)))
    return ", ".join(words)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or "—"
    return str(value)


__all__ = ["COUNTED", "FLAGS", "describe_score"]
