"""The board's picture as plain data: hexes, pieces, crafts and teaching overlays.

:func:`scene`, :func:`overlay` and :func:`laser_overlay` turn a :class:`State`
(and what a lesson points at) into lists of polygons, dots and texts per mark,
with no widgets, so they can be tested and timed without a browser. Pixel y
points down, as in :mod:`asteroyds.render.layout`. :class:`~asteroyds.ui.board.BoardView`
pushes these layers into its bqplot marks.

>>> from asteroyds import setup
>>> layers = scene(setup("racing", seed=1, players=["blue", "red"]))
>>> len(layers["board"].curves), layers["crafts"].keys
(158, ['blue', 'red'])
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ...asteroids import STEPS
from ...dice import Dice
from ...event_text import name_text, player_text
from ...hexgrid import Board, Cell, direction_name
from ...i18n import _
from ...pieces import ASTEROYD, DIE_COLOURS, DRONE, GATE, PLATFORM, POD, TURRET, Craft, Piece, die_direction
from ...render.layout import Layout
from ...state import State
from .. import theme
from ..theme import COLOURS

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
            key = cell_key(cell)
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


def cell_key(cell: Cell) -> str:
    """A cell as ``"row,col"``: the key of its curves and of the page's machine-readable state."""
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
        layers["highlight"].add(hex_curve(lay, cell, 0.97), COLOURS["highlight"], key=cell_key(cell))
    if path:
        points = [lay.cell_to_pixel(c) for c in path]
        layers["path"].add(points if len(points) > 1 else points * 2, path_colour or COLOURS["path"])
    for cell in collisions:
        for curve in cross_curves(lay, cell):
            layers["collisions"].add(curve, COLOURS["collision"], key=cell_key(cell))
    for cell in disabled:
        layers["disabled"].add(hex_curve(lay, cell, 0.8), LASER_COLOURS["core"], key=cell_key(cell))
        for curve in cross_curves(lay, cell):
            layers["disabled"].add(curve, LASER_COLOURS["core"], key=cell_key(cell))
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
                                LASER_COLOURS["burst"], key=cell_key(path[-1]))  # fmt: skip
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
    where = f"({cell[0]}, {cell[1]})"
    if cell not in state.board:
        return _("{cell} is off the board", cell=where)
    here = [name_text(p.describe()) for p in state.pieces_at(cell)]
    here += [
        _("the {player} craft (damage {damage})", player=player_text(c.player), damage=c.damage)
        for c in state.crafts_at(cell)
    ]
    return f"{where}: {', '.join(here) if here else _('empty space')}"


def summary(state: State) -> str:
    """Every piece as ``id@row,col`` and every craft as ``player@row,col``, in state order."""
    parts = [f"{p.id}@{cell_key(p.cell)}" for p in state.pieces]
    parts += [
        f"{c.player}@{'destroyed' if c.cell is None else cell_key(c.cell)}" for c in state.crafts_in_order()
    ]
    return " ".join(parts)


__all__ = [
    "BOARD_LAYERS",
    "CLICK_RADIUS",
    "DOT_RADII",
    "FONT",
    "FONTS",
    "HEX_SIZE",
    "LASER_COLOURS",
    "LASER_GLOW_OPACITY",
    "LASER_LAYERS",
    "LIGHT_TEAMS",
    "OVERLAY_LAYERS",
    "PADDING",
    "ROCK",
    "SMALL_FONT",
    "STATE_LAYERS",
    "STROKES",
    "TEAM_COLOURS",
    "TILE_INSET",
    "Arrow",
    "Curve",
    "Dots",
    "Layer",
    "Point",
    "Shapes",
    "Texts",
    "along",
    "arrow_curve",
    "board_layout",
    "cell_fraction",
    "cell_key",
    "craft_colour",
    "cross_curves",
    "dart",
    "describe_cell",
    "extent",
    "hex_curve",
    "intended_moves",
    "laser_overlay",
    "overlay",
    "rock_curve",
    "scene",
    "summary",
    "team_colour",
]
