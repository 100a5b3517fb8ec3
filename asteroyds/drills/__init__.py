"""Practice drills the engine makes and answers (issue 22): where will tiles end? plan against the dice.

A drill is a pure function of its level and seed (:func:`generate`); its
answer is the engine's and every drill's premise is checked when it is made.
This package plans for a player (level 5 uses the coach's flight
transitions), so it sits with the players in the layers: the rules never
import it; the command line and the pages do.
"""

from __future__ import annotations

from .drill import END_CELL, LEVELS, MAX_SEED, PLAN, Drill, DrillError, generate

__all__ = ["END_CELL", "LEVELS", "MAX_SEED", "PLAN", "Drill", "DrillError", "generate"]
