"""The pieces of the static picture: tiles, gates, drones, pods, platforms, turrets, asteroyds.

One function per kind of piece (:data:`DRAW`) returns the SVG elements that
draw it on its cell; :func:`piece_group` wraps them in the piece's group with
its ``data-id`` hooks. The crafts are in :mod:`.crafts`, the overlays (arrows,
a route, crossed-out cells) in :mod:`.overlays`.

>>> from asteroyds.setups import racing
>>> from .layout import Layout
>>> from .palette import Palette
>>> gate = racing(seed=1, players=["blue"]).piece("GA")
>>> piece_group(Layout(size=24.0, origin=(0.0, 0.0)), gate, Palette(None)).startswith('<g class="piece gate"')
True
"""

from __future__ import annotations

from ..pieces import ASTEROID, ASTEROYD, DRONE, GATE, PLATFORM, POD, TURRET, Piece
from .elements import (
    TILE_INSET,
    Point,
    along,
    cell_attr,
    centred_text,
    circle,
    el,
    group,
    hex_corners,
    line,
    num,
    poly,
    title_el,
)
from .layout import Layout
from .palette import Palette

# Drawn above the fixed pieces (a drone sits on its turret), drones last.
DRAW_AS_TILES: tuple[str, ...] = (ASTEROID, GATE, DRONE)
HUB = 0.36  # a turret's centre disc, in hex radii
NUMBERED_HUB = 0.2  # ... when its die numbers ring it


def _pip(lay: Layout, piece: Piece, pal: Palette, inset: float = 0.68) -> str:
    """A dot near the edge the tile's "1" faces (its orientation)."""
    if piece.orientation is None:
        return ""
    at = lay.edge_midpoint(piece.cell, piece.orientation, inset=inset)
    s = lay.size
    return circle(at, 0.1 * s, cls="orientation", fill=pal["pip"], stroke=pal["halo"], stroke_width=0.045 * s)


