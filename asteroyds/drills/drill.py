"""A drill: one practice question on the real board, with the engine's answer and why.

The makers of each level (:mod:`.phase`, :mod:`.plan`) make it; :func:`.levels.generate` picks
the maker of a level and a seed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..dice import Dice
from ..errors import AsteroydsError
from ..hexgrid import Cell
from ..i18n import _
from ..scenario import to_dict
from ..state import State
from .goal import fly_round, meets_goal

LEVELS: tuple[int, ...] = (1, 2, 3, 4, 5)
MAX_SEED = 10**18 - 1  # the largest seed the command line reads (18 digits, like every seed)
END_CELL, PLAN = "end-cell", "plan"


class DrillError(AsteroydsError):
    """A drill cannot be made: a bad level or seed (or, never seen, no candidate passed its checks)."""


@dataclass(frozen=True)
class Drill:
    """One question: the board, the dice, the pieces asked about, the answer and its explanation.

    ``cells`` (levels 1-4) is where each asked piece stands after the whole
    asteroid phase of ``dice``; ``program`` (level 5) is one program for
    ``player`` that meets ``goal``. ``tags`` say which premise was checked
    (``clear``, ``stopped``, ``void``, ``priority``, ``push``, ``bicolour``,
    ``interact``, ``plan``): the tests and a practice page read them.
    """

    level: int
    seed: int
    kind: str
    state: State
    dice: Dice
    question: str
    pieces: tuple[str, ...]
    explanation: tuple[str, ...]
    cells: Mapping[str, Cell] = field(default_factory=dict)
    player: str | None = None
    program: str | None = None
    goal: Mapping[str, int] = field(default_factory=dict)
    tags: tuple[str, ...] = ()

    def answer(self) -> dict[str, Any]:
        """The answer in the drill's JSON form."""
        if self.kind == PLAN:
            return {"player": self.player, "program": self.program, "goal": dict(self.goal)}
        return {"cells": {pid: list(cell) for pid, cell in self.cells.items()}}

    def is_right(self, cells: Mapping[str, Cell]) -> bool:
        """Is this the answer to an end-cell question (every asked piece on its cell)?"""
        return self.kind == END_CELL and all(
            tuple(cells.get(pid, ())) == tuple(cell) for pid, cell in self.cells.items()
        )

    def meets_goal(self, program: str) -> bool:
        """Does ``program`` meet a plan drill's goal, flown by the engine in the whole round?

        Raises ProgramError (one sentence) for a program that is not a legal chart.
        """
        if self.kind != PLAN or self.player is None:
            return False
        after, _events = fly_round(self.state, self.dice, self.player, program)
        return meets_goal(self.state, after, self.player, program, self.goal)

    def to_json(self) -> dict[str, Any]:
        """The drill as ``asteroyds drill --json`` prints it (the format of issue 22)."""
        return {
            "level": self.level,
            "seed": self.seed,
            "kind": self.kind,
            "scenario": to_dict(self.state),
            "dice": {"red": self.dice.red, "white": self.dice.white, "blue": self.dice.blue},
            "question": self.question,
            "pieces": list(self.pieces),
            "answer": self.answer(),
            "explanation": list(self.explanation),
        }


def check_level(level: object) -> int:
    """The level, or DrillError naming it: the API refuses what the command line refuses."""
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise DrillError(_("drill level must be 1, 2, 3, 4 or 5, got {level!r}", level=level))
    return level


def check_seed(seed: object) -> int:
    """The seed, or DrillError naming it (a whole number in 0..MAX_SEED, as the command line reads)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise DrillError(
            _("drill seed must be a whole number from 0 to {top}, got {seed!r}", top=MAX_SEED, seed=seed)
        )
    return seed
