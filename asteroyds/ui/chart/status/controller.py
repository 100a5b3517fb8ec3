"""The status chart's logic: tokens, cells and the program they make, in plain Python.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots.

:class:`StatusChartController` knows where the cells, the tray and the pilot
box are in *chart coordinates* (x to the right, y up, one unit per cell),
which token sits where, and maps a drop or a click to a column and an action.
Every rule question goes to the engine
(:func:`~asteroyds.program.validate_program`,
:func:`~asteroyds.program.legal_tokens`); a refused move leaves the token
where it was and says why. The view, :class:`~asteroyds.ui.chart.status.view.StatusChart`,
draws it with bqplot; this module imports no widget library.

The chart's places are in :mod:`.geometry` (re-exported here), the tokens the
controller owns in :mod:`.tokens`, the sentences of its results in :mod:`.messages`.

>>> from asteroyds.pieces import Craft
>>> chart = StatusChartController(Craft("blue", (6, 7), 3), "racing")
>>> str(chart.drop(0, *chart.cell_centre(1, "F")).program)
'F . . . . . S'
>>> chart.place(6, 7, "L").program, chart.shield_on
(Program.parse('F . . . . . L'), False)
>>> chart.place(6, 7, "U").message
'blue, column 7 (red): Turn back is not on the red column (it offers Shield, Forward, Right, Left and Shoot)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ....errors import ProgramError
from ....i18n import N_, _
from ....modes import modes
from ....pieces import Craft
from ....pilots import PILOT_TABLE
from ....program import (
    EMPTY,
    RED_COLUMN,
    Program,
    as_program,
    column_name,
    legal_tokens,
    validate_program,
)
from ....rules import RuleSettings
from ....state import State
from . import messages
from .geometry import (
    ACTION,
    ACTION_NAMES,
    BLUE_ROWS,
    CELL,
    DAMAGE_Y,
    GLYPHS,
    PILOT_BOX,
    PILOT_TOKEN,
    RED_ROWS,
    RED_X,
    SHIELD_HOME,
    SHIELD_TOKEN,
    TOP_Y,
    TRAY_Y,
    X_RANGE,
    Y_RANGE,
    Place,
    cell_centre,
    column_x,
    locate,
    rows_of,
    tray_slot,
)
from .tokens import ChartTokens

ChangeCallback = Callable[[Program], object]

LOCKED_MESSAGE = N_("Time is up: the chart is locked until the next round.")


@dataclass(frozen=True, slots=True)
class DropResult:
    """What became of a drop, a click or a clear.

    ``accepted`` is False when the move was refused: the token is back where
    it was and ``message`` says why. ``column`` / ``action`` name the cell the
    token is on afterwards (``None`` for the tray or the pilot box);
    ``returned`` lists the tokens a swap sent back to the tray; ``program`` is
    the chart's program afterwards.
    """

    accepted: bool
    message: str
    token: int | None
    column: int | None
    action: str | None
    program: Program
    returned: tuple[int, ...] = ()

    def __bool__(self) -> bool:
        return self.accepted


class StatusChartController:
    """One craft's status chart for a round: the tokens, where they are, and the program they make.

    Tokens are numbered: 0-5 the transparent action tokens, 6 the red
    column's token (the *shield token*, which starts on Shield), and 7 the
    pilot token when the craft's pilot has a column power not yet used; the
    controller owns them (:class:`~asteroyds.ui.chart.status.tokens.ChartTokens`)
    and moves them only when the engine accepts the move.
    Observers (:meth:`on_change`) get the new :class:`Program` after every change.
    ``rules`` brings the variants that restrict programs (the "one shot per
    turn" variant refuses a second Shoot while the tokens are placed, not
    only when the program is submitted).
    """

    def __init__(
        self,
        craft: Craft,
        mode: str = "racing",
        program: Program | str | None = None,
        *,
        rules: RuleSettings | None = None,
    ) -> None:
        if not isinstance(craft, Craft):
            raise TypeError(_("a status chart belongs to a Craft, got {craft!r}", craft=craft))
        if mode not in modes():
            raise ValueError(
                _("unknown mode {mode!r} (expected one of {choices})", mode=mode, choices=", ".join(modes()))
            )
        self._craft = craft
        self._mode = mode
        self._rules = rules
        self._locked = False
        self._observers: list[ChangeCallback] = []
        self._tokens = ChartTokens(craft)
        if program is not None:
            self.load(program)

    @classmethod
    def for_game(cls, craft: Craft, state: State) -> StatusChartController:
        """The chart of ``craft`` in ``state``'s game (its mode and variants): the chart registry's way."""
        return cls(craft, state.mode, rules=state.rules)

    # --- reading ------------------------------------------------------------------
    @property
    def craft(self) -> Craft:
        return self._craft

    @property
    def mode(self) -> str:
        return self._mode

    @property
    def rules(self) -> RuleSettings | None:
        """The variants the engine checks programs against (None: the standard rules)."""
        return self._rules

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kind of each token: ``action``, ``shield`` or ``pilot``."""
        return self._tokens.kinds

    @property
    def shield_index(self) -> int:
        return self._tokens.shield_index

    @property
    def pilot_index(self) -> int | None:
        """The pilot token's index, or None when the craft has no pilot power to play."""
        return self._tokens.pilot_index

    @property
    def places(self) -> tuple[Place | None, ...]:
        """Where each token is: a cell, or None (in the tray / the pilot box)."""
        return tuple(self._tokens.places)

    @property
    def program(self) -> Program:
        """The program the tokens make, validated by the engine for this craft and mode."""
        return validate_program(self._tokens.program_of(), self._craft, self._mode, rules=self._rules)

    @property
    def shield_on(self) -> bool:
        """Is the red column's token on Shield?"""
        return self._tokens.places[self.shield_index] == SHIELD_HOME

    @property
    def locked(self) -> bool:
        return self._locked

    @property
    def pilot_name(self) -> str | None:
        return self._craft.pilot

    @property
    def pilot_directions(self) -> tuple[tuple[str, str], ...]:
        """``(token, what it does)`` for each pilot token the pilot may write (empty without a power)."""
        info = PILOT_TABLE.get(self._craft.pilot or "")
        return tuple((token, text) for token, _, text in info.moves) if info else ()

    @property
    def pilot_direction(self) -> str | None:
        """The pilot token written when the pilot token is placed (``P``, or ``PL``/``PR``/...)."""
        return self._tokens.pilot_token

    @pilot_direction.setter
    def pilot_direction(self, token: str) -> None:
        choices = [t for t, _ in self.pilot_directions]
        if token not in choices:
            who = self._craft.pilot or _("this craft's pilot")
            raise ValueError(
                _(
                    "{who} has no pilot token {token!r} (choose one of {value})",
                    who=who,
                    token=token,
                    value=", ".join(choices) or "none",
                )
            )
        if token != self._tokens.pilot_token:
            before = self._tokens.program_of()
            self._tokens.pilot_token = token
            self._changed(before)

    def token_positions(self) -> list[tuple[float, float]]:
        """(x, y) in chart coordinates for every token: its tray slot, the pilot box or its cell."""
        return [self._tokens.position(i, place) for i, place in enumerate(self._tokens.places)]

    def token_at(self, column: int) -> int | None:
        """The token in a column, if any."""
        return self._tokens.at(column)

    def legal(self, column: int) -> tuple[str, ...]:
        """The tokens the engine allows in ``column`` now (:func:`~asteroyds.program.legal_tokens`)."""
        return legal_tokens(self._craft, self._mode, column, self._tokens.program_of(), rules=self._rules)

    def describe(self, index: int) -> str:
        """A token in words: "transparent token 3", "the shield token", "the pilot token"."""
        return self._tokens.describe(index)

    @staticmethod
    def cell_centre(column: int, action: str) -> tuple[float, float]:
        """Same as the module's :func:`cell_centre`."""
        return cell_centre(column, action)

    # --- moving tokens --------------------------------------------------------------
    def drop(self, token_index: int, x: float, y: float) -> DropResult:
        """A token dropped at chart point (x, y): snap it to the cell there, or refuse and say why.

        The tray takes any token back off the chart (the shield token goes back
        on Shield, the pilot token to its box); the pilot box takes only the pilot token.
        """
        self._tokens.check_index(token_index)
        if self._locked:
            return self._refuse(token_index, _(LOCKED_MESSAGE))
        where, place = locate(float(x), float(y))
        if where == "cell":
            assert place is not None
            return self.place(token_index, *place)
        if where == "tray" or where == "pilot" and self._tokens.kinds[token_index] == PILOT_TOKEN:
            return self._to_home(token_index)
        if where == "pilot":
            return self._refuse(
                token_index,
                _(
                    "The pilot box holds only the pilot token: {piece} went back to {where}.",
                    piece=self.describe(token_index),
                    where=self._tokens.where(token_index),
                ),
            )
        return self._refuse(
            token_index,
            _(
                "Dropped outside the chart: put {piece} on a pictogram of columns 1-7. It went back "
                "to {where}.",
                piece=self.describe(token_index),
                where=self._tokens.where(token_index),
            ),
        )

    def place(self, token_index: int, column: int, action: str) -> DropResult:
        """Put a token on a cell (the click-to-place path; the same rules as :meth:`drop`).

        A token already in that blue column goes back to the tray. The pilot
        token may sit on any cell of a blue column: it writes the pilot token
        (:attr:`pilot_direction`), not the pictogram under it.
        """
        self._tokens.check_index(token_index)
        if self._locked:
            return self._refuse(token_index, _(LOCKED_MESSAGE))
        if not isinstance(column, int) or isinstance(column, bool) or column not in range(1, RED_COLUMN + 1):
            return self._refuse(
                token_index, _("There is no column {column!r}: columns are 1-6 and 7 (red).", column=column)
            )
        action = str(action).strip().upper()
        kind = self._tokens.kinds[token_index]
        if kind == SHIELD_TOKEN and column != RED_COLUMN:
            return self._refuse(
                token_index,
                _(
                    "The shield token stays in the red column (7): put it on Shield, Forward, "
                    "Right, Left or Shoot there."
                ),
            )
        if kind == ACTION and column == RED_COLUMN:
            return self._refuse(
                token_index,
                _(
                    "The red column takes only its own token (the shield token): transparent tokens "
                    "go in the blue columns 1-6."
                ),
            )
        if kind == PILOT_TOKEN:
            token, row = self._tokens.pilot_token or EMPTY, action if action in BLUE_ROWS else "F"
        elif action in ACTION_NAMES:
            token, row = action, action
        else:
            names = ", ".join(f"{_(name)} {letter}" for letter, name in ACTION_NAMES.items())
            return self._refuse(
                token_index,
                _("There is no {action!r} pictogram (the chart has {names}).", action=action, names=names),
            )
        # The other tokens stay, except the one this token replaces in its column.
        trial = list(self._tokens.places)
        trial[token_index] = None
        returned = tuple(
            other
            for other, place in enumerate(trial)
            if column != RED_COLUMN and place is not None and place[0] == column
        )
        for other in returned:
            trial[other] = None
        # The engine decides (Turn back in the red column, Shoot in racing, a pilot token...).
        try:
            candidate = validate_program(
                self._tokens.program_of(trial).with_column(column, token),
                self._craft,
                self._mode,
                rules=self._rules,
            )
        except ProgramError as exc:
            return self._refuse(token_index, str(exc))
        trial[token_index] = (column, row)
        assert self._tokens.program_of(trial) == candidate
        before = self._tokens.program_of()
        self._tokens.places = trial
        power = dict(self.pilot_directions).get(self._tokens.pilot_token or "", "")
        message = messages.placed(
            self._tokens, token_index, column, returned, pilot=self._craft.pilot, power=power
        )
        self._changed(before)
        return DropResult(True, message, token_index, column, row, candidate, returned)

    def click(self, column: int, action: str, pilot: bool = False) -> DropResult:
        """The click-to-place path: put the right token on a cell.

        The red column moves the shield token; ``pilot=True`` places the pilot
        token; otherwise the token already in the column moves, or the first
        one in the tray. Clicking the cell a transparent token already holds
        clears the column.
        """
        if pilot:
            index = self.pilot_index
            if index is None:
                return self._refuse(None, messages.no_pilot_token(self._craft))
        elif column == RED_COLUMN:
            index = self.shield_index
        else:
            index = self.token_at(column) if isinstance(column, int) else None
            if (
                index is not None
                and self._tokens.kinds[index] == ACTION
                and self._tokens.places[index] == (column, action)
            ):
                return self.clear(column)
            if index is None or self._tokens.kinds[index] != ACTION:
                index = self._tokens.free_action()
            if index is None:
                return self._refuse(None, _("Every transparent token is already on the chart."))
        return self.place(index, column, action)

    def clear(self, column: int) -> DropResult:
        """Empty a column: its token goes back to the tray (the red column's back on Shield)."""
        if self._locked:
            return self._refuse(None, _(LOCKED_MESSAGE))
        if not isinstance(column, int) or isinstance(column, bool) or column not in range(1, RED_COLUMN + 1):
            return self._refuse(
                None, _("There is no column {column!r}: columns are 1-6 and 7 (red).", column=column)
            )
        index = self.token_at(column)
        if index is None:
            return DropResult(
                True,
                _("{what} is already empty.", what=column_name(column).capitalize()),
                None,
                None,
                None,
                self.program,
            )
        return self._to_home(index)

    def clear_all(self) -> DropResult:
        """Every token back to the tray, the shield token back on Shield (refused when locked)."""
        if self._locked:
            return self._refuse(None, _(LOCKED_MESSAGE))
        before = self._tokens.program_of()
        self._tokens.places = self._tokens.home_places()
        self._changed(before)
        return DropResult(
            True, _("The chart is cleared: shield on, no action."), None, None, None, self.program
        )

    def load(self, program: Program | str) -> Program:
        """Set the tokens to show ``program`` (validated by the engine first); works when locked."""
        program = validate_program(
            as_program(program, self._craft.player), self._craft, self._mode, rules=self._rules
        )
        places = self._tokens.home_places()
        free = [i for i, kind in enumerate(self._tokens.kinds) if kind == ACTION]
        pilot_token = self._tokens.pilot_token
        for column, token in enumerate(program.columns, 1):
            if token == EMPTY:
                continue
            if token in BLUE_ROWS:
                places[free.pop(0)] = (column, token)
            else:  # a pilot token: validate_program checked that this craft may play it
                assert self.pilot_index is not None
                places[self.pilot_index] = (column, "F")
                pilot_token = token
        places[self.shield_index] = (RED_COLUMN, program.red)
        before = self._tokens.program_of()
        self._tokens.places, self._tokens.pilot_token = places, pilot_token
        self._changed(before)
        return program

    # --- the round --------------------------------------------------------------------
    def lock(self) -> None:
        """Time is up: every drop, click and clear is refused until :meth:`unlock` or :meth:`reset`."""
        self._locked = True

    def unlock(self) -> None:
        self._locked = False

    def reset(self, craft: Craft | None = None) -> Program:
        """End of round: shield token on Shield, the others back in the tray, the pilot token back
        if the power is still unused (give the craft after the round to update it); unlocks."""
        if craft is not None:
            if not isinstance(craft, Craft):
                raise TypeError(_("a status chart belongs to a Craft, got {craft!r}", craft=craft))
            self._craft = craft
        before = self._tokens.program_of()
        self._tokens.deal(self._craft)
        self._locked = False
        self._changed(before)
        return self.program

    def on_change(self, callback: ChangeCallback, remove: bool = False) -> None:
        """Call ``callback(program)`` after every change of the program."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    # --- inside -------------------------------------------------------------------------
    def _to_home(self, index: int) -> DropResult:
        before = self._tokens.program_of()
        kind = self._tokens.kinds[index]
        old = self._tokens.places[index]
        self._tokens.places[index] = SHIELD_HOME if kind == SHIELD_TOKEN else None
        self._changed(before)
        message = messages.went_home(self._tokens, index, old)
        column, action = self._tokens.places[index] or (None, None)
        return DropResult(True, message, index, column, action, self.program)

    def _refuse(self, index: int | None, message: str) -> DropResult:
        place = None if index is None else self._tokens.places[index]
        column, action = place or (None, None)
        return DropResult(False, message, index, column, action, self.program)

    def _changed(self, before: Program) -> None:
        after = self._tokens.program_of()
        if after != before:
            for callback in list(self._observers):
                callback(after)


__all__ = [
    "ACTION",
    "ACTION_NAMES",
    "BLUE_ROWS",
    "GLYPHS",
    "LOCKED_MESSAGE",
    "PILOT_BOX",
    "PILOT_TOKEN",
    "RED_ROWS",
    "SHIELD_HOME",
    "SHIELD_TOKEN",
    "X_RANGE",
    "Y_RANGE",
    "DropResult",
    "Place",
    "StatusChartController",
    "cell_centre",
    "column_x",
    "locate",
    "rows_of",
    "tray_slot",
    # the rest of the chart's geometry, importable from here as it always was
    "CELL",
    "DAMAGE_Y",
    "RED_X",
    "TOP_Y",
    "TRAY_Y",
]
