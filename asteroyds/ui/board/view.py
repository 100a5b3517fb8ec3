"""The board view: a bqplot figure that shows a state, its teaching overlays and hex clicks.

:mod:`asteroyds.ui.board.scene` turns a :class:`State` into plain lists of
polygons, dots and texts per mark (no widgets). :class:`BoardView` owns one
bqplot figure with a fixed set of marks and pushes those lists into them, in
place, inside ``hold_sync()``; it never rebuilds the figure. The drawing data is
re-exported here, so ``from asteroyds.ui.board.view import scene`` keeps working.

>>> from asteroyds import setup
>>> view = BoardView(setup("racing", seed=1, players=["blue", "red"]))
>>> len(view.marks["board"].x), view.summary().split()[0]
(158, 'GA@1,3')
"""

from __future__ import annotations

import contextlib
import html
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType

import bqplot
import ipywidgets as widgets
import numpy as np

from ...dice import Dice
from ...hexgrid import Board, Cell, direction_name
from ...i18n import _
from ...state import State
from .. import theme
from ..theme import COLOURS
from .danger import LEGEND_STEPS, ROLLS, danger_layers, heat_colour
from .danger import opacities as danger_opacities
from .scene import (
    BOARD_LAYERS,
    CLICK_RADIUS,
    DOT_RADII,
    FONT,
    FONTS,
    HEX_SIZE,
    LASER_COLOURS,
    LASER_GLOW_OPACITY,
    LASER_LAYERS,
    LIGHT_TEAMS,
    OVERLAY_LAYERS,
    PADDING,
    ROCK,
    SMALL_FONT,
    STATE_LAYERS,
    STROKES,
    TEAM_COLOURS,
    TILE_INSET,
    Arrow,
    Curve,
    Dots,
    Layer,
    Point,
    Shapes,
    Texts,
    along,
    arrow_curve,
    board_layout,
    cell_fraction,
    cell_key,
    craft_colour,
    cross_curves,
    dart,
    describe_cell,
    extent,
    hex_curve,
    intended_moves,
    laser_overlay,
    overlay,
    rock_curve,
    scene,
    summary,
    team_colour,
)

ClickCallback = Callable[[Cell], object]

SIZES: dict[str, int] = {"normal": 760, "large": 1180, "compact": 700}  # figure width in screen pixels


# --- pushing data into marks -----------------------------------------------------------
def _put_shapes(mark: bqplot.Lines, shapes: Shapes, fill: bool) -> None:
    """Curves into a Lines mark as 2-D arrays (curves padded to one length by repeating their end)."""
    if shapes.curves:
        n = max(2, *(len(c) for c in shapes.curves))
        arr = np.asarray([c + [c[-1]] * (n - len(c)) for c in shapes.curves], dtype=float)
    else:
        arr = np.zeros((1, 2, 2))
    with mark.hold_sync():
        mark.x, mark.y = arr[:, :, 0], arr[:, :, 1]
        mark.colors = shapes.strokes or ["transparent"]
        if fill:
            mark.fill_colors = shapes.fills or ["transparent"]
            # one opacity per curve: the mark's first one (set when the mark was built) for all
            opacity = mark.fill_opacities[0] if len(mark.fill_opacities) else 1.0
            mark.fill_opacities = [opacity] * max(1, len(shapes.curves))
        mark.visible = bool(shapes.curves)


