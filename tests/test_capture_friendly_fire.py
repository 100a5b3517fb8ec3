"""Friendly fire in Capture the Asteroyd (RULES §11): "all crafts in the stopping space are hit".

A laser passes allied crafts, and stops at the first space holding an enemy
craft that does not dodge it; there every craft is hit, the shooter's allies
too. A Shield anticipation dodges only enemy lasers, so it does not save a
craft from its own team's laser. The board below is built by hand: row 7 is
an odd row, so a laser fired E from (7, 3) crosses (7, 4), (7, 5), (7, 6),
(7, 7)...
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


def test_an_ally_sharing_the_enemys_space_is_hit_too_and_drops_what_it_carries():
    # red2 carries the white asteroyd and anticipates Shield in round 1: the Shield
    # dodges enemy lasers only, so red1's laser (stopped by white1) hits red2 too.
    state = board(CRAFTS, carrier="red2", carried_at=[7, 7])
    programs = {"red1": "X . . . . . -", "red2": "F F . . . . S1", "red3": "F . . . . . -"}
    after, events = resolve(state, (1, 1, 1), programs)
    laser, *rest = first_round(events)

    assert isinstance(laser, LaserFired)
    assert laser.path == ((7, 4), (7, 5), (7, 6), (7, 7))  # red3 at (7, 5) is passed
    assert (laser.end, laser.stopped_by) == ((7, 7), "craft")
    assert laser.hits == ("white1", "red2")  # player order
    assert laser.friendly == ("red2",)
    assert laser.text() == (
        "The red1 craft fires E from (7, 3): it hits the white1 and red2 crafts at (7, 7), "
        "friendly fire on the red2 craft"
    )
    shots = {e.player: e for e in rest if isinstance(e, CraftShot)}
    assert set(shots) == {"white1", "red2"}
    assert shots["white1"].friendly == () and shots["white1"].by == ("red1",)
    assert shots["red2"].friendly == ("red1",)
    assert shots["white1"].text() == "The white1 craft is hit at (7, 7) by the red1 craft"
    assert shots["red2"].text() == "The red2 craft is hit at (7, 7) by the red1 craft: friendly fire"
    assert not any(isinstance(e, LaserDodged) for e in rest)  # the Shield does not act on its own team
    dropped = [e for e in rest if isinstance(e, AsteroydDropped)]
    assert [(e.player, e.asteroyd, e.cell) for e in dropped] == [("red2", "AW", (7, 7))]
    teleported = {e.player: e for e in rest if isinstance(e, CraftTeleported)}
    assert teleported["red2"].end == (6, 1) and teleported["red2"].skipped == ("F", "F")
    assert teleported["white1"].end == (6, 14)

    assert after.craft("red2").cell == (6, 1) and after.craft("white1").cell == (6, 14)
    assert after.craft("red3").cell != (7, 5)  # the passed ally still flew its column 1
    assert after.craft("white2").cell == (7, 9)  # behind the stopping space
    aw = next(p for p in after.pieces if p.id == "AW")
    assert (aw.cell, aw.carrier) == ((7, 7), None)
    assert [Event.from_dict(e.to_dict()) for e in events] == events


def test_the_event_sentences_in_french():
    state = board(CRAFTS)
    _, events = resolve(state, (1, 1, 1), {"red1": "X . . . . . -"})
    laser = first_round(events)[0]
    shot = next(e for e in events if isinstance(e, CraftShot) and e.player == "red2")
    with use_language("fr"):
        assert "tir ami sur le vaisseau rouge2" in laser.text()
        assert shot.text().endswith(": tir ami")


def test_an_ally_alone_in_the_path_is_passed():
    crafts = [
        {"player": "red1", "cell": [7, 3], "facing": "E", "team": "red"},
        {"player": "red2", "cell": [7, 6], "facing": "E", "team": "red"},
        {"player": "white1", "cell": [7, 9], "facing": "W", "team": "white"},
    ]
    after, events = resolve(board(crafts), (1, 1, 1), {"red1": "X . . . . . -"})
    laser = first_round(events)[0]
    assert laser.path == ((7, 4), (7, 5), (7, 6), (7, 7), (7, 8), (7, 9))
    assert (laser.hits, laser.friendly) == (("white1",), ())
    assert [e.player for e in events if isinstance(e, CraftShot)] == ["white1"]
    assert after.craft("red2").cell == (7, 6)


def test_an_ally_beside_an_enemy_that_dodges_is_passed_with_it():
    # white1 anticipates Shield in round 1: red1's laser passes beside it, so
    # (7, 7) is not a stopping space and red2 there is not hit; white2 stops it.
    state = board(CRAFTS)
    _, events = resolve(state, (1, 1, 1), {"red1": "X . . . . . -", "white1": ". . . . . . S1"})
    laser = first_round(events)[0]
    assert (laser.end, laser.hits, laser.friendly) == ((7, 9), ("white2",), ())
    assert [e.player for e in events if isinstance(e, LaserDodged)] == ["white1"]
    assert [e.player for e in events if isinstance(e, CraftShot)] == ["white2"]


def test_shot_by_an_enemy_and_an_ally_at_once():
    # white2 fires W and stops at (7, 7) on red2 (white1 is its ally there: hit too);
    # red1 fires E and stops there on white1 (red2 its ally: hit too).
    state = board([c for c in CRAFTS if c["player"] != "red3"])
    _, events = resolve(state, (1, 1, 1), {"red1": "X . . . . . -", "white2": "X . . . . . -"})
    shots = {e.player: e for e in events if isinstance(e, CraftShot)}
    assert shots["red2"].by == ("red1", "white2") and shots["red2"].friendly == ("red1",)
    assert shots["white1"].by == ("red1", "white2") and shots["white1"].friendly == ("white2",)
    assert shots["red2"].text() == (
        "The red2 craft is hit at (7, 7) by the red1 craft and the white2 craft, "
        "friendly fire from the red1 craft"
    )


def test_the_round_inspector_says_friendly_fire():
    _, events = resolve(board(CRAFTS), (1, 1, 1), {"red1": "X . . . . . -"})
    second = next(i for i, e in enumerate(events) if e.type == "capture_round_started" and e.round == 2)
    table = capture_round_table(events, second)
    assert table is not None
    (laser,) = table.lasers
    assert laser.outcome == "hits"
    assert laser.reason == "hits white1, red2 at (7, 7), friendly fire on red2"
