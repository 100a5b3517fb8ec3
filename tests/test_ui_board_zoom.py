"""A phone's board: zoomed on the student's craft, its text sized to the hexes the student sees.

A fluid board is as wide as its box, which only the browser knows; the page tells the kernel
that width (the zoom row's hidden inbox, template part 8). Until it does, the board draws its
text for a desktop's width; after, text, dots and strokes follow the hexes on screen.
"""

from __future__ import annotations

import pytest

from asteroyds import setup
from asteroyds.ui import BoardView
from asteroyds.ui.board.figure import SIZES
from asteroyds.ui.board.layers import FONTS, HEX_SIZE
from asteroyds.ui.board.view import extent


@pytest.fixture
def phone_board() -> BoardView:
    board = BoardView(setup("racing", seed=1, players=["blue", "red"]), size="compact", fluid=True)
    board.show_zoom_buttons()
    board.follow("blue")
    return board


def inbox(board: BoardView):
    (box,) = [w for w in board.zooming.buttons.children if "asteroyds-board-width-inbox" in w._dom_classes]
    return box


def priority_font(board: BoardView) -> int:
    return board._figure.marks["labels"].default_size


def expected_font(board: BoardView, width: float) -> int:
    width_units, _ = extent(board.state.board)
    return round(FONTS["labels"] * width / width_units * HEX_SIZE * board.zoom)


def test_until_the_page_tells_its_width_the_board_draws_for_its_nominal_width(phone_board):
    assert priority_font(phone_board) == expected_font(phone_board, SIZES["compact"])


def test_the_reported_width_sizes_the_text_to_the_hexes(phone_board):
    inbox(phone_board).value = "374"
    assert priority_font(phone_board) == expected_font(phone_board, 374)
    assert priority_font(phone_board) < expected_font(phone_board, SIZES["compact"])
    phone_board.zoom_in()  # closer: the text grows with the hexes
    assert priority_font(phone_board) == expected_font(phone_board, 374)
    inbox(phone_board).value = "744"  # turned to landscape
    assert priority_font(phone_board) == expected_font(phone_board, 744)


@pytest.mark.parametrize("bad", ["", "wide", "-3", "40", "100000", "3.5"])
def test_a_width_that_is_not_a_screen_s_is_ignored(phone_board, bad):
    inbox(phone_board).value = "374"
    inbox(phone_board).value = bad
    assert priority_font(phone_board) == expected_font(phone_board, 374)


def test_a_board_of_fixed_size_ignores_a_reported_width():
    board = BoardView(setup("racing", seed=1, players=["blue"]), size="compact")
    board.show_zoom_buttons()
    before = priority_font(board)
    inbox(board).value = "374"
    assert priority_font(board) == before
