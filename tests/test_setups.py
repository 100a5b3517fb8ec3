"""Built-in setups: valid, seeded, priorities 1..N, every piece where reference/boards.json puts it."""

from __future__ import annotations

from collections import Counter

import pytest

from asteroyds import scenario, setups
from asteroyds.errors import ScenarioError
from asteroyds.hexgrid import NE, NW, STANDARD_BOARD, E, W
from asteroyds.pieces import MOVING_KINDS

NAMES = ("racing", "shooting", "drones", "targets")

# reference/boards.json "setups", transcribed by hand.
RACING = {
    "gates": {"red": {(1, 3), (11, 11)}, "white": {(1, 10), (10, 3)}},
    "asteroids": {
        "red": {(3, 3), (3, 10), (8, 11), (9, 4)},
        "white": {(1, 5), (2, 9), (8, 3), (11, 9)},
        "blue": {(3, 5), (5, 10), (7, 4), (9, 9)},
        "white/red": {(2, 12), (5, 2), (7, 2), (7, 12)},
        "white/blue": {(4, 12), (5, 4), (10, 6), (10, 12)},
    },
    "pods": {(1, 7), (4, 8), (6, 1), (6, 14), (8, 8), (11, 7)},
    "platforms": {
        (5, 7): ("blue", W),
        (5, 8): ("red", E),
        (6, 7): ("green", W),
        (6, 9): ("yellow", E),
        (7, 7): ("orange", W),
        (7, 8): ("purple", E),
    },
}
DRONES = {
    "turrets": {(1, 4), (1, 10), (5, 1), (5, 13)},
    "asteroids": {
        "red": {(3, 3), (3, 11), (7, 4), (7, 10)},
        "white": {(4, 6), (4, 10), (8, 6), (8, 9)},
        "blue": {(2, 6), (2, 9), (7, 1), (7, 13)},
        "white/red": {(5, 3), (5, 11), (8, 3), (8, 12)},
        "white/blue": {(6, 3), (6, 12), (9, 4), (9, 10)},
    },
    "pods": {(3, 7), (5, 7), (6, 6), (6, 9), (7, 7), (9, 7)},
    "platforms": {
        (12, 4): "red",
        (12, 5): "yellow",
        (12, 6): "purple",
        (12, 9): "orange",
        (12, 10): "green",
        (12, 11): "blue",
    },
}
TARGETS = {
    "asteroids": {
        "red": {(2, 5), (2, 10), (10, 5), (10, 10)},
        "white": {(1, 3), (1, 11), (11, 3), (11, 11)},
        "blue": {(4, 6), (4, 9), (8, 6), (8, 9)},
        "white/red": {(4, 4), (4, 11), (8, 4), (8, 11)},
        "white/blue": {(3, 2), (3, 12), (9, 2), (9, 12)},
    },
    "pods": {(1, 7), (3, 7), (5, 7), (6, 4), (6, 6), (6, 9), (6, 11), (7, 7), (9, 7), (11, 7)},
    "starts": {
        "red": ((5, 0), E),
        "yellow": ((6, 0), E),
        "purple": ((7, 0), E),
        "blue": ((5, 14), W),
        "green": ((6, 15), W),
        "orange": ((7, 14), W),
    },
}
ALL_SIX = ["blue", "red", "green", "yellow", "orange", "purple"]


def cells(state, kind, colour=None):
    return {p.cell for p in state.pieces if p.kind == kind and (colour is None or p.colour == colour)}


def test_the_board_has_158_playable_hexes():
    assert len(STANDARD_BOARD) == 158
    assert setups.board_facts()["playable_cells"] == 158
    assert tuple(setups.board_facts()["mask"]) == STANDARD_BOARD.mask


@pytest.mark.parametrize("name", NAMES)
def test_every_setup_is_valid_and_on_the_board(name):
    state = setups.setup(name, seed=3)
    assert state.validate("test") is state
    assert state.mode == name
    assert all(p.cell in STANDARD_BOARD for p in state.pieces)
    assert all(c.cell in STANDARD_BOARD for c in state.crafts)
    assert len({p.cell for p in state.pieces}) == len(state.pieces)  # no drones yet: one piece per cell
    assert len({p.id for p in state.pieces}) == len(state.pieces)
    assert state.round == 1 and all(c.damage == 0 and c.tokens == () for c in state.crafts)


@pytest.mark.parametrize("name", NAMES)
def test_same_seed_same_setup_and_different_seeds_differ(name):
    assert setups.setup(name, seed=11) == setups.setup(name, seed=11)
    assert scenario.dumps(setups.setup(name, seed=11)) == scenario.dumps(setups.setup(name, seed=11))
    texts = {scenario.dumps(setups.setup(name, seed=s)) for s in range(12)}
    assert len(texts) == 12
    a, b = setups.setup(name, seed=1), setups.setup(name, seed=2)
    assert {p.cell for p in a.pieces} == {p.cell for p in b.pieces}  # same layout, other draws
    assert [(p.orientation, p.priority) for p in a.pieces] != [(p.orientation, p.priority) for p in b.pieces]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("seed", range(8))
def test_priorities_are_a_permutation_and_orientations_random(name, seed):
    state = setups.setup(name, seed=seed)
    moving = [p for p in state.pieces if p.kind in MOVING_KINDS]
    assert sorted(p.priority for p in moving) == list(range(1, len(moving) + 1))
    assert all(p.orientation in range(6) for p in moving)
    assert len({p.orientation for p in moving}) > 1
    fixed = [p for p in state.pieces if p.kind not in MOVING_KINDS]
    assert all(p.priority is None for p in fixed)


