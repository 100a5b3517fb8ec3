"""The capture chart's controller: one craft's plan for a turn, in plain Python.

The rules: docs/rules.md#11-capture-the-asteroyd.

:class:`CaptureChartController` holds the 6 columns (one token per round) and
the anticipation; every rule question goes to the engine
(:mod:`asteroyds.modes.capture.program`); a refused input leaves the program
as it was and says why. The widget is :class:`~asteroyds.ui.chart.capture.CaptureChart`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ....errors import ProgramError
from ....event_text import and_list
from ....i18n import N_, _, ngettext
from ....modes.capture.program import (
    EMPTY,
    FORWARD,
    LEFT,
    NO_ANTICIPATION,
    RIGHT,
    ROUNDS,
    SHIELD_STANCE,
    SHOOT,
    SHOOT_STANCE,
    STANCES,
    TURN_BACK,
    CaptureProgram,
    as_capture_program,
    legal_anticipations,
    legal_column_tokens,
    validate_capture_program,
)
from ....pieces import Craft
from ....pilots import PILOT_TABLE, PILOT_TOKENS
from ....state import State

ChangeCallback = Callable[[CaptureProgram], object]
# --- the tokens in words and pictograms -----------------------------------------------------
TOKEN_NAMES: dict[str, str] = {
    FORWARD: N_("Forward"), RIGHT: N_("Right"), LEFT: N_("Left"), TURN_BACK: N_("Turn back"),
    SHOOT: N_("Shoot"), EMPTY: N_("Nothing"),
}  # fmt: skip
TOKEN_HELP: dict[str, str] = {
    FORWARD: N_("one space straight ahead"),
    RIGHT: N_("pivot right, then one space forward"),
    LEFT: N_("pivot left, then one space forward"),
    TURN_BACK: N_("turn to face the other way, without moving"),
    SHOOT: N_("fire the laser straight ahead"),
    EMPTY: N_("no action in this round (an empty column)"),
}
# The status chart's glyphs (DejaVu Sans draws them); the letters stay in the labels.
GLYPHS: dict[str, str] = {FORWARD: "↑", RIGHT: "↱", LEFT: "↰", TURN_BACK: "↶", SHOOT: "⊕", EMPTY: "·"}
PILOT_GLYPH = "★"
DISPLAY_ORDER: tuple[str, ...] = (FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, *PILOT_TOKENS, EMPTY)
# No shield glyph in DejaVu Sans (the status chart draws an outline instead): the line says the word.
STANCE_GLYPHS: dict[str, str] = {SHIELD_STANCE: "", SHOOT_STANCE: "⊕"}
LOCKED_MESSAGE = N_("Time is up: the capture chart is locked until the next turn.")
NONE_ALIASES: frozenset[str] = frozenset({"", "NONE", "EMPTY", EMPTY})
STANCE_ALIASES: dict[str, str] = {"S": SHIELD_STANCE, "SHIELD": SHIELD_STANCE, "X": SHOOT_STANCE,
                                  "SHOOT": SHOOT_STANCE}  # fmt: skip


def token_css_name(token: str) -> str:
    """The token as it appears in CSS class names: the letters, or ``none`` for the empty column.

    >>> token_css_name("."), token_css_name("PLL")
    ('none', 'PLL')
    """
    return "none" if token == EMPTY else token


def token_label(token: str) -> str:
    """A button's label: pictogram and letter (``↑ F``, ``★ PL``), or for the empty column ``· nothing``
    in the reader's language."""
    glyph = PILOT_GLYPH if token in PILOT_TOKENS else GLYPHS.get(token, "")
    name = _("nothing") if token == EMPTY else token
    return f"{glyph} {name}".strip()


def token_tooltip(token: str, pilot: str | None = None) -> str:
    """The plain-English name of a token (a pilot token says whose power it is and what it does)."""
    if token in PILOT_TOKENS:
        info = PILOT_TABLE.get(pilot or "")
        if info is not None and token in info.tokens:
            power = _(info.explain(token))
            return _("{pilot}'s power ({token}): {power}", pilot=info.name, token=token, power=power)
        return _("Pilot power ({token})", token=token)
    return f"{_(TOKEN_NAMES[token])} ({token}): {_(TOKEN_HELP[token])}"


