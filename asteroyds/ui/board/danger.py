"""The danger overlay's picture as plain data: a heat colour per cell and its count, no widgets.

The coach's danger map (:func:`asteroyds.coach.danger_map`) counts, for every
cell, in how many of the 216 rolls of the three dice a moving element stands
there once the asteroid phase is over. This module turns those counts into
what :class:`~asteroyds.ui.board.BoardView` draws: one filled hexagon per cell
that is ever reached, its colour on a sequential palette (pale yellow for a
few rolls, deep red for all of them, so "darker is more dangerous" reads at a
glance from the back of a room) and the count written in the hexagon, so a
learner can read "36 out of 216" without a tooltip.

>>> colour, opacity = heat_colour(216, 216)
>>> colour, opacity
('#d7191c', 0.85)
>>> heat_colour(0, 216)
('transparent', 0.0)
>>> shapes, texts = danger_layers({(3, 4): 108, (2, 2): 0}, 216)
>>> shapes.keys, texts.text
(['3,4'], ['108'])
"""

from __future__ import annotations

from collections.abc import Mapping

from ...coach.danger import ROLLS  # 6 × 6 × 6: every face of the red, white and blue dice
from ...hexgrid import Cell
from ..theme import COLOURS
from .scene import Shapes, Texts, board_layout, cell_key, hex_curve

# A sequential palette (ColorBrewer YlOrRd), from "a few rolls" to "every roll".
PALETTE: tuple[str, ...] = ("#ffffb2", "#fed976", "#feb24c", "#fd8d3c", "#f03b20", "#d7191c")
LEAST_OPACITY, MOST_OPACITY = 0.35, 0.85
TEXT_LIFT = 0.58  # the count sits in the upper part of its hex, clear of a tile's number
LEGEND_STEPS: tuple[int, ...] = (1, 36, 72, 108, 144, 216)


def heat_colour(count: int, rolls: int = ROLLS) -> tuple[str, float]:
    """The fill colour and opacity of a cell reached in ``count`` of ``rolls`` rolls.

    Zero is transparent (the board shows through); any other count gets a
    palette step and an opacity that both grow with the share of rolls.
    """
    if count <= 0 or rolls <= 0:
        return ("transparent", 0.0)
    share = min(1.0, count / rolls)
    step = min(len(PALETTE) - 1, int(share * len(PALETTE)))
    opacity = round(LEAST_OPACITY + (MOST_OPACITY - LEAST_OPACITY) * share, 3)
    return (PALETTE[step], opacity)


def danger_layers(counts: Mapping[Cell, int], rolls: int = ROLLS) -> tuple[Shapes, Texts]:
    """The heat hexagons (one per cell with a count, in row order) and their counts as text."""
    lay = board_layout()
    shapes, texts = Shapes(), Texts()
    for cell in sorted(counts):
        count = counts[cell]
        if count <= 0:
            continue
        colour, _opacity = heat_colour(count, rolls)
        shapes.add(hex_curve(lay, cell, 0.96), colour, colour, cell_key(cell))
        cx, cy = lay.cell_to_pixel(cell)
        texts.add((cx, cy - TEXT_LIFT * lay.size), str(count), COLOURS["ink_dark"] if count < rolls / 2
                  else "#ffffff")  # fmt: skip
    return shapes, texts


def opacities(counts: Mapping[Cell, int], rolls: int = ROLLS) -> list[float]:
    """The fill opacity of each hexagon of :func:`danger_layers`, in the same order."""
    return [heat_colour(counts[c], rolls)[1] for c in sorted(counts) if counts[c] > 0]


__all__ = ["LEGEND_STEPS", "PALETTE", "ROLLS", "danger_layers", "heat_colour", "opacities"]
