"""A static SVG picture of a state: Jupyter's rich display, docs and exports.

Standard library only: the picture is built as text. The output is
deterministic (same state and options, same bytes; coordinates rounded to one
decimal) and has stable hooks for tests and styling: a ``class`` on every
layer (``hexes``, ``fixed``, ``tiles``, ``crafts`` ...) and a ``data-id`` on
every piece group (a craft's is ``craft:<player>``). No element has an
``id``, so several pictures can share one notebook page.

:data:`COLOURS` uses the key names of :mod:`asteroyds.ui.theme` (tile
colours ``red``/``white``/``blue``, players ``player_<colour>``, ``ink_dark``
...), which adopts the entries both tables name; the light board hexes are
this picture's own (``board_hex``), as the widgets draw dark ones.

>>> from asteroyds.setups import racing
>>> svg = state_svg(racing(seed=1, players=["blue", "red"]), highlight=[(6, 8)])
>>> svg.startswith("<svg") and 'data-id="GA"' in svg and 'data-id="craft:red"' in svg
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

from ..hexgrid import Cell, direction_name
from ..i18n import _
from ..pieces import ASTEROID, ASTEROYD, DRONE, GATE, PLATFORM, POD, TURRET, Craft, Piece
from .layout import Layout

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State

Point = tuple[float, float]

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

COLOURS: dict[str, str] = {
    # space and the board
    "background": "#0b1533",
    "star": "#dfe8ff",
    "board_edge": "#2c3c66",
    "board_hex": "#e4e9f2",
    "board_hex_edge": "#a3afc4",
    "coordinates": "#8a97ad",
    "caption": "#e8eeff",
    # tile colours (the printed tiles and the dice)
    "red": "#d62f36",
    "white": "#fbfbf6",
    "blue": "#2163c8",
    "tile_edge": "#1c2436",
    "gate": "#27314f",  # the ground of a gate tile; its ring has the gate's colour
    "ink_dark": "#1c2436",
    "ink_light": "#ffffff",
    "pip": "#1c2436",
    # fixed pieces
    "pod": "#8e96a3",
    "pod_ring": "#c3c9d2",
    "pod_edge": "#4a515c",
    "turret": "#4a5169",
    "barrel": "#d0d5df",
    # player colours (crafts and platforms)
    "player_blue": "#2f6fe0",
    "player_red": "#e23b3b",
    "player_green": "#25a347",
    "player_yellow": "#f4c51b",
    "player_orange": "#f5861f",
    "player_purple": "#8d4fd0",
    "unknown": "#9aa3b2",  # a player or tile colour this table does not name
    # team colours (capture mode: crafts red1, white2 ..., asteroyds, platform and turret rims)
    "team_red": "#e23b3b",
    "team_white": "#eceff3",
    "team_blue": "#2f6fe0",
    "team_edge": "#1c2436",
    "disabled": "#ff2d2d",
    # marks and overlays
    "target": "#e0262d",
    "target_ring": "#ffffff",
    "highlight": "#ffd21f",
    "arrow": "#ff2d8a",
    "route": "#00a6a6",
    "outline": "#0d1324",
    "halo": "#ffffff",
}

TILE_INSET = 0.86  # tiles are drawn this much smaller than their hex, so neighbours stay apart
STAR_SEED = 2010  # the starfield looks random but is the same in every picture
# Drawn above the fixed pieces (a drone sits on its turret), drones last.
DRAW_AS_TILES: tuple[str, ...] = (ASTEROID, GATE, DRONE)

# Where crafts sharing a cell sit, as (dx, dy) in hex radii, and how much they shrink.
CRAFT_SPOTS: dict[int, tuple[tuple[tuple[float, float], ...], float]] = {
    1: (((0.0, 0.0),), 1.0),
    2: (((-0.34, 0.0), (0.34, 0.0)), 0.62),
    3: (((0.0, -0.36), (-0.34, 0.26), (0.34, 0.26)), 0.55),
    4: (((-0.3, -0.3), (0.3, -0.3), (-0.3, 0.3), (0.3, 0.3)), 0.55),
}


# --- writing elements -----------------------------------------------------------


def _n(value: float) -> str:
    """A number rounded to one decimal, without a useless ``.0`` or ``-0``."""
    v = round(value, 1)
    text = f"{v + 0.0 if v else 0.0:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _el(name: str, content: str | None = None, /, **attrs: object) -> str:
    """One element. ``cls`` is ``class``, ``_`` becomes ``-``; floats are rounded, ``None`` dropped."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        key = "class" if key == "cls" else key.replace("_", "-")
        text = _n(value) if isinstance(value, float) else str(value)
        parts.append(f" {key}={quoteattr(text)}")
    if content is None:
        return f"<{name}{''.join(parts)}/>"
    return f"<{name}{''.join(parts)}>{content}</{name}>"


