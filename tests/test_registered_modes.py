"""Every registered mode, tested by the registry (as OpenSpiel's ``games_sim_test`` runs every game).

The modes are read from :mod:`asteroyds.registry` when the tests are collected, so a mode added to
:data:`asteroyds.modes.BUILT_IN` gets all of this with no test written:

- bots play whole seeded games to the end, and the state's invariants hold after **every phase**
  (the mode's own checks of a board, pieces conserved, damage and tokens only grow, a destroyed
  craft stays destroyed, stepping through the round's events rebuilds the engine's state);
- save → load → replay gives the identical game at several points, and rewinding to a round gives
  the state the game had then;
- a scenario file of the mode's setup loads back to the same board;
- the command line's ``play``, ``render``, ``asteroids`` and ``round`` run for it.

The games here are few and short (the quick loop); ``tests/test_mode_games.py`` plays hundreds of
games per mode with varied players, pilots and variants (slow).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import asteroyds  # noqa: F401  (registers the built-in modes before the list below is read)
from asteroyds import registry, scenario
from asteroyds.bot import decision_policy, plan_bots
from asteroyds.cli import main
from asteroyds.events import Event
from asteroyds.game import Game
from asteroyds.phases import Phase
from asteroyds.pieces import MAX_DAMAGE
from asteroyds.snapshots import snapshots
from asteroyds.state import State

MODES = registry.names()
MAX_ROUNDS = 40  # every built-in mode's bots finish well before it (capture: about 20 rounds)
SEEDS = st.integers(0, 2**32 - 1)


def test_the_list_is_the_registry():
    """The parametrisation below is the registry itself, not a copy kept by hand."""
    assert tuple(registry.registered()) == MODES and len(MODES) >= 5
    assert {"racing", "capture"} <= set(MODES)


def check_phase(before: State, after: State, events: Sequence[Event]) -> None:
    """What holds after any phase of any mode (``before`` is the state the phase started from)."""
    after.validate("after a phase")  # the mode's own checks of a board, one object per space …
    ids = [p.id for p in after.pieces]
    assert len(ids) == len(set(ids)), f"a piece id twice: {ids}"
    old = {p.id: p for p in before.pieces}
    for piece in after.pieces:
        if piece.id in old:  # a piece keeps what it is; only where it stands may change
            was = old[piece.id]
            assert (piece.kind, piece.colour, piece.priority, piece.symbol) == (
                was.kind,
                was.colour,
                was.priority,
                was.symbol,
            ), (was, piece)
    gone = sorted(set(old) - set(ids))
    named = {value for e in events for value in e.to_dict().values() if isinstance(value, str)}
    assert set(gone) <= named, f"{gone} left the board with no event naming them"
    assert [c.player for c in after.crafts] == [c.player for c in before.crafts]
    for was, craft in zip(before.crafts, after.crafts, strict=True):
        assert was.damage <= craft.damage <= MAX_DAMAGE, (was, craft)
        assert (craft.cell is None) == (craft.damage == MAX_DAMAGE), craft
        assert was.cell is not None or craft.cell is None, f"{craft.player} came back from destruction"
        assert set(was.tokens) <= set(craft.tokens), (was.tokens, craft.tokens)


def play(mode: str, seed: int, on_phase: Callable[[State, State, list[Event]], None] = check_phase) -> Game:
    """A whole bot game of ``mode`` on its own setup, every phase checked by ``on_phase``."""
    rng = random.Random(f"registered-modes:{mode}:{seed}")
    game = Game.new(mode, seed=seed, policy=decision_policy(rng))
    styles = ("greedy", "random")
    steps = {
        Phase.PLAN: game.resolve_asteroids,
        Phase.ASTEROIDS: game.resolve_asteroids,
        Phase.FLY: game.fly,
        Phase.END: game.end_round,
    }
    while not game.is_over and game.round <= MAX_ROUNDS:
        start = before = game.state
        dice = game.roll()
        on_phase(before, game.state, game.events())  # the mode's start of a round (drones launched)
        waiting = {player: styles[i % 2] for i, player in enumerate(game.waiting_for())}
        plans = plan_bots(
            game.state, dice, waiting, lambda _key: rng, order=game.order, mode_rules=game.mode_rules
        )
        for player, program in sorted(plans.programs.items()):
            game.submit(player, program)
        while game.phase in steps:
            assert game.pending is None, "the policy answers every question"
            before = game.state
            events = steps[game.phase]()
            on_phase(before, game.state, events)
        rebuilt = snapshots(start, game.round_events)[-1]  # the round's events replayed one by one
        assert rebuilt.pieces == game.state.pieces, "the events do not rebuild the board"
        assert [c.cell for c in rebuilt.crafts] == [c.cell for c in game.state.crafts]
    return game


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=SEEDS)
def test_bots_play_whole_games_of_every_mode_to_the_end(mode, seed):
    game = play(mode, seed)
    assert game.is_over, f"{mode}, seed {seed}: no end after {MAX_ROUNDS} rounds"
    assert game.outcome is not None and game.outcome.reason


@pytest.mark.parametrize("mode", MODES)
def test_save_load_and_replay_give_the_identical_game_at_every_round(mode):
    games = (play(mode, seed) for seed in range(11, 41))  # the first game of a few rounds, to stop mid-way
    game = next((g for g in games if g.round - 1 >= 3), None)
    assert game is not None, f"{mode}: no game of 30 seeds lasts three rounds"
    played = game.round - 1
    for round_number in sorted({1, max(1, played // 2), played}):
        copy = Game.loads(game.dumps())
        copy.rewind_to_round(round_number)
        assert copy.state == game.history[round_number - 1], f"{mode}: rewind to round {round_number}"
        saved = Game.loads(copy.dumps())  # a game saved mid-way reloads to the same point …
        assert saved.state == copy.state and saved.history == copy.history
    reloaded = Game.loads(game.dumps())  # … and the whole game to the same end
    assert reloaded.state == game.state and reloaded.history == game.history
    assert reloaded.outcome == game.outcome and reloaded.log == game.log


@pytest.mark.parametrize("mode", MODES)
def test_a_scenario_file_of_every_mode_loads_back_to_the_same_board(mode):
    state = Game.new(mode, seed=5).state
    text = scenario.dumps(state)
    assert json.loads(text)["mode"] == mode
    assert scenario.loads(text) == state


@pytest.mark.parametrize("mode", MODES)
def test_the_command_line_plays_renders_and_resolves_every_mode(mode, tmp_path, capsys):
    assert main(["play", "--mode", mode, "--seed", "3", "--max-rounds", "3"]) == 0
    played = capsys.readouterr().out
    assert " 1: dice red " in played and " programs " in played  # "--- Round 1" (capture: "--- Turn 1")
    path = tmp_path / f"{mode}.json"
    path.write_text(scenario.dumps(Game.new(mode, seed=3).state), encoding="utf-8")
    svg = tmp_path / "board.svg"
    assert main(["render", str(path), "-o", str(svg)]) == 0
    assert svg.read_text(encoding="utf-8").lstrip().startswith("<svg")
    assert main(["asteroids", str(path), "--dice", "2", "5", "3", "--json"]) == 0
    moved = json.loads(capsys.readouterr().out)
    assert moved["scenario"]["mode"] == mode and moved["events"]
    programs = tmp_path / "programs.json"
    players = Game.new(mode, seed=3).players
    programs.write_text(json.dumps({}), encoding="utf-8")  # nobody programs: every chart stays empty
    assert main(["round", str(path), "--dice", "2", "5", "3", "--programs", str(programs), "--json"]) == 0
    after = json.loads(capsys.readouterr().out)["scenario"]
    assert after["mode"] == mode and sorted(c["player"] for c in after["crafts"]) == sorted(players)
