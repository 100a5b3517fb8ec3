"""A click on a board's space in Chromium, whichever board the page shows.

A clickable picture (:class:`~asteroyds.ui.board.clickable.ClickableBoardPicture`) is clicked at the
space's centre on the picture itself, from the picture's own geometry: the click lands on the
button laid there only if the buttons match the drawing. An interactive board (bqplot) is clicked
at :func:`~asteroyds.ui.board.layers.cell_fraction` of its figure.
"""

from __future__ import annotations

from asteroyds.hexgrid import Board, Cell
from asteroyds.render.svg import picture_layout
from asteroyds.ui.board.layers import cell_fraction
from asteroyds.ui.board.picture import HEX_PIXELS

PICTURE = ".asteroyds-clickable-board svg.asteroyds-board-svg"
FIGURE = ".asteroyds-board svg.svg-figure"


def picture_fraction(cell: Cell, board: Board) -> tuple[float, float]:
    """Where a space's centre is on the picture, as fractions of its width and height (y down)."""
    lay, width, height = picture_layout(board, HEX_PIXELS)
    x, y = lay.cell_to_pixel(cell)
    return x / width, y / height


def click_cell(root, cell: Cell, board: Board) -> None:
    """Click ``cell``'s centre on the board under ``root`` (a page or a locator) with the mouse."""
    root.locator(f"{PICTURE}, {FIGURE}").first.wait_for(timeout=60_000)
    picture = root.locator(PICTURE)
    if not picture.count():
        figure = root.locator(FIGURE).first
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        fx, fy = cell_fraction(cell, board)
        figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})
        return
    target = picture.first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    fx, fy = picture_fraction(cell, board)
    page = getattr(root, "page", root)  # a locator's page, or the page itself
    # the mouse, not the picture's click(): the button over the picture takes it (as it should)
    page.mouse.click(box["x"] + fx * box["width"], box["y"] + fy * box["height"])
