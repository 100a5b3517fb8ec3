"""The status chart's figure: panels, cells, pictograms, damage row, tray, pilot box and tokens.

:class:`ChartFigure` draws a :class:`~asteroyds.ui.chart.status.controller.StatusChartController`
in chart coordinates (:mod:`.geometry`) with bqplot: one draggable ``Scatter``
for the tokens, ``Lines`` and ``Label`` marks for the rest. Redrawing sets only
the traits whose value changed (:func:`assign`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import bqplot
import ipywidgets as widgets
import numpy as np

from ....i18n import _
from ....pieces import MAX_DAMAGE
from ....pilots import PILOT_TABLE
from ....program import BLUE_COLUMNS, RED_COLUMN
from ...theme import COLOURS
from .controller import StatusChartController
from .geometry import (
    ACTION,
    ACTION_NAMES,
    BLUE_ROWS,
    CELL,
    DAMAGE_Y,
    GLYPHS,
    PILOT_BOX,
    PILOT_TOKEN,
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
    rows_of,
    tray_slot,
)

DragEnd = Callable[[bqplot.Scatter, Mapping[str, object]], None]
CellTap = Callable[[int, str], object]

PX_PER_UNIT = 54  # screen pixels per chart unit in the view

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
# px²: a tap square is 33 px across, under a cell (48 px) on a desktop and under the 36 px between two
# cells' centres on a 390 px phone, so a finger never lands on the neighbouring cell's square
TAP_AREA = 33 * 33
# Every word and number at least 16 px (WCAG 1.4.4 on a phone, where the chart is drawn 374 px wide and
# text does not shrink with it): the row names go without their pictogram (the row's cells show it),
# and the words by the right edge are right-aligned there, so the French ones fit too.
GLYPH_PX, LABEL_PX, SMALL_PX = 24, 16, 16
CELLS: tuple[Place, ...] = tuple((c, a) for c in range(1, RED_COLUMN + 1) for a in rows_of(c))


def box(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    """A closed rectangle (5 points) centred on (cx, cy)."""
    x0, x1, y0, y1 = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]


def ring(cx: float, cy: float, r: float, points: int = 33) -> list[tuple[float, float]]:
    """A closed circle of ``points`` points."""
    turns = [2 * math.pi * k / (points - 1) for k in range(points)]
    return [(cx + r * math.cos(t), cy + r * math.sin(t)) for t in turns]


def shield_outline(cx: float, cy: float) -> list[tuple[float, float]]:
    """A heraldic shield around the Shield cell's letter."""
    half = [(0.0, 0.41), (0.37, 0.34), (0.35, -0.02), (0.19, -0.29), (0.0, -0.42)]
    points = half + [(-dx, dy) for dx, dy in reversed(half[:-1])]
    return [(cx + dx, cy + dy) for dx, dy in points]


def xy(curves: list[list[tuple[float, float]]]) -> tuple[np.ndarray, np.ndarray]:
    """Curves as a Lines mark's 2-D ``x`` and ``y`` arrays."""
    arr = np.asarray(curves, dtype=float)
    return arr[:, :, 0], arr[:, :, 1]


def same(old: object, new: object) -> bool:
    """Is a trait's new value the one it has (arrays compared by value, lists as tuples)?"""
    if isinstance(old, np.ndarray) or isinstance(new, np.ndarray):
        a, b = np.asarray(old), np.asarray(new)
        return a.shape == b.shape and a.dtype.kind == b.dtype.kind and bool(np.array_equal(a, b))
    if isinstance(old, (list, tuple)) and isinstance(new, (list, tuple)):
        return list(old) == list(new)
    return old == new


def assign(widget: widgets.Widget, **values: object) -> None:
    """Set the traits whose value changes, in one message.

    A drop redraws the whole chart from the controller, but only a few traits
    change; validating an unchanged list of colours again costs the kernel more
    than sending the ones that did (the drop -> program round trip is timed).
    """
    changed = {name: value for name, value in values.items() if not same(getattr(widget, name), value)}
    if changed:
        with widget.hold_sync():
            for name, value in changed.items():
                setattr(widget, name, value)


def side(column: int) -> str:
    """Which side of the chart a column is on, as its inks name it: ``red`` or ``blue``."""
    return "red" if column == RED_COLUMN else "blue"


def pilot_caption(controller: StatusChartController) -> str:
    """The pilot box's label: the pilot, and whether its token is there, used or never was."""
    craft = controller.craft
    if craft.pilot is None:
        return _("no pilot")
    if not PILOT_TABLE[craft.pilot].column_power:
        return _("{pilot} (no token)", pilot=craft.pilot)
    if controller.pilot_index is not None:
        return craft.pilot
    return _("{pilot} (used)", pilot=craft.pilot)


PARKED = (X_RANGE[0] + 0.35, Y_RANGE[1] - 0.35)  # where an occupied cell's tap square waits (nothing there)


