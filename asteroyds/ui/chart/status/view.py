"""The status chart widget (RULES §5, §9): drag tokens onto pictograms, or click cells, to plan a round.

:class:`StatusChart` draws a :class:`~asteroyds.ui.chart_controller.StatusChartController`
with bqplot: one draggable ``Scatter`` for the tokens, snapped on drag end
inside ``hold_sync()``, plus a click-to-place grid for keyboards and tests.
The controller, :class:`DropResult` and the chart geometry live in
:mod:`asteroyds.ui.chart.status.controller` and are re-exported here.

>>> from asteroyds.pieces import Craft
>>> chart = StatusChartController(Craft("blue", (6, 7), 3), "racing")
>>> str(chart.drop(0, *cell_centre(1, "F")).program)
'F . . . . . S'
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping
from types import MappingProxyType

import bqplot
import ipywidgets as widgets
import numpy as np

from ....event_text import player_text
from ....i18n import _
from ....modes import mode_named
from ....pieces import MAX_DAMAGE, Craft
from ....pilots import PILOT_TABLE
from ....program import BLUE_COLUMNS, EMPTY, RED_COLUMN, Program, as_program, column_name
from ....rules import RuleSettings
from ... import theme
from ...theme import COLOURS, sheet
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

PX_PER_UNIT = 54  # screen pixels per chart unit in the view

# --- the view ---------------------------------------------------------------------------
# The chart's own palette; the page background and text follow the shared theme.
INK: dict[str, str] = {
    "background": COLOURS.get("background", "#0b1533"), "text": COLOURS.get("text", "#e8eeff"),
    "muted": COLOURS.get("muted", "#9aa6cc"),
    "blue_panel": "#0f1d45", "blue_edge": "#4d94ff", "blue_cell": "#17306a", "blue_on": "#2f66d6",
    "red_panel": "#2e0d17", "red_edge": "#ff5a64", "red_cell": "#52162a", "red_on": "#b8283f",
    "barred": "#0a1026", "blue_glyph": "#d6e6ff", "red_glyph": "#ffd6dc", "slot": "#0c1434",
    "slot_edge": "#5d6b99", "damage": "#ff8a3d", "damage_past": "#6a2430", "damage_box": "#141d40",
    "damage_edge": "#3a4a7a", "fatal": "#ff3b3b", "action": "#bfe6ff", "shield": "#e0363f",
    "pilot": "#ffd21f", "pilot_box": "#2d2812", "locked": "#6b7391", "token_ink": "#111a33",
}  # fmt: skip
TOKEN_OPACITY: dict[str, float] = {ACTION: 0.62, SHIELD_TOKEN: 0.95, PILOT_TOKEN: 0.95}
TOKEN_AREA = 820  # px²: bqplot sizes markers by area; a token is about 32 px across
GLYPH_PX, LABEL_PX, SMALL_PX = 24, 14, 12
CELLS: tuple[Place, ...] = tuple((c, a) for c in range(1, RED_COLUMN + 1) for a in rows_of(c))

CSS = sheet("status_chart", INK)


def _box(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """A closed rectangle (5 points) centred on (cx, cy)."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def _ring(cx: float, cy: float, r: float, points: int = 33) -> list[tuple[float, float]]:
    """A closed circle of ``points`` points."""
    turns = [2 * math.pi * k / (points - 1) for k in range(points)]
    return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in turns]


def _shield_outline(cx: float, cy: float) -> list[tuple[float, float]]:
    """A heraldic shield around the Shield cell's letter."""
    half = [(0.0, 0.41), (0.37, 0.34), (0.35, -0.02), (0.19, -0.29), (0.0, -0.42)]
    points = half + [(-dx, dy) for dx, dy in reversed(half[:-1])]
    return [(cx + dx, cy + dy) for dx, dy in points]


def _xy(curves: list[list[tuple[float, float]]]) -> tuple[np.ndarray, np.ndarray]:
    arr = np.asarray(curves, dtype=float)
    return arr[:, :, 0], arr[:, :, 1]


