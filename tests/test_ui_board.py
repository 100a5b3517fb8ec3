"""BoardView without a browser: the widget models and their mark data."""

from __future__ import annotations

import doctest
import importlib
import math
from dataclasses import replace

import numpy as np
import pytest

from asteroyds import Dice, resolve_asteroids, setup
from asteroyds.events import TileMoved
from asteroyds.hexgrid import hexagon_board
from asteroyds.pieces import DIE_COLOURS, die_direction
from asteroyds.ui import COLOURS, BoardView
from asteroyds.ui.board.view import board_layout, cell_fraction, extent, scene
from tests.helpers import craft, fixed, state, tile

DICE = Dice(3, 5, 2)


@pytest.fixture
def racing():
    return setup("racing", seed=1, players=["blue", "red"])


@pytest.fixture
def view(racing):
    return BoardView(racing)


def rows(mark) -> tuple[np.ndarray, np.ndarray]:
    """A Lines mark's x and y as 2-D arrays (bqplot squeezes a single curve to 1-D)."""
    return np.atleast_2d(mark.x), np.atleast_2d(mark.y)


def label_at(mark, point, tol=1e-6) -> list[str]:
    """The texts of a Label mark at a point."""
    return [
        t
        for t, x, y in zip(mark.text, np.atleast_1d(mark.x), np.atleast_1d(mark.y), strict=True)
        if abs(x - point[0]) < tol and abs(y - point[1]) < tol
    ]


def hit(view: BoardView, index: int) -> None:
    """Deliver the message the browser sends when hex number ``index`` is clicked."""
    view.marks["hit"]._handle_custom_msg({"event": "element_click", "data": {"index": index}}, [])


# --- the board and the pieces -------------------------------------------------------------
def test_whole_board_is_one_lines_mark_of_158_filled_hexes(view):
    board = view.marks["board"]
    x, y = rows(board)
    assert x.shape == y.shape == (158, 7)
    assert board.fill == "inside"
    assert list(board.fill_colors) == [COLOURS["hex"]] * 158
    lay = board_layout()
    first = view.state.board.cells[0]
    assert (x[0][:6].mean(), y[0][:6].mean()) == pytest.approx(lay.cell_to_pixel(first))


def test_figure_has_fixed_aspect_flipped_y_and_css_class(view, racing):
    fig = view.figure
    width, height = extent(racing.board)
    assert fig.min_aspect_ratio == fig.max_aspect_ratio == pytest.approx(width / height)
    assert view.marks["board"].scales["y"].reverse is True
    assert "asteroyds-board" in fig._dom_classes
    assert view.layout.width == "788px" and fig.layout.width == "100%"  # at most 760 px, the panel's padding
    large = BoardView(racing, size="large")
    assert large.layout.width == "1208px"
    assert large.marks["labels"].default_size > view.marks["labels"].default_size >= 14  # readable numbers
    assert fig.layout.padding == f"0 0 {100 * height / width:.3f}% 0"  # the height follows the width
    fixed = BoardView(racing, fluid=False)
    assert fixed.figure.layout.width == "760px"
    assert fixed.figure.layout.height == f"{round(760 * height / width)}px"
    with pytest.raises(ValueError, match="size"):
        BoardView(racing, size="huge")


def test_tiles_are_filled_in_their_colours_and_bicolours_have_a_second_half(racing):
    layers = scene(racing)
    tiles, halves = layers["tiles"], layers["halves"]
    fill = dict(zip(tiles.keys, tiles.fills, strict=True))
    for p in racing.pieces:
        if p.kind == "asteroid":
            assert fill[p.id] == COLOURS[p.colour.split("/")[0]], p
    second = dict(zip(halves.keys, halves.fills, strict=True))
    bicolours = [p for p in racing.pieces if p.colour and "/" in p.colour]
    assert bicolours and all(second[p.id] == COLOURS[p.colour.split("/")[1]] for p in bicolours)
    assert not any(
        p.id in second for p in racing.pieces if p.colour in ("red", "white", "blue") and p.kind == "asteroid"
    )


