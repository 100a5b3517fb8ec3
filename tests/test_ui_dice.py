"""DiceController and DiceView without a browser."""

from __future__ import annotations

import random

import ipywidgets as widgets
import pytest

from asteroyds import Dice
from asteroyds.dice import roll
from asteroyds.errors import RuleError
from asteroyds.ui import DiceController, DiceView
from asteroyds.ui.player.dice import face_svg


def find(widget: widgets.Widget, css_class: str) -> widgets.Widget:
    """The first widget under ``widget`` with a CSS class (as a browser test would find it)."""
    if css_class in getattr(widget, "_dom_classes", ()):
        return widget
    for child in getattr(widget, "children", ()):
        found = find(child, css_class)
        if found is not None:
            return found
    return None


def test_seeded_rolls_are_deterministic():
    rng = random.Random(7)
    expected = [roll(rng) for _ in range(6)]
    dice = DiceController(seed=7)
    assert [dice.dice] + [dice.roll() for _ in range(5)] == expected
    assert dice.rolls == 5
    assert DiceController(seed=7, dice=(1, 2, 3)).dice == Dice(1, 2, 3)


def test_set_and_set_die_notify_observers():
    dice = DiceController(seed=1, dice=(1, 1, 1))
    seen = []
    dice.observe(seen.append)
    dice.set(3, 5, 2)
    dice.set_die("blue", 6)
    assert seen == [Dice(3, 5, 2), Dice(3, 5, 6)]
    dice.unobserve(seen.append)
    dice.roll()
    assert len(seen) == 2
    with pytest.raises(RuleError, match="white die"):
        dice.set(1, 7, 1)
    with pytest.raises(ValueError, match="green"):
        dice.set_die("green", 2)


def test_view_shows_the_faces_and_menus():
    view = DiceView(dice=(3, 5, 2))
    assert "asteroyds-dice" in view._dom_classes
    assert [find(view, f"asteroyds-die-{c}").value for c in ("red", "white", "blue")] == [3, 5, 2]
    text = " ".join(w.value for w in _all(view) if isinstance(w, widgets.HTML))
    for colour, value in (("red", 3), ("white", 5), ("blue", 2)):
        assert f'data-colour="{colour}" data-value="{value}"' in text


def test_roll_button_and_menus_drive_the_controller():
    view = DiceView(seed=3)
    changes = []
    view.on_change(changes.append)
    expected = DiceController(seed=3)
    expected.roll()
    find(view, "asteroyds-roll").click()
    assert view.dice == expected.dice == changes[-1]
    find(view, "asteroyds-die-white").value = 6
    assert view.dice.white == 6 and changes[-1] == view.dice
    view.set(1, 2, 3)
    assert [find(view, f"asteroyds-die-{c}").value for c in ("red", "white", "blue")] == [1, 2, 3]
    assert len(changes) == 3  # syncing the menus does not echo back as more changes


def test_callback_errors_are_shown_not_raised():
    view = DiceView(seed=1)

    def broken(dice):
        raise RuntimeError("no board")

    view.on_change(broken)
    view.roll()
    assert "no board" in view._error.value


def test_face_svg_has_the_pips():
    for value in range(1, 7):
        assert face_svg("red", value).count("<circle") == value


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)
