"""The status chart and its notation (docs/command-line.md): parse, format, validate, edit.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots."""

from __future__ import annotations

import re

import pytest

from asteroyds.errors import AsteroydsError, ProgramError
from asteroyds.pieces import PILOTS, Craft
from asteroyds.program import (
    BLUE_TOKENS,
    RED_TOKENS,
    TOKENS,
    Program,
    as_program,
    legal_tokens,
    parse_program,
    shields_of,
    validate_program,
)
from asteroyds.rules import MODES


def craft(player: str = "blue", pilot: str | None = None, power_used: bool = False) -> Craft:
    return Craft(player, (6, 7), 3, pilot=pilot, power_used=power_used)


def chart(column: int, token: str) -> str:
    """An otherwise empty chart (shield on) with ``token`` in ``column``."""
    tokens = [".", ".", ".", ".", ".", ".", "S"]
    tokens[column - 1] = token
    return " ".join(tokens)


# --- the notation: parse and format -------------------------------------------------


@pytest.mark.parametrize("column", range(1, 7))
@pytest.mark.parametrize("token", BLUE_TOKENS)
def test_every_blue_token_round_trips_in_every_blue_column(column, token):
    text = chart(column, token)
    program = parse_program(text)
    assert str(program) == text
    assert program.token(column) == token
    assert program.columns[column - 1] == token
    assert parse_program(str(program)) == program
    assert eval(repr(program), {"Program": Program}) == program


@pytest.mark.parametrize("token", RED_TOKENS)
def test_every_red_token_round_trips(token):
    text = f". . . . . . {token}"
    program = parse_program(text)
    assert program.red == token and program.token(7) == token
    assert str(program) == text
    assert eval(repr(program), {"Program": Program}) == program


def test_the_vocabulary_is_the_one_of_the_design():
    assert set(BLUE_TOKENS) == {"F", "R", "L", "U", "X", ".", "P", "PL", "PR", "PLL", "PRR"}
    assert set(RED_TOKENS) == {"S", "F", "R", "L", "X"}
    assert set(TOKENS) == set(BLUE_TOKENS) | {"S"}


def test_parse_the_design_example_and_the_repr_is_runnable():
    program = parse_program("F F R L U . S")
    assert program.columns == ("F", "F", "R", "L", "U", ".")
    assert program.red == "S"
    assert program.tokens == ("F", "F", "R", "L", "U", ".", "S")
    assert repr(program) == "Program.parse('F F R L U . S')"
    assert Program.parse("F F R L U . S") == program


def test_parse_is_case_insensitive_and_tolerates_extra_spaces():
    assert str(parse_program("  f f  r l u . s ")) == "F F R L U . S"
    assert str(parse_program("pll . . . . . l")) == "PLL . . . . . L"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "F F",
            "a program has 7 tokens (columns 1-6, then the red column) like 'F F R L U . S'; got 2 in 'F F'",
        ),
        ("", "a program has 7 tokens (columns 1-6, then the red column) like 'F F R L U . S'; got 0 in ''"),
        (
            "F F F F F F S S",
            "a program has 7 tokens (columns 1-6, then the red column) like 'F F R L U . S'; "
            "got 8 in 'F F F F F F S S'",
        ),
    ],
)
def test_parse_wrong_number_of_tokens(text, message):
    with pytest.raises(ProgramError) as info:
        parse_program(text)
    assert str(info.value) == message
    with pytest.raises(ProgramError) as info:
        parse_program(text, player="red")
    assert str(info.value) == "red: " + message


def test_parse_unknown_token_names_player_column_and_token():
    expected = (
        "blue, column 3: unknown token 'Q' (expected one of . F R L U X P PL PR PLL PRR in "
        "columns 1-6, or S F R L X in the red column)"
    )
    with pytest.raises(ProgramError) as info:
        parse_program("F F Q . . . S", player="blue")
    assert str(info.value) == expected
    with pytest.raises(ProgramError, match=re.escape("column 7 (red): unknown token 'SHIELD'")):
        parse_program("F F F . . . SHIELD")
    with pytest.raises(ProgramError, match=re.escape("column 1: unknown token 'P1'")):
        parse_program("P1 . . . . . S")


def test_parse_refuses_what_is_not_text():
    with pytest.raises(ProgramError) as info:
        parse_program(42)  # type: ignore[arg-type]
    assert str(info.value) == "a program is text like 'F F R L U . S', got 42"
    with pytest.raises(ProgramError, match=r"^green: a program is text"):
        parse_program(["F"] * 7, player="green")  # type: ignore[arg-type]


