"""The capture chart (RULES §11): 6 columns, one per round, and the anticipation line, as a widget.

In Capture the Asteroyd a craft plans a whole turn: one token per round in 6
columns (``F R L U X .`` and the pilot tokens) and one anticipation, Shield or
Shoot in one round (``S3``, ``X5``; Lawrence: Shield in one or two rounds).
:class:`CaptureChartController` holds that plan for one craft in plain Python;
every rule question goes to the engine
(:func:`~asteroyds.modes.capture_program.validate_capture_program`,
:func:`~asteroyds.modes.capture_program.legal_column_tokens`,
:func:`~asteroyds.modes.capture_program.legal_anticipations`). A refused input
leaves the program as it was and says why. :class:`CaptureChart` is the
ipywidgets view: a button per token the craft may play, per column, and a
button per anticipation.

>>> from asteroyds.pieces import Craft
>>> chart = CaptureChartController(Craft("red1", (6, 1), 0, team="red"))
>>> str(chart.set_column(1, "F").program), str(chart.set_anticipation("S", 3).program)
('F . . . . . -', 'F . . . . . S3')
>>> result = chart.set_anticipation("X", 9)
>>> result.ok, result.message, str(result.program)
(False, 'red1, anticipation: no round 9 (rounds are 1-6)', 'F . . . . . S3')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

import ipywidgets as widgets

from ...errors import ProgramError
from ...modes.capture_program import (
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
from ...pieces import Craft
from ...pilots import PILOT_TABLE, PILOT_TOKENS
from .. import theme
from ..theme import COLOURS

ChangeCallback = Callable[[CaptureProgram], object]

# --- the tokens in words and pictograms -----------------------------------------------------
TOKEN_NAMES: dict[str, str] = {
    FORWARD: "Forward", RIGHT: "Right", LEFT: "Left", TURN_BACK: "Turn back", SHOOT: "Shoot",
    EMPTY: "Nothing",
}  # fmt: skip
TOKEN_HELP: dict[str, str] = {
    FORWARD: "one space straight ahead",
    RIGHT: "pivot right, then one space forward",
    LEFT: "pivot left, then one space forward",
    TURN_BACK: "turn to face the other way, without moving",
    SHOOT: "fire the laser straight ahead",
    EMPTY: "no action in this round (an empty column)",
}
# The status chart's glyphs (DejaVu Sans draws them); the letters stay in the labels.
GLYPHS: dict[str, str] = {FORWARD: "↑", RIGHT: "↱", LEFT: "↰", TURN_BACK: "↶", SHOOT: "⊕", EMPTY: "·"}
PILOT_GLYPH = "★"
DISPLAY_ORDER: tuple[str, ...] = (FORWARD, RIGHT, LEFT, TURN_BACK, SHOOT, *PILOT_TOKENS, EMPTY)
# No shield glyph in DejaVu Sans (the status chart draws an outline instead): the line says the word.
STANCE_GLYPHS: dict[str, str] = {SHIELD_STANCE: "", SHOOT_STANCE: "⊕"}
LOCKED_MESSAGE = "Time is up: the capture chart is locked until the next turn."
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
    """A button's label: pictogram and letter (``↑ F``, ``★ PL``, ``· none``)."""
    glyph = PILOT_GLYPH if token in PILOT_TOKENS else GLYPHS.get(token, "")
    return f"{glyph} {token_css_name(token)}".strip()


def token_tooltip(token: str, pilot: str | None = None) -> str:
    """The plain-English name of a token (a pilot token says whose power it is and what it does)."""
    if token in PILOT_TOKENS:
        info = PILOT_TABLE.get(pilot or "")
        if info is not None and token in info.tokens:
            return f"{info.name}'s power ({token}): {info.explain(token)}"
        return f"Pilot power ({token})"
    return f"{TOKEN_NAMES[token]} ({token}): {TOKEN_HELP[token]}"


def describe_token(token: str, pilot: str | None = None) -> str:
    """A token in a short message ("Forward", "Hector's power, forward twice")."""
    if token in PILOT_TOKENS:
        info = PILOT_TABLE.get(pilot or "")
        if info is not None and token in info.tokens:
            return f"{info.name}'s power, {info.explain(token)}"
        return f"pilot power {token}"
    return TOKEN_NAMES.get(token, repr(token))


