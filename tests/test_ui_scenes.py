"""Scenes for rule boards: a phase told by the colours that act, a choice of scenes, the start's arrows."""

from __future__ import annotations

import pytest

from asteroyds import Dice, resolve_asteroids
from asteroyds.events import PhaseStarted
from asteroyds.ui.teach.rule_board import RuleBoard
from asteroyds.ui.teach.scenes import SceneBoard, asteroid_scene, scene_board

from .helpers import fixed, state, tile


def push(behind_free: bool = True):
    pieces = [
        tile("B1", "asteroid", "blue", (8, 4), "E", 9),
        tile("W1", "asteroid", "white", (8, 5), "W", 12),
    ]
    if not behind_free:
        pieces.append(fixed("P1", "pod", (8, 6)))
    return state(pieces)


def test_a_scene_keeps_the_phases_of_its_colours_and_ends_where_the_engine_does():
    scene = asteroid_scene(push(), (2, 1, 1), colours=("blue",))
    phases = [e.phase for e in scene.events if isinstance(e, PhaseStarted)]
    assert phases == ["blue"]  # the white move (void: the blue asteroid is in its way) is left out
    assert scene.after == resolve_asteroids(push(), Dice(2, 1, 1))[0]
    assert scene.after.piece("W1").cell == (8, 6) and scene.dice == Dice(2, 1, 1)
    whole = asteroid_scene(push(), (2, 1, 1))
    assert [e.phase for e in whole.events if isinstance(e, PhaseStarted)] == [
        "white",
        "blue",
    ]  # no "nothing moves"


def test_a_scene_refuses_to_leave_out_a_phase_that_moves_something():
    moving_white = state([tile("W1", "asteroid", "white", (5, 5), "E", 3)])
    with pytest.raises(ValueError, match="left out"):
        asteroid_scene(moving_white, (1, 1, 1), colours=("blue",))


def test_a_scene_board_plays_the_chosen_scene_from_its_start():
    board = scene_board(
        {"free": asteroid_scene(push(), (2, 1, 1), colours=("blue",)),
         "taken": asteroid_scene(push(False), (2, 1, 1), colours=("blue",))},
        title="Blue: a push", description="The space behind",
    )  # fmt: skip
    assert isinstance(board, SceneBoard) and board.choice.scenes == ("free", "taken")
    board.go(len(board.events))
    assert board.state.piece("W1").cell == (8, 6)
    board.choice.value = "taken"  # as the learner's click on the button
    assert board.index == 0 and board.state.piece("B1").cell == (8, 4)
    board.go(len(board.events))
    assert board.state.piece("B1").cell == (8, 4) and "cannot push" in board.caption
    with pytest.raises(ValueError, match="no scene"):
        board.choice.play("elsewhere")
    board.choice.play("free")
    assert board.choice.value == "free" and board.events[-1].text().startswith("Blue asteroid #9 moves")


def test_the_start_shows_where_the_dice_send_each_tile_and_the_steps_do_not():
    duel = state(
        [tile("W6", "asteroid", "white", (4, 6), "E", 6), tile("GC", "gate", "white", (4, 8), "W", 24, "C")]
    )
    scene = asteroid_scene(duel, (1, 1, 1), colours=("white",))
    board = scene_board(scene, title="Priority")
    assert type(board) is RuleBoard
    assert {(a.piece, a.die, a.direction) for a in board.board.intended_moves} == {
        ("W6", "white", 0),  # E, towards the space between them
        ("GC", "white", 3),  # W, the same space
    }
    assert "arrows" in board.caption
    board.step()
    assert board.board.intended_moves == () and "arrows" not in board.caption
    board.go(0)
    assert len(board.board.intended_moves) == 2
    board.show(duel, scene.events)  # another demo without dice: no arrows
    assert board.board.intended_moves == ()
