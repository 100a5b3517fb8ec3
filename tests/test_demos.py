"""The demo gallery: every demo loads, plays, and shows the one fact it is about.

The expected cells and damage below were worked out by hand from docs/rules.md and
the odd-r neighbour table (see ``tests/scenarios/README.md``), never by
running the engine; each demo's ``notes`` field shows the working.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from asteroyds import demos
from asteroyds.dice import Dice
from asteroyds.errors import ScenarioError
from asteroyds.hexgrid import direction_name
from asteroyds.snapshots import snapshots

NAMES = demos.list_demos()

# name -> the fact the demo shows, after its round (asteroid phase, then the programs):
#   pieces: id -> cell; crafts: player -> {cell, damage, facing, tokens, power_used, destroy_used};
#   removed: ids that left the game; events: (type, fields) that must occur, in this order.
FACTS: dict[str, dict] = {
    "rulebook-red-stopped-by-pod": {
        "pieces": {"R1": (6, 7), "P1": (6, 8)},
        "events": [("tile_blocked", {"piece": "R1", "steps": 1, "reason": "pod", "blocked_at": [6, 8]})],
    },
    "rulebook-white-blocked-by-craft": {
        "pieces": {"W1": (6, 6), "W2": (8, 6)},
        "crafts": {"blue": {"cell": (6, 7), "damage": 0}, "red": {"cell": (8, 8), "damage": 1}},
        "events": [
            ("tile_blocked", {"piece": "W1", "reason": "craft", "outcome": "void"}),
            ("craft_damaged", {"player": "blue", "amount": 0, "shielded": True}),
            ("tile_blocked", {"piece": "W2", "reason": "craft", "outcome": "void"}),
            ("craft_damaged", {"player": "red", "amount": 1, "shielded": False}),
        ],
    },
    "rulebook-blue-pushes-white": {
        "pieces": {"B1": (6, 6), "W1": (6, 7)},
        "events": [("tile_pushed", {"pusher": "B1", "piece": "W1", "start": [6, 6], "end": [6, 7]})],
    },
    "rulebook-push-refused-asteroid-behind": {
        "pieces": {"B1": (6, 5), "W1": (6, 6), "W2": (6, 7)},
        "events": [("tile_blocked", {"piece": "B1", "reason": "push_refused", "outcome": "void"})],
    },
    "rulebook-white-6-before-gate-24": {
        "pieces": {"W6": (6, 6), "G24": (6, 7)},
        "events": [
            ("tile_moved", {"piece": "W6", "end": [6, 6]}),
            ("tile_blocked", {"piece": "G24", "blocker": "W6", "outcome": "void"}),
        ],
    },
    "priority-enter-vacated-space": {
        "pieces": {"W1": (6, 7), "W2": (6, 6)},
        "events": [("tile_moved", {"piece": "W1"}), ("tile_moved", {"piece": "W2", "end": [6, 6]})],
    },
    "pushed-element-moves-later": {
        "pieces": {"B1": (6, 6), "B2": (7, 7)},
        "events": [
            ("tile_pushed", {"pusher": "B1", "piece": "B2", "end": [6, 7]}),
            ("tile_moved", {"piece": "B2", "start": [6, 7], "end": [7, 7]}),
        ],
    },
    "bicolour-moves-in-both-phases": {
        "pieces": {"WR1": (6, 8), "WB1": (8, 7)},
        "events": [
            ("tile_moved", {"piece": "WR1", "phase": "red", "end": [6, 7]}),
            ("tile_moved", {"piece": "WR1", "phase": "white", "end": [6, 8]}),
            ("tile_moved", {"piece": "WB1", "phase": "white", "end": [8, 6]}),
            ("tile_moved", {"piece": "WB1", "phase": "blue", "end": [8, 7]}),
        ],
    },
    "gate-crosses-craft": {
        "pieces": {"GA": (6, 7)},
        "crafts": {"blue": {"cell": (6, 6), "damage": 0, "tokens": ("A",)}},
        "events": [("token_taken", {"player": "blue", "symbol": "A", "column": 0})],
    },
    "craft-collision-and-shield": {
        "crafts": {"blue": {"cell": (6, 6), "damage": 1}, "red": {"cell": (8, 6), "damage": 2}},
        "events": [
            ("craft_collided", {"player": "blue", "blocked_at": [6, 7], "column": 2}),
            ("program_cancelled", {"player": "blue", "skipped": ["F"]}),
            ("craft_collided", {"player": "red", "blocked_at": [8, 7], "column": 2}),
            ("program_cancelled", {"player": "red", "skipped": ["F", "F"]}),
        ],
    },
    "destroy-an-asteroid": {
        "removed": ["W1"],
        "crafts": {"blue": {"cell": (6, 8), "damage": 3, "destroy_used": True}},
        "events": [("asteroid_destroyed", {"player": "blue", "piece": "W1", "cell": [6, 7], "column": 2})],
    },
    "platform-is-an-obstacle": {
        "crafts": {"blue": {"cell": (6, 7), "facing": "W", "damage": 1}},
        "events": [("craft_collided", {"reason": "platform", "blocked_at": [6, 6], "column": 3})],
    },
    "crafts-share-a-space": {
        "crafts": {"blue": {"cell": (6, 7), "damage": 0}, "red": {"cell": (6, 7), "damage": 0}},
    },
    "gate-token-mid-program": {
        "pieces": {"GA": (6, 7)},
        "crafts": {"blue": {"cell": (6, 8), "damage": 0, "tokens": ("A",)}},
        "events": [("token_taken", {"player": "blue", "symbol": "A", "column": 2})],
    },
    "pilot-hector": {
        "crafts": {"blue": {"cell": (6, 8), "facing": "E", "power_used": True}},
        "events": [("pilot_power_used", {"pilot": "Hector", "column": 1})],
    },
    "pilot-dolorosa-rulebook-example": {
        "crafts": {"blue": {"cell": (7, 4), "facing": "W", "damage": 4, "power_used": True}},
        "events": [
            ("craft_moved", {"start": [6, 6], "end": [6, 5], "facing": 3, "column": 1}),
            ("craft_collided", {"blocked_at": [7, 3], "reason": "pod", "column": 3}),
        ],
    },
    "pilot-lawrence": {
        "crafts": {"blue": {"cell": (6, 6), "damage": 0, "power_used": True}},
        "events": [("craft_damaged", {"amount": 0, "base": 2, "shielded": True, "emergency_shield": True})],
    },
    "pilot-yayenek": {
        "crafts": {"blue": {"cell": (6, 6), "facing": "E", "power_used": True}},
        "events": [("craft_moved", {"end": [6, 6], "backwards": True})],
    },
    "pilot-mhand": {
        "crafts": {"blue": {"cell": (4, 7), "facing": "NW", "power_used": True}},
        "events": [("craft_moved", {"start": [6, 8], "end": [5, 7], "column": 1})],
    },
    "pilot-1634": {
        "crafts": {"blue": {"cell": (7, 6), "facing": "SW", "power_used": True}},
        "events": [("craft_turned", {"end_facing": 1}), ("craft_turned", {"end_facing": 2})],
    },
    "shooting-laser-takes-a-gate-token": {
        "pieces": {"GA": (6, 11)},
        "crafts": {
            "blue": {"cell": (6, 4), "damage": 0, "tokens": ("A",)},
            "red": {"cell": (6, 6), "tokens": ()},
        },
        "events": [
            ("tile_moved", {"piece": "GA", "end": [6, 11]}),
            ("laser_fired", {"player": "blue", "column": 1, "hit": "GA", "hit_kind": "gate"}),
            ("token_taken", {"player": "blue", "symbol": "A", "column": 1}),
        ],
    },
    "targets-victory-earliest-column": {
        "events": [
            ("target_eliminated", {"player": "red", "target": "right-1", "column": 4}),
            ("target_eliminated", {"player": "blue", "target": "left-1", "column": 2}),
            ("game_over", {"winners": ["blue"]}),
        ],
    },
    "drones-move-first-and-are-shot": {
        "pieces": {"R1": (5, 6)},
        "crafts": {"blue": {"cell": (8, 9), "tokens": ("A",)}},
        "events": [
            ("drone_launched", {"turret": "T1", "cell": [6, 5], "priority": 101}),
            ("phase_started", {"phase": "red", "order": ["DA-1", "DB-1", "R1"]}),
            ("tile_moved", {"piece": "DA-1", "end": [6, 7]}),
            ("tile_blocked", {"piece": "R1", "blocker": "DA-1", "end": [5, 6]}),
            ("laser_fired", {"player": "blue", "hit": "DA-1", "hit_kind": "drone"}),
            ("token_taken", {"player": "blue", "symbol": "A"}),
        ],
    },
    "racing-tie-break-earliest-column": {
        "crafts": {"blue": {"cell": (4, 7)}, "red": {"cell": (9, 5)}},
        "events": [
            ("token_taken", {"player": "blue", "symbol": "A", "column": 3}),
            ("token_taken", {"player": "red", "symbol": "B", "column": 1}),
            ("game_over", {"winners": ["red"]}),
        ],
    },
    "capture-laser-passes-allies-hits-every-enemy": {
        "pieces": {"AW": (5, 6)},
        "crafts": {
            "red1": {"cell": (5, 3)},
            "red2": {"cell": (5, 5)},
            "white1": {"cell": (6, 14)},
            "white2": {"cell": (6, 14)},
            "white3": {"cell": (5, 3)},
        },
        "events": [
            (
                "capture_laser_fired",
                {"shooter": "red1", "end": [5, 8], "stopped_by": "craft", "hits": ["white1", "white2"]},
            ),
            ("capture_craft_teleported", {"player": "white1", "end": [6, 14]}),
            ("capture_craft_teleported", {"player": "white2", "end": [6, 14]}),
        ],
    },
    "variant-return-to-platform": {
        "pieces": {"GA": (0, 3), "GB": (12, 3), "GC": (0, 12), "GD": (12, 12)},
        "crafts": {"blue": {"cell": (6, 7), "damage": 0}, "red": {"cell": (8, 6), "damage": 1}},
        "events": [
            ("craft_landed", {"player": "blue", "platform": "L1", "column": 2}),
            ("craft_collided", {"player": "red", "reason": "platform", "column": 2}),
        ],
    },
}


def test_the_gallery_is_sorted_and_every_demo_has_its_fact():
    assert sorted(NAMES) == NAMES
    assert len(NAMES) >= 20
    assert set(FACTS) == set(NAMES)


def test_the_gallery_covers_the_rules_sections():
    sections = {demos.load_demo(name).section for name in NAMES}
    assert {4, 5, 6, 7, 8, 9, 10, 11} <= sections
    pilots = {c.pilot for name in NAMES for c in demos.load_demo(name).state.crafts if c.pilot}
    assert pilots == {"Hector", "Dolorosa", "Lawrence", "Yayenek", "M'Hand", "1634"}


@pytest.mark.parametrize("name", NAMES)
def test_every_demo_loads_and_its_file_is_canonical(name):
    demo = demos.load_demo(name)
    assert demo.name == name
    assert demo.title and demo.explain and demo.rule.startswith("§")
    assert 2 <= demo.explain.count(". ") + 1 <= 4  # two or three plain sentences
    text = resources.files("asteroyds").joinpath(f"data/demos/{name}.json").read_text(encoding="utf-8")
    assert demos.dumps(demo) == text
    assert demos.loads(text, name=name) == demo


@pytest.mark.parametrize("name", NAMES)
def test_every_demo_plays_and_shows_its_fact(name):
    demo = demos.load_demo(name)
    play = demo.play()
    fact = FACTS[name]
    end = play.end
    for pid, cell in fact.get("pieces", {}).items():
        assert end.piece(pid).cell == cell, pid
    for pid in fact.get("removed", []):
        assert not end.has_piece(pid)
    assert {p.id for p in demo.state.pieces} - {p.id for p in end.pieces} == set(fact.get("removed", []))
    for player, want in fact.get("crafts", {}).items():
        craft = end.craft(player)
        got = {
            "cell": craft.cell,
            "damage": craft.damage,
            "facing": direction_name(craft.facing),
            "tokens": craft.tokens,
            "power_used": craft.power_used,
            "destroy_used": craft.destroy_used,
        }
        assert {k: got[k] for k in want} == want, player
    # The events it is about, in this order (others may come in between).
    dicts = [e.to_dict() for e in play.events]
    position = 0
    for kind, fields in fact.get("events", []):
        for i in range(position, len(dicts)):
            if dicts[i]["type"] == kind and all(dicts[i].get(k) == v for k, v in fields.items()):
                position = i + 1
                break
        else:
            pytest.fail(f"{name}: no {kind} event with {fields} after event {position}")
    # Stepping through the events rebuilds exactly what the engine computed.
    assert snapshots(play.start, play.events)[-1] == end
    assert snapshots(play.start, play.asteroid_events)[-1] == play.after_asteroids
    end.validate(name)


def test_play_is_pure_and_cached():
    demo = demos.load_demo("destroy-an-asteroid")
    before = demos.to_dict(demo)
    assert demo.play() is demo.play()
    assert demos.to_dict(demo) == before
    assert demo.state.has_piece("W1")


# --- errors ----------------------------------------------------------------------------------
def _data(**changes) -> dict:
    data = demos.to_dict(demos.load_demo("pilot-hector"))
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"format": "asteroyds/scenario@1"}, "format must be 'asteroyds/demo@1'"),
        ({"colour": "red"}, "unknown key 'colour'"),
        ({"title": ""}, "title must be a non-empty string"),
        ({"dice": [1, 7, 1]}, "dice must be [red, white, blue], each 1..6"),
        ({"dice": [1, 1]}, "dice must be [red, white, blue]"),
        ({"programs": {"blue": "F F Z . . . S"}}, "programs:"),
        ({"programs": {"green": "F . . . . . S"}}, "green: no such player"),
        ({"decide": "sometimes"}, "decide destroy must be one of never, always"),
        ({"decide": {"ram": "always"}}, "decide must be"),
        ({"victory": "yes"}, "victory must be true or false"),
        ({"scenario": {"format": "asteroyds/scenario@1", "pieces": [{"id": "X"}]}}, "scenario: piece 'X'"),
    ],
)
def test_a_broken_demo_is_refused_with_a_clear_message(changes, message):
    with pytest.raises(ScenarioError) as info:
        demos.from_dict(_data(**changes), name="broken")
    assert message in str(info.value)
    assert str(info.value).startswith("demo 'broken':")


def test_broken_json_is_refused():
    with pytest.raises(ScenarioError, match=r"not valid JSON \(line 1"):
        demos.loads("{nope", name="x")


@pytest.mark.parametrize("name", ["../scenario", "Rulebook", "a b", "", "x.json", None, 3])
def test_names_that_cannot_be_demos_are_refused(name):
    with pytest.raises(ScenarioError, match="is not a demo name"):
        demos.load_demo(name)


def test_an_unknown_demo_suggests_close_names():
    with pytest.raises(ScenarioError, match=r"did you mean 'pilot-hector'"):
        demos.load_demo("pilot-hektor")
    with pytest.raises(ScenarioError, match=r"did you mean 'pilot-dolorosa-rulebook-example'\?"):
        demos.load_demo("pilot-dolorosa")
    with pytest.raises(ScenarioError, match=r"no demo named 'zzz' in the gallery \(\d+ demos\)"):
        demos.load_demo("zzz")


def test_make_demo_round_trips_and_validates_programs():
    base = demos.load_demo("crafts-share-a-space")
    made = demos.make_demo(
        base.state, (2, 3, 4), name="mine", title="Mine", programs={"blue": "F . . . . . S"}
    )
    assert made.dice == Dice(2, 3, 4)
    again = demos.loads(demos.dumps(made), name="mine")
    assert again == made
    assert json.loads(demos.dumps(made))["programs"] == {"blue": "F . . . . . S"}
    with pytest.raises(ScenarioError):
        demos.make_demo(base.state, name="Bad Name")


def test_by_section_orders_by_the_rules():
    ordered = demos.by_section(demos.all_demos())
    sections = [d.section for d in ordered]
    assert sections == sorted(sections)
    assert ordered[-1].name == "capture-laser-passes-allies-hits-every-enemy"


def test_the_victory_check_is_played_only_where_a_demo_asks_for_it():
    # gate-crosses-craft's one gate would make its craft a winner: the demo is about crossing.
    crossing = demos.load_demo("gate-crosses-craft")
    assert not crossing.victory
    assert all(e.type != "game_over" for e in crossing.play().events)
    data = demos.to_dict(crossing)
    data["victory"] = True
    asked = demos.from_dict(data, name="gate-crosses-craft")
    assert json.loads(demos.dumps(asked))["victory"] is True
    assert asked.play().events[-1].type == "game_over"
    assert asked.play().events[-1].winners == ("blue",)
