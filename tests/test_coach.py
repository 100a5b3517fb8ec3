"""The coach (issue 13): the danger map and the best plan, checked against the engine itself.

- The danger map equals a brute force: :func:`resolve_asteroids` on each of
  the 216 rolls, counted here.
- The coach's program is never beaten: by any program of an exhaustive
  enumeration on small boards (flown with the engine's ``fly``, every answer
  to every mid-flight question tried), and by thousands of random programs
  on the full board (Hypothesis).
- Its predicted score is what flying its program gives, and its explanation
  and path match the events of that flight.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from asteroyds.asteroids import resolve_asteroids
from asteroyds.coach import best_plan, better, danger_map, rank, score_program
from asteroyds.coach.objective import Objective
from asteroyds.coach.plan import final_score
from asteroyds.damage import DESTROY_ASTEROID
from asteroyds.dice import Dice, all_outcomes
from asteroyds.errors import AsteroydsError
from asteroyds.event_text import target_text
from asteroyds.events import CraftCollided, CraftHit, CraftMoved, TokenTaken
from asteroyds.flight import fly
from asteroyds.pieces import MOVING_KINDS
from asteroyds.program import Program, legal_tokens
from asteroyds.rules import RuleSettings
from asteroyds.setups import racing
from tests.coach_positions import MODES, position, small_position

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# --- the danger map -----------------------------------------------------------------------


def brute_danger(state):
    """Counted the plain way; in racing a gate does no damage: its ends are counted apart.

    The rules: docs/rules.md#4-moving-the-asteroids.
    """
    cells: dict = {}
    gates: dict = {}
    crafts = {c.player: 0 for c in state.crafts_in_order() if c.cell is not None}
    harmless = ("gate",) if state.mode == "racing" else ()
    for dice in all_outcomes():
        after, events = resolve_asteroids(state, dice)
        moving = [p for p in after.pieces if p.kind in MOVING_KINDS]
        for cell in {p.cell for p in moving if p.kind not in harmless}:
            cells[cell] = cells.get(cell, 0) + 1
        for cell in {p.cell for p in moving if p.kind in harmless}:
            gates[cell] = gates.get(cell, 0) + 1
        for player in {e.player for e in events if isinstance(e, CraftHit)}:
            crafts[player] += 1
    return dict(sorted(cells.items())), crafts, dict(sorted(gates.items()))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [1, 2])
def test_danger_map_equals_the_brute_force_over_216_rolls(mode, seed):
    state = position(seed, mode)
    danger = danger_map(state)
    cells, crafts, gates = brute_danger(state)
    assert danger.rolls == 216
    assert danger.cells == cells
    assert danger.crafts == crafts
    assert danger.gates == gates
    assert bool(gates) == (mode == "racing")  # racing's gates are shown apart, and only racing's


def test_danger_map_counts_hits_on_crafts_in_open_space():
    hit = [danger_map(position(seed)).crafts for seed in range(12)]
    assert any(count > 0 for crafts in hit for count in crafts.values())  # the scattered crafts do get hit
    state = position(3)
    assert danger_map(state).crafts == brute_danger(state)[1]


def test_danger_map_json_shape():
    state = position(4, "drones")
    payload = danger_map(state).to_json()
    assert payload["rolls"] == 216
    assert [tuple(c["cell"]) for c in payload["cells"]] == sorted(tuple(c["cell"]) for c in payload["cells"])
    assert all(1 <= c["count"] <= 216 for c in payload["cells"])
    assert [c["player"] for c in payload["crafts"]] == list(state.player_order)


# --- an independent exhaustive search with the engine -------------------------------------


def engine_outcomes(state, dice, player, program, destroy=True, phases=None):
    """Every (score, column where the flight stopped or None) over every answer sequence, with the engine.

    ``phases``: a dict kept across the programs of one search (same state, dice, player and
    ``destroy``). The asteroid phase and the scorer built on its board depend only on the shield
    token and the answers, not on the rest of the program: kept by those, they are played once
    (half the enumeration's time), not once per program."""
    phases = {} if phases is None else phases
    shields = dict.fromkeys(state.player_order, True)
    shields[player] = program.shielded
    original = state.craft(player)
    results = []
    pending = [()]
    while pending:
        prefix = pending.pop()
        asked = []

        def decide(decision, prefix=prefix, asked=asked):
            if decision.player != player or (decision.kind == DESTROY_ASTEROID and not destroy):
                return False
            asked.append(decision.key)
            return prefix[len(asked) - 1] if len(asked) <= len(prefix) else False

        key = (program.shielded, prefix)
        if key not in phases:
            board, _ = resolve_asteroids(state, dice, shields=shields, decide=decide)
            phases[key] = (board, Objective(board, player), tuple(asked))
        board, objective, asked_by_asteroids = phases[key]
        asked[:] = asked_by_asteroids
        final, events = board, []
        stop = 0 if board.craft(player).cell is None else None
        if stop is None:
            final, events = fly(board, {player: program}, decide=decide)
            column = 0
            for e in events:
                if e.type == "column_played":
                    column = e.column
                if e.type in ("craft_collided", "craft_destroyed", "craft_landed") and stop is None:
                    stop = column
        for index in range(len(prefix), len(asked)):
            pending.append((*prefix, *([False] * (index - len(prefix))), True))
        score = final_score(objective, original, final.craft(player), events, board)
        results.append((score, stop))
    return results


def exhaustive_best(state, dice, player, destroy=True):
    """The best rank over every program, pruning only prefixes that stop the flight under every answer."""
    craft = state.craft(player)
    best = None
    count = 0
    phases: dict = {}
    for red in legal_tokens(craft, state.mode, 7, rules=state.rules):
        stack = [()]
        while stack:
            prefix = stack.pop()
            program = Program(prefix + (".",) * (6 - len(prefix)), red)
            depth = len(prefix)
            outcomes = engine_outcomes(state, dice, player, program, destroy, phases)
            stopped = all(stop is not None and stop <= depth for _, stop in outcomes)
            if depth == 6 or stopped:
                count += 1
                for score, _ in outcomes:
                    if best is None or rank(score) < rank(best):
                        best = score
                continue
            for token in legal_tokens(craft, state.mode, depth + 1, program, rules=state.rules):
                stack.append((*prefix, token))
    return best, count


@pytest.mark.slow
# Shooting's radius-1 boards are test_tiny_shooting_boards_exhaustively's (random seeds, the same check).
@pytest.mark.parametrize(("mode", "radius", "seed"), [("racing", 2, 1)])
def test_no_program_beats_the_coach_on_small_boards(mode, radius, seed):
    state = small_position(seed, mode, radius=radius)
    dice = Dice(*random.Random(seed).choices(range(1, 7), k=3))
    for destroy in (True, False):
        plan = best_plan(state, dice, "blue", destroy=destroy)
        best, count = exhaustive_best(state, dice, "blue", destroy)
        assert count > 50  # the enumeration did try many programs
        assert rank(plan.score) == rank(best), (str(plan.program), plan.score, best)


def check_tiny_racing_board(seed, dice, destroy):
    state = small_position(seed, "racing", radius=1)
    plan = best_plan(state, dice, "blue", destroy=destroy)
    best, count = exhaustive_best(state, dice, "blue", destroy)
    assert count > 50  # the enumeration did try many programs
    assert rank(plan.score) == rank(best), (str(plan.program), plan.score, best)


@pytest.mark.parametrize(("seed", "dice", "destroy"), [(3, (2, 2, 1), True), (4, (3, 1, 5), False)])
def test_a_tiny_racing_board_exhaustively(seed, dice, destroy):
    """The quick loop's share of the property below: two boards that enumerate in about a second."""
    check_tiny_racing_board(seed, dice, destroy)


@pytest.mark.slow
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), dice=st.tuples(*[st.integers(1, 6)] * 3), destroy=st.booleans())
def test_tiny_racing_boards_exhaustively(seed, dice, destroy):
    check_tiny_racing_board(seed, dice, destroy)


