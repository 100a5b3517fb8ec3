"""Golden scenarios for phase 3: tests/scenarios/flight/*.json.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#6-gates-and-tokens,
docs/rules.md#9-pilots, docs/rules.md#10-variants-and-rule-settings.

The file format is documented in tests/scenarios/flight/README.md. Every
expected value in those files was worked out by hand from the rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asteroyds import scenario
from asteroyds.damage import Decision, always, never, policy
from asteroyds.events import Event
from asteroyds.flight import fly
from asteroyds.rules import RuleSettings

FOLDER = Path(__file__).parent / "scenarios" / "flight"
FILES = sorted(FOLDER.glob("*.json"))
FORMAT = "asteroyds/flight-test@1"
MISSING = "<missing>"


def load_case(path: Path) -> dict:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case.get("format") == FORMAT, f"{path.name}: format must be {FORMAT!r}"
    unknown = set(case) - {
        "format",
        "title",
        "rules",
        "notes",
        "scenario",
        "programs",
        "decide",
        "fly_rules",
        "expect",
    }
    assert not unknown, f"{path.name}: unknown keys {sorted(unknown)}"
    return case


def decide_from(spec) -> callable:
    """The decide callback a case asks for (see the README)."""
    if spec == "never":
        return never
    if spec == "always":
        return always
    if isinstance(spec, dict) and "answers" in spec:
        answers = spec["answers"]

        def from_answers(decision: Decision) -> bool:
            assert decision.key in answers, f"unexpected question {decision.key!r}: {decision.question}"
            return answers[decision.key]

        return from_answers
    if isinstance(spec, dict):
        return policy(spec.get("destroy", "never"), spec.get("lawrence", "never"))
    raise AssertionError(f"bad decide spec {spec!r}")


def test_there_are_golden_flight_scenarios_and_the_readme_lists_each():
    assert len(FILES) >= 20
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"`{path.name}`" in readme, f"README.md does not describe {path.name}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_flight(path: Path):
    case = load_case(path)
    assert case["title"] and case["rules"] and case["notes"], f"{path.name}: say what it proves and why"
    state = scenario.from_dict(case["scenario"], where=path.name)
    before = scenario.to_dict(state)
    asked: list[str] = []
    answer = decide_from(case.get("decide", "never"))

    def decide(decision: Decision) -> bool:
        asked.append(decision.key)
        return answer(decision)

    rules = RuleSettings.from_dict(case["fly_rules"]) if "fly_rules" in case else None
    after, events = fly(state, case["programs"], rules, decide)
    expect = case["expect"]

    assert scenario.to_dict(state) == before, "fly() changed its input state"
    result = scenario.to_dict(after)
    assert result["crafts"] == expect["crafts"]
    removed = set(expect.get("removed", []))
    assert result["pieces"] == [p for p in before["pieces"] if p["id"] not in removed]
    assert (result["player_order"], result["round"], result["mode"]) == (
        before["player_order"],
        before["round"],
        before["mode"],
    )
    assert asked == expect.get("decisions", [])

    actual = [e.to_dict() for e in events]
    wanted = expect["events"]
    for i, (want, have) in enumerate(zip(wanted, actual, strict=False)):
        seen = {key: have.get(key, MISSING) for key in want}
        assert seen == want, f"event {i}: {have['text']!r}"
    assert [e["text"] for e in actual[len(wanted) :]] == [], "more events than expected"
    assert len(actual) == len(wanted), f"missing events from {wanted[len(actual)]!r}"

    after.validate(path.name)
    assert [Event.from_dict(json.loads(json.dumps(d))) for d in actual] == events


def test_golden_files_cover_every_flight_event_and_obstacle():
    types, reasons = set(), set()
    for path in FILES:
        for event in load_case(path)["expect"]["events"]:
            types.add(event["type"])
            if event["type"] == "craft_collided":
                reasons.add(event.get("reason"))
    assert {
        "flight_started",
        "column_played",
        "craft_moved",
        "craft_turned",
        "craft_collided",
        "craft_damaged",
        "craft_destroyed",
        "program_cancelled",
        "asteroid_destroyed",
        "pilot_power_used",
        "token_taken",
        "craft_landed",
    } <= types
    assert {"asteroid", "gate", "pod", "platform", "turret", "drone", "border"} <= reasons
