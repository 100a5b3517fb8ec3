"""The capture chart: 6 columns, one per round, and the anticipation line, as a widget.

The rules: docs/rules.md#11-capture-the-asteroyd.

In Capture the Asteroyd a craft plans a whole turn: one token per round in 6
columns (``F R L U X .`` and the pilot tokens) and one anticipation, Shield or
Shoot in one round (``S3``, ``X5``; Lawrence: Shield in one or two rounds).
:class:`CaptureChartController` holds that plan for one craft in plain Python;
every rule question goes to the engine
(:func:`~asteroyds.modes.capture.program.validate_capture_program`,
:func:`~asteroyds.modes.capture.program.legal_column_tokens`,
:func:`~asteroyds.modes.capture.program.legal_anticipations`). A refused input
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

from collections.abc import Callable, Mapping
from types import MappingProxyType

import ipywidgets as widgets

from ....event_text import player_text, team_text
from ....i18n import _
from ....modes.capture.program import (
    EMPTY,
    ROUNDS,
    STANCES,
    CaptureProgram,
)
from ....pieces import Craft
from ....pilots import PILOT_TOKENS
from ... import theme
from ...share.markup import join, style, tag
from ...theme import COLOURS, sheet
from .controller import (
    LOCKED_MESSAGE,
    NONE_ALIASES,
    STANCE_GLYPHS,
    TOKEN_NAMES,
    CaptureChartController,
    CaptureResult,
    ChangeCallback,
    describe_anticipation,
    describe_token,
    token_css_name,
    token_label,
    token_tooltip,
)

# --- the view ---------------------------------------------------------------------------------
INK: dict[str, str] = {
    "panel": "#0f1d45", "edge": "#4d94ff", "cell": "#17306a", "on": "#2f66d6", "glyph": "#d6e6ff",
    "muted": COLOURS.get("muted", "#9aa6cc"), "line_panel": "#2e0d17", "line_edge": "#ff5a64",
    "line_cell": "#52162a", "line_on": "#b8283f", "pilot_on": "#8a6d00",
}  # fmt: skip
CSS = sheet("capture_chart", INK)
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
                raise TypeError(_("CaptureChart needs a craft (or a controller)"))
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
            description=_("Clear chart"), icon="undo", tooltip=_("Every column empty, no anticipation"),
            layout=widgets.Layout(width="auto"),
        )  # fmt: skip
        self._clear.add_class("asteroyds-capture-clear")
        self._clear.on_click(lambda _b: self.clear_all())
        caption = theme.caption_html
        program_row = widgets.HBox(
            [widgets.HTML(caption(_("Program"))), self._program, self._clear],
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
            head = widgets.HTML(_("Round {round}", round=column))
            head.add_class("asteroyds-capture-head")
            buttons = []
            for token in c.tokens():
                button = widgets.Button(
                    description=token_label(token),
                    tooltip=_(
                        "Round {column}: {token_tooltip}",
                        column=column,
                        token_tooltip=token_tooltip(token, pilot),
                    ),
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

        self._line: dict[tuple[str, int | None] | None, widgets.Button] = {}
        rows: list[widgets.Widget] = [widgets.HTML(_("<b>Anticipation line</b> (one token on a round)"))]
        for stance in c.stances():
            label = widgets.HTML(
                f"{STANCE_GLYPHS[stance]} {_(STANCES[stance])}".strip(),
                layout=widgets.Layout(min_width="76px"),
            )
            buttons = []
            for round_number in range(1, ROUNDS + 1):
                tip = _(
                    "{stance} anticipation in round {round} ({token})",
                    stance=_(STANCES[stance]),
                    round=round_number,
                    token=f"{stance}{round_number}",
                )
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
            description=_("— none"),
            tooltip=_("No anticipation: the line token stays before round 1"),
            layout=widgets.Layout(**LINE_BUTTON_LAYOUT),
        )
        none.add_class("asteroyds-capture-anticipation")
        none.add_class("asteroyds-capture-anticipation-none")
        none.on_click(lambda _b: self.anticipate(None))
        self._line[None] = none
        if c.max_rounds > 1:
            note = _(
                "{pilot}: always in Shield, one or two rounds (click a marked round to lift it)",
                pilot=c.craft.pilot,
            )
            rows.append(widgets.HTML(theme.caption_html(note)))
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
                tip = _(
                    "Round {column}: {token_tooltip}",
                    column=column,
                    token_tooltip=token_tooltip(token, pilot),
                )
                reason = None if token in legal else c.why_not(column, token)
                button.tooltip = _("{tip} (not now: {reason})", tip=tip, reason=reason) if reason else tip
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
            _("CAPTURE CHART · {player}", player=player_text(craft.player))
            + (_(" · {team} team", team=team_text(team)) if team else "")
            + (_(" · pilot {pilot}", pilot=pilot) if pilot else "")
        )  # fmt: skip
        chip = tag("span", class_="asteroyds-team-chip", style=style(background=team_colour(team)))
        self._title.value = join(chip, who)
        self._program.value = tag("code", program, data_program=program)
        self._say(c.message, ok=not c.refused)
        (self.add_class if locked else self.remove_class)("asteroyds-locked")

    def _say(self, text: str, ok: bool) -> None:
        self._message.value = theme.verdict_html(text, ok)


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
