"""The board view: hexes, pieces, crafts and teaching overlays, drawn with bqplot.

Two layers. :func:`scene` and :func:`overlay` turn a :class:`State` into plain
lists of polygons, dots and texts per mark (no widgets; pixel y points down as
in :mod:`asteroyds.render.layout`). :class:`BoardView` owns one bqplot figure
with a fixed set of marks and pushes those lists into them, in place, inside
``hold_sync()``; it never rebuilds the figure.

>>> from asteroyds import setup
>>> view = BoardView(setup("racing", seed=1, players=["blue", "red"]))
>>> len(view.marks["board"].x), view.summary().split()[0]
(158, 'GA@1,3')
"""

from __future__ import annotations

import contextlib
import functools
import html
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

import bqplot
import ipywidgets as widgets
import numpy as np

from ..asteroids import STEPS
from ..dice import Dice
from ..hexgrid import Board, Cell, direction_name
from ..pieces import ASTEROYD, DIE_COLOURS, DRONE, GATE, PLATFORM, POD, TURRET, Craft, Piece, die_direction
from ..render.layout import Layout
from ..state import State
from . import theme
from .theme import COLOURS

Point = tuple[float, float]
Curve = list[Point]
ClickCallback = Callable[[Cell], object]

HEX_SIZE = 20.0  # hex radius in data units (the layout's pixels)
PADDING = 16.0  # space around the board, in data units
SIZES: dict[str, int] = {"normal": 760, "large": 1180, "compact": 700}  # figure width in screen pixels
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
}
DOT_RADII: dict[str, float] = {
    "pods": 0.55,
    "pips": 0.1,
    "discs": 0.42,
    "hit": CLICK_RADIUS,
    "target_badges": 0.5,
    "drone_badges": 0.5,
}
FONTS: dict[str, float] = {"labels": FONT, "small": SMALL_FONT, "damage": SMALL_FONT, "badge_text": 0.5}
# Laser beams (RULES §7): a wide translucent glow under a thin bright core, a burst where it hits.
LASER_COLOURS: dict[str, str] = {"glow": "#ff2b6a", "core": "#c8003c", "burst": "#ffd21f"}
LASER_GLOW_OPACITY = 0.35
# Capture mode (RULES §11): team colours for crafts named red1, white2 ..., asteroyds and rims.
TEAM_COLOURS: dict[str, str] = {
    "red": COLOURS["player_red"],
    "white": "#eceff3",
    "blue": COLOURS["player_blue"],
}
LIGHT_TEAMS: frozenset[str] = frozenset({"white"})
ROCK: tuple[float, ...] = (0.5, 0.4, 0.52, 0.43, 0.5, 0.37, 0.48, 0.42, 0.53, 0.4)  # corner radii


class Arrow(NamedTuple):
    """One intended move: ``piece`` moves ``steps`` spaces ``direction`` in the ``die`` phase."""

    piece: str
    die: str
    direction: int
    steps: int

    def __str__(self) -> str:
        return f"{self.piece}:{self.die}:{direction_name(self.direction)}:{self.steps}"


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
OVERLAY_LAYERS: tuple[str, ...] = ("path", "collisions", "shadow", "arrows", "highlight", "disabled")
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


def dart(centre: Point, facing: int, size: float) -> Curve:
    """A closed arrowhead pointing ``facing`` (a craft)."""
    tip = along(centre, facing, 0.74 * size)
    return [
        tip,
        along(centre, facing, -0.52 * size, 0.56 * size),
        along(centre, facing, -0.26 * size),
        along(centre, facing, -0.52 * size, -0.56 * size),
        tip,
    ]


def arrow_curve(lay: Layout, cell: Cell, direction: int, steps: int, shift: float = 0.0) -> Curve:
    """An open arrow (shaft and head, 5 points) from a tile towards where it moves."""
    centre = along(lay.cell_to_pixel(cell), direction, 0.0, shift * lay.size)
    w = lay.width
    reach = 0.92 * w if steps <= 1 else 1.8 * w
    tip = along(centre, direction, reach)
    start = along(centre, direction, 0.28 * w)
    barb = 0.26 * w
    return [start, tip, along(tip, direction, -barb, 0.17 * w), tip, along(tip, direction, -barb, -0.17 * w)]


def cross_curves(lay: Layout, cell: Cell) -> list[Curve]:
    """The two strokes of an X over a cell (a collision)."""
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * lay.size
    return [[(cx - r, cy - r), (cx + r, cy + r)], [(cx - r, cy + r), (cx + r, cy - r)]]


def team_colour(team: str | None) -> str:
    """A capture team's colour (grey for none or an unknown one)."""
    return TEAM_COLOURS.get(team or "", COLOURS["player_other"])


