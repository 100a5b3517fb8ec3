"""Stepping through a capture turn's events rebuilds exactly the state the engine computed."""

from __future__ import annotations

import random

import pytest

from asteroyds.dice import Dice
from asteroyds.modes.capture import resolve, setup
from asteroyds.modes.capture.bot import plan_all
from asteroyds.modes.capture.replay import disabled_turret_cells, disabled_turrets
from asteroyds.round import end_round
from asteroyds.snapshots import snapshots

CASES = [(2, 0), (2, 2), (2, 4), (3, 0)]


def _turns(teams: int, blue: int, seed: int, turns: int = 8):
    """(before, events, after) of the first bot turns of a seeded game."""
    state = setup(teams=teams, crafts_per_team=2 if teams == 3 else 3, seed=seed, blue_asteroids=blue)
    rng = random.Random(f"test-capture-snapshots:{seed}")
    for _ in range(turns):
        dice = Dice(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        after, events = resolve(state, dice, plan_all(state, dice, rng))
        yield state, events, after
        state, _, result = end_round(after, events)
        if result is not None:
            return


@pytest.mark.parametrize(("teams", "blue"), CASES)
@pytest.mark.parametrize("seed", range(8))
def test_snapshots_end_on_the_state_resolve_returned(teams, blue, seed):
    seen: set[str] = set()
    for before, events, after in _turns(teams, blue, seed):
        states = snapshots(before, events)
        assert len(states) == len(events) + 1
        assert states[-1] == after
        for state in states:  # every intermediate board is a valid board
            for piece in state.pieces:
                if piece.carrier is not None:
                    assert piece.cell == state.craft(piece.carrier).cell
        seen.update(e.type for e in events)
    assert "capture_laser_fired" in seen


def test_the_bot_games_exercise_the_state_changing_capture_events():
    seen: set[str] = set()
    for teams, blue in CASES:
        for seed in range(8):
            for _, events, _ in _turns(teams, blue, seed):
                seen.update(e.type for e in events)
    for wanted in (
        "capture_craft_teleported",
        "capture_asteroyd_picked_up",
        "capture_asteroyd_dropped",
        "capture_asteroyd_returned",
        "capture_point_scored",
        "capture_asteroid_blasted",
        "capture_turret_disabled",
        "tile_moved",
    ):
        assert wanted in seen, wanted


def test_a_carried_asteroyd_travels_with_its_carrier_and_scores():
    for before, events, _ in _turns(2, 0, 1, turns=30):
        types = [e.type for e in events]
        if "capture_point_scored" not in types:
            continue
        states = snapshots(before, events)
        k = types.index("capture_point_scored")
        scored = events[k]
        assert dict(states[k + 1].scores)[scored.team] == dict(before.scores)[scored.team] + 1
        returned = states[k + 2].piece(scored.asteroyd)
        assert returned.carrier is None and returned.cell == returned.home
        return
    pytest.fail("no point scored in 30 turns of seed 1")


def test_disabled_turrets_are_read_from_the_events():
    for _, events, _ in _turns(2, 0, 0, turns=30):
        hits = [e for e in events if e.type == "capture_turret_disabled"]
        if hits:
            assert disabled_turrets(events) == tuple(dict.fromkeys(e.turret for e in hits))
            assert disabled_turret_cells(events) == tuple(dict.fromkeys(tuple(e.cell) for e in hits))
            assert disabled_turrets(events[: events.index(hits[0])]) == ()
            return
    pytest.fail("no turret disabled in 30 turns of seed 0")


def test_other_modes_are_untouched_by_the_capture_rules():
    from asteroyds.simulate import play_bot_game

    game = play_bot_game(["blue", "red"], ["random", "greedy"], seed=2, max_rounds=3)
    events = [e for (_, _, e) in game.log]
    assert len(snapshots(game.initial, events)) == len(events) + 1
