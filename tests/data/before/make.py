"""Write the saved games and scenario files of tests/data/before/ with the version to keep loading.

Run with that version first on the path (it was commit ec8b017, before issue 21):

    PYTHONPATH=/path/to/that/checkout python tests/data/before/make.py tests/data/before

Each ``*.game.json`` is a saved game (``Game.dumps``) and ``*.game.state.json`` the state
that version replayed it to; each ``*.scenario.json`` a scenario file (``scenario.dumps``).
tests/test_saved_files.py loads them with the current code and compares.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from asteroyds.modes.capture_bot import plan_all
from asteroyds.modes.capture_resolve import CaptureRules

from asteroyds import scenario
from asteroyds.game import Game
from asteroyds.simulate import play_bot_game


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    games: dict[str, Game] = {}
    # Whole bot games of the four one-round modes (seeded dice, programs, answers).
    games["racing"] = play_bot_game(
        ["blue", "red", "green"], ["greedy", "random", "greedy"], seed=4, max_rounds=6
    )
    games["racing-pilots"] = play_bot_game(
        ["blue", "red"], ["random", "random"], seed=11, max_rounds=5, pilots=["Lawrence", "Hector"]
    )
    games["shooting"] = play_bot_game(["blue", "red"], seed=2, mode="shooting", max_rounds=4)
    games["targets"] = play_bot_game(["red", "blue", "yellow"], seed=3, mode="targets", max_rounds=4)
    games["drones"] = play_bot_game(["green", "orange"], seed=5, mode="drones", max_rounds=5)
    # A racing game stopped mid-round: dice rolled, one program in, the asteroids moved.
    mid = Game.new(players=["blue", "red"], seed=9)
    mid.roll((3, 5, 2))
    mid.submit("blue", "F F R L . . S")
    mid.resolve_asteroids()
    games["racing-mid-round"] = mid
    # Capture: its own rules saved with the game, blue asteroids, a few turns, then mid-turn planning.
    capture = Game.capture(
        teams=2,
        crafts_per_team=2,
        seed=6,
        capture_rules=CaptureRules(destructible_asteroids=False, victory_check="turn"),
        blue_asteroids=2,
    )
    rng = random.Random(6)
    for _turn in range(4):
        capture.roll()
        for player, program in plan_all(capture.state, capture.dice, rng).items():
            capture.submit(player, program)
        capture.play_phases()
        if capture.is_over:
            break
    if not capture.is_over:
        capture.roll()
        capture.submit("red1", "F F X . . . S2")
    games["capture"] = capture
    three = Game.capture(teams=3, crafts_per_team=1, seed=8, pilots={"red1": "Lawrence"})
    three.play_round({"red1": "F F . . . . S2,5", "white1": "F X . . . . X2"}, dice=(2, 4, 6))
    games["capture-3teams"] = three
    for name, game in games.items():
        (folder / f"{name}.game.json").write_text(game.dumps(), encoding="utf-8")
        (folder / f"{name}.game.state.json").write_text(scenario.dumps(game.state), encoding="utf-8")
    # Scenario files: setups, and states with what only play makes (drones launched, scores, a carrier).
    scenarios = {
        "racing-after-play": games["racing"].state,
        "targets-after-play": games["targets"].state,
        "drones-after-play": games["drones"].state,
        "capture-after-play": games["capture"].state,
        "capture-3teams": games["capture-3teams"].state,
    }
    carrier = next((s for s in games["capture"].history if any(p.carrier for p in s.pieces)), None)
    if carrier is not None:
        scenarios["capture-carried"] = carrier
    for name, state in scenarios.items():
        (folder / f"{name}.scenario.json").write_text(scenario.dumps(state), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
