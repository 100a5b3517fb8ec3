"""What each mark of the board shows, as plain data, and the board's geometry in data units.

A layer is the data of one bqplot mark: :class:`Shapes` (curves for a
``Lines`` mark), :class:`Dots` (points for a ``Scatter``) or :class:`Texts`
(for a ``Label``). :mod:`.scene` fills the state's layers, :mod:`.overlays`
the teaching overlays', :mod:`.danger` the heat map's; the view pushes them
into its marks. The sizes here are in hex radii, so they follow the board on
any screen; pixel y points down, as in :mod:`asteroyds.render.layout`.

>>> from asteroyds import setup
>>> tuple(round(v) for v in extent(setup("racing", seed=1).board))
(604, 432)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...hexgrid import Board, Cell
from ...render.layout import Layout

Point = tuple[float, float]
Curve = list[Point]

HEX_SIZE = 20.0  # hex radius in data units (the layout's pixels)
PADDING = 16.0  # space around the board, in data units
FONT = 0.58  # label sizes, in hex radii
SMALL_FONT = 0.36
CLICK_RADIUS = 0.92  # click targets: circles of this many hex radii (neighbours barely overlap)
TILE_INSET = 0.9  # tiles are drawn a little smaller than their hex
# Sizes that follow the hex size on screen, in hex radii: stroke widths (with a minimum in
# pixels), circle radii and font sizes, per mark.
STROKES: dict[str, tuple[float, int]] = {
    "platforms": (0.13, 3),
    "bars": (0.2, 3),
    "path": (0.14, 3),
    "collisions": (0.2, 4),
    "shadow": (0.28, 6),
    "arrows": (0.13, 3),
    "halo": (0.2, 4),
    "highlight": (0.18, 4),
    "target_rings": (0.13, 3),
    "laser_glow": (0.5, 10),
    "laser": (0.15, 4),
    "laser_hit": (0.1, 2),
    "team_rims": (0.17, 3),
    "asteroyd_rings": (0.08, 2),
    "disabled": (0.16, 4),
    "wrong": (0.14, 3),
}
DOT_RADII: dict[str, float] = {
    "pods": 0.55,
    "pips": 0.1,
    "discs": 0.42,
    "hit": CLICK_RADIUS,
    "target_badges": 0.5,
    "drone_badges": 0.5,
}
EDGE_FONT = 0.4  # the die numbers on tile edges: smaller than the priority, and not bold
COORDINATE_FONT = 0.26
FONTS: dict[str, float] = {
    "labels": FONT,
    "small": SMALL_FONT,
    "damage": SMALL_FONT,
    "badge_text": 0.5,
    "edge_numbers": EDGE_FONT,
    "coordinates": COORDINATE_FONT,
}


@dataclass
class Shapes:
    """Curves for one ``Lines`` mark: a stroke and a fill colour each (shorter curves are padded)."""

    curves: list[Curve] = field(default_factory=list)
    strokes: list[str] = field(default_factory=list)
    fills: list[str] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)  # what each curve draws: a piece id, a cell

    def add(self, curve: Curve, stroke: str, fill: str = "none", key: str = "") -> None:
        self.curves.append(curve)
        self.strokes.append(stroke)
        self.fills.append(fill)
        self.keys.append(key)


@dataclass
class Dots:
    """Points for one ``Scatter`` mark (one colour per mark)."""

    points: list[Point] = field(default_factory=list)
    keys: list[str] = field(default_factory=list)

    def add(self, point: Point, key: str = "") -> None:
        self.points.append(point)
        self.keys.append(key)


@dataclass
class Texts:
    """Points for one ``Label`` mark, with a text and a colour each."""

    points: list[Point] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    colours: list[str] = field(default_factory=list)

    def add(self, point: Point, text: str, colour: str) -> None:
        self.points.append(point)
        self.text.append(text)
        self.colours.append(colour)


Layer = Shapes | Dots | Texts
STATE_LAYERS: tuple[str, ...] = (
    "rim",
    "board",
    "platforms",
    "tiles",
    "halves",
    "pods",
    "discs",
    "bars",
    "pips",
    "edge_numbers",
    "labels",
    "small",
    "team_rims",
    "asteroyd_rings",
    "asteroyds",
    "halo",
    "crafts",
    "damage",
    "carried",
    "target_rings",
    "target_badges",
    "drone_badges",
    "badge_text",
)
BOARD_LAYERS: tuple[str, ...] = ("rim", "board")
OVERLAY_LAYERS: tuple[str, ...] = (
    "path",
    "collisions",
    "shadow",
    "arrows",
    "highlight",
    "disabled",
    "wrong",
)
LASER_LAYERS: tuple[str, ...] = ("laser_glow", "laser", "laser_hit")


# --- geometry ----------------------------------------------------------------------------
def board_layout() -> Layout:
    """The layout every view uses (data units; the figure scales them to the screen)."""
    return Layout(size=HEX_SIZE, origin=(PADDING, PADDING))


def extent(board: Board) -> tuple[float, float]:
    """Width and height of the drawing of ``board``, padding included."""
    w, h = board_layout().board_size(board.rows, board.cols)
    return (w + 2 * PADDING, h + 2 * PADDING)


def cell_fraction(cell: Cell, board: Board) -> tuple[float, float]:
    """Where a cell's centre is, as fractions (0..1) of the figure's width and height (y down)."""
    x, y = board_layout().cell_to_pixel(cell)
    width, height = extent(board)
    return (x / width, y / height)


def hex_curve(lay: Layout, cell: Cell, inset: float = 1.0) -> Curve:
    """A closed hexagon (7 points) around a cell, scaled by ``inset``."""
    return list(_hex_points(lay, cell, inset))


@functools.lru_cache(maxsize=4096)
def _hex_points(lay: Layout, cell: Cell, inset: float) -> tuple[Point, ...]:
    """Cached: every redraw outlines the same few hundred hexes (a replay step is timed)."""
    cx, cy = lay.cell_to_pixel(cell)
    pts = tuple((cx + inset * (x - cx), cy + inset * (y - cy)) for x, y in lay.corners(cell))
    return pts + pts[:1]


def along(origin: Point, direction: float, reach: float, side: float = 0.0) -> Point:
    """The point ``reach`` ahead in ``direction`` (60° steps, y down) and ``side`` to its right."""
    a = math.radians(60 * direction)
    ux, uy = math.cos(a), math.sin(a)
    return (origin[0] + ux * reach - uy * side, origin[1] + uy * reach + ux * side)


def cell_key(cell: Cell) -> str:
    """A cell as ``"row,col"``: the key of its curves and of the page's machine-readable state."""
    return f"{cell[0]},{cell[1]}"


def as_cell(cell: Sequence[int]) -> Cell:
    """A cell from any pair of whole numbers (a JSON list, numpy integers): a tuple of ints."""
    return (int(cell[0]), int(cell[1]))