def _points(points: Iterable[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _poly(points: Iterable[Point], **attrs: object) -> str:
    return _el("polygon", points=_points(points), **attrs)


def _circle(at: Point, r: float, **attrs: object) -> str:
    return _el("circle", cx=at[0], cy=at[1], r=r, **attrs)


def _line(a: Point, b: Point, **attrs: object) -> str:
    return _el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], **attrs)


def _group(cls: str, items: Iterable[str], **attrs: object) -> str:
    return _el("g", "".join(items), cls=cls, **attrs)


def _title(text: str) -> str:
    return _el("title", escape(text))


def _text(at: Point, text: str, size: float, fill: str, halo: str | None = None, **attrs: object) -> str:
    """Bold centred text; the baseline is shifted by hand (renderers disagree on ``dominant-baseline``)."""
    outline: dict[str, object] = {}
    if halo is not None:
        outline = {"stroke": halo, "stroke_width": 0.2 * size, "paint_order": "stroke"}
    attrs.setdefault("font_weight", "bold")
    return _el(
        "text",
        escape(text),
        x=at[0],
        y=at[1] + 0.36 * size,
        font_size=size,
        text_anchor="middle",
        fill=fill,
        **outline,
        **attrs,
    )


def _cell_attr(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


# --- geometry -------------------------------------------------------------------


def _along(origin: Point, direction: float, reach: float, side: float = 0.0) -> Point:
    """``origin`` moved ``reach`` along a direction (0..5, clockwise from E) and ``side`` to its right."""
    angle = math.radians(60.0 * direction)
    ux, uy = math.cos(angle), math.sin(angle)
    return (origin[0] + ux * reach - uy * side, origin[1] + uy * reach + ux * side)


def _hex(lay: Layout, cell: Cell, scale: float = 1.0) -> list[Point]:
    """The corners of a cell's hex (clockwise from the top), shrunk towards its centre."""
    cx, cy = lay.cell_to_pixel(cell)
    return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in lay.corners(cell)]


class _Palette:
    """:data:`COLOURS` with the caller's overrides."""

    def __init__(self, overrides: Mapping[str, str] | None) -> None:
        self.table = {**COLOURS, **(overrides or {})}

    def __getitem__(self, key: str) -> str:
        return self.table[key]

    def player(self, name: str | None) -> str:
        return self.table.get(f"player_{name}", self.table["unknown"])

    def tile(self, colour: str) -> str:
        return self.table.get(colour, self.table["unknown"])

    def team(self, team: str | None) -> str:
        return self.table.get(f"team_{team}", self.table["unknown"])

    def craft(self, craft: Craft) -> str:
        """A player colour when the player is named after one, else the craft's team colour."""
        if f"player_{craft.player}" in self.table or not craft.team:
            return self.player(craft.player)
        return self.team(craft.team)


# --- pieces ---------------------------------------------------------------------