@pytest.mark.slow
# Two boards a run (each enumerates every program, about a minute of a core); the seeds change each run.
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), dice=st.tuples(*[st.integers(1, 6)] * 3), destroy=st.booleans())
def test_tiny_shooting_boards_exhaustively(seed, dice, destroy):
    state = small_position(seed, "shooting", radius=1)
    plan = best_plan(state, dice, "blue", destroy=destroy)
    best, _count = exhaustive_best(state, dice, "blue", destroy)
    assert rank(plan.score) == rank(best), (str(plan.program), plan.score, best)


# --- the full board: random programs, the engine's own flight -----------------------------


def random_program(state, player, rng):
    craft = state.craft(player)
    program = Program.empty()
    for column in range(1, 8):
        options = legal_tokens(craft, state.mode, column, program, rules=state.rules)
        program = program.with_column(column, rng.choice(options))
    return program


@FAST
@given(
    seed=st.integers(0, 10**6),
    dice=st.tuples(*[st.integers(1, 6)] * 3),
    mode=st.sampled_from(MODES),
    destroy=st.booleans(),
    one_shot=st.booleans(),
    landing=st.booleans(),
)
def test_random_programs_never_beat_the_coach(seed, dice, mode, destroy, one_shot, landing):
    rules = RuleSettings(one_shot_per_turn=one_shot, return_to_platform=landing)
    state = position(seed, mode, rules=rules)
    rng = random.Random(seed)
    player = rng.choice(state.player_order)
    plan = best_plan(state, dice, player, destroy=destroy)
    assert plan.score == score_program(state, dice, player, plan.program, destroy=destroy)
    for _ in range(50):
        program = random_program(state, player, rng)
        other = score_program(state, dice, player, program, destroy=destroy)
        assert not better(other, plan.score), (str(program), other, str(plan.program), plan.score)