def _same(old: object, new: object) -> bool:
    if isinstance(old, np.ndarray) or isinstance(new, np.ndarray):
        a, b = np.asarray(old), np.asarray(new)
        return a.shape == b.shape and a.dtype.kind == b.dtype.kind and bool(np.array_equal(a, b))
    if isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)):
        return list(old) == list(new)
    return old == new


def _assign(widget: widgets.Widget, **values: object) -> None:
    """Set the traits whose value changes, in one message.

    A drop redraws the whole chart from the controller, but only a few traits
    change; validating an unchanged list of colours again costs the kernel more
    than sending the ones that did (the drop -> program round trip is timed).
    """
    changed = {name: value for name, value in values.items() if not _same(getattr(widget, name), value)}
    if changed:
        with widget.hold_sync():
            for name, value in changed.items():
                setattr(widget, name, value)


GHOST_INK = "#ffd21f"  # the coach's program: dashed gold rings over the cells it uses


def ghost_places(program: Program) -> tuple[Place, ...]:
    """The chart cells a program uses, column by column (a pilot token on its column's Forward,
    as :meth:`StatusChartController.load` puts it; the red column's token always).

    >>> ghost_places(Program.parse("F . R . . . S"))
    ((1, 'F'), (3, 'R'), (7, 'S'))
    """
    places: list[Place] = []
    for column, token in enumerate(program.columns, 1):
        if token != EMPTY:
            places.append((column, token if token in BLUE_ROWS else "F"))
    places.append((RED_COLUMN, program.red))
    return tuple(places)


