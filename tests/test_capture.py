"""Capture the Asteroyd: notation, validation, setups, layouts, state rules, turret aims.

The rules: docs/rules.md#11-capture-the-asteroyd.
"""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asteroyds import scenario
from asteroyds.dice import Dice
from asteroyds.errors import ProgramError, ScenarioError
from asteroyds.hexgrid import direction_name, rotate_cell
from asteroyds.modes import OUTCOMES, capture
from asteroyds.modes.capture import (
    BLUE_ASTEROID_CELLS,
    CaptureProgram,
    CaptureRules,
    TurretAim,
    layout,
    outcome,
    parse_program,
    programs_for,
    resolve,
    setup,
    turret_aims,
    validate_program,
)
from asteroyds.modes.capture.events import LaserFired as CaptureLaserFired
from asteroyds.modes.capture.events import TurretAimed
from asteroyds.modes.capture.program import COLUMN_TOKENS, legal_anticipations, legal_column_tokens
from asteroyds.pieces import ASTEROYD, PLATFORM, POD, TURRET, Craft, Piece
from asteroyds.setups import racing
from asteroyds.state import State


def red(cell=(6, 5), facing=0, **extra) -> Craft:
    return Craft("red1", cell, facing, team="red", **extra)


# --- the notation -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "columns", "stance", "rounds"),
    [
        ("F F X L . . S3", ("F", "F", "X", "L", ".", "."), "S", (3,)),
        ("u r l f x . X5", ("U", "R", "L", "F", "X", "."), "X", (5,)),
        (". . . . . . -", (".",) * 6, None, ()),
        ("P . . . . . S2,5", ("P", ".", ".", ".", ".", "."), "S", (2, 5)),
        ("PLL . . . . PR s1", ("PLL", ".", ".", ".", ".", "PR"), "S", (1,)),
    ],
)
def test_parse_reads_columns_and_anticipation(text, columns, stance, rounds):
    p = parse_program(text)
    assert (p.columns, p.stance, p.rounds) == (columns, stance, rounds)
    assert parse_program(str(p)) == p
    assert eval(repr(p), {"CaptureProgram": CaptureProgram}) == p


def test_rounds_are_written_in_ascending_order():
    assert str(parse_program("F . . . . . S5,2")) == "F . . . . . S2,5"


def test_shield_and_pierce_rounds():
    p = parse_program("X . . . . . X1")
    assert p.pierces_in(1) and not p.pierces_in(2) and not p.shields_in(1)
    q = parse_program(". . . . . . S2,5")
    assert [k for k in range(1, 7) if q.shields_in(k)] == [2, 5]
    assert CaptureProgram.empty().anticipation == "-"
    assert not any(CaptureProgram.empty().shields_in(k) for k in range(1, 7))


@given(
    columns=st.lists(st.sampled_from(COLUMN_TOKENS), min_size=6, max_size=6),
    stance=st.sampled_from(["S", "X", None]),
    rounds=st.sets(st.integers(1, 6), min_size=1, max_size=2),
)
@settings(max_examples=200, deadline=None)
def test_notation_round_trips(columns, stance, rounds):
    program = CaptureProgram(tuple(columns), stance, () if stance is None else tuple(rounds))
    text = str(program)
    assert parse_program(text) == program
    assert str(parse_program(text.lower())) == text


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("F F Q . . . S3", "red1, column 3: unknown token 'Q'"),
        ("F F . . . S3", "red1, a capture program has 7 tokens"),
        ("F F . . . . S . .", "red1, a capture program has 7 tokens"),
        ("F F . . . . S7", "red1, anticipation: no round 7"),
        ("F F . . . . S0", "red1, anticipation: no round 0"),
        ("F F . . . . S", "red1, anticipation: cannot read 'S'"),
        ("F F . . . . Q3", "red1, anticipation: cannot read 'Q3'"),
        ("F F . . . . S2,2", "red1, anticipation: a round is marked twice"),
        ("F F . . . . S1,2,3", "red1, anticipation: at most two rounds"),
        ("F F . . . . S12", "red1, anticipation: cannot read 'S12'"),
        ("S F . . . . S1", "red1, column 1: unknown token 'S'"),
    ],
)
def test_parse_errors_name_the_player_and_the_column(text, message):
    with pytest.raises(ProgramError) as info:
        parse_program(text, player="red1")
    assert str(info.value).startswith(message)


