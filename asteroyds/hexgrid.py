"""Integer hex geometry for the Asteroyds board (pointy-top, odd-r offset).

Users see ``(row, col)`` offset cells; the maths (rotations, distances) uses
axial ``(q, r)`` coordinates as in Red Blob Games' "Hexagonal Grids". Moving
pieces around only needs a neighbour table, which :class:`Board` precomputes
so the rules never do coordinate arithmetic in their inner loops.

>>> neighbour((6, 8), NE), neighbour((5, 8), NE)  # even row 6, odd row 5
((5, 8), (4, 9))
>>> STANDARD_BOARD.is_on_board((0, 0)), STANDARD_BOARD.is_on_board((0, 3))
(False, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from .i18n import _

Cell = tuple[int, int]  # (row, col), odd-r offset
Axial = tuple[int, int]  # (q, r)
Direction = int  # 0..5, clockwise from East

E, SE, SW, W, NW, NE = range(6)
DIRECTION_NAMES: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
DIRECTIONS: dict[str, Direction] = {name: i for i, name in enumerate(DIRECTION_NAMES)}

# Axial direction vectors, clockwise with screen y pointing down.
AXIAL_STEPS: tuple[Axial, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

STANDARD_MASK: tuple[str, ...] = (
    "...####..####...",
    "..###########...",
    "..############..",
    "..###########...",
    ".##############.",
    "###############.",
    "################",
    "###############.",
    ".##############.",
    "..###########...",
    "..############..",
    "..###########...",
    "...####..####...",
)


def direction_name(direction: Direction) -> str:
    """The compass name users read: ``E SE SW W NW NE``."""
    return DIRECTION_NAMES[direction % 6]


def parse_direction(text: str) -> Direction:
    """Parse a compass name (case-insensitive); raises ``ValueError`` naming it."""
    try:
        return DIRECTIONS[text.strip().upper()]
    except (KeyError, AttributeError):
        raise ValueError(
            _("unknown direction {text!r} (expected one of E SE SW W NW NE)", text=text)
        ) from None


def turn(direction: Direction, notches: int) -> Direction:
    """Pivot clockwise by ``notches`` (negative = anticlockwise)."""
    return (direction + notches) % 6


def opposite(direction: Direction) -> Direction:
    return (direction + 3) % 6


def offset_to_axial(cell: Cell) -> Axial:
    row, col = cell
    return (col - (row - (row & 1)) // 2, row)


def axial_to_offset(axial: Axial) -> Cell:
    q, r = axial
    return (r, q + (r - (r & 1)) // 2)


def neighbour(cell: Cell, direction: Direction) -> Cell:
    """The adjacent cell in ``direction``, on or off any board."""
    dq, dr = AXIAL_STEPS[direction]
    q, r = offset_to_axial(cell)
    return axial_to_offset((q + dq, r + dr))


def distance(a: Cell, b: Cell) -> int:
    """Number of steps between two cells on an unobstructed plane."""
    aq, ar = offset_to_axial(a)
    bq, br = offset_to_axial(b)
    dq, dr = aq - bq, ar - br
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate_axial(axial: Axial, notches: int, centre: Axial = (0, 0)) -> Axial:
    """Rotate clockwise by 60° × ``notches`` around ``centre`` (cube maths)."""
    q, r = axial[0] - centre[0], axial[1] - centre[1]
    x, z = q, r
    y = -x - z
    for _attempt in range(notches % 6):
        x, y, z = -z, -x, -y
    return (x + centre[0], z + centre[1])


class Board:
    """The playable hexes and their neighbour table.

    The board is a value: two boards with the same mask are equal. The
    standard 158-hex board is :data:`STANDARD_BOARD`; tests may build others
    (a hexagon-shaped board is symmetric under rotation).
    """

    __slots__ = ("mask", "cells", "_cell_set", "_step", "_index")

    def __init__(self, mask: Sequence[str]) -> None:
        self.mask: tuple[str, ...] = tuple(mask)
        self.cells: tuple[Cell, ...] = tuple(
            (r, c) for r, row in enumerate(self.mask) for c, ch in enumerate(row) if ch == "#"
        )
        self._cell_set = frozenset(self.cells)
        self._index = {cell: i for i, cell in enumerate(self.cells)}
        # _step[cell] is a 6-tuple: the neighbour in each direction, or None at the border.
        self._step: dict[Cell, tuple[Cell | None, ...]] = {
            cell: tuple(n if (n := neighbour(cell, d)) in self._cell_set else None for d in range(6))
            for cell in self.cells
        }

    @classmethod
    def from_cells(cls, cells: Iterable[Cell]) -> Board:
        cells = list(cells)
        if any(r < 0 or c < 0 for r, c in cells):
            raise ValueError(_("board cells must have non-negative rows and columns"))
        rows = max(r for r, _ in cells) + 1
        cols = max(c for _, c in cells) + 1
        grid = [["."] * cols for _ in range(rows)]
        for r, c in cells:
            grid[r][c] = "#"
        return cls(["".join(row) for row in grid])

    @property
    def rows(self) -> int:
        return len(self.mask)

    @property
    def cols(self) -> int:
        return max((len(row) for row in self.mask), default=0)

    def is_on_board(self, cell: Cell) -> bool:
        return cell in self._cell_set

    def step(self, cell: Cell, direction: Direction) -> Cell | None:
        """The neighbour of a playable cell, or ``None`` across the border."""
        return self._step[cell][direction]

    def index(self, cell: Cell) -> int:
        return self._index[cell]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self.cells)

    def __len__(self) -> int:
        return len(self.cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._cell_set

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self.mask == other.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __repr__(self) -> str:
        if self.mask == STANDARD_MASK:
            return "STANDARD_BOARD"
        return f"Board({list(self.mask)!r})"


def hexagon_board(radius: int) -> Board:
    """A hexagon-shaped board centred on ``hexagon_centre(radius)``.

    Every 60° rotation about its centre maps it onto itself, which the
    property tests use to check that resolution commutes with rotation.
    """
    cq, cr = offset_to_axial(hexagon_centre(radius))
    cells = [
        axial_to_offset((cq + dq, cr + dr))
        for dq in range(-radius, radius + 1)
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1)
    ]
    return Board.from_cells(cells)


def hexagon_centre(radius: int) -> Cell:
    return (radius, radius + 2)


def rotate_cell(cell: Cell, notches: int, centre: Cell) -> Cell:
    """Rotate an offset cell clockwise by 60° × ``notches`` around ``centre``."""
    return axial_to_offset(rotate_axial(offset_to_axial(cell), notches, offset_to_axial(centre)))


STANDARD_BOARD = Board(STANDARD_MASK)
