"""The rule board: a rule played on a board, one event at a time, with its sentence."""

from __future__ import annotations

from asteroyds import Dice, resolve_asteroids
from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Piece
from asteroyds.state import State
from asteroyds.ui.teach.rule_board import RuleBoard, beam, named_cells


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


def shoot_a_gate_then_fly():
    from asteroyds.pieces import Craft

    gate = Piece("GA", "gate", (6, 8), "red", parse_direction("E"), 21, "A")
    craft = Craft("blue", (6, 3), parse_direction("E"))
    state = State(mode="shooting", pieces=(gate,), crafts=(craft,), player_order=("blue",))
    return state.validate("shooting")


def test_a_shot_draws_its_beam_while_it_is_the_event_shown():
    from asteroyds.flight import fly

    start = shoot_a_gate_then_fly()
    _after, events = fly(start, {"blue": "X F . . . . S"})
    shot = next(i for i, e in enumerate(events, 1) if e.type == "laser_fired")
    board = RuleBoard(start, events)
    assert board.board.laser == ()
    board.go(shot)
    fired = events[shot - 1]
    assert board.board.laser == fired.path and board.board.laser_hit == (6, 8)
    assert board.board.highlighted == ((6, 3), (6, 8))  # the shooter and what it hit, not the whole beam
    assert "gate #21" in board.caption
    board.step()  # the token: the beam is gone, the board shows the next fact
    assert board.board.laser == () and board.board.laser_hit is None
    board.go(shot)
    board.go(0)
    assert board.board.laser == ()


def test_a_capture_turn_names_its_round_and_crosses_out_the_disabled_turrets():
    from asteroyds.modes import capture

    start = capture.setup(teams=2, crafts_per_team=2)
    _after, events = capture.resolve(start, (3, 5, 2), {})
    disabled = next(i for i, e in enumerate(events, 1) if e.type == "capture_turret_disabled")
    board = RuleBoard(start, events)
    board.go(disabled - 1)
    assert board.board.disabled == ()
    assert board.caption.startswith("Round 1 of 6 · lasers: ")
    board.go(disabled)
    turret = events[disabled - 1]
    assert board.board.disabled == (tuple(turret.cell),)
    board.go(len(events))  # disabled until the end of the turn
    assert board.board.disabled == (tuple(turret.cell),) and "Round 6 of 6" in board.caption
    board.go(0)
    assert board.board.disabled == () and "Round" not in board.caption


def test_a_capture_laser_stops_at_its_end_space():
    from asteroyds.modes import capture

    start = capture.setup(teams=2, crafts_per_team=2)
    _after, events = capture.resolve(start, (3, 5, 2), {})
    board = RuleBoard(start, events)
    for index, event in enumerate(events, 1):
        if event.type != "capture_laser_fired":
            continue
        board.go(index)
        assert board.board.laser == tuple(event.path)
        assert board.board.laser_hit == (None if event.end is None else board.board.laser[-1])


def test_beam_reads_any_modes_laser_and_nothing_else():
    _after, events = resolve_asteroids(red_stopped_by_a_pod(), Dice(1, 1, 1))
    assert [beam(e) for e in events] == [None] * len(events)
    assert beam(None) is None


def test_the_caption_names_no_cell_unless_the_board_shows_coordinates():
    """Issue 26: a board without coordinates is pointed at by its outlines, not by "(6, 4)"."""
    import re

    start = red_stopped_by_a_pod()
    _after, events = resolve_asteroids(start, Dice(1, 1, 1))
    board = RuleBoard(start, events)
    assert not board.board.coordinates and board.board.numbers  # a teaching board: numbers, no coordinates
    cell = re.compile(r"\(\d+, \d+\)")
    named = 0
    for index in range(1, len(events) + 1):
        board.go(index)
        assert not cell.search(board.caption), board.caption
        if cell.search(events[index - 1].text()):  # the engine's sentence names cells ...
            named += 1
            assert board.board.highlighted  # ... the board outlines them instead
    assert named
    moved = next(i for i, e in enumerate(events, 1) if cell.search(e.text()))
    board.go(moved)
    board.board.coordinates = True  # the learner ticks "Coordinates": the caption may name cells
    assert board.caption == events[moved - 1].text() and cell.search(board.caption)
    board.board.coordinates = False
    assert not cell.search(board.caption)
