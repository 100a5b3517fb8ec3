"""The dice the teacher shows a board with, and what they do to it: the editor's preview.

:class:`Demonstration` is its own object because the dice are the one thing
the editor keeps that is not part of the scenario: a scenario file has no
dice (so changing them adds no undo step), but a demo file and a shared link
carry them, and the preview plays them on the board without changing it.

>>> from asteroyds.ui.editor.tools import empty_state
>>> demo = Demonstration((1, 2, 3))
>>> str(demo.dice)
'red 1, white 2, blue 3'
>>> demo.preview(empty_state()).lines[0]
'Red die shows 1: nothing moves'
>>> demo.set((7, 1, 1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
asteroyds.ui.editor.tools.Refused: ...
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dice import Dice
from ...errors import AsteroydsError
from ...modes import mode_named
from ...phases import Phase
from ...state import State
from .tools import Preview, Refused


class Demonstration:
    """The demonstration dice (``dice``) and the preview of a board with them."""

    def __init__(self, dice: Dice | Sequence[int] = (1, 1, 1)) -> None:
        self.dice = Dice.of(dice)

    def set(self, dice: Dice | Sequence[int]) -> Dice:
        """New dice; impossible ones (a 7) are refused with the engine's sentence, and the dice stay."""
        try:
            self.dice = Dice.of(dice)
        except AsteroydsError as exc:
            raise Refused(str(exc)) from exc
        return self.dice

    def preview(self, state: State) -> Preview:
        """What the dice do to ``state``; the board is unchanged.

        Racing, shooting, targets, drones: the asteroid phase (every shield
        up). A turn resolved at once (capture has no asteroid phase, docs/rules.md#11-capture-the-asteroyd):
        the preview is the engine's turn (the mode's ``turn.resolve``) with every
        chart empty, so only the turrets (and the blue asteroids of the
        variant) act: where each one fires with its team's die, what its laser
        stops on, which turrets and crafts it puts out of the turn.
        """
        done = mode_named(state.mode).turn.preview(state, self.dice)
        return Preview(done.state, tuple(done.events), whole_turn=done.next_phase == Phase.END)


__all__ = ["Demonstration"]
