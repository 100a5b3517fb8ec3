"""A static SVG picture of a state: Jupyter's rich display, docs and exports.

Standard library only: the picture is built as text. The output is
deterministic (same state and options, same bytes; coordinates rounded to one
decimal) and has stable hooks for tests and styling: a ``class`` on every
layer (``hexes``, ``fixed``, ``tiles``, ``crafts`` ...) and a ``data-id`` on
every piece group (a craft's is ``craft:<player>``). No element has an
``id``, so several pictures can share one notebook page.

This module lays the picture out (space, board, caption, the layers in their
order); its parts draw: :mod:`.pieces`, :mod:`.crafts`, :mod:`.overlays`, with
the colours of :mod:`.palette` (:data:`COLOURS`, re-exported here) and the
element writers of :mod:`.elements`.

>>> from asteroyds.setups import racing
>>> svg = state_svg(racing(seed=1, players=["blue", "red"]), highlight=[(6, 8)])
>>> svg.startswith("<svg") and 'data-id="GA"' in svg and 'data-id="craft:red"' in svg
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from ..hexgrid import Board, Cell
from ..i18n import _
from ..pieces import ASTEROYD, DRONE, TURRET
from ..state import State, picture_with
from .crafts import craft_tip, crafts_layer
from .edge_numbers import edge_number_texts
from .elements import (
    cell_attr,
    centred_text,
    circle,
    el,
    group,
    hex_corners,
    num,
    points_attr,
    poly,
    title_el,
)
from .layout import Layout
from .overlays import Lesson, arrow, collision, crossed_out, laser_beam, move_arrows, route
from .palette import COLOURS, Palette
from .pieces import DRAW_AS_TILES, asteroyd_marks, home_ring, piece_group

SVG_NS = "http://www.w3.org/2000/svg"
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
STAR_SEED = 2010  # the starfield looks random but is the same in every picture


def _stars(width: float, height: float, pal: Palette) -> list[str]:
    """The starfield behind the board: seeded, so every picture has the same sky."""
    rng = random.Random(STAR_SEED)
    out = []
    for _attempt in range(int(width * height / 2500)):
        at = (rng.uniform(0, width), rng.uniform(0, height))
        r = rng.choice((0.5, 0.7, 0.9, 1.2))
        out.append(circle(at, r, fill_opacity=rng.choice(("0.35", "0.5", "0.7", "0.9"))))
    return [group("stars", out, fill=pal["star"])]


GROUND_COLOURS = ("background", "star", "board_edge", "board_hex", "board_hex_edge")


@lru_cache(maxsize=32)
def _ground(
    board: Board, lay: Layout, width: float, height: float, colours: tuple[str, ...]
) -> tuple[str, ...]:
    """The sky, the board's outline and its empty hexes: the same for every state on this board.

    Cached because they are most of a picture's text (every hex's corners): a chapter draws
    dozens of pictures of a few boards (each rule board at each step), and a page waits for them.
    """
    pal = Palette(dict(zip(GROUND_COLOURS, colours, strict=True)))
    size = lay.size
    return (
        el("rect", cls="background", x=0, y=0, width=width, height=height, fill=pal["background"]),
        *_stars(width, height, pal),
        el(
            "path",
            cls="board",
            d=" ".join(f"M{points_attr(hex_corners(lay, c))}Z" for c in board),
            fill=pal["board_edge"],
            stroke=pal["board_edge"],
            stroke_width=0.5 * size,
            stroke_linejoin="round",
        ),
        group(
            "hexes",
            (poly(hex_corners(lay, c), data_cell=cell_attr(c)) for c in board),
            fill=pal["board_hex"],
            stroke=pal["board_hex_edge"],
            stroke_width=0.05 * size,
        ),
    )


# --- the picture ----------------------------------------------------------------
MARGIN = 0.7  # the space around the board, in hex radii
CAPTION = 1.3  # a title's line above the board, in hex radii


def picture_layout(board: Board, size: float = 24.0, *, titled: bool = False) -> tuple[Layout, float, float]:
    """The layout of :func:`state_svg`'s picture of ``board`` and the picture's width and height (its
    ``viewBox``): what a page lays over the picture (click targets) is placed with the picture's own
    geometry, whose margin is not the interactive board's padding."""
    margin = MARGIN * size
    caption = CAPTION * size if titled else 0.0
    lay = Layout(size=size, origin=(margin, margin + caption))
    board_w, board_h = lay.board_size(board.rows, board.cols)
    return lay, board_w + 2 * margin, board_h + 2 * margin + caption


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
    edge_numbers: bool = False,
    lesson: Lesson | None = None,
) -> str:
    """The board, its pieces and crafts as an SVG document (a string).

    ``size`` is the hex radius in pixels. ``highlight`` cells get a thick
    yellow outline; ``arrows`` are ``(cell, direction)`` pairs, each drawn as
    an arrow out of the cell; ``path`` is a dashed line through cell centres.
    ``title`` becomes a caption (the ``<title>`` is always there);
    ``colours`` overrides entries of :data:`COLOURS`; ``coordinates`` writes
    ``row,col`` in every hex. ``disabled`` cells (capture mode: turrets
    hit or bumped this turn) are darkened and crossed out in red. ``edge_numbers``
    writes the die faces on every moving tile's edges, as on the real tiles
    (:mod:`.edge_numbers`; off: the picture is the same as it always was). ``lesson`` adds what a
    lesson stepped as a picture points at (:class:`~asteroyds.render.overlays.Lesson`: the dice's
    moves, a route's colour and collisions, a laser beam).
    """
    if not (isinstance(size, (int, float)) and size > 0):
        raise ValueError(_("size must be a positive number of pixels, got {size!r}", size=size))
    size = float(size)
    lesson = lesson or Lesson()
    pal = Palette({**(colours or {}), "route": lesson.route} if lesson.route else colours)
    board = state.board
    margin = MARGIN * size
    lay, width, height = picture_layout(board, size, titled=bool(title))
    players = f" ({', '.join(state.player_order)})" if state.player_order else ""
    label = title or f"Asteroyds {state.mode}, round {state.round}{players}"

    ground = tuple(pal[key] for key in GROUND_COLOURS)
    layers = [title_el(label), *_ground(board, lay, width, height, ground)]
    if title:
        at = {"x": margin, "y": margin + 0.55 * size, "font_size": 0.62 * size, "font_weight": "bold"}
        layers.append(el("text", escape(title), cls="caption", fill=pal["caption"], **at))
    if coordinates:
        ink = pal["coordinates"]
        labels = []
        for c in board:
            cx, cy = lay.cell_to_pixel(c)
            labels.append(
                centred_text((cx, cy - 0.62 * size), cell_attr(c), 0.24 * size, ink, font_weight="normal")
            )
        layers.append(group("coordinates", labels))
    homes = [
        home_ring(lay, p, pal) for p in state.pieces if p.kind == ASTEROYD and p.home and p.cell != p.home
    ]
    if homes:
        layers.append(group("homes", homes))
    fixed = (
        p for p in state.pieces if p.kind not in DRAW_AS_TILES and not (p.kind == ASTEROYD and p.carrier)
    )
    layers.append(group("fixed", (piece_group(lay, p, pal, dot=not edge_numbers) for p in fixed)))
    off = [crossed_out(lay, c, pal) for c in dict.fromkeys((*c,) for c in disabled)]
    if off:
        layers.append(group("disabled", off))
    tiles = sorted((p for p in state.pieces if p.kind in DRAW_AS_TILES), key=lambda p: p.kind == DRONE)
    layers.append(group("tiles", (piece_group(lay, p, pal, dot=not edge_numbers) for p in tiles)))
    beam = laser_beam(lay, lesson, pal)  # under the die faces: a turret's beam leaves its number readable
    if beam:
        layers.append(group("laser", beam))
    if edge_numbers:  # a turret's too, unless its drone sits on it and says the same
        drones = {p.cell for p in tiles if p.kind == DRONE}
        turrets = [p for p in state.pieces if p.kind == TURRET and p.cell not in drones]
        numbered = [*turrets, *tiles]
        layers.append(group("edge-numbers", (t for p in numbered for t in edge_number_texts(lay, p))))
    marks = [poly(hex_corners(lay, c, 0.92), data_cell=cell_attr(c)) for c in dict.fromkeys(highlight)]
    if marks:
        layers.append(
            group(
                "highlight",
                marks,
                fill="none",
                stroke=pal["highlight"],
                stroke_width=0.16 * size,
                stroke_linejoin="round",
            )
        )
    if path:
        layers.append(group("path", route(lay, list(path), pal)))
    layers.append(group("crafts", crafts_layer(lay, state, pal)))
    crosses = [collision(lay, c, pal) for c in dict.fromkeys(lesson.collisions)]
    if crosses:
        layers.append(group("collisions", crosses))
    pointers = [arrow(lay, cell, d % 6, pal) for cell, d in arrows]
    if pointers:
        layers.append(group("arrows", pointers))
    if lesson.moves:
        layers.append(group("moves", move_arrows(lay, lesson.moves, pal)))
    return (
        el(
            "svg",
            "".join(layers),
            xmlns=SVG_NS,
            cls="asteroyds-board",
            viewBox=f"0 0 {num(width)} {num(height)}",
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


picture_with(state_svg)  # Jupyter shows a state as this picture (State._repr_svg_)

__all__ = ["COLOURS", "Lesson", "asteroyd_marks", "craft_tip", "picture_layout", "state_svg", "write_svg"]
