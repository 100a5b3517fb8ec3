"""The board's reading aids (issue 26): die numbers on tile edges, coordinates, captions without cells."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from asteroyds import i18n, setup
from asteroyds.event_text import without_cells
from asteroyds.pieces import DIE_COLOURS, die_direction, pip_on_edge
from asteroyds.render import state_svg
from asteroyds.ui import BoardView
from asteroyds.ui.board.layers import board_layout
from asteroyds.ui.board.numbers import BOARD_INK, EDGE_INK, edge_ink, piece_numbers
from asteroyds.ui.board.scene import scene
from tests.test_i18n_samples import sample_events

CELL = re.compile(r"\(\d+, \d+\)")


@pytest.fixture
def racing():
    return setup("racing", seed=1, players=["blue", "red"])


def _texts(mark) -> list[tuple[float, float, str]]:
    return list(zip(np.atleast_1d(mark.x), np.atleast_1d(mark.y), mark.text, strict=True))


# --- the die numbers on the tiles --------------------------------------------------------
def test_every_moving_tile_shows_the_pip_of_each_edge_near_that_edge(racing):
    """Six numbers per moving tile, each the pip printed on the edge it sits by (pip_on_edge)."""
    lay = board_layout()
    layer = scene(racing)["edge_numbers"]
    assert len(layer.text) == 6 * len(racing.moving_tiles())
    by_point = {(round(x, 6), round(y, 6)): t for (x, y), t in zip(layer.points, layer.text, strict=True)}
    for piece in racing.moving_tiles():
        centre = lay.cell_to_pixel(piece.cell)
        around = {(x, y): t for (x, y), t in by_point.items() if math.dist((x, y), centre) < 0.8 * lay.size}
        assert sorted(around.values()) == ["1", "2", "3", "4", "5", "6"], piece
        for (x, y), text in around.items():
            direction = round(math.degrees(math.atan2(y - centre[1], x - centre[0])) / 60) % 6
            assert text == str(pip_on_edge(piece.orientation, direction)), (piece, direction)
            # the die showing this number moves the tile across this very edge
            assert die_direction(piece.orientation, int(text)) == direction


def test_the_numbers_are_in_the_view_small_and_not_bold_and_the_priority_stays_big(racing):
    view = BoardView(racing)
    numbers, labels = view.marks["edge_numbers"], view.marks["labels"]
    assert numbers.visible and len(numbers.text) == 6 * len(racing.moving_tiles())
    assert numbers.font_weight == "normal" and labels.font_weight == "bold"
    assert numbers.default_size < 0.75 * labels.default_size
    assert not set(numbers.colors) & {"#ffffff", "#1c2436"}, "the numbers use a softer ink than the priority"


def test_a_bicolour_tile_writes_each_number_in_the_ink_of_its_half():
    state = setup("racing", seed=1, players=["blue"])
    bicolour = next(p for p in state.moving_tiles() if p.colour == "white/red")
    inks = [ink for _at, _text, ink in piece_numbers(board_layout(), bicolour)]
    assert inks == [EDGE_INK["red"], EDGE_INK["red"], *[EDGE_INK["white"]] * 3, EDGE_INK["red"]]
    assert edge_ink(bicolour._replace(kind="drone"), 0) == BOARD_INK


def test_the_numbers_toggle_removes_them_and_brings_back_the_dot(racing):
    view = BoardView(racing)
    assert view.numbers and not view.marks["pips"].visible
    view.numbers = False
    assert not view.marks["edge_numbers"].visible and view.marks["pips"].visible
    assert len(np.atleast_1d(view.marks["pips"].x)) == len(racing.moving_tiles())
    assert "dot" in view.children[2].value
    view.numbers = True
    assert view.marks["edge_numbers"].visible and "small numbers" in view.children[2].value
    assert not BoardView(racing, numbers=False).marks["edge_numbers"].visible


def test_the_numbers_follow_a_tile_that_moves(racing):
    view = BoardView(racing)
    tile = racing.moving_tiles()[0]
    taken = {p.cell for p in racing.pieces} | {c.cell for c in racing.crafts}
    free = next(c for c in racing.board.cells if c not in taken)
    moved = racing.with_pieces(p._replace(cell=free) if p.id == tile.id else p for p in racing.pieces)
    view.update(moved)
    centre = board_layout().cell_to_pixel(moved.piece(tile.id).cell)
    near = [t for x, y, t in _texts(view.marks["edge_numbers"]) if math.dist((x, y), centre) < 16]
    assert sorted(near) == ["1", "2", "3", "4", "5", "6"]


# --- coordinates -------------------------------------------------------------------------
def toggles(view):
    """The board's row of toggles (numbers, coordinates), found by its class, wherever it stands."""
    (row,) = [c for c in view.children if "asteroyds-board-toggles" in c._dom_classes]
    return row


def test_coordinates_are_off_by_default_and_the_toggle_writes_every_hex(racing):
    view = BoardView(racing)
    assert not view.coordinates and not view.marks["coordinates"].visible
    box = toggles(view).children[1]
    assert box.description == "Coordinates" and box.value is False
    box.value = True  # as a click on the checkbox
    assert view.coordinates and view.marks["coordinates"].visible
    texts = _texts(view.marks["coordinates"])
    assert len(texts) == len(racing.board.cells)
    lay = board_layout()
    for (x, y, text), cell in zip(texts, racing.board.cells, strict=True):
        assert text == f"{cell[0]},{cell[1]}"
        cx, cy = lay.cell_to_pixel(cell)
        assert x == pytest.approx(cx) and cy - lay.size < y < cy  # in the top of its own hex
    assert 'data-coordinates="on"' in view.children[-1].value
    view.coordinates = False
    assert not view.marks["coordinates"].visible and not box.value