def craft_colour(craft: Craft) -> str:
    """The player's colour when the player is named after one, else the craft's team colour."""
    if f"player_{craft.player}" in COLOURS or not craft.team:
        return theme.player_colour(craft.player)
    return team_colour(craft.team)


def rock_curve(centre: Point, radius: float) -> Curve:
    """A closed irregular rock (an asteroyd) of about ``radius``."""
    n = len(ROCK)
    pts = [along(centre, 6 * k / n + 0.3, r / 0.5 * radius) for k, r in enumerate(ROCK)]
    return pts + pts[:1]


def _draw_asteroyd(lay: Layout, p: Piece, layers: Mapping[str, Layer], centre: Point, radius: float) -> None:
    """A rock in the team's colour in a ring (dark, team, dark: visible for white too)."""
    rings, rocks = layers["asteroyd_rings"], layers["asteroyds" if p.carrier is None else "carried"]
    assert isinstance(rings, Shapes) and isinstance(rocks, Shapes)
    colour = team_colour(p.team)
    if p.carrier is None:
        for r, stroke in ((1.48, COLOURS["tile_edge"]), (1.36, colour), (1.24, COLOURS["tile_edge"])):
            rings.add(_circle(centre, r * radius), stroke, key=p.id)
        rocks.add(rock_curve(centre, radius), COLOURS["tile_edge"], colour, p.id)
    else:  # drawn above the crafts: a disc of the team colour around the rock shows the ring
        rocks.add(_circle(centre, 1.45 * radius), COLOURS["tile_edge"], colour, p.id)
        rocks.add(rock_curve(centre, radius), COLOURS["tile_edge"], colour, p.id)


# --- what to draw ----------------------------------------------------------------------
def scene(state: State, *, board_hexes: bool = True) -> dict[str, Layer]:
    """The picture of a state, per mark: board, pieces, crafts and their labels.

    ``board_hexes=False`` leaves out the board's own hexes (:data:`BOARD_LAYERS`):
    they change only with the board, and a replay step should not redraw them.
    """
    lay = board_layout()
    names = STATE_LAYERS if board_hexes else tuple(n for n in STATE_LAYERS if n not in BOARD_LAYERS)
    layers: dict[str, Layer] = {name: _empty_layer(name) for name in names}
    if board_hexes:
        rim, board = layers["rim"], layers["board"]
        assert isinstance(rim, Shapes) and isinstance(board, Shapes)
        for cell in state.board.cells:
            key = _cell_key(cell)
            rim.add(hex_curve(lay, cell, 1.25), COLOURS["board_edge"], COLOURS["board_edge"], key)
            board.add(hex_curve(lay, cell), COLOURS["hex_edge"], COLOURS["hex"], key)
    # Fixed pieces first, so a drone inside its turret is drawn on top of it.
    drones = {p.cell for p in state.pieces if p.kind == DRONE}
    for piece in sorted(state.pieces, key=lambda p: p.is_moving):
        _draw_piece(lay, piece, layers, piece.cell in drones)
    _draw_crafts(lay, state, layers)
    _draw_badges(lay, state, layers)
    return layers


def _draw_badges(lay: Layout, state: State, layers: Mapping[str, Layer]) -> None:
    """What a shooter aims at, easy to see from the back of a room.

    Targets mode: a red ring round each asteroid that carries a target, and the
    target's tag (``L1``: left-1) on a white badge. Drones mode: the drone's
    symbol on a yellow badge (the symbol is what a hit scores).
    """
    rings, targets, drones = layers["target_rings"], layers["target_badges"], layers["drone_badges"]
    text = layers["badge_text"]
    assert isinstance(rings, Shapes) and isinstance(targets, Dots) and isinstance(drones, Dots)
    assert isinstance(text, Texts)
    s = lay.size
    for p in state.pieces:
        cx, cy = lay.cell_to_pixel(p.cell)
        if p.target:
            rings.add(_circle((cx, cy), 0.7 * s), COLOURS["collision"], key=p.id)
            at = (cx + 0.5 * s, cy - 0.56 * s)
            targets.add(at, p.id)
            text.add(at, _target_tag(p.target), COLOURS["collision"])
        elif p.kind == DRONE and p.symbol:
            at = (cx - 0.5 * s, cy - 0.56 * s)
            drones.add(at, p.id)
            text.add(at, p.symbol, COLOURS["ink_dark"])


def _circle(centre: Point, radius: float, points: int = 25) -> Curve:
    """A closed circle of ``points`` points."""
    turns = [2 * math.pi * k / (points - 1) for k in range(points)]
    return [(centre[0] + radius * math.cos(t), centre[1] + radius * math.sin(t)) for t in turns]