@pytest.mark.parametrize(
    ("craft", "text", "message"),
    [
        (red(), "P . . . . . S1", "red1, column 1: 'P' is a pilot power, but this craft has no pilot"),
        (red(pilot="Hector"), ". PL . . . . S1", "red1, column 2: Hector takes no direction"),
        (
            red(pilot="Hector", power_used=True),
            "P . . . . . S1",
            "red1, column 1: Hector's power was already used",
        ),
        (red(pilot="1634"), "PL . PR . . . S1", "red1, column 3: only one pilot token per program"),
        (red(pilot="Lawrence"), "P . . . . . S1", "red1, column 1: Lawrence has no column power in capture"),
        (red(pilot="Lawrence"), "X . . . . . X1", "red1, anticipation: Lawrence is always in Shield"),
        (red(), "F . . . . . S2,5", "red1, anticipation: only Lawrence (pilot variant) marks two rounds"),
        (red(pilot="Hector"), "F . . . . . X2,5", "red1, anticipation: only Lawrence"),
    ],
)
def test_validation_errors(craft, text, message):
    with pytest.raises(ProgramError) as info:
        validate_program(text, craft)
    assert str(info.value).startswith(message)


def test_valid_programs_pass():
    assert str(validate_program("P F F . . X X6", red(pilot="Hector"))) == "P F F . . X X6"
    assert str(validate_program(". . . . . . S2,5", red(pilot="Lawrence"))) == ". . . . . . S2,5"
    assert str(validate_program(". . . . . . S4", red(pilot="Lawrence"))) == ". . . . . . S4"
    assert str(validate_program(". . . . . . -", red(pilot="Lawrence"))) == ". . . . . . -"


def test_legal_tokens_and_anticipations():
    assert legal_column_tokens(red(), 1) == (".", "F", "R", "L", "U", "X")
    mhand = red(pilot="M'Hand")
    assert legal_column_tokens(mhand, 2) == (".", "F", "R", "L", "U", "X", "PL", "PR")
    held = parse_program("PL . . . . . -")
    assert legal_column_tokens(mhand, 2, held) == (".", "F", "R", "L", "U", "X")
    assert legal_column_tokens(red(pilot="Lawrence"), 1) == (".", "F", "R", "L", "U", "X")
    assert len(legal_anticipations(red())) == 1 + 12
    lawrence = legal_anticipations(red(pilot="Lawrence"))
    assert len(lawrence) == 1 + 6 + 15 and "S2,5" in lawrence and "X1" not in lawrence
    for text in legal_anticipations(red(pilot="Lawrence")):
        validate_program(f". . . . . . {text}", red(pilot="Lawrence"))


def test_programs_for_fills_empty_charts_and_rejects_strangers():
    state = setup()
    checked = programs_for(state, {"red1": "F . . . . . S1"})
    assert list(checked) == ["red1", "white1", "red2", "white2"]
    assert checked["white1"] == CaptureProgram.empty()
    with pytest.raises(ProgramError, match="blue7: no such player"):
        programs_for(state, {"blue7": ". . . . . . -"})
    with pytest.raises(ProgramError, match="white2, column 6"):
        resolve(state, (1, 1, 1), {"red1": "F F F . . . -", "white2": ". . . . . Q -"})


# --- setups and layouts -------------------------------------------------------------