def _put_dots(mark: bqplot.Scatter, dots: Dots) -> None:
    arr = np.asarray(dots.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.visible = bool(dots.points)


def _put_texts(mark: bqplot.Label, texts: Texts) -> None:
    arr = np.asarray(texts.points or [(0.0, 0.0)], dtype=float)
    with mark.hold_sync():
        mark.x, mark.y = arr[:, 0], arr[:, 1]
        mark.text = list(texts.text) or [""]
        mark.colors = list(texts.colours) or ["transparent"]
        mark.visible = bool(texts.text)


def _put(mark: bqplot.Mark, layer: Layer) -> None:
    if isinstance(layer, Shapes):
        _put_shapes(mark, layer, fill=mark.fill != "none")
    elif isinstance(layer, Dots):
        _put_dots(mark, layer)
    else:
        _put_texts(mark, layer)


# --- the widget --------------------------------------------------------------------------
class BoardView(widgets.VBox):
    """The board of a state, with overlays and hex clicks (bqplot).

    ``size`` is ``"normal"``, ``"large"`` (projectors) or ``"compact"`` (beside a side
    panel on a 1280-pixel screen); ``animation_duration``
    (ms) animates :meth:`update` in the browser.
    """

    def __init__(self, state: State, *, size: str = "normal", animation_duration: int = 0) -> None:
        if size not in SIZES:
            raise ValueError(_("size must be one of {given}, got {size!r}", given=tuple(SIZES), size=size))
        super().__init__()
        self._state = state
        self._size = size
        self._dice: Dice | None = None
        self._arrows: tuple[Arrow, ...] = ()
        self._highlighted: tuple[Cell, ...] = ()
        self._path: tuple[Cell, ...] = ()
        self._collisions: tuple[Cell, ...] = ()
        self._path_colour: str | None = None
        self._disabled: tuple[Cell, ...] = ()
        self._laser: tuple[Cell, ...] = ()
        self._laser_hit: Cell | None = None
        self._laser_start: Cell | None = None
        self._laser_direction: int | None = None
        self._danger: dict[Cell, int] = {}
        self._danger_rolls = ROLLS
        self._danger_parts: dict[str, widgets.Widget] = {}  # built the first time a danger map shows
        self._callbacks: list[ClickCallback] = []
        self._caption_text = ""
        self._updates = 0
        self._drawn_board: Board | None = None
        self._drawn_layers: dict[str, Layer] = {}  # what each mark shows now
        self._build(animation_duration)
        self._draw_state()
        self._draw_overlays()
        self.layout.width = "max-content"
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-board-view")

    # --- reading -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def size(self) -> str:
        return self._size

    @property
    def figure(self) -> bqplot.Figure:
        """The bqplot figure (CSS class ``asteroyds-board``)."""
        return self._figure

    @property
    def marks(self) -> Mapping[str, bqplot.Mark]:
        """The marks by name, read-only (tests read them; the view owns their data)."""
        return MappingProxyType(self._marks)

    @property
    def dice(self) -> Dice | None:
        """The dice whose intended moves are shown, if any."""
        return self._dice

    @property
    def intended_moves(self) -> tuple[Arrow, ...]:
        return self._arrows

    @property
    def highlighted(self) -> tuple[Cell, ...]:
        return self._highlighted

    @property
    def path(self) -> tuple[Cell, ...]:
        return self._path

    @property
    def collisions(self) -> tuple[Cell, ...]:
        return self._collisions

    def describe_cell(self, cell: Cell) -> str:
        """What stands on a cell, in words."""
        return describe_cell(self._state, cell)

    def summary(self) -> str:
        """The pieces as ``id@row,col`` (the page carries it for browser tests)."""
        return summary(self._state)

    # --- changing ------------------------------------------------------------------------
    def update(self, state: State) -> None:
        """Redraw for a new state, in place; the intended-move arrows follow the tiles."""
        self._state = state
        if self._dice is not None:
            self._arrows = intended_moves(state, self._dice)
        self._draw_state()
        self._draw_overlays()

    def show_step(
        self, state: State, highlight: Iterable[Cell] = (), dice: Dice | Sequence[int] | None = None
    ) -> None:
        """One step of a replay in a single redraw: ``state`` (redrawn only if it is a new one),
        ``highlight`` outlined and the arrows of ``dice`` (``None`` hides them)."""
        changed = state is not self._state
        self._state = state
        self._dice = None if dice is None else Dice.of(dice)
        self._arrows = () if self._dice is None else intended_moves(state, self._dice)
        self._highlighted = tuple(_as_cell(c) for c in highlight)
        if changed:
            self._draw_state()
        self._draw_overlays()

    def show_intended_moves(self, dice: Dice | Sequence[int] | None) -> None:
        """Arrows showing where each moving tile goes for these dice (``None`` hides them)."""
        self._dice = None if dice is None else Dice.of(dice)
        self._arrows = () if self._dice is None else intended_moves(self._state, self._dice)
        self._draw_overlays()

    def highlight(self, cells: Iterable[Cell]) -> None:
        """Outline these cells (the piece being resolved now); an empty list clears them."""
        self._highlighted = tuple(_as_cell(c) for c in cells)
        self._draw_overlays()

    def show_path(
        self, cells: Iterable[Cell], collisions: Iterable[Cell] = (), colour: str | None = None
    ) -> None:
        """A craft's ghost path: a dashed line through ``cells``, a red X on each collision.

        ``colour`` is a player's name (its colour is used) or ``None``.
        """
        self._path = tuple(_as_cell(c) for c in cells)
        self._collisions = tuple(_as_cell(c) for c in collisions)
        self._path_colour = None if colour is None else theme.player_colour(colour)
        self._draw_overlays()

    def show_laser(
        self,
        path: Iterable[Cell],
        hit: str | Cell | bool | None = None,
        *,
        start: Cell | None = None,
        direction: int | None = None,
    ) -> None:
        """Draw a laser beam through ``path`` (a :class:`~asteroyds.shooting.LaserFired` event's).

        ``hit`` (a piece id, a cell, or True) puts a burst on the last space of
        the path; ``None`` means the laser hit nothing and leaves the board.
        ``start`` is the shooter's space. An empty path without ``start``
        clears the beam.
        """
        self._laser = tuple(_as_cell(c) for c in path)
        self._laser_start = None if start is None else _as_cell(start)
        self._laser_hit = self._laser[-1] if (hit is not None and hit is not False and self._laser) else None
        self._laser_direction = direction
        self._draw_overlays()

    def show_disabled(self, cells: Iterable[Cell]) -> None:
        """Cross out these cells in red (capture mode: turrets disabled this turn); ``()`` clears them."""
        self._disabled = tuple(_as_cell(c) for c in cells)
        self._draw_overlays()

    @property
    def disabled(self) -> tuple[Cell, ...]:
        """The cells shown as disabled."""
        return self._disabled

    def clear_laser(self) -> None:
        """Remove the laser beam."""
        self.show_laser(())

    @property
    def laser(self) -> tuple[Cell, ...]:
        """The spaces of the laser beam shown (empty when there is none)."""
        return self._laser

    @property
    def laser_hit(self) -> Cell | None:
        """The space where the laser shown hits something, or None."""
        return self._laser_hit

    def clear_overlays(self) -> None:
        """Remove the arrows, highlights, path and laser."""
        self._dice, self._arrows = None, ()
        self._highlighted, self._path, self._collisions, self._disabled = (), (), (), ()
        self._laser, self._laser_hit, self._laser_start, self._laser_direction = (), None, None, None
        self._draw_overlays()

    # --- the danger overlay (the coach's heat map) --------------------------------------
    @property
    def danger(self) -> Mapping[Cell, int]:
        """The danger counts shown, cell -> rolls (empty when the overlay is off)."""
        return MappingProxyType(self._danger)

    def show_danger(self, counts: Mapping[Cell, int], rolls: int = ROLLS, legend: str = "") -> None:
        """A heat map under the pieces: each cell tinted by ``counts[cell]`` out of ``rolls``.

        The marks and the legend line (``legend``, plain text; the palette and
        "out of 216 rolls" are always in it) are made the first time: a board
        that never shows a danger map costs the page nothing more.
        """
        self._danger = {_as_cell(c): int(n) for c, n in counts.items() if int(n) > 0}
        self._danger_rolls = int(rolls)
        parts = self._danger_marks()
        shapes, texts = danger_layers(self._danger, self._danger_rolls)
        heat, numbers = parts["heat"], parts["counts"]
        with self._hold(), heat.hold_sync():
            _put(heat, shapes)
            heat.fill_opacities = danger_opacities(self._danger, self._danger_rolls) or [0.0]
            _put(numbers, texts)
        parts["legend"].value = _legend_html(self._danger_rolls, legend)
        parts["legend"].layout.display = ""
        self._publish()

    def clear_danger(self) -> None:
        """Hide the heat map and its legend (the marks stay, empty, for the next time)."""
        self._danger = {}
        if self._danger_parts:
            parts = self._danger_parts
            with self._hold():
                _put(parts["heat"], Shapes())
                _put(parts["counts"], Texts())
            parts["legend"].layout.display = "none"
        self._publish()

    def _danger_marks(self) -> dict[str, widgets.Widget]:
        """The heat mark (above the board's hexes, under every piece), its numbers, the legend."""
        if self._danger_parts:
            return self._danger_parts
        sc = self._scales
        heat = bqplot.Lines(
            x=np.zeros((1, 2)), y=np.zeros((1, 2)), scales=sc, enable_hover=False,
            fill="inside", stroke_width=1, fill_opacities=[0.0], visible=False,
        )  # fmt: skip
        numbers = bqplot.Label(
            x=np.zeros(1), y=np.zeros(1), text=[""], scales=sc, font_unit="px",
            align="middle", font_weight="bold", enable_hover=False, visible=False,
        )  # fmt: skip
        px = SIZES[self._size] / extent(self._state.board)[0] * HEX_SIZE
        numbers.default_size = max(9, round(SMALL_FONT * 0.9 * px))
        numbers.y_offset = round(numbers.default_size * 0.36)
        marks = list(self._figure.marks)
        at = marks.index(self._marks["board"]) + 1
        # the heat under every piece, its numbers above them, the clicks' mark still on top
        self._figure.marks = marks[:at] + [heat] + marks[at:-1] + [numbers, marks[-1]]
        legend = widgets.HTML()
        legend.add_class("asteroyds-danger-legend")
        self.children = (*self.children[:3], legend, *self.children[3:])
        self._danger_parts = {"heat": heat, "counts": numbers, "legend": legend}
        return self._danger_parts

    def set_caption(self, text: str) -> None:
        """Replace the line under the board (plain text; ``""`` restores the default)."""
        self._caption_text = text
        self._caption.value = html.escape(text) if text else self._default_caption()

    # --- clicks --------------------------------------------------------------------------
    def on_hex_click(self, callback: ClickCallback, remove: bool = False) -> None:
        """Call ``callback((row, col))`` when a hex is clicked."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    def click(self, cell: Cell) -> None:
        """Act as if ``cell`` had been clicked (keyboard front-ends, tests)."""
        cell = _as_cell(cell)
        if cell not in self._state.board:
            raise ValueError(_("cell {cell} is off the board", cell=cell))
        self._error.value = ""
        for callback in list(self._callbacks):
            try:
                callback(cell)
            except Exception as exc:  # shown in the widget, never a traceback in Voila
                self._error.value = theme.error_html(exc)

    def _on_element_click(self, _mark: object, content: Mapping[str, object]) -> None:
        data = content.get("data")
        index = data.get("index") if isinstance(data, Mapping) else None
        cells = self._state.board.cells
        if isinstance(index, int) and 0 <= index < len(cells):
            self.click(cells[index])

    # --- building and drawing ------------------------------------------------------------
    def _build(self, animation_duration: int) -> None:
        width_units, height_units = extent(self._state.board)
        sc = {
            "x": bqplot.LinearScale(min=0.0, max=width_units, allow_padding=False),
            "y": bqplot.LinearScale(min=0.0, max=height_units, reverse=True, allow_padding=False),
        }
        self._scales = sc

        def lines(**kw: object) -> bqplot.Lines:
            kw.setdefault("fill_opacities", [1.0])
            return bqplot.Lines(x=np.zeros((1, 2)), y=np.zeros((1, 2)), scales=sc, enable_hover=False, **kw)

        def dots(fill: str, stroke: str | None, stroke_width: float = 1.0) -> bqplot.Scatter:
            return bqplot.Scatter(
                x=np.zeros(1),
                y=np.zeros(1),
                scales=sc,
                marker="circle",
                colors=[fill],
                stroke=stroke,
                stroke_width=stroke_width,
                enable_hover=False,
                display_names=False,
            )

        def label() -> bqplot.Label:
            return bqplot.Label(
                x=np.zeros(1),
                y=np.zeros(1),
                text=[""],
                scales=sc,
                font_unit="px",
                align="middle",
                font_weight="bold",
                enable_hover=False,
            )

        rng = random.Random(2010)
        n_stars = 170 if self._size == "normal" else 260
        stars = bqplot.Scatter(
            x=np.array([rng.uniform(0, width_units) for _ in range(n_stars)]),
            y=np.array([rng.uniform(0, height_units) for _ in range(n_stars)]),
            scales=sc,
            colors=[COLOURS["star"]],
            default_size=3,
            opacities=[0.6],
            stroke=None,
            enable_hover=False,
            display_names=False,
        )
        self._marks: dict[str, bqplot.Mark] = {
            "stars": stars,
            "rim": lines(fill="inside", stroke_width=1),
            "board": lines(fill="inside", stroke_width=1.2),
            "platforms": lines(fill="inside", fill_opacities=[0.25]),
            "tiles": lines(fill="inside", stroke_width=1.5),
            "halves": lines(fill="inside", stroke_width=1.5),
            "pods": dots(COLOURS["pod"], COLOURS["pod_edge"], 2),
            "bars": lines(),
            "pips": dots(COLOURS["pip"], COLOURS["halo"], 1.2),
            # overlays pass under the numbers, so every priority stays readable
            "path": lines(line_style="dashed"),
            "collisions": lines(),
            "shadow": lines(),
            "arrows": lines(),
            "target_rings": lines(),
            "laser_glow": lines(opacities=[LASER_GLOW_OPACITY]),
            "laser": lines(),
            "laser_hit": lines(fill="inside"),
            "discs": dots(COLOURS["white"], COLOURS["tile_edge"], 1.2),
            "labels": label(),
            "small": label(),
            "target_badges": dots(COLOURS["white"], COLOURS["collision"], 2.5),
            "drone_badges": dots(COLOURS["highlight"], COLOURS["tile_edge"], 1.5),
            "badge_text": label(),
            "halo": lines(),
            "team_rims": lines(),
            "asteroyd_rings": lines(),
            "asteroyds": lines(fill="inside", stroke_width=1.5),
            "crafts": lines(fill="inside", stroke_width=1.5),
            "damage": label(),
            "carried": lines(fill="inside", stroke_width=1.2),
            "disabled": lines(),
            "highlight": lines(),
        }
        # On top: one transparent circle per hex catches the clicks (a Lines mark reports no index).
        hit = dots(COLOURS["background"], None)
        hit.opacities = [0.0]
        hit.on_element_click(self._on_element_click)
        self._marks["hit"] = hit
        fig = bqplot.Figure(
            marks=list(self._marks.values()),
            axes=[],
            fig_margin={"top": 0, "bottom": 0, "left": 0, "right": 0},
            padding_x=0.0,
            padding_y=0.0,
            background_style={"fill": COLOURS["background"]},
            animation_duration=animation_duration,
            layout=widgets.Layout(width=f"{SIZES[self._size]}px"),
        )
        fig.add_class("asteroyds-board")
        self._figure = fig
        self._caption = widgets.HTML()
        self._caption.add_class("asteroyds-caption")
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-error")
        self._state_html = widgets.HTML(layout=widgets.Layout(display="none"))
        self._state_html.add_class("asteroyds-board-state")
        self.children = [widgets.HTML(theme.CSS), fig, self._caption, self._error, self._state_html]

    def _fit(self, width_units: float, height_units: float) -> None:
        """Scales, aspect ratio and every pixel size (strokes, dots, fonts) for a board's extent."""
        ratio, fig = width_units / height_units, self._figure
        width = SIZES[self._size]
        px = width / width_units * HEX_SIZE  # screen pixels per hex radius
        with self._hold(), fig.hold_sync():
            self._scales["x"].max, self._scales["y"].max = width_units, height_units
            if ratio > fig.max_aspect_ratio:  # keep min <= max at every step (traitlets checks)
                fig.max_aspect_ratio, fig.min_aspect_ratio = ratio, ratio
            else:
                fig.min_aspect_ratio, fig.max_aspect_ratio = ratio, ratio
            fig.layout.height = f"{round(width / ratio)}px"
            for name, (fraction, least) in STROKES.items():
                self._marks[name].stroke_width = max(least, round(fraction * px))
            for name, radius in DOT_RADII.items():
                self._marks[name].default_size = round(math.pi * (radius * px) ** 2)
            for name, size in FONTS.items():
                font = round(size * px)
                self._marks[name].default_size = font
                self._marks[name].y_offset = round(font * 0.36)

    def _put(self, name: str, layer: Layer) -> None:
        """Give a mark its layer unless it already shows that one.

        A replay step changes a few of the 35 marks; setting the others' traits
        again sends nothing but costs the kernel a validation of every array.
        """
        if self._drawn_layers.get(name) != layer:
            _put(self._marks[name], layer)
            self._drawn_layers[name] = layer

    def _hold(self) -> contextlib.ExitStack:
        stack = contextlib.ExitStack()
        for mark in self._marks.values():
            stack.enter_context(mark.hold_sync())
        return stack

    def _draw_state(self) -> None:
        board = self._state.board
        new_board = board != self._drawn_board
        layers = scene(self._state, board_hexes=new_board)  # the hexes only change with the board
        with self._hold():
            for name, layer in layers.items():
                self._put(name, layer)
            if new_board:
                lay = board_layout()
                _put_dots(self._marks["hit"], Dots([lay.cell_to_pixel(c) for c in board.cells]))
        self._drawn_board = board
        if new_board:
            self._fit(*extent(board))
        self._updates += 1
        if not self._caption_text:
            self._caption.value = self._default_caption()

    def _draw_overlays(self) -> None:
        layers = overlay(
            self._state,
            self._arrows,
            self._highlighted,
            self._path,
            self._collisions,
            self._path_colour,
            self._disabled,
        )
        laser = laser_overlay(
            self._laser, self._laser_hit is not None, self._laser_start, self._laser_direction
        )
        with self._hold():
            for name, layer in {**layers, **laser}.items():
                self._put(name, layer)
        self._publish()

    def _default_caption(self) -> str:
        s = self._state
        players = ", ".join(f"<b>{html.escape(p)}</b>" for p in s.player_order) or _("no crafts")
        return _(
            "{mode} · round {round} · {players} · dot = the tile's “1” edge · number on a craft = its damage",
            mode=html.escape(s.mode.title()),
            round=s.round,
            players=players,
        )

    def _publish(self) -> None:
        """Write the machine-readable state into the hidden HTML element (for browser tests)."""
        s = self._state
        crafts = " ".join(
            f"{c.player}@{'destroyed' if c.cell is None else cell_key(c.cell)}"
            f":{direction_name(c.facing)}:{c.damage}"
            for c in s.crafts_in_order()
        )
        width_units, height_units = extent(s.board)
        attrs = {
            "data-pieces": " ".join(f"{p.id}@{cell_key(p.cell)}" for p in s.pieces),
            "data-crafts": crafts,
            "data-dice": "" if self._dice is None else ",".join(map(str, self._dice.as_tuple())),
            "data-moves": " ".join(map(str, self._arrows)),
            "data-highlight": " ".join(map(cell_key, self._highlighted)),
            "data-path": " ".join(map(cell_key, self._path)),
            "data-collisions": " ".join(map(cell_key, self._collisions)),
            "data-laser": " ".join(map(cell_key, self._laser)),
            "data-laser-hit": "" if self._laser_hit is None else cell_key(self._laser_hit),
            "data-disabled": " ".join(map(cell_key, self._disabled)),
            "data-carried": " ".join(f"{p.id}:{p.carrier}" for p in s.pieces if p.carrier),
            "data-scores": " ".join(f"{team}:{points}" for team, points in s.scores),
            "data-extent": f"{width_units:.3f},{height_units:.3f}",
            "data-danger": " ".join(f"{cell_key(c)}:{n}" for c, n in sorted(self._danger.items())),
            "data-round": str(s.round),
            "data-updates": str(self._updates),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._state_html.value = (
            f'<div class="asteroyds-board-data" {body}>{html.escape(self.summary())}</div>'
        )


def _legend_html(rolls: int, text: str) -> str:
    """The danger map's legend: the palette from few to all rolls, then the coach's sentence."""
    swatch = "display:inline-block;padding:0 5px;margin-left:3px;border-radius:3px;color:#1c2436;background:"
    steps = sorted({max(1, n * rolls // ROLLS) for n in LEGEND_STEPS})
    swatches = "".join(
        f"<span class='asteroyds-swatch' style='{swatch}{heat_colour(n, rolls)[0]}'>{n}</span>" for n in steps
    )
    head = html.escape(
        _("Danger map: in how many rolls out of {rolls} a moving element ends on each space", rolls=rolls)
    )
    tail = f"<br>{html.escape(text)}" if text else ""
    return f"<div class='asteroyds-caption'>{head} {swatches}{tail}</div>"


def _as_cell(cell: Sequence[int]) -> Cell:
    return (int(cell[0]), int(cell[1]))


__all__ = [
    "Arrow",
    "BoardView",
    "Dots",
    "Shapes",
    "Texts",
    "cell_fraction",
    "craft_colour",
    "describe_cell",
    "laser_overlay",
    "extent",
    "intended_moves",
    "overlay",
    "scene",
    "summary",
    "team_colour",
    # every other public name: this module's own SIZES and ClickCallback, and the drawing
    # data of board_scene that tests and notebooks import from here
    "BOARD_LAYERS",
    "CLICK_RADIUS",
    "DOT_RADII",
    "FONT",
    "FONTS",
    "HEX_SIZE",
    "LASER_COLOURS",
    "LASER_GLOW_OPACITY",
    "LASER_LAYERS",
    "LIGHT_TEAMS",
    "OVERLAY_LAYERS",
    "PADDING",
    "ROCK",
    "SIZES",
    "SMALL_FONT",
    "STATE_LAYERS",
    "STROKES",
    "TEAM_COLOURS",
    "TILE_INSET",
    "ClickCallback",
    "Curve",
    "Layer",
    "Point",
    "along",
    "arrow_curve",
    "board_layout",
    "cell_key",
    "cross_curves",
    "dart",
    "hex_curve",
    "rock_curve",
]
