"""Files saved before issue 21 (modes as plug-ins) still load, and replay to the same states.

``tests/data/before/`` was written by the version before the change (commit ec8b017, with
``tests/data/before/make.py``): saved games of every mode (capture with its own rules,
a game stopped mid-round and one mid-turn) with the state that version replayed each to,
and scenario files of states only play makes (drones launched, team scores, a carried
asteroyd). The current code must read every one of them and reach the same states.

One expected state was re-derived once, for a rule, not a refactoring, and is back to what
that version wrote: ``capture.game.state.json``. Friendly fire (every craft in a laser's
stopping space hit, allies too) had sent white1 home to (6, 14) in turn 3, where white2's laser
stops on red1 at (6, 12) with white1 in the same space. The rule is no friendly fire
(docs/rules.md#11-capture-the-asteroyd, tests/test_capture_no_friendly_fire.py): the laser passes
white1 there, which stays at (6, 12), as ec8b017 replayed it; nothing else in the game changes.
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


def test_the_capture_game_has_no_friendly_fire():
    # Turn 3: white2's laser stops on red1 at (6, 12), where its team-mate white1 stands too.
    game = Game.load(BEFORE / "capture.game.json")
    turn3 = [e for r, _phase, e in game.log if r == 3]
    laser = next(e for e in turn3 if e.type == "capture_laser_fired" and e.shooter == "white2")
    assert (laser.end, laser.hits) == ((6, 12), ("red1",))
    assert [e.player for e in turn3 if e.type == "capture_craft_shot"] == ["red1"]
    assert game.state.craft("white1").cell == (6, 12)
