"""The board's bqplot figure: its scales, its fixed set of marks, and how a layer goes into a mark.

:class:`BoardFigure` is built once per :class:`~asteroyds.ui.board.BoardView`
and updated in place, inside ``hold_sync()``: it never rebuilds the figure.
The layers it is given are plain data (:mod:`.layers`), drawn by
:mod:`.scene`, :mod:`.overlays` and :mod:`.danger`.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections.abc import Callable, Mapping

import bqplot
import ipywidgets as widgets
import numpy as np

from ...hexgrid import Board, Cell
from ...state import State
from ..theme import COLOURS
from .layers import (
    DOT_RADII,
    FONTS,
    HEX_SIZE,
    STROKES,
    Dots,
    Layer,
    Shapes,
    Texts,
    board_layout,
    extent,
)
from .numbers import coordinate_labels, edge_numbers
from .overlays import LASER_GLOW_OPACITY
from .scene import scene

SIZES: dict[str, int] = {"normal": 760, "large": 1180, "compact": 700}  # figure width in screen pixels
ElementClick = Callable[[object, Mapping[str, object]], None]


# --- pushing data into marks -----------------------------------------------------------
def put_shapes(mark: bqplot.Lines, shapes: Shapes, fill: bool) -> None:
    """Curves into a Lines mark as 2-D arrays (curves padded to one length by repeating their end)."""
    if shapes.curves:
        n = max(2, *(len(c) for c in shapes.curves))
        arr = np.asarray([c + [c[-1]] * (n - len(c)) for c in shapes.curves], dtype=float)
    else:
        arr = np.zeros((1, 2, 2))
    with mark.hold_sync():
        mark.x, mark.y = arr[:, :, 0], arr[:, :, 1]
        mark.colors = shapes.strokes or ["transparent"]
        if fill:
            mark.fill_colors = shapes.fills or ["transparent"]
            # one opacity per curve: the mark's first one (set when the mark was built) for all
            opacity = mark.fill_opacities[0] if len(mark.fill_opacities) else 1.0
            mark.fill_opacities = [opacity] * max(1, len(shapes.curves))
        mark.visible = bool(shapes.curves)


def put_dots(mark: bqplot.Scatter, dots: Dots) -> None:
    """Points into a Scatter mark (one hidden point when there is none)."""
    arr = np.asarray(dots.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.visible = bool(dots.points)


def put_texts(mark: bqplot.Label, texts: Texts) -> None:
    """Texts and their colours into a Label mark."""
    arr = np.asarray(texts.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.text = list(texts.text) or [""]
        mark.colors = list(texts.colours) or ["transparent"]
        mark.visible = bool(texts.text)


def put_layer(mark: bqplot.Mark, layer: Layer) -> None:
    """Any layer into its mark (a Lines mark built with ``fill="none"`` takes no fill colours)."""
    if isinstance(layer, Shapes):
        put_shapes(mark, layer, fill=mark.fill != "none")
    elif isinstance(layer, Dots):
        put_dots(mark, layer)
    else:
        put_texts(mark, layer)


# --- the figure --------------------------------------------------------------------------
class BoardFigure:
    """The figure of one board view: its scales, its marks by name, and what each mark shows now.

    Its own object because it is the part of the view that knows marks and
    pixels, and nothing of lessons or clicks: it builds the 37 marks once,
    fits the scales, strokes and fonts to a board's extent, and remembers
    which layer each mark shows, so a replay step pushes only the few marks
    that changed. The view decides what to show; this object shows it.
    """

    def __init__(
        self, board: Board, size: str, animation_duration: int, on_click: ElementClick, fluid: bool = False
    ) -> None:
        self.size = size
        self.numbers = True  # the die numbers on tile edges
        self.quiet: frozenset[Cell] = frozenset()  # cells whose die numbers give way to a danger count
        self.coordinates = False  # row,col on every hex
        self.fluid = fluid  # the figure follows its box's width (at most its size; a phone's): see fit()
        self.zoom: float = 1.0  # how much closer than the whole board (frame())
        self.screen_width: float | None = None  # a fluid figure's width on screen, told by the page
        self.centre: tuple[float, float] | None = None  # the point in the middle of the view (board units)
        self.drawn_board: Board | None = None  # the board whose hexes and click targets are drawn
        self._drawn_layers: dict[str, Layer] = {}  # what each mark shows now
        width_units, height_units = extent(board)
        self.extent = (width_units, height_units)
        sc = {
            "x": bqplot.LinearScale(min=0.0, max=width_units, allow_padding=False),
            "y": bqplot.LinearScale(min=0.0, max=height_units, reverse=True, allow_padding=False),
        }
        self.scales = sc

        def lines(**kw: object) -> bqplot.Lines:
            kw.setdefault("fill_opacities", [1.0])
            return bqplot.Lines(x=np.zeros((1, 2)), y=np.zeros((1, 2)), scales=sc, enable_hover=False, **kw)

        def dots(fill: str, stroke: str | None, stroke_width: float = 1.0) -> bqplot.Scatter:
            return bqplot.Scatter(
                x=np.zeros(1),
                y=np.zeros(1),
                scales=sc,
                marker="circle",
                colors=[fill],
                stroke=stroke,
                stroke_width=stroke_width,
                enable_hover=False,
                display_names=False,
            )

        def label(weight: str = "bold") -> bqplot.Label:
            return bqplot.Label(
                x=np.zeros(1),
                y=np.zeros(1),
                text=[""],
                scales=sc,
                font_unit="px",
                align="middle",
                font_weight=weight,
                enable_hover=False,
            )

        rng = random.Random(2010)
        n_stars = 170 if size == "normal" else 260
        stars = bqplot.Scatter(
            x=np.array([rng.uniform(0, width_units) for _ in range(n_stars)]),
            y=np.array([rng.uniform(0, height_units) for _ in range(n_stars)]),
            scales=sc,
            colors=[COLOURS["star"]],
            default_size=3,
            opacities=[0.6],
            stroke=None,
            enable_hover=False,
            display_names=False,
        )
        self.marks: dict[str, bqplot.Mark] = {
            "stars": stars,
            "rim": lines(fill="inside", stroke_width=1),
            "board": lines(fill="inside", stroke_width=1.2),
            "platforms": lines(fill="inside", fill_opacities=[0.25]),
            "tiles": lines(fill="inside", stroke_width=1.5),
            "halves": lines(fill="inside", stroke_width=1.5),
            "pods": dots(COLOURS["pod"], COLOURS["pod_edge"], 2),
            "bars": lines(),
            "pips": dots(COLOURS["pip"], COLOURS["halo"], 1.2),
            # a laser passes under the die faces: a turret's beam leaves the number it fires through
            # readable (issue 33)
            "laser_glow": lines(opacities=[LASER_GLOW_OPACITY]),
            "laser": lines(),
            "laser_hit": lines(fill="inside"),
            "edge_numbers": label("normal"),  # the die faces on tile edges, under the other overlays
            # overlays pass under the numbers, so every priority stays readable
            "path": lines(line_style="dashed"),
            "collisions": lines(),
            "shadow": lines(),
            "arrows": lines(),
            "wrong": lines(),  # a wrong answer's space: over the tiles, under their numbers
            "target_rings": lines(),
            "discs": dots(COLOURS["white"], COLOURS["tile_edge"], 1.2),
            "labels": label(),
            "small": label(),
            "target_badges": dots(COLOURS["white"], COLOURS["collision"], 2.5),
            "drone_badges": dots(COLOURS["highlight"], COLOURS["tile_edge"], 1.5),
            "badge_text": label(),
            "coordinates": label("normal"),  # above the tiles, under the crafts; empty unless asked
            "halo": lines(),
            "team_rims": lines(),
            "asteroyd_rings": lines(),
            "asteroyds": lines(fill="inside", stroke_width=1.5),
            "crafts": lines(fill="inside", stroke_width=1.5),
            "damage": label(),
            "carried": lines(fill="inside", stroke_width=1.2),
            "disabled": lines(),
            "highlight": lines(),
        }
        # On top: one transparent circle per hex catches the clicks (a Lines mark reports no index).
        hit = dots(COLOURS["background"], None)
        hit.opacities = [0.0]
        hit.on_element_click(on_click)
        self.marks["hit"] = hit
        fig = bqplot.Figure(
            marks=list(self.marks.values()),
            axes=[],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": COLOURS["background"]},
            animation_duration=animation_duration,
            layout=widgets.Layout(width="100%" if fluid else f"{SIZES[size]}px"),
        )
        fig.add_class("asteroyds-board")
        if fluid:
            fig.add_class("asteroyds-board-fluid")
        self.figure = fig

    def hold(self) -> contextlib.ExitStack:
        """Every mark's ``hold_sync()`` at once: one message per changed mark, sent on exit."""
        stack = contextlib.ExitStack()
        for mark in self.marks.values():
            stack.enter_context(mark.hold_sync())
        return stack

    def put(self, name: str, layer: Layer) -> None:
        """Give a mark its layer unless it already shows that one.

        A replay step changes a few of the 37 marks; setting the others' traits
        again sends nothing but costs the kernel a validation of every array.
        """
        if self._drawn_layers.get(name) != layer:
            put_layer(self.marks[name], layer)
            self._drawn_layers[name] = layer

    def draw_state(self, state: State) -> None:
        """The state's layers into their marks; the hexes and click targets only for a new board."""
        board = state.board
        new_board = board != self.drawn_board
        layers = scene(state, board_hexes=new_board, numbers=self.numbers)  # hexes: for a new board only
        layers["coordinates"] = coordinate_labels(state) if self.coordinates else Texts()
        if self.numbers and self.quiet:
            layers["edge_numbers"] = edge_numbers(state, self.quiet)
        with self.hold():
            for name, layer in layers.items():
                self.put(name, layer)
            if new_board:
                lay = board_layout()
                put_dots(self.marks["hit"], Dots([lay.cell_to_pixel(c) for c in board.cells]))
        self.drawn_board = board
        if new_board:
            self.fit(*extent(board))

    def fit(self, width_units: float, height_units: float) -> None:
        """Scales, aspect ratio and every pixel size (strokes, dots, fonts) for a board's extent."""
        ratio, fig = width_units / height_units, self.figure
        width = SIZES[self.size]
        self.extent = (width_units, height_units)
        with self.hold(), fig.hold_sync():
            if ratio > fig.max_aspect_ratio:  # keep min <= max at every step (traitlets checks)
                fig.max_aspect_ratio, fig.min_aspect_ratio = ratio, ratio
            else:
                fig.min_aspect_ratio, fig.max_aspect_ratio = ratio, ratio
            if self.fluid:  # as wide as its box; the height follows (a padding in % is of the box's width)
                fig.layout.width, fig.layout.height = "100%", "0px"
                fig.layout.padding = f"0 0 {100 / ratio:.3f}% 0"
            else:
                fig.layout.height = f"{round(width / ratio)}px"
            self._frame()

    def frame(self, zoom: float, centre: tuple[float, float] | None) -> None:
        """Show a part of the board: ``zoom`` times closer, centred on ``centre`` (board units) as far
        as the board's edges allow; zoom 1 is the whole board. Pieces, strokes and fonts grow with it."""
        self.zoom, self.centre = max(1.0, float(zoom)), centre
        with self.hold():
            self._frame()

    def window(self) -> tuple[float, float, float, float]:
        """The part of the board in view: x0, x1, y0, y1 in board units."""
        x, y = self.scales["x"], self.scales["y"]
        return (float(x.min), float(x.max), float(y.min), float(y.max))

    def _frame(self) -> None:
        width_units, height_units = self.extent
        zoom = self.zoom
        seen_w, seen_h = width_units / zoom, height_units / zoom
        cx, cy = self.centre if self.centre is not None else (width_units / 2, height_units / 2)
        x0 = min(max(cx - seen_w / 2, 0.0), width_units - seen_w)
        y0 = min(max(cy - seen_h / 2, 0.0), height_units - seen_h)
        x, y = self.scales["x"], self.scales["y"]
        with x.hold_sync(), y.hold_sync():
            x.min, x.max, y.min, y.max = x0, x0 + seen_w, y0, y0 + seen_h
        # Screen pixels per hex radius. A fluid figure is as wide as its box, which only the page knows
        # (zoom.py: the page tells it); until then, its nominal width.
        shown = self.screen_width if self.fluid and self.screen_width else SIZES[self.size]
        px = shown / width_units * HEX_SIZE * zoom
        for name, (fraction, least) in STROKES.items():
            self.marks[name].stroke_width = max(least, round(fraction * px))
        for name, radius in DOT_RADII.items():
            self.marks[name].default_size = round(math.pi * (radius * px) ** 2)
        for name, size in FONTS.items():
            font = round(size * px)
            self.marks[name].default_size = font
            self.marks[name].y_offset = round(font * 0.36)

    def add_under_pieces(self, under: bqplot.Mark, over: bqplot.Mark) -> None:
        """Two marks made later (the heat map): ``under`` just above the board's hexes, under every
        piece, ``over`` above the pieces; the clicks' mark stays on top."""
        marks = list(self.figure.marks)
        at = marks.index(self.marks["board"]) + 1
        self.figure.marks = marks[:at] + [under] + marks[at:-1] + [over, marks[-1]]
