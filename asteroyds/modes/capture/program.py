"""The capture status chart (docs/rules.md#11-capture-the-asteroyd) as a value, and its notation.

In Capture the Asteroyd the chart has up to 6 action columns (``F`` forward,
``R`` right, ``L`` left, ``U`` turn back, ``X`` shoot, ``.`` empty, and the
pilot tokens ``P``, ``PL``, ``PR``, ``PLL``, ``PRR`` in the pilot variant),
and the damage row becomes the **anticipation line**: one token on a round
number 1–6 and one token on Shoot or Shield in the red column. The notation
is the six column tokens, then the anticipation written ``S3`` (Shield in
round 3) or ``X5`` (Shoot in round 5), or ``-`` when no anticipation token
was placed (the chart as it starts: the line token before box 1). With the
pilot variant, Lawrence is always in Shield and may mark two rounds:
``S2,5``.

Two levels of checking, as for the racing chart: :func:`parse_capture_program`
reads the notation; :func:`validate_capture_program` checks that a craft may
play it. Errors are :class:`~asteroyds.errors.ProgramError` naming the
player and the column (or the anticipation).

>>> p = parse_capture_program("f f x l . . s3")
>>> p
CaptureProgram.parse('F F X L . . S3')
>>> p.shields_in(3), p.pierces_in(3), p.token(3)
(True, False, 'X')
>>> str(CaptureProgram.empty())
'. . . . . . -'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...errors import ProgramError
from ...event_text import player_text
from ...i18n import N_, _
from ...pieces import Craft
from ...pilots import PILOT_TABLE, PILOT_TOKENS

FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, EMPTY = "F", "R", "L", "U", "X", "."
SHIELD_STANCE, SHOOT_STANCE = "S", "X"
NO_ANTICIPATION = "-"
ROUNDS = 6
COLUMN_TOKENS: tuple[str, ...] = (EMPTY, FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, *PILOT_TOKENS)
MOVE_TOKENS: tuple[str, ...] = (FORWARD, RIGHT, LEFT, TURN_BACK)
STANCES: dict[str, str] = {SHIELD_STANCE: N_("Shield"), SHOOT_STANCE: N_("Shoot")}
LAWRENCE = "Lawrence"

_EXAMPLE = "'F F X L . . S3'"
_EXPECTED = "expected one of . F R L U X P PL PR PLL PRR"
_ANTICIPATION = "the anticipation is S or X followed by a round 1-6 (S3, X5), or '-' for none"


@dataclass(frozen=True, slots=True)
class CaptureProgram:
    """One craft's chart for a capture turn: 6 columns and the anticipation.

    ``stance`` is ``"S"`` (Shield) or ``"X"`` (Shoot), or None with no
    anticipation; ``rounds`` the marked round(s), ascending (two only for
    Lawrence). ``str()`` is the notation; ``repr()`` evaluates back.

    >>> CaptureProgram(("F", "R", ".", ".", ".", "."), "S", (5, 2))
    CaptureProgram.parse('F R . . . . S2,5')
    """

    columns: tuple[str, ...]
    stance: str | None = None
    rounds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        columns = self.columns
        if isinstance(columns, str) or not hasattr(columns, "__iter__"):
            raise ProgramError(
                _("a capture program's columns are a tuple of 6 tokens, got {columns!r}", columns=columns)
            )
        columns = tuple(columns)
        if len(columns) != ROUNDS:
            raise ProgramError(
                _(
                    "a capture program has {ROUNDS} columns, got {n}: {columns!r}",
                    ROUNDS=ROUNDS,
                    n=len(columns),
                    columns=columns,
                )
            )
        for column, token in enumerate(columns, 1):
            if token not in COLUMN_TOKENS:
                raise ProgramError(
                    _(
                        "column {column}: unknown token {token!r} ({EXPECTED})",
                        column=column,
                        token=token,
                        EXPECTED=_EXPECTED,
                    )
                )
        rounds = self.rounds
        if isinstance(rounds, int) or not hasattr(rounds, "__iter__"):
            raise ProgramError(
                _("anticipation: the rounds are a tuple of numbers 1-6, got {rounds!r}", rounds=rounds)
            )
        rounds = tuple(sorted(rounds))
        for value in rounds:
            if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= ROUNDS:
                raise ProgramError(_("anticipation: no round {value!r} (rounds are 1-6)", value=value))
        if len(set(rounds)) != len(rounds):
            raise ProgramError(_("anticipation: a round is marked twice: {rounds!r}", rounds=rounds))
        if len(rounds) > 2:
            raise ProgramError(_("anticipation: at most two rounds (Lawrence), got {n}", n=len(rounds)))
        if (self.stance is None) != (not rounds):
            raise ProgramError(
                _(
                    "anticipation: {ANTICIPATION}; got stance {stance!r}, rounds {rounds!r}",
                    ANTICIPATION=_ANTICIPATION,
                    stance=self.stance,
                    rounds=rounds,
                )
            )
        if self.stance is not None and self.stance not in STANCES:
            raise ProgramError(
                _(
                    "anticipation: the stance is 'S' (Shield) or 'X' (Shoot), got {stance!r}",
                    stance=self.stance,
                )
            )
        object.__setattr__(self, "columns", columns)
        object.__setattr__(self, "rounds", rounds)

    # --- reading ---------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> CaptureProgram:
        """Same as :func:`parse_capture_program`."""
        return parse_capture_program(text)

    @classmethod
    def empty(cls) -> CaptureProgram:
        """The chart at the start of a turn: no action, no anticipation."""
        return _EMPTY

    def token(self, column: int) -> str:
        """The token in a column (1-6)."""
        if not isinstance(column, int) or isinstance(column, bool) or not 1 <= column <= ROUNDS:
            raise ProgramError(_("no column {column!r}: capture columns are 1-6", column=column))
        return self.columns[column - 1]

    def shields_in(self, round_number: int) -> bool:
        """Is this craft's Shield anticipation on this round?"""
        return self.stance == SHIELD_STANCE and round_number in self.rounds

    def pierces_in(self, round_number: int) -> bool:
        """Is this craft's Shoot anticipation on this round (its laser ignores Shields)?"""
        return self.stance == SHOOT_STANCE and round_number in self.rounds

    @property
    def anticipation(self) -> str:
        """The anticipation in the notation: ``S3``, ``X5``, ``S2,5`` or ``-``."""
        if self.stance is None:
            return NO_ANTICIPATION
        return self.stance + ",".join(str(r) for r in self.rounds)

    @property
    def pilot_column(self) -> int | None:
        for column, token in enumerate(self.columns, 1):
            if token in PILOT_TOKENS:
                return column
        return None

    # --- new programs ----------------------------------------------------------
    def with_column(self, column: int, token: str) -> CaptureProgram:
        """A copy with ``token`` in ``column`` (1-6)."""
        self.token(column)
        if not isinstance(token, str):
            raise ProgramError(
                _("column {column}: a token is text, got {token!r}", column=column, token=token)
            )
        columns = list(self.columns)
        columns[column - 1] = token.strip().upper()
        return CaptureProgram(tuple(columns), self.stance, self.rounds)

    def with_anticipation(self, stance: str | None, rounds: Sequence[int] | int = ()) -> CaptureProgram:
        """A copy with another anticipation (``stance`` None and no rounds: none)."""
        if isinstance(rounds, int):
            rounds = (rounds,)
        return CaptureProgram(self.columns, stance, tuple(rounds))

    def __str__(self) -> str:
        return " ".join(self.columns) + " " + self.anticipation

    def __repr__(self) -> str:
        return f"CaptureProgram.parse({str(self)!r})"


