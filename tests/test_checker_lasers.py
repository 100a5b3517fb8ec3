"""The laser checker (tests/checkers/lasers.py) against the engine, in shooting, targets and drones mode.

Two levels: the geometry alone (``asteroyds.shooting.trace`` from every
space and direction of a random board: the path, what stops it, crafts never
do, a turret shelters its drone), and whole flights whose programs shoot a
lot, where the flight checker fires the rule's laser at each Shoot and
compares what is hit and what it gives (a gate's token, a drone's symbol, a
target eliminated and its token), docs/rules.md#7-shooting.
The last tests plant bugs: a laser that passes through drones, a hit that
gives no token.
"""

from __future__ import annotations

from hypothesis import HealthCheck, find, given, settings
from hypothesis import strategies as st

import asteroyds.flight
import asteroyds.shooting
from asteroyds.flight import fly
from asteroyds.hexgrid import distance
from asteroyds.shooting import trace
from tests.checkers import search_settings
from tests.checkers.boards import crowded_states, flights
from tests.checkers.flight import check_flight, engine_decide
from tests.checkers.lasers import check_trace

FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
SEARCH = search_settings()
SHOOTING_MODES = ("shooting", "targets", "drones")
shooting_flights = flights(modes=SHOOTING_MODES, shots=True)


def near_pieces(state) -> list:
    """The spaces within 2 of a piece (where lasers meet things), or the whole board if it is empty."""
    return [c for c in state.board.cells if any(distance(c, p.cell) <= 2 for p in state.pieces)] or list(
        state.board.cells
    )


def trace_mismatches(state, starts=None) -> list[str]:
    """The lasers from ``starts`` (by default every space near a piece), each way, against the rule's."""
    return [
        line
        for start in (near_pieces(state) if starts is None else starts)
        for direction in range(6)
        for line in check_trace(state.board, state.pieces, start, direction, trace(state, start, direction))
    ]


def flight_mismatches(case) -> list[str]:
    state, programs, choose = case
    decide, asked = engine_decide(choose)
    after, events = fly(state, programs, decide=decide)
    return check_flight(state, programs, choose, after, events, asked)


@FAST
@given(st.sampled_from(SHOOTING_MODES).flatmap(crowded_states), st.data())
def test_lasers_run_as_the_rules_say(state, data):
    starts = data.draw(st.lists(st.sampled_from(near_pieces(state)), min_size=1, max_size=12, unique=True))
    assert trace_mismatches(state, starts) == []


@FAST
@given(shooting_flights)
def test_shots_in_flight_hit_and_reward_as_the_rules_say(case):
    assert flight_mismatches(case) == []


def test_the_checker_catches_a_laser_that_passes_through_drones(monkeypatch):
    monkeypatch.setattr(asteroyds.shooting, "LASER_STOPS", asteroyds.shooting.LASER_STOPS - {"drone"})
    board = find(crowded_states("drones"), lambda s: bool(trace_mismatches(s)), settings=SEARCH)
    assert any("piece hit" in line for line in trace_mismatches(board))
    case = find(shooting_flights, lambda case: bool(flight_mismatches(case)), settings=SEARCH)
    assert any("laser" in line for line in flight_mismatches(case))


def test_the_checker_catches_a_hit_that_gives_no_token(monkeypatch):
    monkeypatch.setattr(asteroyds.flight, "reward", lambda mode, piece: None)
    case = find(shooting_flights, lambda case: bool(flight_mismatches(case)), settings=SEARCH)
    assert any("token" in line or "target" in line for line in flight_mismatches(case))
