"""The Game API: phases, bad input, decisions, undo and rewind, save and load, victory."""

from __future__ import annotations

import json

import pytest

from asteroyds import Dice, RuleSettings, always, never, scenario
from asteroyds.errors import AsteroydsError, DecisionError, ProgramError, RuleError, ScenarioError
from asteroyds.game import Game
from asteroyds.rules import DEFAULT_RULES
from asteroyds.setups import racing
from tests.helpers import craft, fixed, four_gates, state, tile

ALL_ONES = (1, 1, 1)  # with the test layouts below, every gate but D is pushed into the border


def finish_line(*crafts, rules=DEFAULT_RULES, extra=()):
    """Gate D at (6, 11) moving E with the white die 1 to (6, 12); everything else stuck."""
    return state(four_gates() + list(extra), crafts, rules=rules)


def test_phases_in_order_and_wrong_phase_is_refused():
    game = Game.new(players=["blue", "red"], seed=3)
    assert game.phase == "roll"
    with pytest.raises(RuleError, match="'roll' phase"):
        game.fly()
    game.roll((2, 4, 6))
    assert game.phase == "plan" and game.dice == Dice(2, 4, 6)
    assert game.waiting_for() == ("blue", "red")
    game.submit("blue", "F . . . . . S")
    assert game.waiting_for() == ("red",)
    game.resolve_asteroids()
    assert game.phase == "fly"
    game.fly()
    assert game.phase == "end"
    game.end_round()
    assert (game.phase, game.round, game.players) == ("roll", 2, ("red", "blue"))


def test_seeded_rolls_are_reproducible_and_vary_by_round():
    a, b = Game.new(seed=11), Game.new(seed=11)
    rolls_a, rolls_b = [], []
    for g, rolls in ((a, rolls_a), (b, rolls_b)):
        for _ in range(5):
            rolls.append(g.roll())
            g.play_phases()
    assert rolls_a == rolls_b
    assert len(set(rolls_a)) > 1


def test_illegal_program_changes_nothing():
    game = Game.new(players=["blue"], seed=1)
    game.roll((1, 2, 3))
    before = (list(game.inputs), dict(game.programs), game.state)
    with pytest.raises(ProgramError, match="column"):
        game.submit("blue", "F F U F F F U")  # Turn back in the red column
    with pytest.raises(ProgramError):
        game.submit("blue", "F F")
    with pytest.raises(RuleError, match="no such player"):
        game.submit("green", "F F F F F F S")
    assert (game.inputs, game.programs, game.state) == before


def test_missing_program_flies_an_empty_chart_with_the_shield_on():
    s = finish_line(craft("blue", (6, 8), "E"))
    game = Game(s)
    game.roll(ALL_ONES)
    game.play_phases()
    assert game.state.craft("blue").cell == (6, 8)


def test_winner_and_game_over():
    s = finish_line(craft("blue", (6, 8), "E", tokens=("A", "B", "C")))
    game = Game(s)
    game.play_round({"blue": "F F F F . . S"}, dice=ALL_ONES)
    # D moved E to (6, 12) in the asteroid phase; F F F F reaches it in column 4.
    assert game.is_over
    assert game.outcome.winners == ("blue",)
    assert [(f.player, f.column) for f in game.outcome.finishers] == [("blue", 4)]
    assert game.state.craft("blue").tokens == ("A", "B", "C", "D")
    with pytest.raises(RuleError):
        game.roll()


def test_tie_break_earliest_column_then_damage_then_shared():
    # blue reaches D in column 4; red starts one cell closer and reaches it in column 3.
    s = finish_line(
        craft("blue", (6, 8), "E", tokens=("A", "B", "C")),
        craft("red", (6, 9), "E", tokens=("A", "B", "C")),
    )
    game = Game(s)
    game.play_round({"blue": "F F F F . . S", "red": "F F F . . . S"}, dice=ALL_ONES)
    assert game.outcome.winners == ("red",)
    assert "earliest" in game.outcome.reason

    same_column = finish_line(
        craft("blue", (6, 9), "E", tokens=("A", "B", "C"), damage=2),
        craft("red", (6, 9), "E", tokens=("A", "B", "C"), damage=1),
    )
    game = Game(same_column)
    game.play_round({"blue": "F F F . . . S", "red": "F F F . . . S"}, dice=ALL_ONES)
    assert game.outcome.winners == ("red",)
    assert "less damage" in game.outcome.reason

    shared = finish_line(
        craft("blue", (6, 9), "E", tokens=("A", "B", "C"), damage=1),
        craft("red", (6, 9), "E", tokens=("A", "B", "C"), damage=1),
    )
    game = Game(shared)
    game.play_round({"blue": "F F F . . . S", "red": "F F F . . . S"}, dice=ALL_ONES)
    assert game.outcome.winners == ("blue", "red")
    assert game.outcome.shared


def test_every_craft_destroyed_ends_with_no_winner():
    # A pod two cells east; damage 5 and no shield: the collision (2) destroys the craft.
    s = finish_line(craft("blue", (6, 8), "E", damage=5), extra=[fixed("P1", "pod", (6, 10))])
    game = Game(s)
    game.play_round({"blue": "F F . . . . F"}, dice=ALL_ONES)
    assert game.state.craft("blue").cell is None
    assert game.is_over and game.outcome.winners == ()