_EMPTY = CaptureProgram((EMPTY,) * ROUNDS)


# --- the notation --------------------------------------------------------------


def parse_capture_program(text: str, player: str | None = None) -> CaptureProgram:
    """Read the notation: 6 column tokens and the anticipation, case-insensitive.

    ``player`` only names the player in error messages.

    >>> parse_capture_program("F F X L . . S2,5")
    CaptureProgram.parse('F F X L . . S2,5')
    >>> parse_capture_program("F F Q . . . S3", player="red1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asteroyds.errors.ProgramError: red1, column 3: unknown token 'Q' (expected one of ...)
    """
    try:
        if not isinstance(text, str):
            raise ProgramError(
                _("a capture program is text like {EXAMPLE}, got {text!r}", EXAMPLE=_EXAMPLE, text=text)
            )
        return _parse(text)
    except ProgramError as exc:
        if player:
            raise ProgramError(f"{player}, {exc}") from None
        raise


def _parse(text: str) -> CaptureProgram:
    tokens = text.split()
    if len(tokens) != ROUNDS + 1:
        raise ProgramError(
            _(
                "a capture program has 7 tokens (columns 1-6, then the anticipation) like "
                "{EXAMPLE}; got {n} in {text!r}",
                EXAMPLE=_EXAMPLE,
                n=len(tokens),
                text=text,
            )
        )
    columns = tuple(t.upper() for t in tokens[:ROUNDS])
    for column, token in enumerate(columns, 1):
        if token not in COLUMN_TOKENS:
            raise ProgramError(
                _(
                    "column {column}: unknown token {tokens!r} ({EXPECTED})",
                    column=column,
                    tokens=tokens[column - 1],
                    EXPECTED=_EXPECTED,
                )
            )
    stance, rounds = _parse_anticipation(tokens[ROUNDS])
    return CaptureProgram(columns, stance, rounds)


def _parse_anticipation(raw: str) -> tuple[str | None, tuple[int, ...]]:
    if raw == NO_ANTICIPATION:
        return None, ()
    stance, rest = raw[:1].upper(), raw[1:]
    parts = rest.split(",")
    if stance not in STANCES or not all(p.isdigit() and len(p) == 1 for p in parts):
        raise ProgramError(
            _("anticipation: cannot read {raw!r} ({ANTICIPATION})", raw=raw, ANTICIPATION=_ANTICIPATION)
        )
    return stance, tuple(int(p) for p in parts)


