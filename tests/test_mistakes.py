"""The wrong-click diagnosis (asteroyds/drills/mistakes.py): each misreading named on a hand-made board.

Each board is set so that one misreading, replayed, ends on the clicked space; the test clicks there
and expects that misreading named (and the right space diagnosed as no mistake).
"""

from __future__ import annotations

from asteroyds.asteroids import resolve_asteroids
from asteroyds.dice import Dice
from asteroyds.drills import generate
from asteroyds.drills.mistakes import (
    BEFORE_DICE,
    BLOCKER,
    COLOUR,
    DISTANCE,
    FACING,
    LATER_PHASE,
    PRIORITY,
    PUSH,
    STILL,
    VOID,
    diagnose,
    diagnose_plan,
    wrong_click_text,
)
from asteroyds.drills.plan import find_program
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Craft, Piece
from asteroyds.state import State

E, W = parse_direction("E"), parse_direction("W")


def tile(pid: str, colour: str, cell: tuple[int, int], facing: int, priority: int) -> Piece:
    return Piece(pid, "asteroid", cell, colour, facing, priority)


def board(*pieces: Piece, crafts: tuple[Craft, ...] = ()) -> State:
    return State(mode="racing", pieces=pieces, crafts=crafts, player_order=tuple(c.player for c in crafts))


def key(state: State, dice: tuple[int, int, int], pid: str, cell: tuple[int, int]) -> str | None:
    mistake = diagnose(state, Dice.of(dice), pid, cell)
    return None if mistake is None else mistake.key


def end(state: State, dice: tuple[int, int, int], pid: str) -> tuple[int, int]:
    return resolve_asteroids(state, Dice.of(dice))[0].piece(pid).cell


def test_the_right_space_is_no_mistake() -> None:
    rock = board(tile("R1", "red", (6, 3), E, 3))
    assert end(rock, (1, 2, 3), "R1") == (6, 5)
    assert diagnose(rock, Dice(1, 2, 3), "R1", (6, 5)) is None


def test_a_single_red_tile_other_die_distance_edge_and_not_moved() -> None:
    rock = board(tile("R1", "red", (6, 3), E, 3))
    dice = (1, 6, 3)  # red 1: E, two spaces to (6, 5); white 6 would send it W
    assert key(rock, dice, "R1", (6, 1)) == COLOUR  # read the white die: 6 is the W edge
    assert key(rock, dice, "R1", (6, 4)) == DISTANCE  # one space, as a white tile
    assert key(rock, dice, "R1", (6, 3)) == STILL
    facing = diagnose(rock, Dice(*dice), "R1", (6, 1))
    assert facing is not None and "white" in facing.message
    # a heading no die shows: another edge read (two spaces NE or SE)
    nw = rock.board.step(rock.board.step((6, 3), 4), 4)
    assert key(rock, dice, "R1", nw) == FACING


def test_the_push_forgotten_for_the_pushed_and_the_pusher() -> None:
    # white W1 moves E to (2, 4); then blue B1 heads W into its space and pushes it back to (2, 3)
    shove = board(tile("B1", "blue", (2, 5), W, 5), tile("W1", "white", (2, 3), E, 11))
    dice = (1, 1, 1)
    assert end(shove, dice, "W1") == (2, 3) and end(shove, dice, "B1") == (2, 4)
    assert key(shove, dice, "W1", (2, 4)) == PUSH
    assert key(shove, dice, "B1", (2, 5)) == PUSH


def test_a_later_phase_forgotten_by_a_two_colour_asteroid() -> None:
    both = board(tile("X1", "white/red", (6, 3), E, 4))
    dice = (1, 1, 1)  # red: two spaces E to (6, 5); white: one more to (6, 6)
    assert end(both, dice, "X1") == (6, 6)
    assert key(both, dice, "X1", (6, 5)) == LATER_PHASE


def test_the_priority_order_read_the_other_way() -> None:
    duel = board(tile("W3", "white", (2, 2), E, 3), tile("W8", "white", (2, 4), W, 8))
    dice = (1, 1, 1)  # #3 moves first into (2, 3); #8's move is then void
    assert end(duel, dice, "W3") == (2, 3) and end(duel, dice, "W8") == (2, 4)
    assert key(duel, dice, "W8", (2, 3)) == PRIORITY
    assert key(duel, dice, "W3", (2, 2)) == PRIORITY
    message = wrong_click_text(duel, Dice(*dice), "W8", (2, 3))
    assert "#3" in message and "#8" in message


def test_stopped_read_as_void_and_void_read_as_stopped() -> None:
    red = board(tile("R1", "red", (6, 3), E, 3), Piece("P1", "pod", (6, 5)))
    assert end(red, (1, 1, 1), "R1") == (6, 4)  # stopped on its first space
    assert key(red, (1, 1, 1), "R1", (6, 3)) == VOID
    white = board(tile("W1", "white", (6, 3), E, 3), Piece("P1", "pod", (6, 4)))
    assert end(white, (1, 1, 1), "W1") == (6, 3)  # void
    assert key(white, (1, 1, 1), "W1", (6, 4)) == VOID


def test_the_blocker_ignored() -> None:
    rammed = board(tile("R1", "red", (6, 3), E, 3), crafts=(Craft("blue", (6, 5), 0),))
    assert end(rammed, (1, 1, 1), "R1") == (6, 4)
    assert key(rammed, (1, 1, 1), "R1", (6, 5)) == BLOCKER


def test_no_misreading_explains_a_far_click() -> None:
    rock = board(tile("R1", "red", (6, 3), E, 3))
    assert diagnose(rock, Dice(1, 1, 1), "R1", (0, 0)) is None
    said = wrong_click_text(rock, Dice(1, 1, 1), "R1", (0, 0))
    assert "no single misreading" in said


def test_a_plan_made_for_the_board_before_the_dice() -> None:
    found = 0
    for seed in range(1, 6):
        drill = generate(5, seed)
        assert drill.player is not None and drill.program is not None
        assert diagnose_plan(drill.state, drill.dice, drill.player, drill.program) is None
        naive = find_program(drill.state, drill.player)  # planned on the board as it stands
        if naive is None:
            continue
        mistake = diagnose_plan(drill.state, drill.dice, drill.player, naive)
        assert mistake is not None and mistake.key == BEFORE_DICE and mistake.cell is not None
        found += 1
    assert found >= 2