def describe_anticipation(program: CaptureProgram) -> str:
    """The anticipation line in words ("Shield in round 3", "no anticipation")."""
    if program.stance is None:
        return "no anticipation"
    rounds = " and ".join(str(r) for r in program.rounds)
    return f"{STANCES[program.stance]} in round{'s' if len(program.rounds) > 1 else ''} {rounds}"


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
        """Same as ``ok`` (the name :class:`~asteroyds.ui.chart_controller.DropResult` uses)."""
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
            return self._refuse(LOCKED_MESSAGE)
        if not isinstance(column, int) or isinstance(column, bool) or not 1 <= column <= ROUNDS:
            return self._refuse(
                f"column {column!r}: there is no such column (a capture chart has columns 1-{ROUNDS}, "
                "one per round)"
            )
        if token is None:
            token = EMPTY
        if not isinstance(token, str):
            return self._refuse(f"column {column}: a token is text like 'F' or 'X', got {token!r}")
        token = token.strip().upper()
        token = EMPTY if token in NONE_ALIASES else token
        if token == self._program.token(column):
            return self._accept(self._program, f"Column {column} already holds {self._what(token)}.")
        return self._try(
            lambda: self._program.with_column(column, token),
            f"Column {column} (round {column}): {self._what(token)}.",
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
            return self._refuse(LOCKED_MESSAGE)
        if stance is None:
            if self._program.stance is None:
                return self._accept(self._program, "No anticipation: the line token is before round 1.")
            return self._try(
                lambda: self._program.with_anticipation(None),
                "No anticipation: the line token is back before round 1.",
            )
        checked = self._stance(stance)
        if checked is None:
            return self._refuse(f"anticipation: the stance is 'S' (Shield) or 'X' (Shoot), got {stance!r}")
        if round_number is None:
            return self._refuse(f"anticipation: {STANCES[checked]} needs a round, 1-{ROUNDS}")
        if not isinstance(round_number, (int, list, tuple)):
            return self._refuse(f"anticipation: no round {round_number!r} (rounds are 1-{ROUNDS})")
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
            return self._refuse(LOCKED_MESSAGE)
        return self._try(CaptureProgram.empty, "The chart is cleared: no action, no anticipation.")

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
            self._message, self._message_ok = LOCKED_MESSAGE, False
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
            raise TypeError(f"a capture chart belongs to a Craft, got {craft!r}")
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
        if not message.startswith(f"{player}") and message != LOCKED_MESSAGE:
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


# --- the view ---------------------------------------------------------------------------------
INK: dict[str, str] = {
    "panel": "#0f1d45", "edge": "#4d94ff", "cell": "#17306a", "on": "#2f66d6", "glyph": "#d6e6ff",
    "muted": COLOURS.get("muted", "#9aa6cc"), "line_panel": "#2e0d17", "line_edge": "#ff5a64",
    "line_cell": "#52162a", "line_on": "#b8283f", "pilot_on": "#8a6d00",
}  # fmt: skip
CSS = f"""<style>
.asteroyds-capture-chart .asteroyds-capture-columns {{ gap: 6px; flex-wrap: wrap; }}
.asteroyds-capture-chart .asteroyds-capture-column {{ background: {INK["panel"]};
  border: 1px solid {INK["edge"]}; border-radius: 6px; padding: 4px; gap: 3px; }}
.asteroyds-capture-chart .asteroyds-capture-line {{ background: {INK["line_panel"]};
  border: 1px solid {INK["line_edge"]}; border-radius: 6px; padding: 4px 6px; gap: 4px; }}
.asteroyds-capture-chart .asteroyds-capture-head {{ font-weight: bold; text-align: center;
  color: {INK["edge"]}; }}
.asteroyds-capture-chart .jupyter-button {{ white-space: nowrap; overflow: visible; padding: 0 8px; }}
.asteroyds-capture-chart .jupyter-button.asteroyds-selected {{ font-weight: bold;
  box-shadow: inset 0 0 0 2px #ffffff; }}
.asteroyds-capture-chart .asteroyds-illegal {{ text-decoration: line-through; }}
.asteroyds-capture-chart.asteroyds-locked .asteroyds-capture-columns,
.asteroyds-capture-chart.asteroyds-locked .asteroyds-capture-line {{ filter: grayscale(.85); opacity: .6; }}
.asteroyds-capture-chart .asteroyds-program code {{ font-size: 18px; letter-spacing: .12em;
  color: {COLOURS.get("text", "#e8eeff")}; background: #141d40; padding: 2px 8px; border-radius: 6px; }}
.asteroyds-capture-chart .asteroyds-team-chip {{ display: inline-block; width: 12px; height: 12px;
  border-radius: 50%; border: 1px solid #ffffff; margin-right: 6px; vertical-align: -1px; }}
.asteroyds-chart-message .asteroyds-refused {{ color: #ff8a8a; font-weight: bold; }}
.asteroyds-chart-message .asteroyds-accepted {{ color: {INK["muted"]}; }}
</style>"""
BUTTON_LAYOUT: dict[str, str] = {"width": "auto", "min_width": "58px", "height": "28px"}
LINE_BUTTON_LAYOUT: dict[str, str] = {"width": "auto", "min_width": "44px", "height": "28px"}


def team_colour(team: str | None) -> str:
    """A team's colour for the title chip (white is a team in capture, not a player colour)."""
    return COLOURS.get(f"player_{team}") or COLOURS.get(team or "") or theme.player_colour(None)


class CaptureChart(widgets.VBox):
    """The capture chart widget: one button per token and column, and the anticipation line.

    A thin view over :class:`CaptureChartController` (``controller``). CSS
    classes give browser tests stable selectors: ``asteroyds-capture-chart``
    (the widget; ``asteroyds-locked`` while locked), ``asteroyds-program``
    (the notation), ``asteroyds-chart-message``, the cell buttons
    ``asteroyds-capture-cell-{column}-{token}`` (token ``F``, ``R``, ``L``,
    ``U``, ``X``, ``P``..., ``none``), the line buttons
    ``asteroyds-capture-anticipation-{S|X}{round}`` and
    ``asteroyds-capture-anticipation-none``; the selected ones carry
    ``asteroyds-selected``.
    """

    def __init__(
        self,
        craft: Craft | None = None,
        program: CaptureProgram | str | None = None,
        *,
        controller: CaptureChartController | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        if controller is None:
            if craft is None:
                raise TypeError("CaptureChart needs a craft (or a controller)")
            controller = CaptureChartController(craft, program)
        elif program is not None:
            controller.load(program)
        self._controller = controller
        self._title_text = title
        self._message_ok = True
        self._build()
        controller._watch(self._refresh)
        self._refresh()
        # As wide as the chart, not the page; the columns wrap on a narrow screen.
        self.layout = widgets.Layout(width="fit-content", max_width="100%", align_items="flex-start")
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-capture-chart")

    # --- public API -------------------------------------------------------------------------
    @property
    def controller(self) -> CaptureChartController:
        return self._controller

    @property
    def program(self) -> CaptureProgram:
        return self._controller.program

    @property
    def locked(self) -> bool:
        return self._controller.locked

    @property
    def message(self) -> str:
        """The last message shown (plain text)."""
        return self._controller.message

    @property
    def parts(self) -> Mapping[str, widgets.Widget]:
        """The child widgets by name (read them in tests; the view owns them)."""
        return MappingProxyType(self._parts)

    def cell_button(self, column: int, token: str) -> widgets.Button:
        """The button of a token in a column (``token`` ``"F"``, ``"PL"``, ``"."`` or ``"none"``)."""
        key = token.strip().upper()
        return self._cells[(column, EMPTY if key in NONE_ALIASES else key)]

    def anticipation_button(self, stance: str | None, round_number: int | None = None) -> widgets.Button:
        """The button of the anticipation line for a stance and round (None: the "none" button)."""
        if stance is None:
            return self._line[None]
        return self._line[(stance.strip().upper(), round_number)]

    def on_change(self, callback: ChangeCallback, remove: bool = False) -> None:
        """Call ``callback(program)`` after every change of the program."""
        self._controller.on_change(callback, remove=remove)

    def click(self, column: int, token: str | None) -> CaptureResult:
        """What a click on a cell button does: put ``token`` in ``column``."""
        return self._act(lambda: self._controller.set_column(column, token))

    def anticipate(self, stance: str | None, round_number: int | None = None) -> CaptureResult:
        """What a click on the anticipation line does (:meth:`CaptureChartController.mark_anticipation`)."""
        return self._act(lambda: self._controller.mark_anticipation(stance, round_number))

    def clear(self, column: int) -> CaptureResult:
        return self._act(lambda: self._controller.clear(column))

    def clear_all(self) -> CaptureResult:
        return self._act(self._controller.clear_all)

    def load(self, program: CaptureProgram | str) -> CaptureResult:
        """Show ``program`` (checked by the engine; refused, it leaves the chart as it was)."""
        return self._act(lambda: self._controller.load(program))

    def lock(self) -> None:
        """Time is up: refuse every change and grey the chart out."""
        self._controller.lock()

    def unlock(self) -> None:
        self._controller.unlock()

    def reset(self, craft: Craft | None = None) -> CaptureProgram:
        """End of turn (see :meth:`CaptureChartController.reset`); rebuilds the buttons for the craft."""
        return self._controller.reset(craft)  # the view follows, rebuilding its buttons if need be

    # --- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        def html_part(css: str, **layout: str) -> widgets.HTML:
            part = widgets.HTML(layout=widgets.Layout(**layout))
            part.add_class(css)
            return part

        self._title = html_part("asteroyds-title")
        self._program = html_part("asteroyds-program")
        self._message = html_part("asteroyds-chart-message", min_height="24px", max_width="520px")
        self._columns = widgets.HBox()
        self._columns.add_class("asteroyds-capture-columns")
        self._anticipation = widgets.VBox(layout=widgets.Layout(align_items="flex-start"))
        self._anticipation.add_class("asteroyds-capture-line")
        self._clear = widgets.Button(
            description="Clear chart", icon="undo", tooltip="Every column empty, no anticipation",
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self._clear.add_class("asteroyds-capture-clear")
        self._clear.on_click(lambda _b: self.clear_all())
        caption = "<span class='asteroyds-caption'>{}</span>".format
        program_row = widgets.HBox(
            [widgets.HTML(caption("Program")), self._program, self._clear],
            layout=widgets.Layout(align_items="center", grid_gap="10px"),
        )
        self._build_grid()
        self.children = [
            widgets.HTML(theme.CSS + CSS), self._title, self._columns, self._anticipation, program_row,
            self._message,
        ]  # fmt: skip
        self._parts = {
            "title": self._title, "columns": self._columns, "anticipation": self._anticipation,
            "program": self._program, "message": self._message, "clear": self._clear,
        }  # fmt: skip

    def _build_grid(self) -> None:
        """One button per token this craft may play, per column; the line's buttons (engine's lists)."""
        c = self._controller
        pilot = c.craft.pilot
        self._built_for = self._layout_key()
        self._cells: dict[tuple[int, str], widgets.Button] = {}
        columns = []
        for column in range(1, ROUNDS + 1):
            head = widgets.HTML(f"Round {column}")
            head.add_class("asteroyds-capture-head")
            buttons = []
            for token in c.tokens():
                button = widgets.Button(
                    description=token_label(token),
                    tooltip=f"Round {column}: {token_tooltip(token, pilot)}",
                    layout=widgets.Layout(**BUTTON_LAYOUT),
                )
                button.add_class("asteroyds-capture-cell")
                button.add_class(f"asteroyds-capture-cell-{column}-{token_css_name(token)}")
                button.on_click(lambda _b, col=column, tok=token: self.click(col, tok))
                self._cells[(column, token)] = button
                buttons.append(button)
            box = widgets.VBox([head, *buttons], layout=widgets.Layout(min_width="70px"))
            box.add_class("asteroyds-capture-column")
            box.add_class(f"asteroyds-capture-column-{column}")
            columns.append(box)
        self._columns.children = columns

        self._line: dict[tuple[str, int] | None, widgets.Button] = {}
        rows: list[widgets.Widget] = [widgets.HTML("<b>Anticipation line</b> (one token on a round)")]
        for stance in c.stances():
            label = widgets.HTML(
                f"{STANCE_GLYPHS[stance]} {STANCES[stance]}".strip(), layout=widgets.Layout(min_width="76px")
            )
            buttons = []
            for round_number in range(1, ROUNDS + 1):
                tip = f"{STANCES[stance]} anticipation in round {round_number} ({stance}{round_number})"
                button = widgets.Button(
                    description=f"{stance}{round_number}",
                    tooltip=tip,
                    layout=widgets.Layout(**LINE_BUTTON_LAYOUT),
                )
                button.add_class("asteroyds-capture-anticipation")
                button.add_class(f"asteroyds-capture-anticipation-{stance}{round_number}")
                button.on_click(lambda _b, s=stance, r=round_number: self.anticipate(s, r))
                self._line[(stance, round_number)] = button
                buttons.append(button)
            rows.append(widgets.HBox([label, *buttons], layout=widgets.Layout(grid_gap="4px")))
        none = widgets.Button(
            description="— none",
            tooltip="No anticipation: the line token stays before round 1",
            layout=widgets.Layout(**LINE_BUTTON_LAYOUT),
        )
        none.add_class("asteroyds-capture-anticipation")
        none.add_class("asteroyds-capture-anticipation-none")
        none.on_click(lambda _b: self.anticipate(None))
        self._line[None] = none
        if c.max_rounds > 1:
            note = f"{c.craft.pilot}: always in Shield, one or two rounds (click a marked round to lift it)"
            rows.append(widgets.HTML(f"<span class='asteroyds-caption'>{html.escape(note)}</span>"))
        rows.append(none)
        self._anticipation.children = rows

    def _layout_key(self) -> tuple[object, ...]:
        """What the buttons depend on: the craft's tokens, stances and pilot."""
        c = self._controller
        return (c.tokens(), c.stances(), c.max_rounds, c.craft.pilot)

    # --- events and drawing -------------------------------------------------------------------
    def _act(self, action: Callable[[], CaptureResult]) -> CaptureResult:
        """Run a controller action; errors go to the message line, never a traceback in Voila."""
        try:
            return action()
        except Exception as exc:  # shown in the widget
            self._message.value = theme.error_html(exc)
            return CaptureResult(False, f"{type(exc).__name__}: {exc}", self._controller.program)

    def _refresh(self) -> None:
        """Push the controller's state into the buttons and labels, in place."""
        c = self._controller
        if self._layout_key() != self._built_for:  # another craft (a pilot, a power used): other buttons
            self._build_grid()
        program, locked, pilot = c.program, c.locked, c.craft.pilot
        for column in range(1, ROUNDS + 1):
            legal = c.legal(column)
            current = program.token(column)
            for token in c.tokens():
                button = self._cells[(column, token)]
                on = token == current
                pilot_token = token in PILOT_TOKENS
                button.style.button_color = (
                    (INK["pilot_on"] if pilot_token else INK["on"]) if on else INK["cell"]
                )
                button.style.text_color = "#ffffff" if token in legal else INK["muted"]
                button.style.font_weight = "bold" if on else "normal"
                (button.add_class if on else button.remove_class)("asteroyds-selected")
                (button.remove_class if token in legal else button.add_class)("asteroyds-illegal")
                tip = f"Round {column}: {token_tooltip(token, pilot)}"
                reason = None if token in legal else c.why_not(column, token)
                button.tooltip = f"{tip} (not now: {reason})" if reason else tip
                button.disabled = locked
        for key, button in self._line.items():
            on = (
                program.stance is None
                if key is None
                else program.stance == key[0] and key[1] in program.rounds
            )
            button.style.button_color = INK["line_on"] if on else INK["line_cell"]
            button.style.font_weight = "bold" if on else "normal"
            (button.add_class if on else button.remove_class)("asteroyds-selected")
            button.disabled = locked
        self._clear.disabled = locked
        craft = c.craft
        team = craft.team
        who = self._title_text or (
            f"CAPTURE CHART · {craft.player}" + (f" · {team} team" if team else "")
            + (f" · pilot {pilot}" if pilot else "")
        )  # fmt: skip
        chip = f"<span class='asteroyds-team-chip' style='background:{team_colour(team)}'></span>"
        self._title.value = chip + html.escape(who)
        text = str(program)
        self._program.value = f"<code data-program='{html.escape(text)}'>{html.escape(text)}</code>"
        self._say(c.message, ok=not c.refused)
        (self.add_class if locked else self.remove_class)("asteroyds-locked")

    def _say(self, text: str, ok: bool) -> None:
        kind = "accepted" if ok else "refused"
        sign = "" if ok else "⚠ "
        self._message.value = (
            f"<span class='asteroyds-{kind}' data-kind='{kind}'>{sign}{html.escape(text)}</span>"
            if text
            else ""
        )


__all__ = [
    "LOCKED_MESSAGE",
    "TOKEN_NAMES",
    "CaptureChart",
    "CaptureChartController",
    "CaptureResult",
    "describe_anticipation",
    "describe_token",
    "token_css_name",
    "token_label",
    "token_tooltip",
]
