"""Dice are explicit inputs (STYLE §4): validated values, seeded rolls, the 216 outcomes, phase order."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from itertools import permutations

import pytest

from asteroyds.dice import Dice, all_outcomes, phase_order, roll
from asteroyds.errors import AsteroydsError, RuleError


def test_dice_hold_red_white_blue():
    dice = Dice(3, 5, 2)
    assert (dice.red, dice.white, dice.blue) == (3, 5, 2)
    assert [dice.value(c) for c in ("red", "white", "blue")] == [3, 5, 2]
    assert dice.as_tuple() == (3, 5, 2)
    assert str(dice) == "red 3, white 5, blue 2"
    assert repr(dice) == "Dice(red=3, white=5, blue=2)"
    assert eval(repr(dice), {"Dice": Dice}) == dice


def test_dice_are_immutable_values():
    dice = Dice(1, 2, 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        dice.red = 4  # type: ignore[misc]
    assert dice == Dice(1, 2, 3) and hash(dice) == hash(Dice(1, 2, 3)) and dice != Dice(3, 2, 1)


@pytest.mark.parametrize("colour, index", [("red", 0), ("white", 1), ("blue", 2)])
@pytest.mark.parametrize("bad", [0, 7, -1, 1.0, "3", None, True])
def test_a_bad_face_is_refused_naming_the_die(colour, index, bad):
    values = [1, 1, 1]
    values[index] = bad
    with pytest.raises(RuleError, match=rf"the {colour} die must show 1\.\.6, got {bad!r}"):
        Dice(*values)


def test_dice_of_accepts_dice_and_sequences():
    dice = Dice(6, 1, 4)
    assert Dice.of(dice) is dice
    assert Dice.of([6, 1, 4]) == Dice.of((6, 1, 4)) == Dice.of(iter([6, 1, 4])) == dice
    with pytest.raises(RuleError, match="three values"):
        Dice.of([1, 2])
    with pytest.raises(RuleError, match="three values"):
        Dice.of([1, 2, 3, 4])
    with pytest.raises(RuleError, match="blue die"):
        Dice.of([1, 2, 9])
    assert issubclass(RuleError, AsteroydsError)


def test_roll_is_seeded_and_fair_enough():
    a = [roll(random.Random(42)) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    rng = random.Random(7)
    rolls = [roll(rng) for _ in range(600)]
    assert rolls == [roll(r) for r in [random.Random(7)] for _ in range(600)]
    for colour in ("red", "white", "blue"):
        faces = Counter(d.value(colour) for d in rolls)
        assert set(faces) == {1, 2, 3, 4, 5, 6}
        assert min(faces.values()) > 50  # 100 expected per face
    assert len(set(rolls)) > 150


def test_all_outcomes():
    outcomes = all_outcomes()
    assert len(outcomes) == 216 == len(set(outcomes))
    assert outcomes[0] == Dice(1, 1, 1) and outcomes[1] == Dice(1, 1, 2) and outcomes[-1] == Dice(6, 6, 6)
    assert [d.as_tuple() for d in outcomes] == sorted(d.as_tuple() for d in outcomes)
    assert all_outcomes() == outcomes  # fixed order


def test_phase_order():
    assert phase_order() == ("red", "white", "blue")
    assert phase_order(None) == ("red", "white", "blue")
    seen = set()
    for seed in range(200):
        order = phase_order(random.Random(seed))
        assert sorted(order) == ["blue", "red", "white"]
        assert phase_order(random.Random(seed)) == order
        seen.add(order)
    assert seen == set(permutations(("red", "white", "blue")))
