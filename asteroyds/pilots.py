"""The pilots of the advanced rules (docs/rules.md#9-pilots), as data.

Each pilot's power is used once per game. Five pilots have a *column power*:
their pilot token replaces a normal token in one blue column (1–6) and the
craft performs the power instead of a normal action. Lawrence has none: his
emergency shield is decided when damage happens (see :mod:`asteroyds.damage`).

A power is a short sequence of *primitive steps* (``forward``, ``backward``,
``left_pivot``, ``right_pivot``, ``turn_back``); :mod:`asteroyds.flight`
executes primitives, so it needs no per-pilot code. The normal actions are
primitives too (:data:`ACTION_STEPS`).

>>> PILOT_TABLE["Hector"].steps("P")
('forward', 'forward')
>>> PILOT_TABLE["M'Hand"].steps("PL")
('left_pivot', 'left_pivot', 'forward')
>>> PILOT_TABLE["1634"].tokens
('PL', 'PR', 'PLL', 'PRR')
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ProgramError
from .i18n import N_, _
from .pieces import PILOTS

# Primitive steps, and what each does: (pivot in notches, clockwise +1; move
# direction relative to the facing after the pivot, or None for no move).
FORWARD, BACKWARD, LEFT_PIVOT, RIGHT_PIVOT, TURN_BACK = (
    "forward",
    "backward",
    "left_pivot",
    "right_pivot",
    "turn_back",
)
PRIMITIVES: dict[str, tuple[int, int | None]] = {
    FORWARD: (0, 0),
    BACKWARD: (0, 3),
    LEFT_PIVOT: (-1, None),
    RIGHT_PIVOT: (1, None),
    TURN_BACK: (3, None),
}

# The normal actions of the status chart as primitives. Shoot ("X")
# (the rules: docs/rules.md#5-flying-and-the-status-chart)
# is not a movement; the shield ("S") is not an action.
ACTION_STEPS: dict[str, tuple[str, ...]] = {
    "F": (FORWARD,),
    "R": (RIGHT_PIVOT, FORWARD),
    "L": (LEFT_PIVOT, FORWARD),
    "U": (TURN_BACK,),
    ".": (),
}

PILOT_TOKENS: tuple[str, ...] = ("P", "PL", "PR", "PLL", "PRR")


@dataclass(frozen=True, slots=True)
class Pilot:
    """One pilot: the power, the tokens it accepts, and what each token does.

    ``moves`` lists ``(token, primitive steps, English)`` for every pilot token
    this pilot accepts (empty for Lawrence). ``hint`` says in a few words how
    the tokens are chosen; it completes error messages ("M'Hand turns both
    left or both right").
    """

    name: str
    description: str  # English, marked: shown as ``_(pilot.description)``
    moves: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    hint: str = N_("takes no direction")

    @property
    def column_power(self) -> bool:
        """Does this pilot's power go in a column of the status chart?"""
        return bool(self.moves)

    @property
    def tokens(self) -> tuple[str, ...]:
        """The pilot tokens this pilot accepts (``P``, or ``PL``/``PR``/...)."""
        return tuple(token for token, _, _ in self.moves)

    def steps(self, token: str) -> tuple[str, ...]:
        """The primitive steps of a pilot token; raises ProgramError if not accepted."""
        for name, steps, _text in self.moves:
            if name == token:
                return steps
        raise ProgramError(self.refusal(token))

    def explain(self, token: str) -> str:
        """What a pilot token does, in English ("forward twice"); shown as ``_(text)``."""
        for name, _steps, text in self.moves:
            if name == token:
                return text
        raise ProgramError(self.refusal(token))

    def refusal(self, token: str) -> str:
        """Why this pilot cannot play ``token`` (no player or column: callers add them)."""
        hint = _(self.hint)
        if not self.moves:
            return _("{pilot} {hint}, so {token!r} cannot be played", pilot=self.name, hint=hint, token=token)
        options = ", ".join(repr(t) for t in self.tokens)
        if len(self.tokens) == 1:
            return _("{pilot} {hint}: write {options}, not {token!r}", pilot=self.name, hint=hint,
                     options=options, token=token)  # fmt: skip
        return _("{pilot} {hint}: write one of {options}, not {token!r}", pilot=self.name, hint=hint,
                 options=options, token=token)  # fmt: skip


PILOT_TABLE: dict[str, Pilot] = {
    "Hector": Pilot(
        "Hector",
        N_("Forward twice: two spaces straight ahead in one column; each step can collide."),
        (("P", (FORWARD, FORWARD), N_("forward twice")),),
    ),
    "Dolorosa": Pilot(
        "Dolorosa",
        N_("Turn back, then forward: a U-turn and one space ahead in one column."),
        (("P", (TURN_BACK, FORWARD), N_("turn back, then forward")),),
    ),
    "Lawrence": Pilot(
        "Lawrence",
        N_("Emergency shield: once per game, cancel 1 point of one damage event, decided when it happens."),
        (),
        N_("has no column power (the emergency shield is used when damage happens)"),
    ),
    "Yayenek": Pilot(
        "Yayenek",
        N_("Reverse: one space backwards, keeping the craft's facing."),
        (("P", (BACKWARD,), N_("one space backwards, keeping the facing")),),
    ),
    "M'Hand": Pilot(
        "M'Hand",
        N_("Pivot twice, both left (PL) or both right (PR), chosen when planning, then one space forward."),
        (
            ("PL", (LEFT_PIVOT, LEFT_PIVOT, FORWARD), N_("pivot left twice, then forward")),
            ("PR", (RIGHT_PIVOT, RIGHT_PIVOT, FORWARD), N_("pivot right twice, then forward")),
        ),
        N_("turns both left or both right"),
    ),
    "1634": Pilot(
        "1634",
        N_("Pivot once or twice, left or right (PL, PR, PLL, PRR), chosen when planning, without moving."),
        (
            ("PL", (LEFT_PIVOT,), N_("pivot left once, without moving")),
            ("PR", (RIGHT_PIVOT,), N_("pivot right once, without moving")),
            ("PLL", (LEFT_PIVOT, LEFT_PIVOT), N_("pivot left twice, without moving")),
            ("PRR", (RIGHT_PIVOT, RIGHT_PIVOT), N_("pivot right twice, without moving")),
        ),
        N_("pivots once or twice, left or right"),
    ),
}
assert tuple(PILOT_TABLE) == PILOTS, "the pilot table must list the pilots of pieces.PILOTS"


def pilot_info(name: str) -> Pilot:
    """The table entry of a pilot; raises ProgramError for an unknown name."""
    try:
        return PILOT_TABLE[name]
    except KeyError:
        raise ProgramError(
            _("unknown pilot {name!r} (expected one of {choices})", name=name, choices=", ".join(PILOTS))
        ) from None


def expand(pilot: str, token: str) -> tuple[str, ...]:
    """The primitive steps of a pilot token for this pilot.

    >>> expand("Yayenek", "P")
    ('backward',)
    """
    return pilot_info(pilot).steps(token)


__all__ = [
    "ACTION_STEPS",
    "BACKWARD",
    "FORWARD",
    "LEFT_PIVOT",
    "PILOT_TABLE",
    "PILOT_TOKENS",
    "PRIMITIVES",
    "RIGHT_PIVOT",
    "TURN_BACK",
    "Pilot",
    "expand",
    "pilot_info",
]
