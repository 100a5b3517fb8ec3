"""Whole seeded bot games of the shooting modes (shooting, targets, drones): invariants to the end.

For each mode Hypothesis draws the seed, the number of players (2-6), the
bots' styles (greedy, random or a mix), pilots, the "one shot per turn"
variant and, in targets mode, a handicap. Each game runs until it is over (a
winner, a draw, or every craft destroyed). Checked after every round:

- no two objects share a cell, except a drone inside its own turret;
- pieces are conserved: only destroyed asteroids and removed drones leave,
  only drones are added (drones mode), nothing else about a piece changes
  but its cell, and in targets mode the loss of its target;
- damage never decreases and stops at 6; tokens only grow; a destroyed craft
  stays destroyed;
- stepping through the round's events (asteroyds.snapshots) rebuilds the
  engine's state.

At the end, the saved game reloads to the identical history. The number of
games per mode is ``ASTEROYDS_MODE_GAMES`` (default 300); ``MAX_ROUNDS``
caps a game (bots finish well before it).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asteroyds import registry
from asteroyds.game import Game
from asteroyds.modes import mode_named
from asteroyds.modes.standard import STANDARD_TURN
from asteroyds.pieces import MAX_DAMAGE, PLAYER_COLOURS
from asteroyds.rules import RuleSettings
from asteroyds.simulate import play_bot_game, random_pilots
from asteroyds.snapshots import snapshots
from asteroyds.state import State

pytestmark = pytest.mark.slow  # about 20 s for the 900 games on one core

GAMES = int(os.environ.get("ASTEROYDS_MODE_GAMES", "300"))
MAX_ROUNDS = 60
# Every registered mode on the standard turn but racing (tests/test_bot_games.py plays 1,000 races):
# a new mode on the status chart is played here with no test written.
MODES = tuple(
    name for name in registry.names() if mode_named(name).turn is STANDARD_TURN and name != "racing"
)


def check_cells(state: State) -> None:
    cells = {}
    for p in state.pieces:
        other = cells.get(p.cell)
        if other is not None:
            assert {other.kind, p.kind} == {"drone", "turret"} and other.symbol == p.symbol, (p, other)
        cells[p.cell] = p


def check_round(previous: State, current: State, events) -> None:
    check_cells(current)
    before = {p.id: p for p in previous.pieces}
    after = {p.id: p for p in current.pieces}
    gone = {e.piece: e.type for e in events if e.type in ("asteroid_destroyed", "drone_removed")}
    for pid in set(before) - set(after):
        kind = {"asteroid": "asteroid_destroyed", "drone": "drone_removed"}.get(before[pid].kind)
        assert gone.get(pid) == kind, f"only destroyed asteroids and removed drones leave, not {pid}"
    for pid in set(after) - set(before):
        launched = any(e.type == "drone_launched" and e.piece == pid for e in events)
        assert current.mode == "drones" and after[pid].kind == "drone" and launched, f"{pid} appeared"
    for pid in set(before) & set(after):
        p, q = after[pid], before[pid]
        assert (p.kind, p.colour, p.priority, p.orientation, p.symbol) == (
            q.kind,
            q.colour,
            q.priority,
            q.orientation,
            q.symbol,
        )
        assert p.target in (q.target, None) and (p.team == q.team or p.target is None), (q, p)
    for old, new in zip(previous.crafts, current.crafts, strict=True):
        assert (new.player, new.team) == (old.player, old.team)
        assert old.damage <= new.damage <= MAX_DAMAGE
        assert new.tokens[: len(old.tokens)] == old.tokens
        assert (new.cell is None) == (new.damage == MAX_DAMAGE)
        if old.cell is None:
            assert new.cell is None


def check_snapshots(game: Game) -> None:
    """The round's events, applied one by one to the state before it, give the state after it."""
    before, after = game.history[-2], game.history[-1]
    rebuilt = snapshots(before, game.round_events)[-1]  # roll (drone launches) to end (drone removals)
    assert rebuilt == after.replace(player_order=before.player_order, round=before.round)


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=GAMES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    n_players=st.integers(2, 6),
    greedy_share=st.sampled_from([0.0, 0.5, 1.0]),
    with_pilots=st.booleans(),
    one_shot=st.booleans(),
    handicap=st.integers(0, 3),
)
def test_mode_games_run_to_the_end_with_invariants(
    mode, seed, n_players, greedy_share, with_pilots, one_shot, handicap
):
    rng = random.Random(seed)
    players = PLAYER_COLOURS[:n_players]
    styles = ["greedy" if rng.random() < greedy_share else "random" for _ in players]
    pilots = random_pilots(players, rng) if with_pilots else None
    # Unbalanced teams (an odd number of players) give the handicap a weaker team.
    handicap = handicap if mode == "targets" and n_players % 2 else 0
    rules = RuleSettings(one_shot_per_turn=one_shot, targets_handicap=handicap)

    def on_round(game: Game) -> None:
        check_round(game.history[-2], game.history[-1], game.round_events)
        check_snapshots(game)

    game = play_bot_game(
        players,
        styles,
        seed=seed,
        mode=mode,
        pilots=pilots,
        rules=rules,
        max_rounds=MAX_ROUNDS,
        on_round=on_round,
    )
    assert game.is_over, f"no end after {MAX_ROUNDS} rounds"
    check_cells(game.initial)
    if mode == "targets" and handicap:
        targets = [p.target for p in game.initial.pieces if p.target]
        assert len(targets) == 12 - handicap
    reloaded = Game.loads(game.dumps())
    assert reloaded.state == game.state and reloaded.history == game.history
    assert reloaded.outcome == game.outcome
