"""resolve_asteroids as an API: inputs accepted and refused, shields, decisions, the whole racing board.

The rules themselves are proved by the golden scenarios (test_golden_asteroids.py)
and the properties (test_properties.py).
"""

from __future__ import annotations

import pytest

from asteroyds import scenario, setups
from asteroyds.asteroids import resolve_asteroids
from asteroyds.damage import EMERGENCY_SHIELD, Decision
from asteroyds.dice import Dice, all_outcomes
from asteroyds.errors import RuleError
from asteroyds.rules import RuleSettings


def small(pieces, crafts=(), mode="racing", round=1):
    return scenario.from_dict(
        {
            "format": "asteroyds/scenario@1",
            "mode": mode,
            "pieces": pieces,
            "crafts": list(crafts),
            "player_order": [c["player"] for c in crafts],
            "round": round,
        }
    )


def rock(pid, colour, cell, orientation, priority):
    return {
        "id": pid,
        "kind": "asteroid",
        "colour": colour,
        "cell": list(cell),
        "orientation": orientation,
        "priority": priority,
    }


def ship(player, cell, damage=0, pilot=None):
    return {
        "player": player,
        "pilot": pilot,
        "cell": list(cell),
        "facing": "E",
        "damage": damage,
        "tokens": [],
    }


def test_the_package_example():
    state = setups.racing(seed=1, players=["blue"])
    after, events = resolve_asteroids(state, Dice(3, 5, 2))
    assert str(events[1]) == "White/red asteroid #4 moves 2 spaces NW to (5, 11)"
    assert after is not state and after != state
    after.validate()


def test_dice_as_dice_list_or_tuple_and_rules_argument():
    state = setups.racing(seed=2, players=["blue", "red"])
    a = resolve_asteroids(state, Dice(4, 1, 6))
    b = resolve_asteroids(state, [4, 1, 6])
    c = resolve_asteroids(state, (4, 1, 6), RuleSettings(random_dice_order=True))
    assert a[0] == b[0] == c[0]
    assert [e.to_dict() for e in a[1]] == [e.to_dict() for e in b[1]] == [e.to_dict() for e in c[1]]


@pytest.mark.parametrize("dice", [(0, 1, 1), (1, 7, 1), (1, 1), ("1", 1, 1)])
def test_bad_dice_are_refused(dice):
    with pytest.raises(RuleError, match="die|dice"):
        resolve_asteroids(setups.racing(), dice)


@pytest.mark.parametrize(
    "order",
    [("red",), ("red", "red", "blue"), ("red", "white", "blue", "red"), ("green", "red", "blue"), ()],
)
def test_a_colour_order_must_list_each_colour_once(order):
    with pytest.raises(RuleError, match="red, white and blue once each"):
        resolve_asteroids(setups.racing(seed=1), (1, 2, 3), order=order)


def test_every_colour_order_is_accepted_and_followed():
    state = setups.racing(seed=4)
    for order in (("blue", "red", "white"), ["white", "blue", "red"]):
        _, events = resolve_asteroids(state, (2, 2, 2), order=order)
        assert [e.phase for e in events if e.type == "phase_started"] == list(order)


def test_an_empty_board_gives_three_empty_phases():
    after, events = resolve_asteroids(small([]), (6, 5, 4))
    assert after == small([])
    assert [(e.type, e.phase, e.die, e.order) for e in events] == [
        ("phase_started", "red", 6, ()),
        ("phase_started", "white", 5, ()),
        ("phase_started", "blue", 4, ()),
    ]
    assert [e.text() for e in events] == [
        "Red die shows 6: nothing moves",
        "White die shows 5: nothing moves",
        "Blue die shows 4: nothing moves",
    ]


def test_shields_default_to_up_and_a_missing_player_is_shielded():
    # W1 (6,4) faces E; die 1: it tries (6,5), where both crafts are.
    state = small([rock("W1", "white", (6, 4), "E", 1)], [ship("blue", (6, 5)), ship("red", (6, 5))])
    for shields in (None, {}, {"green": False}):
        kwargs = {} if shields is None else {"shields": shields}
        after, _ = resolve_asteroids(state, (1, 1, 1), **kwargs)
        assert [c.damage for c in after.crafts] == [0, 0]
    after, _ = resolve_asteroids(state, (1, 1, 1), shields={"red": False})
    assert [c.damage for c in after.crafts] == [0, 1]


def test_lawrence_is_asked_once_per_damage_event_with_distinct_keys():
    # WR1 (6,4) faces E. Red die 1: (6,5) holds the craft -> hit. White die 1: again -> hit.
    state = small(
        [rock("WR1", "white/red", (6, 4), "E", 1)],
        [ship("blue", (6, 5), damage=1, pilot="Lawrence")],
        round=3,
    )
    asked: list[Decision] = []

    def decline(decision: Decision) -> bool:
        asked.append(decision)
        return False

    after, events = resolve_asteroids(state, (1, 1, 1), shields={"blue": False}, decide=decline)
    assert [d.kind for d in asked] == [EMERGENCY_SHIELD, EMERGENCY_SHIELD]
    assert len({d.key for d in asked}) == 2, "a replay keyed by decision would reuse the first answer"
    assert all(d.key.startswith("r3:") for d in asked)
    assert after.craft("blue").damage == 3 and not after.craft("blue").power_used

    # A game replaying from recorded answers: "no" to the first question must not answer the second.
    answers = {asked[0].key: False}
    second: list[Decision] = []

    def replay(decision: Decision) -> bool:
        if decision.key in answers:
            return answers[decision.key]
        second.append(decision)
        return True

    after, events = resolve_asteroids(state, (1, 1, 1), shields={"blue": False}, decide=replay)
    assert [d.key for d in second] == [asked[1].key]
    blue = after.craft("blue")
    assert (blue.damage, blue.power_used) == (2, True)  # 1 + 1, then 1 - 1 by the emergency shield
    damaged = [e for e in events if e.type == "craft_damaged"]
    assert [(e.amount, e.emergency_shield) for e in damaged] == [(1, False), (0, True)]


def test_lawrence_is_not_asked_when_nothing_is_lost():
    state = small([rock("W1", "white", (6, 4), "E", 1)], [ship("blue", (6, 5), pilot="Lawrence")])
    asked = []
    resolve_asteroids(state, (1, 1, 1), decide=lambda d: asked.append(d) or True)  # shield up: 0 damage
    assert asked == []


@pytest.mark.parametrize("seed", range(4))
def test_the_full_racing_board_for_many_rolls(seed):
    state = setups.racing(seed=seed, players=["blue", "red", "green"])
    text = scenario.dumps(state)
    for dice in all_outcomes()[::7]:
        after, events = resolve_asteroids(state, dice)
        after.validate()
        assert sum(e.type == "phase_started" for e in events) == 3
        moved = {e.piece for e in events if e.type in ("tile_moved", "tile_blocked")}
        assert moved == {p.id for p in state.pieces if p.is_moving}  # every tile takes its turn
    assert scenario.dumps(state) == text