def _empty_layer(name: str) -> Layer:
    if name in DOT_RADII:
        return Dots()
    return Texts() if name in FONTS else Shapes()


def _draw_piece(lay: Layout, p: Piece, layers: Mapping[str, Layer], drone_here: bool = False) -> None:
    """Add one piece's shapes; ``drone_here``: a drone shares the cell (it sits in its turret)."""
    tiles, halves, platforms, bars = (layers[k] for k in ("tiles", "halves", "platforms", "bars"))
    pods, discs, pips = (layers[k] for k in ("pods", "discs", "pips"))
    labels, small = layers["labels"], layers["small"]
    assert isinstance(tiles, Shapes) and isinstance(halves, Shapes) and isinstance(platforms, Shapes)
    assert isinstance(bars, Shapes) and isinstance(pods, Dots) and isinstance(discs, Dots)
    assert isinstance(pips, Dots) and isinstance(labels, Texts) and isinstance(small, Texts)
    centre = lay.cell_to_pixel(p.cell)
    s = lay.size
    edge = COLOURS["tile_edge"]
    body = hex_curve(lay, p.cell, TILE_INSET)
    if p.kind == POD:
        pods.add(centre, p.id)
    elif p.kind == PLATFORM:
        colour = team_colour(p.team) if p.team else theme.player_colour(p.colour)
        stroke = COLOURS["tile_edge"] if p.team in LIGHT_TEAMS else colour
        platforms.add(hex_curve(lay, p.cell, 0.78), stroke, colour, p.id)
    elif p.kind == ASTEROYD:
        if p.carrier is None:
            _draw_asteroyd(lay, p, layers, centre, 0.46 * s)
        if p.home is not None and tuple(p.home) != tuple(p.cell):  # a dashed-looking ring at home
            home = layers["asteroyd_rings"]
            assert isinstance(home, Shapes)
            ink = COLOURS["tile_edge"] if p.team in LIGHT_TEAMS else team_colour(p.team)
            home.add(_circle(lay.cell_to_pixel(p.home), 0.62 * s, 13), ink, key=f"home:{p.id}")
    elif p.kind == TURRET:
        tiles.add(body, COLOURS["outline"], COLOURS["turret"], p.id)
        if p.team:
            rims = layers["team_rims"]
            assert isinstance(rims, Shapes)
            rims.add(hex_curve(lay, p.cell, 0.7), team_colour(p.team), key=p.id)
        bars.add(
            [centre, lay.edge_midpoint(p.cell, p.orientation or 0, 0.92)], COLOURS["turret_barrel"], key=p.id
        )
        if not drone_here:  # else the drone shows the symbol
            labels.add(centre, p.symbol or "", COLOURS["ink_light"])
    elif p.kind == GATE:
        ring = theme.tile_fill(p.colour)
        tiles.add(body, edge, ring, p.id)
        halves.add(hex_curve(lay, p.cell, 0.7), ring, COLOURS["gate_ground"], p.id)
        labels.add((centre[0], centre[1] - 0.12 * s), p.symbol or "?", COLOURS["ink_light"])
        small.add((centre[0], centre[1] + 0.42 * s), str(p.priority), COLOURS["ink_light"])
        pips.add(lay.edge_midpoint(p.cell, p.orientation or 0, 0.86), p.id)
    elif p.kind == DRONE:
        r = 0.8 * s
        top, right, bottom, left = (
            (centre[0], centre[1] - r),
            (centre[0] + r, centre[1]),
            (centre[0], centre[1] + r),
            (centre[0] - r, centre[1]),
        )
        tiles.add([top, right, bottom, left, top], edge, theme.tile_fill(p.colour), p.id)
        halves.add([top, right, bottom, top], edge, theme.tile_second(p.colour) or COLOURS["red"], p.id)
        discs.add(centre, p.id)
        labels.add(centre, str(p.priority), COLOURS["ink_dark"])
        if p.symbol:  # above the number, on the diamond's white half
            small.add((centre[0] - 0.24 * s, centre[1] - 0.5 * s), p.symbol, COLOURS["ink_dark"])
        pips.add(lay.edge_midpoint(p.cell, p.orientation or 0, 0.6), p.id)
    else:  # an asteroid; a bicolour is white on the left and shows its number on a white disc
        second = theme.tile_second(p.colour)
        tiles.add(body, edge, theme.tile_fill(p.colour), p.id)
        if second is not None:
            c = body
            halves.add([c[0], c[1], c[2], c[3], c[0]], edge, second, p.id)
            discs.add(centre, p.id)
            labels.add(centre, str(p.priority), COLOURS["ink_dark"])
        else:
            labels.add(centre, str(p.priority), theme.tile_ink(p.colour))
        if p.target:
            small.add(
                (centre[0] + 0.45 * s, centre[1] - 0.5 * s), _target_tag(p.target), COLOURS["collision"]
            )
        pips.add(lay.edge_midpoint(p.cell, p.orientation or 0, 0.72), p.id)