def test_pending_destroy_decision_then_answer():
    rock = tile("R1", "asteroid", "blue", (6, 10), "E", 1)  # only the blue die moves it
    s = finish_line(craft("blue", (6, 8), "E"), extra=[rock])
    game = Game(s)
    game.roll((1, 1, 3))  # blue die 3: direction E+2 = SW, from (6, 10) to (7, 9)
    game.submit("blue", "F F F . . . S")
    game.resolve_asteroids()
    after_asteroids = game.state
    assert after_asteroids.piece("R1").cell == (7, 9)
    game.rewind(0)
    game.roll((1, 1, 6))  # blue die 6: direction W, from (6, 10) to (6, 9): right in front of blue
    game.submit("blue", "F F F . . . S")
    game.resolve_asteroids()
    assert game.state.piece("R1").cell == (6, 9)
    inputs_before = list(game.inputs)
    events = game.fly()
    assert events == [] and game.pending is not None
    assert game.pending.kind == "destroy_asteroid" and game.pending.piece == "R1"
    assert game.inputs == inputs_before and game.phase == "fly"
    with pytest.raises(RuleError, match="pending"):
        game.end_round()
    game.answer(True)
    assert game.pending is None
    assert not game.state.has_piece("R1")
    blue = game.state.craft("blue")
    assert blue.destroy_used and blue.damage == 3  # 4, less 1 for the shield
    assert blue.cell == (6, 11)
    with pytest.raises(DecisionError):
        game.answer(False)
    # The answer is part of the recorded inputs: the game replays without asking.
    assert Game.loads(game.dumps()).state == game.state


def test_policy_answers_at_once_and_is_recorded():
    rock = tile("R1", "asteroid", "blue", (6, 10), "E", 1)
    s = finish_line(craft("blue", (6, 8), "E"), extra=[rock])
    game = Game(s, policy=lambda decision: False)
    game.play_round({"blue": "F F F . . . S"}, dice=(1, 1, 6))
    assert game.pending is None
    assert game.state.piece("R1").cell == (6, 9)
    assert game.state.craft("blue").damage == 1  # bounced: 2, less 1 for the shield
    fly_input = next(item for item in game.inputs if "fly" in item)
    assert list(fly_input["answers"].values()) == [False]
    assert Game.loads(game.dumps()).state == game.state


def test_undo_rewind_and_replay_are_exact():
    game = Game.new(players=["blue", "red", "green"], seed=5, policy=never)
    states = []
    for _ in range(4):
        game.roll()
        game.submit("blue", "F R F L F . S")
        game.submit("red", "L F F . F R S")
        game.play_phases()
        states.append(game.state)
    assert game.history[1:] == states
    full = game.dumps()
    game.rewind_to_round(3)
    assert game.state == states[1] and game.phase == "roll" and game.round == 3
    game.replay(Game.loads(full).inputs)
    assert game.dumps() == full
    last = game.undo()
    assert "end" in last and game.phase == "end"
    game.end_round()
    assert game.dumps() == full
    with pytest.raises(RuleError):
        game.rewind(999)


def test_save_load_round_trip_is_byte_identical(tmp_path):
    game = Game.new(
        players=["blue", "red"], seed=9, rules=RuleSettings(random_dice_order=True), policy=always
    )
    for _ in range(3):
        game.roll()
        game.submit("red", "F F L F R F S")
        game.play_phases()
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.state == game.state
    assert loaded.dumps() == path.read_text()
    assert json.loads(path.read_text())["format"] == "asteroyds/game@1"


def test_random_dice_order_is_recorded_and_seeded():
    orders = set()
    for seed in range(12):
        game = Game.new(seed=seed, rules=RuleSettings(random_dice_order=True))
        game.roll()
        orders.add(game.order)
        assert sorted(game.order) == ["blue", "red", "white"]
        assert game.inputs[-1]["order"] == list(game.order)
    assert len(orders) > 1
    plain = Game.new(seed=1)
    plain.roll()
    assert plain.order == ("red", "white", "blue")


def test_broken_saved_games_are_refused(tmp_path):
    with pytest.raises(ScenarioError, match="not valid JSON"):
        Game.loads("{")
    with pytest.raises(ScenarioError, match="format"):
        Game.loads('{"format": "something-else"}')
    good = Game.new(seed=2)
    good.roll((1, 2, 3))
    data = good.to_dict()
    data["inputs"].append({"program": "blue", "text": "F F F F F F U"})
    with pytest.raises(AsteroydsError, match="column 7|red column"):
        Game.from_dict(data)
    with pytest.raises(ScenarioError, match="cannot read"):
        Game.load(tmp_path / "missing.json")


def test_fewer_asteroids_variant():
    game = Game.new(seed=4, remove=["R1", "WB2"])
    ids = {p.id for p in game.state.pieces}
    assert "R1" not in ids and "WB2" not in ids and "R2" in ids
    with pytest.raises(ScenarioError, match="not an asteroid"):
        Game.new(seed=4, remove=["GA"])


def test_planning_time_per_level():
    assert RuleSettings().planning_time("racing") == 50
    assert RuleSettings(planning_level="expert").planning_time("racing") == 20
    assert RuleSettings(planning_level="expert").planning_time("drones") == 30
    assert RuleSettings(planning_level="custom", planning_seconds=35).planning_time("racing") == 35
    with pytest.raises(ScenarioError):
        RuleSettings(planning_level="godlike")


def test_export_scenario_is_loadable():
    game = Game.new(players=["blue", "red"], seed=1, policy=never)
    game.play_round({"blue": "F F . . . . S"}, dice=(3, 5, 2))
    assert scenario.loads(game.export_scenario()) == game.state
    assert racing(seed=1, players=["blue", "red"]) == game.initial


def test_the_log_files_end_of_round_events_under_the_round_that_ends():
    game = Game.new(players=["blue"], seed=2, policy=never)
    game.play_round({"blue": "F . . . . . S"}, dice=(1, 2, 3))
    ended = [(rnd, phase) for (rnd, phase, e) in game.log if e.type == "round_ended"]
    assert ended == [(1, "end")]
    assert {rnd for (rnd, _, _) in game.log} == {1}