def test_program_errors_are_value_errors_of_the_family():
    with pytest.raises(ValueError):
        parse_program("nonsense")
    assert issubclass(ProgramError, AsteroydsError)


# --- the Program value ---------------------------------------------------------------


def test_empty_chart_has_the_shield_on():
    empty = Program.empty()
    assert str(empty) == ". . . . . . S"
    assert empty.shielded
    assert empty == Program((".",) * 6)
    assert empty.pilot_column is None


def test_shielded_only_when_the_red_token_is_on_shield():
    assert parse_program("F F F F F F S").shielded
    for red in ("F", "R", "L", "X"):
        assert not parse_program(f"F F F F F F {red}").shielded


def test_program_constructor_checks_the_shape():
    assert Program(["F", "R", ".", ".", ".", "."], "S") == parse_program("F R . . . . S")
    with pytest.raises(ProgramError) as info:
        Program(("F",) * 5, "S")
    assert str(info.value) == (
        "a program has 6 blue columns and the red one, got 5 blue columns: ('F', 'F', 'F', 'F', 'F')"
    )
    with pytest.raises(ProgramError, match=re.escape("column 2: unknown token 'f'")):
        Program(("F", "f", ".", ".", ".", "."), "S")
    with pytest.raises(ProgramError, match=re.escape("column 7 (red): unknown token 'Q'")):
        Program((".",) * 6, "Q")
    with pytest.raises(ProgramError, match="a tuple of 6 tokens"):
        Program("FFFFFF", "S")


def test_programs_are_values():
    a, b = parse_program("F R L . . . S"), parse_program("f r l . . . s")
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Program.empty()}) == 2
    with pytest.raises(AttributeError):
        a.red = "F"  # type: ignore[misc]


def test_with_column_returns_a_new_program_and_leaves_the_old_one():
    empty = Program.empty()
    one = empty.with_column(3, "R")
    assert str(one) == ". . R . . . S"
    assert str(empty) == ". . . . . . S"
    two = one.with_column(7, "F")
    assert str(two) == ". . R . . . F" and not two.shielded
    assert str(two.with_column(3, "pl")) == ". . PL . . . F"
    assert str(two.with_column(1, "U").with_column(6, "X")) == "U . R . . X F"


def test_cleared_empties_a_column_and_puts_the_red_token_back_on_shield():
    program = parse_program("F R L U P . L")
    assert str(program.cleared(2)) == "F . L U P . L"
    assert str(program.cleared(5)) == "F R L U . . L"
    assert str(program.cleared(7)) == "F R L U P . S"
    assert program.cleared(7).shielded
    assert str(program) == "F R L U P . L"


@pytest.mark.parametrize("column", [0, 8, -1, True, "3", 2.0])
def test_editing_a_column_that_does_not_exist(column):
    with pytest.raises(ProgramError, match=re.escape(f"no column {column!r}: columns are 1-6 and 7")):
        Program.empty().with_column(column, "F")
    with pytest.raises(ProgramError, match="no column"):
        Program.empty().cleared(column)
    with pytest.raises(ProgramError, match="no column"):
        Program.empty().token(column)


def test_with_column_refuses_unknown_tokens():
    with pytest.raises(ProgramError, match=re.escape("column 4: unknown token 'Q'")):
        Program.empty().with_column(4, "q")
    with pytest.raises(ProgramError, match=re.escape("column 4: a token is text, got None")):
        Program.empty().with_column(4, None)  # type: ignore[arg-type]


def test_pilot_column():
    assert parse_program(". . PRR . . . S").pilot_column == 3
    assert parse_program("F F F F F F S").pilot_column is None


def test_as_program_and_shields_of():
    program = parse_program("F . . . . . S")
    assert as_program(program) is program
    assert as_program("F . . . . . S") == program
    with pytest.raises(ProgramError) as info:
        as_program(None, player="blue")  # type: ignore[arg-type]
    assert str(info.value) == "blue: a program is a Program or text like 'F F R L U . S', got None"
    with pytest.raises(ProgramError, match=re.escape("red, column 1: unknown token 'Z'")):
        as_program("Z . . . . . S", player="red")
    assert shields_of(
        {"blue": "F F F . . . S", "red": parse_program("F . . . . . L"), "green": "U . . . . . X"}
    ) == {
        "blue": True,
        "red": False,
        "green": False,
    }
    assert shields_of({}) == {}


# --- legality (docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots) -------------------------


