"""Stepping through events rebuilds exactly the states the engine computed."""

from __future__ import annotations

import pytest

from asteroyds.simulate import play_bot_game
from asteroyds.snapshots import apply_event, snapshots


@pytest.mark.parametrize("seed", range(12))
def test_snapshots_end_on_the_engine_state_after_every_phase(seed):
    checked = []

    def on_round(game):
        before = game.history[-2]
        # Re-derive each phase's result from its events alone.
        state = before
        for phase in ("asteroids", "fly"):
            events = [e for (rnd, ph, e) in game.log if rnd == before.round and ph == phase]
            state = snapshots(state, events)[-1]
        after_fly = game.history[-1].replace(player_order=before.player_order, round=before.round)
        assert state == after_fly
        checked.append(game.round)

    styles = ["random", "greedy", "random", "greedy"]
    pilots = ["Lawrence", "Hector", "Dolorosa", "Yayenek"]
    play_bot_game(["blue", "red", "green", "yellow"], styles, seed=seed, pilots=pilots, on_round=on_round)
    assert checked


def test_snapshots_has_one_more_state_than_events_and_unknown_events_change_nothing():
    game = play_bot_game(["blue", "red"], ["random", "random"], seed=3, max_rounds=1)
    events = [e for (_, _, e) in game.log]
    states = snapshots(game.initial, events)
    assert len(states) == len(events) + 1
    dice_event = next(e for e in events if e.type == "dice_rolled")
    assert apply_event(game.initial, dice_event) is game.initial
