"""The planning forecast (asteroyds.preview): hand-checked paths on hand-made boards.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#6-gates-and-tokens,
docs/rules.md#9-pilots.
"""

from __future__ import annotations

import pytest

from asteroyds.errors import ProgramError
from asteroyds.events import CraftMoved
from asteroyds.hexgrid import NE, SE, E, W
from asteroyds.preview import PathPreview, planned_path
from asteroyds.rules import RuleSettings
from asteroyds.setups import racing

from .helpers import craft, fixed, four_gates, state, tile

# Odd-r offset cells on row 6 (even): E is (6, c+1), SE is (7, c), NE is (5, c).


def test_forward_right_path_lists_every_cell_start_included():
    s = state([], [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "F F R . . . S")
    assert isinstance(path, PathPreview)
    assert path.cells == ((6, 5), (6, 6), (6, 7), (7, 7))
    # The facing when leaving each cell: E, E, then the pivot right makes it SE.
    assert path.facings == (E, E, SE, SE)
    assert (path.start, path.end) == ((6, 5), (7, 7))
    assert path.collisions == () and path.blocked_at == () and not path.blocked
    assert (path.damage, path.destroyed, path.tokens) == (0, False, ())
    assert path.program == "F F R . . . S"


def test_pivots_in_place_add_no_cell():
    s = state([], [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "U . . . . . S")
    assert path.cells == ((6, 5),)
    assert path.facings == (W,)


def test_collision_stops_the_path_with_shield_damage():
    """The craft stays, takes 2 damage (1 with the shield), the rest is cancelled.

    The rules: docs/rules.md#5-flying-and-the-status-chart.
    """
    rock = tile("R1", "asteroid", "red", (6, 7), "E", 1)
    s = state([rock], [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "F F F L . . S")
    assert path.cells == ((6, 5), (6, 6))
    assert path.collisions == ((6, 6),)
    assert path.blocked_at == ((6, 7),)
    assert path.crashes == ((6, 7),)
    assert path.blocked
    assert (path.damage, path.destroyed) == (1, False)


def test_left_then_a_red_right_as_seventh_action():
    s = state([], [craft("blue", (6, 5), "E")])
    # L: pivot NE, (6, 5) -> (5, 5); F: NE again -> (4, 6); red R (7th action): pivot E -> (4, 7).
    path = planned_path(s, "blue", "L F . . . . R")
    assert path.cells == ((6, 5), (5, 5), (4, 6), (4, 7))
    assert path.facings == (NE, NE, E, E)


def test_red_column_collision_without_shield():
    rock = tile("R1", "asteroid", "red", (6, 7), "E", 1)
    s = state([rock], [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "F . . . . . F")  # the red F is a 7th action: shield off
    assert path.cells == ((6, 5), (6, 6))
    assert path.collisions == ((6, 6),) and path.blocked_at == ((6, 7),)
    assert path.damage == 2


def test_border_collision_has_no_blocked_cell():
    s = state([], [craft("blue", (6, 14), "E")])
    path = planned_path(s, "blue", "F F . . . . S")
    assert path.cells == ((6, 14), (6, 15))
    assert path.collisions == ((6, 15),)
    assert path.blocked_at == (None,)
    assert path.crashes == ((6, 15),)  # nothing to mark beyond the border: the craft's own cell


def test_collision_can_destroy_the_craft():
    rock = tile("R1", "asteroid", "red", (6, 6), "E", 1)
    s = state([rock], [craft("blue", (6, 5), "E", damage=4)])
    path = planned_path(s, "blue", "F . . . . . L")  # unshielded: 4 + 2 = 6
    assert path.cells == ((6, 5),)
    assert (path.damage, path.destroyed) == (6, True)


def test_crossing_a_gate_takes_its_token_in_racing():
    """docs/rules.md#6-gates-and-tokens: passing through a gate in the middle of a program counts."""
    s = state(four_gates(d_cell=(6, 6)), [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "F F . . . . S")
    assert path.cells == ((6, 5), (6, 6), (6, 7))
    assert path.tokens == ("D",)
    assert path.collisions == ()


def test_a_token_already_held_is_not_taken_again():
    s = state(four_gates(d_cell=(6, 6)), [craft("blue", (6, 5), "E", tokens=("D",))])
    assert planned_path(s, "blue", "F F . . . . S").tokens == ()


def test_pilot_power_is_part_of_the_path():
    """docs/rules.md#9-pilots: Hector flies forward twice in one column."""
    s = state([], [craft("blue", (6, 5), "E", pilot="Hector")])
    path = planned_path(s, "blue", "P F . . . . S")
    assert path.cells == ((6, 5), (6, 6), (6, 7), (6, 8))


def test_only_this_player_flies_and_the_state_is_unchanged():
    s = state([], [craft("blue", (6, 5), "E"), craft("red", (6, 6), "E")])
    path = planned_path(s, "red", "F . . . . . S")
    assert path.cells == ((6, 6), (6, 7))
    assert all(e.player == "red" for e in path.events if isinstance(e, CraftMoved))
    assert s.craft("blue").cell == (6, 5) and s.craft("red").cell == (6, 6)


def test_shoot_does_not_move_the_craft_in_shooting_mode():
    s = state([], [craft("blue", (6, 5), "E")], mode="shooting")
    path = planned_path(s, "blue", "X F . . . . S")
    assert path.cells == ((6, 5), (6, 6))
    assert path.program == "X F . . . . S"


def test_red_shoot_leaves_the_shield_off():
    rock = tile("R1", "asteroid", "red", (6, 7), "E", 1)
    s = state([rock], [craft("blue", (6, 5), "E")], mode="shooting")
    path = planned_path(s, "blue", "F F . . . . X")
    assert path.cells == ((6, 5), (6, 6))
    assert path.damage == 2


def test_an_illegal_program_is_refused_by_the_engine():
    s = state([], [craft("blue", (6, 5), "E")])
    with pytest.raises(ProgramError, match="Shoot is not allowed in racing mode"):
        planned_path(s, "blue", "X . . . . . S")


def test_the_one_shot_variant_of_the_state_is_checked():
    one_shot = RuleSettings(one_shot_per_turn=True)
    s = state([], [craft("blue", (6, 5), "E")], mode="shooting", rules=one_shot)
    with pytest.raises(ProgramError, match="only one shot per turn"):
        planned_path(s, "blue", "X F X . . . S")
    assert planned_path(s, "blue", "X F . . . . S").cells == ((6, 5), (6, 6))
    free = state([], [craft("blue", (6, 5), "E")], mode="shooting")
    assert planned_path(free, "blue", "X F X . . . S").cells == ((6, 5), (6, 6))


def test_a_destroyed_craft_has_no_path():
    s = state([], [craft("blue", None, "E", damage=6)])
    path = planned_path(s, "blue", "F . . . . . S")
    assert (path.cells, path.end, path.destroyed, path.damage) == ((), None, True, 6)


def test_platform_start_on_the_racing_setup():
    s = racing(seed=1, players=["blue"])
    path = planned_path(s, "blue", "F F . . . . S")
    assert path.cells[0] == s.craft("blue").cell
    assert len(path.cells) == 3


def test_pod_blocks_like_an_asteroid():
    s = state([fixed("P1", "pod", (6, 6))], [craft("blue", (6, 5), "E")])
    path = planned_path(s, "blue", "F . . . . . S")
    assert path.blocked_at == ((6, 6),) and path.cells == ((6, 5),)
