"""The status chart as a value, and the program notation (docs/command-line.md).

The rules: docs/rules.md#5-flying-and-the-status-chart.

A program is seven space-separated tokens: columns 1–6 (the blue action
columns), then the red column (the energy reserve). Columns 1–6 hold ``F``
forward, ``R`` right, ``L`` left, ``U`` turn back, ``X`` shoot, ``.`` empty,
or the pilot token (``P``; ``PL``/``PR`` for M'Hand; ``PL``, ``PR``, ``PLL``,
``PRR`` for 1634). The red column holds ``S`` (the shield, where its token
starts) or ``F``, ``R``, ``L``, ``X``: a 7th action, and the shield is off.

Two levels of checking, as in python-chess's "bad syntax" and "illegal":
:func:`parse_program` reads the notation (any known token anywhere);
:func:`validate_program` checks that a craft may play it in a mode. Every
error is a :class:`ProgramError` naming the player, the column and the token.

>>> p = parse_program("F F R L U . S")
>>> p
Program.parse('F F R L U . S')
>>> p.shielded, str(p.with_column(7, "F"))
(True, 'F F R L U . F')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from .errors import ProgramError
from .event_text import player_text
from .i18n import N_, _, language
from .pieces import Craft
from .pilots import PILOT_TABLE, PILOT_TOKENS
from .registry import mode_named
from .rules import RuleSettings

Token = str

FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, EMPTY, SHIELD = "F", "R", "L", "U", "X", ".", "S"
BLUE_COLUMNS = 6
RED_COLUMN = 7
COLUMNS: tuple[int, ...] = tuple(range(1, RED_COLUMN + 1))

# What may be written in each kind of column (the order is the order of legal_tokens()).
BLUE_TOKENS: tuple[Token, ...] = (EMPTY, FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, *PILOT_TOKENS)
RED_TOKENS: tuple[Token, ...] = (SHIELD, FORWARD, RIGHT, LEFT, SHOOT)
# Every token the notation knows; which column may hold it is a question of legality.
TOKENS: tuple[Token, ...] = (*BLUE_TOKENS, SHIELD)
TOKEN_NAMES: dict[Token, str] = {
    EMPTY: N_("empty"),
    FORWARD: N_("forward"),
    RIGHT: N_("right"),
    LEFT: N_("left"),
    TURN_BACK: N_("turn back"),
    SHOOT: N_("shoot"),
    SHIELD: N_("shield"),
    "P": N_("pilot power"),
    "PL": N_("pilot power, left"),
    "PR": N_("pilot power, right"),
    "PLL": N_("pilot power, left twice"),
    "PRR": N_("pilot power, right twice"),
}

_KNOWN = frozenset(TOKENS)
_EXPECTED = "expected one of . F R L U X P PL PR PLL PRR in columns 1-6, or S F R L X in the red column"
_EXAMPLE = "'F F R L U . S'"


def column_name(column: int) -> str:
    """How messages name a column: ``column 3``, ``column 7 (red)``."""
    return (
        _("column {column} (red)", column=column)
        if column == RED_COLUMN
        else _("column {column}", column=column)
    )


def _check_column(column: object) -> int:
    if not isinstance(column, int) or isinstance(column, bool) or column not in COLUMNS:
        raise ProgramError(_("no column {column!r}: columns are 1-6 and 7 for the red column", column=column))
    return column


@dataclass(frozen=True, slots=True)
class Program:
    """One player's status chart for a round: six blue columns and the red column.

    ``str()`` is the notation and ``repr()`` evaluates back to an equal program.
    A program is a value: :meth:`with_column` and :meth:`cleared` return new ones.

    >>> Program.empty()
    Program.parse('. . . . . . S')
    >>> Program(("F", "F", "P", ".", ".", "."), "L").cleared(7)
    Program.parse('F F P . . . S')
    """

    columns: tuple[Token, ...]
    red: Token = SHIELD

    def __post_init__(self) -> None:
        columns = self.columns
        if type(columns) is not tuple:
            if isinstance(columns, str) or not hasattr(columns, "__iter__"):
                raise ProgramError(
                    _("a program's columns are a tuple of 6 tokens, got {columns!r}", columns=columns)
                )
            columns = tuple(columns)
            object.__setattr__(self, "columns", columns)
        if len(columns) != BLUE_COLUMNS:
            raise ProgramError(
                _(
                    "a program has {BLUE_COLUMNS} blue columns and the red one, got {n} blue "
                    "columns: {columns!r}",
                    BLUE_COLUMNS=BLUE_COLUMNS,
                    n=len(columns),
                    columns=columns,
                )
            )
        for column, token in enumerate(columns, 1):
            if token not in _KNOWN:
                raise ProgramError(
                    _(
                        "{column_name}: unknown token {token!r} ({EXPECTED})",
                        column_name=column_name(column),
                        token=token,
                        EXPECTED=_EXPECTED,
                    )
                )
        if self.red not in _KNOWN:
            raise ProgramError(
                _(
                    "{column_name}: unknown token {red!r} ({EXPECTED})",
                    column_name=column_name(RED_COLUMN),
                    red=self.red,
                    EXPECTED=_EXPECTED,
                )
            )

    # --- reading ---------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Program:
        """Same as :func:`parse_program`."""
        return parse_program(text)

    @classmethod
    def empty(cls) -> Program:
        """The chart at the start of a round: no action, the red token on Shield."""
        return _EMPTY

    @property
    def tokens(self) -> tuple[Token, ...]:
        """All seven tokens: columns 1–6, then the red column."""
        return (*self.columns, self.red)

    @property
    def shielded(self) -> bool:
        """Is the shield up this round (the red token on Shield)?"""
        return self.red == SHIELD

    @property
    def pilot_column(self) -> int | None:
        """The column holding the pilot token, if any (the first one)."""
        for column, token in enumerate(self.tokens, 1):
            if token in PILOT_TOKENS:
                return column
        return None

    def token(self, column: int) -> Token:
        """The token in a column (1–6, 7 for the red column)."""
        return self.tokens[_check_column(column) - 1]

    # --- new programs ----------------------------------------------------------
    def with_column(self, column: int, token: Token) -> Program:
        """A copy with ``token`` in ``column`` (syntax only; see :func:`validate_program`)."""
        _check_column(column)
        if not isinstance(token, str):
            raise ProgramError(
                _(
                    "{column_name}: a token is text, got {token!r}",
                    column_name=column_name(column),
                    token=token,
                )
            )
        token = token.strip().upper()
        if column == RED_COLUMN:
            return Program(self.columns, token)
        columns = list(self.columns)
        columns[column - 1] = token
        return Program(tuple(columns), self.red)

    def cleared(self, column: int) -> Program:
        """A copy with ``column`` emptied; clearing the red column puts its token back on Shield."""
        return self.with_column(column, SHIELD if _check_column(column) == RED_COLUMN else EMPTY)

    def __str__(self) -> str:
        return " ".join(self.columns) + " " + self.red

    def __repr__(self) -> str:
        return f"Program.parse({str(self)!r})"


_EMPTY = Program((EMPTY,) * BLUE_COLUMNS, SHIELD)


# --- the notation --------------------------------------------------------------


def parse_program(text: str, player: str | None = None) -> Program:
    """Read the notation: seven tokens, case-insensitive (syntax only).

    ``player`` only names the player in error messages.

    >>> parse_program("f f r l u . s")
    Program.parse('F F R L U . S')
    >>> parse_program("F F Q . . . S", player="blue")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asteroyds.errors.ProgramError: blue, column 3: unknown token 'Q' (expected one of ...)
    """
    try:
        if not isinstance(text, str):
            raise ProgramError(
                _("a program is text like {EXAMPLE}, got {text!r}", EXAMPLE=_EXAMPLE, text=text)
            )
        return _parse(text)
    except ProgramError as exc:
        if player:
            joint = ", " if str(exc).startswith("column") else ": "
            raise ProgramError(f"{player}{joint}{exc}") from None
        raise


@lru_cache(maxsize=4096)
def _parse(text: str) -> Program:
    tokens = text.split()
    if len(tokens) != RED_COLUMN:
        raise ProgramError(
            _(
                "a program has 7 tokens (columns 1-6, then the red column) like {EXAMPLE}; "
                "got {n} in {text!r}",
                EXAMPLE=_EXAMPLE,
                n=len(tokens),
                text=text,
            )
        )
    for column, raw in enumerate(tokens, 1):
        if raw.upper() not in _KNOWN:
            raise ProgramError(
                _(
                    "{column_name}: unknown token {raw!r} ({EXPECTED})",
                    column_name=column_name(column),
                    raw=raw,
                    EXPECTED=_EXPECTED,
                )
            )
    upper = [t.upper() for t in tokens]
    return Program(tuple(upper[:BLUE_COLUMNS]), upper[BLUE_COLUMNS])


def as_program(value: Program | str, player: str | None = None) -> Program:
    """A :class:`Program` from a program or its notation."""
    if isinstance(value, Program):
        return value
    if isinstance(value, str):
        return parse_program(value, player)
    who = f"{player}: " if player else ""
    raise ProgramError(
        _(
            "{who}a program is a Program or text like {EXAMPLE}, got {value!r}",
            who=who,
            EXAMPLE=_EXAMPLE,
            value=value,
        )
    )


# --- legality ------------------------------------------------------------------


def _problem(
    token: Token,
    column: int,
    pilot: str | None,
    power_used: bool,
    mode: str,
    pilot_column: int | None,
    shot_column: int | None = None,
) -> str | None:
    """Why ``token`` may not be played in ``column``, or None if it may.

    The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots,
    docs/rules.md#10-variants-and-rule-settings.

    ``shot_column`` is the column of an earlier Shoot when the "one shot per
    turn" variant is on (None otherwise).
    """
    if column == RED_COLUMN:
        if token == TURN_BACK:
            return _("Turn back is not on the red column (it offers Shield, Forward, Right, Left and Shoot)")
        if token in PILOT_TOKENS:
            return _(
                "the pilot token {token!r} goes in a blue column (1-6), not in the red column", token=token
            )
        if token == EMPTY:
            return _(
                "the red column is never empty: its token sits on Shield or on an action "
                "(Forward, Right, Left or Shoot)"
            )
    elif token == SHIELD:
        return _("Shield is only in the red column (column 7)")
    if token == SHOOT and not mode_named(mode).shooting:
        return _("Shoot is not allowed in racing mode")
    if token == SHOOT and shot_column is not None:
        return _(
            "only one shot per turn (the one-shot-per-turn variant): this Shoot repeats the one in {column}",
            column=column_name(shot_column),
        )
    if token in PILOT_TOKENS:
        if pilot is None:
            return _("{token!r} is a pilot power, but this craft has no pilot", token=token)
        info = PILOT_TABLE.get(pilot)
        if info is None:
            return _(
                "{token!r} is a pilot power, but the pilot {pilot!r} is unknown", token=token, pilot=pilot
            )
        if token not in info.tokens:
            return info.refusal(token)
        if power_used:
            return _(
                "{pilot}'s power was already used this game, so {token!r} cannot be played",
                pilot=pilot,
                token=token,
            )
        if pilot_column is not None:
            return _(
                "only one pilot token per program: {token!r} repeats the one in {column}",
                token=token,
                column=column_name(pilot_column),
            )
    return None


@lru_cache(maxsize=4096)
def _first_problem(
    program: Program, pilot: str | None, power_used: bool, mode: str, one_shot: bool = False, lang: str = ""
) -> tuple[int, str] | None:
    # ``lang`` is only part of the cache key: a refusal is cached in the language it was said in.
    pilot_column = shot_column = None
    for column, token in enumerate(program.tokens, 1):
        problem = _problem(token, column, pilot, power_used, mode, pilot_column, shot_column)
        if problem is not None:
            return column, problem
        if token in PILOT_TOKENS:
            pilot_column = column
        elif token == SHOOT and one_shot:
            shot_column = column
    return None


def validate_program(
    program: Program | str, craft: Craft, mode: str, *, rules: RuleSettings | None = None
) -> Program:
    """Check that ``craft`` may play ``program`` in ``mode``; return it, or raise ProgramError.

    ``rules`` brings the variants that restrict programs (docs/rules.md#10-variants-and-rule-settings: one
    shot per turn); without it, none is on.

    >>> from asteroyds.pieces import Craft
    >>> validate_program("F F R L U . X", Craft("blue", (6, 7), 3), "racing")
    Traceback (most recent call last):
    ...
    asteroyds.errors.ProgramError: blue, column 7 (red): Shoot is not allowed in racing mode
    """
    program = as_program(program, craft.player)
    one_shot = rules is not None and rules.one_shot_per_turn
    found = _first_problem(program, craft.pilot, craft.power_used, mode, one_shot, language())
    if found is not None:
        column, problem = found
        raise ProgramError(
            _(
                "{player}, {column}: {problem}",
                player=player_text(craft.player),
                column=column_name(column),
                problem=problem,
            )
        )
    return program


def legal_tokens(
    craft: Craft,
    mode: str,
    column: int,
    program: Program | None = None,
    *,
    rules: RuleSettings | None = None,
) -> tuple[Token, ...]:
    """The tokens ``craft`` may put in ``column`` (given the rest of ``program``, if any).

    With the "one shot per turn" variant (``rules``), Shoot is not offered
    when another column of ``program`` already shoots.

    >>> from asteroyds.pieces import Craft
    >>> legal_tokens(Craft("blue", (6, 7), 3, pilot="M'Hand"), "racing", 2)
    ('.', 'F', 'R', 'L', 'U', 'PL', 'PR')
    >>> legal_tokens(Craft("blue", (6, 7), 3), "shooting", 7)
    ('S', 'F', 'R', 'L', 'X')
    """
    _check_column(column)
    one_shot = rules is not None and rules.one_shot_per_turn
    pilot_column = shot_column = None
    if program is not None:
        for other, token in enumerate(program.tokens, 1):
            if other == column:
                continue
            if token in PILOT_TOKENS and pilot_column is None:
                pilot_column = other
            elif token == SHOOT and one_shot and shot_column is None:
                shot_column = other
    return _legal(craft.pilot, craft.power_used, mode, column, pilot_column, shot_column)


@lru_cache(maxsize=1024)
def _legal(
    pilot: str | None,
    power_used: bool,
    mode: str,
    column: int,
    pilot_column: int | None,
    shot_column: int | None = None,
) -> tuple[Token, ...]:
    vocabulary = RED_TOKENS if column == RED_COLUMN else BLUE_TOKENS
    return tuple(
        t
        for t in vocabulary
        if _problem(t, column, pilot, power_used, mode, pilot_column, shot_column) is None
    )


def shields_of(programs: Mapping[str, Program | str]) -> dict[str, bool]:
    """Whose shield is up this round: ``{player: red column on Shield}``.

    >>> shields_of({"blue": "F F F . . . S", "red": "F . . . . . L"})
    {'blue': True, 'red': False}
    """
    return {player: as_program(program, player).shielded for player, program in programs.items()}


__all__ = [
    "BLUE_TOKENS",
    "COLUMNS",
    "RED_COLUMN",
    "RED_TOKENS",
    "TOKENS",
    "TOKEN_NAMES",
    "Program",
    "as_program",
    "column_name",
    "legal_tokens",
    "parse_program",
    "shields_of",
    "validate_program",
]