class ChartFigure:
    """The chart's bqplot figure and its marks by name (``marks["tokens"]`` is the draggable Scatter).

    Its own object because it is the part of the widget that knows chart
    coordinates, inks and marks, and nothing of buttons or messages: it is
    built once, and :meth:`draw` pushes a controller's tokens, legal cells,
    damage and pilot box into the marks, changing only the traits that differ
    (a drop's round trip to the kernel is timed).
    """

    def __init__(self, on_drag_end: DragEnd, on_cell_tap: CellTap | None = None) -> None:
        (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
        self.scales = sc = {
            "x": bqplot.LinearScale(min=x0, max=x1, allow_padding=False),
            "y": bqplot.LinearScale(min=y0, max=y1, allow_padding=False),
        }

        def lines(curves: list[list[tuple[float, float]]], **kw: object) -> bqplot.Lines:
            x, y = xy(curves)
            return bqplot.Lines(x=x, y=y, scales=sc, enable_hover=False, **kw)

        def label(points: list[tuple[float, float]], text: list[str], ink: list[str], size: int,
                  align: str = "middle", weight: str = "normal") -> bqplot.Label:  # fmt: skip
            x, y = np.array(points, dtype=float).T
            return bqplot.Label(x=x, y=y, text=text, colors=ink, default_size=size, font_unit="px",
                                align=align, font_weight=weight, y_offset=round(size * 0.36),
                                enable_hover=False, scales=sc)  # fmt: skip

        centres = [cell_centre(c, a) for c, a in CELLS]
        left, right = X_RANGE[0] + 0.06, X_RANGE[1] - 0.06
        m: dict[str, bqplot.Mark] = {}
        m["panels"] = lines(
            [box(3.5, TOP_Y - 2, 6.16, 5.16), box(RED_X, TOP_Y - 2, 1.16, 5.16)],
            fill="inside",
            colors=[INK["blue_edge"], INK["red_edge"]],
            stroke_width=2,
            fill_colors=[INK["blue_panel"], INK["red_panel"]],
        )
        m["cells"] = lines(
            [box(x, y, CELL, CELL) for x, y in centres],
            fill="inside",
            stroke_width=1,
            colors=[INK[f"{side(c)}_edge"] for c, _ in CELLS],
            opacities=[0.5] * len(CELLS),
        )
        m["shield"] = lines(
            [shield_outline(*cell_centre(*SHIELD_HOME))], colors=[INK["red_glyph"]], stroke_width=2
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
            [_(ACTION_NAMES[a]) for a in BLUE_ROWS] + [_("Damage"), _("Tokens")],
            [INK["text"]] * 5 + [INK["muted"]] * 2,
            LABEL_PX,
            align="start",
        )
        # "Shield" runs up the right margin beside the red column's Shield cell (no room under it in 16 px)
        m["red_note"] = label([(right - 0.12, TOP_Y - 3.5)], [_("Shield")], [INK["red_glyph"]], SMALL_PX)
        m["red_note"].rotate_angle = -90
        damage = range(MAX_DAMAGE + 1)
        m["damage_boxes"] = lines(
            [box(column_x(d + 1), DAMAGE_Y, 0.72, 0.56) for d in damage], fill="inside", stroke_width=1.5
        )
        m["damage_text"] = label(
            [(column_x(d + 1), DAMAGE_Y) for d in damage],
            [str(d) if d < MAX_DAMAGE else "6☠" for d in damage],
            [INK["text"]] * len(damage),
            SMALL_PX,
            weight="bold",
        )
        m["tray"] = lines(
            [ring(*tray_slot(i), 0.4) for i in range(BLUE_COLUMNS)],
            fill="inside",
            colors=[INK["slot_edge"]] * BLUE_COLUMNS,
            fill_colors=[INK["slot"]] * BLUE_COLUMNS,
            stroke_width=1.2,
            line_style="dashed",
        )
        m["pilot_box"] = lines([box(*PILOT_BOX, 0.98, 0.86)], fill="inside", stroke_width=1.5)
        m["pilot_label"] = label([(right, PILOT_BOX[1] - 0.68)], [""], [INK["text"]], SMALL_PX, align="end")
        # Under the tokens: one transparent square per empty cell catches a tap or a click on it (a Lines
        # mark reports no index), so a phone plans by tapping cells, without dragging. A cell with a token
        # has its square parked in the empty top-left corner (draw()); a dragged token stays over the
        # squares, so a drop is never also a tap. (The tokens' dots come after the squares' in the page.)
        cx, cy = np.array(centres, dtype=float).T
        hit = bqplot.Scatter(
            x=cx, y=cy,
            scales=sc, marker="square", default_size=TAP_AREA, opacities=[0.0],
            colors=[INK["background"]], stroke=None, enable_hover=False, display_names=False,
        )  # fmt: skip
        self.occupied: set[Place] = set()
        if on_cell_tap is not None:
            hit.on_element_click(lambda _mark, content: self._tap(on_cell_tap, content))
        m["hit"] = hit
        tokens = bqplot.Scatter(
            x=np.zeros(1), y=np.zeros(1), scales=sc, marker="circle", default_size=TOKEN_AREA,
            stroke="#ffffff", stroke_width=2, enable_move=True, update_on_move=False, enable_hover=False,
            names_unique=False,
        )  # fmt: skip
        tokens.on_drag_end(on_drag_end)
        tokens.observe(self._late_update, names=["x", "y"])
        m["tokens"] = tokens
        self._drawn: tuple[np.ndarray, np.ndarray] = (tokens.x, tokens.y)  # where the kernel put the tokens
        self._drawing = False
        self._late_drops = 0  # drops handled before the page's own x/y update for them arrived
        self.marks = m
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
        self.figure = fig

    def draw(
        self,
        c: StatusChartController,
        positions: list[tuple[float, float]],
        occupied: set[Place],
        legal: Mapping[int, tuple[str, ...]],
    ) -> None:
        """Show the controller's chart: tokens at ``positions``, cells ``occupied`` and ``legal``."""
        m = self.marks
        locked, kinds = c.locked, c.kinds
        self._drawn = (
            np.array([p[0] for p in positions], dtype=float),
            np.array([p[1] for p in positions], dtype=float),
        )
        self._drawing = True
        try:
            assign(  # the snap: one message with every token's position
                m["tokens"],
                x=self._drawn[0],
                y=self._drawn[1],
                colors=[INK["locked"] if locked else INK[k] for k in kinds],
                opacities=[TOKEN_OPACITY[k] for k in kinds],
                names=np.array([(c.pilot_direction or "P") if k == PILOT_TOKEN else "" for k in kinds]),
                enable_move=not locked,
            )
        finally:
            self._drawing = False
        assign(
            m["cells"],
            fill_colors=[
                INK[f"{side(col)}_on"]
                if (col, a) in occupied and (col, a) != SHIELD_HOME
                else INK[f"{side(col)}_cell"]
                if a in legal[col]
                else INK["barred"]
                for col, a in CELLS
            ],
        )
        assign(
            m["glyphs"],
            colors=[INK[f"{side(col)}_glyph"] if a in legal[col] else INK["muted"] for col, a in CELLS],
        )
        damage = c.craft.damage
        assign(
            m["damage_boxes"],
            fill_colors=[
                INK["damage"] if d == damage else INK["damage_past"] if d < damage else INK["damage_box"]
                for d in range(MAX_DAMAGE + 1)
            ],
            colors=[INK["fatal"] if d == MAX_DAMAGE else INK["damage_edge"] for d in range(MAX_DAMAGE + 1)],
        )
        has_pilot = c.pilot_index is not None
        assign(
            m["pilot_box"],
            colors=[INK["pilot"] if has_pilot else INK["damage_edge"]],
            fill_colors=[INK["pilot_box"] if has_pilot else INK["slot"]],
        )
        assign(m["pilot_label"], text=[pilot_caption(c)])
        self.occupied = set(occupied)
        squares = [PARKED if place in occupied else cell_centre(*place) for place in CELLS]
        assign(m["hit"], x=np.array([p[0] for p in squares]), y=np.array([p[1] for p in squares]))

    def holds_drop(self, index: int, x: float, y: float) -> bool:
        """Whether the kernel already has the page's x/y update for a drop of token ``index`` at (x, y).

        bqplot sends a drop twice: the tokens' new x/y (a state update), then the
        drag end (a custom message). ipywidgets holds a model's state update while
        an earlier one is unanswered, never a custom message, so on a busy kernel
        the drag end can come first. Had nothing been done, the tokens' x/y the
        kernel sends would then look unchanged: a token dropped where it may not
        go would stay there on the page, and the late update would leave the
        kernel believing it is there.
        """
        tokens = self.marks["tokens"]
        xs, ys = np.asarray(tokens.x), np.asarray(tokens.y)
        return index < len(xs) and abs(xs[index] - x) < 1e-9 and abs(ys[index] - y) < 1e-9

    def drop_came_first(self) -> None:
        """A drop was handled before its x/y update (see :meth:`holds_drop`): show the kernel's tokens now,
        and put them back again when the late update arrives."""
        self._late_drops += 1
        self.marks["tokens"].send_state(["x", "y"])

    def _late_update(self, _change: Mapping[str, object]) -> None:
        if self._drawing or not self._late_drops:
            return
        self._late_drops -= 1
        self._drawing = True  # x and y arrive in one update: the second notification finds this done
        try:
            with self.marks["tokens"].hold_sync():
                self.marks["tokens"].x, self.marks["tokens"].y = self._drawn
        finally:
            self._drawing = False

    def add_above_cells(self, mark: bqplot.Mark) -> None:
        """A mark made later (the coach's ghost) above the cells, under the draggable tokens."""
        marks = list(self.figure.marks)
        at = marks.index(self.marks["tokens"])
        self.figure.marks = marks[:at] + [mark] + marks[at:]

    def _tap(self, on_cell_tap: CellTap, content: Mapping[str, object]) -> None:
        """bqplot's element click on the tap squares: ``{"data": {"index": i, ...}}`` -> that empty cell."""
        data = content.get("data")
        index = data.get("index") if isinstance(data, Mapping) else None
        if isinstance(index, int) and 0 <= index < len(CELLS) and CELLS[index] not in self.occupied:
            on_cell_tap(*CELLS[index])
