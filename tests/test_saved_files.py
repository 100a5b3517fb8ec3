"""Files saved before issue 21 (modes as plug-ins) still load, and replay to the same states.

``tests/data/before/`` was written by the version before the change (commit ec8b017, with
``tests/data/before/make.py``): saved games of every mode (capture with its own rules,
a game stopped mid-round and one mid-turn) with the state that version replayed each to,
and scenario files of states only play makes (drones launched, team scores, a carried
asteroyd). The current code must read every one of them and reach the same states.

One expected state was re-derived since, for a rule correction, not a refactoring:
``capture.game.state.json`` after friendly fire (RULES §11, "all crafts in the stopping space are
hit"; tests/test_capture_friendly_fire.py). In its turn 3, white2's laser stops on red1 and white1
at (6, 12): white1 is now hit too and sent home to (6, 14); nothing else in the game changes.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from asteroyds import scenario
from asteroyds.game import Game

BEFORE = Path(__file__).parent / "data" / "before"
GAMES = sorted(p for p in BEFORE.glob("*.game.json"))
SCENARIOS = sorted(BEFORE.glob("*.scenario.json"))


def test_the_files_are_there():
    assert len(GAMES) >= 8 and len(SCENARIOS) >= 5
    modes = {scenario.loads(p.read_text(encoding="utf-8")).mode for p in SCENARIOS}
    assert modes == {"racing", "targets", "drones", "capture"}


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_saved_game_loads_and_replays_to_the_same_state(path):
    game = Game.load(path)
    expected = path.with_name(path.name.replace(".game.json", ".game.state.json")).read_text(encoding="utf-8")
    assert scenario.dumps(game.state) == expected
    assert game.dumps() == path.read_text(encoding="utf-8")  # saved again, byte for byte


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_a_scenario_file_loads_and_saves_the_same(path):
    text = path.read_text(encoding="utf-8")
    state = scenario.loads(text, where=path.name)
    assert scenario.dumps(state) == text


def test_the_capture_game_keeps_its_own_rules():
    game = Game.load(BEFORE / "capture.game.json")
    saved = game.to_dict()
    assert saved["capture_rules"] == {
        "destructible_asteroids": False,
        "target": None,
        "victory_check": "turn",
    }
    assert game.phase == "plan" and "red1" in game.programs  # stopped mid-turn, one chart in
