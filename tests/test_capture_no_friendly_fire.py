"""No friendly fire in Capture the Asteroyd (docs/rules.md#11-capture-the-asteroyd).

A laser passes allied crafts wherever they are, in its stopping space too: it
stops at the first space holding an enemy craft that does not dodge it, and
there only the enemy crafts are hit (the rules teleport a craft "hit by an
enemy laser" and list allied crafts among what is not an obstacle). So an
ally's Shield anticipation never matters to its own team's lasers. The board
below is built by hand: row 7 is an odd row, so a laser fired E from (7, 3)
crosses (7, 4), (7, 5), (7, 6), (7, 7)...

The engine of the build that had friendly fire (commit 0ecccde) fails every
test here but the two that say "passed" in the path and "beside a dodging
enemy", kept because they bound the rule from the other side.
"""

from __future__ import annotations

from asteroyds import scenario
from asteroyds.events import Event
from asteroyds.i18n import use_language
from asteroyds.modes.capture import resolve
from asteroyds.modes.capture.events import (
    AsteroydDropped,
    CraftShot,
    CraftTeleported,
    LaserDodged,
    LaserFired,
)
from asteroyds.ui.chart.capture.inspector import capture_round_table

RED, WHITE = {"team": "red"}, {"team": "white"}


def board(crafts: list[dict], carrier: str | None = None, carried_at: list[int] | None = None):
    """Two platforms on row 6, the red asteroyd in a corner, the white one carried by ``carrier``."""
    white = {"id": "AW", "kind": "asteroyd", "cell": [12, 12], "team": "white", "home": [12, 12]}
    if carrier is not None:
        white = {**white, "cell": carried_at, "carrier": carrier}
    return scenario.from_dict(
        {
            "format": "asteroyds/scenario@1",
            "mode": "capture",
            "pieces": [
                {"id": "AR", "kind": "asteroyd", "cell": [0, 3], "team": "red", "home": [0, 3]},
                white,
                {"id": "LR", "kind": "platform", "colour": "red", "cell": [6, 1], "facing": "E"} | RED,
                {"id": "LW", "kind": "platform", "colour": "white", "cell": [6, 14], "facing": "W"} | WHITE,
            ],
            "crafts": crafts,
            "player_order": [c["player"] for c in crafts],
            "scores": {"red": 0, "white": 0},
        }
    )


def first_round(events: list[Event]) -> list[Event]:
    rounds = [i for i, e in enumerate(events) if e.type == "capture_round_started"]
    return events[rounds[0] + 1 : rounds[1]]


CRAFTS = [
    {"player": "red1", "cell": [7, 3], "facing": "E", "team": "red"},
    {"player": "red3", "cell": [7, 5], "facing": "NE", "team": "red"},
    {"player": "white1", "cell": [7, 7], "facing": "W", "team": "white"},
    {"player": "red2", "cell": [7, 7], "facing": "E", "team": "red"},
    {"player": "white2", "cell": [7, 9], "facing": "W", "team": "white"},
]


def test_an_ally_sharing_the_stopping_space_with_an_enemy_is_passed_and_keeps_what_it_carries():
    # red1's laser stops at (7, 7) on white1; red2, its team-mate there, carries the
    # white asteroyd and flies on: F F from (7, 7) facing E is (7, 8), then (7, 9).
    state = board(CRAFTS, carrier="red2", carried_at=[7, 7])
    programs = {"red1": "X . . . . . -", "red2": "F F . . . . -", "red3": "F . . . . . -"}
    after, events = resolve(state, (1, 1, 1), programs)
    laser, *rest = first_round(events)

    assert isinstance(laser, LaserFired)
    assert laser.path == ((7, 4), (7, 5), (7, 6), (7, 7))  # red3 at (7, 5) is passed
    assert (laser.end, laser.stopped_by, laser.hits) == ((7, 7), "craft", ("white1",))
    assert laser.text() == "The red1 craft fires E from (7, 3): it hits the white1 craft at (7, 7)"
    assert [(e.player, e.by) for e in events if isinstance(e, CraftShot)] == [("white1", ("red1",))]
    assert not any(isinstance(e, AsteroydDropped) for e in events)
    assert [e.player for e in rest if isinstance(e, CraftTeleported)] == ["white1"]

    assert after.craft("white1").cell == (6, 14)
    assert after.craft("red2").cell == (7, 9)
    aw = next(p for p in after.pieces if p.id == "AW")
    assert (aw.cell, aw.carrier) == ((7, 9), "red2")
    assert after.craft("white2").cell == (7, 9)  # behind the stopping space
    assert [Event.from_dict(e.to_dict()) for e in events] == events


