"""Hex geometry (docs/rules.md#1-geometry): neighbours, offset <-> axial, distance, rotation, boards."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asteroyds import hexgrid
from asteroyds.hexgrid import (
    DIRECTION_NAMES,
    NE,
    NW,
    SE,
    STANDARD_BOARD,
    SW,
    Board,
    E,
    W,
    axial_to_offset,
    direction_name,
    distance,
    hexagon_board,
    hexagon_centre,
    neighbour,
    offset_to_axial,
    opposite,
    parse_direction,
    rotate_axial,
    rotate_cell,
    turn,
)
from asteroyds.setups import board_facts

# reference/boards.json, "neighbours_odd_r", transcribed: (d_row, d_col) per direction.
EVEN_ROW = {"E": (0, 1), "W": (0, -1), "NE": (-1, 0), "NW": (-1, -1), "SE": (1, 0), "SW": (1, -1)}
ODD_ROW = {"E": (0, 1), "W": (0, -1), "NE": (-1, 1), "NW": (-1, 0), "SE": (1, 1), "SW": (1, 0)}

# reference/boards.json, "mask", transcribed.
MASK = (
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

cells = st.tuples(st.integers(-40, 40), st.integers(-40, 40))
directions = st.integers(0, 5)


def table_neighbour(cell, name):
    r, c = cell
    dr, dc = (ODD_ROW if r % 2 else EVEN_ROW)[name]
    return (r + dr, c + dc)


def test_direction_numbers_and_names():
    assert (E, SE, SW, W, NW, NE) == (0, 1, 2, 3, 4, 5)
    assert DIRECTION_NAMES == ("E", "SE", "SW", "W", "NW", "NE")
    assert [direction_name(d) for d in range(-1, 7)] == ["NE", "E", "SE", "SW", "W", "NW", "NE", "E"]
    assert [parse_direction(n) for n in ("e", " se ", "Sw", "W", "nW", "NE")] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("bad", ["N", "", "east", "EE", None, 3])
def test_parse_direction_rejects_and_names_the_input(bad):
    with pytest.raises(ValueError, match="unknown direction"):
        parse_direction(bad)
    with pytest.raises(ValueError, match=repr(bad).replace("(", r"\(").replace(")", r"\)")):
        parse_direction(bad)


def test_turn_and_opposite():
    assert turn(E, 1) == SE and turn(E, -1) == NE and turn(NW, 2) == E and turn(SW, 9) == NE
    assert [opposite(d) for d in range(6)] == [W, NW, NE, E, SE, SW]


def test_package_board_facts_have_the_reference_neighbour_table():
    table = board_facts()["neighbours_odd_r"]
    assert table["E"] == "(r, c+1)" and table["W"] == "(r, c-1)"
    assert table["even r"] == {"NE": "(r-1, c)", "NW": "(r-1, c-1)", "SE": "(r+1, c)", "SW": "(r+1, c-1)"}
    assert table["odd r"] == {"NE": "(r-1, c+1)", "NW": "(r-1, c)", "SE": "(r+1, c+1)", "SW": "(r+1, c)"}


@pytest.mark.parametrize("row", range(-3, 16))
def test_neighbours_match_the_boards_json_table_on_even_and_odd_rows(row):
    for col in range(-3, 19):
        for d, name in enumerate(DIRECTION_NAMES):
            assert neighbour((row, col), d) == table_neighbour((row, col), name), ((row, col), name)


def test_neighbour_hand_examples():
    # even row 6
    assert [neighbour((6, 8), d) for d in range(6)] == [(6, 9), (7, 8), (7, 7), (6, 7), (5, 7), (5, 8)]
    # odd row 5
    assert [neighbour((5, 8), d) for d in range(6)] == [(5, 9), (6, 9), (6, 8), (5, 7), (4, 8), (4, 9)]


@given(cells, directions)
def test_stepping_back_returns(cell, d):
    assert neighbour(neighbour(cell, d), opposite(d)) == cell


def test_offset_axial_hand_examples():
    assert offset_to_axial((0, 0)) == (0, 0)
    assert offset_to_axial((1, 0)) == (0, 1)
    assert offset_to_axial((2, 0)) == (-1, 2)
    assert offset_to_axial((3, 5)) == (4, 3)
    assert offset_to_axial((-1, 0)) == (1, -1)
    assert axial_to_offset((4, 3)) == (3, 5)


@given(cells)
def test_offset_axial_round_trip(cell):
    assert axial_to_offset(offset_to_axial(cell)) == cell


@given(st.tuples(st.integers(-40, 40), st.integers(-40, 40)))
def test_axial_offset_round_trip(axial):
    assert offset_to_axial(axial_to_offset(axial)) == axial


def test_distance_hand_examples():
    assert distance((6, 8), (6, 8)) == 0
    assert distance((6, 4), (4, 5)) == 2  # NE, NE
    assert distance((6, 0), (6, 15)) == 15
    assert distance((0, 3), (12, 3)) == 12  # 12 rows down, alternating SE / SW
    assert distance((0, 3), (12, 12)) == 12 + 3  # 6 columns of drift for free, then 3 more
    assert distance((5, 8), (7, 8)) == 2


def test_distance_is_the_breadth_first_step_count_on_the_plane():
    start = (6, 8)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        if seen[cell] == 9:
            continue
        for d in range(6):
            n = neighbour(cell, d)
            if n not in seen:
                seen[n] = seen[cell] + 1
                queue.append(n)
    assert len(seen) == 3 * 9 * 10 + 1
    for cell, steps in seen.items():
        assert distance(start, cell) == steps, cell


@given(cells, cells, cells)
def test_distance_is_a_metric(a, b, c):
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(cells, directions, st.integers(0, 12))
def test_straight_line_distance(cell, d, k):
    end = cell
    for _ in range(k):
        end = neighbour(end, d)
    assert distance(cell, end) == k


def test_rotation_hand_examples():
    centre = (6, 8)
    assert rotate_cell((6, 9), 1, centre) == (7, 8)  # E neighbour -> SE neighbour
    assert rotate_cell((6, 10), 1, centre) == (8, 9)  # two steps E -> two steps SE
    assert rotate_cell((6, 10), 3, centre) == (6, 6)
    assert rotate_cell((6, 9), -1, centre) == (5, 8)  # anticlockwise: E -> NE
    assert rotate_cell(centre, 4, centre) == centre
    assert rotate_axial((1, 0), 1) == (0, 1)  # axial E -> SE


@given(cells, cells, directions, st.integers(-12, 12))
def test_rotation_commutes_with_neighbour_and_keeps_distance(cell, centre, d, k):
    rotated = rotate_cell(cell, k, centre)
    assert rotate_cell(neighbour(cell, d), k, centre) == neighbour(rotated, (d + k) % 6)
    assert distance(rotated, centre) == distance(cell, centre)
    assert rotate_cell(rotated, -k, centre) == cell
    assert rotate_cell(cell, 6, centre) == cell


def test_standard_board_is_the_reference_mask():
    assert STANDARD_BOARD.mask == MASK
    assert len(STANDARD_BOARD) == 158 == sum(row.count("#") for row in MASK)
    assert (STANDARD_BOARD.rows, STANDARD_BOARD.cols) == (13, 16)
    for r, row in enumerate(MASK):
        for c, ch in enumerate(row):
            assert ((r, c) in STANDARD_BOARD) == (ch == "#") == STANDARD_BOARD.is_on_board((r, c))
    assert (-1, 5) not in STANDARD_BOARD and (6, 16) not in STANDARD_BOARD
    assert list(STANDARD_BOARD)[:4] == [(0, 3), (0, 4), (0, 5), (0, 6)]
    assert all(STANDARD_BOARD.index(cell) == i for i, cell in enumerate(STANDARD_BOARD))


def test_board_step_follows_the_table_and_stops_at_the_border():
    for cell in STANDARD_BOARD:
        for d, name in enumerate(DIRECTION_NAMES):
            n = table_neighbour(cell, name)
            r, c = n
            playable = 0 <= r < 13 and 0 <= c < 16 and MASK[r][c] == "#"
            assert STANDARD_BOARD.step(cell, d) == (n if playable else None), (cell, name)
    assert STANDARD_BOARD.step((6, 0), W) is None
    assert STANDARD_BOARD.step((4, 1), W) is None  # (4, 0) is rock
    assert STANDARD_BOARD.step((5, 14), E) is None  # (5, 15) is rock
    assert STANDARD_BOARD.step((0, 6), E) is None  # the gap in the top row


def test_board_value_semantics():
    copy = Board(MASK)
    assert copy == STANDARD_BOARD and hash(copy) == hash(STANDARD_BOARD)
    assert repr(STANDARD_BOARD) == "STANDARD_BOARD"
    small = Board.from_cells([(0, 1), (1, 0), (1, 1)])
    assert small.mask == (".#", "##") and len(small) == 3 and small != STANDARD_BOARD
    assert eval(repr(small), {"Board": Board}) == small
    with pytest.raises(ValueError, match="non-negative"):
        Board.from_cells([(-1, 0)])


@pytest.mark.parametrize("radius", range(0, 7))
def test_hexagon_board_is_a_rotation_symmetric_hexagon(radius):
    board = hexagon_board(radius)
    centre = hexagon_centre(radius)
    assert len(board) == 3 * radius * (radius + 1) + 1
    assert centre in board
    assert all(distance(cell, centre) <= radius for cell in board)
    for k in range(1, 6):
        assert sorted(rotate_cell(cell, k, centre) for cell in board) == sorted(board)


@settings(max_examples=50)
@given(st.integers(1, 6), st.data())
def test_hexagon_board_steps_commute_with_rotation(radius, data):
    board = hexagon_board(radius)
    centre = hexagon_centre(radius)
    cell = data.draw(st.sampled_from(board.cells))
    d = data.draw(directions)
    k = data.draw(st.integers(1, 5))
    n = board.step(cell, d)
    rn = board.step(rotate_cell(cell, k, centre), (d + k) % 6)
    assert rn == (None if n is None else rotate_cell(n, k, centre))


def test_named_direction_constants_step_the_right_way():
    # odd row 3: NE is (r-1, c+1), SW is (r+1, c), NW is (r-1, c)
    assert hexgrid.neighbour((3, 3), NE) == (2, 4)
    assert hexgrid.neighbour((3, 3), SW) == (4, 3)
    assert hexgrid.neighbour((3, 3), NW) == (2, 3)
