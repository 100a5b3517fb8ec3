"""The board view: a bqplot figure that shows a state, its teaching overlays and hex clicks.

:mod:`asteroyds.ui.board.scene` turns a :class:`State` into plain lists of
polygons, dots and texts per mark (no widgets). :class:`BoardView` owns one
bqplot figure with a fixed set of marks and pushes those lists into them, in
place, inside ``hold_sync()``; it never rebuilds the figure (its marks are
:mod:`.figure`'s, what a lesson points at :mod:`.overlays`', the coach's heat
map :mod:`.heat_map`'s). The drawing data is re-exported here, so
``from asteroyds.ui.board.view import scene`` keeps working.

>>> from asteroyds import setup
>>> view = BoardView(setup("racing", seed=1, players=["blue", "red"]))
>>> len(view.marks["board"].x), view.summary().split()[0]
(158, 'GA@1,3')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

import bqplot
import ipywidgets as widgets

from ...dice import Dice
from ...hexgrid import Cell, direction_name
from ...i18n import _
from ...render.legend import legend_keys
from ...state import State
from .. import theme
from ..share.legend import board_legend
from ..share.markup import tag
from . import scene as _scene
from .caption import default_caption
from .clicks import ClickCallback, HexClicks
from .danger import ROLLS
from .figure import SIZES, BoardFigure
from .heat_map import HeatMap
from .overlays import Overlays, ShowsOverlays
from .scene import __all__ as _DRAWING
from .scene import board_layout, cell_key, extent, summary
from .zoom import BoardZoom

# The drawing data, re-exported (``from asteroyds.ui.board.view import scene`` keeps working): its
# names are listed once, in .scene's __all__, and bound here from it.
globals().update({name: getattr(_scene, name) for name in _DRAWING})

PANEL_PADDING = 28  # px: a panel's padding left and right (theme.css .asteroyds-panel), around the figure


# --- the widget --------------------------------------------------------------------------
class BoardView(HexClicks, ShowsOverlays, widgets.VBox):
    """The board of a state, with overlays and hex clicks (bqplot).

    ``size`` is ``"normal"``, ``"large"`` (projectors) or ``"compact"`` (beside a side
    panel on a 1280-pixel screen): the board's width where there is room for it. The board is
    ``fluid``: narrower where its box is (a phone, a side panel beside it), keeping its aspect, so no
    page cuts it or scrolls sideways; where that makes a space too small to tap, it offers zoom
    buttons (:mod:`.zoom`). :meth:`set_zoom` and :meth:`follow` show a part of the board, closer.
    ``fluid=False`` keeps the figure at its size whatever the box. ``animation_duration`` (ms)
    animates :meth:`update` in the browser.

    The view owns three parts: its figure (:class:`~asteroyds.ui.board.figure.BoardFigure`:
    the marks and what they show), what a lesson points at
    (:class:`~asteroyds.ui.board.overlays.Overlays`) and the coach's heat map
    (:class:`~asteroyds.ui.board.heat_map.HeatMap`, made when first shown).

    Two labelled checkboxes under the board: *Numbers on tiles* (the die faces on
    each moving tile's edges, as printed on the real tiles; ``numbers``, on by
    default: a learner reads a die off the tile) and *Coordinates* (``row,col`` on
    every hex; ``coordinates``, off by default: a teaching board names pieces and
    outlines cells). Toggles rather than hover: bqplot's Lines marks report no
    hovered element, a touch screen has no hover, and a checkbox is reachable
    with the keyboard and says what it does.
    """

    def __init__(
        self,
        state: State,
        *,
        size: str = "normal",
        animation_duration: int = 0,
        numbers: bool = True,
        coordinates: bool = False,
        fluid: bool = True,
    ) -> None:
        if size not in SIZES:
            raise ValueError(_("size must be one of {given}, got {size!r}", given=tuple(SIZES), size=size))
        super().__init__()
        self._state = state
        self._size = size
        self._overlays = Overlays()
        self._callbacks: list[ClickCallback] = []
        self._caption_text = ""
        self._updates = 0
        self._figure = BoardFigure(state.board, size, animation_duration, self._on_element_click, fluid)
        self._figure.numbers, self._figure.coordinates = bool(numbers), bool(coordinates)
        self._coordinate_callbacks: list[Callable[[bool], object]] = []
        self._numbers_box = self._toggle(_("Numbers on tiles"), numbers, "asteroyds-numbers-toggle")
        self._coordinates_box = self._toggle(_("Coordinates"), coordinates, "asteroyds-coordinates-toggle")
        toggles = widgets.HBox([self._numbers_box, self._coordinates_box])
        toggles.add_class("asteroyds-board-toggles")
        self._legend = widgets.HTML()  # What's this?, closed: as under a picture (drawn with the state)
        self._legend_keys: tuple[str, ...] = ()
        self._legend.add_class("asteroyds-legend-box")
        self.zooming = BoardZoom(self._figure, lambda: self._state, self._publish, self._place_zoom_buttons)
        self._danger = HeatMap(self._figure, self._add_legend)
        self._caption = widgets.HTML(layout=widgets.Layout(max_width="100%"))  # wraps under the board
        self._caption.add_class("asteroyds-caption")
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-error")
        self._state_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self._state_html.add_class("asteroyds-board-state")
        inbox = () if self.zooming.inbox is None else (self.zooming.inbox,)
        self.children: tuple[widgets.Widget, ...] = (
            widgets.HTML(theme.CSS),
            self._figure.figure,
            self._caption,
            self._error,
            toggles,
            self._legend,
            *inbox,
            self._state_html,  # the last child (tests read it there)
        )
        self._draw_state()
        self._draw_overlays()
        if fluid:  # its size where there is room, narrower where its box is: never cut, never scrolled
            self.layout.width, self.layout.max_width = f"{SIZES[size] + PANEL_PADDING}px", "100%"
        else:
            self.layout.width = "max-content"
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-board-view")

    def _toggle(self, label: str, value: bool, css: str) -> widgets.Checkbox:
        box = widgets.Checkbox(value=bool(value), description=label, indent=False)
        box.layout.width = "auto"
        box.add_class(css)
        box.observe(self._on_toggle, names="value")
        return box

    def _on_toggle(self, _change: object = None) -> None:
        coordinates = bool(self._coordinates_box.value)
        shown = coordinates != self._figure.coordinates
        self._figure.numbers, self._figure.coordinates = bool(self._numbers_box.value), coordinates
        self._draw_state()
        self._publish()
        if shown:
            for callback in list(self._coordinate_callbacks):
                callback(coordinates)

    # --- reading -------------------------------------------------------------------------
    @property
    def numbers(self) -> bool:
        """Are the die numbers written on the tiles' edges?"""
        return self._figure.numbers

    @numbers.setter
    def numbers(self, on: bool) -> None:
        self._numbers_box.value = bool(on)

    @property
    def coordinates(self) -> bool:
        """Is every hex's ``row,col`` written on the board?"""
        return self._figure.coordinates

    @coordinates.setter
    def coordinates(self, on: bool) -> None:
        self._coordinates_box.value = bool(on)

    def on_coordinates(self, callback: Callable[[bool], object]) -> None:
        """Call ``callback(on)`` when the coordinates are turned on or off (a caption that may name
        cells only while the board shows them)."""
        self._coordinate_callbacks.append(callback)

    @property
    def state(self) -> State:
        return self._state

    @property
    def size(self) -> str:
        return self._size

    @property
    def figure(self) -> bqplot.Figure:
        """The bqplot figure (CSS class ``asteroyds-board``)."""
        return self._figure.figure

    @property
    def marks(self) -> Mapping[str, bqplot.Mark]:
        """The marks by name, read-only (tests read them; the view owns their data)."""
        return MappingProxyType(self._figure.marks)

    def summary(self) -> str:
        """The pieces as ``id@row,col`` (the page carries it for browser tests)."""
        return summary(self._state)

    # --- changing ------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Redraw for a new state, in place; the intended-move arrows follow the tiles."""
        self._state = state
        self._overlays.follow(state)
        self._draw_state()
        self._draw_overlays()

    # --- zoom (a phone shows the board at its width: zoom in on your own craft; see .zoom) ------
    @property
    def zoom(self) -> float:
        """How much closer than the whole board the view is (1: the whole board)."""
        return self.zooming.zoom

    def follow(self, player: str | None) -> None:
        """Keep ``player``'s craft in the middle of a zoomed view (None: the board's middle)."""
        self.zooming.follow(player)

    def set_zoom(self, zoom: float) -> None:
        self.zooming.set_zoom(zoom)

    def zoom_in(self) -> None:
        self.zooming.zoom_in()

    def zoom_out(self) -> None:
        self.zooming.zoom_out()

    def show_zoom_buttons(self, arrows: bool = False) -> widgets.HBox:
        """Add − and + buttons under the board (and, with ``arrows``, four that move a closer view)."""
        return self.zooming.show_buttons(arrows)

    def pan(self, dx: int, dy: int) -> None:
        """Move a closer view about the board (see :meth:`~asteroyds.ui.board.zoom.BoardZoom.pan`)."""
        self.zooming.pan(dx, dy)

    def _place_zoom_buttons(self, buttons: widgets.HBox) -> None:
        at = list(self.children).index(self._figure.figure) + 1
        self.children = (*self.children[:at], buttons, *self.children[at:])

    def show_step(
        self, state: State, highlight: Iterable[Cell] = (), dice: Dice | Sequence[int] | None = None
    ) -> None:
        """One step of a replay in a single redraw: ``state`` (redrawn only if it is a new one),
        ``highlight`` outlined and the arrows of ``dice`` (``None`` hides them)."""
        changed = state is not self._state
        self._state = state
        self._overlays.show_dice(state, dice)
        self._overlays.highlight(highlight)
        if changed:
            self._draw_state()
        self._draw_overlays()

    def show_intended_moves(self, dice: Dice | Sequence[int] | None) -> None:
        """Arrows showing where each moving tile goes for these dice (``None`` hides them)."""
        self._overlays.show_dice(self._state, dice)
        self._draw_overlays()

    def highlight(self, cells: Iterable[Cell]) -> None:
        """Outline these cells (the piece being resolved now); an empty list clears them."""
        self._overlays.highlight(cells)
        self._draw_overlays()

    def show_path(
        self, cells: Iterable[Cell], collisions: Iterable[Cell] = (), colour: str | None = None
    ) -> None:
        """A craft's ghost path: a dashed line through ``cells``, a red X on each collision.

        ``colour`` is a player's name (its colour is used) or ``None``.
        """
        self._overlays.show_path(cells, collisions, None if colour is None else theme.player_colour(colour))
        self._draw_overlays()

    def show_laser(
        self,
        path: Iterable[Cell],
        hit: str | Cell | bool | None = None,
        *,
        start: Cell | None = None,
        direction: int | None = None,
    ) -> None:
        """Draw a laser beam through ``path`` (a :class:`~asteroyds.shooting.LaserFired` event's).

        ``hit`` (a piece id, a cell, or True) puts a burst on the last space of
        the path; ``None`` means the laser hit nothing and leaves the board.
        ``start`` is the shooter's space. An empty path without ``start``
        clears the beam.
        """
        self._overlays.show_laser(path, hit, start, direction)
        self._draw_overlays()

    def mark_wrong(self, cells: Iterable[Cell]) -> None:
        """Outline and cross these spaces as wrong answers (``()`` clears them)."""
        self._overlays.mark_wrong(cells)
        self._draw_overlays()

    def show_disabled(self, cells: Iterable[Cell]) -> None:
        """Cross out these cells in red (capture mode: turrets disabled this turn); ``()`` clears them."""
        self._overlays.show_disabled(cells)
        self._draw_overlays()

    def clear_laser(self) -> None:
        """Remove the laser beam."""
        self.show_laser(())

    def clear_overlays(self) -> None:
        """Remove the arrows, highlights, path and laser."""
        self._overlays.clear()
        self._draw_overlays()

    # --- the danger overlay (the coach's heat map) --------------------------------------
    @property
    def danger(self) -> Mapping[Cell, int]:
        """The danger counts shown, cell -> rolls (empty when the overlay is off)."""
        return MappingProxyType(self._danger.counts)

    def show_danger(self, counts: Mapping[Cell, int], rolls: int = ROLLS, legend: str = "") -> None:
        """A heat map under the pieces: each cell tinted by ``counts[cell]`` out of ``rolls``.

        The marks and the legend line (``legend``, plain text; the palette and
        "out of 216 rolls" are always in it) are made the first time: a board
        that never shows a danger map costs the page nothing more.
        """
        self._danger.show(self._state.board, counts, rolls, legend)
        self._quiet(frozenset(self._danger.counts))
        self._publish()

    def clear_danger(self) -> None:
        """Hide the heat map and its legend (the marks stay, empty, for the next time)."""
        self._danger.clear()
        self._quiet(frozenset())
        self._publish()

    def _quiet(self, cells: frozenset[Cell]) -> None:
        """The die numbers step aside where a danger count is written (never one over the other)."""
        if cells != self._figure.quiet:
            self._figure.quiet = cells
            self._figure.draw_state(self._state)

    def _add_legend(self, legend: widgets.HTML) -> None:
        """The danger map's legend line goes under the caption, once."""
        at = list(self.children).index(self._caption) + 1
        self.children = (*self.children[:at], legend, *self.children[at:])

    def set_caption(self, text: str) -> None:
        """Replace the line under the board (plain text; ``""`` restores the default)."""
        self._caption_text = text
        self._caption.value = html.escape(text) if text else self._default_caption()

    # --- clicks --------------------------------------------------------------------------
    def _on_element_click(self, _mark: object, content: Mapping[str, object]) -> None:
        data = content.get("data")
        index = data.get("index") if isinstance(data, Mapping) else None
        cells = self._state.board.cells
        if isinstance(index, int) and 0 <= index < len(cells):
            self.click(cells[index])

    # --- drawing -------------------------------------------------------------------------
    def _draw_state(self) -> None:
        self._figure.draw_state(self._state)
        if self.zooming.following is not None:  # the followed craft moved: keep it in the middle
            self.zooming.frame(publish=False)
        self._updates += 1
        if not self._caption_text:
            self._caption.value = self._default_caption()
        keys = legend_keys(self._state)
        if keys != self._legend_keys:  # a new kind of piece on the board (a drone launched): its row too
            self._legend_keys, self._legend.value = keys, board_legend(self._state)

    def _draw_overlays(self) -> None:
        layers = self._overlays.layers(self._state)
        with self._figure.hold():
            for name, layer in layers.items():
                self._figure.put(name, layer)
        self._publish()

    def _default_caption(self) -> str:
        return default_caption(self._state, self._figure.numbers)

    def _publish(self) -> None:
        """Write the machine-readable state into the hidden HTML element (for browser tests)."""
        s = self._state
        crafts = " ".join(
            f"{c.player}@{'destroyed' if c.cell is None else cell_key(c.cell)}"
            f":{direction_name(c.facing)}:{c.damage}"
            for c in s.crafts_in_order()
        )
        width_units, height_units = extent(s.board)
        attrs = {
            "data-pieces": " ".join(f"{p.id}@{cell_key(p.cell)}" for p in s.pieces),
            "data-crafts": crafts,
            **self._overlays.data(),
            "data-carried": " ".join(f"{p.id}:{p.carrier}" for p in s.pieces if p.carrier),
            "data-scores": " ".join(f"{team}:{points}" for team, points in s.scores),
            "data-extent": f"{width_units:.3f},{height_units:.3f}",
            "data-zoom": f"{self._figure.zoom:g}",
            "data-window": ",".join(f"{v:.3f}" for v in self._figure.window()),  # x0,x1,y0,y1 in view
            "data-craft-points": " ".join(  # where each craft is drawn, in board units (as data-window)
                "{}:{:.3f},{:.3f}".format(c.player, *board_layout().cell_to_pixel(c.cell))
                for c in s.crafts_in_order()
                if c.cell is not None
            ),
            "data-danger": " ".join(f"{cell_key(c)}:{n}" for c, n in sorted(self._danger.counts.items())),
            "data-round": str(s.round),
            "data-numbers": "on" if self._figure.numbers else "off",
            "data-coordinates": "on" if self._figure.coordinates else "off",
            "data-updates": str(self._updates),
        }
        self._state_html.value = tag("div", self.summary(), class_="asteroyds-board-data", **attrs)


__all__ = ["BoardView", "ClickCallback", "SIZES", *_DRAWING]
