"""The clickable board picture (issue 34): one button per space over the engine's picture, each
placed on its hex as the picture draws it; a button pressed is a click on its space, heard again
when pressed again; a space off the board is refused."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from asteroyds import setup
from asteroyds.ui.board.clickable import ClickableBoardPicture

SVG = re.compile(r"<svg .*?</svg>", re.DOTALL)
NS = {"svg": "http://www.w3.org/2000/svg"}
SIZE_RULE = re.compile(r"\.widget-toggle-button \{ width: ([0-9.]+)%; height: ([0-9.]+)%; \}")
PLACE_RULE = re.compile(r'\[value="(\d+)"\] \{ left: ([0-9.]+)%; top: ([0-9.]+)%; \}')


@pytest.fixture
def state():
    return setup("racing", seed=1, players=["blue"])


def pressed(board: ClickableBoardPicture, cell) -> None:
    """What the browser does when the learner presses a space's button: it sets the widget's index."""
    board.cell_buttons.index = board.state.board.cells.index(cell)


def test_a_pressed_button_is_a_click_on_its_space_and_heard_again(state):
    board = ClickableBoardPicture(state)
    heard = []
    board.on_hex_click(heard.append)
    first, last = state.board.cells[0], state.board.cells[-1]
    pressed(board, last)
    assert heard == [last]
    assert board.cell_buttons.index is None  # cleared at once: no button stays selected
    pressed(board, last)  # the same space again: heard again
    pressed(board, first)
    assert heard == [last, last, first]
    board.on_hex_click(heard.append, remove=True)
    pressed(board, first)
    assert heard == [last, last, first]


def test_a_space_off_the_board_is_refused_with_a_message(state):
    board = ClickableBoardPicture(state)
    heard = []
    board.on_hex_click(heard.append)
    with pytest.raises(ValueError, match=r"cell \(40, 40\) is off the board"):
        board.click((40, 40))
    assert heard == []


def test_an_action_that_fails_says_so_under_the_board(state):
    board = ClickableBoardPicture(state)

    def refuse(cell):
        raise ValueError(f"not now: {cell}")

    board.on_hex_click(refuse)
    pressed(board, (3, 4))
    assert "Not now: (3, 4)" in board._error.value
    board.on_hex_click(refuse, remove=True)
    board.click((3, 5))
    assert board._error.value == ""


def test_each_button_is_named_after_its_space(state):
    board = ClickableBoardPicture(state)
    assert len(board.buttons) == len(state.board.cells)
    assert board.buttons[0] == (
        f"Space {state.board.cells[0][0]},{state.board.cells[0][1]}",
        state.board.cells[0],
    )
    assert len({name for name, _cell in board.buttons}) == len(state.board.cells)


def centres(board: ClickableBoardPicture) -> dict[int, tuple[float, float]]:
    """Each button's centre, in percent of the picture's box, read from the page's style sheet."""
    sheet = board._cells_sheet.value
    width, height = map(float, SIZE_RULE.search(sheet).groups())
    return {
        int(index): (float(left) + width / 2, float(top) + height / 2)
        for index, left, top in PLACE_RULE.findall(sheet)
    }


def drawn_centre(board: ClickableBoardPicture, cell) -> tuple[float, float]:
    """The centre of the yellow outline the picture draws around ``cell``, in percent of the picture."""
    svg = ET.fromstring(SVG.search(board.html).group(0))
    _x, _y, width, height = map(float, svg.get("viewBox").split())
    outline = svg.find(f".//svg:g[@class='highlight']/svg:polygon[@data-cell='{cell[0]},{cell[1]}']", NS)
    assert outline is not None
    points = [tuple(map(float, p.split(","))) for p in outline.get("points").split()]
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    return 100 * x / width, 100 * y / height


@pytest.mark.parametrize("cell", [(0, 3), (5, 8), (12, 11)])
def test_the_buttons_sit_on_the_hexes_the_picture_draws(state, cell):
    board = ClickableBoardPicture(state)
    assert cell in state.board
    board.highlight([cell])
    at = centres(board)[state.board.cells.index(cell)]
    drawn = drawn_centre(board, cell)
    assert at == pytest.approx(drawn, abs=0.01)


def test_a_watched_board_has_no_buttons_to_press(state):
    board = ClickableBoardPicture(state)
    assert board.clickable
    board.clickable = False
    assert (board.cell_buttons.layout.display, board.cell_buttons.disabled) == ("none", True)
    assert not board.clickable
    board.clickable = True
    assert board.clickable and not board.cell_buttons.disabled


def test_the_practice_page_answers_on_the_picture_and_watches_it_at_level_5():
    from asteroyds.drills import generate
    from asteroyds.ui.practice.view import PracticePage

    page = PracticePage(generate, level=1)
    assert isinstance(page.board, ClickableBoardPicture) and page.board.clickable
    drill = page.session.drill
    right = tuple(drill.cells[page.session.asking])
    wrong = next(c for c in page.board.state.board.cells if c != right)
    pressed(page.board, wrong)  # the learner presses the wrong space's button
    assert page.board.wrong == (wrong,)
    assert 'data-correct="false"' in page._verdict.value
    page.new_drill(5)
    assert page.chart is not None and not page.board.clickable  # the plan is made on the chart
    page.new_drill(2)
    assert page.board.clickable