def test_setup_is_the_shipped_scenario_file():
    assert setup() == layout(2) == scenario.load(resources.files("asteroyds") / "data/capture-2teams.json")
    assert setup(teams=3) == layout(3)
    for name in ("capture-2teams.json", "capture-3teams.json"):
        text = (resources.files("asteroyds") / "data" / name).read_text(encoding="utf-8")
        assert scenario.dumps(scenario.loads(text)) == text


def test_setup_crafts_start_on_their_platforms_in_turn_order():
    state = setup(teams=3, crafts_per_team=2)
    assert state.player_order == ("red1", "white1", "blue1", "red2", "white2", "blue2")
    for craft in state.crafts:
        platform = capture.platform_of(state, craft.team)
        assert (craft.cell, craft.facing) == (platform.cell, platform.orientation)
    assert dict(state.scores) == {"red": 0, "white": 0, "blue": 0}


def test_setup_uneven_teams_renamed_players_and_pilots():
    state = setup(
        crafts_per_team={"white": 3, "red": 2},
        players={"red": ["ann", "bob"]},
        pilots={"ann": "Hector", "white3": "Lawrence"},
    )
    assert state.player_order == ("ann", "white1", "bob", "white2", "white3")
    assert state.craft("ann").pilot == "Hector" and state.craft("white3").pilot == "Lawrence"
    assert state.craft("bob").pilot is None


def test_setup_duel_doubles_the_planning_time():
    state = setup(crafts_per_team=3, duel=True)
    assert state.rules.planning_time("capture") == 2 * setup().rules.planning_time("capture") == 80
    with pytest.raises(ScenarioError, match="1 v 1"):
        setup(crafts_per_team=1, duel=True)


def test_setup_blue_asteroids():
    state = setup(blue_asteroids=4, seed=5)
    blues = [p for p in state.pieces if p.kind == "asteroid"]
    assert [p.cell for p in blues] == list(BLUE_ASTEROID_CELLS)
    assert sorted(p.priority for p in blues) == [1, 2, 3, 4] and {p.colour for p in blues} == {"blue"}
    assert setup(blue_asteroids=4, seed=5) == state
    assert len([p for p in setup(blue_asteroids=2).pieces if p.kind == "asteroid"]) == 2
    with pytest.raises(ScenarioError, match="two teams"):
        setup(teams=3, blue_asteroids=2)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"teams": 4}, "2 or 3 teams"),
        ({"teams": ["red", "green"]}, "the teams are red and white"),
        ({"crafts_per_team": 4}, "1-3 crafts"),
        ({"crafts_per_team": {"red": 2}}, "every team"),
        ({"blue_asteroids": 5}, "blue_asteroids must be 0-4"),
        ({"pilots": {"red1": "Zorg"}}, "unknown pilot 'Zorg'"),
        ({"pilots": {"green1": "Hector"}}, "not in this game"),
        ({"players": {"red": ["ann"]}}, "needs 2 player names"),
        ({"players": {"red": ["white1", "x"]}}, "used twice"),
    ],
)
def test_setup_errors(options, message):
    with pytest.raises(ScenarioError, match=message):
        setup(**options)


def _half_turn(cell):
    r, c = cell
    return (12 - r, 15 - c) if r % 2 == 0 else (12 - r, 14 - c)


def test_two_team_layout_is_symmetric_under_the_half_turn():
    state = layout(2)
    swap = {"red": "white", "white": "red", None: None}
    seen = {(p.kind, p.team, p.cell, p.orientation, p.home) for p in state.pieces}
    turned = {
        (p.kind, swap[p.team], _half_turn(p.cell), None if p.orientation is None else (p.orientation + 3) % 6,
         None if p.home is None else _half_turn(p.home))
        for p in state.pieces
    }  # fmt: skip
    assert seen == turned
    assert {(p.kind) for p in state.pieces} == {ASTEROYD, PLATFORM, TURRET, POD}