def describe_token(token: str, pilot: str | None = None) -> str:
    """A token in a short message ("Forward", "Hector's power, forward twice")."""
    if token in PILOT_TOKENS:
        info = PILOT_TABLE.get(pilot or "")
        if info is not None and token in info.tokens:
            return _("{pilot}'s power, {power}", pilot=info.name, power=_(info.explain(token)))
        return _("pilot power {token}", token=token)
    return _(TOKEN_NAMES[token]) if token in TOKEN_NAMES else repr(token)


def describe_anticipation(program: CaptureProgram) -> str:
    """The anticipation line in words ("Shield in round 3", "no anticipation")."""
    if program.stance is None:
        return _("no anticipation")
    return ngettext(
        "{stance} in round {rounds}",
        "{stance} in rounds {rounds}",
        len(program.rounds),
        stance=_(STANCES[program.stance]),
        rounds=and_list([str(r) for r in program.rounds]),
    )


@dataclass(frozen=True, slots=True)
class CaptureResult:
    """What became of an input on the capture chart.

    ``ok`` is False when it was refused: ``message`` says why and ``program``
    is the chart's program, unchanged. Truthy when accepted.
    """

    ok: bool
    message: str
    program: CaptureProgram

    @property
    def accepted(self) -> bool:
        """Same as ``ok`` (the name :class:`~asteroyds.ui.chart.status.controller.DropResult` uses)."""
        return self.ok

    def __bool__(self) -> bool:
        return self.ok


