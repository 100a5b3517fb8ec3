"""Zooming a board in on one craft: a phone shows the whole board at its width, too small to play.

:class:`BoardZoom` is its own object because it owns state the board view
does not need otherwise: the craft it follows, the zoom buttons (built only on
a page that asks for them) and when to reframe. The view hands it its figure,
a way to read the board's state, and where to put the buttons.

A fluid board (a phone) is drawn at its box's width, which only the browser
knows: the buttons' row carries a hidden *width inbox* the app's page
template (part 8) fills with the board's width on screen, so the tiles' text
keeps to the size of its hexes instead of a desktop's.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ...i18n import _
from ...state import State
from .figure import BoardFigure
from .layers import board_layout

ZOOMS: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0)  # the zoom buttons' steps (1: the whole board)
WIDTHS: tuple[int, int] = (120, 4000)  # a board's width on screen the page may report, in pixels


class BoardZoom:
    """The followed craft, the zoom steps and the − / + buttons of one board view."""

    def __init__(
        self,
        figure: BoardFigure,
        state: Callable[[], State],
        publish: Callable[[], None],
        place_buttons: Callable[[widgets.HBox], None],
    ) -> None:
        self._figure = figure
        self._state = state
        self._publish = publish
        self._place_buttons = place_buttons
        self.following: str | None = None  # the player whose craft the zoomed view keeps in its middle
        self.buttons: widgets.HBox | None = None

    @property
    def zoom(self) -> float:
        return self._figure.zoom

    def follow(self, player: str | None) -> None:
        self.following = player
        self.frame()

    def set_zoom(self, zoom: float) -> None:
        self._figure.zoom = max(ZOOMS[0], min(ZOOMS[-1], float(zoom)))
        self.frame()

    def zoom_in(self) -> None:
        self.set_zoom(next((z for z in ZOOMS if z > self.zoom + 1e-9), ZOOMS[-1]))

    def zoom_out(self) -> None:
        self.set_zoom(next((z for z in reversed(ZOOMS) if z < self.zoom - 1e-9), ZOOMS[0]))

    def show_buttons(self) -> widgets.HBox:
        """− and + buttons (classes ``asteroyds-board-zoom-out`` / ``-in``), built once."""
        if self.buttons is None:
            out = widgets.Button(description="−", tooltip=_("Zoom out: see more of the board"))
            closer = widgets.Button(description="+", tooltip=_("Zoom in on your craft"))
            out.on_click(lambda _b: self.zoom_out())
            closer.on_click(lambda _b: self.zoom_in())
            out.add_class("asteroyds-board-zoom-out")
            closer.add_class("asteroyds-board-zoom-in")
            inbox = widgets.Text(value="", continuous_update=True, layout=widgets.Layout(display="none"))
            inbox.add_class("asteroyds-board-width-inbox")
            inbox.observe(lambda change: self.set_screen_width(change["new"]), names="value")
            self.buttons = widgets.HBox([out, closer, inbox])
            self.buttons.add_class("asteroyds-board-zoom")
            self._place_buttons(self.buttons)
            self._draw_buttons()
        return self.buttons

    def set_screen_width(self, width: object) -> None:
        """The board's width on screen as the page reports it; anything not a sane width is ignored."""
        try:
            pixels = int(str(width))
        except ValueError:
            return
        if WIDTHS[0] <= pixels <= WIDTHS[1] and pixels != self._figure.screen_width:
            self._figure.screen_width = pixels
            self.frame()

    def frame(self, publish: bool = True) -> None:
        """Put the followed craft (or the board's middle) in the middle of the view at the zoom."""
        state = self._state()
        craft = None
        if self.following is not None and self.following in state.player_order:
            craft = state.craft(self.following)
        centre = None if craft is None or craft.cell is None else board_layout().cell_to_pixel(craft.cell)
        self._figure.frame(self._figure.zoom, centre)
        self._draw_buttons()
        if publish:
            self._publish()

    def _draw_buttons(self) -> None:
        if self.buttons is not None:
            out, closer, _inbox = self.buttons.children
            out.disabled, closer.disabled = self.zoom <= ZOOMS[0], self.zoom >= ZOOMS[-1]


__all__ = ["WIDTHS", "ZOOMS", "BoardZoom"]