def _draw_crafts(lay: Layout, state: State, layers: Mapping[str, Layer]) -> None:
    halo, crafts, damage = layers["halo"], layers["crafts"], layers["damage"]
    assert isinstance(halo, Shapes) and isinstance(crafts, Shapes) and isinstance(damage, Texts)
    s = lay.size
    carried: dict[str, list[Piece]] = {}
    for p in state.pieces:
        if p.kind == ASTEROYD and p.carrier:
            carried.setdefault(p.carrier, []).append(p)
    for craft in state.crafts_in_order():
        if craft.cell is None:
            continue
        cx, cy = lay.cell_to_pixel(craft.cell)
        sharing = state.crafts_at(craft.cell)
        scale = 1.0
        if len(sharing) > 1:
            scale = 0.6
            cx += (sharing.index(craft) - (len(sharing) - 1) / 2) * 0.6 * s
        elif any(p.kind in (GATE, TURRET, DRONE) for p in state.pieces_at(craft.cell)):
            scale = 0.8  # leave the gate's ring visible around it
        body = dart((cx, cy), craft.facing, s * scale)
        halo.add(body, COLOURS["halo"], key=craft.player)
        crafts.add(body, COLOURS["outline"], craft_colour(craft), craft.player)
        at = along((cx, cy), craft.facing, -0.08 * s * scale)
        light = f"player_{craft.player}" not in COLOURS and craft.team in LIGHT_TEAMS
        damage.add(at, str(craft.damage), COLOURS["ink_dark"] if light else theme.player_ink(craft.player))
        for p in carried.get(craft.player, ()):
            _draw_asteroyd(lay, p, layers, (cx + 0.5 * s * scale, cy - 0.5 * s * scale), 0.28 * s * scale)


def _target_tag(target: str) -> str:
    side, _, number = target.partition("-")
    return f"{side[:1].upper()}{number}"


