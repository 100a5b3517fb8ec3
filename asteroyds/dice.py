"""Dice are explicit inputs: the rules never roll. Rolling is for the game loop.

>>> Dice(3, 5, 2)
Dice(red=3, white=5, blue=2)
>>> len(all_outcomes())
216
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RuleError
from .i18n import _
from .pieces import DIE_COLOURS


@dataclass(frozen=True, slots=True)
class Dice:
    """The red, white and blue dice of one round."""

    red: int
    white: int
    blue: int

    def __post_init__(self) -> None:
        for colour in DIE_COLOURS:
            value = getattr(self, colour)
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
                raise RuleError(
                    _("the {colour} die must show 1..6, got {value!r}", colour=colour, value=value)
                )

    def value(self, colour: str) -> int:
        return getattr(self, colour)

    def as_tuple(self) -> tuple[int, int, int]:
        return (self.red, self.white, self.blue)

    @classmethod
    def of(cls, values: Sequence[int] | Dice) -> Dice:
        """Accept ``Dice`` or any 3-sequence ``(red, white, blue)``."""
        if isinstance(values, Dice):
            return values
        values = list(values)
        if len(values) != 3:
            raise RuleError(_("dice need three values (red white blue), got {values!r}", values=values))
        return cls(*values)

    def __str__(self) -> str:
        return _("red {red}, white {white}, blue {blue}", red=self.red, white=self.white, blue=self.blue)


def roll(rng: random.Random) -> Dice:
    """Roll the three dice with a seeded generator."""
    return Dice(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def all_outcomes() -> list[Dice]:
    """Every one of the 216 equally likely rolls, in a fixed order."""
    return [Dice(r, w, b) for r in range(1, 7) for w in range(1, 7) for b in range(1, 7)]


def phase_order(rng: random.Random | None = None) -> tuple[str, ...]:
    """Red, white, blue; or a shuffled order (the random dice order variant)."""
    order = list(DIE_COLOURS)
    if rng is not None:
        rng.shuffle(order)
    return tuple(order)
