"""Golden scenarios for phase 2, moving the asteroids: tests/scenarios/asteroids/*.json.

The rules: docs/rules.md#4-moving-the-asteroids.

The file format is documented in tests/scenarios/README.md. Every expected
value in those files was worked out by hand from docs/rules.md and the odd-r
neighbour table of boards.json, never by running the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asteroyds import scenario
from asteroyds.asteroids import resolve_asteroids
from asteroyds.events import Event
from asteroyds.hexgrid import parse_direction

FOLDER = Path(__file__).parent / "scenarios" / "asteroids"
README = Path(__file__).parent / "scenarios" / "README.md"
FILES = sorted(FOLDER.glob("*.json"))
CASE_KEYS = {"title", "rule", "notes", "scenario", "dice", "shields", "order", "expect"}
EXPECT_KEYS = {"pieces", "crafts", "events", "removed"}
CRAFT_KEYS = {"cell", "damage", "tokens"}


def load_case(path: Path) -> dict:
    case = json.loads(path.read_text(encoding="utf-8"))
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"{path.name}: unknown keys {sorted(unknown)}"
    for key in ("title", "rule", "scenario", "dice", "expect"):
        assert key in case, f"{path.name}: missing key {key!r}"
    unknown = set(case["expect"]) - EXPECT_KEYS
    assert not unknown, f"{path.name}: unknown expect keys {sorted(unknown)}"
    assert "events" in case["expect"], f"{path.name}: expect.events is required"
    return case


def event_matches(expected: str | dict, actual: dict) -> list[str]:
    """The mismatches between one expected event (type, or type + some fields) and an actual one."""
    if isinstance(expected, str):
        return [] if actual["type"] == expected else [f"type {actual['type']!r} != {expected!r}"]
    problems = []
    for key, want in expected.items():
        if key not in actual:
            problems.append(f"{key!r} is not a field of {actual['type']!r}")
            continue
        if key == "direction" and isinstance(want, str):
            want = parse_direction(want)
        if actual[key] != want:
            problems.append(f"{key}: got {actual[key]!r}, expected {want!r}")
    return problems


def test_there_are_golden_scenarios_and_the_readme_lists_each():
    assert len(FILES) >= 40
    readme = README.read_text(encoding="utf-8")
    for path in FILES:
        assert f"`{path.name}`" in readme, f"tests/scenarios/README.md does not describe {path.name}"


def test_event_matcher_is_strict():
    actual = {"type": "tile_moved", "piece": "R1", "direction": 5, "end": [4, 5]}
    assert event_matches({"type": "tile_moved", "direction": "NE", "end": [4, 5]}, actual) == []
    assert event_matches({"type": "tile_moved", "direction": "E"}, actual)
    assert event_matches({"type": "tile_moved", "end": [4, 4]}, actual)
    assert event_matches({"type": "tile_moved", "reason": "pod"}, actual)
    assert event_matches("tile_blocked", actual)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_asteroids(path: Path):
    case = load_case(path)
    where = path.name
    state = scenario.from_dict(case["scenario"], where=where)
    text_before = scenario.dumps(state)
    copy_before = scenario.loads(text_before)
    kwargs = {}
    if "shields" in case:
        kwargs["shields"] = case["shields"]
    if "order" in case:
        kwargs["order"] = tuple(case["order"])

    after, events = resolve_asteroids(state, case["dice"], **kwargs)

    # Pure: the input is untouched, and the result is a valid state.
    assert scenario.dumps(state) == text_before, f"{where}: the input state was changed"
    assert state == copy_before
    after.validate(where)
    expect = case["expect"]

    # Pieces: the listed ones end where expected, every other one stays; nothing else changes.
    before_pieces = {p.id: p for p in state.pieces}
    after_pieces = {p.id: p for p in after.pieces}
    assert sorted(set(before_pieces) - set(after_pieces)) == sorted(expect.get("removed", [])), where
    assert set(after_pieces) <= set(before_pieces), where
    wanted = expect.get("pieces", {})
    assert set(wanted) <= set(before_pieces), f"{where}: expect.pieces names unknown ids"
    for pid, piece in after_pieces.items():
        start = before_pieces[pid]
        cell = tuple(wanted[pid]) if pid in wanted else start.cell
        assert piece.cell == cell, f"{where}: {pid} ends at {piece.cell}, expected {cell}"
        assert piece == start._replace(cell=piece.cell), f"{where}: {pid} changed more than its cell"

    # Crafts: the listed ones have the expected cell, damage and tokens; the others are unchanged.
    before_crafts = {c.player: c for c in state.crafts}
    after_crafts = {c.player: c for c in after.crafts}
    assert list(after_crafts) == list(before_crafts), where
    assert after.player_order == state.player_order and after.round == state.round
    wanted_crafts = expect.get("crafts", {})
    assert set(wanted_crafts) <= set(before_crafts), f"{where}: expect.crafts names unknown players"
    for player, craft in after_crafts.items():
        start = before_crafts[player]
        if player not in wanted_crafts:
            assert craft == start, f"{where}: the {player} craft changed: {craft}"
            continue
        want = wanted_crafts[player]
        assert set(want) == CRAFT_KEYS, f"{where}: expect.crafts.{player} needs exactly {sorted(CRAFT_KEYS)}"
        got = {
            "cell": None if craft.cell is None else list(craft.cell),
            "damage": craft.damage,
            "tokens": list(craft.tokens),
        }
        assert got == want, f"{where}: the {player} craft is {got}, expected {want}"
        assert (craft.facing, craft.pilot, craft.destroy_used, craft.power_used, craft.team) == (
            start.facing,
            start.pilot,
            start.destroy_used,
            start.power_used,
            start.team,
        ), where

    # Events: every one, in order.
    actual = [e.to_dict() for e in events]
    log = "\n".join(f"  {e['type']}: {e['text']}" for e in actual)
    assert len(actual) == len(expect["events"]), (
        f"{where}: {len(actual)} events, expected {len(expect['events'])}:\n{log}"
    )
    for i, (want, got) in enumerate(zip(expect["events"], actual, strict=True)):
        problems = event_matches(want, got)
        assert not problems, f"{where}: event {i} ({got['text']!r}): {'; '.join(problems)}\n{log}"

    # Events are plain data: they survive JSON.
    for event in events:
        assert Event.from_dict(json.loads(json.dumps(event.to_dict()))) == event
