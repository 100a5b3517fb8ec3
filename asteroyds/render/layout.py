"""Hex ↔ pixel maths for pointy-top odd-r boards (Red Blob Games' ``Layout``).

Pixel y points down, as on screen and in SVG; the bqplot view flips it.

>>> lay = Layout(size=10)
>>> lay.pixel_to_cell(*lay.cell_to_pixel((6, 8)))
(6, 8)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..hexgrid import Cell, axial_to_offset, offset_to_axial

SQRT3 = math.sqrt(3.0)


@dataclass(frozen=True)
class Layout:
    """``size`` is the hex radius (centre to corner) in pixels; ``origin`` shifts the board."""

    size: float = 20.0
    origin: tuple[float, float] = (0.0, 0.0)

    @property
    def width(self) -> float:
        """Horizontal distance between neighbouring hex centres."""
        return SQRT3 * self.size

    def cell_to_pixel(self, cell: Cell) -> tuple[float, float]:
        """Centre of a cell; (0, 0) has its centre at ``origin + (width/2, size)``."""
        row, col = cell
        x = self.width * (col + 0.5 * (row & 1)) + self.width / 2
        y = 1.5 * self.size * row + self.size
        return (x + self.origin[0], y + self.origin[1])

    def pixel_to_cell(self, x: float, y: float) -> Cell:
        """The cell under a pixel (exact hex rounding, any point of the plane)."""
        px = (x - self.origin[0] - self.width / 2) / self.size
        py = (y - self.origin[1] - self.size) / self.size
        q = SQRT3 / 3 * px - py / 3
        r = 2 / 3 * py
        return axial_to_offset(_axial_round(q, r))

    def corners(self, cell: Cell) -> list[tuple[float, float]]:
        """The six corners, clockwise from the top (pointy-top)."""
        cx, cy = self.cell_to_pixel(cell)
        return [
            (
                cx + self.size * math.cos(math.radians(60 * i - 90)),
                cy + self.size * math.sin(math.radians(60 * i - 90)),
            )
            for i in range(6)
        ]

    def edge_midpoint(self, cell: Cell, direction: int, inset: float = 1.0) -> tuple[float, float]:
        """The middle of the edge facing ``direction`` (scaled by ``inset`` towards the centre)."""
        cx, cy = self.cell_to_pixel(cell)
        angle = math.radians(60 * direction)
        reach = self.width / 2 * inset
        return (cx + reach * math.cos(angle), cy + reach * math.sin(angle))

    def board_size(self, rows: int, cols: int) -> tuple[float, float]:
        """Pixel width and height of a rows × cols offset grid."""
        return (self.width * (cols + 0.5), self.size * (1.5 * rows + 0.5))


def _axial_round(q: float, r: float) -> tuple[int, int]:
    x, z = q, r
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return (rx, rz)


def direction_angle(direction: int) -> float:
    """Screen angle in degrees (y down, clockwise from East) of a direction."""
    return 60.0 * direction


__all__ = ["Layout", "direction_angle", "offset_to_axial"]
