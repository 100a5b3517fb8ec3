"""What a lesson draws over the static picture: move arrows, a craft's route, crossed-out spaces.

Each function returns the elements of one mark over one cell (or one route);
:func:`asteroyds.render.svg.state_svg` puts them in their layers
(``highlight``, ``path``, ``arrows``, ``disabled``) above the pieces. A lesson
stepped as a picture (:class:`Lesson`) adds the dice's moves, a route's
collisions and a laser beam (layers ``moves``, ``collisions``, ``laser``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..hexgrid import Cell, direction_name, neighbour, opposite
from .elements import (
    TILE_INSET,
    along,
    cell_attr,
    circle,
    el,
    group,
    hex_corners,
    line,
    num,
    points_attr,
    poly,
    title_el,
)
from .layout import Layout
from .palette import Palette


def arrow(lay: Layout, cell: Cell, direction: int, pal: Palette) -> str:
    """A bold arrow from a cell's centre to the edge of its neighbour in ``direction``."""
    s, step = lay.size, lay.width
    centre = lay.cell_to_pixel(cell)
    start, neck = along(centre, direction, 0.15 * step), along(centre, direction, 0.62 * step)
    head = [
        along(centre, direction, 0.95 * step),
        along(centre, direction, 0.58 * step, 0.24 * s),
        along(centre, direction, 0.58 * step, -0.24 * s),
    ]
    dark = pal["outline"]
    return group(
        "arrow",
        [
            line(start, neck, stroke=dark, stroke_width=0.22 * s, stroke_linecap="round"),
            poly(head, fill=dark, stroke=dark, stroke_width=0.1 * s, stroke_linejoin="round"),
            line(start, neck, stroke=pal["arrow"], stroke_width=0.12 * s, stroke_linecap="round"),
            poly(head, fill=pal["arrow"]),
        ],
        data_cell=cell_attr(cell),
        data_direction=direction_name(direction),
    )


def route(lay: Layout, cells: Sequence[Cell], pal: Palette) -> list[str]:
    """A dashed line through the cells' centres, with a dot on each (bigger at both ends)."""
    s = lay.size
    pts = [lay.cell_to_pixel(c) for c in cells]
    out = []
    if len(pts) >= 2:
        style = {
            "points": points_attr(pts),
            "fill": "none",
            "stroke_linecap": "round",
            "stroke_linejoin": "round",
        }
        out.append(el("polyline", stroke=pal["halo"], stroke_width=0.22 * s, stroke_opacity="0.8", **style))
        dashes = f"{num(0.3 * s)} {num(0.25 * s)}"
        out.append(
            el(
                "polyline",
                cls="route",
                stroke=pal["route"],
                stroke_width=0.13 * s,
                stroke_dasharray=dashes,
                **style,
            )
        )
    for i, at in enumerate(pts):
        r = (0.17 if i in (0, len(pts) - 1) else 0.1) * s
        out.append(circle(at, r, fill=pal["route"], stroke=pal["halo"], stroke_width=0.04 * s))
    return out


def crossed_out(lay: Layout, cell: Cell, pal: Palette) -> str:
    """A piece out of action for now: darkened and crossed out."""
    s = lay.size
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * s
    cross = {"stroke": pal["disabled"], "stroke_width": 0.14 * s, "stroke_linecap": "round"}
    return group(
        "off",
        [
            title_el(f"out of action at {cell[0]},{cell[1]}"),
            poly(hex_corners(lay, cell, TILE_INSET), fill=pal["outline"], fill_opacity="0.55"),
            line((cx - r, cy - r), (cx + r, cy + r), **cross),
            line((cx - r, cy + r), (cx + r, cy - r), **cross),
        ],
        data_cell=cell_attr(cell),
    )


# --- a lesson's marks while it is stepped: the dice's moves, a ghost route's collisions, a laser -------
Move = tuple[Cell, int, int, str]  # a tile's cell, the direction and the spaces its die sends it, the die


@dataclass(frozen=True)
class Lesson:
    """What a stepped lesson draws over the picture besides outlines and a route (the interactive
    board's marks of the same names, :mod:`asteroyds.ui.board.overlays`, drawn the same way).

    ``moves``: where each die sends a tile (an arrow in the die's colour, two for a bicolour tile
    side by side; one space or two). ``collisions``: a red cross on each space where a ghost route
    is stopped; ``route``: the route's colour (``None``: the palette's). ``laser``: the spaces a
    beam crossed, from ``laser_start`` (the shooter's space); it ends in a burst on its last space
    when ``laser_hit``, else runs on off the board (``laser_direction``, else its last step's).
    """

    moves: tuple[Move, ...] = ()
    collisions: tuple[Cell, ...] = ()
    route: str | None = None
    laser: tuple[Cell, ...] = ()
    laser_start: Cell | None = None
    laser_direction: int | None = None
    laser_hit: bool = False


LASER_GLOW_OPACITY = "0.35"


PAIR_SHIFT = 0.32  # a bicolour tile's two arrows, side by side (in hex radii)
OPPOSED_SHIFT = 0.2  # an arrow met head-on by another, to its own side (in hex radii)


