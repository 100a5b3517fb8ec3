"""The die numbers printed on a moving tile's edges, for the static picture (``edge_numbers=True``).

The real tiles print 1, 5, 3, 6, 2, 4 clockwise around their edges
(:data:`~asteroyds.pieces.PIPS_CLOCKWISE`): a die showing 5 moves the tile
across its "5" edge. A turret carries them too, its barrel on the "1" edge: it
fires through the edge its team's die shows (docs/rules.md#11-capture-the-asteroyd);
its "1" is written in the turret's dark ink on the light barrel. They are drawn
small, not bold and in a softer ink than the priority, so the priority stays the
number that catches the eye. Off by
default: the picture's output stays what it always was. The widgets' board
(:mod:`asteroyds.ui.board.numbers`) uses the same inks.

>>> from asteroyds.setups import racing
>>> from .layout import Layout
>>> state = racing(seed=1, players=["blue"])
>>> texts = edge_number_texts(Layout(size=24.0, origin=(0.0, 0.0)), state.moving_tiles()[0])
>>> len(texts)
6
"""

from __future__ import annotations

from ..pieces import DRONE, GATE, TURRET, Piece, pip_on_edge
from .elements import along, centred_text
from .layout import Layout

# A softer ink per tile colour than the priority's (pure white or near black).
EDGE_INK: dict[str, str] = {"white": "#5a6478", "red": "#ffd9da", "blue": "#d6e4ff"}
BOARD_INK = "#4c566b"  # on the board's pale hex (around a drone's diamond)
GATE_INK = "#c3cbe0"  # on a gate's dark ground (and a turret's)
BARREL_INK = "#353b48"  # a turret's "1", on its light barrel
# Bicolour tiles are split top to bottom (white on the left): these directions' edges are on the right.
RIGHT_HALF: frozenset[int] = frozenset({5, 0, 1})
# How far from the centre the numbers sit, in hex radii: inside an asteroid's edge, on a gate's
# dark ground, outside a drone's diamond, between a turret's hub and its team rim.
REACH: dict[str, float] = {GATE: 0.7, DRONE: 0.74, TURRET: 0.5}
ASTEROID_REACH = 0.64
FONT = 0.34  # in hex radii (the priority is 0.6)


def has_numbers(piece: Piece) -> bool:
    """Does this piece carry die numbers on its edges? Every moving tile, and a turret."""
    return piece.is_moving or piece.kind == TURRET


def edge_ink(piece: Piece, direction: int) -> str:
    """The ink of the number on one edge: soft on the colour that edge is printed on."""
    if piece.kind == TURRET:
        return BARREL_INK if direction == piece.orientation else GATE_INK
    if piece.kind == DRONE:
        return BOARD_INK
    if piece.kind == GATE:
        return GATE_INK
    first, _sep, second = (piece.colour or "white").partition("/")
    colour = second if second and direction in RIGHT_HALF else first
    return EDGE_INK.get(colour, "#ffffff")


def edge_number_texts(lay: Layout, piece: Piece) -> list[str]:
    """The six ``<text>`` of one moving tile or turret, direction 0 (E) to 5 (NE); none for another
    piece."""
    if not has_numbers(piece) or piece.orientation is None:
        return []
    centre = lay.cell_to_pixel(piece.cell)
    reach = REACH.get(piece.kind, ASTEROID_REACH) * lay.size
    return [
        centred_text(
            along(centre, d, reach),
            str(pip_on_edge(piece.orientation, d)),
            FONT * lay.size,
            edge_ink(piece, d),
            font_weight="normal",
            data_edge=d,
        )
        for d in range(6)
    ]


__all__ = [
    "ASTEROID_REACH",
    "BOARD_INK",
    "EDGE_INK",
    "FONT",
    "BARREL_INK",
    "GATE_INK",
    "REACH",
    "RIGHT_HALF",
    "edge_ink",
    "edge_number_texts",
    "has_numbers",
]