@pytest.mark.parametrize(
    ("who", "text", "mode", "message"),
    [
        (
            craft("blue"),
            "F F U F F F U",
            "racing",
            "blue, column 7 (red): Turn back is not on the red column "
            "(it offers Shield, Forward, Right, Left and Shoot)",
        ),
        (
            craft("red", "Hector"),
            "F F F . . . P",
            "racing",
            "red, column 7 (red): the pilot token 'P' goes in a blue column (1-6), not in the red column",
        ),
        (
            craft("red", "M'Hand"),
            ". . . . . . PL",
            "racing",
            "red, column 7 (red): the pilot token 'PL' goes in a blue column (1-6), not in the red column",
        ),
        (
            craft("green"),
            "F . . . . . .",
            "racing",
            "green, column 7 (red): the red column is never empty: its token sits on Shield or on "
            "an action (Forward, Right, Left or Shoot)",
        ),
        (
            craft("blue"),
            "F F S . . . S",
            "racing",
            "blue, column 3: Shield is only in the red column (column 7)",
        ),
        (craft("blue"), "F X . . . . S", "racing", "blue, column 2: Shoot is not allowed in racing mode"),
        (
            craft("yellow"),
            "F F F F F F X",
            "racing",
            "yellow, column 7 (red): Shoot is not allowed in racing mode",
        ),
        (
            craft("blue"),
            "F F F P . . S",
            "racing",
            "blue, column 4: 'P' is a pilot power, but this craft has no pilot",
        ),
        (
            craft("orange", "Lawrence"),
            "P . . . . . S",
            "racing",
            "orange, column 1: Lawrence has no column power (the emergency shield is used when damage "
            "happens), so 'P' cannot be played",
        ),
        (
            craft("blue", "Hector", power_used=True),
            "F F F F P . S",
            "racing",
            "blue, column 5: Hector's power was already used this game, so 'P' cannot be played",
        ),
        (
            craft("blue", "Hector"),
            "P . P . . . S",
            "racing",
            "blue, column 3: only one pilot token per program: 'P' repeats the one in column 1",
        ),
        (
            craft("blue", "1634"),
            ". PL . . . PRR S",
            "racing",
            "blue, column 6: only one pilot token per program: 'PRR' repeats the one in column 2",
        ),
        (
            craft("blue", "Hector"),
            "F PL . . . . S",
            "racing",
            "blue, column 2: Hector takes no direction: write 'P', not 'PL'",
        ),
        (
            craft("blue", "Dolorosa"),
            "PR . . . . . S",
            "racing",
            "blue, column 1: Dolorosa takes no direction: write 'P', not 'PR'",
        ),
        (
            craft("blue", "Yayenek"),
            ". . . . . PRR S",
            "racing",
            "blue, column 6: Yayenek takes no direction: write 'P', not 'PRR'",
        ),
        (
            craft("purple", "M'Hand"),
            "F P . . . . S",
            "racing",
            "purple, column 2: M'Hand turns both left or both right: write one of 'PL', 'PR', not 'P'",
        ),
        (
            craft("purple", "M'Hand"),
            "F PLL . . . . S",
            "racing",
            "purple, column 2: M'Hand turns both left or both right: write one of 'PL', 'PR', not 'PLL'",
        ),
        (
            craft("blue", "1634"),
            ". . P . . . S",
            "racing",
            "blue, column 3: 1634 pivots once or twice, left or right: write one of 'PL', 'PR', 'PLL', "
            "'PRR', not 'P'",
        ),
    ],
)
def test_illegal_programs_name_player_column_and_token(who, text, mode, message):
    with pytest.raises(ProgramError) as info:
        validate_program(parse_program(text), who, mode)
    assert str(info.value) == message


def test_the_first_problem_from_the_left_is_reported():
    with pytest.raises(ProgramError, match=r"^blue, column 2: Shoot"):
        validate_program("F X S . . . U", craft("blue"), "racing")


def test_validate_returns_the_program_and_accepts_text():
    program = parse_program("F F R L U . S")
    assert validate_program(program, craft(), "racing") is program
    assert validate_program("F F R L U . S", craft(), "racing") == program
    with pytest.raises(ProgramError, match=re.escape("blue, column 1: unknown token 'W'")):
        validate_program("W . . . . . S", craft(), "racing")


def test_legal_programs_with_pilots_and_shooting():
    validate_program("F P R L U . S", craft(pilot="Hector"), "racing")
    validate_program("U . . . . P F", craft(pilot="Dolorosa"), "racing")
    validate_program("P . . . . . L", craft(pilot="Yayenek"), "racing")
    validate_program(". PR . . . . S", craft(pilot="M'Hand"), "racing")
    validate_program(". PL . . . . S", craft(pilot="M'Hand"), "racing")
    for token in ("PL", "PR", "PLL", "PRR"):
        validate_program(f"F {token} . . . . S", craft(pilot="1634"), "racing")
    validate_program("X X F . . . X", craft(), "shooting")
    validate_program("X . . . . . S", craft(), "drones")
    validate_program("F F F F F F S", craft(pilot="Lawrence", power_used=True), "racing")


