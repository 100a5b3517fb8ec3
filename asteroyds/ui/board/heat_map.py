"""The coach's danger map on a board view: the heat marks, their numbers, the legend line.

The counts are the coach's (:func:`asteroyds.coach.danger_map`); their
shapes and colours are plain data (:mod:`.danger`). :class:`HeatMap`
puts them on a :class:`~asteroyds.ui.board.BoardView`'s figure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import bqplot
import ipywidgets as widgets
import numpy as np

from ...hexgrid import Board, Cell
from ...i18n import _
from ..share.markup import join, style, tag, void
from .danger import LEGEND_STEPS, ROLLS, danger_layers, heat_colour
from .danger import opacities as danger_opacities
from .figure import SIZES, BoardFigure, put_layer
from .layers import HEX_SIZE, SMALL_FONT, Shapes, Texts, as_cell, extent


class HeatMap:
    """A heat map under the pieces: each cell tinted by how many rolls out of ``rolls`` reach it.

    Its own object because it is made only when a danger map first shows: its
    two marks and its legend line are added to the view then, so a board that
    never shows one costs the page nothing more. It keeps the counts shown, and
    shows or hides them without touching the board's other marks.
    """

    def __init__(self, figure: BoardFigure, add_legend: Callable[[widgets.HTML], None]) -> None:
        self.counts: dict[Cell, int] = {}
        self.rolls = ROLLS
        self._figure = figure
        self._add_legend = add_legend  # puts the legend line under the board, once
        self._parts: dict[str, widgets.Widget] = {}  # built the first time a danger map shows

    def show(self, board: Board, counts: Mapping[Cell, int], rolls: int = ROLLS, legend: str = "") -> None:
        """Tint ``board``'s cells by ``counts[cell]`` out of ``rolls``; ``legend`` ends the legend line."""
        self.counts = {as_cell(c): int(n) for c, n in counts.items() if int(n) > 0}
        self.rolls = int(rolls)
        parts = self._marks(board)
        shapes, texts = danger_layers(self.counts, self.rolls)
        heat, numbers = parts["heat"], parts["counts"]
        with self._figure.hold(), heat.hold_sync():
            put_layer(heat, shapes)
            heat.fill_opacities = danger_opacities(self.counts, self.rolls) or [0.0]
            put_layer(numbers, texts)
        parts["legend"].value = legend_html(self.rolls, legend)
        parts["legend"].layout.display = ""

    def clear(self) -> None:
        """Hide the heat map and its legend (the marks stay, empty, for the next time)."""
        self.counts = {}
        if self._parts:
            parts = self._parts
            with self._figure.hold():
                put_layer(parts["heat"], Shapes())
                put_layer(parts["counts"], Texts())
            parts["legend"].layout.display = "none"

    def _marks(self, board: Board) -> dict[str, widgets.Widget]:
        """The heat mark (above the board's hexes, under every piece), its numbers, the legend."""
        if self._parts:
            return self._parts
        sc = self._figure.scales
        heat = bqplot.Lines(
            x=np.zeros((1, 2)), y=np.zeros((1, 2)), scales=sc, enable_hover=False,
            fill="inside", stroke_width=1, fill_opacities=[0.0], visible=False,
        )  # fmt: skip
        numbers = bqplot.Label(
            x=np.zeros(1), y=np.zeros(1), text=[""], scales=sc, font_unit="px",
            align="middle", font_weight="bold", enable_hover=False, visible=False,
        )  # fmt: skip
        px = SIZES[self._figure.size] / extent(board)[0] * HEX_SIZE
        numbers.default_size = max(9, round(SMALL_FONT * 0.9 * px))
        numbers.y_offset = round(numbers.default_size * 0.36)
        # the heat under every piece, its numbers above them, the clicks' mark still on top
        self._figure.add_under_pieces(heat, numbers)
        legend = widgets.HTML()
        legend.add_class("asteroyds-danger-legend")
        self._add_legend(legend)
        self._parts = {"heat": heat, "counts": numbers, "legend": legend}
        return self._parts


def legend_html(rolls: int, text: str) -> str:
    """The danger map's legend: the palette from few to all rolls, then the coach's sentence."""
    swatch = {"display": "inline-block", "padding": "0 5px", "margin_left": "3px", "border_radius": "3px"}
    steps = sorted({max(1, n * rolls // ROLLS) for n in LEGEND_STEPS})
    swatches = (
        tag(
            "span",
            n,
            class_="asteroyds-swatch",
            style=style(**swatch, color="#1c2436", background=heat_colour(n, rolls)[0]),
        )
        for n in steps
    )
    head = _("Danger map: in how many rolls out of {rolls} a moving element ends on each space", rolls=rolls)
    tail = join(void("br"), text) if text else ""
    return tag("div", head, " ", *swatches, tail, class_="asteroyds-caption")
