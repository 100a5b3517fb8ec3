"""Golden scenarios for Capture the Asteroyd: tests/scenarios/capture/*.json.

The rules: docs/rules.md#11-capture-the-asteroyd.

The file format is documented in tests/scenarios/capture/README.md. Every
expected value in those files was worked out by hand from the rules and the
board's neighbour table, never by running the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asteroyds import scenario
from asteroyds.events import Event
from asteroyds.modes import outcome as mode_outcome
from asteroyds.modes.capture import CaptureRules, outcome, resolve

FOLDER = Path(__file__).parent / "scenarios" / "capture"
FILES = sorted(FOLDER.glob("*.json"))
FORMAT = "asteroyds/capture-test@1"
MISSING = "<missing>"
KEYS = {"format", "title", "rules", "notes", "scenario", "dice", "programs", "capture_rules", "expect"}


def load_case(path: Path) -> dict:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case.get("format") == FORMAT, f"{path.name}: format must be {FORMAT!r}"
    unknown = set(case) - KEYS
    assert not unknown, f"{path.name}: unknown keys {sorted(unknown)}"
    return case


def test_there_are_golden_capture_scenarios_and_the_readme_lists_each():
    assert len(FILES) >= 15
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"`{path.name}`" in readme, f"README.md does not describe {path.name}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_capture(path: Path):
    case = load_case(path)
    assert case["title"] and case["rules"] and case["notes"], f"{path.name}: say what it proves and why"
    state = scenario.from_dict(case["scenario"], where=path.name)
    before = scenario.to_dict(state)
    rules = CaptureRules.from_dict(case.get("capture_rules", {}))
    after, events = resolve(state, case["dice"], case["programs"], rules)
    expect = case["expect"]

    assert scenario.to_dict(state) == before, "resolve() changed its input state"
    result = scenario.to_dict(after)
    assert result["crafts"] == expect["crafts"]
    removed = set(expect.get("removed", []))
    changed = expect.get("changed", {})
    wanted_pieces = [changed.get(p["id"], p) for p in before["pieces"] if p["id"] not in removed]
    assert result["pieces"] == wanted_pieces
    assert result["scores"] == expect["scores"]
    assert (result["player_order"], result["round"], result["mode"]) == (
        before["player_order"],
        before["round"],
        before["mode"],
    )

    actual = [json.loads(json.dumps(e.to_dict())) for e in events]  # as a file or the UI sees them
    wanted = expect["events"]
    for i, (want, have) in enumerate(zip(wanted, actual, strict=False)):
        seen = {key: have.get(key, MISSING) for key in want}
        assert seen == want, f"event {i}: {have['text']!r}"
    assert [e["text"] for e in actual[len(wanted) :]] == [], "more events than expected"
    assert len(actual) == len(wanted), f"missing events from {wanted[len(actual)]!r}"

    result_outcome = outcome(after, events)
    winners = None if result_outcome is None else list(result_outcome.winners)
    assert winners == expect["winners"]
    registered = mode_outcome(after, events)
    assert (None if registered is None else list(registered.winners)) == winners

    after.validate(path.name)
    assert scenario.loads(scenario.dumps(after)) == after
    assert [Event.from_dict(d) for d in actual] == events


def test_golden_files_cover_every_capture_event():
    types = set()
    for path in FILES:
        types |= {event["type"] for event in load_case(path)["expect"]["events"]}
    assert {
        "capture_turret_aimed",
        "capture_round_started",
        "capture_laser_fired",
        "capture_laser_dodged",
        "capture_craft_shot",
        "capture_craft_bumped",
        "capture_craft_teleported",
        "capture_turret_disabled",
        "capture_asteroid_blasted",
        "capture_asteroyd_picked_up",
        "capture_asteroyd_dropped",
        "capture_asteroyd_contested",
        "capture_asteroyd_returned",
        "capture_point_scored",
        "capture_won",
        "column_played",
        "craft_moved",
        "pilot_power_used",
        "phase_started",
        "tile_moved",
        "tile_blocked",
    } <= types