class CaptureChartController:
    """One craft's capture chart for a turn: the 6 column tokens and the anticipation.

    Every change is checked by the engine against ``craft`` before it is
    kept, so :attr:`program` is always a program the craft may play.
    Observers (:meth:`on_change`) get the new program after every change.
    """

    def __init__(self, craft: Craft, program: CaptureProgram | str | None = None) -> None:
        self._craft = self._checked_craft(craft)
        self._program = CaptureProgram.empty()
        self._locked = False
        self._message = ""
        self._message_ok = True
        self._observers: list[ChangeCallback] = []
        self._watchers: list[Callable[[], object]] = []  # any change of state (the view)
        if program is not None:  # a bad program here is a programming error: raise it
            self._program = validate_capture_program(as_capture_program(program, craft.player), craft)

    @classmethod
    def for_game(cls, craft: Craft, state: State) -> CaptureChartController:
        """The chart of ``craft`` in ``state``'s game: the chart registry's way."""
        return cls(craft)

    # --- reading ----------------------------------------------------------------------------
    @property
    def craft(self) -> Craft:
        return self._craft

    @property
    def program(self) -> CaptureProgram:
        """The chart's program (always valid for the craft)."""
        return self._program

    @property
    def locked(self) -> bool:
        return self._locked

    @property
    def message(self) -> str:
        """The last message (refusal or confirmation); empty after a reset."""
        return self._message

    @property
    def refused(self) -> bool:
        """Was the last input refused (so :attr:`message` says why)?"""
        return not self._message_ok

    def legal(self, column: int) -> tuple[str, ...]:
        """The tokens the engine allows in ``column`` now (the pilot token only once per program)."""
        return legal_column_tokens(self._craft, column, self._program)

    def why_not(self, column: int, token: str) -> str | None:
        """The engine's reason why ``token`` may not go in ``column`` now, or None if it may."""
        try:
            validate_capture_program(self._program.with_column(column, token), self._craft)
        except ProgramError as exc:
            return str(exc)
        return None

    def tokens(self) -> tuple[str, ...]:
        """Every token this craft may ever put in a column, in display order (the chart's rows)."""
        possible = legal_column_tokens(self._craft, 1)
        return tuple(t for t in DISPLAY_ORDER if t in possible)

    def anticipations(self) -> tuple[str, ...]:
        """Every anticipation the craft may write, in the notation (the engine's list)."""
        return legal_anticipations(self._craft)

    def stances(self) -> tuple[str, ...]:
        """The stances this craft's anticipation line offers (Lawrence: Shield only)."""
        written = {a[0] for a in self.anticipations() if a != NO_ANTICIPATION}
        return tuple(s for s in STANCES if s in written)

    @property
    def max_rounds(self) -> int:
        """How many rounds one anticipation may mark (2 for Lawrence, else 1), from the engine's list."""
        return max((len(a[1:].split(",")) for a in self.anticipations() if a != NO_ANTICIPATION), default=0)

    # --- changing the plan ------------------------------------------------------------------
    def set_column(self, column: int, token: str | None) -> CaptureResult:
        """Put ``token`` in ``column`` (1-6); ``"."``, ``"none"`` or None empties it."""
        if self._locked:
            return self._refuse(_(LOCKED_MESSAGE))
        if not isinstance(column, int) or isinstance(column, bool) or not 1 <= column <= ROUNDS:
            return self._refuse(
                _(
                    "column {column!r}: there is no such column (a capture chart has columns "
                    "1-{ROUNDS}, one per round)",
                    column=column,
                    ROUNDS=ROUNDS,
                )
            )
        if token is None:
            token = EMPTY
        if not isinstance(token, str):
            return self._refuse(
                _(
                    "column {column}: a token is text like 'F' or 'X', got {token!r}",
                    column=column,
                    token=token,
                )
            )
        token = token.strip().upper()
        token = EMPTY if token in NONE_ALIASES else token
        if token == self._program.token(column):
            return self._accept(
                self._program,
                _("Column {column} already holds {what}.", column=column, what=self._what(token)),
            )
        return self._try(
            lambda: self._program.with_column(column, token),
            _("Column {column} (round {column}): {what}.", column=column, what=self._what(token)),
        )

    def clear(self, column: int) -> CaptureResult:
        """Empty one column (``.``: no action in that round)."""
        return self.set_column(column, EMPTY)

    def set_anticipation(
        self, stance: str | None, round_number: int | Sequence[int] | None = None
    ) -> CaptureResult:
        """Set the anticipation: ``stance`` ``"S"`` (Shield) or ``"X"`` (Shoot) in ``round_number``.

        ``stance`` None takes the token off the line (no anticipation). Lawrence
        may give two rounds as a pair, ``set_anticipation("S", (2, 5))``.
        """
        if self._locked:
            return self._refuse(_(LOCKED_MESSAGE))
        if stance is None:
            if self._program.stance is None:
                return self._accept(self._program, _("No anticipation: the line token is before round 1."))
            return self._try(
                lambda: self._program.with_anticipation(None),
                _("No anticipation: the line token is back before round 1."),
            )
        checked = self._stance(stance)
        if checked is None:
            return self._refuse(
                _("anticipation: the stance is 'S' (Shield) or 'X' (Shoot), got {stance!r}", stance=stance)
            )
        if round_number is None:
            return self._refuse(
                _(
                    "anticipation: {stance} needs a round, 1-{rounds}",
                    stance=_(STANCES[checked]),
                    rounds=ROUNDS,
                )
            )
        if not isinstance(round_number, (int, list, tuple)):
            return self._refuse(
                _(
                    "anticipation: no round {round!r} (rounds are 1-{ROUNDS})",
                    round=round_number,
                    ROUNDS=ROUNDS,
                )
            )
        return self._try(lambda: self._program.with_anticipation(checked, round_number), None)

    def mark_anticipation(self, stance: str | None, round_number: int | None = None) -> CaptureResult:
        """What a click on the anticipation line does (the widget's buttons).

        Clicking a round puts the token there. A craft that may mark two rounds
        (Lawrence, per the engine) adds a second round of the same stance, and
        clicking one of two marked rounds takes it off; a third is refused.
        """
        program = self._program
        checked = self._stance(stance) if stance is not None else None
        if (
            checked is not None
            and self.max_rounds > 1
            and program.stance == checked
            and isinstance(round_number, int)
            and not isinstance(round_number, bool)
        ):
            if round_number in program.rounds:
                if len(program.rounds) == 1:
                    return self.set_anticipation(checked, round_number)
                rest = tuple(r for r in program.rounds if r != round_number)
                return self.set_anticipation(checked, rest)
            return self.set_anticipation(checked, (*program.rounds, round_number))
        return self.set_anticipation(stance, round_number)

    def clear_all(self) -> CaptureResult:
        """Every column empty and no anticipation: the chart as a turn starts."""
        if self._locked:
            return self._refuse(_(LOCKED_MESSAGE))
        return self._try(CaptureProgram.empty, _("The chart is cleared: no action, no anticipation."))

    def load(self, program: CaptureProgram | str) -> CaptureResult:
        """Show ``program`` (a CaptureProgram or its notation), checked by the engine first.

        Works when locked, like the status chart's ``load``: it is how a game
        shows the program it received, not a player's move.
        """
        player = self._craft.player
        try:
            candidate = as_capture_program(program, player)
        except ProgramError as exc:
            return self._refuse(str(exc))
        return self._try(lambda: candidate, f"Loaded {candidate}.")

    # --- the turn -------------------------------------------------------------------------------
    def lock(self) -> None:
        """Time is up: every change but :meth:`load` is refused until :meth:`unlock` or :meth:`reset`."""
        if not self._locked:
            self._locked = True
            self._message, self._message_ok = _(LOCKED_MESSAGE), False
            self._notify_watchers()

    def unlock(self) -> None:
        if self._locked:
            self._locked = False
            self._message, self._message_ok = "", True
            self._notify_watchers()

    def reset(self, craft: Craft | None = None) -> CaptureProgram:
        """End of turn: an empty chart, unlocked; give the craft after the turn (pilot power used...)."""
        if craft is not None:
            self._craft = self._checked_craft(craft)
        before = self._program
        self._program = CaptureProgram.empty()
        self._locked = False
        self._message, self._message_ok = "", True
        self._changed(before)
        self._notify_watchers()
        return self._program

    def on_change(self, callback: ChangeCallback, remove: bool = False) -> None:
        """Call ``callback(program)`` after every change of the program."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def _watch(self, callback: Callable[[], object]) -> None:
        """For the view: called after any change (program, lock, craft, message)."""
        self._watchers.append(callback)

    # --- inside -----------------------------------------------------------------------------------
    @staticmethod
    def _checked_craft(craft: Craft) -> Craft:
        if not isinstance(craft, Craft):
            raise TypeError(_("a capture chart belongs to a Craft, got {craft!r}", craft=craft))
        return craft

    @staticmethod
    def _stance(stance: object) -> str | None:
        if not isinstance(stance, str):
            return None
        return STANCE_ALIASES.get(stance.strip().upper())

    def _what(self, token: str) -> str:
        return describe_token(token, self._craft.pilot)

    def _try(self, make: Callable[[], CaptureProgram], message: str | None) -> CaptureResult:
        """Build a candidate program, let the engine check it for the craft, then keep it (or refuse)."""
        try:
            candidate = validate_capture_program(make(), self._craft)
        except ProgramError as exc:
            return self._refuse(str(exc))
        if message is None:
            message = f"Anticipation: {describe_anticipation(candidate)}."
        before = self._program
        self._program = candidate
        result = self._accept(candidate, message)
        self._changed(before)
        return result

    def _accept(self, program: CaptureProgram, message: str) -> CaptureResult:
        self._message, self._message_ok = message, True
        self._notify_watchers()
        return CaptureResult(True, message, program)

    def _refuse(self, message: str) -> CaptureResult:
        player = self._craft.player
        if not message.startswith(f"{player}") and message != _(LOCKED_MESSAGE):
            message = f"{player}, {message}"
        self._message, self._message_ok = message, False
        self._notify_watchers()
        return CaptureResult(False, message, self._program)

    def _changed(self, before: CaptureProgram) -> None:
        if self._program != before:
            for callback in list(self._observers):
                callback(self._program)

    def _notify_watchers(self) -> None:
        for callback in list(self._watchers):
            callback()


__all__ = [
    "LOCKED_MESSAGE",
    "TOKEN_NAMES",
    "CaptureChartController",
    "CaptureResult",
    "describe_anticipation",
    "describe_token",
    "token_css_name",
    "token_label",
    "token_tooltip",
]
