"""Writing SVG elements as text, and the hex geometry every drawing of the picture shares.

The picture (:mod:`asteroyds.render.svg`) is built as strings: these helpers
are the one place that decides how an element, an attribute and a number are
written (numbers rounded to one decimal), so the output stays byte for byte
the same whichever part of the picture draws it.

>>> el("circle", cx=1.04, cy=-0.01, r=2.0, cls="dot")
'<circle cx="1" cy="0" r="2" class="dot"/>'
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from ..hexgrid import Cell
from .layout import Layout

Point = tuple[float, float]

TILE_INSET = 0.86  # tiles are drawn this much smaller than their hex, so neighbours stay apart


def num(value: float) -> str:
    """A number rounded to one decimal, without a useless ``.0`` or ``-0``."""
    v = round(value, 1)
    text = f"{v + 0.0 if v else 0.0:.1f}"
    return text[:-2] if text.endswith(".0") else text


def el(name: str, content: str | None = None, /, **attrs: object) -> str:
    """One element. ``cls`` is ``class``, ``_`` becomes ``-``; floats are rounded, ``None`` dropped."""
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        key = "class" if key == "cls" else key.replace("_", "-")
        text = num(value) if isinstance(value, float) else str(value)
        parts.append(f" {key}={quoteattr(text)}")
    if content is None:
        return f"<{name}{''.join(parts)}/>"
    return f"<{name}{''.join(parts)}>{content}</{name}>"


def points_attr(points: Iterable[Point]) -> str:
    """A ``points`` attribute's value: ``x,y`` pairs, rounded."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in points)


def poly(points: Iterable[Point], **attrs: object) -> str:
    """A ``<polygon>`` through the points."""
    return el("polygon", points=points_attr(points), **attrs)


def circle(at: Point, r: float, **attrs: object) -> str:
    """A ``<circle>`` of radius ``r`` centred on ``at``."""
    return el("circle", cx=at[0], cy=at[1], r=r, **attrs)


def line(a: Point, b: Point, **attrs: object) -> str:
    """A ``<line>`` from ``a`` to ``b``."""
    return el("line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], **attrs)


def group(cls: str, items: Iterable[str], **attrs: object) -> str:
    """A ``<g>`` of class ``cls`` around the items (a layer, a piece)."""
    return el("g", "".join(items), cls=cls, **attrs)


def title_el(text: str) -> str:
    """A ``<title>``: the tooltip, and what a screen reader says."""
    return el("title", escape(text))


def centred_text(
    at: Point, text: str, size: float, fill: str, halo: str | None = None, **attrs: object
) -> str:
    """Bold centred text; the baseline is shifted by hand (renderers disagree on ``dominant-baseline``)."""
    outline: dict[str, object] = {}
    if halo is not None:
        outline = {"stroke": halo, "stroke_width": 0.2 * size, "paint_order": "stroke"}
    attrs.setdefault("font_weight", "bold")
    return el(
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


def cell_attr(cell: Cell) -> str:
    """A cell as ``row,col``: the value of the ``data-cell`` hooks."""
    return f"{cell[0]},{cell[1]}"


# --- geometry -------------------------------------------------------------------


def along(origin: Point, direction: float, reach: float, side: float = 0.0) -> Point:
    """``origin`` moved ``reach`` along a direction (0..5, clockwise from E) and ``side`` to its right."""
    angle = math.radians(60.0 * direction)
    ux, uy = math.cos(angle), math.sin(angle)
    return (origin[0] + ux * reach - uy * side, origin[1] + uy * reach + ux * side)


def hex_corners(lay: Layout, cell: Cell, scale: float = 1.0) -> list[Point]:
    """The corners of a cell's hex (clockwise from the top), shrunk towards its centre."""
    cx, cy = lay.cell_to_pixel(cell)
    return [(cx + (x - cx) * scale, cy + (y - cy) * scale) for x, y in lay.corners(cell)]