def test_mark_data_matches_the_scene(view, racing):
    layers = scene(racing)
    tiles = view.marks["tiles"]
    assert rows(tiles)[0].shape[0] == len(layers["tiles"].curves)
    assert list(tiles.fill_colors) == layers["tiles"].fills
    assert sorted(view.marks["labels"].text) == sorted(layers["labels"].text)


def test_priority_numbers_and_gate_symbols_are_labelled(view, racing):
    lay = board_layout()
    labels, small = view.marks["labels"], view.marks["small"]
    for p in racing.pieces:
        if p.kind == "asteroid":
            assert label_at(labels, lay.cell_to_pixel(p.cell)) == [str(p.priority)]
    gates = [p for p in racing.pieces if p.kind == "gate"]
    assert {p.symbol for p in gates} <= set(labels.text)
    assert {str(p.priority) for p in gates} <= set(small.text)


def test_orientation_dot_sits_on_the_one_edge(racing):
    """Without the numbers on the tiles, a dot marks each tile's "1" edge."""
    view = BoardView(racing, numbers=False)
    lay = board_layout()
    pips = np.column_stack([view.marks["pips"].x, view.marks["pips"].y])
    for p in racing.moving_tiles():
        centre = np.array(lay.cell_to_pixel(p.cell))
        dot = min(pips, key=lambda q: np.hypot(*(q - centre)))
        angle = math.degrees(math.atan2(dot[1] - centre[1], dot[0] - centre[0])) % 360
        assert angle == pytest.approx(60 * p.orientation, abs=1e-6), p


def test_crafts_are_darts_in_player_colours_pointing_their_facing(view, racing):
    crafts = view.marks["crafts"]
    x, y = rows(crafts)
    assert list(crafts.fill_colors) == [COLOURS["player_blue"], COLOURS["player_red"]]
    lay = board_layout()
    for i, c in enumerate(racing.crafts_in_order()):
        cx, cy = lay.cell_to_pixel(c.cell)
        tip_angle = math.degrees(math.atan2(y[i][0] - cy, x[i][0] - cx)) % 360
        assert tip_angle == pytest.approx(60 * c.facing, abs=1e-6)
    assert list(view.marks["damage"].text) == ["0", "0"]


def test_damage_label_follows_the_craft(view, racing):
    view.update(racing.update_crafts({"red": replace(racing.craft("red"), damage=4)}))
    assert list(view.marks["damage"].text) == ["0", "4"]


def test_fixed_pieces_drones_and_turrets_render():
    pieces = [
        fixed("T1", "turret", (6, 6), orientation=2, symbol="A"),
        tile("D1", "drone", "white/red", (6, 6), "E", 1, symbol="A"),
        fixed("P1", "pod", (3, 5)),
        fixed("L1", "platform", (8, 8), orientation=0, colour="green"),
        tile("G1", "gate", "red", (2, 4), "SW", 2, symbol="B"),
    ]
    s = state(pieces, [craft("green", (8, 8), "E")], mode="drones")
    layers = scene(s)
    assert {"T1", "D1", "G1"} <= set(layers["tiles"].keys)
    assert layers["platforms"].fills == [COLOURS["player_green"]]
    assert layers["pods"].keys == ["P1"]
    assert "T1" in layers["bars"].keys  # the turret's barrel
    view = BoardView(s)
    assert {"B", "1"} <= set(view.marks["labels"].text)  # the gate's symbol, the drone's priority
    assert "A" in view.marks["small"].text and "A" not in view.marks["labels"].text  # the drone shows it


# --- overlays ------------------------------------------------------------------------------
def test_intended_moves_follow_die_direction(view, racing):
    view.show_intended_moves(DICE)
    expected = {
        (p.id, colour, die_direction(p.orientation, DICE.value(colour)))
        for p in racing.moving_tiles()
        for colour in DIE_COLOURS
        if p.moved_by(colour)
    }
    assert {(a.piece, a.die, a.direction) for a in view.intended_moves} == expected
    assert all(a.steps == (2 if a.die == "red" else 1) for a in view.intended_moves)
    x, y = rows(view.marks["arrows"])
    assert x.shape[0] == len(expected) == rows(view.marks["shadow"])[0].shape[0]
    for i, a in enumerate(view.intended_moves):  # the shaft points the arrow's way
        angle = math.degrees(math.atan2(y[i][1] - y[i][0], x[i][1] - x[i][0])) % 360
        assert angle == pytest.approx(60 * a.direction, abs=1e-6), a
    colours = {"red": COLOURS["red"], "white": COLOURS["white"], "blue": COLOURS["blue"]}
    assert list(view.marks["arrows"].colors) == [colours[a.die] for a in view.intended_moves]


