"""The flight checker (tests/checkers/flight.py) against ``asteroyds.flight.fly``, over random boards.

The checker flies every program from the rules (docs/rules.md#5-flying-and-the-status-chart):
each move, pivot and collision, the damage (2, 1 with the shield; 4, 3 to
destroy an asteroid), the rest of the program cancelled, gates and tokens
with their column, platforms, the border, each pilot power once, Lawrence's
emergency shield, landing; the engine must agree on every fact and on the
crafts and pieces it returns. The last test plants a bug (a shield that
reduces nothing) and expects the checker to see it.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, find, given, settings

import asteroyds.flight
from asteroyds.flight import fly
from tests.checkers import search_settings
from tests.checkers.boards import flights
from tests.checkers.flight import Flight, check_flight, engine_decide
from tests.helpers import craft, state, tile

FAST = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
# A planted bug must be found among the same generated examples every run, without shrinking (speed).
SEARCH = search_settings()


def mismatches(case) -> list[str]:
    """Fly ``case`` with the engine and return what the checker finds wrong."""
    state, programs, choose = case
    decide, asked = engine_decide(choose)
    after, events = fly(state, programs, decide=decide)
    return check_flight(state, programs, choose, after, events, asked)


@FAST
@given(flights())
def test_the_engine_flies_as_the_rules_say(case):
    assert mismatches(case) == []


@pytest.mark.slow
@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(flights())
def test_the_engine_flies_as_the_rules_say_many_boards(case):
    assert mismatches(case) == []


def test_the_checker_catches_a_shield_that_reduces_nothing(monkeypatch):
    real = asteroyds.flight.apply_damage

    def unshielded(craft, base, shielded, *args, **kwargs):
        return real(craft, base, False, *args, **kwargs)

    monkeypatch.setattr(asteroyds.flight, "apply_damage", unshielded)
    found = mismatches(find(flights(), lambda case: bool(mismatches(case)), settings=SEARCH))
    assert any("damage" in line for line in found), found


def test_the_checker_catches_a_collision_that_does_not_cancel_the_program(monkeypatch):
    monkeypatch.setattr(asteroyds.flight._Flight, "collide", lambda self, *args: True)
    found = mismatches(find(flights(), lambda case: bool(mismatches(case)), settings=SEARCH))
    assert found


def test_the_checker_reads_the_damage_table():
    """By hand, the numbers of docs/rules.md#5-flying-and-the-status-chart: 2 (1 shielded), 4 (3) to ram."""
    rock = tile("A1", "asteroid", "red", (6, 8), "E", 1)
    board = state([rock], [craft("blue", (6, 7), "E", damage=1)])
    bounce = Flight(board, lambda q: False).run({"blue": "F F . . . . S"})
    assert bounce.facts == [
        ("collide", "blue", 1, (6, 8), "asteroid"),
        ("damage", "blue", 1, 2, 1, 2, False),
    ]  # the rest of the program is cancelled: no second step
    ram = Flight(board, lambda q: True).run({"blue": "F . . . . . F"})
    assert ram.facts == [
        ("rammed", "blue", 1, "A1"),
        ("damage", "blue", 1, 4, 4, 5, False),
        ("asteroid_destroyed", "blue", 1, "A1"),
        ("move", "blue", 1, (6, 7), (6, 8)),
        ("move", "blue", 7, (6, 8), (6, 9)),
    ]
    assert ram.crafts["blue"].destroy_used and ram.crafts["blue"].damage == 5
