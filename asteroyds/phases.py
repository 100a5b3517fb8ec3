"""Names with a type: the game's phases (and the enums of the modes' stages) as string enums.

A phase used to be a bare string (``"roll"``, ``"asteroids"``); a typo was a
silent bug. :class:`Phase` names them once. Each member *is* its string
(``Phase.ROLL == "roll"``, same hash), prints and formats as it, and its
``repr`` is the string's, so saved games (``{"asteroids": true}``), the
page's ``data-phase`` selectors, messages and doctests read exactly as
before. ``enum.StrEnum`` needs Python 3.11; :class:`TextEnum` is the same
idea for 3.10.

>>> Phase.ROLL == "roll", f"{Phase.FLY}", [Phase.END], Phase("plan") is Phase.PLAN
(True, 'fly', ['end'], True)
"""

from __future__ import annotations

from enum import Enum


class TextEnum(str, Enum):
    """An enum whose members are their strings: equal, hashed, printed and repr'd as their value."""

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self.value), spec)

    def __repr__(self) -> str:
        return repr(str(self.value))


class Phase(TextEnum):
    """What a :class:`~asteroyds.game.Game` expects next, and the names its log files events under.

    ``ROLL`` → ``PLAN`` → the resolution after planning (``ASTEROIDS``, then
    ``FLY``; a mode may resolve its whole turn at once under its own phase
    name, :attr:`asteroyds.modes.Turn.phase`) → ``END`` → ``ROLL`` again, or
    ``OVER``.
    """

    ROLL = "roll"
    PLAN = "plan"
    ASTEROIDS = "asteroids"
    FLY = "fly"
    END = "end"
    OVER = "over"


__all__ = ["Phase", "TextEnum"]
