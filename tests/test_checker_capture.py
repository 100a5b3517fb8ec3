"""Capture's turn checker (tests/checkers/capture.py) against ``asteroyds.modes.capture.resolve``.

Random capture boards (two or three teams, turrets, pods, blue asteroids,
asteroyds at home, dropped or carried, crafts one step from scoring) and
random charts: the checker plays the six rounds from the rules
(docs/rules.md#11-capture-the-asteroyd: lasers first and simultaneous, no
friendly fire, Shield and Shoot anticipation, teleport home, carrying and
dropping, scoring, victory) and the engine must agree on every round's
facts and on the state it returns. The last tests plant bugs: a laser that
passes enemy crafts, and friendly fire.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings

from asteroyds import scenario
from asteroyds.modes.capture import CaptureRules, resolve
from asteroyds.modes.capture.resolve import _Turn
from tests.checkers import search_settings
from tests.checkers.boards import capture_turns
from tests.checkers.capture import CaptureTurn, check_capture

# No shrinking: a capture turn is big and shrinking one takes minutes; the mismatches name what
# differs, and Hypothesis prints the board, the dice and the charts.
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
FAST = settings(max_examples=150, deadline=None, phases=NO_SHRINK, suppress_health_check=list(HealthCheck))
SEARCH = search_settings()


def mismatches(case) -> list[str]:
    state, dice, programs, rules = case
    after, events = resolve(state, dice, programs, rules)
    return check_capture(state, dice, programs, rules, after, events)


@FAST
@given(capture_turns())
def test_a_capture_turn_resolves_as_the_rules_say(case):
    assert mismatches(case) == []


@pytest.mark.slow
@settings(max_examples=800, deadline=None, phases=NO_SHRINK, suppress_health_check=list(HealthCheck))
@given(capture_turns())
def test_a_capture_turn_resolves_as_the_rules_say_many_boards(case):
    assert mismatches(case) == []


def test_the_checker_catches_a_laser_that_passes_enemy_crafts(monkeypatch):
    real = _Turn.trace

    def blind(self, *args):  # the laser sees no craft on its way
        order, self.order = self.order, []
        try:
            return real(self, *args)
        finally:
            self.order = order

    monkeypatch.setattr(_Turn, "trace", blind)
    found = mismatches(find(capture_turns(), lambda case: bool(mismatches(case)), settings=SEARCH))
    assert any("'shot'" in line for line in found), found


def test_the_checker_catches_friendly_fire(monkeypatch):
    real = _Turn.trace

    def friendly(self, team, start, direction, pierce, k):  # allies in the stopping space are hit too
        path, end, reason, blocker, name, hits, dodged = real(self, team, start, direction, pierce, k)
        if reason == "craft":
            allies = [
                p for p in self.order if self.cell[p] == end and p not in self.out and self.team[p] == team
            ]
            hits = tuple(hits) + tuple(p for p in allies if p not in hits)
        return path, end, reason, blocker, name, hits, dodged

    monkeypatch.setattr(_Turn, "trace", friendly)
    found = mismatches(find(capture_turns(), lambda case: bool(mismatches(case)), settings=SEARCH))
    assert any("'shot'" in line for line in found), found


def test_the_checker_passes_an_ally_in_the_stopping_space():
    """The Decision itself, on a hand-made board: red1 fires E along row 7; white1 and red2 share (7, 7)."""
    state = scenario.from_dict(
        {
            "format": "asteroyds/scenario@1",
            "mode": "capture",
            "pieces": [
                {"id": "AR", "kind": "asteroyd", "cell": [0, 3], "team": "red", "home": [0, 3]},
                {"id": "AW", "kind": "asteroyd", "cell": [7, 7], "team": "white", "home": [12, 12]}
                | {"carrier": "red2"},
                {
                    "id": "LR",
                    "kind": "platform",
                    "colour": "red",
                    "cell": [6, 1],
                    "facing": "E",
                    "team": "red",
                },
                {"id": "LW", "kind": "platform", "colour": "white", "cell": [6, 14], "facing": "W"}
                | {"team": "white"},
            ],
            "crafts": [
                {"player": "red1", "cell": [7, 3], "facing": "E", "team": "red"},
                {"player": "white1", "cell": [7, 7], "facing": "W", "team": "white"},
                {"player": "red2", "cell": [7, 7], "facing": "E", "team": "red"},
            ],
            "player_order": ["red1", "white1", "red2"],
            "scores": {"red": 0, "white": 0},
        }
    )
    turn = CaptureTurn(state, (1, 1, 1), {"red1": "X . . . . . -"}, CaptureRules()).run()
    path = ((7, 4), (7, 5), (7, 6), (7, 7))
    assert ("laser", "red1", (7, 3), 0, path, (7, 7), "craft", ("white1",)) in turn.facts[1]
    assert [f for f in turn.facts[1] if f[0] == "shot"] == [("shot", "white1")]
    assert turn.pieces["AW"].carrier == "red2" and turn.cell["red2"] == (7, 7)
