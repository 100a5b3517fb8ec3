"""Validation as a list of small named checks (issue 36): each check tested alone.

A sound board passes every check; a board broken in exactly one way gets exactly
that check's problem, and :func:`asteroyds.checks.problems` returns it alone;
a board broken in several ways gets them all, and :meth:`State.validate` raises
the one a board read piece by piece names first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest

from asteroyds import setup
from asteroyds.checks import (
    BOARD_CHECKS,
    Check,
    check_playable,
    piece_problem,
    playable_problems,
    problems,
    validate,
)
from asteroyds.checks.board import MODE_KNOWN
from asteroyds.errors import ScenarioError
from asteroyds.modes import mode_of
from asteroyds.modes.capture import layout
from asteroyds.modes.capture.boards import BOARD_CHECKS as CAPTURE_CHECKS
from asteroyds.modes.capture.boards import PLAYABLE
from asteroyds.modes.targets import CHECKS as TARGET_CHECKS
from asteroyds.pieces import DRONE, GATE, Craft, Piece
from asteroyds.state import State

RACING = setup("racing", seed=1, players=["blue", "red"])
DRONES = setup("drones", seed=1, players=["blue", "red"])
TARGETS = setup("targets", seed=1, players=["blue", "red"])
CAPTURE = layout(2)
CAPTURE3 = layout(3)
# A drone inside its own turret (T1, symbol A): the one cell two pieces may share.
DRONE_AT_HOME = DRONES.with_pieces((*DRONES.pieces, Piece("D1", DRONE, (1, 4), "white/red", 2, 90, "A")))
SOUND = {
    "racing": RACING,
    "drones": DRONES,
    "drone in its turret": DRONE_AT_HOME,
    "targets": TARGETS,
    "capture": CAPTURE,
    "capture, 3 teams": CAPTURE3,
}


def piece(state: State, piece_id: str, **changes: object) -> State:
    return state.update_pieces({piece_id: state.piece(piece_id)._replace(**changes)})


def craft(state: State, player: str, **changes: object) -> State:
    return state.update_crafts({player: replace(state.craft(player), **changes)})


def without(state: State, *ids: str) -> State:
    """``state`` without these pieces and crafts (and the crafts' players)."""
    crafts = tuple(c for c in state.crafts if c.player not in ids)
    order = tuple(p for p in state.player_order if p not in ids)
    return state.update_pieces({}, removed=ids).replace(crafts=crafts, player_order=order)


def checks_of(state: State) -> tuple[Check, ...]:
    """Every board check a state of this mode is asked (the general ones, then the mode's)."""
    return (*BOARD_CHECKS, *mode_of(state).checks.board)


def named(name: str, checks: tuple[Check, ...]) -> Check:
    (found,) = [c for c in checks if c.name == name]
    return found


@pytest.mark.parametrize("name", list(SOUND))
def test_a_sound_board_passes_every_check(name):
    state = SOUND[name]
    for check in (MODE_KNOWN, *checks_of(state)):
        assert check.messages(state, "t") == [], check.name
    assert problems(state, "t", editing=True) == ()
    assert validate(state, "t") is state
    assert playable_problems(state) == ()


# (the check's name, the board broken in one way, the message it names)
BROKEN: list[tuple[str, Callable[[], State], str]] = [
    ("round", lambda: RACING.replace(round=0), "t: round must be a whole number >= 1, got 0"),
    ("piece id", lambda: piece(RACING, "P1", id=""), "t: a piece has no id: Piece(id=''"),
    ("unique id", lambda: piece(RACING, "P2", id="P1"), "t: piece 'P1': duplicate id"),
    ("kind", lambda: piece(RACING, "P1", kind="rock"), "t: piece 'P1': unknown kind 'rock' (expected one of"),
    (
        "piece cell",
        lambda: piece(RACING, "P1", cell=(99, 99)),
        "t: piece 'P1': cell (99, 99) is off the board",
    ),
    (
        "colour",
        lambda: piece(RACING, "R1", colour="green"),
        "t: piece 'R1': colour 'green' is not allowed for",
    ),
    ("orientation", lambda: piece(RACING, "R1", orientation=None), "t: piece 'R1': needs an orientation"),
    ("priority", lambda: piece(RACING, "R1", priority=0), "t: piece 'R1': priority must be a whole number"),
    (
        "unique priority",
        lambda: piece(RACING, "R1", priority=14),
        "t: piece 'R2': duplicate priority 14 (also",
    ),
    ("gate symbol", lambda: piece(RACING, "GA", symbol=""), "t: piece 'GA': a gate needs a symbol"),
    ("turret orientation", lambda: piece(DRONES, "T1", orientation=None), "t: piece 'T1': a turret needs an"),
    (
        "one per cell",
        lambda: piece(RACING, "P1", cell=(4, 8)),
        "t: piece 'P2': cell (4, 8) already holds pod",
    ),
    (
        "one per cell",
        lambda: piece(DRONE_AT_HOME, "D1", symbol="B"),
        "t: piece 'D1': a drone can only be inside its own turret, but cell (1, 4) pairs symbol 'B'",
    ),
    (
        "one craft each",
        lambda: RACING.replace(crafts=(*RACING.crafts, Craft("blue", (7, 7), 0))),
        "t: craft 'blue': two crafts for one player",
    ),
    ("pilot", lambda: craft(RACING, "blue", pilot="Zed"), "t: craft 'blue': unknown pilot 'Zed'"),
    ("damage", lambda: craft(RACING, "blue", damage=7), "t: craft 'blue': damage must be 0..6, got 7"),
    ("facing", lambda: craft(RACING, "blue", facing=9), "t: craft 'blue': facing must be one of"),
    ("destroyed", lambda: craft(RACING, "blue", damage=6), "t: craft 'blue': a destroyed craft has damage 6"),
    ("craft cell", lambda: craft(RACING, "blue", cell=(99, 99)), "t: craft 'blue': cell (99, 99) is off the"),
    ("craft space", lambda: craft(RACING, "blue", cell=(1, 7)), "t: craft 'blue': cell (1, 7) holds pod P1"),
    ("tokens", lambda: craft(RACING, "blue", tokens=("A", "A")), "t: craft 'blue': a token is listed twice"),
    ("player order", lambda: RACING.replace(player_order=("blue",)), "t: player_order ['blue'] must list"),
    ("only asteroyds carried", lambda: piece(CAPTURE, "P1", home=(4, 2)), "t: piece 'P1': only an asteroyd"),
    ("asteroyd team", lambda: piece(CAPTURE, "AR", team="green"), "t: piece 'AR': an asteroyd needs a team"),
    (
        "one asteroyd per team",
        lambda: piece(CAPTURE, "AW", team="red"),
        "t: piece 'AW': the red team already",
    ),
    (
        "asteroyd home",
        lambda: piece(CAPTURE, "AR", home=None),
        "t: piece 'AR': an asteroyd needs a home cell",
    ),
    (
        "asteroyd space",
        lambda: piece(CAPTURE, "AR", cell=(4, 2)),
        "t: piece 'AR': its cell (4, 2) holds pod P1",
    ),
    (
        "carrier",
        lambda: piece(CAPTURE, "AW", carrier="nobody"),
        "t: piece 'AW': carried by 'nobody', which is",
    ),
    (
        "with its carrier",
        lambda: piece(CAPTURE, "AW", carrier="red1"),
        "t: piece 'AW': carried by the red1 craft, so it must be in its cell (6, 1), not (6, 12)",
    ),
    (
        "carried by the other team",
        lambda: piece(craft(CAPTURE, "red1", cell=(6, 3)), "AR", carrier="red1"),
        "t: piece 'AR': the red1 craft cannot carry its own team's asteroyd",
    ),
    (
        "one carried each",
        lambda: piece(
            piece(craft(CAPTURE3, "red1", cell=(10, 5)), "AW", carrier="red1"),
            "AB",
            cell=(10, 5),
            carrier="red1",
        ),
        "t: piece 'AB': the red1 craft already carries 'AW'",
    ),
    ("score", lambda: CAPTURE.replace(scores=(("red", "x"), ("white", 0))), "t: a score is a (team, whole"),
    (
        "one score each",
        lambda: CAPTURE.replace(scores=(("red", 0), ("red", 1))),
        "t: the red team has two scores",
    ),
    # capture's own (docs/rules.md#11-capture-the-asteroyd)
    (
        "team piece",
        lambda: piece(CAPTURE, "TR1", team=None),
        "t: piece 'TR1': in capture mode a turret belongs",
    ),
    (
        "team craft",
        lambda: craft(CAPTURE, "red1", team=None),
        "t: craft 'red1': in capture mode a craft belongs",
    ),
    (
        "craft platform",
        lambda: piece(CAPTURE, "LW", team="red"),
        "t: craft 'red1': the red team needs exactly one platform (it has 2)",
    ),
    # targets' own (docs/rules.md#7-shooting)
    (
        "team with a target",
        lambda: piece(TARGETS, "P1", team="left"),
        "t: piece 'P1': pod P1 has team 'left' but",
    ),
    (
        "target carried",
        lambda: piece(TARGETS, "P1", target="left-9", team="left"),
        "t: piece 'P1': pod P1 cannot carry target left-9: only an asteroid does",
    ),
    (
        "target set",
        lambda: piece(TARGETS, "W1", team=None),
        "t: piece 'W1': target 'left-1' needs its set as",
    ),
    (
        "target name",
        lambda: piece(TARGETS, "W1", target="left-x"),
        "t: piece 'W1': target 'left-x' of the left",
    ),
    (
        "one carrier per target",
        lambda: piece(TARGETS, "W3", target="left-1"),
        "t: piece 'W3': target left-1 is",
    ),
    (
        "craft side",
        lambda: craft(TARGETS, "blue", team=None),
        "t: craft 'blue': in targets mode a craft plays",
    ),
]


@pytest.mark.parametrize(
    ("name", "broken", "message"), BROKEN, ids=[f"{n}-{i}" for i, (n, *_x) in enumerate(BROKEN)]
)
def test_a_board_broken_one_way_gets_that_checks_problem_alone(name, broken, message):
    state = broken()
    checks = checks_of(state)
    found = {c.name: c.messages(state, "t") for c in checks}
    assert [n for n, messages in found.items() if messages] == [name]
    assert found[name][0].startswith(message), found[name]
    assert problems(state, "t") == tuple(found[name])
    with pytest.raises(ScenarioError) as raised:
        state.validate("t")
    assert str(raised.value) == found[name][0]


def test_the_checks_have_distinct_names_and_each_is_tested_alone():
    every = (*BOARD_CHECKS, *CAPTURE_CHECKS, *TARGET_CHECKS)
    names = [c.name for c in every]
    assert len(set(names)) == len(names)
    assert set(names) == {name for name, *_x in BROKEN}


def test_an_unknown_mode_is_the_only_problem_named():
    state = RACING.replace(mode="chess", round=0)
    assert MODE_KNOWN.messages(state, "t")[0].startswith("t: unknown mode 'chess' (expected one of")
    assert problems(state, "t") == tuple(MODE_KNOWN.messages(state, "t"))


def test_problems_lists_every_problem_of_the_general_checks_in_reading_order():
    state = craft(piece(RACING, "P1", cell=(99, 99)), "blue", pilot="Zed").replace(
        round=0, scores=(("red", "x"),)
    )
    assert [m.split(":")[1].strip() for m in problems(state, "t")] == [
        "round must be a whole number >= 1, got 0",
        "piece 'P1'",
        "craft 'blue'",
        "a score is a (team, whole number) pair, got ('red', 'x')",
    ]
    with pytest.raises(ScenarioError, match="round must be"):
        state.validate("t")


def test_the_first_problem_is_the_first_piece_read_not_the_first_check_listed():
    # GA (the first piece) lacks its symbol, a later check; R1 has a bad colour and priority.
    state = piece(piece(RACING, "GA", symbol=""), "R1", colour="green", priority=0)
    assert problems(state, "t") == (
        "t: piece 'GA': a gate needs a symbol",
        "t: piece 'R1': colour 'green' is not allowed for a asteroid (expected one of "
        "('red', 'white', 'blue', 'white/red', 'white/blue'))",
        "t: piece 'R1': priority must be a whole number >= 1, got 0",
    )
    with pytest.raises(ScenarioError, match="^t: piece 'GA': a gate needs a symbol$"):
        state.validate("t")


def test_the_modes_checks_run_once_the_general_ones_pass():
    broken = piece(piece(CAPTURE, "TR1", team=None), "P1", cell=(99, 99))
    assert problems(broken, "t") == ("t: piece 'P1': cell (99, 99) is off the board",)
    assert problems(piece(CAPTURE, "TR1", team=None), "t")[0].startswith("t: piece 'TR1': in capture mode")


def test_the_editor_is_told_the_pieces_a_mode_has_no_part_for():
    gate = Piece("G9", GATE, (2, 7), "red", 0, 1, "A")
    board = CAPTURE.with_pieces((*CAPTURE.pieces, gate))
    assert validate(board, "t") is board  # a scenario file may hold it
    assert problems(board, "t") == ()
    reason = piece_problem(CAPTURE, gate)
    assert reason.startswith("red gate #1: this piece has no part in capture mode")
    assert problems(board, "editor", editing=True) == (f"editor: piece 'G9': {reason}",)
    assert playable_problems(board) == (f"piece 'G9': {reason}",)
    with pytest.raises(ScenarioError, match="^x: this capture board cannot be played yet: piece 'G9'"):
        check_playable(board, "x")
    assert piece_problem(RACING, gate) == ""  # racing takes any piece its checks allow


def test_each_playable_check_names_its_problem():
    def finds(name: str, state: State) -> list[str]:
        return named(name, PLAYABLE).messages(state)

    no_asteroyds = without(CAPTURE, "AR", "AW")
    assert finds("asteroyds", no_asteroyds) == [
        "the board has no asteroyd: each team needs one (red and white, and blue with three)"
    ]
    assert playable_problems(no_asteroyds) == tuple(finds("asteroyds", no_asteroyds))
    red_only = without(CAPTURE, "AW")
    assert finds("team set", red_only) == [
        "capture is played by red and white, or red, white and blue: this board has asteroyds for red"
    ]
    assert finds("pieces in play", red_only)[0] == (
        "platform LW belongs to the white team, which has no asteroyd on this board"
    )
    assert finds("crafts in play", red_only)[0] == (
        "the white1 craft belongs to the white team, which has no asteroyd on this board"
    )
    no_white_crafts = without(CAPTURE, "white1", "white2")
    assert playable_problems(no_white_crafts) == ("the white team needs 1-3 crafts (it has 0)",)
    no_white_base = without(no_white_crafts, "LW")
    assert playable_problems(no_white_base) == (
        "the white team needs exactly one platform (it has 0)",
        "the white team needs 1-3 crafts (it has 0)",
    )
    message = (
        "^x: this capture board cannot be played yet: the white team needs exactly one platform "
        "\\(it has 0\\) \\(and 1 more\\)$"
    )
    with pytest.raises(ScenarioError, match=message):
        check_playable(no_white_base, "x")


def test_a_racing_board_needs_a_craft_to_play_but_a_game_may_start_without():
    empty = State("racing", ())
    assert playable_problems(empty) == ("there is no craft on the board: add one with the Craft tool",)
    assert check_playable(empty, "x") is empty
