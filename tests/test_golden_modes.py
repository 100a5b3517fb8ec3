"""Golden scenarios for lasers and the shooting modes: tests/scenarios/modes/*.json.

The rules: docs/rules.md#7-shooting, docs/rules.md#8-victory, docs/rules.md#10-variants-and-rule-settings.

The file format is documented in tests/scenarios/modes/README.md. Every
expected value in those files was worked out by hand from docs/rules.md and the
odd-r neighbour table, never by running the engine.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from asteroyds import scenario
from asteroyds.damage import Decision, always, never, policy
from asteroyds.errors import AsteroydsError
from asteroyds.events import Event
from asteroyds.flight import fly
from asteroyds.hexgrid import parse_direction
from asteroyds.round import play_round
from asteroyds.rules import RuleSettings
from asteroyds.snapshots import snapshots

FOLDER = Path(__file__).parent / "scenarios" / "modes"
FILES = sorted(FOLDER.glob("*.json"))
FORMAT = "asteroyds/mode-test@1"
CASE_KEYS = {
    "format",
    "title",
    "rules",
    "notes",
    "scenario",
    "run",
    "dice",
    "programs",
    "decide",
    "fly_rules",
}
CASE_KEYS |= {"expect"}
EXPECT_KEYS = {"error", "crafts", "pieces", "removed", "decisions", "events", "outcome"}


def load_case(path: Path) -> dict:
    case = json.loads(path.read_text(encoding="utf-8"))
    assert case.get("format") == FORMAT, f"{path.name}: format must be {FORMAT!r}"
    unknown = set(case) - CASE_KEYS
    assert not unknown, f"{path.name}: unknown keys {sorted(unknown)}"
    assert case["title"] and case["rules"] and case["notes"], f"{path.name}: say what it proves and why"
    assert case.get("run") in ("fly", "round"), f"{path.name}: run must be 'fly' or 'round'"
    assert ("dice" in case) == (case["run"] == "round"), f"{path.name}: dice go with run 'round' only"
    assert "fly_rules" not in case or case["run"] == "fly", f"{path.name}: fly_rules go with run 'fly'"
    unknown = set(case["expect"]) - EXPECT_KEYS
    assert not unknown, f"{path.name}: unknown expect keys {sorted(unknown)}"
    if "error" in case["expect"]:
        assert set(case["expect"]) == {"error"}, f"{path.name}: an error case expects nothing else"
    else:
        assert {"crafts", "events"} <= set(case["expect"]), f"{path.name}: expect crafts and events"
    return case


def decide_from(spec) -> callable:
    """The decide callback a case asks for (as in the flight golden files)."""
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


def event_problems(expected: str | dict, actual: dict) -> list[str]:
    """The mismatches between one expected event (a type, or a type and some fields) and an actual one."""
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


def run_case(case: dict, state):
    """Run the case's phase; return (state after, events, outcome or None, decision keys asked)."""
    asked: list[str] = []
    answer = decide_from(case.get("decide", "never"))

    def decide(decision: Decision) -> bool:
        asked.append(decision.key)
        return answer(decision)

    if case["run"] == "fly":
        rules = RuleSettings.from_dict(case["fly_rules"]) if "fly_rules" in case else None
        after, events = fly(state, case["programs"], rules, decide)
        return after, events, None, asked
    after, events, result = play_round(state, case["dice"], case["programs"], decide=decide)
    return after, events, result, asked


def test_there_are_golden_mode_scenarios_and_the_readme_lists_each():
    assert len(FILES) >= 15
    readme = (FOLDER / "README.md").read_text(encoding="utf-8")
    for path in FILES:
        assert f"`{path.name}`" in readme, f"tests/scenarios/modes/README.md does not describe {path.name}"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_golden_mode(path: Path):
    case = load_case(path)
    state = scenario.from_dict(case["scenario"], where=path.name)
    before = scenario.to_dict(state)
    expect = case["expect"]

    if "error" in expect:
        with pytest.raises(AsteroydsError) as info:
            run_case(case, state)
        assert str(info.value) == expect["error"]
        assert scenario.to_dict(state) == before, "a refused input changed the state"
        return

    after, events, result, asked = run_case(case, state)
    assert scenario.to_dict(state) == before, "the phase changed its input state"
    data = scenario.to_dict(after)
    assert data["crafts"] == expect["crafts"]

    # Pieces: every piece unchanged, except those removed, changed or added (expect.pieces).
    removed = set(expect.get("removed", []))
    changed = expect.get("pieces", {})
    for pid, piece in changed.items():
        assert piece["id"] == pid, f"expect.pieces[{pid!r}] must have id {pid!r}"
    kept = [p["id"] for p in before["pieces"] if p["id"] not in removed]
    added = [pid for pid in changed if pid not in kept]
    assert [p["id"] for p in data["pieces"]] == kept + added
    wanted = {p["id"]: p for p in before["pieces"] if p["id"] not in removed} | changed
    assert {p["id"]: p for p in data["pieces"]} == wanted

    if case["run"] == "fly":
        assert (data["player_order"], data["round"]) == (before["player_order"], before["round"])
    else:  # the end of the round: the next player is player one, and the round number grows
        order = before["player_order"]
        assert (data["player_order"], data["round"]) == (order[1:] + order[:1], before["round"] + 1)
    assert asked == expect.get("decisions", [])

    actual = [json.loads(json.dumps(e.to_dict())) for e in events]  # as a file would hold them
    wanted_events = expect["events"]
    for i, (want, have) in enumerate(zip(wanted_events, actual, strict=False)):
        problems = event_problems(want, have)
        assert not problems, f"event {i} ({have['text']!r}): {'; '.join(problems)}"
    assert [e["text"] for e in actual[len(wanted_events) :]] == [], "more events than expected"
    assert len(actual) == len(wanted_events), f"missing events from {wanted_events[len(actual)]!r}"

    if case["run"] == "round":
        want = expect.get("outcome")
        if want is None:
            assert result is None, f"unexpected end of game: {result}"
        else:
            assert result is not None, "the game should be over"
            seen = {key: result.to_dict().get(key) for key in want}
            assert seen == want
    else:
        assert "outcome" not in expect, "only a whole round has an outcome"

    after.validate(path.name)
    assert [Event.from_dict(d) for d in actual] == events
    # Stepping through the events rebuilds the result (the round player shows exactly this).
    rebuilt = snapshots(state, events)[-1]
    assert rebuilt == after.replace(player_order=state.player_order, round=state.round)


def test_golden_mode_files_cover_lasers_and_every_mode():
    types, hits, modes = set(), set(), set()
    for path in FILES:
        case = load_case(path)
        modes.add(case["scenario"]["mode"])
        for event in case["expect"].get("events", []):
            if isinstance(event, dict):
                types.add(event["type"])
                if event["type"] == "laser_fired":
                    hits.add(event.get("hit_kind"))
    assert {"laser_fired", "token_taken", "target_eliminated", "drone_launched", "drone_removed"} <= types
    assert {"game_over", "asteroid_destroyed"} <= types
    assert {"asteroid", "gate", "pod", "platform", "turret", "drone", None} <= hits
    assert {"shooting", "targets", "drones"} <= modes
