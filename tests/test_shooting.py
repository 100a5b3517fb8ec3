"""Lasers, the shooting modes' rules and bots, and the "one shot per turn" variant.

The rules: docs/rules.md#7-shooting, docs/rules.md#10-variants-and-rule-settings.

Expected cells are worked out by hand with the odd-r neighbour table: from an
even row r, NE (r-1, c), NW (r-1, c-1), SE (r+1, c), SW (r+1, c-1); from an
odd row, NE (r-1, c+1), NW (r-1, c), SE (r+1, c+1), SW (r+1, c); E and W
(r, c±1). Row 6 has columns 0-15, row 12 columns 3-6 and 9-12.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asteroyds.bot import plan, wanted_pieces
from asteroyds.cli import main
from asteroyds.damage import never
from asteroyds.errors import ProgramError, RuleError, ScenarioError
from asteroyds.events import Event
from asteroyds.flight import fly
from asteroyds.game import Game
from asteroyds.hexgrid import hexagon_board, hexagon_centre, parse_direction
from asteroyds.modes import drones as drones_mode
from asteroyds.modes import outcome
from asteroyds.modes import targets as targets_mode
from asteroyds.pieces import DRONE, TURRET, Piece
from asteroyds.program import Program, legal_tokens, validate_program
from asteroyds.round import play_round, programs_for
from asteroyds.rules import RuleSettings
from asteroyds.setups import board_facts, drones, targets
from asteroyds.shooting import LASER_STOPS, LaserFired, TargetEliminated, obstacles, reward, trace
from asteroyds.snapshots import apply_event, snapshots
from asteroyds.state import State
from tests.helpers import craft, fixed, four_gates, state, tile
from tests.test_flight import keyed_policy, random_hexagon_state, rotate_state

ONE_SHOT = RuleSettings(one_shot_per_turn=True)


def d(name: str) -> int:
    return parse_direction(name)


# --- the laser's path ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "facing", "path"),
    [
        ((6, 5), "E", [(6, c) for c in range(6, 16)]),  # to the end of row 6
        ((6, 3), "W", [(6, 2), (6, 1), (6, 0)]),
        ((6, 7), "NE", [(5, 7), (4, 8), (3, 8), (2, 9), (1, 9), (0, 10)]),  # (-1, 10) is off
        ((5, 5), "SW", [(6, 5), (7, 4), (8, 4), (9, 3), (10, 3), (11, 2)]),  # (12, 2) is off (row 12: 3-6)
        ((6, 0), "W", []),
    ],
)
def test_a_laser_runs_straight_to_the_border_without_range_limit(start, facing, path):
    s = state([], [craft("blue", start, facing)], mode="shooting")
    laser = trace(s, start, d(facing))
    assert laser.path == tuple(path)
    assert laser.hit is None and laser.end is None


@pytest.mark.parametrize("kind", sorted(LASER_STOPS))
def test_every_object_stops_the_laser(kind):
    if kind in ("asteroid", "gate", "drone"):
        colour = {"asteroid": "blue", "gate": "red", "drone": "white/red"}[kind]
        piece = tile("X1", kind, colour, (6, 8), "E", 1, "A")
    else:
        piece = fixed("X1", kind, (6, 8), orientation=0 if kind == TURRET else None)
    s = state([piece], [craft("blue", (6, 5), "E")], mode="drones")
    laser = trace(s, (6, 5), d("E"))
    assert laser.path == ((6, 6), (6, 7), (6, 8)) and laser.hit == piece and laser.end == (6, 8)


def test_crafts_do_not_stop_a_laser_and_the_start_space_is_never_hit():
    rock = tile("R1", "asteroid", "red", (6, 9), "E", 1)
    pad = fixed("L1", "platform", (6, 5))
    crafts = [craft("blue", (6, 5), "E"), craft("red", (6, 6), "W"), craft("green", (6, 8), "E")]
    s = state([rock, pad], crafts, mode="shooting")
    after, events = fly(s, {"blue": "X . . . . . S"})
    laser = events[-1]
    assert laser.path == ((6, 6), (6, 7), (6, 8), (6, 9)) and laser.hit == "R1"
    assert after.crafts == s.crafts  # nobody moved, nobody was hurt


def test_a_drone_inside_its_turret_is_sheltered_by_it():
    # Decision: the turret is hit, whichever is listed first.
    for order in ((0, 1), (1, 0)):
        pieces = [
            fixed("T1", "turret", (6, 8), orientation=0, symbol="A"),
            tile("DA", "drone", "white/red", (6, 8), "E", 101, "A"),
        ]
        s = state([pieces[i] for i in order], [craft("blue", (6, 5), "E")], mode="drones")
        assert trace(s, (6, 5), d("E")).hit.id == "T1"
        assert obstacles(s)[(6, 8)].kind == TURRET
        after, events = fly(s, {"blue": "X . . . . . S"})
        assert after.craft("blue").tokens == () and events[-1].hit == "T1"


def test_reward_says_what_a_hit_gives_in_each_mode():
    gate = tile("GA", "gate", "red", (1, 3), "E", 21, "A")
    drone = tile("DB", "drone", "white/red", (3, 3), "E", 101, "B")
    marked = Piece("W1", "asteroid", (4, 4), "white", 0, 1, target="right-2", team="right")
    plain = tile("W2", "asteroid", "white", (5, 5), "E", 2)
    pod = fixed("P1", "pod", (6, 6))
    table = {
        "racing": [None, None, None, None, None],
        "shooting": ["A", None, None, None, None],
        "drones": [None, "B", None, None, None],
        "targets": [None, None, "right-2", None, None],
    }
    for mode, expected in table.items():
        assert [reward(mode, p) for p in (gate, drone, marked, plain, pod)] == expected, mode
    assert reward("shooting", None) is None


def test_laser_events_read_well_and_round_trip_through_json():
    one = LaserFired("blue", 2, (6, 5), 0, ((6, 6),), None, None, None)
    assert one.text() == (
        "The blue craft shoots E from (6, 5): the laser crosses 1 space and leaves the board, hitting nothing"
    )
    hit = LaserFired("red", 7, (4, 8), 3, ((4, 7), (4, 6)), "GA", "gate", "red gate #21")
    assert hit.text() == "The red craft shoots W from (4, 8): the laser hits red gate #21 at (4, 6)"
    gone = TargetEliminated("red", "W2", "white asteroid #2", "right-4", "right", (4, 8), 5, "rammed")
    assert gone.text() == "The red craft eliminates target R4 by destroying white asteroid #2 at (4, 8)"
    for event in (one, hit, gone):
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_a_target_eliminated_with_a_rammed_asteroid_changes_nothing_more_in_snapshots():
    s = state([], [craft("red", (6, 6), "E", team="left")], mode="targets")
    gone = TargetEliminated("red", "W9", "white asteroid #9", "right-1", "right", (6, 7), 1, "rammed")
    assert apply_event(s, gone) is s


def test_the_red_column_shot_turns_the_shield_off_and_counts_as_column_7():
    s = state(four_gates((6, 9), "E"), [craft("blue", (6, 5), "E")], mode="shooting")
    after, events = fly(s, {"blue": ". . . . . . X"})
    assert events[0].shielded is False
    assert [(e.symbol, e.column) for e in events if e.type == "token_taken"] == [("D", 7)]
    assert after.craft("blue").tokens == ("D",) and after.craft("blue").cell == (6, 5)


def program_with_shots(s, player, rng) -> Program:
    program = Program.empty()
    c = s.craft(player)
    for column in range(1, 8):
        options = list(legal_tokens(c, s.mode, column, program))
        weights = [3.0 if t in ("S", "X") else (0.5 if t.startswith("P") else 1.0) for t in options]
        program = program.with_column(column, rng.choices(options, weights)[0])
    return program


@settings(max_examples=60, deadline=None, database=None)
@given(seed=st.integers(0, 2**32 - 1), notches=st.integers(1, 5))
def test_turning_the_whole_table_commutes_with_shooting(seed, notches):
    board = hexagon_board(4)
    centre = hexagon_centre(4)
    rng = random.Random(seed)
    s = random_hexagon_state(rng, board, "shooting")
    programs = {c.player: program_with_shots(s, c.player, rng) for c in s.crafts}
    decide = keyed_policy(seed)
    after, events = fly(s, programs, decide=decide)
    turned, turned_events = fly(rotate_state(s, notches, centre), programs, decide=decide)
    assert turned == rotate_state(after, notches, centre)
    assert [e.type for e in turned_events] == [e.type for e in events]
    lasers = [(e.hit, len(e.path)) for e in events if e.type == "laser_fired"]
    assert lasers == [(e.hit, len(e.path)) for e in turned_events if e.type == "laser_fired"]
    assert snapshots(s, events)[-1] == after


# --- one shot per turn (docs/rules.md#10-variants-and-rule-settings) ----------------------------------------


def test_one_shot_per_turn_refuses_a_second_shot_and_names_both_columns():
    blue = craft("blue", (6, 5), "E")
    with pytest.raises(ProgramError) as info:
        validate_program("X F X . . . S", blue, "shooting", rules=ONE_SHOT)
    assert str(info.value) == (
        "blue, column 3: only one shot per turn (the one-shot-per-turn variant): "
        "this Shoot repeats the one in column 1"
    )
    with pytest.raises(ProgramError, match=re.escape("blue, column 7 (red): only one shot per turn")):
        validate_program(". . . . X . X", blue, "drones", rules=ONE_SHOT)
    for program in ("X F . . . . S", "F . . . . . X", "F F F . . . S"):
        validate_program(program, blue, "targets", rules=ONE_SHOT)
    validate_program("X X . . . . X", blue, "shooting")  # variant off: as many shots as columns
    validate_program("X X . . . . X", blue, "shooting", rules=RuleSettings())
    with pytest.raises(ProgramError, match=re.escape("blue, column 1: Shoot is not allowed in racing")):
        validate_program("X X . . . . S", blue, "racing", rules=ONE_SHOT)


def test_one_shot_per_turn_in_legal_tokens_the_game_and_the_round():
    blue = craft("blue", (6, 5), "E")
    shot = Program.parse("X . . . . . S")
    assert "X" not in legal_tokens(blue, "shooting", 3, shot, rules=ONE_SHOT)
    assert "X" in legal_tokens(blue, "shooting", 1, shot, rules=ONE_SHOT)  # it may stay where it is
    assert legal_tokens(blue, "shooting", 7, shot, rules=ONE_SHOT) == ("S", "F", "R", "L")
    assert "X" in legal_tokens(blue, "shooting", 3, shot)
    s = state([], [blue], mode="shooting", rules=ONE_SHOT)
    game = Game(s)
    game.roll((1, 1, 1))
    with pytest.raises(ProgramError, match="only one shot per turn"):
        game.submit("blue", "X X . . . . S")
    assert game.inputs == [{"roll": [1, 1, 1], "order": ["red", "white", "blue"]}]
    with pytest.raises(ProgramError, match="only one shot per turn"):
        programs_for(s, {"blue": "X . X . . . S"})
    with pytest.raises(ProgramError, match="only one shot per turn"):
        fly(s.replace(rules=RuleSettings()), {"blue": "X X . . . . S"}, rules=ONE_SHOT)


# --- targets mode -----------------------------------------------------------------------------


def test_targets_setup_marks_two_sets_and_teams():
    s = targets(seed=4, players=["red", "blue", "yellow"])
    sets = {side: sorted(p.target for p in s.pieces if p.team == side) for side in ("left", "right")}
    assert sets == {side: [f"{side}-{n}" for n in range(1, 7)] for side in ("left", "right")}
    assert {c.player: c.team for c in s.crafts} == {"red": "left", "blue": "right", "yellow": "left"}
    assert targets_mode.targets_left(s, "left") == tuple(f"left-{n}" for n in range(1, 7))


def test_the_handicap_takes_the_highest_targets_off_the_set_the_weaker_team_aims_at():
    base = targets(seed=4, players=["red", "yellow", "blue"])
    s = targets(seed=4, players=["red", "yellow", "blue"], rules=RuleSettings(targets_handicap=2))
    # blue is alone on the right: the weaker team; it aims at the left set.
    assert targets_mode.targets_left(s, "left") == ("left-1", "left-2", "left-3", "left-4")
    assert targets_mode.targets_left(s, "right") == tuple(f"right-{n}" for n in range(1, 7))
    assert [p.id for p in s.pieces] == [p.id for p in base.pieces]  # the asteroids stay
    dropped = {p.id for p in base.pieces if p.target in ("left-5", "left-6")}
    assert {p.id for p in s.pieces if p.kind == "asteroid" and p.target is None} - {
        p.id for p in base.pieces if p.target is None
    } == dropped
    # One team only: the handicap helps it. handicap_team decides on equal teams.
    alone = targets(players=["blue"], rules=RuleSettings(targets_handicap=5))
    assert targets_mode.targets_left(alone, "left") == ("left-1",)
    even = targets(players=["red", "blue"], rules=RuleSettings(targets_handicap=1), handicap_team="left")
    assert targets_mode.targets_left(even, "right") == tuple(f"right-{n}" for n in range(1, 6))
    assert targets_mode.targets_left(even, "left") == tuple(f"left-{n}" for n in range(1, 7))


def test_the_handicap_on_equal_teams_needs_a_team_and_names_the_fix():
    with pytest.raises(ScenarioError) as info:
        targets(players=["red", "blue"], rules=RuleSettings(targets_handicap=2))
    assert str(info.value) == (
        "targets_handicap 2: the teams have the same size (1 player each), so say which team gets "
        "fewer targets to shoot: handicap_team='left' or 'right'"
    )
    with pytest.raises(ScenarioError, match="handicap_team must be 'left' or 'right', got 'up'"):
        targets(players=["red", "blue"], handicap_team="up")
    with pytest.raises(ScenarioError, match="targets_handicap 6 must be 0..5"):
        RuleSettings(targets_handicap=6)


def test_targets_mode_needs_every_craft_on_a_team():
    blue = craft("blue", (6, 5), "E")
    with pytest.raises(ScenarioError, match="craft 'blue': in targets mode a craft plays on team"):
        state([], [blue], mode="targets")  # validation refuses it first (modes.targets.check)
    s = State("targets", (), (blue,), ("blue",))  # unvalidated: the round start checks again
    with pytest.raises(RuleError) as info:
        play_round(s, (1, 1, 1), {})
    assert str(info.value) == "targets mode: craft 'blue' must be on team 'left' or 'right', got None"


def test_targets_outcome_without_any_craft_left():
    right = Piece("W1", "asteroid", (6, 15), "white", 0, 1, target="right-1", team="right")
    left = Piece("W2", "asteroid", (6, 0), "white", 3, 2, target="left-1", team="left")
    dead = [craft("red", None, "E", damage=6, team="left"), craft("blue", None, "W", damage=6, team="right")]
    s = state([right, left], dead, mode="targets")
    result = outcome(s, [])
    assert result.winners == () and result.reason == "Every craft is destroyed: nobody wins."
    alive = s.update_crafts({"blue": craft("blue", (6, 3), "W", team="right")})
    assert outcome(alive, []) is None  # left-1 still stands


# --- drones mode ------------------------------------------------------------------------------


def test_round_one_launches_a_drone_from_every_turret():
    s = drones(seed=3, players=["blue"])
    turrets = [p for p in s.pieces if p.kind == TURRET]
    assert [(p.symbol, list(p.cell)) for p in turrets] == list(
        zip("ABCD", board_facts()["setups"]["drones"]["turrets"], strict=True)
    )
    after, events = drones_mode.start_round(s)
    launched = [p for p in after.pieces if p.kind == DRONE]
    assert [p.id for p in launched] == ["DA-1", "DB-1", "DC-1", "DD-1"]
    assert [p.priority for p in launched] == [101, 102, 103, 104]
    for drone, turret in zip(launched, turrets, strict=True):
        assert (drone.cell, drone.orientation, drone.symbol, drone.colour) == (
            turret.cell,
            turret.orientation,
            turret.symbol,
            "white/red",
        )
    assert [e.type for e in events] == ["drone_launched"] * 4
    assert snapshots(s, events)[-1] == after
    again, none = drones_mode.start_round(after)
    assert again is after and none == []
    # A removed drone is relaunched alone, with its turret's priority and the round in its id.
    later = after.update_pieces({}, removed=["DB-1"]).replace(round=4)
    relaunched, events = drones_mode.start_round(later)
    assert [(e.piece, e.priority) for e in events] == [("DB-4", 102)]
    assert relaunched.piece("DB-4").cell == relaunched.piece("T2").cell


def test_drone_priorities_stay_unique():
    rock = tile("R1", "asteroid", "red", (6, 6), "E", 101)
    t1 = fixed("T1", "turret", (6, 3), orientation=0, symbol="A")
    t2 = fixed("T2", "turret", (6, 10), orientation=3, symbol="B")
    s = state([rock, t1, t2], [craft("blue", (8, 5), "E")], mode="drones")
    after, _ = drones_mode.start_round(s)
    assert [(p.id, p.priority) for p in after.pieces if p.kind == DRONE] == [("DA-1", 102), ("DB-1", 103)]
    after.validate()
    bare = state([fixed("T1", "turret", (6, 3), orientation=0)], [craft("blue", (8, 5), "E")], mode="drones")
    with pytest.raises(RuleError, match="turret 'T1' has no symbol"):
        drones_mode.start_round(bare)


def test_only_drones_hit_this_round_leave_the_board():
    s, _ = drones_mode.start_round(drones(seed=3, players=["blue", "red"]))
    shots = [
        LaserFired("blue", 1, (9, 9), 0, ((9, 10),), "DA-1", "drone", "white/red drone #101"),
        LaserFired("red", 2, (9, 9), 0, ((9, 10),), "DA-1", "drone", "white/red drone #101"),
        LaserFired("red", 3, (9, 9), 0, ((9, 10),), "DA-1", "drone", "white/red drone #101"),
        LaserFired("red", 4, (9, 9), 0, ((9, 10),), "T2", "turret", "turret T2"),
    ]
    after, events = drones_mode.finish_round(s, shots)
    assert [p.id for p in after.pieces if p.kind == DRONE] == ["DB-1", "DC-1", "DD-1"]
    assert [(e.piece, e.hit_by) for e in events] == [("DA-1", ("blue", "red"))]
    assert snapshots(s, events)[-1] == after
    assert drones_mode.finish_round(s, shots[3:]) == (s, [])


def test_drones_victory_needs_every_symbol_of_a_smaller_board_and_a_craft_on_it():
    t1 = fixed("T1", "turret", (6, 3), orientation=0, symbol="A")
    t2 = fixed("T2", "turret", (6, 10), orientation=3, symbol="B")
    crafts = [
        craft("blue", (8, 5), "E", tokens=("A", "B")),
        craft("red", None, "E", damage=6, tokens=("A", "B")),
    ]
    s = state([t1, t2], crafts, mode="drones")
    assert drones_mode.symbols_needed(s) == 2
    result = outcome(s, [])
    assert result.winners == ("blue",) and result.reason == "blue holds 2 different drone symbols and wins."
    short = s.update_crafts({"blue": craft("blue", (8, 5), "E", tokens=("A",))})
    assert outcome(short, []) is None
    dead = short.update_crafts({"blue": craft("blue", None, "E", damage=6, tokens=("A",))})
    assert outcome(dead, []).winners == ()


# --- bots ---------------------------------------------------------------------------------------


def test_the_greedy_bot_shoots_a_gate_it_needs_when_it_is_in_line():
    # Dice 1 1 1: gates A B C face off the board; D at (6, 15) faces E, off the board too: nothing moves.
    s = state(four_gates((6, 15), "E"), [craft("blue", (6, 5), "E", tokens=("A", "B", "C"))], mode="shooting")
    assert str(plan(s, "blue", (1, 1, 1))) == "X . . . . . S"
    holding = s.update_crafts({"blue": craft("blue", (6, 5), "E", tokens=("A", "B", "C", "D"))})
    assert "X" not in str(plan(holding, "blue", (1, 1, 1)))


def test_greedy_bots_want_the_right_things_in_each_mode():
    s = targets(seed=2, players=["red", "blue", "yellow"])
    for player in ("red", "yellow"):
        assert {p.team for p in wanted_pieces(s, player).values()} == {"right"}
    assert set(wanted_pieces(s, "blue")) == {f"left-{n}" for n in range(1, 7)}
    # Team-mates share the targets out: each goes to the nearest craft; one nearest to none wants all.
    up = Piece("W1", "asteroid", (2, 12), "white", 0, 1, target="right-1", team="right")
    down = Piece("W2", "asteroid", (10, 12), "white", 0, 2, target="right-2", team="right")
    mates = [craft("red", (3, 10), "E", team="left"), craft("yellow", (9, 10), "E", team="left")]
    split = state([up, down], mates, mode="targets")
    assert (set(wanted_pieces(split, "red")), set(wanted_pieces(split, "yellow"))) == (
        {"right-1"},
        {"right-2"},
    )
    lagging = split.update_crafts({"yellow": craft("yellow", (3, 9), "E", team="left")})
    assert set(wanted_pieces(lagging, "yellow")) == {"right-1", "right-2"}
    d1, _ = drones_mode.start_round(drones(seed=2, players=["blue"]))
    d1 = d1.update_crafts({"blue": craft("blue", (12, 11), "NW", tokens=("B",))})
    assert sorted(wanted_pieces(d1, "blue")) == ["A", "C", "D"]


@pytest.mark.parametrize("mode", ["shooting", "targets", "drones"])
def test_bots_plan_legal_programs_with_the_one_shot_variant(mode):
    rng = random.Random(5)
    shots = 0
    for seed in range(6):
        game = Game.new(mode=mode, players=["blue", "red"], seed=seed, rules=ONE_SHOT)
        dice = game.roll()
        for style in ("greedy", "random"):
            for player in game.waiting_for():
                program = plan(game.state, player, dice, style=style, rng=rng)
                assert program.tokens.count("X") <= 1
                validate_program(program, game.state.craft(player), mode, rules=ONE_SHOT)
                shots += "X" in program.tokens
    assert shots  # bots do shoot


def test_random_bots_shoot_only_where_the_mode_allows_it():
    rng = random.Random(1)
    racing_game, shooting_game = (Game.new(mode=m, players=["blue"], seed=1) for m in ("racing", "shooting"))
    racing_programs = [str(plan(racing_game.state, "blue", (1, 2, 3), "random", rng)) for _ in range(40)]
    shooting_programs = [str(plan(shooting_game.state, "blue", (1, 2, 3), "random", rng)) for _ in range(40)]
    assert not any("X" in p for p in racing_programs)
    assert any("X" in p for p in shooting_programs)


# --- whole games and the command line -----------------------------------------------------------


@pytest.mark.parametrize("mode", ["shooting", "targets", "drones"])
def test_a_game_of_each_mode_saves_and_reloads(mode):
    game = Game.new(mode=mode, players=["blue", "red", "green"], seed=11, policy=never)
    game.roll((2, 3, 4))
    started = game.events()
    if mode == "drones":
        assert [e.type for e in started] == ["dice_rolled"] + ["drone_launched"] * 4
    for player in game.waiting_for():
        game.submit(player, "X F . . . . S")
    game.play_phases()
    assert any(e.type == "laser_fired" for e in game.events())
    assert Game.loads(game.dumps()).state == game.state


@pytest.mark.parametrize("mode", ["shooting", "targets", "drones"])
def test_the_command_line_plays_each_mode(mode, capsys):
    assert (
        main(["play", "--mode", mode, "--players", "3", "--seed", "4", "--bots", "greedy,random,greedy"]) == 0
    )
    out = capsys.readouterr().out
    assert "shoots" in out and ("Game over." in out or "No winner" in out)


def test_the_command_line_plays_a_round_of_a_built_in_setup(tmp_path, capsys):
    programs = tmp_path / "programs.json"
    programs.write_text(json.dumps({"red": "X . . . . . S", "blue": "X . . . . . S"}), encoding="utf-8")
    assert main(["round", "targets", "--dice", "1", "2", "3", "--programs", str(programs), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["player"] for e in data["events"] if e["type"] == "laser_fired"] == ["red", "blue"]