@FAST
@given(seed=st.integers(0, 10**6), dice=st.tuples(*[st.integers(1, 6)] * 3), mode=st.sampled_from(MODES))
def test_the_explanation_matches_the_flight(seed, dice, mode):
    state = position(seed, mode)
    player = random.Random(seed).choice(state.player_order)
    plan = best_plan(state, dice, player)
    shields = dict.fromkeys(state.player_order, True)
    shields[player] = plan.program.shielded
    board, _ = resolve_asteroids(state, dice, shields=shields, decide=plan.decide)
    assert len(plan.explanation) == 7 and len(plan.path) == 7
    # A craft the asteroids pushed off the board has no flight to explain: such an example does not
    # count, and Hypothesis draws others until 60 do (it fails if too few can be found).
    assume(board.craft(player).cell is not None)
    final, events = fly(board, {player: plan.program}, decide=plan.decide)
    cell = board.craft(player).cell
    for column in range(1, 8):
        here = [e for e in events if getattr(e, "column", None) == column]
        moves = [e for e in here if isinstance(e, CraftMoved)]
        if moves:
            cell = moves[-1].end
        assert plan.path[column - 1] == cell
        sentence = plan.explanation[column - 1]
        assert sentence.startswith("red column: " if column == 7 else f"column {column}: ")
        if moves:
            assert f"({cell[0]}, {cell[1]})" in sentence
        for e in here:
            if isinstance(e, TokenTaken):
                # a gate's token, a drone's symbol, a target by its board tag (right-2: R2)
                assert target_text(e.symbol) in sentence
            if isinstance(e, CraftCollided):
                assert "hits" in sentence
        if not here and column < 7:
            assert sentence.endswith("empty") or "nothing" in sentence
    assert final.craft(player).tokens == tuple(final.craft(player).tokens)
    expected = score_program(state, dice, player, plan.program)
    assert plan.score == expected


