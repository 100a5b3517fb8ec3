"""A board picture the learner clicks: one button per space, laid over the engine's SVG.

Why not the interactive board (:class:`~asteroyds.ui.board.view.BoardView`): a page that only
asks "which space?" (practice, levels 1-4) needs clicks, not drags nor zoom, and a bqplot figure
made the practice page the one page slower than 1.5x a one-button page (issue 34: the kernel
imports bqplot and pandas, the browser loads bqplot's script and draws some 3,000 SVG nodes).
Here the board is a :class:`~.picture.BoardPicture` and the clicks are ONE
``ToggleButtons`` widget (one view, one ``<button>`` per space, no custom JavaScript): its
buttons are laid absolutely over the picture, each placed and clipped to its hex by CSS in
percentages of the picture's box (so they follow the fluid picture at any width), transparent,
filled on hover and on keyboard focus, and named after their space for a screen reader. A
click selects a button; the selection is cleared at once, so the same space may be clicked again.

The buttons are placed with the picture's own geometry
(:func:`asteroyds.render.svg.picture_layout`: its margin is not the interactive board's padding,
so :func:`~.layers.cell_fraction` would be off by a few pixels). The static rules are
``asteroyds/ui/static/clickable_board.css``; the positions are one small sheet per board.

CSS classes: ``asteroyds-clickable-board`` (the picture and its buttons), ``asteroyds-board-cells``
(the buttons; each ``<button>``'s ``value`` is its space's index in ``board.cells``, its text the
space's name), ``asteroyds-board-click-error`` (what a click's action refused).

>>> from asteroyds import setup
>>> board = ClickableBoardPicture(setup("racing", seed=1, players=["blue"]))
>>> heard = []
>>> board.on_hex_click(heard.append)
>>> board.click((3, 4)); board.click((3, 4)); heard
[(3, 4), (3, 4)]
"""

from __future__ import annotations

import itertools

import ipywidgets as widgets

from ...hexgrid import Board, Cell
from ...i18n import _
from ...render.svg import picture_layout
from ...state import State
from ..share.markup import Markup, tag
from ..theme import sheet
from .clicks import ClickCallback, HexClicks
from .picture import HEX_PIXELS, BoardPicture, width_limit

CSS = sheet("clickable_board")
_SCOPES = itertools.count(1)  # each picture's own class: its positions never apply to another board


def cell_boxes(board: Board) -> list[tuple[float, float]]:
    """Each space's button's top-left corner, in percent of the picture's width and height (in the
    order of ``board.cells``): its hex's bounding box in the picture's own geometry."""
    lay, width, height = picture_layout(board, HEX_PIXELS)
    boxes = []
    for cell in board.cells:
        x, y = lay.cell_to_pixel(cell)
        boxes.append((100 * (x - lay.width / 2) / width, 100 * (y - lay.size) / height))
    return boxes


def cells_sheet(scope: str, board: Board, size: str) -> Markup:
    """The style of one picture's buttons: the box over the picture (its aspect and widest, as the
    picture's), each button a hex's bounding box, each at its space."""
    lay, width, height = picture_layout(board, HEX_PIXELS)
    rules = [
        f".{scope} > .asteroyds-board-cells {{ aspect-ratio: {width:.3f} / {height:.3f}; "
        f"max-width: {width_limit(size, board)}; }}",
        f".{scope} .asteroyds-board-cells .widget-toggle-button {{ width: {100 * lay.width / width:.4f}%; "
        f"height: {100 * 2 * lay.size / height:.4f}%; }}",
    ]
    rules += [
        f'.{scope} .widget-toggle-button[value="{index}"] {{ left: {left:.4f}%; top: {top:.4f}%; }}'
        for index, (left, top) in enumerate(cell_boxes(board))
    ]
    return tag("style", Markup("\n".join(rules)))


class ClickableBoardPicture(HexClicks, BoardPicture):
    """A :class:`~.picture.BoardPicture` whose spaces are buttons (see the module).

    Its clicks are the interactive board's: :meth:`on_hex_click` and :meth:`click`; the rest
    (``update``, ``highlight``, ``mark_wrong``, ``coordinates``...) is the picture's.
    """

    def __init__(
        self, state: State, *, size: str = "compact", numbers: bool = True, coordinates: bool = False
    ) -> None:
        self._callbacks: list[ClickCallback] = []
        self._placed: Board | None = None
        self._scope = f"asteroyds-cells-{next(_SCOPES)}"
        # the spaces' buttons: a browser sets its index (the button clicked), which is cleared at once
        self.cell_buttons = widgets.ToggleButtons(options=[], description="")
        self.cell_buttons.add_class("asteroyds-board-cells")
        self.cell_buttons.observe(self._on_button, names="index")
        self._cells_sheet = widgets.HTML(layout=widgets.Layout(display="none"))
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-board-click-error")
        super().__init__(state, size=size, numbers=numbers, coordinates=coordinates)
        stack = widgets.Box([self._picture, self.cell_buttons, self._cells_sheet])
        stack.add_class("asteroyds-clickable-board")
        stack.add_class(self._scope)
        sheet_html = widgets.HTML(CSS, layout=widgets.Layout(display="none"))
        # the toggles and the legend as the picture has them, under the picture and its buttons
        self.children = [sheet_html, stack, self._error, self._toggles, self._legend]
        self.add_class("asteroyds-clickable-board-view")

    # --- clicks --------------------------------------------------------------------------
    @property
    def clickable(self) -> bool:
        """Are the spaces buttons? Off, the picture is only watched (a plan made on a chart) and a
        keyboard's Tab no longer walks through the board's spaces."""
        return self.cell_buttons.layout.display != "none"

    @clickable.setter
    def clickable(self, on: bool) -> None:
        self.cell_buttons.layout.display = None if on else "none"
        self.cell_buttons.disabled = not on

    @property
    def buttons(self) -> tuple[tuple[str, Cell], ...]:
        """Each button's text (what a screen reader says) and its space, in the buttons' order."""
        return tuple(zip(self.cell_buttons.options, self._placed.cells if self._placed else (), strict=False))

    def _on_button(self, change: dict) -> None:
        index = change["new"]
        if index is None:
            return
        self.cell_buttons.index = None  # at once: a second click on the same space is heard too
        board = self._placed
        if board is not None and 0 <= index < len(board.cells):
            self.click(board.cells[index])

    # --- drawing -------------------------------------------------------------------------
    def _draw(self) -> None:
        super()._draw()
        if not self._held and self._state.board != self._placed:
            self._place(self._state.board)

    def _place(self, board: Board) -> None:
        """One button per space of ``board``, placed over its picture."""
        self._placed = board
        with self.cell_buttons.hold_trait_notifications():
            self.cell_buttons.options = [_("Space {row},{col}", row=row, col=col) for row, col in board.cells]
            self.cell_buttons.index = None
        self._cells_sheet.value = str(cells_sheet(self._scope, board, self._size))


__all__ = ["ClickableBoardPicture", "cell_boxes", "cells_sheet"]
