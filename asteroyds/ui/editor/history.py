"""The board being edited with its past and its future: every change is a step that can be undone.

:class:`EditHistory` is its own object because the board and its undo and redo
steps change together and only together: a change pushes the board it
replaces onto the past and forgets the future; an undo moves one board from
the past to the future. Keeping the three in one place means no edit can
change the board without leaving a step to undo. What is not part of the
scenario (the selection, the tool, the demonstration dice) is not undone,
so it lives elsewhere.

>>> from asteroyds.ui.editor.tools import empty_state
>>> history = EditHistory(empty_state())
>>> history.record(empty_state("targets"))
>>> history.state.mode, history.can_undo, history.can_redo
('targets', True, False)
>>> history.undo(), history.state.mode, history.can_redo
(True, 'racing', True)
>>> history.undo()  # nothing left to undo: the board stays
False
"""

from __future__ import annotations

from ...state import State
from .tools import UNDO_LIMIT


class EditHistory:
    """The board being edited, the boards before it (undo) and those undone (redo), at most ``limit`` back."""

    def __init__(self, state: State, limit: int = UNDO_LIMIT) -> None:
        self._state = state
        self._past: list[State] = []
        self._future: list[State] = []
        self._limit = limit

    @property
    def state(self) -> State:
        """The board as it is now."""
        return self._state

    @property
    def can_undo(self) -> bool:
        return bool(self._past)

    @property
    def can_redo(self) -> bool:
        return bool(self._future)

    @property
    def past(self) -> tuple[State, ...]:
        """The boards an undo goes back to, the oldest first (a new change adds one)."""
        return tuple(self._past)

    def record(self, state: State) -> None:
        """Make ``state`` the board; the one it replaces can be undone, what was undone is forgotten."""
        self._past.append(self._state)
        del self._past[: -self._limit]
        self._future.clear()
        self._state = state

    def undo(self) -> bool:
        """Go back one step (False, and no change, if there is none)."""
        if not self._past:
            return False
        self._future.append(self._state)
        self._state = self._past.pop()
        return True

    def redo(self) -> bool:
        """Go forward again one undone step (False, and no change, if there is none)."""
        if not self._future:
            return False
        self._past.append(self._state)
        self._state = self._future.pop()
        return True


__all__ = ["EditHistory"]
