"""The list of small checks names the same first problem, in the same words, as the one-pass reading.

``tests/checkers/validation.py`` keeps the board checks as one function that reads a
board piece by piece and raises at the first broken rule (``State.validate`` before
issue 36). Boards broken in one to five random ways, in every built-in mode, must get
the same error from :meth:`State.validate` (its type and message), so every scenario
error stays the same.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asteroyds import setup
from asteroyds.checks import problems
from asteroyds.modes.capture import layout
from asteroyds.state import State
from tests.checkers.validation import validate as one_pass

SOUND: tuple[State, ...] = (
    setup("racing", seed=1, players=["blue", "red"]),
    setup("drones", seed=2, players=["blue", "red", "green"]),
    setup("targets", seed=3, players=["blue", "red"]),
    layout(2),
    layout(3),
)
CELLS = st.one_of(st.sampled_from([(99, 99), (1, 7), (4, 8), (6, 1), (6, 3), (1, 4), (10, 5)]), st.none())
PIECE_FIELDS = {
    "id": st.sampled_from(["", "P1", "R1", "AR", "W1", "T1"]),
    "kind": st.sampled_from(["rock", "pod", "asteroid", "gate", "drone", "turret", "asteroyd", "platform"]),
    "cell": CELLS.filter(lambda c: c is not None),
    "colour": st.sampled_from([None, "green", "red", "white/red", "blue"]),
    "orientation": st.sampled_from([None, 0, 3, 7]),
    "priority": st.sampled_from([None, 0, 1, 14, True]),
    "symbol": st.sampled_from([None, "", "A", "B"]),
    "target": st.sampled_from([None, "left-1", "left-9", "left-x", "right-1"]),
    "team": st.sampled_from([None, "red", "white", "blue", "green", "left", "right"]),
    "carrier": st.sampled_from([None, "red1", "white1", "blue", "nobody"]),
    "home": CELLS,
}
CRAFT_FIELDS = {
    "cell": CELLS,
    "facing": st.sampled_from([0, 2, 9]),
    "pilot": st.sampled_from([None, "Hector", "Zed"]),
    "damage": st.sampled_from([0, 3, 6, 7]),
    "tokens": st.sampled_from([(), ("A",), ("A", "A")]),
    "team": st.sampled_from([None, "red", "white", "left", "right"]),
}


@st.composite
def broken_boards(draw: st.DrawFn) -> State:
    state = draw(st.sampled_from(SOUND))
    for _n in range(draw(st.integers(1, 5))):
        what = draw(st.sampled_from(["piece", "piece", "piece", "craft", "craft", "state"]))
        if what == "piece" and state.pieces:
            index = draw(st.integers(0, len(state.pieces) - 1))
            name = draw(st.sampled_from(sorted(PIECE_FIELDS)))
            pieces = list(state.pieces)
            pieces[index] = pieces[index]._replace(**{name: draw(PIECE_FIELDS[name])})
            state = state.replace(pieces=tuple(pieces))
        elif what == "craft" and state.crafts:
            index = draw(st.integers(0, len(state.crafts) - 1))
            name = draw(st.sampled_from(sorted(CRAFT_FIELDS)))
            crafts = list(state.crafts)
            crafts[index] = replace(crafts[index], **{name: draw(CRAFT_FIELDS[name])})
            state = state.replace(crafts=tuple(crafts))
        else:
            state = draw(
                st.sampled_from(
                    [
                        state.replace(round=0),
                        state.replace(player_order=state.player_order[1:]),
                        state.replace(scores=(("red", "x"),)),
                        state.replace(scores=(("red", 0), ("red", 1))),
                        state.replace(mode="chess"),
                    ]
                )
            )
    return state


def outcome(check, state: State) -> tuple[str, str]:
    try:
        check(state, "t")
    except Exception as exc:  # the type is compared too
        return type(exc).__name__, str(exc)
    return "", ""


@settings(max_examples=600, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(broken_boards())
def test_validate_names_the_first_problem_of_the_one_pass_reading(state):
    expected = outcome(one_pass, state)
    assert outcome(State.validate, state) == expected
    if expected[0] == "ScenarioError":  # and problems() lists it first
        assert problems(state, "t")[0] == expected[1]


@pytest.mark.parametrize("state", SOUND, ids=[s.mode for s in SOUND])
def test_both_readings_pass_a_sound_board(state):
    assert outcome(one_pass, state) == outcome(State.validate, state) == ("", "")
