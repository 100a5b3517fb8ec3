"""Pieces (docs/rules.md#2-pieces): the pips on a tile's edges and which way a die moves it."""

from __future__ import annotations

import pytest

from asteroyds.hexgrid import NE, NW, SE, SW, E, W
from asteroyds.pieces import (
    DIE_OFFSET,
    PIPS_CLOCKWISE,
    Craft,
    Piece,
    die_direction,
    pip_on_edge,
)

# docs/rules.md#2-pieces: clockwise the edges read 1, 5, 3, 6, 2, 4; OFFSET = {1:0, 5:1, 3:2, 6:3, 2:4, 4:5}.
STATED_OFFSET = {1: 0, 5: 1, 3: 2, 6: 3, 2: 4, 4: 5}


def test_pips_and_offsets_are_the_rules_tables():
    assert PIPS_CLOCKWISE == (1, 5, 3, 6, 2, 4)
    assert DIE_OFFSET == STATED_OFFSET
    for i, pip in enumerate(PIPS_CLOCKWISE):
        assert pip + PIPS_CLOCKWISE[(i + 3) % 6] == 7  # opposite edges sum to 7


@pytest.mark.parametrize("orientation", range(6))
def test_die_direction_for_every_orientation_and_face(orientation):
    for die, offset in STATED_OFFSET.items():
        assert die_direction(orientation, die) == (orientation + offset) % 6
        assert pip_on_edge(orientation, die_direction(orientation, die)) == die


def test_die_direction_hand_examples():
    # a tile whose "1" edge faces E: 1 -> E, 5 -> SE, 3 -> SW, 6 -> W, 2 -> NW, 4 -> NE
    assert [die_direction(E, d) for d in (1, 5, 3, 6, 2, 4)] == [E, SE, SW, W, NW, NE]
    # "1" edge facing NW: 5 -> NE, 6 -> SE
    assert (die_direction(NW, 5), die_direction(NW, 6)) == (NE, SE)
    assert die_direction(SW, 2) == E


def test_piece_and_craft_descriptions():
    rock = Piece("W6", "asteroid", (4, 7), "white", NE, 6)
    assert rock.describe() == "white asteroid #6" and str(rock) == "white asteroid #6 at (4, 7) NE"
    assert rock.moved_by("white") and not rock.moved_by("red") and rock.is_moving and not rock.is_fixed
    both = Piece("WR1", "asteroid", (4, 7), "white/red", E, 1)
    assert both.moved_by("red") and both.moved_by("white") and not both.moved_by("blue")
    drone = Piece("D1", "drone", (4, 7), "white/red", E, 30, "A")
    assert drone.moved_by("red") and drone.moved_by("white") and not drone.moved_by("blue")
    pod = Piece("P1", "pod", (1, 7))
    assert pod.describe() == "pod P1" and pod.is_fixed and not pod.moved_by("red")
    craft = Craft("blue", (5, 7), W, damage=2)
    assert str(craft) == "blue craft at (5, 7) facing W, damage 2" and not craft.destroyed
    assert Craft("red", None, E, damage=6).destroyed