def test_dice_change_redraws_arrows_and_none_hides_them(view):
    view.show_intended_moves(DICE)
    before = rows(view.marks["arrows"])[0].copy()
    view.show_intended_moves((6, 6, 6))
    assert not np.allclose(before, rows(view.marks["arrows"])[0])
    view.show_intended_moves(None)
    assert view.intended_moves == () and view.marks["arrows"].visible is False


def test_highlight_path_and_collisions(view):
    view.highlight([(5, 7), (6, 8)])
    assert view.marks["highlight"].visible and rows(view.marks["highlight"])[0].shape[0] == 2
    view.show_path([(5, 7), (5, 6), (5, 5)], collisions=[(5, 5)], colour="blue")
    lay = board_layout()
    assert np.allclose(view.marks["path"].x, [lay.cell_to_pixel(c)[0] for c in view.path])
    assert view.marks["path"].line_style == "dashed"
    assert view.marks["path"].colors == [COLOURS["player_blue"]]
    assert rows(view.marks["collisions"])[0].shape[0] == 2  # one X = two strokes
    view.show_path([(5, 7)])  # a single cell still draws
    assert view.marks["path"].visible
    view.clear_overlays()
    for name in ("highlight", "path", "collisions", "arrows", "shadow"):
        assert view.marks[name].visible is False, name


# --- update in place -------------------------------------------------------------------------
def test_update_after_resolve_moves_the_tile_label_in_place(view, racing):
    view.show_intended_moves(DICE)
    marks_before = list(view.figure.marks)
    after, events = resolve_asteroids(racing, DICE)
    moved = next(
        e
        for e in events
        if isinstance(e, TileMoved) and e.steps and racing.piece(e.piece).colour in DIE_COLOURS
    )
    lay = board_layout()
    start, end = racing.piece(moved.piece).cell, after.piece(moved.piece).cell
    assert label_at(view.marks["labels"], lay.cell_to_pixel(start)) == [str(moved.priority)]
    view.update(after)
    assert view.state is after
    assert label_at(view.marks["labels"], lay.cell_to_pixel(end)) == [str(moved.priority)]
    assert str(moved.priority) not in label_at(view.marks["labels"], lay.cell_to_pixel(start))
    assert list(view.figure.marks) == marks_before  # the same marks, new data
    assert {a.piece for a in view.intended_moves} == {p.id for p in after.moving_tiles()}
    assert f"{moved.piece}@{end[0]},{end[1]}" in view.summary().split()


def test_update_to_another_board_shape_rescales(view):
    small = hexagon_board(3)
    view.update(state([tile("R1", "asteroid", "red", (3, 5), "E", 1)], board=small))
    assert rows(view.marks["board"])[0].shape[0] == len(small) == len(view.marks["hit"].x)
    width, height = extent(small)
    assert view.marks["board"].scales["x"].max == pytest.approx(width)
    assert view.figure.min_aspect_ratio == pytest.approx(width / height)


# --- clicks and the page summary ------------------------------------------------------------
def test_hex_click_calls_back_with_the_cell(view, racing):
    got = []
    view.on_hex_click(got.append)
    index = racing.board.cells.index((5, 7))
    hit(view, index)
    view.click((6, 8))
    assert got == [(5, 7), (6, 8)]
    view.on_hex_click(got.append, remove=True)
    hit(view, 0)
    assert got == [(5, 7), (6, 8)]
    hit_x, hit_y = view.marks["hit"].x, view.marks["hit"].y
    assert len(hit_x) == 158 and (hit_x[index], hit_y[index]) == board_layout().cell_to_pixel((5, 7))


