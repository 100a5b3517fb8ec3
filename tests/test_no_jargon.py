"""Issue 35: a newcomer reads words, not the engine's identifiers (without a browser).

The every-page browser test (``tests/browser/test_every_page.py``) reads each rendered page with the
patterns of ``tests/browser/page_checks.py``; here, the parts that feed those pages: the variants'
names in both languages, the chart's refusals by the pictogram's name, and the patterns themselves.
"""

from __future__ import annotations

import dataclasses

import pytest

from asteroyds.errors import ProgramError
from asteroyds.i18n import _, use_language
from asteroyds.pieces import Craft
from asteroyds.program import validate_program
from asteroyds.rules import VARIANT_NAMES, RuleSettings
from tests.browser.page_checks import ENGINE_NAMES, LEAKS

# The settings that are a number, not a variant a table chooses.
NOT_VARIANTS = {"planning_seconds"}


def test_every_variant_has_a_name_in_words_in_english_and_french():
    settings = [f.name for f in dataclasses.fields(RuleSettings) if f.name not in NOT_VARIANTS]
    assert sorted(VARIANT_NAMES) == sorted(settings)
    assert sorted(ENGINE_NAMES) == sorted(settings)  # the browser check looks for each of them
    for name, words in VARIANT_NAMES.items():
        assert "_" not in words and name not in words, words
        with use_language("fr"):
            french = _(words)
        assert french != words and "_" not in french, (name, french)


def check(text: str) -> list[str]:
    return [what for what, pattern in LEAKS if pattern.search(text)]


@pytest.mark.parametrize(
    "text",
    [
        "only one shot per turn (variant one_shot_per_turn): 'X' repeats the one in column 1",
        "| *random dice order* (`random_dice_order`) | the colour order is shuffled |",
        "The handicap: targets_handicap = n",
        "blue on None",
        "Click and drag. In JupyterLab, Shift+Enter runs a cell.",
    ],
)
def test_the_page_check_catches_what_a_newcomer_found(text):
    assert check(text) != []


@pytest.mark.parametrize(
    "text",
    [
        "only one shot per turn (the one-shot-per-turn variant): this Shoot repeats the one in column 1",
        "None of the crafts is hit.",
        "the planning time: beginner 50 s, expert 20 s",
    ],
)
def test_the_page_check_lets_words_pass(text):
    assert check(text) == []


PICTOGRAMS = {"S": "Shield", "F": "Forward", "R": "Right", "L": "Left", "U": "Turn back", "X": "Shoot"}


@pytest.mark.parametrize(
    ("program", "mode", "rules", "pictogram"),
    [
        ("F F F F F F U", "racing", None, "U"),
        ("X . . . . . S", "racing", None, "X"),
        ("S . . . . . S", "racing", None, "S"),
        ("X X . . . . S", "shooting", RuleSettings(one_shot_per_turn=True), "X"),
    ],
)
def test_a_chart_refusal_names_the_pictogram_in_words(program, mode, rules, pictogram):
    """The chart shows the engine's refusal as it is: the pictogram by its name, in both languages."""
    craft = Craft("blue", (6, 7), 0)
    for lang in ("en", "fr"):
        with use_language(lang), pytest.raises(ProgramError) as refused:
            validate_program(program, craft, mode, rules=rules)
        message = str(refused.value)
        with use_language(lang):
            name = _(PICTOGRAMS[pictogram])
        assert name in message and repr(pictogram) not in message, message
        assert check(message) == [], message