def test_an_allys_shield_anticipation_is_irrelevant_to_its_own_teams_laser():
    # The same turn with and without red2's Shield in round 1: the same events, red2 never hit,
    # nothing dodged (a Shield acts on enemy lasers; red1's laser is not one for red2).
    plain = resolve(board(CRAFTS), (1, 1, 1), {"red1": "X . . . . . -", "red2": ". . . . . . -"})[1]
    shield = resolve(board(CRAFTS), (1, 1, 1), {"red1": "X . . . . . -", "red2": ". . . . . . S1"})[1]
    assert shield == plain
    assert [e.player for e in shield if isinstance(e, CraftShot)] == ["white1"]
    assert not any(isinstance(e, LaserDodged) for e in shield)


def test_a_piercing_laser_passes_allies_too():
    # red1 anticipates Shoot in round 1: its laser pierces enemy Shields, not team-mates.
    programs = {"red1": "X . . . . . X1", "white1": ". . . . . . S1"}
    after, events = resolve(board(CRAFTS), (1, 1, 1), programs)
    laser = first_round(events)[0]
    assert (laser.pierce, laser.end, laser.hits) == (True, (7, 7), ("white1",))
    assert after.craft("red2").cell == (7, 7) and after.craft("white1").cell == (6, 14)


def test_an_ally_alone_in_the_path_is_passed():
    crafts = [
        {"player": "red1", "cell": [7, 3], "facing": "E", "team": "red"},
        {"player": "red2", "cell": [7, 6], "facing": "E", "team": "red"},
        {"player": "white1", "cell": [7, 9], "facing": "W", "team": "white"},
    ]
    after, events = resolve(board(crafts), (1, 1, 1), {"red1": "X . . . . . -"})
    laser = first_round(events)[0]
    assert laser.path == ((7, 4), (7, 5), (7, 6), (7, 7), (7, 8), (7, 9))
    assert laser.hits == ("white1",)
    assert [e.player for e in events if isinstance(e, CraftShot)] == ["white1"]
    assert after.craft("red2").cell == (7, 6)


def test_an_ally_beside_an_enemy_that_dodges_is_passed_with_it():
    # white1 anticipates Shield in round 1: red1's laser passes beside it, so
    # (7, 7) is not a stopping space and red2 there is not hit; white2 stops it.
    state = board(CRAFTS)
    _, events = resolve(state, (1, 1, 1), {"red1": "X . . . . . -", "white1": ". . . . . . S1"})
    laser = first_round(events)[0]
    assert (laser.end, laser.hits) == ((7, 9), ("white2",))
    assert [e.player for e in events if isinstance(e, LaserDodged)] == ["white1"]
    assert [e.player for e in events if isinstance(e, CraftShot)] == ["white2"]


def test_two_lasers_crossing_in_one_space_each_hit_only_the_enemy():
    # white2 fires W and stops at (7, 7) on red2, passing white1 there;
    # red1 fires E and stops there on white1, passing red2.
    state = board([c for c in CRAFTS if c["player"] != "red3"])
    _, events = resolve(state, (1, 1, 1), {"red1": "X . . . . . -", "white2": "X . . . . . -"})
    shots = {e.player: e for e in events if isinstance(e, CraftShot)}
    assert set(shots) == {"white1", "red2"}
    assert shots["red2"].by == ("white2",) and shots["white1"].by == ("red1",)
    assert shots["red2"].text() == "The red2 craft is hit at (7, 7) by the white2 craft"


def test_the_round_inspector_and_the_french_sentences_name_only_the_enemy():
    _, events = resolve(board(CRAFTS), (1, 1, 1), {"red1": "X . . . . . -"})
    second = next(i for i, e in enumerate(events) if e.type == "capture_round_started" and e.round == 2)
    table = capture_round_table(events, second)
    assert table is not None
    (laser,) = table.lasers
    assert (laser.outcome, laser.reason) == ("hits", "hits white1 at (7, 7)")
    fired = first_round(events)[0]
    with use_language("fr"):
        text = fired.text()
        assert "blanc1" in text and "rouge2" not in text and "ami" not in text


def test_a_log_of_the_friendly_fire_build_still_reads():
    # That build wrote a 'friendly' field on lasers and hits; the field is gone, the log reads.
    _, events = resolve(board(CRAFTS), (1, 1, 1), {"red1": "X . . . . . -"})
    fired = first_round(events)[0]
    old = fired.to_dict() | {"friendly": []}
    assert Event.from_dict(old) == fired