def _asteroid(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """A hex in its colour; a bicolour is split, white on the left, and shows its number on a disc."""
    colour = piece.colour or "white"
    centre = lay.cell_to_pixel(piece.cell)
    s = lay.size
    corners = hex_corners(lay, piece.cell, TILE_INSET)
    edge = {"stroke": pal["tile_edge"], "stroke_width": 0.06 * s, "stroke_linejoin": "round"}
    number = "" if piece.priority is None else str(piece.priority)
    if "/" in colour:
        left, right = colour.split("/", 1)
        c = corners
        return [
            poly([c[3], c[4], c[5], c[0]], cls="half", fill=pal.tile(left)),
            poly([c[0], c[1], c[2], c[3]], cls="half", fill=pal.tile(right)),
            poly(corners, cls="body", fill="none", **edge),
            _pip(lay, piece, pal),
            circle(
                centre,
                0.4 * s,
                cls="badge",
                fill=pal["white"],
                stroke=pal["tile_edge"],
                stroke_width=0.05 * s,
            ),
            centred_text(centre, number, 0.5 * s, pal["ink_dark"], cls="priority"),
        ]
    ink = pal["ink_dark"] if colour == "white" else pal["ink_light"]
    return [
        poly(corners, cls="body", fill=pal.tile(colour), **edge),
        _pip(lay, piece, pal),
        centred_text(centre, number, 0.6 * s, ink, cls="priority"),
    ]


def _gate(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """A dark tile with a ring in the gate's colour, its letter large and its priority small."""
    colour = pal.tile(piece.colour or "white")
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    out = [
        poly(
            hex_corners(lay, piece.cell, TILE_INSET),
            cls="body",
            fill=pal["gate"],
            stroke=colour,
            stroke_width=0.09 * s,
            stroke_linejoin="round",
        ),
        circle((cx, cy - 0.1 * s), 0.45 * s, cls="ring", fill="none", stroke=colour, stroke_width=0.1 * s),
        _pip(lay, piece, pal, inset=TILE_INSET),
        centred_text((cx, cy - 0.1 * s), piece.symbol or "?", 0.56 * s, pal["ink_light"], cls="symbol"),
    ]
    if piece.priority is not None:
        out.append(
            centred_text((cx, cy + 0.6 * s), str(piece.priority), 0.3 * s, pal["ink_light"], cls="priority")
        )
    return out


def _drone(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """A small diamond, split like a bicolour tile, with its turret's symbol."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    r = 0.56 * s
    top, right, bottom, left = (cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)
    first, _sep, second = (piece.colour or "white/red").partition("/")
    dark = pal["ink_dark"]
    out = [
        poly([top, bottom, left], cls="half", fill=pal.tile(first)),
        poly([top, right, bottom], cls="half", fill=pal.tile(second or first)),
        poly(
            [top, right, bottom, left],
            cls="body",
            fill="none",
            stroke=pal["tile_edge"],
            stroke_width=0.07 * s,
            stroke_linejoin="round",
        ),
        _pip(lay, piece, pal),
        centred_text((cx, cy), piece.symbol or "", 0.42 * s, pal["ink_light"], halo=dark, cls="symbol"),
    ]
    if piece.priority is not None:
        at = (cx, cy + 0.68 * s)
        out.append(
            centred_text(at, str(piece.priority), 0.28 * s, pal["ink_light"], halo=dark, cls="priority")
        )
    return out


def _pod(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """A grey disc."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    return [
        circle(
            (cx, cy), 0.55 * s, cls="body", fill=pal["pod"], stroke=pal["pod_edge"], stroke_width=0.07 * s
        ),
        circle((cx, cy), 0.3 * s, fill="none", stroke=pal["pod_ring"], stroke_width=0.06 * s),
        circle((cx - 0.2 * s, cy - 0.22 * s), 0.1 * s, fill="#ffffff", fill_opacity="0.45"),
    ]


def _platform(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """A hex outline in its player's (or team's) colour, with a small arrow for the start facing.

    A team platform (capture mode) also gets a thin dark edge, so a white one shows on the light board.
    """
    colour = pal.team(piece.team) if piece.team else pal.player(piece.colour)
    s = lay.size
    out = []
    if piece.team:
        out.append(
            poly(
                hex_corners(lay, piece.cell, 0.9),
                cls="team-edge",
                fill="none",
                stroke=pal["team_edge"],
                stroke_width=0.05 * s,
                stroke_linejoin="round",
            )
        )
    out += [
        poly(
            hex_corners(lay, piece.cell, 0.8),
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
            along(centre, d, 0.8 * s),
            along(centre, d, 0.48 * s, 0.17 * s),
            along(centre, d, 0.48 * s, -0.17 * s),
        ]
        out.append(poly(start, cls="start", fill=colour, stroke=pal["outline"], stroke_width=0.03 * s))
    return out


def _turret(lay: Layout, piece: Piece, pal: Palette, hub: float = HUB) -> list[str]:
    """A dark tile with a barrel pointing along its orientation and its symbol; ``hub``: the radius
    of the disc at its centre (smaller when the die numbers ring it, :data:`NUMBERED_HUB`)."""
    centre = lay.cell_to_pixel(piece.cell)
    s = lay.size
    barrel = pal["barrel"]
    out = [
        poly(
            hex_corners(lay, piece.cell, TILE_INSET),
            cls="body",
            fill=pal["turret"],
            stroke=pal["outline"],
            stroke_width=0.06 * s,
            stroke_linejoin="round",
        )
    ]
    if piece.team:  # capture mode: a rim in the team's colour
        out.append(
            poly(
                hex_corners(lay, piece.cell, 0.72),
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
            line(centre, muzzle, cls="barrel", stroke=barrel, stroke_width=0.2 * s, stroke_linecap="round")
        )
    out.append(circle(centre, hub * s, fill=pal["turret"], stroke=barrel, stroke_width=0.08 * s))
    out.append(centred_text(centre, piece.symbol or "", 0.42 * s, pal["ink_light"], cls="symbol"))
    return out


def _target(lay: Layout, piece: Piece, pal: Palette) -> str:
    """A small bullseye in the upper right of the tile."""
    cx, cy = lay.cell_to_pixel(piece.cell)
    s = lay.size
    at = (cx + 0.42 * s, cy - 0.42 * s)
    return el(
        "g",
        title_el(f"target {piece.target}")
        + circle(at, 0.24 * s, fill=pal["target"], stroke=pal["outline"], stroke_width=0.04 * s)
        + circle(at, 0.16 * s, fill=pal["target_ring"])
        + circle(at, 0.08 * s, fill=pal["target"]),
        cls="target",
        data_target=piece.target,
    )


# An irregular rock: radii (in hex radii) of its corners, evenly spread around the centre.
ROCK: tuple[float, ...] = (0.5, 0.4, 0.52, 0.43, 0.5, 0.37, 0.48, 0.42, 0.53, 0.4)


def asteroyd_marks(centre: Point, s: float, team: str | None, pal: Palette) -> list[str]:
    """An asteroyd: a rock in the team's colour inside a ring of the same colour (``s``: hex radius)."""
    colour, edge = pal.team(team), pal["team_edge"]
    n = len(ROCK)
    rock = [along(centre, 6 * k / n + 0.3, r * s) for k, r in enumerate(ROCK)]
    return [
        circle(centre, 0.68 * s, cls="ring-edge", fill="none", stroke=edge, stroke_width=0.2 * s),
        circle(centre, 0.68 * s, cls="ring", fill="none", stroke=colour, stroke_width=0.11 * s),
        poly(rock, cls="body", fill=colour, stroke=edge, stroke_width=0.07 * s, stroke_linejoin="round"),
        circle(
            (centre[0] - 0.14 * s, centre[1] - 0.1 * s), 0.11 * s, cls="crater", fill=edge, fill_opacity="0.3"
        ),
        circle(
            (centre[0] + 0.18 * s, centre[1] + 0.14 * s),
            0.08 * s,
            cls="crater",
            fill=edge,
            fill_opacity="0.3",
        ),
    ]


def _asteroyd(lay: Layout, piece: Piece, pal: Palette) -> list[str]:
    """Capture mode: the team's asteroyd on its space (a carried one is drawn with its carrier)."""
    return asteroyd_marks(lay.cell_to_pixel(piece.cell), lay.size, piece.team, pal)


def home_ring(lay: Layout, piece: Piece, pal: Palette) -> str:
    """Where an asteroyd away from home goes back: a dashed ring in its team's colour."""
    assert piece.home is not None
    s = lay.size
    return group(
        "home",
        [
            title_el(f"home of the {piece.team} asteroyd"),
            circle(
                lay.cell_to_pixel(piece.home),
                0.6 * s,
                fill="none",
                stroke=pal["team_edge"],
                stroke_width=0.14 * s,
            ),  # fmt: skip
            circle(
                lay.cell_to_pixel(piece.home),
                0.6 * s,
                fill="none",
                stroke=pal.team(piece.team),
                stroke_width=0.08 * s,
                stroke_dasharray=f"{num(0.25 * s)} {num(0.18 * s)}",
            ),  # fmt: skip
        ],
        data_id=f"home:{piece.id}",
        data_cell=cell_attr(piece.home),
    )


def carried_asteroyd(lay: Layout, piece: Piece, centre: Point, scale: float, pal: Palette) -> str:
    """A carried asteroyd, small, on the rear right shoulder of its carrier."""
    s = lay.size * scale
    at = (centre[0] + 0.46 * s, centre[1] - 0.46 * s)
    return group(
        "piece asteroyd carried",
        [title_el(f"{piece} carried by {piece.carrier}"), *asteroyd_marks(at, 0.62 * s, piece.team, pal)],
        data_id=piece.id,
        data_kind=piece.kind,
        data_cell=cell_attr(piece.cell),
        data_carrier=piece.carrier,
    )


# How each kind of piece is drawn (a kind not listed gets a plain disc).
DRAW = {
    ASTEROYD: _asteroyd,
    ASTEROID: _asteroid,
    GATE: _gate,
    DRONE: _drone,
    POD: _pod,
    PLATFORM: _platform,
    TURRET: _turret,
}


def piece_group(lay: Layout, piece: Piece, pal: Palette, *, dot: bool = True) -> str:
    """One piece as a group with its hooks (``data-id``, ``data-kind``, ``data-cell``), its target if any.

    ``dot=False`` leaves out the dot on a tile's "1" edge: the picture writes the die numbers
    on the edges instead (:mod:`.edge_numbers`), and the dot would cover the "1"; a turret's
    hub shrinks to leave its numbers room.
    """
    items = [title_el(str(piece))]
    draw = DRAW.get(piece.kind)
    if piece.kind == TURRET and not dot:  # its numbers ring a smaller hub (the barrel is its "1")
        items += _turret(lay, piece, pal, hub=NUMBERED_HUB)
    elif draw is not None:
        items += (i for i in draw(lay, piece, pal) if dot or 'class="orientation"' not in i)
    else:  # a kind this renderer does not know: a plain disc
        items.append(circle(lay.cell_to_pixel(piece.cell), 0.4 * lay.size, cls="body", fill=pal["unknown"]))
    if piece.target is not None:
        items.append(_target(lay, piece, pal))
    return group(
        f"piece {piece.kind}",
        items,
        data_id=piece.id,
        data_kind=piece.kind,
        data_cell=cell_attr(piece.cell),
    )