def arrow_shifts(moves: Sequence[tuple[Cell, int, int]]) -> list[float]:
    """How far each arrow of ``moves`` (cell, direction, steps) sits beside its tile's centre, in hex radii.

    A bicolour tile's two arrows sit side by side. Two tiles on one line whose dice send them
    towards each other would draw one shaft over the other, a single two-headed glyph (issue 35):
    each of them moves to its own side, and as they point opposite ways, they part. The
    interactive board (:mod:`asteroyds.ui.board.overlays`) shifts its arrows the same way.

    >>> arrow_shifts([((3, 3), 0, 1), ((3, 4), 3, 1), ((6, 6), 1, 1)])
    [0.2, 0.2, 0.0]
    """
    count: dict[Cell, int] = {}
    for cell, _direction, _steps in moves:
        count[cell] = count.get(cell, 0) + 1
    heading = {(cell, direction) for cell, direction, _steps in moves}
    seen: dict[Cell, int] = {}
    shifts = []
    for cell, direction, steps in moves:
        k = seen[cell] = seen.get(cell, -1) + 1
        shift = (k - (count[cell] - 1) / 2) * PAIR_SHIFT
        ahead, met = cell, False
        for _step in range(max(1, steps)):  # a tile within its reach, coming the other way
            ahead = neighbour(ahead, direction)
            met = met or (ahead, opposite(direction)) in heading
        shifts.append(shift + OPPOSED_SHIFT if met else shift)
    return shifts


def move_arrows(lay: Layout, moves: Sequence[Move], pal: Palette) -> list[str]:
    """Open arrows (shaft and head) from each tile towards where its die sends it, over a dark shadow."""
    shifts = arrow_shifts([(cell, direction, steps) for cell, direction, steps, _die in moves])
    out = []
    for (cell, direction, steps, die), shift in zip(moves, shifts, strict=True):
        centre = along(lay.cell_to_pixel(cell), direction, 0.0, shift * lay.size)
        w = lay.width
        tip = along(centre, direction, 0.92 * w if steps <= 1 else 1.8 * w)
        barb = 0.26 * w
        shape = [
            along(centre, direction, 0.28 * w),
            tip,
            along(tip, direction, -barb, 0.17 * w),
            tip,
            along(tip, direction, -barb, -0.17 * w),
        ]
        style = {"points": points_attr(shape), "fill": "none", "stroke_linecap": "round"}
        out.append(
            group(
                "move",
                [
                    el("polyline", stroke=pal["outline"], stroke_width=0.28 * lay.size, **style),
                    el("polyline", stroke=pal.tile(die), stroke_width=0.13 * lay.size, **style),
                ],
                data_cell=cell_attr(cell),
                data_direction=direction_name(direction),
                data_die=die,
            )
        )
    return out


def collision(lay: Layout, cell: Cell, pal: Palette) -> str:
    """A red X over a space where a ghost route is stopped."""
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * lay.size
    cross = {"stroke": pal["collision"], "stroke_width": 0.2 * lay.size, "stroke_linecap": "round"}
    return group(
        "collision",
        [
            line((cx - r, cy - r), (cx + r, cy + r), **cross),
            line((cx - r, cy + r), (cx + r, cy - r), **cross),
        ],
        data_cell=cell_attr(cell),
    )


def laser_beam(lay: Layout, lesson: Lesson, pal: Palette) -> list[str]:
    """The beam: a wide translucent glow under a thin bright core, and a burst where it hits."""
    cells = ([lesson.laser_start] if lesson.laser_start is not None else []) + list(lesson.laser)
    points = [lay.cell_to_pixel(c) for c in cells]
    if not points:
        return []
    direction = lesson.laser_direction
    if direction is None and len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        direction = round(math.degrees(math.atan2(y1 - y0, x1 - x0)) / 60) % 6
    hit = lesson.laser_hit and bool(lesson.laser)
    if not hit and direction is not None:
        points.append(along(points[-1], direction, 0.9 * lay.width))  # off the board
    elif len(points) == 1:
        points.append(points[0])
    style = {
        "points": points_attr(points),
        "fill": "none",
        "stroke_linecap": "round",
        "stroke_linejoin": "round",
    }
    out = [
        el(
            "polyline",
            stroke=pal["laser_glow"],
            stroke_width=0.5 * lay.size,
            stroke_opacity=LASER_GLOW_OPACITY,
            **style,
        ),
        el("polyline", cls="beam", stroke=pal["laser"], stroke_width=0.15 * lay.size, **style),
    ]
    if hit:
        out.append(
            poly(
                _burst(points[-1], 0.8 * lay.size),
                cls="burst",
                fill=pal["laser_burst"],
                stroke=pal["laser"],
                stroke_width=0.1 * lay.size,
                data_cell=cell_attr(lesson.laser[-1]),
            )
        )
    return out


def _burst(centre: tuple[float, float], radius: float, spikes: int = 8) -> list[tuple[float, float]]:
    """A star: where a laser hits."""
    pts = []
    for k in range(2 * spikes):
        r = radius if k % 2 == 0 else 0.45 * radius
        a = math.pi * k / spikes
        pts.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return pts
