"""The rule board: a rule played on a board, one event at a time, with its sentence."""

from __future__ import annotations

from asteroyds import Dice, resolve_asteroids
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Piece
from asteroyds.state import State
from asteroyds.ui.teach.rule_board import RuleBoard, named_cells


def red_stopped_by_a_pod():
    rock = Piece("R1", "asteroid", (6, 3), "red", parse_direction("E"), 3)
    return State(mode="racing", pieces=(rock, Piece("P1", "pod", (6, 5))))


def test_stepping_moves_the_pieces_and_the_caption_names_them():
    start = red_stopped_by_a_pod()
    after, events = resolve_asteroids(start, Dice(1, 1, 1))
    board = RuleBoard(start, events, title="Red: two spaces")
    assert board.index == 0 and board.state is start and "Step" in board.caption
    while board.state.piece("R1").cell == (6, 3):
        board.step()
    assert board.state.piece("R1").cell == (6, 4) == after.piece("R1").cell
    assert "Red asteroid #3" in board.caption and "pod P1" in board.caption
    assert board.board.highlighted == ((6, 3), (6, 4), (6, 5))  # where it was, went, what stopped it
    board.step(-1)
    assert board.state.piece("R1").cell == (6, 3)
    board.go(999)
    assert board.index == len(events) and board.state == after


def test_a_board_keeps_its_own_events_whatever_the_page_does_next():
    """Chapter 3's slider narrated a later cell's events (its callback read a reassigned name)."""
    start = red_stopped_by_a_pod()
    _after, events = resolve_asteroids(start, Dice(1, 1, 1))
    board = RuleBoard(start, events)
    events = []  # a later cell reuses the name
    board.go(len(board.events))
    assert board.events and "Red asteroid #3" in " ".join(e.text() for e in board.events)


def test_again_plays_from_the_start_to_the_end():
    start = red_stopped_by_a_pod()
    _after, events = resolve_asteroids(start, Dice(1, 1, 1))
    board = RuleBoard(start, events)
    board.go(2)
    board.again()
    assert board.index == 0 and board.playing
    for _tick in range(len(events)):
        board._play_tick()  # the ticker's job in a kernel; no event loop in a test
    assert board.index == len(events) and not board.playing
    board.again()
    board.step()  # a learner's step stops the playing
    assert not board.playing and board.index == 1


def test_show_replaces_the_demo_on_the_same_board():
    start = red_stopped_by_a_pod()
    _after, events = resolve_asteroids(start, Dice(1, 1, 1))
    board = RuleBoard(start)
    assert board.events == () and board._next.disabled
    board.show(start, events)
    assert board.events == tuple(events) and not board._next.disabled and board._back.disabled


def test_named_cells_are_the_cells_an_event_names_once_each():
    _after, events = resolve_asteroids(red_stopped_by_a_pod(), Dice(1, 1, 1))
    assert [named_cells(e) for e in events][:2] == [(), ((6, 3), (6, 4), (6, 5))]
