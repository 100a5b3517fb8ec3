"""Practice drills the engine makes and answers (issue 22): where will tiles end? plan against the dice.

A drill is a pure function of its level and seed (:func:`generate`); its
answer is the engine's and every drill's premise is checked when it is made.
This package plans for a player (level 5 uses the coach's flight
transitions), so it sits with the players in the layers: the rules never
import it; the command line and the pages do.

:func:`generate` is imported on first use (PEP 562): it imports every level's
maker, and level 5's the coach's flight, which a chapter's exercise that only
reads a drill's mistakes (:mod:`.mistakes`) does not need.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import _
from .drill import END_CELL, LEVELS, MAX_SEED, PLAN, Drill, DrillError

if TYPE_CHECKING:
    from .levels import generate

__all__ = ["END_CELL", "LEVELS", "MAX_SEED", "PLAN", "Drill", "DrillError", "generate"]


def __getattr__(name: str) -> Any:
    if name != "generate":
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    from .levels import generate

    globals()[name] = generate  # once imported, an ordinary attribute
    return generate