def test_three_team_bases_are_copies_turned_by_120_degrees_about_the_centre_pod():
    state = layout(3)
    centre = (6, 7)
    assert any(p.kind == POD and p.cell == centre for p in state.pieces)
    turn = {"red": "blue", "blue": "white", "white": "red", None: None}
    seen = {(p.kind, p.team, p.cell, p.orientation, p.home) for p in state.pieces}
    turned = {
        (p.kind, turn[p.team], rotate_cell(p.cell, 2, centre),
         None if p.orientation is None else (p.orientation + 2) % 6,
         None if p.home is None else rotate_cell(p.home, 2, centre))
        for p in state.pieces
    }  # fmt: skip
    assert seen == turned


def test_layouts_leave_room_every_asteroyd_reachable_at_equal_distance():
    from asteroyds.hexgrid import distance

    for n in (2, 3):
        state = layout(n)
        teams = capture.teams(state)
        trips = {
            distance(capture.asteroyd_of(state, a).home, capture.platform_of(state, b).cell)
            for a in teams
            for b in teams
            if a != b
        }
        assert len(trips) == 1 and trips.pop() >= 9


# --- the state rules ------------------------------------------------------------------


def _capture_state(pieces, crafts, scores=(("red", 0), ("white", 0))):
    base = [
        Piece("LR", PLATFORM, (6, 1), "red", 0, team="red"),
        Piece("LW", PLATFORM, (6, 14), "white", 3, team="white"),
    ]
    crafts = tuple(crafts)
    return State(
        "capture", tuple(base + pieces), crafts, tuple(c.player for c in crafts), scores=scores
    ).validate("test")


def asteroyd(team, cell, home=None, carrier=None):
    return Piece(f"A{team[0].upper()}", ASTEROYD, cell, team=team, home=home or cell, carrier=carrier)


@pytest.mark.parametrize(
    ("pieces", "crafts", "message"),
    [
        ([asteroyd("red", (6, 5), carrier="white1")], [Craft("white1", (6, 6), 0, team="white")],
         "must be in its cell"),
        ([asteroyd("red", (6, 5), carrier="red1")], [red((6, 5))], "cannot carry its own team's asteroyd"),
        ([asteroyd("red", (6, 5), carrier="nobody")], [], "not a craft on the board"),
        ([Piece("AX", ASTEROYD, (6, 5), home=(6, 5))], [], "needs a team"),
        ([Piece("AR", ASTEROYD, (6, 5), team="red")], [], "needs a home cell"),
        ([asteroyd("red", (6, 1))], [], "holds platform LR"),
        ([asteroyd("red", (6, 5), home=(6, 14))], [], r"its home \(6, 14\) holds platform LW"),
        ([asteroyd("red", (6, 5)), Piece("A2", ASTEROYD, (6, 6), team="red", home=(6, 6))], [],
         "already has an asteroyd"),
        ([Piece("T1", TURRET, (4, 4), orientation=0)], [], "a turret belongs to a team"),
        ([Piece("P1", POD, (6, 5), carrier="red1")], [], "only an asteroyd has a carrier or a home"),
        ([], [Craft("x", (6, 5), 0)], "a craft belongs to a team"),
        ([], [Craft("x", (6, 5), 0, team="blue")], "the blue team needs exactly one platform"),
    ],
)  # fmt: skip
def test_state_validation_of_capture_pieces(pieces, crafts, message):
    with pytest.raises(ScenarioError, match=message):
        _capture_state(pieces, crafts)


def test_asteroyds_share_cells_with_crafts_and_each_other():
    state = _capture_state(
        [asteroyd("red", (6, 5), home=(6, 3), carrier="white1"), asteroyd("white", (6, 5))],
        [Craft("white1", (6, 5), 0, team="white"), red((6, 5))],
    )
    assert scenario.loads(scenario.dumps(state)) == state
    data = json.loads(scenario.dumps(state))
    assert data["pieces"][2] == {
        "id": "AR", "kind": "asteroyd", "cell": [6, 5], "team": "red", "carrier": "white1", "home": [6, 3],
    }  # fmt: skip
    assert data["scores"] == {"red": 0, "white": 0}


