"""Issue 35: boards a newcomer reads — the legend, stacked crafts apart, counts clear of the die
numbers, opposing arrows apart — in the picture (``asteroyds/render/``) and on the interactive
board (``asteroyds/ui/board/``), which draw the same way."""

from __future__ import annotations

import dataclasses
import math
import re

import numpy as np
import pytest

from asteroyds import setup
from asteroyds.i18n import _, use_language
from asteroyds.pieces import ASTEROID, Piece
from asteroyds.render import state_svg
from asteroyds.render.legend import SAMPLES, WORDS, legend_keys, sample_svg
from asteroyds.render.overlays import Lesson, arrow_shifts
from asteroyds.ui import BoardView
from asteroyds.ui.board.layers import board_layout
from asteroyds.ui.board.overlays import Arrow, overlay
from asteroyds.ui.board.picture import BoardPicture
from asteroyds.ui.share.pictures import picture

MODES = ("racing", "shooting", "targets", "drones", "capture")


# --- the legend ---------------------------------------------------------------------------
def test_every_sample_has_its_words_in_english_and_french_and_draws():
    assert set(SAMPLES) == set(WORDS)
    for key, words in WORDS.items():
        with use_language("fr"):
            assert _(words) != words, key
        assert sample_svg(key).startswith("<svg") and "<polygon" in sample_svg(key)


@pytest.mark.parametrize("mode", MODES)
def test_the_legend_names_each_kind_of_piece_on_the_board_and_only_those(mode):
    state = setup(mode, seed=1)
    keys = legend_keys(state)
    kinds = {p.kind for p in state.pieces}
    assert "craft" in keys
    for key in ("gate", "pod", "platform", "turret", "drone", "asteroyd"):
        assert (key in keys) == (SAMPLES[key].kind in kinds), (mode, key)  # type: ignore[union-attr]
    assert ("target" in keys) == any(p.target for p in state.pieces)


def test_the_welcome_picture_shows_the_legend_open_and_other_pictures_closed():
    state = setup("racing", seed=1, players=["blue", "red"])
    opened, closed = picture(state, legend_open=True).data, picture(state).data
    assert '<details class="asteroyds-legend" open>' in opened
    assert '<details class="asteroyds-legend">' in closed and "What&#x27;s this?" in closed
    assert opened.count("<li>") == len(legend_keys(state)) == 6
    with use_language("fr"):
        assert "Qu&#x27;est-ce que c&#x27;est ?" in picture(state).data


def test_a_rule_board_s_picture_has_what_s_this_under_it_and_keeps_it_while_stepping():
    state = setup("racing", seed=1, players=["blue"])
    board = BoardPicture(state)
    legend = board.children[-1]
    assert '<details class="asteroyds-legend">' in legend.value
    before = legend.value
    board.update(state.replace(round=2))  # a step: the same pieces, the legend is not redrawn (stays open)
    assert legend.value is before


# --- stacked crafts -------------------------------------------------------------------------
def test_the_picture_fans_three_crafts_on_one_space_each_showing_its_facing():
    start = setup("racing", seed=1, players=["blue", "red", "green"])
    cell = start.craft("blue").cell
    crafts = tuple(dataclasses.replace(c, cell=cell, facing=2 * i) for i, c in enumerate(start.crafts))
    svg = state_svg(start.replace(crafts=crafts))
    darts = re.findall(r'<g class="craft".*?<polygon points="([^"]+)"', svg)
    assert len(darts) == 3
    tips = {tuple(round(float(v)) for v in points.split()[0].split(",")) for points in darts}
    assert len(tips) == 3  # three darts apart, not one over the other
    facings = re.findall(r'data-facing="(\w+)"', svg)
    assert sorted(facings) == sorted(["E", "SW", "NW"])


# --- opposing arrows ----------------------------------------------------------------------
def _facing_tiles() -> tuple[object, Arrow, Arrow]:
    """Two tiles side by side on one row, their dice sending each towards the other."""
    state = setup("racing", seed=1, players=["blue"])
    a = Piece("Z1", ASTEROID, (3, 3), colour="white", orientation=0, priority=30)
    b = Piece("Z2", ASTEROID, (3, 4), colour="red", orientation=0, priority=31)
    state = state.replace(pieces=(*[p for p in state.pieces if p.cell not in ((3, 3), (3, 4))], a, b))
    return state, Arrow("Z1", "white", 0, 1), Arrow("Z2", "red", 3, 1)


def _gap(curve_a, curve_b) -> float:
    """How far apart two horizontal shafts run (their first points' y)."""
    return abs(curve_a[0][1] - curve_b[0][1])


def test_arrows_that_meet_head_on_are_drawn_apart_in_both_boards():
    state, east, west = _facing_tiles()
    assert arrow_shifts([((3, 3), 0, 1), ((3, 4), 3, 1)]) == [0.2, 0.2]
    assert arrow_shifts([((3, 3), 0, 1), ((5, 5), 3, 1)]) == [0.0, 0.0]  # not on one line: centred
    curves = overlay(state, [east, west])["arrows"].curves
    assert _gap(curves[0], curves[1]) == pytest.approx(0.4 * board_layout().size)
    svg = state_svg(state, lesson=Lesson(moves=(((3, 3), 0, 1, "white"), ((3, 4), 3, 1, "red"))))
    shafts = re.findall(r'<g class="move"[^>]*><polyline [^>]*points="([^"]+)"', svg)
    ys = [float(points.split()[0].split(",")[1]) for points in shafts]
    assert len(ys) == 2 and abs(ys[0] - ys[1]) == pytest.approx(0.4 * 24, abs=0.11)


# --- danger counts and die numbers --------------------------------------------------------
def test_a_danger_count_and_die_numbers_never_share_a_space():
    state = setup("racing", seed=1, players=["blue"])
    view = BoardView(state)
    numbers = view.marks["edge_numbers"]
    tile = state.moving_tiles()[0]
    lay = board_layout()
    centre = lay.cell_to_pixel(tile.cell)

    def near_tile() -> int:
        points = zip(np.atleast_1d(numbers.x), np.atleast_1d(numbers.y), strict=True)
        return sum(math.dist(p, centre) < lay.size for p in points)

    assert near_tile() == 6
    view.show_danger({tile.cell: 100, (0, 0): 3})
    assert near_tile() == 0 and len(np.atleast_1d(numbers.x)) == 6 * (len(state.moving_tiles()) - 1)
    view.clear_danger()
    assert near_tile() == 6  # the numbers come back with the map gone


# --- one name per target ------------------------------------------------------------------
def test_a_target_has_one_name_on_the_board_and_in_the_sentences():
    from asteroyds.event_text import target_text
    from asteroyds.shooting import TargetEliminated
    from asteroyds.ui.board.scene import scene

    state = setup("targets", seed=1, players=["red", "blue"])
    carrier = next(p for p in state.pieces if p.target)
    tags = scene(state)["badge_text"].text  # the tag written on the asteroid's badge
    event = TargetEliminated(
        player="red", piece=carrier.id, piece_name=carrier.id, target=carrier.target, side="right",
        cell=carrier.cell, column=1, how="shot",
    )  # fmt: skip
    name = target_text(carrier.target)
    assert re.fullmatch(r"[LR]\d", name) and f"target {name} " in event.text() and name in tags
    with use_language("fr"):
        french = target_text(carrier.target)
        assert re.fullmatch(r"[GD]\d", french) and f"cible {french} " in event.text()
