"""The dice panel as the round player's dice: the faces it shows, or a new roll of it.

Plain Python. :class:`PanelDice` is its own object, owned by
:class:`~asteroyds.ui.player.controller.RoundPlayerController`, because it
remembers one thing the game does not know: whether the panel was rolled or set
since the last round's roll. *Roll* takes the faces a reader set by hand (or
rolled on the panel), and rolls the panel when it still shows last round's.

>>> from asteroyds.ui.player.dice import DiceController
>>> panel = DiceController(dice=(3, 5, 2))
>>> dice = PanelDice(panel)
>>> dice.for_roll(None)  # set on the panel: these
Dice(red=3, white=5, blue=2)
>>> dice.rolled(dice.for_roll(None)); dice.for_roll(None) == panel.dice != (3, 5, 2)  # then: a new roll
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...dice import Dice


class PanelDice:
    """Where a roll's dice come from when none are given: the panel's, fresh or rolled again."""

    def __init__(self, panel: Any = None) -> None:
        self.panel = panel  # a DiceController, or None (the game rolls its seeded dice)
        self.fresh = True  # the panel's dice were set or rolled since the last round's roll
        if panel is not None:
            panel.observe(self._changed)

    def for_roll(self, given: Dice | Sequence[int] | None) -> Dice | Sequence[int] | None:
        """The dice to roll: ``given``, or the panel's (rolled again if they are last round's)."""
        if given is not None or self.panel is None:
            return given
        return self.panel.dice if self.fresh else self.panel.roll()

    def rolled(self, dice: Dice) -> None:
        """The game rolled ``dice``: the panel shows them, and they are last round's from now on."""
        if self.panel is not None and self.panel.dice != dice:
            self.panel.set(*dice.as_tuple())
        self.fresh = False

    def _changed(self, _dice: Dice) -> None:
        self.fresh = True


__all__ = ["PanelDice"]