def test_scores_in_the_scenario_format():
    text = scenario.dumps(setup())
    data = json.loads(text)
    data["scores"] = {"red": 2, "white": -1}
    assert dict(scenario.from_dict(data).scores) == {"red": 2, "white": -1}
    data["scores"] = {"red": "2"}
    with pytest.raises(ScenarioError, match="scores must map each team to a whole number"):
        scenario.from_dict(data)


def test_racing_files_do_not_change():
    state = racing(seed=3, players=["blue", "red"])
    text = scenario.dumps(state)
    assert '"scores"' not in text and '"carrier"' not in text and '"home"' not in text
    assert scenario.dumps(scenario.loads(text)) == text


# --- resolution details not in the golden files ------------------------------------------


def test_resolve_does_not_change_its_input_and_rejects_other_modes():
    state = setup()
    before = scenario.dumps(state)
    resolve(state, (2, 3, 4), {"red1": "F F X . . . X3"})
    assert scenario.dumps(state) == before
    with pytest.raises(ScenarioError, match="capture state"):
        resolve(racing(seed=1), (1, 1, 1), {})


def test_indestructible_blue_asteroids_stop_lasers_and_bounce_rammers():
    state = setup(blue_asteroids=1, seed=0)
    assert state.piece("B1").cell == (3, 6)
    state = state.replace(
        pieces=tuple(p._replace(orientation=0) if p.id == "B1" else p for p in state.pieces),
        crafts=tuple(replace(c, cell=(3, 3), facing=0) if c.player == "red1" else c for c in state.crafts),
    ).validate()
    # Blue die 6: orientation E + OFFSET[6] = W, so B1 moves from (3, 6) to (3, 5) before round 1.
    rules = CaptureRules(destructible_asteroids=False)
    after, events = resolve(state, (1, 1, 6), {"red1": "X F F . . . -"}, rules)
    assert after.piece("B1").cell == (3, 5)
    laser = next(e for e in events if e.type == "capture_laser_fired" and e.shooter == "red1")
    assert (laser.path, laser.stopped_by, laser.blocker) == (((3, 4), (3, 5)), "asteroid", "B1")
    assert not any(e.type == "capture_asteroid_blasted" for e in events)
    bump = next(e for e in events if e.type == "capture_craft_bumped")
    assert (bump.player, bump.cell, bump.blocked_at, bump.reason, bump.round) == (
        "red1",
        (3, 4),
        (3, 5),
        "asteroid",
        3,
    )
    assert after.craft("red1").cell == (6, 1)
    destructible, _ = resolve(state, (1, 1, 6), {"red1": "X F F . . . -"})
    assert not destructible.has_piece("B1")


def test_capture_rules_settings():
    assert CaptureRules().target_for(2) == 3 and CaptureRules().target_for(3) == 2
    assert CaptureRules(target=5).target_for(3) == 5
    assert CaptureRules.from_dict(CaptureRules(target=2, victory_check="turn").to_dict()) == CaptureRules(
        target=2, victory_check="turn"
    )
    with pytest.raises(ScenarioError, match="unknown setting 'speed'"):
        CaptureRules.from_dict({"speed": 2})
    with pytest.raises(ScenarioError, match="victory_check"):
        CaptureRules(victory_check="game")
    with pytest.raises(ScenarioError, match="target"):
        CaptureRules(target=0)


def test_custom_target_wins_earlier():
    state = setup().replace(scores=(("red", 1), ("white", 0)))
    state = state.replace(
        pieces=tuple(p._replace(cell=(6, 2), carrier="red1") if p.id == "AW" else p for p in state.pieces),
        crafts=tuple(replace(c, cell=(6, 2), facing=3) if c.player == "red1" else c for c in state.crafts),
    ).validate()
    _, events = resolve(state, (3, 3, 3), {"red1": "F . . . . . -"}, CaptureRules(target=2))
    won = [e for e in events if e.type == "capture_won"]
    assert len(won) == 1 and won[0].team == "red" and won[0].target == 2


