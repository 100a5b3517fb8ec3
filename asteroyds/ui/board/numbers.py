"""The small writing that helps a learner read the board: die numbers on tile edges, coordinates.

The real tiles print the six die faces around their edges (1, 5, 3, 6, 2, 4
clockwise, :data:`~asteroyds.pieces.PIPS_CLOCKWISE`): a die showing 5 moves a
tile across its "5" edge. Drawing them lets a learner read a die off the tile
instead of memorising the order around a dot. They are small, in a softer ink
and not bold, near each edge, so the priority (big, bold, in the centre) stays
the number that catches the eye. Every moving tile gets them: asteroids,
gates and drones all move by their colour's dice (docs/rules.md#4-moving-the-asteroids). So does a
turret: it carries the same pips, its barrel on the "1" edge, and fires through the edge its die
shows (capture, docs/rules.md#11-capture-the-asteroyd) — unless its drone sits on it, whose numbers
say the same (a drone moves by its turret's orientation).

The coordinates (``row,col``) are off unless the board's *Coordinates* toggle
is on: a teaching board names pieces and outlines cells rather than printing
them.

>>> from asteroyds import setup
>>> state = setup("racing", seed=1, players=["blue"])
>>> texts = edge_numbers(state)
>>> len(texts.text) == 6 * len(state.moving_tiles())
True
>>> from asteroyds.modes import capture
>>> len(edge_numbers(capture.setup(teams=2)).text)  # four turrets
24
>>> coordinate_labels(state).text[:2]
['0,3', '0,4']
"""

from __future__ import annotations

from collections.abc import Collection

from ...hexgrid import Cell
from ...pieces import DRONE, GATE, TURRET, Piece, pip_on_edge
from ...render.edge_numbers import BOARD_INK, EDGE_INK, edge_ink, has_numbers  # the picture's inks
from ...render.layout import Layout
from ...state import State
from ..theme import COLOURS
from .layers import Point, Texts, along, board_layout

# How far from the centre each kind writes its numbers, in hex radii: inside an asteroid's edge,
# on a gate's coloured ring (its ground and priority inside), outside a drone's diamond (on the hex),
# inside a turret's team rim (drawn out by its edge when they are shown, :mod:`.scene`).
REACH: dict[str, float] = {"asteroid": 0.6, GATE: 0.71, DRONE: 0.8, TURRET: 0.5}
# Pieces whose top corner is dark (unless white): the coordinates are written light on them.
DARK_KINDS: frozenset[str] = frozenset({"asteroid", GATE, TURRET})


def piece_numbers(lay: Layout, piece: Piece) -> list[tuple[Point, str, str]]:
    """The six numbers of one moving tile or turret: ``(where, die face, ink)`` per edge, direction 0
    to 5."""
    if not has_numbers(piece) or piece.orientation is None:
        return []
    centre = lay.cell_to_pixel(piece.cell)
    reach = REACH.get(piece.kind, REACH["asteroid"]) * lay.size
    return [
        (along(centre, d, reach), str(pip_on_edge(piece.orientation, d)), _ink(piece, d)) for d in range(6)
    ]


def _ink(piece: Piece, direction: int) -> str:
    """The picture's ink, but a gate's numbers sit on its coloured ring here (the ground is smaller)."""
    return (
        EDGE_INK.get(piece.colour or "white", BOARD_INK) if piece.kind == GATE else edge_ink(piece, direction)
    )


def edge_numbers(state: State, quiet: Collection[Cell] = ()) -> Texts:
    """Every moving tile's and turret's die numbers, one text per edge (the ``edge_numbers`` mark's
    layer); a turret under its drone is left to the drone. The ``quiet`` cells get none: a danger
    map writes its count there, and two sets of numbers on one hex read as neither (issue 35)."""
    lay = board_layout()
    texts = Texts()
    drones = {p.cell for p in state.pieces if p.kind == DRONE}
    for piece in state.pieces:
        if piece.kind == TURRET and piece.cell in drones or piece.cell in quiet:
            continue
        for at, text, ink in piece_numbers(lay, piece):
            texts.add(at, text, ink)
    return texts


def coordinate_labels(state: State) -> Texts:
    """``row,col`` near the top corner of every hex (the ``coordinates`` mark's layer): dark on the
    pale hexes and white tiles, light on the dark tiles (red, blue, gates, turrets)."""
    lay = board_layout()
    dark = {
        p.cell for p in state.pieces if p.kind in DARK_KINDS and (p.colour or "").split("/")[0] != "white"
    }
    texts = Texts()
    for cell in state.board.cells:
        x, y = lay.cell_to_pixel(cell)
        ink = COLOURS["ink_light"] if cell in dark else COLOURS["ink_dark"]
        texts.add((x, y - 0.77 * lay.size), f"{cell[0]},{cell[1]}", ink)
    return texts


__all__ = [
    "BOARD_INK",
    "DARK_KINDS",
    "EDGE_INK",
    "REACH",
    "coordinate_labels",
    "edge_ink",
    "edge_numbers",
    "piece_numbers",
]
