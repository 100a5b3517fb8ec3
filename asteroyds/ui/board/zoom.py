"""Zooming a board in: a phone shows the whole board at its width, its spaces too small to tap.

:class:`BoardZoom` is its own object because it owns state the board view
does not need otherwise: the craft it follows or the point the learner moved
the view to, the zoom buttons (built only on a page that needs them) and when
to reframe. The view hands it its figure, a way to read the board's state, and
where to put its parts.

Every board is fluid (as wide as its box, at most its nominal width: a desktop
sees it at its size, a phone at the screen's width), and that width only the
browser knows: a hidden *width inbox* the app's page template (part 8) fills
with the board's width on screen, so the tiles' text keeps to the size of its
hexes. When that width makes a space narrower than a fingertip
(:data:`TAP_TARGET`), the board offers its zoom buttons, and arrows to move
the closer view about the board: the learner sees the whole board and zooms in
where they want to tap. A page that follows a craft (a class room's phone) asks
for the buttons itself (:meth:`BoardZoom.show_buttons`).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import ipywidgets as widgets

from ...i18n import _
from ...state import State
from .figure import BoardFigure
from .layers import HEX_SIZE, board_layout

ZOOMS: tuple[float, ...] = (1.0, 1.5, 2.0, 3.0)  # the zoom buttons' steps (1: the whole board)
WIDTHS: tuple[int, int] = (120, 4000)  # a board's width on screen the page may report, in pixels
TAP_TARGET = 24  # px: a space narrower than this on screen is too small to tap (WCAG 2.5.8)
PAN_STEP = 0.5  # an arrow moves the view by this share of what it shows
# The arrows' (dx, dy) in board units' directions (y grows downwards, as the board's rows).
PANS: tuple[tuple[str, int, int], ...] = (("left", -1, 0), ("up", 0, -1), ("down", 0, 1), ("right", 1, 0))


def space_pixels(width: float, width_units: float, zoom: float = 1.0) -> float:
    """How wide one space is on screen (across its flat sides) on a board ``width`` pixels wide.

    >>> round(space_pixels(760, 603.58), 1), round(space_pixels(340, 603.58), 1)
    (43.6, 19.5)
    """
    return math.sqrt(3) * HEX_SIZE * width / width_units * zoom


class BoardZoom:
    """The followed craft or the learner's place, the zoom steps, the width inbox and the buttons of one
    board view."""

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
        self.centre: tuple[float, float] | None = None  # where the arrows moved the view (board units)
        self.buttons: widgets.HBox | None = None
        self._pans: dict[str, widgets.Button] = {}
        self.inbox: widgets.Text | None = None
        if figure.fluid:  # the page tells a fluid board its width on screen (template part 8)
            self.inbox = widgets.Text(value="", continuous_update=True, layout=widgets.Layout(display="none"))
            self.inbox.add_class("asteroyds-board-width-inbox")
            self.inbox.observe(lambda change: self.set_screen_width(change["new"]), names="value")

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

    def pan(self, dx: int, dy: int) -> None:
        """Move the closer view by half of what it shows, towards ``dx``, ``dy`` (-1, 0 or 1 each); the
        view stops following a craft. The board's edges stop it."""
        x0, x1, y0, y1 = self._figure.window()
        width_units, height_units = self._figure.extent
        seen_w, seen_h = x1 - x0, y1 - y0
        cx = min(max((x0 + x1) / 2 + dx * PAN_STEP * seen_w, seen_w / 2), width_units - seen_w / 2)
        cy = min(max((y0 + y1) / 2 + dy * PAN_STEP * seen_h, seen_h / 2), height_units - seen_h / 2)
        self.following, self.centre = None, (cx, cy)
        self.frame()

    def show_buttons(self, arrows: bool = False) -> widgets.HBox:
        """− and + buttons (classes ``asteroyds-board-zoom-out`` / ``-in``), built once; with ``arrows``,
        four more that move a closer view about the board (``asteroyds-board-pan-left`` …)."""
        if self.buttons is None:
            out = widgets.Button(description="−", tooltip=_("Zoom out: see more of the board"))
            closer = widgets.Button(description="+", tooltip=_("Zoom in on your craft"))
            out.on_click(lambda _b: self.zoom_out())
            closer.on_click(lambda _b: self.zoom_in())
            out.add_class("asteroyds-board-zoom-out")
            closer.add_class("asteroyds-board-zoom-in")
            self.buttons = widgets.HBox([out, closer])
            self.buttons.add_class("asteroyds-board-zoom")
            self._place_buttons(self.buttons)
        if arrows and not self._pans:
            self.buttons.children[1].tooltip = _("Zoom in: bigger spaces, easier to tap")
            tips = {
                "left": ("◀", _("Look further left")),
                "up": ("▲", _("Look further up")),
                "down": ("▼", _("Look further down")),
                "right": ("▶", _("Look further right")),
            }
            for name, dx, dy in PANS:
                arrow, tip = tips[name]
                button = widgets.Button(description=arrow, tooltip=tip)
                button.on_click(lambda _b, dx=dx, dy=dy: self.pan(dx, dy))
                button.add_class(f"asteroyds-board-pan-{name}")
                self._pans[name] = button
            self.buttons.children = (*self.buttons.children, *self._pans.values())
        self._draw_buttons()
        return self.buttons

    def set_screen_width(self, width: object) -> None:
        """The board's width on screen as the page reports it; anything not a sane width is ignored.

        A width that makes a space narrower than a fingertip offers the zoom buttons and the arrows.
        """
        try:
            pixels = int(str(width))
        except ValueError:
            return
        if not (WIDTHS[0] <= pixels <= WIDTHS[1]) or pixels == self._figure.screen_width:
            return
        self._figure.screen_width = pixels
        if space_pixels(pixels, self._figure.extent[0]) < TAP_TARGET:
            self.show_buttons(arrows=self.buttons is None or bool(self._pans))
        self.frame()

    def frame(self, publish: bool = True) -> None:
        """Put the followed craft (or the learner's place, or the board's middle) in the middle of the view
        at the zoom."""
        state = self._state()
        craft = None
        if self.following is not None and self.following in state.player_order:
            craft = state.craft(self.following)
        if craft is not None and craft.cell is not None:
            centre: tuple[float, float] | None = board_layout().cell_to_pixel(craft.cell)
        else:
            centre = self.centre
        self._figure.frame(self._figure.zoom, centre)
        self._draw_buttons()
        if publish:
            self._publish()

    def _draw_buttons(self) -> None:
        if self.buttons is None:
            return
        out, closer = self.buttons.children[:2]
        out.disabled, closer.disabled = self.zoom <= ZOOMS[0], self.zoom >= ZOOMS[-1]
        if self._pans:
            x0, x1, y0, y1 = self._figure.window()
            width_units, height_units = self._figure.extent
            edge = 1e-6
            at_edge = {"left": x0 <= edge, "right": x1 >= width_units - edge}
            at_edge |= {"up": y0 <= edge, "down": y1 >= height_units - edge}
            for name, button in self._pans.items():
                button.disabled = at_edge[name]


__all__ = ["PANS", "TAP_TARGET", "WIDTHS", "ZOOMS", "BoardZoom", "space_pixels"]