def _side(column: int) -> str:
    return "red" if column == RED_COLUMN else "blue"


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
        self._ghost: Program | None = None
        self._ghost_parts: dict[str, widgets.Widget] = {}  # built the first time a ghost shows
        self._build()
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
        return self._figure

    @property
    def marks(self) -> Mapping[str, bqplot.Mark]:
        """The marks by name; ``marks["tokens"]`` is the draggable Scatter."""
        return MappingProxyType(self._marks)

    @property
    def parts(self) -> Mapping[str, widgets.Widget]:
        """The child widgets by name (read them in tests; the view owns them)."""
        return MappingProxyType(self._parts)

    def cell_button(self, key: str) -> widgets.Button:
        """The click-to-place button of a cell, by its label (``"1F"``, ``"7S"``)."""
        return self._buttons[key.upper()]

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
        return self._ghost

    def show_ghost(self, program: Program | str | None, label: str = "") -> None:
        """Lay a program over the chart as a ghost: dashed rings on its cells, its notation beside.

        The tokens stay the player's own: the ghost is only a picture (the coach's
        plan to compare with, or to copy). ``None`` hides it. The ring mark and the
        side line are made the first time a ghost shows.
        """
        self._ghost = None if program is None else as_program(program, self._controller.craft.player)
        parts = self._ghost_marks()
        places = ghost_places(self._ghost) if self._ghost is not None else ()
        rings = [_ring(*cell_centre(*place), 0.46) for place in places] or [_ring(0.0, 0.0, 0.1)]
        x, y = _xy(rings)
        ring_mark = parts["rings"]
        with ring_mark.hold_sync():
            ring_mark.x, ring_mark.y = x, y
            ring_mark.visible = self._ghost is not None
        if self._ghost is None:
            parts["line"].value = ""
            parts["line"].layout.display = "none"
        else:
            words = label or _("Coach's plan")
            parts["line"].value = (
                f"<span class='asteroyds-caption'>{html.escape(words)}</span> "
                f"<code class='asteroyds-ghost-program'>{html.escape(str(self._ghost))}</code>"
            )
            parts["line"].layout.display = ""
        self._refresh()

    def _ghost_marks(self) -> dict[str, widgets.Widget]:
        if self._ghost_parts:
            return self._ghost_parts
        sc = self._marks["cells"].scales
        x, y = _xy([_ring(0.0, 0.0, 0.1)])
        rings = bqplot.Lines(
            x=x, y=y, scales=sc, enable_hover=False, colors=[GHOST_INK], stroke_width=3,
            line_style="dashed", visible=False,
        )  # fmt: skip
        marks = list(self._figure.marks)  # above the cells, under the draggable tokens
        self._figure.marks = marks[:-1] + [rings, marks[-1]]
        line = widgets.HTML(layout=widgets.Layout(display="none"))
        line.add_class("asteroyds-ghost")
        side = list(self._side.children)
        self._side.children = (*side[:3], line, *side[3:])
        self._ghost_parts = {"rings": rings, "line": line}
        return self._ghost_parts

    @property
    def pilot_direction(self) -> str | None:
        return self._controller.pilot_direction

    @pilot_direction.setter
    def pilot_direction(self, token: str) -> None:
        self._direction.value = token

    # --- building ---------------------------------------------------------------------
    def _build(self) -> None:
        (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
        sc = {
            "x": bqplot.LinearScale(min=x0, max=x1, allow_padding=False),
            "y": bqplot.LinearScale(min=y0, max=y1, allow_padding=False),
        }

        def lines(curves: list[list[tuple[float, float]]], **kw: object) -> bqplot.Lines:
            x, y = _xy(curves)
            return bqplot.Lines(x=x, y=y, scales=sc, enable_hover=False, **kw)

        def label(points: list[tuple[float, float]], text: list[str], ink: list[str], size: int,
                  align: str = "middle", weight: str = "normal") -> bqplot.Label:  # fmt: skip
            x, y = np.array(points, dtype=float).T
            return bqplot.Label(x=x, y=y, text=text, colors=ink, default_size=size, font_unit="px",
                                align=align, font_weight=weight, y_offset=round(size * 0.36),
                                enable_hover=False, scales=sc)  # fmt: skip

        centres = [cell_centre(c, a) for c, a in CELLS]
        left = X_RANGE[0] + 0.12
        m: dict[str, bqplot.Mark] = {}
        m["panels"] = lines(
            [_box(3.5, TOP_Y - 2, 6.16, 5.16), _box(RED_X, TOP_Y - 2, 1.16, 5.16)],
            fill="inside",
            colors=[INK["blue_edge"], INK["red_edge"]],
            stroke_width=2,
            fill_colors=[INK["blue_panel"], INK["red_panel"]],
        )
        m["cells"] = lines(
            [_box(x, y, CELL, CELL) for x, y in centres],
            fill="inside",
            stroke_width=1,
            colors=[INK[f"{_side(c)}_edge"] for c, _ in CELLS],
            opacities=[0.5] * len(CELLS),
        )
        m["shield"] = lines(
            [_shield_outline(*cell_centre(*SHIELD_HOME))], colors=[INK["red_glyph"]], stroke_width=2
        )
        m["glyphs"] = label(centres, [GLYPHS[a] for _, a in CELLS], [INK["text"]] * len(CELLS), GLYPH_PX)
        m["headers"] = label(
            [(column_x(c), TOP_Y + 0.9) for c in range(1, RED_COLUMN + 1)],
            [str(c) for c in range(1, RED_COLUMN + 1)],
            [INK["blue_edge"]] * BLUE_COLUMNS + [INK["red_edge"]],
            LABEL_PX + 2,
            weight="bold",
        )
        m["rows"] = label(
            [(left, TOP_Y - i) for i in range(5)] + [(left, DAMAGE_Y), (left, TRAY_Y)],
            [f"{GLYPHS[a]}  {_(ACTION_NAMES[a])}" for a in BLUE_ROWS] + [_("Damage"), _("Tokens")],
            [INK["text"]] * 5 + [INK["muted"]] * 2,
            LABEL_PX,
            align="start",
        )
        m["red_note"] = label([(RED_X, TOP_Y - 4.64)], [_("Shield")], [INK["red_glyph"]], SMALL_PX - 2)
        damage = range(MAX_DAMAGE + 1)
        m["damage_boxes"] = lines(
            [_box(column_x(d + 1), DAMAGE_Y, 0.72, 0.56) for d in damage], fill="inside", stroke_width=1.5
        )
        m["damage_text"] = label(
            [(column_x(d + 1), DAMAGE_Y) for d in damage],
            [str(d) if d < MAX_DAMAGE else "6☠" for d in damage],
            [INK["text"]] * len(damage),
            SMALL_PX + 1,
            weight="bold",
        )
        m["tray"] = lines(
            [_ring(*tray_slot(i), 0.4) for i in range(BLUE_COLUMNS)],
            fill="inside",
            colors=[INK["slot_edge"]] * BLUE_COLUMNS,
            fill_colors=[INK["slot"]] * BLUE_COLUMNS,
            stroke_width=1.2,
            line_style="dashed",
        )
        m["pilot_box"] = lines([_box(*PILOT_BOX, 0.98, 0.86)], fill="inside", stroke_width=1.5)
        m["pilot_label"] = label([(PILOT_BOX[0], PILOT_BOX[1] - 0.72)], [""], [INK["text"]], SMALL_PX)
        tokens = bqplot.Scatter(
            x=np.zeros(1), y=np.zeros(1), scales=sc, marker="circle", default_size=TOKEN_AREA,
            stroke="#ffffff", stroke_width=2, enable_move=True, update_on_move=False, enable_hover=False,
            names_unique=False,
        )  # fmt: skip
        tokens.on_drag_end(self._on_drag_end)
        m["tokens"] = tokens
        self._marks = m
        ratio = (x1 - x0) / (y1 - y0)
        width = round((x1 - x0) * PX_PER_UNIT)
        # No toolbar: pan and zoom would only move the chart under the tokens. No animation: a
        # 160 ms snap animation redraws the figure every frame while the kernel's answer arrives,
        # and doubled the drop -> program latency (benchmarks/ui_latency.py, 94 -> 35 ms).
        fig = bqplot.Figure(
            marks=list(m.values()), axes=[], fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0, padding_y=0.0, min_aspect_ratio=ratio, max_aspect_ratio=ratio,
            animation_duration=0, display_toolbar=False, background_style={"fill": INK["background"]},
            layout=widgets.Layout(width=f"{width}px", height=f"{round(width / ratio)}px", flex="0 0 auto"),
        )  # fmt: skip
        fig.add_class("asteroyds-status-chart")
        fig.add_class("asteroyds-chart-figure")
        self._figure = fig
        self._build_side()
        body = widgets.HBox([fig, self._side], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [widgets.HTML(theme.CSS + CSS), body, self._data]

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
        self._buttons: dict[str, widgets.Button] = {}
        grid = widgets.GridspecLayout(
            len(BLUE_ROWS), RED_COLUMN, width="330px", height="170px", grid_gap="3px"
        )
        for column, action in CELLS:
            key = f"{column}{action}"
            tip = f"{column_name(column).capitalize()}: {ACTION_NAMES[action]} ({action})"
            button = widgets.Button(
                description=key, tooltip=tip, layout=widgets.Layout(width="auto", height="auto")
            )
            button.add_class("asteroyds-cell-button")
            button.add_class(f"asteroyds-cell-{key}")
            button.on_click(lambda _b, c=column, a=action: self.click(c, a))
            self._buttons[key] = button
            grid[rows_of(column).index(action), column - 1] = button
        self._clear = widgets.Button(
            description=_("Clear chart"), icon="undo", tooltip=_("Every token back to the tray")
        )
        self._clear.add_class("asteroyds-clear-chart")
        self._clear.on_click(lambda _b: self.clear_all())
        caption = "<span class='asteroyds-caption'>{}</span>".format
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
            "figure": self._figure, "title": self._title, "shield": self._shield, "program": self._program,
            "message": self._message, "data": self._data, "pilot_direction": self._direction,
            "picker": self._picker, "grid": grid, "clear": self._clear,
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
        self._act(lambda: self._controller.drop(index, float(point["x"]), float(point["y"])))

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
        kind = "accepted" if ok else "refused"
        sign = "" if ok else "⚠ "
        self._message.value = (
            f"<span class='asteroyds-{kind}' data-kind='{kind}'>{sign}{html.escape(text)}</span>"
            if text
            else ""
        )

    # --- drawing ----------------------------------------------------------------------
    def _refresh(self) -> None:
        """Push the controller's state into the marks and widgets, in place (changed traits only)."""
        c, m = self._controller, self._marks
        locked, kinds, program = c.locked, c.kinds, c.program
        positions = c.token_positions()
        _assign(  # the snap: one message with every token's position
            m["tokens"],
            x=np.array([p[0] for p in positions], dtype=float),
            y=np.array([p[1] for p in positions], dtype=float),
            colors=[INK["locked"] if locked else INK[k] for k in kinds],
            opacities=[TOKEN_OPACITY[k] for k in kinds],
            names=np.array([(c.pilot_direction or "P") if k == PILOT_TOKEN else "" for k in kinds]),
            enable_move=not locked,
        )
        occupied = {place for place in c.places if place is not None}
        legal = {column: c.legal(column) for column in range(1, RED_COLUMN + 1)}
        _assign(
            m["cells"],
            fill_colors=[
                INK[f"{_side(col)}_on"]
                if (col, a) in occupied and (col, a) != SHIELD_HOME
                else INK[f"{_side(col)}_cell"]
                if a in legal[col]
                else INK["barred"]
                for col, a in CELLS
            ],
        )
        _assign(
            m["glyphs"],
            colors=[INK[f"{_side(col)}_glyph"] if a in legal[col] else INK["muted"] for col, a in CELLS],
        )
        damage = c.craft.damage
        _assign(
            m["damage_boxes"],
            fill_colors=[
                INK["damage"] if d == damage else INK["damage_past"] if d < damage else INK["damage_box"]
                for d in range(MAX_DAMAGE + 1)
            ],
            colors=[INK["fatal"] if d == MAX_DAMAGE else INK["damage_edge"] for d in range(MAX_DAMAGE + 1)],
        )
        has_pilot = c.pilot_index is not None
        _assign(
            m["pilot_box"],
            colors=[INK["pilot"] if has_pilot else INK["damage_edge"]],
            fill_colors=[INK["pilot_box"] if has_pilot else INK["slot"]],
        )
        _assign(m["pilot_label"], text=[self._pilot_caption()])
        for column, action in CELLS:
            button, side = self._buttons[f"{column}{action}"], _side(column)
            on = (column, action) in occupied
            _assign(  # one message per restyled button, none for the others
                button.style,
                button_color=INK[f"{side}_on"] if on else INK[f"{side}_cell"],
                text_color="#ffffff" if action in legal[column] else INK["muted"],
                font_weight="bold" if on else "normal",
            )
            _assign(button, disabled=locked)
        for part in (self._picker, self._clear):
            _assign(part, disabled=locked)
        _assign(self._direction, disabled=locked or self._single_direction)
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
        self._shield.value = (
            f"<span class='asteroyds-shield-badge' data-shield='{state}'>"
            f"{_('Shield ON') if state == 'on' else _('Shield OFF')}</span>"
        )
        self._shield.add_class(f"asteroyds-shield-{state}")
        self._shield.remove_class(f"asteroyds-shield-{'off' if state == 'on' else 'on'}")
        self._program.value = f"<code>{html.escape(str(program))}</code>"
        (self.add_class if locked else self.remove_class)("asteroyds-locked")
        self._publish(positions, program, state)

    def _pilot_caption(self) -> str:
        craft = self._controller.craft
        if craft.pilot is None:
            return _("no pilot")
        if not PILOT_TABLE[craft.pilot].column_power:
            return _("{pilot} (no token)", pilot=craft.pilot)
        if self._controller.pilot_index is not None:
            return craft.pilot
        return _("{pilot} (used)", pilot=craft.pilot)

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
            "data-ghost": "" if self._ghost is None else str(self._ghost),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._data.value = f"<div class='asteroyds-chart-data-values' {body}></div>"


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
]
