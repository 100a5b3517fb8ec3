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
from asteroyds.ui.board.view import PANEL_PADDING, extent
from asteroyds.ui.board.zoom import TAP_TARGET, space_pixels


@pytest.fixture
def phone_board() -> BoardView:
    board = BoardView(setup("racing", seed=1, players=["blue", "red"]), size="compact", fluid=True)
    board.show_zoom_buttons()
    board.follow("blue")
    return board


def inbox(board: BoardView):
    (box,) = [w for w in board.children if "asteroyds-board-width-inbox" in getattr(w, "_dom_classes", ())]
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


def test_a_board_of_fixed_size_has_no_width_inbox():
    board = BoardView(setup("racing", seed=1, players=["blue"]), size="compact", fluid=False)
    board.show_zoom_buttons()
    assert board.zooming.inbox is None
    assert not [w for w in board.children if "asteroyds-board-width-inbox" in getattr(w, "_dom_classes", ())]
    before = priority_font(board)
    board.zooming.set_screen_width(374)  # a width told anyway changes nothing a fixed board draws
    assert priority_font(board) == before


def test_every_board_is_fluid_at_most_its_size():
    """A desktop sees a board at its size; a narrower box gets it narrower, its aspect kept (issue 34)."""
    for size, width in SIZES.items():
        board = BoardView(setup("racing", seed=1, players=["blue"]), size=size)
        assert "asteroyds-board-fluid" in board.figure._dom_classes
        assert board.layout.max_width == "100%" and board.layout.width == f"{width + PANEL_PADDING}px"
        assert board.figure.layout.width == "100%"
        width_units, height_units = extent(board.state.board)
        assert board.figure.layout.padding == f"0 0 {100 * height_units / width_units:.3f}% 0"


def zoom_row(board: BoardView) -> list[str]:
    buttons = board.zooming.buttons
    return [] if buttons is None else [c for w in buttons.children for c in w._dom_classes]


def test_a_desktop_board_offers_no_zoom_and_a_phone_s_offers_zoom_and_arrows():
    """At its size a space is wider than a fingertip; at a phone's width it is not: the learner is
    offered the zoom, and arrows to move the closer view to any part of the board."""
    board = BoardView(setup("racing", seed=1, players=["blue", "red"]))
    inbox(board).value = str(SIZES["normal"])
    assert space_pixels(SIZES["normal"], extent(board.state.board)[0]) >= TAP_TARGET
    assert zoom_row(board) == []
    inbox(board).value = "340"
    assert space_pixels(340, extent(board.state.board)[0]) < TAP_TARGET
    assert zoom_row(board) == [
        "asteroyds-board-zoom-out",
        "asteroyds-board-zoom-in",
        "asteroyds-board-pan-left",
        "asteroyds-board-pan-up",
        "asteroyds-board-pan-down",
        "asteroyds-board-pan-right",
    ]
    assert board.zoom == 1 and all(b.disabled for b in board.zooming.buttons.children[2:])  # nothing to move


def window(board: BoardView) -> tuple[float, float, float, float]:
    return board._figure.window()


def test_the_arrows_reach_every_edge_of_a_zoomed_board():
    board = BoardView(setup("racing", seed=1, players=["blue", "red"]))
    inbox(board).value = "340"
    board.zoom_in()
    width_units, height_units = extent(board.state.board)
    x0, x1, y0, y1 = window(board)
    assert (x0 + x1) / 2 == pytest.approx(width_units / 2) and x1 - x0 == pytest.approx(width_units / 1.5)
    for _ in range(4):
        board.pan(-1, 0)
    assert window(board)[0] == pytest.approx(0)
    left, up, down, right = board.zooming.buttons.children[2:]
    assert left.disabled and not right.disabled
    for _ in range(4):
        right.click()
    assert window(board)[1] == pytest.approx(width_units) and right.disabled
    for _ in range(4):
        up.click()
    assert window(board)[2] == pytest.approx(0) and up.disabled and not down.disabled
    for _ in range(4):
        down.click()
    assert window(board)[3] == pytest.approx(height_units) and down.disabled
    board.zoom_out()  # the whole board again: the arrows have nothing to move
    assert window(board) == pytest.approx((0, width_units, 0, height_units))
    assert left.disabled and right.disabled and up.disabled and down.disabled


def test_a_followed_craft_keeps_its_own_buttons_without_arrows(phone_board):
    """A class room's phone asks for the zoom itself and follows the student's craft: no arrows."""
    inbox(phone_board).value = "340"
    assert zoom_row(phone_board) == ["asteroyds-board-zoom-out", "asteroyds-board-zoom-in"]
