"""The engine's refusals a chapter shows (chapters 8 and 10) speak the page's language.

The racing chart's refusals are cached (``program._first_problem``): the cache
must not give a French page the English sentence it computed for an English
one, nor the reverse.
"""

from __future__ import annotations

import pytest

from asteroyds import RuleSettings
from asteroyds.errors import ProgramError
from asteroyds.i18n import use_language
from asteroyds.modes.capture import validate_capture_program
from asteroyds.pieces import Craft
from asteroyds.program import validate_program

ONE_SHOT = RuleSettings(one_shot_per_turn=True)


def one_shot_refusal() -> str:
    with pytest.raises(ProgramError) as error:
        validate_program("X X . . . . S", Craft("blue", (6, 3), 0), "shooting", rules=ONE_SHOT)
    return str(error.value)


def test_the_one_shot_refusal_in_english_then_french_then_english_again():
    with use_language("en"):
        english = one_shot_refusal()
    with use_language("fr"):
        french = one_shot_refusal()
    with use_language("en"):
        again = one_shot_refusal()
    assert english == again
    assert english == (
        "blue, column 2: only one shot per turn (the one-shot-per-turn variant): "
        "this Shoot repeats the one in column 1"
    )
    assert french.startswith("bleu, la colonne 2 : un seul tir par tour")
    assert "répète celui de la colonne 1" in french


def capture_refusal(program: str, craft: Craft) -> str:
    with pytest.raises(ProgramError) as error:
        validate_capture_program(program, craft)
    return str(error.value)


def test_capture_refusals_are_french_on_a_french_page():
    red1 = Craft("red1", (6, 1), 0, team="red")
    with use_language("fr"):
        two_rounds = capture_refusal("F . . . . . S2,5", red1)
        no_pilot = capture_refusal("P . . . . . S2", red1)
    assert two_rounds.startswith("rouge1, anticipation : seul Lawrence (variante des pilotes) marque deux")
    assert "pouvoir de pilote" in no_pilot and "rouge1" in no_pilot
    with use_language("en"):
        assert capture_refusal("F . . . . . S2,5", red1).startswith(
            "red1, anticipation: only Lawrence (pilot variant) marks two rounds; this anticipation marks 2"
        )
