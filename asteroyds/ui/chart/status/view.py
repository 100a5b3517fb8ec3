"""The status chart widget: drag tokens onto pictograms, or click cells, to plan a round.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots.

:class:`StatusChart` draws a :class:`~asteroyds.ui.chart.status.controller.StatusChartController`
with bqplot: one draggable ``Scatter`` for the tokens, snapped on drag end
inside ``hold_sync()``, plus a click-to-place grid for keyboards and tests.
The controller, :class:`DropResult` and the chart geometry live in
:mod:`asteroyds.ui.chart.status.controller` and are re-exported here. The
widget owns its figure (:class:`~.figure.ChartFigure`: the marks and the
draggable tokens), its click-to-place grid (:class:`~.grid.CellGrid`) and the
coach's ghost (:class:`~.ghost.Ghost`, made when first shown); it builds the
side panel around them.

>>> from asteroyds.pieces import Craft
>>> chart = StatusChartController(Craft("blue", (6, 7), 3), "racing")
>>> str(chart.drop(0, *cell_centre(1, "F")).program)
'F . . . . . S'
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from types import MappingProxyType

import bqplot
import ipywidgets as widgets

from ....event_text import player_text
from ....i18n import _
from ....modes import mode_named
from ....pieces import Craft
from ....program import RED_COLUMN, Program, as_program
from ....rules import RuleSettings
from ... import theme
from ...share.markup import tag
from ...theme import sheet
from .controller import (
    ACTION,
    ACTION_NAMES,
    BLUE_ROWS,
    CELL,
    DAMAGE_Y,
    GLYPHS,
    LOCKED_MESSAGE,
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
    ChangeCallback,
    DropResult,
    Place,
    StatusChartController,
    cell_centre,
    column_x,
    locate,
    rows_of,
    tray_slot,
)
from .figure import (
    CELLS,
    GLYPH_PX,
    INK,
    LABEL_PX,
    PX_PER_UNIT,
    SMALL_PX,
    TOKEN_AREA,
    TOKEN_OPACITY,
    ChartFigure,
    assign,
)
from .ghost import GHOST_INK, Ghost, ghost_places
from .grid import CellGrid

CSS = sheet("status_chart", INK)


class StatusChart(widgets.VBox):
    """The status chart widget: drag tokens from the tray onto pictograms, or click the cell grid.

    A thin view over :class:`StatusChartController` (``controller``). CSS
    classes give browser tests stable selectors: ``asteroyds-status-chart``
    (the widget and the figure), ``asteroyds-program`` (the notation),
    ``asteroyds-shield`` (the badge, with ``asteroyds-shield-on`` / ``-off``),
    ``asteroyds-chart-message``, ``asteroyds-cell-1F``... (the grid) and
    ``asteroyds-chart-data`` (hidden: token positions in chart coordinates).
    """

    def __init__(
        self,
        craft: Craft | None = None,
        mode: str = "racing",
        program: Program | str | None = None,
        *,
        controller: StatusChartController | None = None,
        title: str | None = None,
        rules: RuleSettings | None = None,
    ) -> None:
        super().__init__()
        if controller is None:
            if craft is None:
                raise TypeError(_("StatusChart needs a craft (or a controller)"))
            controller = StatusChartController(craft, mode, program, rules=rules)
        self._controller = controller
        self._title_text = title
        self._message_text, self._message_ok = "", True
        self._quiet = False
        self._chart = ChartFigure(self._on_drag_end, self.click)  # a tap on a cell = its grid button
        self._build_side()
        self._ghost = Ghost(self._chart, self._add_ghost_line)
        body = widgets.HBox([self._chart.figure, self._side], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [widgets.HTML(theme.CSS + CSS), body, self._data]
        controller.on_change(self._external_change)
        self._refresh()
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-status-chart")

    # --- public API ---------------------------------------------------------------------
    @property
    def controller(self) -> StatusChartController:
        return self._controller

    @property
    def program(self) -> Program:
        return self._controller.program

    @property
    def shield_on(self) -> bool:
        return self._controller.shield_on

    @property
    def locked(self) -> bool:
        return self._controller.locked

    @property
    def message(self) -> str:
        """The last message shown (plain text; empty when there is none)."""
        return self._message_text

    @property
    def figure(self) -> bqplot.Figure:
        return self._chart.figure

    @property
    def marks(self) -> Mapping[str, bqplot.Mark]:
        """The marks by name; ``marks["tokens"]`` is the draggable Scatter."""
        return MappingProxyType(self._chart.marks)

    @property
    def parts(self) -> Mapping[str, widgets.Widget]:
        """The child widgets by name (read them in tests; the view owns them)."""
        return MappingProxyType(self._parts)

    def cell_button(self, key: str) -> widgets.Button:
        """The click-to-place button of a cell, by its label (``"1F"``, ``"7S"``)."""
        return self._grid.button(key)

    def on_change(self, callback: ChangeCallback, remove: bool = False) -> None:
        """Call ``callback(program)`` after every change (to draw the ghost path on a board)."""
        self._controller.on_change(callback, remove=remove)

    def drop(self, token_index: int, x: float, y: float) -> DropResult:
        """Drop a token at a chart point, as a drag would."""
        return self._act(lambda: self._controller.drop(token_index, x, y))

    def place(self, token_index: int, column: int, action: str) -> DropResult:
        return self._act(lambda: self._controller.place(token_index, column, action))

    def click(self, column: int, action: str, pilot: bool | None = None) -> DropResult:
        """Click a cell of the grid (``pilot`` defaults to the token picker's choice)."""
        use_pilot = self._picker.value == PILOT_TOKEN if pilot is None else pilot
        return self._act(lambda: self._controller.click(column, action, pilot=use_pilot))

    def clear(self, column: int) -> DropResult:
        return self._act(lambda: self._controller.clear(column))

    def clear_all(self) -> DropResult:
        return self._act(self._controller.clear_all)

    def load(self, program: Program | str) -> Program:
        """Show ``program`` (validated by the engine)."""
        self._act(lambda: self._controller.load(program))
        return self.program

    def lock(self) -> None:
        """Time is up: refuse every move and grey the chart out."""
        self._controller.lock()
        self._say(_(LOCKED_MESSAGE), ok=False)
        self._refresh()

    def unlock(self) -> None:
        self._controller.unlock()
        self._say("", ok=True)
        self._refresh()

    def reset(self, craft: Craft | None = None) -> Program:
        """End of round (see :meth:`StatusChartController.reset`)."""
        self._act(lambda: self._controller.reset(craft))
        self._say("", ok=True)
        self._rebuild_pilot_controls()
        self._refresh()
        return self.program

    @property
    def ghost(self) -> Program | None:
        """The ghost program shown over the chart (the coach's best plan), or None."""
        return self._ghost.program

    def show_ghost(self, program: Program | str | None, label: str = "") -> None:
        """Lay a program over the chart as a ghost: dashed rings on its cells, its notation beside.

        The tokens stay the player's own: the ghost is only a picture (the coach's
        plan to compare with, or to copy). ``None`` hides it. The ring mark and the
        side line are made the first time a ghost shows.
        """
        self._ghost.show(
            None if program is None else as_program(program, self._controller.craft.player), label
        )
        self._refresh()

    def _add_ghost_line(self, line: widgets.HTML) -> None:
        """The ghost's notation goes under the program line, once."""
        children = list(self._side.children)
        self._side.children = (*children[:3], line, *children[3:])

    @property
    def pilot_direction(self) -> str | None:
        return self._controller.pilot_direction

    @pilot_direction.setter
    def pilot_direction(self, token: str) -> None:
        self._direction.value = token

    # --- building ---------------------------------------------------------------------
    def _build_side(self) -> None:
        """The panel beside the figure: badge, program, messages, pilot power, the click-to-place grid."""

        def html_part(css: str, **layout: str) -> widgets.HTML:
            part = widgets.HTML(layout=widgets.Layout(**layout))
            part.add_class(css)
            return part

        self._title = html_part("asteroyds-title")
        self._shield = html_part("asteroyds-shield")
        self._program = html_part("asteroyds-program")
        self._message = html_part("asteroyds-chart-message", min_height="40px", width="340px")
        self._data = html_part("asteroyds-chart-data", display="none")
        self._direction = widgets.Dropdown(
            description=_("Pilot power"),
            style={"description_width": "76px"},
            layout=widgets.Layout(width="340px"),
        )
        self._direction.add_class("asteroyds-pilot-direction")
        self._direction.observe(self._on_direction, names="value")
        self._picker = widgets.ToggleButtons(
            options=[(_("Action token"), ACTION), (_("Pilot token"), PILOT_TOKEN)],
            style={"button_width": "112px"},
            tooltips=[
                _("A click places a transparent token"),
                _("A click on a blue cell places the pilot token"),
            ],
        )
        self._picker.add_class("asteroyds-token-picker")
        self._grid = CellGrid(self.click)
        grid = self._grid.grid
        self._clear = widgets.Button(
            description=_("Clear chart"), icon="undo", tooltip=_("Every token back to the tray")
        )
        self._clear.add_class("asteroyds-clear-chart")
        self._clear.on_click(lambda _b: self.clear_all())
        caption = theme.caption_html
        program_row = widgets.HBox(
            [widgets.HTML(caption(_("Program"))), self._program],
            layout=widgets.Layout(align_items="center", grid_gap="10px"),
        )
        keyboard = widgets.HTML(caption(_("Or click a cell: column number + action letter")))
        self._side = widgets.VBox(
            [self._title, self._shield, program_row, self._message, self._direction, keyboard, self._picker,
             grid, self._clear],
            layout=widgets.Layout(width="360px", grid_gap="8px", padding="2px 0 0 16px"),
        )  # fmt: skip
        self._parts = {
            "figure": self._chart.figure, "title": self._title, "shield": self._shield,
            "program": self._program, "message": self._message, "data": self._data,
            "pilot_direction": self._direction, "picker": self._picker, "grid": grid, "clear": self._clear,
        }  # fmt: skip
        self._rebuild_pilot_controls()

    def _rebuild_pilot_controls(self) -> None:
        """Show the direction menu (M'Hand, 1634) and the token picker only when there is a pilot token."""
        c = self._controller
        choices = c.pilot_directions if c.pilot_index is not None else ()
        self._quiet = True
        try:
            self._direction.options = [(f"{token}: {text}", token) for token, text in choices]
            if choices:
                self._direction.value = c.pilot_direction
            if c.pilot_index is None:
                self._picker.value = ACTION
        finally:
            self._quiet = False
        self._direction.layout.display = "" if choices else "none"
        self._single_direction = len(choices) <= 1
        self._picker.layout.display = "" if c.pilot_index is not None else "none"

    # --- events -----------------------------------------------------------------------
    def _on_drag_end(self, _mark: bqplot.Scatter, content: Mapping[str, object]) -> None:
        """bqplot's drag end: ``{"event": "drag_end", "point": {"x": .., "y": ..}, "index": i}``."""
        point, index = content.get("point"), content.get("index")
        if not isinstance(point, Mapping) or not isinstance(index, int):
            self._refresh()  # put every token back where the controller says
            return
        x, y = float(point["x"]), float(point["y"])
        held = self._chart.holds_drop(index, x, y)
        self._act(lambda: self._controller.drop(index, x, y))
        if not held:
            self._chart.drop_came_first()

    def _on_direction(self, change: Mapping[str, object]) -> None:
        if self._quiet or change["new"] is None:
            return
        token = str(change["new"])

        def choose() -> DropResult:
            self._controller.pilot_direction = token
            text = dict(self._controller.pilot_directions)[token]
            said = _("Pilot power: {token}, {text}.", token=token, text=_(text))
            return DropResult(True, said, None, None, None, self.program)

        self._act(choose)

    def _external_change(self, _program: Program) -> None:
        if not self._quiet:
            self._refresh()

    def _act(self, action: Callable[[], object]) -> DropResult:
        """Run a controller action, show its message and redraw; errors go to the message area."""
        self._quiet = True
        try:
            result = action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._message_text, self._message_ok = f"{type(exc).__name__}: {exc}", False
            self._message.value = theme.error_html(exc)
            result = DropResult(False, self._message_text, None, None, None, self._controller.program)
        else:
            if isinstance(result, DropResult):
                self._say(result.message, ok=result.accepted)
            else:
                result = DropResult(True, "", None, None, None, self._controller.program)
        finally:
            self._quiet = False
            self._refresh()
        return result

    def _say(self, text: str, ok: bool) -> None:
        self._message_text, self._message_ok = text, ok
        self._message.value = theme.verdict_html(text, ok)

    # --- drawing ----------------------------------------------------------------------
    def _refresh(self) -> None:
        """Push the controller's state into the marks and widgets, in place (changed traits only)."""
        c = self._controller
        locked, program = c.locked, c.program
        positions = c.token_positions()
        occupied = {place for place in c.places if place is not None}
        legal = {column: c.legal(column) for column in range(1, RED_COLUMN + 1)}
        self._chart.draw(c, positions, occupied, legal)
        self._grid.draw(occupied, legal, locked)
        for part in (self._picker, self._clear):
            assign(part, disabled=locked)
        assign(self._direction, disabled=locked or self._single_direction)
        if c.pilot_index is not None and self._direction.value != c.pilot_direction:
            quiet, self._quiet = self._quiet, True  # follow load() without echoing a change
            try:
                self._direction.value = c.pilot_direction
            finally:
                self._quiet = quiet
        mode = _(
            mode_named(c.mode).title
        ).lower()  # the mode as its Mode object names it, in the reader's language
        who = _("STATUS CHART · {player} craft · {mode}", player=player_text(c.craft.player), mode=mode)
        self._title.value = html.escape(self._title_text or who)
        state = "on" if c.shield_on else "off"
        said = _("Shield ON") if state == "on" else _("Shield OFF")
        self._shield.value = tag("span", said, class_="asteroyds-shield-badge", data_shield=state)
        self._shield.add_class(f"asteroyds-shield-{state}")
        self._shield.remove_class(f"asteroyds-shield-{'off' if state == 'on' else 'on'}")
        self._program.value = tag("code", program)
        (self.add_class if locked else self.remove_class)("asteroyds-locked")
        self._publish(positions, program, state)

    def _publish(self, positions: list[tuple[float, float]], program: Program, shield: str) -> None:
        """Write the machine-readable state into the hidden element (for browser tests)."""
        c = self._controller
        kind = "" if not self._message_text else ("accepted" if self._message_ok else "refused")
        attrs = {
            "data-program": str(program),
            "data-shield": shield,
            "data-locked": "true" if c.locked else "false",
            "data-tokens": ";".join(
                f"{i}:{k}:{x:.3f},{y:.3f}"
                for i, (k, (x, y)) in enumerate(zip(c.kinds, positions, strict=True))
            ),
            "data-x-range": f"{X_RANGE[0]},{X_RANGE[1]}",
            "data-y-range": f"{Y_RANGE[0]},{Y_RANGE[1]}",
            "data-message": self._message_text,
            "data-message-kind": kind,
            "data-ghost": "" if self._ghost.program is None else str(self._ghost.program),
        }
        self._data.value = tag("div", class_="asteroyds-chart-data-values", **attrs)


__all__ = [
    "ACTION_NAMES",
    "BLUE_ROWS",
    "LOCKED_MESSAGE",
    "PILOT_BOX",
    "RED_ROWS",
    "X_RANGE",
    "Y_RANGE",
    "DropResult",
    "StatusChart",
    "StatusChartController",
    "cell_centre",
    "locate",
    "tray_slot",
    # the other names this module always had, importable from here as they were
    "ACTION",
    "CELL",
    "CELLS",
    "CSS",
    "DAMAGE_Y",
    "GHOST_INK",
    "GLYPHS",
    "GLYPH_PX",
    "INK",
    "LABEL_PX",
    "PILOT_TOKEN",
    "PX_PER_UNIT",
    "RED_X",
    "SHIELD_HOME",
    "SHIELD_TOKEN",
    "SMALL_PX",
    "TOKEN_AREA",
    "TOKEN_OPACITY",
    "TOP_Y",
    "TRAY_Y",
    "ChangeCallback",
    "Place",
    "column_x",
    "ghost_places",
    "rows_of",
]
