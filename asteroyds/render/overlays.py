"""What a lesson draws over the static picture: move arrows, a craft's route, crossed-out spaces.

Each function returns the elements of one mark over one cell (or one route);
:func:`asteroyds.render.svg.state_svg` puts them in their layers
(``highlight``, ``path``, ``arrows``, ``disabled``) above the pieces.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..hexgrid import Cell, direction_name
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