def as_capture_program(value: CaptureProgram | str, player: str | None = None) -> CaptureProgram:
    """A :class:`CaptureProgram` from a program or its notation."""
    if isinstance(value, CaptureProgram):
        return value
    if isinstance(value, str):
        return parse_capture_program(value, player)
    who = f"{player}: " if player else ""
    raise ProgramError(
        _(
            "{who}a capture program is a CaptureProgram or text like {EXAMPLE}, got {value!r}",
            who=who,
            EXAMPLE=_EXAMPLE,
            value=value,
        )
    )


# --- legality ------------------------------------------------------------------


def _column_problem(token: str, craft: Craft, pilot_column: int | None) -> str | None:
    """Why ``craft`` may not play ``token`` in a column, or None.

    The rules: docs/rules.md#9-pilots, docs/rules.md#11-capture-the-asteroyd.
    """
    if token not in PILOT_TOKENS:
        return None
    pilot = craft.pilot
    if pilot is None:
        return _(
            "{token!r} is a pilot power, but this craft has no pilot (the pilot variant is off)", token=token
        )
    info = PILOT_TABLE.get(pilot)
    if info is None:
        return _("{token!r} is a pilot power, but the pilot {pilot!r} is unknown", token=token, pilot=pilot)
    if token not in info.tokens:
        if pilot == LAWRENCE:
            return _(
                "Lawrence has no column power in capture (he marks two Shield rounds instead): {token!r}",
                token=token,
            )
        return info.refusal(token)
    if craft.power_used:
        return _(
            "{pilot}'s power was already used this game, so {token!r} cannot be played",
            pilot=pilot,
            token=token,
        )
    if pilot_column is not None:
        return _(
            "only one pilot token per program: {token!r} repeats the one in column {column}",
            token=token,
            column=pilot_column,
        )
    return None


def _anticipation_problem(program: CaptureProgram, craft: Craft) -> str | None:
    if craft.pilot == LAWRENCE:
        if program.stance == SHOOT_STANCE:
            return _(
                "Lawrence is always in Shield anticipation (no token on Shoot): mark Shield in one or two "
                "rounds"
            )
        return None
    if len(program.rounds) > 1:
        return _(
            "only Lawrence (pilot variant) marks two rounds; this anticipation marks {n}: mark one round, "
            "like Shield in round 3",
            n=len(program.rounds),
        )
    return None


def validate_capture_program(program: CaptureProgram | str, craft: Craft) -> CaptureProgram:
    """Check that ``craft`` may play ``program``; return it, or raise ProgramError.

    >>> from asteroyds.pieces import Craft
    >>> validate_capture_program("F . . . . . S2,5", Craft("red1", (6, 1), 0, team="red"))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asteroyds.errors.ProgramError: red1, anticipation: only Lawrence (pilot variant) marks two rounds; ...
    """
    program = as_capture_program(program, craft.player)
    pilot_column = None
    for column, token in enumerate(program.columns, 1):
        problem = _column_problem(token, craft, pilot_column)
        if problem is not None:
            raise ProgramError(
                _(
                    "{player}, column {column}: {problem}",
                    player=player_text(craft.player),
                    column=column,
                    problem=problem,
                )
            )
        if token in PILOT_TOKENS:
            pilot_column = column
    problem = _anticipation_problem(program, craft)
    if problem is not None:
        raise ProgramError(
            _("{player}, anticipation: {problem}", player=player_text(craft.player), problem=problem)
        )
    return program


def legal_column_tokens(craft: Craft, column: int, program: CaptureProgram | None = None) -> tuple[str, ...]:
    """The tokens ``craft`` may put in ``column`` (given the rest of ``program``, if any).

    >>> from asteroyds.pieces import Craft
    >>> legal_column_tokens(Craft("red1", (6, 1), 0, pilot="Hector", team="red"), 2)
    ('.', 'F', 'R', 'L', 'U', 'X', 'P')
    """
    pilot_column = None
    if program is not None:
        for other, token in enumerate(program.columns, 1):
            if other != column and token in PILOT_TOKENS:
                pilot_column = other
                break
    return tuple(t for t in COLUMN_TOKENS if _column_problem(t, craft, pilot_column) is None)


def legal_anticipations(craft: Craft) -> tuple[str, ...]:
    """Every anticipation ``craft`` may write, in the notation (``-`` first)."""
    if craft.pilot == LAWRENCE:
        singles = [f"S{r}" for r in range(1, ROUNDS + 1)]
        pairs = [f"S{a},{b}" for a in range(1, ROUNDS + 1) for b in range(a + 1, ROUNDS + 1)]
        return (NO_ANTICIPATION, *singles, *pairs)
    return (NO_ANTICIPATION, *(f"{s}{r}" for s in STANCES for r in range(1, ROUNDS + 1)))


__all__ = [
    "COLUMN_TOKENS",
    "CaptureProgram",
    "as_capture_program",
    "legal_anticipations",
    "legal_column_tokens",
    "parse_capture_program",
    "validate_capture_program",
]
