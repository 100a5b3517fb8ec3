"""The board's picture as plain data: hexes, pieces, crafts and their labels.

:func:`scene` turns a :class:`State` into lists of polygons, dots and texts
per mark (the layer types of :mod:`.layers`), with no widgets, so it can be
tested and timed without a browser. The teaching overlays are drawn by
:mod:`.overlays`; the names of both, and the geometry, are re-exported here,
where they always were. :class:`~asteroyds.ui.board.BoardView` pushes these
layers into its bqplot marks.

>>> from asteroyds import setup
>>> layers = scene(setup("racing", seed=1, players=["blue", "red"]))
>>> len(layers["board"].curves), layers["crafts"].keys
(158, ['blue', 'red'])
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from ...event_text import target_text
from ...pieces import ASTEROYD, DRONE, GATE, PLATFORM, POD, TURRET, Craft, Piece
from ...render.crafts import craft_spots
from ...render.layout import Layout
from ...state import State
from .. import theme
from ..theme import COLOURS
from .cells import describe_cell
from .layers import (
    BOARD_LAYERS,
    CLICK_RADIUS,
    DOT_RADII,
    FONT,
    FONTS,
    HEX_SIZE,
    LASER_LAYERS,
    OVERLAY_LAYERS,
    PADDING,
    SMALL_FONT,
    STATE_LAYERS,
    STROKES,
    TILE_INSET,
    Curve,
    Dots,
    Layer,
    Point,
    Shapes,
    Texts,
    along,
    board_layout,
    cell_fraction,
    cell_key,
    extent,
    hex_curve,
)
from .numbers import edge_numbers
from .overlays import (
    LASER_COLOURS,
    LASER_GLOW_OPACITY,
    Arrow,
    arrow_curve,
    cross_curves,
    intended_moves,
    laser_overlay,
    overlay,
)

# Capture mode: team colours for crafts named red1, white2 ..., asteroyds and rims.
# (the rules: docs/rules.md#11-capture-the-asteroyd)
TEAM_COLOURS: dict[str, str] = {
    "red": COLOURS["player_red"],
    "white": "#eceff3",
    "blue": COLOURS["player_blue"],
}
LIGHT_TEAMS: frozenset[str] = frozenset({"white"})
ROCK: tuple[float, ...] = (0.5, 0.4, 0.52, 0.43, 0.5, 0.37, 0.48, 0.42, 0.53, 0.4)  # corner radii
RIM, NUMBERED_RIM = 0.7, 0.84  # a capture turret's team rim, in hex radii: out to its edge with numbers


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
def scene(state: State, *, board_hexes: bool = True, numbers: bool = True) -> dict[str, Layer]:
    """The picture of a state, per mark: board, pieces, crafts and their labels.

    ``board_hexes=False`` leaves out the board's own hexes (:data:`BOARD_LAYERS`):
    they change only with the board, and a replay step should not redraw them.
    ``numbers=False`` leaves the die numbers off the tile edges (:mod:`.numbers`).
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
        _draw_piece(lay, piece, layers, piece.cell in drones, dot=not numbers)
    _draw_crafts(lay, state, layers)
    _draw_badges(lay, state, layers, numbers)
    if numbers:
        layers["edge_numbers"] = edge_numbers(state)
    return layers


def _draw_badges(lay: Layout, state: State, layers: Mapping[str, Layer], numbers: bool = False) -> None:
    """What a shooter aims at, easy to see from the back of a room.

    Targets mode: a red ring round each asteroid that carries a target, and the
    target's tag (``L1``: left-1) on a white badge. Drones mode: the drone's
    symbol on a yellow badge (the symbol is what a hit scores); with the die numbers on the
    tiles, the drone's badge moves up to its hex's top corner, clear of its NW number.
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
            at = (cx, cy - 1.0 * s) if numbers else (cx - 0.5 * s, cy - 0.56 * s)
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


def _draw_piece(
    lay: Layout, p: Piece, layers: Mapping[str, Layer], drone_here: bool = False, dot: bool = True
) -> None:
    """Add one piece's shapes; ``drone_here``: a drone shares the cell (it sits in its turret).

    ``dot``: a dot marks a moving tile's "1" edge (left out when the edges carry their numbers:
    the "1" says it, and a dot beside it would cover it).
    """
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
        if p.team:  # its die numbers (when shown) ring the barrel's root, inside the rim
            rims = layers["team_rims"]
            assert isinstance(rims, Shapes)
            rims.add(hex_curve(lay, p.cell, RIM if dot else NUMBERED_RIM), team_colour(p.team), key=p.id)
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
        if dot:
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
        if dot:
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
        if dot:
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
        if len(sharing) > 1:  # side by side, smaller, as in the picture: each dart shows its facing
            spots, scale = craft_spots(len(sharing))
            dx, dy = spots[sharing.index(craft)]
            cx, cy = cx + dx * s, cy + dy * s
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
    return target_text(target)  # the name the sentences give it


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