def _pip(lay: Layout, piece: Piece, pal: _Palette, inset: float = 0.68) -> str:
    """A dot near the edge the tile's "1" faces (its orientation)."""
    if piece.orientation is None:
        return ""
    at = lay.edge_midpoint(piece.cell, piece.orientation, inset=inset)
    s = lay.size
    return _circle(
        at, 0.1 * s, cls="orientation", fill=pal["pip"], stroke=pal["halo"], stroke_width=0.045 * s
    )


def _asteroid(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A hex in its colour; a bicolour is split, white on the left, and shows its number on a disc."""
    colour = piece.colour or "white"
    centre = lay.cell_to_pixel(piece.cell)
    s = lay.size
    corners = _hex(lay, piece.cell, TILE_INSET)
    edge = {"stroke": pal["tile_edge"], "stroke_width": 0.06 * s, "stroke_linejoin": "round"}
    number = "" if piece.priority is None else str(piece.priority)
    if "/" in colour:
        left, right = colour.split("/", 1)
        c = corners
        return [
            _poly([c[3], c[4], c[5], c[0]], cls="half", fill=pal.tile(left)),
            _poly([c[0], c[1], c[2], c[3]], cls="half", fill=pal.tile(right)),
            _poly(corners, cls="body", fill="none", **edge),
            _pip(lay, piece, pal),
            _circle(
                centre,
                0.4 * s,
                cls="badge",
                fill=pal["white"],
                stroke=pal["tile_edge"],
                stroke_width=0.05 * s,
            ),
            _text(centre, number, 0.5 * s, pal["ink_dark"], cls="priority"),
        ]
    ink = pal["ink_dark"] if colour == "white" else pal["ink_light"]
    return [
        _poly(corners, cls="body", fill=pal.tile(colour), **edge),
        _pip(lay, piece, pal),
        _text(centre, number, 0.6 * s, ink, cls="priority"),
    ]


def _gate(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A dark tile with a ring in the gate's colour, its letter large and its priority small."""
    colour = pal.tile(piece.colour or "white")
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    out = [
        _poly(
            _hex(lay, piece.cell, TILE_INSET),
            cls="body",
            fill=pal["gate"],
            stroke=colour,
            stroke_width=0.09 * s,
            stroke_linejoin="round",
        ),
        _circle((cx, cy - 0.1 * s), 0.45 * s, cls="ring", fill="none", stroke=colour, stroke_width=0.1 * s),
        _pip(lay, piece, pal, inset=TILE_INSET),
        _text((cx, cy - 0.1 * s), piece.symbol or "?", 0.56 * s, pal["ink_light"], cls="symbol"),
    ]
    if piece.priority is not None:
        out.append(_text((cx, cy + 0.6 * s), str(piece.priority), 0.3 * s, pal["ink_light"], cls="priority"))
    return out


def _drone(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A small diamond, split like a bicolour tile, with its turret's symbol."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    r = 0.56 * s
    top, right, bottom, left = (cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)
    first, _sep, second = (piece.colour or "white/red").partition("/")
    dark = pal["ink_dark"]
    out = [
        _poly([top, bottom, left], cls="half", fill=pal.tile(first)),
        _poly([top, right, bottom], cls="half", fill=pal.tile(second or first)),
        _poly(
            [top, right, bottom, left],
            cls="body",
            fill="none",
            stroke=pal["tile_edge"],
            stroke_width=0.07 * s,
            stroke_linejoin="round",
        ),
        _pip(lay, piece, pal),
        _text((cx, cy), piece.symbol or "", 0.42 * s, pal["ink_light"], halo=dark, cls="symbol"),
    ]
    if piece.priority is not None:
        at = (cx, cy + 0.68 * s)
        out.append(_text(at, str(piece.priority), 0.28 * s, pal["ink_light"], halo=dark, cls="priority"))
    return out


def _pod(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A grey disc."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    return [
        _circle(
            (cx, cy), 0.55 * s, cls="body", fill=pal["pod"], stroke=pal["pod_edge"], stroke_width=0.07 * s
        ),
        _circle((cx, cy), 0.3 * s, fill="none", stroke=pal["pod_ring"], stroke_width=0.06 * s),
        _circle((cx - 0.2 * s, cy - 0.22 * s), 0.1 * s, fill="#ffffff", fill_opacity="0.45"),
    ]


def _platform(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A hex outline in its player's (or team's) colour, with a small arrow for the start facing.

    A team platform (capture mode) also gets a thin dark edge, so a white one shows on the light board.
    """
    colour = pal.team(piece.team) if piece.team else pal.player(piece.colour)
    s = lay.size
    out = []
    if piece.team:
        out.append(
            _poly(
                _hex(lay, piece.cell, 0.9),
                cls="team-edge",
                fill="none",
                stroke=pal["team_edge"],
                stroke_width=0.05 * s,
                stroke_linejoin="round",
            )
        )
    out += [
        _poly(
            _hex(lay, piece.cell, 0.8),
            cls="body",
            fill=colour,
            fill_opacity="0.22" if not piece.team else "0.45",
            stroke=colour,
            stroke_width=0.13 * s,
            stroke_linejoin="round",
        )
    ]
    if piece.orientation is not None:
        centre, d = lay.cell_to_pixel(piece.cell), piece.orientation
        start = [
            _along(centre, d, 0.8 * s),
            _along(centre, d, 0.48 * s, 0.17 * s),
            _along(centre, d, 0.48 * s, -0.17 * s),
        ]
        out.append(_poly(start, cls="start", fill=colour, stroke=pal["outline"], stroke_width=0.03 * s))
    return out


def _turret(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """A dark tile with a barrel pointing along its orientation and its symbol."""
    centre = lay.cell_to_pixel(piece.cell)
    s = lay.size
    barrel = pal["barrel"]
    out = [
        _poly(
            _hex(lay, piece.cell, TILE_INSET),
            cls="body",
            fill=pal["turret"],
            stroke=pal["outline"],
            stroke_width=0.06 * s,
            stroke_linejoin="round",
        )
    ]
    if piece.team:  # capture mode: a rim in the team's colour
        out.append(
            _poly(
                _hex(lay, piece.cell, 0.72),
                cls="team-rim",
                fill="none",
                stroke=pal.team(piece.team),
                stroke_width=0.13 * s,
                stroke_linejoin="round",
            )
        )
    if piece.orientation is not None:
        muzzle = lay.edge_midpoint(piece.cell, piece.orientation, inset=0.92)
        out.append(
            _line(centre, muzzle, cls="barrel", stroke=barrel, stroke_width=0.2 * s, stroke_linecap="round")
        )
    out.append(_circle(centre, 0.36 * s, fill=pal["turret"], stroke=barrel, stroke_width=0.08 * s))
    out.append(_text(centre, piece.symbol or "", 0.42 * s, pal["ink_light"], cls="symbol"))
    return out


def _target(lay: Layout, piece: Piece, pal: _Palette) -> str:
    """A small bullseye in the upper right of the tile."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    at = (cx + 0.42 * s, cy - 0.42 * s)
    return _el(
        "g",
        _title(f"target {piece.target}")
        + _circle(at, 0.24 * s, fill=pal["target"], stroke=pal["outline"], stroke_width=0.04 * s)
        + _circle(at, 0.16 * s, fill=pal["target_ring"])
        + _circle(at, 0.08 * s, fill=pal["target"]),
        cls="target",
        data_target=piece.target,
    )


# An irregular rock: radii (in hex radii) of its corners, evenly spread around the centre.
ROCK: tuple[float, ...] = (0.5, 0.4, 0.52, 0.43, 0.5, 0.37, 0.48, 0.42, 0.53, 0.4)


def asteroyd_marks(centre: Point, s: float, team: str | None, pal: _Palette) -> list[str]:
    """An asteroyd: a rock in the team's colour inside a ring of the same colour (``s``: hex radius)."""
    colour, edge = pal.team(team), pal["team_edge"]
    n = len(ROCK)
    rock = [_along(centre, 6 * k / n + 0.3, r * s) for k, r in enumerate(ROCK)]
    return [
        _circle(centre, 0.68 * s, cls="ring-edge", fill="none", stroke=edge, stroke_width=0.2 * s),
        _circle(centre, 0.68 * s, cls="ring", fill="none", stroke=colour, stroke_width=0.11 * s),
        _poly(rock, cls="body", fill=colour, stroke=edge, stroke_width=0.07 * s, stroke_linejoin="round"),
        _circle(
            (centre[0] - 0.14 * s, centre[1] - 0.1 * s), 0.11 * s, cls="crater", fill=edge, fill_opacity="0.3"
        ),
        _circle(
            (centre[0] + 0.18 * s, centre[1] + 0.14 * s),
            0.08 * s,
            cls="crater",
            fill=edge,
            fill_opacity="0.3",
        ),
    ]


def _asteroyd(lay: Layout, piece: Piece, pal: _Palette) -> list[str]:
    """Capture mode: the team's asteroyd on its space (a carried one is drawn with its carrier)."""
    return asteroyd_marks(lay.cell_to_pixel(piece.cell), lay.size, piece.team, pal)


def _home(lay: Layout, piece: Piece, pal: _Palette) -> str:
    """Where an asteroyd away from home goes back: a dashed ring in its team's colour."""
    assert piece.home is not None
    s = lay.size
    return _group(
        "home",
        [
            _title(f"home of the {piece.team} asteroyd"),
            _circle(
                lay.cell_to_pixel(piece.home),
                0.6 * s,
                fill="none",
                stroke=pal["team_edge"],
                stroke_width=0.14 * s,
            ),  # fmt: skip
            _circle(
                lay.cell_to_pixel(piece.home),
                0.6 * s,
                fill="none",
                stroke=pal.team(piece.team),
                stroke_width=0.08 * s,
                stroke_dasharray=f"{_n(0.25 * s)} {_n(0.18 * s)}",
            ),  # fmt: skip
        ],
        data_id=f"home:{piece.id}",
        data_cell=_cell_attr(piece.home),
    )


def _carried(lay: Layout, piece: Piece, centre: Point, scale: float, pal: _Palette) -> str:
    """A carried asteroyd, small, on the rear right shoulder of its carrier."""
    s = lay.size * scale
    at = (centre[0] + 0.46 * s, centre[1] - 0.46 * s)
    return _group(
        "piece asteroyd carried",
        [_title(f"{piece} carried by {piece.carrier}"), *asteroyd_marks(at, 0.62 * s, piece.team, pal)],
        data_id=piece.id,
        data_kind=piece.kind,
        data_cell=_cell_attr(piece.cell),
        data_carrier=piece.carrier,
    )


DRAW = {
    ASTEROYD: _asteroyd,
    ASTEROID: _asteroid,
    GATE: _gate,
    DRONE: _drone,
    POD: _pod,
    PLATFORM: _platform,
    TURRET: _turret,
}


def _piece(lay: Layout, piece: Piece, pal: _Palette) -> str:
    items = [_title(str(piece))]
    draw = DRAW.get(piece.kind)
    if draw is not None:
        items += draw(lay, piece, pal)
    else:  # a kind this renderer does not know: a plain disc
        items.append(_circle(lay.cell_to_pixel(piece.cell), 0.4 * lay.size, cls="body", fill=pal["unknown"]))
    if piece.target is not None:
        items.append(_target(lay, piece, pal))
    return _group(
        f"piece {piece.kind}",
        items,
        data_id=piece.id,
        data_kind=piece.kind,
        data_cell=_cell_attr(piece.cell),
    )


# --- crafts ---------------------------------------------------------------------


def craft_tip(lay: Layout, craft: Craft, spot: tuple[float, float] = (0.0, 0.0), scale: float = 1.0) -> Point:
    """Where the nose of a craft's arrow is drawn: the first point of its polygon."""
    if craft.cell is None:
        raise ValueError(
            _("the {player} craft is destroyed: it has no place on the board", player=craft.player)
        )
    cx, cy = lay.cell_to_pixel(craft.cell)
    centre = (cx + spot[0] * lay.size, cy + spot[1] * lay.size)
    return _along(centre, craft.facing, 0.74 * lay.size * scale)


def _spots(count: int) -> tuple[tuple[tuple[float, float], ...], float]:
    if count in CRAFT_SPOTS:
        return CRAFT_SPOTS[count]
    turn = 2 * math.pi / count
    ring = tuple((0.38 * math.sin(k * turn), -0.38 * math.cos(k * turn)) for k in range(count))
    return ring, 0.42


def _craft(lay: Layout, craft: Craft, spot: tuple[float, float], scale: float, pal: _Palette) -> str:
    """A dart in the player's colour pointing along its facing, its damage written on it."""
    assert craft.cell is not None
    s = lay.size * scale
    cx, cy = lay.cell_to_pixel(craft.cell)
    centre = (cx + spot[0] * lay.size, cy + spot[1] * lay.size)
    d = craft.facing
    dart = [
        craft_tip(lay, craft, spot, scale),
        _along(centre, d, -0.52 * s, 0.56 * s),
        _along(centre, d, -0.26 * s),
        _along(centre, d, -0.52 * s, -0.56 * s),
    ]
    join = {"stroke_linejoin": "round"}
    return _group(
        "craft",
        [
            _title(str(craft)),
            _poly(dart, fill="none", stroke=pal["halo"], stroke_width=0.24 * s, **join),
            _poly(
                dart,
                cls="body",
                fill=pal.craft(craft),
                stroke=pal["outline"],
                stroke_width=0.08 * s,
                **join,
            ),
            _text(
                centre,
                str(craft.damage),
                max(6.0, 0.4 * s),
                pal["ink_light"],
                halo=pal["outline"],
                cls="damage",
            ),
        ],
        data_id=f"craft:{craft.player}",
        data_player=craft.player,
        data_cell=_cell_attr(craft.cell),
        data_facing=direction_name(d),
        data_damage=craft.damage,
    )


def _crafts(lay: Layout, state: State, pal: _Palette) -> list[str]:
    carried: dict[str, list[Piece]] = {}
    for p in state.pieces:
        if p.kind == ASTEROYD and p.carrier:
            carried.setdefault(p.carrier, []).append(p)
    by_cell: dict[Cell, list[Craft]] = {}
    for craft in state.crafts_in_order():
        if craft.cell is not None:
            by_cell.setdefault(craft.cell, []).append(craft)
    out = []
    for cell, crafts in by_cell.items():
        spots, scale = _spots(len(crafts))
        if len(crafts) == 1 and any(p.kind in (GATE, TURRET, DRONE) for p in state.pieces_at(cell)):
            scale = 0.8  # leave the gate's ring or the turret's barrel visible around it
        for c, spot in zip(crafts, spots, strict=True):
            out.append(_craft(lay, c, spot, scale, pal))
            for p in carried.get(c.player, ()):
                cx, cy = lay.cell_to_pixel(cell)
                out.append(_carried(lay, p, (cx + spot[0] * lay.size, cy + spot[1] * lay.size), scale, pal))
    return out


# --- overlays -------------------------------------------------------------------


def _arrow(lay: Layout, cell: Cell, direction: int, pal: _Palette) -> str:
    """A bold arrow from a cell's centre to the edge of its neighbour in ``direction``."""
    s, step = lay.size, lay.width
    centre = lay.cell_to_pixel(cell)
    start, neck = _along(centre, direction, 0.15 * step), _along(centre, direction, 0.62 * step)
    head = [
        _along(centre, direction, 0.95 * step),
        _along(centre, direction, 0.58 * step, 0.24 * s),
        _along(centre, direction, 0.58 * step, -0.24 * s),
    ]
    dark = pal["outline"]
    return _group(
        "arrow",
        [
            _line(start, neck, stroke=dark, stroke_width=0.22 * s, stroke_linecap="round"),
            _poly(head, fill=dark, stroke=dark, stroke_width=0.1 * s, stroke_linejoin="round"),
            _line(start, neck, stroke=pal["arrow"], stroke_width=0.12 * s, stroke_linecap="round"),
            _poly(head, fill=pal["arrow"]),
        ],
        data_cell=_cell_attr(cell),
        data_direction=direction_name(direction),
    )


def _path(lay: Layout, cells: Sequence[Cell], pal: _Palette) -> list[str]:
    """A dashed line through the cells' centres, with a dot on each (bigger at both ends)."""
    s = lay.size
    pts = [lay.cell_to_pixel(c) for c in cells]
    out = []
    if len(pts) >= 2:
        line = {"points": _points(pts), "fill": "none", "stroke_linecap": "round", "stroke_linejoin": "round"}
        out.append(_el("polyline", stroke=pal["halo"], stroke_width=0.22 * s, stroke_opacity="0.8", **line))
        dashes = f"{_n(0.3 * s)} {_n(0.25 * s)}"
        out.append(
            _el(
                "polyline",
                cls="route",
                stroke=pal["route"],
                stroke_width=0.13 * s,
                stroke_dasharray=dashes,
                **line,
            )
        )
    for i, at in enumerate(pts):
        r = (0.17 if i in (0, len(pts) - 1) else 0.1) * s
        out.append(_circle(at, r, fill=pal["route"], stroke=pal["halo"], stroke_width=0.04 * s))
    return out


def _disabled(lay: Layout, cell: Cell, pal: _Palette) -> str:
    """A piece out of action for now: darkened and crossed out."""
    s = lay.size
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * s
    cross = {"stroke": pal["disabled"], "stroke_width": 0.14 * s, "stroke_linecap": "round"}
    return _group(
        "off",
        [
            _title(f"out of action at {cell[0]},{cell[1]}"),
            _poly(_hex(lay, cell, TILE_INSET), fill=pal["outline"], fill_opacity="0.55"),
            _line((cx - r, cy - r), (cx + r, cy + r), **cross),
            _line((cx - r, cy + r), (cx + r, cy - r), **cross),
        ],
        data_cell=_cell_attr(cell),
    )


def _stars(width: float, height: float, pal: _Palette) -> list[str]:
    rng = random.Random(STAR_SEED)
    out = []
    for _attempt in range(int(width * height / 2500)):
        at = (rng.uniform(0, width), rng.uniform(0, height))
        r = rng.choice((0.5, 0.7, 0.9, 1.2))
        out.append(_circle(at, r, fill_opacity=rng.choice(("0.35", "0.5", "0.7", "0.9"))))
    return [_group("stars", out, fill=pal["star"])]


# --- the picture ----------------------------------------------------------------


def state_svg(
    state: State,
    *,
    size: float = 24.0,
    highlight: Iterable[Cell] = (),
    arrows: Iterable[tuple[Cell, int]] = (),
    path: Sequence[Cell] = (),
    title: str | None = None,
    colours: Mapping[str, str] | None = None,
    coordinates: bool = False,
    disabled: Iterable[Cell] = (),
) -> str:
    """The board, its pieces and crafts as an SVG document (a string).

    ``size`` is the hex radius in pixels. ``highlight`` cells get a thick
    yellow outline; ``arrows`` are ``(cell, direction)`` pairs, each drawn as
    an arrow out of the cell; ``path`` is a dashed line through cell centres.
    ``title`` becomes a caption (the ``<title>`` is always there);
    ``colours`` overrides entries of :data:`COLOURS`; ``coordinates`` writes
    ``row,col`` in every hex. ``disabled`` cells (capture mode: turrets
    hit or bumped this turn) are darkened and crossed out in red.
    """
    if not (isinstance(size, (int, float)) and size > 0):
        raise ValueError(_("size must be a positive number of pixels, got {size!r}", size=size))
    size = float(size)
    pal = _Palette(colours)
    board = state.board
    margin = 0.7 * size
    caption = 1.3 * size if title else 0.0
    lay = Layout(size=size, origin=(margin, margin + caption))
    board_w, board_h = lay.board_size(board.rows, board.cols)
    width, height = board_w + 2 * margin, board_h + 2 * margin + caption
    players = f" ({', '.join(state.player_order)})" if state.player_order else ""
    label = title or f"Asteroyds {state.mode}, round {state.round}{players}"

    layers = [
        _title(label),
        _el("rect", cls="background", x=0, y=0, width=width, height=height, fill=pal["background"]),
        *_stars(width, height, pal),
        _el(
            "path",
            cls="board",
            d=" ".join(f"M{_points(_hex(lay, c))}Z" for c in board),
            fill=pal["board_edge"],
            stroke=pal["board_edge"],
            stroke_width=0.5 * size,
            stroke_linejoin="round",
        ),
        _group(
            "hexes",
            (_poly(_hex(lay, c), data_cell=_cell_attr(c)) for c in board),
            fill=pal["board_hex"],
            stroke=pal["board_hex_edge"],
            stroke_width=0.05 * size,
        ),
    ]
    if title:
        at = {"x": margin, "y": margin + 0.55 * size, "font_size": 0.62 * size, "font_weight": "bold"}
        layers.append(_el("text", escape(title), cls="caption", fill=pal["caption"], **at))
    if coordinates:
        ink = pal["coordinates"]
        labels = []
        for c in board:
            cx, cy = lay.cell_to_pixel(c)
            labels.append(
                _text((cx, cy - 0.62 * size), _cell_attr(c), 0.24 * size, ink, font_weight="normal")
            )
        layers.append(_group("coordinates", labels))
    homes = [_home(lay, p, pal) for p in state.pieces if p.kind == ASTEROYD and p.home and p.cell != p.home]
    if homes:
        layers.append(_group("homes", homes))
    fixed = (
        p for p in state.pieces if p.kind not in DRAW_AS_TILES and not (p.kind == ASTEROYD and p.carrier)
    )
    layers.append(_group("fixed", (_piece(lay, p, pal) for p in fixed)))
    off = [_disabled(lay, c, pal) for c in dict.fromkeys(tuple(c) for c in disabled)]
    if off:
        layers.append(_group("disabled", off))
    tiles = sorted((p for p in state.pieces if p.kind in DRAW_AS_TILES), key=lambda p: p.kind == DRONE)
    layers.append(_group("tiles", (_piece(lay, p, pal) for p in tiles)))
    marks = [_poly(_hex(lay, c, 0.92), data_cell=_cell_attr(c)) for c in dict.fromkeys(highlight)]
    if marks:
        layers.append(
            _group(
                "highlight",
                marks,
                fill="none",
                stroke=pal["highlight"],
                stroke_width=0.16 * size,
                stroke_linejoin="round",
            )
        )
    if path:
        layers.append(_group("path", _path(lay, list(path), pal)))
    layers.append(_group("crafts", _crafts(lay, state, pal)))
    pointers = [_arrow(lay, cell, d % 6, pal) for cell, d in arrows]
    if pointers:
        layers.append(_group("arrows", pointers))
    return (
        _el(
            "svg",
            "".join(layers),
            xmlns=SVG_NS,
            cls="asteroyds-board",
            viewBox=f"0 0 {_n(width)} {_n(height)}",
            width=width,
            height=height,
            font_family=FONT,
            role="img",
        )
        + "\n"
    )


def write_svg(state: State, file: str | Path, /, **options: Any) -> Path:
    """Write :func:`state_svg` of a state to ``file`` (UTF-8); ``options`` as for it.

    The first two arguments are positional-only, so ``path=`` still means the dashed route.
    """
    target = Path(file)
    target.write_text(state_svg(state, **options), encoding="utf-8")
    return target


__all__ = ["COLOURS", "asteroyd_marks", "craft_tip", "state_svg", "write_svg"]
