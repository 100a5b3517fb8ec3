"""Clicks on a board's spaces, for both boards a learner answers on: the interactive one (bqplot,
:class:`~asteroyds.ui.board.view.BoardView`) and the clickable picture
(:class:`~asteroyds.ui.board.clickable.ClickableBoardPicture`).

A click is a cell handed to the page's callbacks; a keyboard front-end or a test calls
:meth:`HexClicks.click` as a click would. What a callback raises is shown under the board, never as a
traceback in Voila, and the next click starts with that message cleared.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...hexgrid import Cell
from ...i18n import _
from ...state import State
from .. import theme
from .layers import as_cell

ClickCallback = Callable[[Cell], object]


class HexClicks:
    """What a board that hears clicks shares; the board sets ``_callbacks`` (empty), ``_error`` and
    ``_state``."""

    _callbacks: list[ClickCallback]
    _error: widgets.HTML
    _state: State

    def on_hex_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback((row, col))`` when a space is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self, cell: Sequence[int]) -> None:
        """Act as if ``cell`` had been clicked (keyboard front-ends, tests)."""
        cell = as_cell(cell)
        if cell not in self._state.board:
            raise ValueError(_("cell {cell} is off the board", cell=cell))
        self._error.value = ""
        for callback in list(self._callbacks):
            try:
                callback(cell)
            except Exception as exc:  # shown under the board, never a traceback in Voila
                self._error.value = theme.error_html(exc)


__all__ = ["ClickCallback", "HexClicks"]
