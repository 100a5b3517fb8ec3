"""What the editor points at: the selected piece or craft, and what the Move tool has picked up.

:class:`EditorSelection` is its own object because what is selected outlives
one click and is read by every edit that takes "the selection" as its
target, yet it is no part of the board: undoing a change does not undo a
selection, and a selection whose piece has left the board is simply
dropped (:meth:`EditorSelection.forget_gone`). It also knows what a click
or a name means (:meth:`EditorSelection.resolve`), since clicking the
selection's cell again picks the next thing in that cell.

>>> from asteroyds.ui.editor.tools import empty_state
>>> from asteroyds.ui.editor.placement import new_piece
>>> board = empty_state()
>>> board = board.with_pieces([new_piece(board, "pod", (6, 6))])
>>> selection = EditorSelection()
>>> selection.cycle(board, (6, 6)), selection.selected
(('piece', 'P1'), ('piece', 'P1'))
>>> selection.resolve(board, "P1"), selection.resolve(board, (6, 6))
(('piece', 'P1'), ('piece', 'P1'))
>>> selection.resolve(board, (6, 7))
Traceback (most recent call last):
...
asteroyds.ui.editor.tools.Refused: (6, 7) is empty: nothing there
"""

from __future__ import annotations

from collections.abc import Sequence

from ...hexgrid import Cell
from ...i18n import _
from ...state import State
from . import lookups
from .tools import Refused, Selection, as_cell

# What an edit may name as its target: the selection (None), a selection, a cell, a piece id or a player.
Target = Selection | Sequence[int] | str | None


class EditorSelection:
    """The selected piece or craft (``selected``) and what the Move tool carries (``moving``)."""

    def __init__(self) -> None:
        self.selected: Selection | None = None
        self.moving: Selection | None = None

    def at(self, state: State, cell: Cell) -> Selection | None:
        """The selection if it is in ``cell`` (picked by clicking again), else the cell's top."""
        if self.selected is not None and lookups.cell_of(state, self.selected) == cell:
            return self.selected
        return lookups.top(state, cell)

    def cycle(self, state: State, cell: Cell) -> Selection | None:
        """Select the top of ``cell``; if the selection is already there, the next thing in it."""
        stack = lookups.stack(state, cell)
        target = stack[0] if stack else None
        if self.selected in stack:
            target = stack[(stack.index(self.selected) + 1) % len(stack)]
        self.selected = target
        return target

    def forget_gone(self, state: State) -> None:
        """Drop the selection, or what the Move tool carries, if it is no longer on the board."""
        if self.selected is not None and lookups.cell_of(state, self.selected) is None:
            self.selected = None
        if self.moving is not None and lookups.cell_of(state, self.moving) is None:
            self.moving = None

    def resolve(self, state: State, target: Target) -> Selection:
        """The piece or craft an edit means: the selection, a selection, a cell (its top), an id or a player.

        Raises :class:`~asteroyds.ui.editor.tools.Refused` with the sentence to show
        when there is nothing to act on.
        """
        if target is None:
            if self.selected is None:
                raise Refused(_("Select a piece or a craft first (Select tool, then click it)"))
            return self.selected
        if isinstance(target, str):
            if state.has_piece(target):
                return ("piece", target)
            if lookups.craft(state, target) is not None:
                return ("craft", target)
            raise Refused(_("no piece or craft {target!r} on the board", target=target))
        if len(target) == 2 and target[0] in ("piece", "craft") and isinstance(target[1], str):
            if lookups.cell_of(state, target) is None:  # type: ignore[arg-type]
                raise Refused(_("no {target} {target2!r} on the board", target=target[0], target2=target[1]))
            return (str(target[0]), target[1])
        cell = as_cell(target)  # type: ignore[arg-type]
        found = self.at(state, cell)
        if found is None:
            raise Refused(_("{cell} is empty: nothing there", cell=cell))
        return found


__all__ = ["EditorSelection", "Target"]