def test_destroy_never_is_never_planned():
    found = 0
    for seed in range(30):
        state = position(seed)
        dice = Dice(*random.Random(seed).choices(range(1, 7), k=3))
        free = best_plan(state, dice, "blue")
        never = best_plan(state, dice, "blue", destroy=False)
        assert not any(key.endswith(":destroy") for key in never.decisions)
        assert not any("destroys" in s for s in never.explanation)
        assert not better(never.score, free.score)
        if any(key.endswith(":destroy") for key in free.decisions):
            found += 1
            assert any("destroys" in s for s in free.explanation)  # and the coach says so
    assert found > 0


def test_the_plan_realises_its_decisions_when_flown():
    state = racing(seed=1, players=["blue"])
    plan = best_plan(state, (3, 5, 2), "blue")
    shields = {"blue": plan.program.shielded}
    board, _ = resolve_asteroids(state, (3, 5, 2), shields=shields, decide=plan.decide)
    final, _ = fly(board, {"blue": plan.program}, decide=plan.decide)
    craft = final.craft("blue")
    assert craft.cell == plan.path[-1]
    assert craft.damage == plan.score["damage"]
    assert len(craft.tokens) == plan.score["tokens"]


def test_bad_requests_are_refused():
    state = racing(seed=1, players=["blue", "red"])
    with pytest.raises(AsteroydsError, match="no player 'pink'"):
        best_plan(state, (1, 2, 3), "pink")
    with pytest.raises(AsteroydsError, match="must show 1..6"):
        best_plan(state, (1, 2, 7), "blue")
    dead = state.update_crafts({"red": state.craft("red").__class__("red", None, 0, damage=6)})
    with pytest.raises(AsteroydsError, match="destroyed"):
        best_plan(dead, (1, 2, 3), "red")


def test_better_and_rank_follow_the_racing_order():
    base = {"objective": "racing", "on_board": True, "tokens": 1, "distance": 3, "damage": 2,
            "finish_column": None, "powers_spent": 0}  # fmt: skip
    assert better({**base, "tokens": 2, "distance": 9}, base)
    assert better({**base, "distance": 2, "damage": 5}, base)
    assert better({**base, "damage": 1}, base)
    assert better(base, {**base, "on_board": False, "tokens": 4})
    assert not better(base, dict(base))


@pytest.mark.parametrize("mode", MODES)
def test_coach_bots_play_whole_games_in_every_mode(mode):
    from asteroyds.pieces import PLAYER_COLOURS
    from asteroyds.simulate import play_bot_game, random_pilots

    players = list(PLAYER_COLOURS[:4])
    rules = RuleSettings(random_dice_order=True, one_shot_per_turn=mode != "racing")
    pilots = random_pilots(players, random.Random(5))
    game = play_bot_game(
        players,
        ["coach", "greedy", "coach", "random"],
        seed=5,
        mode=mode,
        pilots=pilots,
        rules=rules,
        max_rounds=40,
    )
    assert game.round > 1
    for craft in game.state.crafts:
        assert 0 <= craft.damage <= 6


def test_the_plan_follows_the_colour_order():
    state = position(7)
    dice = Dice(2, 5, 3)
    order = ("blue", "red", "white")
    plan = best_plan(state, dice, "blue", order=order)
    assert plan.score == score_program(state, dice, "blue", plan.program, order=order)
    shields = dict.fromkeys(state.player_order, True)
    shields["blue"] = plan.program.shielded
    board, _ = resolve_asteroids(state, dice, shields=shields, order=order, decide=plan.decide)
    if board.craft("blue").cell is not None:
        final, _ = fly(board, {"blue": plan.program}, decide=plan.decide)
        assert final.craft("blue").cell == (plan.path[-1] if plan.score["on_board"] else None)