def test_the_toggles_are_labelled_in_french():
    with i18n.use_language("fr"):
        view = BoardView(setup("racing", seed=1, players=["blue"]))
    numbers, coordinates = toggles(view).children
    assert (numbers.description, coordinates.description) == ("Numéros sur les tuiles", "Coordonnées")


# --- captions without bare coordinates ---------------------------------------------------
@pytest.mark.parametrize("language", ["en", "fr"])
def test_without_cells_leaves_no_coordinates_and_no_dangling_word(language):
    checked = 0
    with i18n.use_language(language):
        for event in sample_events():
            text = str(event)
            if not CELL.search(text):
                continue
            plain = without_cells(text)
            checked += 1
            assert not CELL.search(plain) and plain.strip() == plain, plain
            assert not re.search(r"\b(to|at|from|beyond|en|de|à|jusqu'en)\s*([:,;]|$)", plain), plain
            assert "  " not in plain and " :" not in plain.replace(" : ", ""), plain
    assert checked >= 20


def test_the_events_own_text_keeps_its_coordinates():
    """The CLI's log and the JSON read event.text(): unchanged (the command line's formats are stable)."""
    moved = next(e for e in sample_events() if e.TYPE == "tile_moved")
    assert CELL.search(moved.text())


# --- the SVG renderer ----------------------------------------------------------------------
def test_svg_edge_numbers_are_an_option_off_by_default(racing):
    plain = state_svg(racing)
    assert 'class="edge-numbers"' not in plain and state_svg(racing, edge_numbers=False) == plain
    numbered = state_svg(racing, edge_numbers=True)
    group = re.search(r'<g class="edge-numbers"[^>]*>(.*?)</g>', numbered, re.S)
    assert group is not None
    digits = re.findall(r">([1-6])</text>", group.group(1))
    assert len(digits) == 6 * len(racing.moving_tiles())
    assert sorted(digits[:6]) == ["1", "2", "3", "4", "5", "6"]


def test_die_colours_cover_every_tile_that_shows_numbers(racing):
    """Every tile with numbers moves by some die, gates and drones too.

    The rules: docs/rules.md#4-moving-the-asteroids.
    """
    for piece in racing.moving_tiles():
        assert any(piece.moved_by(c) for c in DIE_COLOURS), piece


# --- stacked crafts ----------------------------------------------------------------------
@pytest.mark.parametrize("count", [2, 3, 4])
def test_crafts_on_one_hex_each_show_their_facing_apart(count):
    """Issue 26: two crafts on one hex hid each other's facing; they sit apart, as in the picture."""
    import dataclasses

    from asteroyds.render.crafts import craft_spots

    players = ["blue", "red", "green", "yellow"][:count]
    start = setup("racing", seed=1, players=players)
    cell = start.craft("blue").cell
    crafts = tuple(
        dataclasses.replace(c, cell=cell, facing=(2 * i + 1) % 6) for i, c in enumerate(start.crafts)
    )
    layer = scene(start.replace(crafts=crafts))["crafts"]
    lay = board_layout()
    cx, cy = lay.cell_to_pixel(cell)
    spots, scale = craft_spots(count)
    assert scale < 0.7 and len(layer.curves) == count
    for craft, curve, (dx, dy) in zip(
        start.replace(crafts=crafts).crafts_in_order(), layer.curves, spots, strict=True
    ):
        centre = (cx + dx * lay.size, cy + dy * lay.size)
        tip = curve[0]
        angle = math.degrees(math.atan2(tip[1] - centre[1], tip[0] - centre[0])) % 360
        assert angle == pytest.approx(60 * craft.facing), craft  # each dart points its own facing
        assert math.dist(tip, centre) == pytest.approx(0.74 * lay.size * scale)
    centres = {tuple(round(v, 3) for v in np.mean(np.asarray(c[:-1]), axis=0)) for c in layer.curves}
    assert len(centres) == count  # no two darts drawn on top of each other


def test_a_drone_shows_its_numbers_around_its_diamond_and_its_badge_moves_clear():
    """Drones move by the white and red dice: their numbers sit outside the diamond, on the hex."""
    from asteroyds.pieces import Piece

    start = setup("drones", seed=1, players=["blue"])
    drone = Piece("D1", "drone", (4, 8), "white/red", 2, 101, "A")
    state = start.with_pieces([*start.pieces, drone])
    lay = board_layout()
    texts = piece_numbers(lay, drone)
    assert [t for _at, t, _ink in texts] == [str(pip_on_edge(2, d)) for d in range(6)]
    centre = lay.cell_to_pixel(drone.cell)
    assert all(math.dist(at, centre) > 0.75 * lay.size for at, _t, _ink in texts)
    on, off = scene(state)["drone_badges"], scene(state, numbers=False)["drone_badges"]
    assert off.points == [(centre[0] - 0.5 * lay.size, centre[1] - 0.56 * lay.size)]
    assert on.points == [(centre[0], centre[1] - lay.size)]  # the top corner, between NW and NE