@pytest.mark.parametrize("column", range(1, 7))
def test_legal_tokens_of_a_blue_column(column):
    assert legal_tokens(craft(), "racing", column) == (".", "F", "R", "L", "U")
    assert legal_tokens(craft(), "shooting", column) == (".", "F", "R", "L", "U", "X")
    assert legal_tokens(craft(pilot="Hector"), "racing", column) == (".", "F", "R", "L", "U", "P")
    assert legal_tokens(craft(pilot="Dolorosa"), "racing", column) == (".", "F", "R", "L", "U", "P")
    assert legal_tokens(craft(pilot="Yayenek"), "racing", column) == (".", "F", "R", "L", "U", "P")
    assert legal_tokens(craft(pilot="M'Hand"), "racing", column) == (".", "F", "R", "L", "U", "PL", "PR")
    assert legal_tokens(craft(pilot="1634"), "drones", column) == (
        ".",
        "F",
        "R",
        "L",
        "U",
        "X",
        "PL",
        "PR",
        "PLL",
        "PRR",
    )
    assert legal_tokens(craft(pilot="Lawrence"), "racing", column) == (".", "F", "R", "L", "U")
    assert legal_tokens(craft(pilot="Hector", power_used=True), "racing", column) == (".", "F", "R", "L", "U")


def test_legal_tokens_of_the_red_column():
    assert legal_tokens(craft(), "racing", 7) == ("S", "F", "R", "L")
    assert legal_tokens(craft(), "shooting", 7) == ("S", "F", "R", "L", "X")
    for pilot in PILOTS:
        assert legal_tokens(craft(pilot=pilot), "racing", 7) == ("S", "F", "R", "L")


def test_legal_tokens_know_where_the_pilot_token_already_is():
    hector = craft(pilot="Hector")
    program = parse_program("F P . . . . S")
    assert "P" not in legal_tokens(hector, "racing", 4, program)
    assert "P" in legal_tokens(hector, "racing", 2, program)  # the token may stay where it is
    assert "P" in legal_tokens(hector, "racing", 4, Program.empty())


def test_legal_tokens_refuse_a_column_that_does_not_exist():
    with pytest.raises(ProgramError, match="no column 0"):
        legal_tokens(craft(), "racing", 0)


PICTOGRAM_NAMES = {"S": "Shield", "F": "Forward", "R": "Right", "L": "Left", "U": "Turn back", "X": "Shoot"}


@pytest.mark.parametrize("pilot", (None, *PILOTS))
@pytest.mark.parametrize("mode", MODES)
def test_legal_tokens_agree_with_validate_program(pilot, mode):
    """Exhaustive: a token alone on a chart validates exactly when legal_tokens lists it."""
    for power_used in (False, True):
        who = craft(pilot=pilot, power_used=power_used)
        for column in range(1, 8):
            legal = legal_tokens(who, mode, column)
            for token in TOKENS:
                text = chart(column, token)
                try:
                    validate_program(text, who, mode)
                    accepted = True
                except ProgramError as exc:
                    accepted = False
                    assert str(exc).startswith(f"blue, column {column}"), str(exc)
                    # the refusal names the token: a pictogram by its name, a pilot token as written
                    named = PICTOGRAM_NAMES.get(token, repr(token))
                    assert named in str(exc) or token == "." and "never empty" in str(exc), str(exc)
                assert accepted == (token in legal), (pilot, mode, power_used, column, token)


def test_a_refusal_speaks_the_reader_s_language_and_the_cache_keeps_each_language():
    """A French page showed the engine's refusals in English (issue 26)."""
    from asteroyds.i18n import use_language

    craft = Craft("blue", (6, 7), 0)
    for lang, expected in (
        ("en", "blue, column 7 (red): Turn back is not on the red column"),
        ("fr", "bleu, la colonne 7 (rouge) : le Demi-tour n'est pas dans la colonne rouge"),
        ("en", "blue, column 7 (red): Turn back is not on the red column"),  # not the cached French
    ):
        with use_language(lang), pytest.raises(ProgramError) as refused:
            validate_program("F F F F F F U", craft, "racing")
        assert str(refused.value).startswith(expected), str(refused.value)
    with use_language("fr"), pytest.raises(ProgramError, match="le Tir n'est pas permis en mode course"):
        validate_program("X . . . . . S", craft, "racing")