def test_outcome_from_the_state_alone_and_registration():
    assert OUTCOMES["capture"] is outcome
    state = setup()
    assert outcome(state, []) is None
    result = outcome(state.replace(scores=(("red", 1), ("white", 3))), [])
    assert result is not None and result.winners == ("white1", "white2")
    assert str(result) == "The white team wins with 3 points (red 1, white 3)."
    assert outcome(state.replace(scores=(("red", 3), ("white", 3))), []) is None
    three = setup(teams=3)
    assert outcome(three.replace(scores=(("red", 2), ("white", 2), ("blue", -1))), []) is None
    assert outcome(three.replace(scores=(("red", -1), ("white", 0), ("blue", 2))), []).winners == (
        "blue1",
        "blue2",
    )


def test_victory_check_turn_waits_for_round_6():
    state = setup().replace(scores=(("red", 2), ("white", 0)))
    state = state.replace(
        pieces=tuple(p._replace(cell=(6, 2), carrier="red1") if p.id == "AW" else p for p in state.pieces),
        crafts=tuple(replace(c, cell=(6, 2), facing=3) if c.player == "red1" else c for c in state.crafts),
    ).validate()
    programs = {"red1": "F . . . . . -", "red2": ". . . . . F -"}
    _, early = resolve(state, (3, 3, 3), programs)
    assert [e.round for e in early if e.type == "capture_won"] == [1]
    assert not any(e.type == "column_played" and e.player == "red2" for e in early)
    _, late = resolve(state, (3, 3, 3), programs, CaptureRules(victory_check="turn"))
    won = [e for e in late if e.type == "capture_won"]
    assert [e.round for e in won] == [0] and won[0].text().startswith(
        "The red team wins at the end of the turn"
    )
    assert any(e.type == "column_played" and e.player == "red2" and e.column == 6 for e in late)


# --- where the turrets fire ---------------------------------------------------------

GOLDEN = sorted((Path(__file__).parent / "scenarios" / "capture").glob("*.json"))


def aims_reported(events) -> tuple[TurretAim, ...]:
    return tuple(
        TurretAim(e.turret, e.team, e.cell, e.die, e.direction) for e in events if isinstance(e, TurretAimed)
    )


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_turret_aims_are_the_aims_the_turn_reports_and_fires_with(path):
    case = json.loads(path.read_text(encoding="utf-8"))
    state = scenario.from_dict(case["scenario"], where=path.name)
    rules = CaptureRules.from_dict(case.get("capture_rules", {}))
    for dice in [case["dice"], *((d, 7 - d, (d % 6) + 1) for d in range(1, 7))]:
        aims = turret_aims(state, dice)
        _, events = resolve(state, dice, case["programs"], rules)
        assert aims == aims_reported(events), (path.name, dice)
        first_round = [e for e in events if isinstance(e, CaptureLaserFired) and e.round == 1]
        fired = {e.shooter: e.direction for e in first_round}
        assert all(fired[a.turret] == a.direction for a in aims)  # every turret fires in round 1


def test_turret_aims_follow_each_teams_die_and_read_as_the_planning_screens_show_them():
    state = setup(teams=3)
    turrets = [p for p in state.pieces if p.kind == TURRET]
    for dice in itertools.product(range(1, 7), repeat=3):
        aims = turret_aims(state, dice)
        assert [a.turret for a in aims] == [t.id for t in turrets]  # the scenario's order, every time
        for aim, turret in zip(aims, turrets, strict=True):
            assert aim.die == Dice.of(dice).value(turret.team) and aim.cell == turret.cell
        assert aims == aims_reported(resolve(state, dice, {})[1])
    aim = turret_aims(state, (3, 5, 2))[0]
    assert str(aim) == f"{aim.turret} {direction_name(aim.direction)}"
    assert eval(repr(aim), {"TurretAim": TurretAim}) == aim
