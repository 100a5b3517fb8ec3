"""The one flight engine's step (asteroyds.flight_step.advance): what an action's steps do, as facts.

The flight (fly) and the coach's search both fold it; the golden events and the coach's exactness
tests check them whole. These pin the step's own answers: where a walk stops and why."""

from __future__ import annotations

from asteroyds.flight_step import ACTION_EFFECTS, FREE, HIT, LAND, RAM, Airspace, advance
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import ASTEROID, PLATFORM
from asteroyds.rules import RuleSettings

from .helpers import craft, fixed, four_gates, state, tile

EAST = parse_direction("E")
F, R = ACTION_EFFECTS["F"], ACTION_EFFECTS["R"]


def test_free_steps_turn_and_move_and_say_so_in_order():
    space = Airspace(state([], [craft("blue", (6, 4), "E")]))
    trail: list = []
    outcome, cell, facing, _index, target, piece, gained = advance(
        space, (6, 4), EAST, F + F, 0, (), None, True, trail
    )
    assert (outcome, cell, facing, target, piece, gained) == (FREE, (6, 6), EAST, None, None, ())
    assert trail == [("move", (6, 5), False), ("move", (6, 6), False)]
    trail = []
    outcome, _cell, facing, *_rest = advance(space, (6, 4), EAST, R, 0, (), None, True, trail)
    assert outcome == FREE and facing == (EAST + 1) % 6 and trail[0] == ("turn", facing, 1)


def test_an_asteroid_is_rammed_only_while_the_destroy_is_not_spent_and_passed_once_destroyed():
    rock = tile("R1", ASTEROID, "red", (6, 6), "E", 1)
    space = Airspace(state([rock], [craft("blue", (6, 4), "E")]))
    steps = F + F + F
    ram = advance(space, (6, 4), EAST, steps, 0, (), None, True, None)
    hit = advance(space, (6, 4), EAST, steps, 0, (), None, False, None)
    # Stopped in front of it at the second step (index 1), the asteroid named.
    assert ram[:6] == (RAM, (6, 5), EAST, 1, (6, 6), rock)
    assert hit[:6] == (HIT, (6, 5), EAST, 1, (6, 6), rock)
    # Destroyed by this craft earlier in the round: the space is free to it (the board is kept).
    assert advance(space, (6, 4), EAST, steps, 0, (), "R1", False, None)[:2] == (FREE, (6, 7))


def test_the_border_is_a_hit_with_no_piece_and_the_pivot_before_it_counts():
    space = Airspace(state([], [craft("blue", (6, 4), "E")]))
    edge = next(c for c in sorted(space.neighbours) if space.neighbours[c][(EAST + 1) % 6] is None)
    outcome, cell, facing, index, target, piece, _gained = advance(
        space, edge, EAST, R, 0, (), None, True, []
    )
    assert (outcome, cell, facing, index, target, piece) == (HIT, edge, (EAST + 1) % 6, 1, None, None)


def test_in_racing_a_gate_is_crossed_and_its_token_taken_once():
    gates = four_gates(d_cell=(6, 5))
    racing = Airspace(state(gates, [craft("blue", (6, 4), "E")]))
    trail: list = []
    outcome, cell, *_rest, gained = advance(racing, (6, 4), EAST, F + F, 0, (), None, True, trail)
    assert (outcome, cell, gained) == (FREE, (6, 6), ("D",))
    assert [fact[:2] for fact in trail] == [("move", (6, 5)), ("token", "D"), ("move", (6, 6))]
    held = advance(racing, (6, 4), EAST, F + F, 0, ("D",), None, True, [])
    assert held[0] == FREE and held[-1] == ()
    # Shooting mode does not cross gates: the gate is an obstacle.
    shooting = Airspace(state(gates, [craft("blue", (6, 4), "E")], mode="shooting"))
    assert advance(shooting, (6, 4), EAST, F, 0, (), None, True, [])[0] == HIT


def test_the_platform_is_landed_on_with_every_gate_token_in_the_return_variant_only():
    pad = fixed("L1", PLATFORM, (6, 6))
    board = state([pad, *four_gates()], [craft("blue", (6, 4), "E")])
    back = Airspace(board, RuleSettings(return_to_platform=True))
    every = ("A", "B", "C", "D")
    assert advance(back, (6, 4), EAST, F + F, 0, every, None, True, [])[:6] == (
        LAND,
        (6, 5),
        EAST,
        1,
        (6, 6),
        pad,
    )
    assert advance(back, (6, 4), EAST, F + F, 0, every[:3], None, True, [])[0] == HIT
    assert advance(Airspace(board), (6, 4), EAST, F + F, 0, every, None, True, [])[0] == HIT