def test_click_errors_are_shown_in_the_widget_not_raised(view):
    def broken(cell):
        raise RuntimeError("boom")

    view.on_hex_click(broken)
    view.click((5, 7))
    assert "boom" in view._error.value
    with pytest.raises(ValueError, match="off the board"):
        view.click((0, 0))


def test_page_carries_the_state_for_browser_tests(view):
    html = view._state_html.value
    assert "asteroyds-board-state" in view._state_html._dom_classes
    assert 'data-pieces="GA@1,3 ' in html and "blue@5,7:W:0" in html
    view.show_intended_moves(DICE)
    assert 'data-dice="3,5,2"' in view._state_html.value
    assert "W3:white:NW:1" in view._state_html.value


def test_describe_cell_and_caption(view):
    assert view.describe_cell((5, 7)) == "(5, 7): platform L1, the blue craft (damage 0)"
    assert view.describe_cell((0, 5)) == "(0, 5): empty space"
    view.set_caption("<hello>")
    assert view._caption.value == "&lt;hello&gt;"
    view.set_caption("")
    assert "Racing" in view._caption.value


def test_cell_fraction_is_inside_the_figure(racing):
    for cell in racing.board.cells:
        fx, fy = cell_fraction(cell, racing.board)
        assert 0 < fx < 1 and 0 < fy < 1


@pytest.mark.parametrize(
    "module",
    [
        "board.view",
        "board.scene",
        "board.layers",
        "board.overlays",
        "board.numbers",
        "player.dice",
        "chart.stopwatch",
        "theme",
    ],
)
def test_docstring_examples(module):
    """The ``>>>`` examples of the widget modules (tests/test_doctests.py leaves ``ui`` out)."""
    mod = importlib.import_module(f"asteroyds.ui.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


# --- capture mode (docs/rules.md#11-capture-the-asteroyd) ---------------------------------------------------


@pytest.fixture
def capture_state():
    from asteroyds.modes.capture import setup as capture_setup

    s = capture_setup(teams=3, crafts_per_team=2)
    s = s.update_crafts({"red1": replace(s.craft("red1"), cell=(5, 9), facing=2)})
    return s.update_pieces({"AW": s.piece("AW")._replace(cell=(5, 9), carrier="red1")})


def test_capture_crafts_platforms_and_asteroyds_take_team_colours(capture_state):
    from asteroyds.ui.board.view import TEAM_COLOURS, craft_colour

    layers = scene(capture_state)
    crafts = dict(zip(layers["crafts"].keys, layers["crafts"].fills, strict=True))
    assert crafts["red1"] == TEAM_COLOURS["red"] == craft_colour(capture_state.craft("red2"))
    assert crafts["white1"] == TEAM_COLOURS["white"] and crafts["blue2"] == TEAM_COLOURS["blue"]
    platforms = dict(zip(layers["platforms"].keys, layers["platforms"].fills, strict=True))
    assert platforms["LW"] == TEAM_COLOURS["white"]
    rims = set(layers["team_rims"].strokes)
    assert {TEAM_COLOURS["red"], TEAM_COLOURS["white"], TEAM_COLOURS["blue"]} <= rims
    rocks = dict(zip(layers["asteroyds"].keys, layers["asteroyds"].fills, strict=True))
    assert rocks == {"AR": TEAM_COLOURS["red"], "AB": TEAM_COLOURS["blue"]}
    assert set(layers["carried"].keys) == {"AW"}  # drawn on its carrier, above the crafts
    assert "home:AW" in layers["asteroyd_rings"].keys


def test_show_disabled_crosses_out_and_publishes(capture_state):
    view = BoardView(capture_state)
    turret = next(p for p in capture_state.pieces if p.kind == "turret")
    assert not view.marks["disabled"].visible
    view.show_disabled([turret.cell])
    assert view.disabled == (turret.cell,) and view.marks["disabled"].visible
    html_value = view.children[-1].value
    assert 'data-disabled="{},{}"'.format(*turret.cell) in html_value
    assert 'data-carried="AW:red1"' in html_value and "data-scores=" in html_value
    view.clear_overlays()
    assert view.disabled == () and not view.marks["disabled"].visible