def _cell_key(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def intended_moves(state: State, dice: Dice | Sequence[int]) -> tuple[Arrow, ...]:
    """For each moving tile and each of its dice: where these dice send it (display only).

    >>> from asteroyds import setup
    >>> intended_moves(setup("racing", seed=1, players=["blue"]), (3, 5, 2))[0]
    Arrow(piece='W3', die='white', direction=4, steps=1)
    """
    dice = Dice.of(dice)
    return tuple(
        Arrow(p.id, colour, die_direction(p.orientation or 0, dice.value(colour)), STEPS[colour])
        for p in state.moving_tiles()
        for colour in DIE_COLOURS
        if p.moved_by(colour)
    )


def overlay(
    state: State,
    arrows: Sequence[Arrow] = (),
    highlighted: Iterable[Cell] = (),
    path: Sequence[Cell] = (),
    collisions: Iterable[Cell] = (),
    path_colour: str | None = None,
    disabled: Iterable[Cell] = (),
) -> dict[str, Shapes]:
    """The overlay curves per mark: intended-move arrows, highlights, a path and its collisions.

    ``disabled`` cells (capture mode: turrets out of action this turn) are crossed out.
    """
    lay = board_layout()
    layers = {name: Shapes() for name in OVERLAY_LAYERS}
    count: dict[str, int] = {}
    for a in arrows:
        count[a.piece] = count.get(a.piece, 0) + 1
    seen: dict[str, int] = {}
    for a in arrows:  # a bicolour tile's two arrows are drawn side by side
        k = seen[a.piece] = seen.get(a.piece, -1) + 1
        shift = (k - (count[a.piece] - 1) / 2) * 0.32
        curve = arrow_curve(lay, state.piece(a.piece).cell, a.direction, a.steps, shift)
        layers["shadow"].add(curve, COLOURS["outline"], key=str(a))
        layers["arrows"].add(curve, theme.die_colour(a.die), key=str(a))
    for cell in highlighted:
        layers["highlight"].add(hex_curve(lay, cell, 0.97), COLOURS["highlight"], key=_cell_key(cell))
    if path:
        points = [lay.cell_to_pixel(c) for c in path]
        layers["path"].add(points if len(points) > 1 else points * 2, path_colour or COLOURS["path"])
    for cell in collisions:
        for curve in cross_curves(lay, cell):
            layers["collisions"].add(curve, COLOURS["collision"], key=_cell_key(cell))
    for cell in disabled:
        layers["disabled"].add(hex_curve(lay, cell, 0.8), LASER_COLOURS["core"], key=_cell_key(cell))
        for curve in cross_curves(lay, cell):
            layers["disabled"].add(curve, LASER_COLOURS["core"], key=_cell_key(cell))
    return layers


def laser_overlay(
    path: Sequence[Cell], hit: bool = False, start: Cell | None = None, direction: int | None = None
) -> dict[str, Shapes]:
    """A laser beam's curves per mark: glow, core and (``hit``) a burst on the last space of ``path``.

    The beam runs from the centre of ``start`` (the shooter's space, if given)
    through every space of ``path``. A laser that hits nothing runs on past its
    last space to the edge of the board (``direction``, else the direction of
    its last step).
    """
    lay = board_layout()
    layers = {name: Shapes() for name in LASER_LAYERS}
    points = [lay.cell_to_pixel(c) for c in ([start] if start is not None else []) + list(path)]
    if not points:
        return layers
    if direction is None and len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        direction = round(math.degrees(math.atan2(y1 - y0, x1 - x0)) / 60) % 6
    if not hit and direction is not None:
        points.append(along(points[-1], direction, 0.9 * lay.width))  # off the board
    elif len(points) == 1:
        points.append(points[0])
    layers["laser_glow"].add(points, LASER_COLOURS["glow"], key="laser")
    layers["laser"].add(points, LASER_COLOURS["core"], key="laser")
    if hit and path:
        layers["laser_hit"].add(_burst(points[-1], 0.8 * lay.size), LASER_COLOURS["core"],
                                LASER_COLOURS["burst"], key=_cell_key(path[-1]))  # fmt: skip
    return layers


def _burst(centre: Point, radius: float, spikes: int = 8) -> Curve:
    """A closed star: where a laser hits."""
    pts = []
    for k in range(2 * spikes):
        r = radius if k % 2 == 0 else 0.45 * radius
        a = math.pi * k / spikes
        pts.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return pts + pts[:1]


def describe_cell(state: State, cell: Cell) -> str:
    """What stands on a cell, in words.

    >>> from asteroyds import setup
    >>> describe_cell(setup("racing", seed=1, players=["blue"]), (5, 7))
    '(5, 7): platform L1, the blue craft (damage 0)'
    """
    if cell not in state.board:
        return f"({cell[0]}, {cell[1]}) is off the board"
    here = [p.describe() for p in state.pieces_at(cell)]
    here += [f"the {c.player} craft (damage {c.damage})" for c in state.crafts_at(cell)]
    return f"({cell[0]}, {cell[1]}): {', '.join(here) if here else 'empty space'}"


def summary(state: State) -> str:
    """Every piece as ``id@row,col`` and every craft as ``player@row,col``, in state order."""
    parts = [f"{p.id}@{_cell_key(p.cell)}" for p in state.pieces]
    parts += [
        f"{c.player}@{'destroyed' if c.cell is None else _cell_key(c.cell)}" for c in state.crafts_in_order()
    ]
    return " ".join(parts)


# --- pushing data into marks -----------------------------------------------------------
def _put_shapes(mark: bqplot.Lines, shapes: Shapes, fill: bool) -> None:
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


def _put_dots(mark: bqplot.Scatter, dots: Dots) -> None:
    arr = np.asarray(dots.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.visible = bool(dots.points)


def _put_texts(mark: bqplot.Label, texts: Texts) -> None:
    arr = np.asarray(texts.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.text = list(texts.text) or [""]
        mark.colors = list(texts.colours) or ["transparent"]
        mark.visible = bool(texts.text)


def _put(mark: bqplot.Mark, layer: Layer) -> None:
    if isinstance(layer, Shapes):
        _put_shapes(mark, layer, fill=mark.fill != "none")
    elif isinstance(layer, Dots):
        _put_dots(mark, layer)
    else:
        _put_texts(mark, layer)


# --- the widget --------------------------------------------------------------------------
class BoardView(widgets.VBox):
    """The board of a state, with overlays and hex clicks (bqplot).

    ``size`` is ``"normal"``, ``"large"`` (projectors) or ``"compact"`` (beside a side
    panel on a 1280-pixel screen); ``animation_duration``
    (ms) animates :meth:`update` in the browser.
    """

    def __init__(self, state: State, *, size: str = "normal", animation_duration: int = 0) -> None:
        if size not in SIZES:
            raise ValueError(f"size must be one of {tuple(SIZES)}, got {size!r}")
        super().__init__()
        self._state = state
        self._size = size
        self._dice: Dice | None = None
        self._arrows: tuple[Arrow, ...] = ()
        self._highlighted: tuple[Cell, ...] = ()
        self._path: tuple[Cell, ...] = ()
        self._collisions: tuple[Cell, ...] = ()
        self._path_colour: str | None = None
        self._disabled: tuple[Cell, ...] = ()
        self._laser: tuple[Cell, ...] = ()
        self._laser_hit: Cell | None = None
        self._laser_start: Cell | None = None
        self._laser_direction: int | None = None
        self._callbacks: list[ClickCallback] = []
        self._caption_text = ""
        self._updates = 0
        self._drawn_board: Board | None = None
        self._drawn_layers: dict[str, Layer] = {}  # what each mark shows now
        self._build(animation_duration)
        self._draw_state()
        self._draw_overlays()
        self.layout.width = "max-content"
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-board-view")

    # --- reading -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def size(self) -> str:
        return self._size

    @property
    def figure(self) -> bqplot.Figure:
        """The bqplot figure (CSS class ``asteroyds-board``)."""
        return self._figure

    @property
    def marks(self) -> Mapping[str, bqplot.Mark]:
        """The marks by name, read-only (tests read them; the view owns their data)."""
        return MappingProxyType(self._marks)

    @property
    def dice(self) -> Dice | None:
        """The dice whose intended moves are shown, if any."""
        return self._dice

    @property
    def intended_moves(self) -> tuple[Arrow, ...]:
        return self._arrows

    @property
    def highlighted(self) -> tuple[Cell, ...]:
        return self._highlighted

    @property
    def path(self) -> tuple[Cell, ...]:
        return self._path

    @property
    def collisions(self) -> tuple[Cell, ...]:
        return self._collisions

    def describe_cell(self, cell: Cell) -> str:
        """What stands on a cell, in words."""
        return describe_cell(self._state, cell)

    def summary(self) -> str:
        """The pieces as ``id@row,col`` (the page carries it for browser tests)."""
        return summary(self._state)

    # --- changing ------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Redraw for a new state, in place; the intended-move arrows follow the tiles."""
        self._state = state
        if self._dice is not None:
            self._arrows = intended_moves(state, self._dice)
        self._draw_state()
        self._draw_overlays()

    def show_step(
        self, state: State, highlight: Iterable[Cell] = (), dice: Dice | Sequence[int] | None = None
    ) -> None:
        """One step of a replay in a single redraw: ``state`` (redrawn only if it is a new one),
        ``highlight`` outlined and the arrows of ``dice`` (``None`` hides them)."""
        changed = state is not self._state
        self._state = state
        self._dice = None if dice is None else Dice.of(dice)
        self._arrows = () if self._dice is None else intended_moves(state, self._dice)
        self._highlighted = tuple(_as_cell(c) for c in highlight)
        if changed:
            self._draw_state()
        self._draw_overlays()

    def show_intended_moves(self, dice: Dice | Sequence[int] | None) -> None:
        """Arrows showing where each moving tile goes for these dice (``None`` hides them)."""
        self._dice = None if dice is None else Dice.of(dice)
        self._arrows = () if self._dice is None else intended_moves(self._state, self._dice)
        self._draw_overlays()

    def highlight(self, cells: Iterable[Cell]) -> None:
        """Outline these cells (the piece being resolved now); an empty list clears them."""
        self._highlighted = tuple(_as_cell(c) for c in cells)
        self._draw_overlays()

    def show_path(
        self, cells: Iterable[Cell], collisions: Iterable[Cell] = (), colour: str | None = None
    ) -> None:
        """A craft's ghost path: a dashed line through ``cells``, a red X on each collision.

        ``colour`` is a player's name (its colour is used) or ``None``.
        """
        self._path = tuple(_as_cell(c) for c in cells)
        self._collisions = tuple(_as_cell(c) for c in collisions)
        self._path_colour = None if colour is None else theme.player_colour(colour)
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
        self._laser = tuple(_as_cell(c) for c in path)
        self._laser_start = None if start is None else _as_cell(start)
        self._laser_hit = self._laser[-1] if (hit is not None and hit is not False and self._laser) else None
        self._laser_direction = direction
        self._draw_overlays()

    def show_disabled(self, cells: Iterable[Cell]) -> None:
        """Cross out these cells in red (capture mode: turrets disabled this turn); ``()`` clears them."""
        self._disabled = tuple(_as_cell(c) for c in cells)
        self._draw_overlays()

    @property
    def disabled(self) -> tuple[Cell, ...]:
        """The cells shown as disabled."""
        return self._disabled

    def clear_laser(self) -> None:
        """Remove the laser beam."""
        self.show_laser(())

    @property
    def laser(self) -> tuple[Cell, ...]:
        """The spaces of the laser beam shown (empty when there is none)."""
        return self._laser

    @property
    def laser_hit(self) -> Cell | None:
        """The space where the laser shown hits something, or None."""
        return self._laser_hit

    def clear_overlays(self) -> None:
        """Remove the arrows, highlights, path and laser."""
        self._dice, self._arrows = None, ()
        self._highlighted, self._path, self._collisions, self._disabled = (), (), (), ()
        self._laser, self._laser_hit, self._laser_start, self._laser_direction = (), None, None, None
        self._draw_overlays()

    def set_caption(self, text: str) -> None:
        """Replace the line under the board (plain text; ``""`` restores the default)."""
        self._caption_text = text
        self._caption.value = html.escape(text) if text else self._default_caption()

    # --- clicks --------------------------------------------------------------------------
    def on_hex_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback((row, col))`` when a hex is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self, cell: Cell) -> None:
        """Act as if ``cell`` had been clicked (keyboard front-ends, tests)."""
        cell = _as_cell(cell)
        if cell not in self._state.board:
            raise ValueError(f"cell {cell} is off the board")
        self._error.value = ""
        for callback in list(self._callbacks):
            try:
                callback(cell)
            except Exception as exc:  # shown in the widget, never a traceback in Voila
                self._error.value = theme.error_html(exc)

    def _on_element_click(self, _mark: object, content: Mapping[str, object]) -> None:
        data = content.get("data")
        index = data.get("index") if isinstance(data, Mapping) else None
        cells = self._state.board.cells
        if isinstance(index, int) and 0 <= index < len(cells):
            self.click(cells[index])

    # --- building and drawing ------------------------------------------------------------
    def _build(self, animation_duration: int) -> None:
        width_units, height_units = extent(self._state.board)
        sc = {
            "x": bqplot.LinearScale(min=0.0, max=width_units, allow_padding=False),
            "y": bqplot.LinearScale(min=0.0, max=height_units, reverse=True, allow_padding=False),
        }
        self._scales = sc

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

        def label() -> bqplot.Label:
            return bqplot.Label(
                x=np.zeros(1),
                y=np.zeros(1),
                text=[""],
                scales=sc,
                font_unit="px",
                align="middle",
                font_weight="bold",
                enable_hover=False,
            )

        rng = random.Random(2010)
        n_stars = 170 if self._size == "normal" else 260
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
        self._marks: dict[str, bqplot.Mark] = {
            "stars": stars,
            "rim": lines(fill="inside", stroke_width=1),
            "board": lines(fill="inside", stroke_width=1.2),
            "platforms": lines(fill="inside", fill_opacities=[0.25]),
            "tiles": lines(fill="inside", stroke_width=1.5),
            "halves": lines(fill="inside", stroke_width=1.5),
            "pods": dots(COLOURS["pod"], COLOURS["pod_edge"], 2),
            "bars": lines(),
            "pips": dots(COLOURS["pip"], COLOURS["halo"], 1.2),
            # overlays pass under the numbers, so every priority stays readable
            "path": lines(line_style="dashed"),
            "collisions": lines(),
            "shadow": lines(),
            "arrows": lines(),
            "target_rings": lines(),
            "laser_glow": lines(opacities=[LASER_GLOW_OPACITY]),
            "laser": lines(),
            "laser_hit": lines(fill="inside"),
            "discs": dots(COLOURS["white"], COLOURS["tile_edge"], 1.2),
            "labels": label(),
            "small": label(),
            "target_badges": dots(COLOURS["white"], COLOURS["collision"], 2.5),
            "drone_badges": dots(COLOURS["highlight"], COLOURS["tile_edge"], 1.5),
            "badge_text": label(),
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
        hit.on_element_click(self._on_element_click)
        self._marks["hit"] = hit
        fig = bqplot.Figure(
            marks=list(self._marks.values()),
            axes=[],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": COLOURS["background"]},
            animation_duration=animation_duration,
            layout=widgets.Layout(width=f"{SIZES[self._size]}px"),
        )
        fig.add_class("asteroyds-board")
        self._figure = fig
        self._caption = widgets.HTML()
        self._caption.add_class("asteroyds-caption")
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-error")
        self._state_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self._state_html.add_class("asteroyds-board-state")
        self.children = [widgets.HTML(theme.CSS), fig, self._caption, self._error, self._state_html]

    def _fit(self, width_units: float, height_units: float) -> None:
        """Scales, aspect ratio and every pixel size (strokes, dots, fonts) for a board's extent."""
        ratio, fig = width_units / height_units, self._figure
        width = SIZES[self._size]
        px = width / width_units * HEX_SIZE  # screen pixels per hex radius
        with self._hold(), fig.hold_sync():
            self._scales["x"].max, self._scales["y"].max = width_units, height_units
            if ratio > fig.max_aspect_ratio:  # keep min <= max at every step (traitlets checks)
                fig.max_aspect_ratio, fig.min_aspect_ratio = ratio, ratio
            else:
                fig.min_aspect_ratio, fig.max_aspect_ratio = ratio, ratio
            fig.layout.height = f"{round(width / ratio)}px"
            for name, (fraction, least) in STROKES.items():
                self._marks[name].stroke_width = max(least, round(fraction * px))
            for name, radius in DOT_RADII.items():
                self._marks[name].default_size = round(math.pi * (radius * px) ** 2)
            for name, size in FONTS.items():
                font = round(size * px)
                self._marks[name].default_size = font
                self._marks[name].y_offset = round(font * 0.36)

    def _put(self, name: str, layer: Layer) -> None:
        """Give a mark its layer unless it already shows that one.

        A replay step changes a few of the 35 marks; setting the others' traits
        again sends nothing but costs the kernel a validation of every array.
        """
        if self._drawn_layers.get(name) != layer:
            _put(self._marks[name], layer)
            self._drawn_layers[name] = layer

    def _hold(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        for mark in self._marks.values():
            stack.enter_context(mark.hold_sync())
        return stack

    def _draw_state(self) -> None:
        board = self._state.board
        new_board = board != self._drawn_board
        layers = scene(self._state, board_hexes=new_board)  # the hexes only change with the board
        with self._hold():
            for name, layer in layers.items():
                self._put(name, layer)
            if new_board:
                lay = board_layout()
                _put_dots(self._marks["hit"], Dots([lay.cell_to_pixel(c) for c in board.cells]))
        self._drawn_board = board
        if new_board:
            self._fit(*extent(board))
        self._updates += 1
        if not self._caption_text:
            self._caption.value = self._default_caption()

    def _draw_overlays(self) -> None:
        layers = overlay(
            self._state,
            self._arrows,
            self._highlighted,
            self._path,
            self._collisions,
            self._path_colour,
            self._disabled,
        )
        laser = laser_overlay(
            self._laser, self._laser_hit is not None, self._laser_start, self._laser_direction
        )
        with self._hold():
            for name, layer in {**layers, **laser}.items():
                self._put(name, layer)
        self._publish()

    def _default_caption(self) -> str:
        s = self._state
        players = ", ".join(f"<b>{html.escape(p)}</b>" for p in s.player_order) or "no crafts"
        return (
            f"{html.escape(s.mode.title())} · round {s.round} · {players} · "
            "dot = the tile's “1” edge · number on a craft = its damage"
        )

    def _publish(self) -> None:
        """Write the machine-readable state into the hidden HTML element (for browser tests)."""
        s = self._state
        crafts = " ".join(
            f"{c.player}@{'destroyed' if c.cell is None else _cell_key(c.cell)}"
            f":{direction_name(c.facing)}:{c.damage}"
            for c in s.crafts_in_order()
        )
        width_units, height_units = extent(s.board)
        attrs = {
            "data-pieces": " ".join(f"{p.id}@{_cell_key(p.cell)}" for p in s.pieces),
            "data-crafts": crafts,
            "data-dice": "" if self._dice is None else ",".join(map(str, self._dice.as_tuple())),
            "data-moves": " ".join(map(str, self._arrows)),
            "data-highlight": " ".join(map(_cell_key, self._highlighted)),
            "data-path": " ".join(map(_cell_key, self._path)),
            "data-collisions": " ".join(map(_cell_key, self._collisions)),
            "data-laser": " ".join(map(_cell_key, self._laser)),
            "data-laser-hit": "" if self._laser_hit is None else _cell_key(self._laser_hit),
            "data-disabled": " ".join(map(_cell_key, self._disabled)),
            "data-carried": " ".join(f"{p.id}:{p.carrier}" for p in s.pieces if p.carrier),
            "data-scores": " ".join(f"{team}:{points}" for team, points in s.scores),
            "data-extent": f"{width_units:.3f},{height_units:.3f}",
            "data-round": str(s.round),
            "data-updates": str(self._updates),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._state_html.value = (
            f'<div class="asteroyds-board-data" {body}>{html.escape(self.summary())}</div>'
        )


def _as_cell(cell: Sequence[int]) -> Cell:
    return (int(cell[0]), int(cell[1]))


__all__ = [
    "Arrow",
    "BoardView",
    "Dots",
    "Shapes",
    "Texts",
    "cell_fraction",
    "craft_colour",
    "describe_cell",
    "laser_overlay",
    "extent",
    "intended_moves",
    "overlay",
    "scene",
    "summary",
    "team_colour",
]