def test_priorities_and_orientations_vary_with_the_seed():
    firsts = Counter(setups.racing(seed=s).piece("R1").priority for s in range(60))
    assert len(firsts) > 10
    orientations = Counter(setups.racing(seed=s).piece("GA").orientation for s in range(60))
    assert set(orientations) == set(range(6))


@pytest.mark.parametrize("mode", ["racing", "shooting"])
def test_racing_layout(mode):
    state = setups.setup(mode, seed=4, players=ALL_SIX)
    assert len(state.pieces) == 4 + 20 + 6 + 6
    for colour, where in RACING["gates"].items():
        assert cells(state, "gate", colour) == where
    assert sorted(p.symbol for p in state.pieces if p.kind == "gate") == ["A", "B", "C", "D"]
    for colour, where in RACING["asteroids"].items():
        assert cells(state, "asteroid", colour) == where, colour
    assert cells(state, "pod") == RACING["pods"]
    platforms = {p.cell: (p.colour, p.orientation) for p in state.pieces if p.kind == "platform"}
    assert platforms == RACING["platforms"]
    assert (6, 8) not in {p.cell for p in state.pieces}  # the centre stays empty
    for craft in state.crafts:  # each craft starts on its platform, facing its arrow
        assert platforms[craft.cell] == (craft.player, craft.facing)
    assert state.player_order == tuple(ALL_SIX)


def test_racing_defaults_and_pilots():
    state = setups.racing()
    assert [c.player for c in state.crafts] == ["blue"] and state.craft("blue").cell == (5, 7)
    state = setups.racing(seed=1, players=["red", "green"], pilots=["Hector", None])
    assert [(c.player, c.pilot) for c in state.crafts] == [("red", "Hector"), ("green", None)]
    assert state.player_order == ("red", "green")


def test_drones_layout():
    state = setups.drones(seed=2, players=ALL_SIX)
    assert cells(state, "turret") == DRONES["turrets"]
    turrets = [p for p in state.pieces if p.kind == "turret"]
    assert sorted(p.symbol for p in turrets) == ["A", "B", "C", "D"]
    assert all(p.orientation in range(6) for p in turrets)
    for colour, where in DRONES["asteroids"].items():
        assert cells(state, "asteroid", colour) == where, colour
    assert cells(state, "pod") == DRONES["pods"]
    assert {p.cell: p.colour for p in state.pieces if p.kind == "platform"} == DRONES["platforms"]
    assert cells(state, "gate") == set() and cells(state, "drone") == set()
    for craft in state.crafts:
        assert DRONES["platforms"][craft.cell] == craft.player
        assert craft.facing == (NE if craft.cell[1] <= 6 else NW)


def test_drones_start_facings():
    state = setups.drones(players=["red", "blue"], facings={"red": "NW", "blue": "ne"})
    assert (state.craft("red").facing, state.craft("blue").facing) == (NW, NE)
    with pytest.raises(ScenarioError, match="NW or NE"):
        setups.drones(players=["red"], facings={"red": "E"})
    with pytest.raises(ScenarioError, match="'green'"):
        setups.drones(players=["red"], facings={"green": "NW"})


def test_targets_layout():
    state = setups.targets(seed=9, players=ALL_SIX)
    for colour, where in TARGETS["asteroids"].items():
        assert cells(state, "asteroid", colour) == where, colour
    assert cells(state, "pod") == TARGETS["pods"]
    assert cells(state, "platform") == set() and cells(state, "gate") == set()
    for craft in state.crafts:
        assert (craft.cell, craft.facing) == TARGETS["starts"][craft.player]
        assert craft.team == ("left" if craft.cell[1] == 0 else "right")
    # one set of 6 targets on the white-bearing asteroids of each side
    marked = [p for p in state.pieces if p.target is not None]
    left = {p.cell for p in marked if p.team == "left"}
    right = {p.cell for p in marked if p.team == "right"}
    assert left == {(1, 3), (11, 3), (4, 4), (8, 4), (3, 2), (9, 2)}
    assert right == {(1, 11), (11, 11), (4, 11), (8, 11), (3, 12), (9, 12)}
    assert sorted(p.target for p in marked) == sorted(
        [f"left-{i}" for i in range(1, 7)] + [f"right-{i}" for i in range(1, 7)]
    )


def test_setup_by_name_and_bad_requests():
    assert setups.setup("racing", seed=5, players=["red"]) == setups.racing(seed=5, players=["red"])
    assert setups.setup("shooting", seed=5) == setups.racing(seed=5).replace(mode="shooting")
    with pytest.raises(ScenarioError, match="unknown setup 'chess'"):
        setups.setup("chess")
    with pytest.raises(ScenarioError, match="'pink'"):
        setups.racing(players=["pink"])
    with pytest.raises(ScenarioError, match="twice"):
        setups.racing(players=["red", "red"])
    with pytest.raises(ScenarioError, match="at least one player"):
        setups.racing(players=[])
    with pytest.raises(ScenarioError, match="2 pilots for 1 players"):
        setups.racing(players=["red"], pilots=["Hector", "Dolorosa"])
    with pytest.raises(ScenarioError, match="'Han'"):
        setups.racing(players=["red"], pilots=["Han"])
