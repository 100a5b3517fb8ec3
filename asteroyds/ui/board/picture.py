"""A watched board: the engine's SVG picture of a state in one HTML output, redrawn at each step.

Why not the interactive board (:class:`~asteroyds.ui.board.view.BoardView`): a
board the learner only steps through (a rule board, a replay, a teacher's demo)
needs no clicks nor drags, and a bqplot figure costs a page some thirty widget
views, a second of the browser's time and thousands of DOM nodes; a picture is
one HTML output, redrawn whole at each step (one message). It keeps what a
learner relies on while stepping, drawn by :func:`asteroyds.render.svg.state_svg`:
the outlined cells, the dice's arrows, a ghost route and its collisions, a laser
beam, crossed-out cells, the *Numbers on tiles* and *Coordinates* toggles (each
redraws the picture), the caption under it, which wraps; and it publishes the
same machine-readable state as the interactive board (``.asteroyds-board-state
.asteroyds-board-data`` and its ``data-*`` attributes), so a browser test reads
either board the same way.

The picture is fluid: as wide as its box, at most the interactive board's width
for its ``size`` (:data:`~asteroyds.ui.board.figure.SIZES`), its height following.
Its methods are the interactive board's of the same names (a rule board or the
presenter calls either); :meth:`hold` draws several changes as one.

>>> from asteroyds import setup
>>> board = BoardPicture(setup("racing", seed=1, players=["blue"]), size="compact")
>>> board.highlight([(6, 8)])
>>> 'data-highlight="6,8"' in board.html, "max-width:min(700px" in board.html, board.updates
(True, True, 1)
"""

from __future__ import annotations

import contextlib
import html
import re
from collections.abc import Callable, Iterable, Iterator, Sequence

import ipywidgets as widgets

from ...dice import Dice
from ...hexgrid import Board, Cell, direction_name
from ...i18n import _
from ...render.elements import group, hex_corners, line, poly
from ...render.layout import Layout
from ...render.overlays import Lesson
from ...render.svg import picture_layout, state_svg
from ...state import State
from .. import theme
from ..share.legend import board_legend
from ..share.markup import Markup, esc, join, style, tag
from .caption import default_caption
from .layers import board_layout, cell_key, extent
from .overlays import Overlays, ShowsOverlays
from .scene import summary

SIZES: dict[str, int] = {"normal": 760, "large": 1180, "compact": 700}  # as the interactive board's figure
HEX_PIXELS = 24.0  # the picture's hex radius in its own units (it is scaled to its box)
TAGS = re.compile(r"<[^>]*>")
TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)


class BoardPicture(ShowsOverlays, widgets.VBox):
    """A state as a picture, with what a lesson points at, stepped by redrawing it (see the module).

    ``size`` is the interactive board's (``"normal"``, ``"large"``, ``"compact"``): the
    picture's widest. ``numbers`` (the die faces on the tiles' edges) is on and
    ``coordinates`` (``row,col`` on every hex) off by default, as on the interactive board.
    """

    def __init__(
        self, state: State, *, size: str = "normal", numbers: bool = True, coordinates: bool = False
    ) -> None:
        if size not in SIZES:
            raise ValueError(_("size must be one of {given}, got {size!r}", given=tuple(SIZES), size=size))
        self._state = state
        self._size = size
        self._overlays = Overlays()
        self._caption_text = ""
        self._updates = 0
        self._held = 0
        self._drawn_state: State | None = None
        self._coordinate_callbacks: list[Callable[[bool], object]] = []
        self._picture = widgets.HTML()
        self._picture.add_class("asteroyds-board-picture-box")
        self._numbers_box = self._toggle(_("Numbers on tiles"), numbers, "asteroyds-numbers-toggle")
        self._coordinates_box = self._toggle(_("Coordinates"), coordinates, "asteroyds-coordinates-toggle")
        self._toggles = toggles = widgets.HBox([self._numbers_box, self._coordinates_box])
        toggles.add_class("asteroyds-board-toggles")
        # What's this? (closed): redrawn only when the board's kinds of pieces change, so it stays open.
        self._legend = widgets.HTML(board_legend(state))
        self._legend.add_class("asteroyds-legend-box")
        super().__init__(
            [self._picture, toggles, self._legend],
            layout=widgets.Layout(width="100%", max_width=f"{SIZES[size]}px"),
        )
        self.add_class("asteroyds-board-picture-view")
        self._draw()

    def _toggle(self, label: str, value: bool, css: str) -> widgets.Checkbox:
        box = widgets.Checkbox(
            value=bool(value), description=label, indent=False, layout=widgets.Layout(width="auto")
        )
        box.add_class(css)
        box.observe(self._on_toggle, names="value")
        return box

    def _on_toggle(self, change: dict) -> None:
        self._draw()
        if change["owner"] is self._coordinates_box:
            for callback in list(self._coordinate_callbacks):
                callback(bool(change["new"]))

    # --- reading -------------------------------------------------------------------------
    @property
    def numbers(self) -> bool:
        """Are the die numbers written on the tiles' edges?"""
        return bool(self._numbers_box.value)

    @numbers.setter
    def numbers(self, on: bool) -> None:
        self._numbers_box.value = bool(on)

    @property
    def coordinates(self) -> bool:
        """Is every hex's ``row,col`` written on the board?"""
        return bool(self._coordinates_box.value)

    @coordinates.setter
    def coordinates(self, on: bool) -> None:
        self._coordinates_box.value = bool(on)

    def on_coordinates(self, callback: Callable[[bool], object]) -> None:
        """Call ``callback(on)`` when the coordinates are turned on or off (a caption that may name
        cells only while the board shows them)."""
        self._coordinate_callbacks.append(callback)

    @property
    def state(self) -> State:
        return self._state

    @property
    def size(self) -> str:
        return self._size

    @property
    def html(self) -> str:
        """The picture, its caption and its machine-readable state, as the page shows them."""
        return str(self._picture.value)

    @property
    def updates(self) -> int:
        """How many states the picture has shown (an outline or a toggle redraws the same state)."""
        return self._updates

    def summary(self) -> str:
        """The pieces as ``id@row,col`` (the page carries it for browser tests)."""
        return summary(self._state)

    # --- changing ------------------------------------------------------------------------
    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Draw the changes made inside the block once, at its end (one message to the page)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            self._draw()

    def update(self, state: State) -> None:
        """A new state; the dice's arrows follow the tiles."""
        self._state = state
        self._overlays.follow(state)
        self._draw()

    def show_step(
        self, state: State, highlight: Iterable[Cell] = (), dice: Dice | Sequence[int] | None = None
    ) -> None:
        """A replay's step: ``state``, ``highlight`` outlined, the arrows of ``dice`` (None: no arrows)."""
        self._state = state
        self._overlays.show_dice(state, dice)
        self._overlays.highlight(highlight)
        self._draw()

    def show_intended_moves(self, dice: Dice | Sequence[int] | None) -> None:
        """Arrows showing where each moving tile goes for these dice (``None`` hides them)."""
        self._overlays.show_dice(self._state, dice)
        self._draw()

    def highlight(self, cells: Iterable[Cell]) -> None:
        """Outline these cells; an empty list clears them."""
        self._overlays.highlight(cells)
        self._draw()

    def show_path(
        self, cells: Iterable[Cell], collisions: Iterable[Cell] = (), colour: str | None = None
    ) -> None:
        """A craft's ghost path through ``cells``, a red X on each collision; ``colour``: a player's name."""
        self._overlays.show_path(cells, collisions, None if colour is None else theme.player_colour(colour))
        self._draw()

    def show_laser(
        self,
        path: Iterable[Cell],
        hit: str | Cell | bool | None = None,
        *,
        start: Cell | None = None,
        direction: int | None = None,
    ) -> None:
        """A laser beam through ``path`` from ``start``; ``hit`` (not None nor False): a burst at its end."""
        self._overlays.show_laser(path, hit, start, direction)
        self._draw()

    def clear_laser(self) -> None:
        self.show_laser(())

    def show_disabled(self, cells: Iterable[Cell]) -> None:
        """Cross these cells out (capture: turrets out of action); ``()`` clears them."""
        self._overlays.show_disabled(cells)
        self._draw()

    def mark_wrong(self, cells: Iterable[Cell]) -> None:
        """Outline and cross these spaces as wrong answers (``()`` clears them), as the interactive board."""
        self._overlays.mark_wrong(cells)
        self._draw()

    def clear_overlays(self) -> None:
        """No arrows, outlines, path or laser."""
        self._overlays.clear()
        self._draw()

    def set_caption(self, text: str) -> None:
        """Replace the line under the picture (plain text; ``""`` restores the default)."""
        self._caption_text = text
        self._draw()

    # --- drawing -------------------------------------------------------------------------
    def _draw(self) -> None:
        if self._held:
            return
        o, s = self._overlays, self._state
        lesson = Lesson(
            moves=tuple((s.piece(a.piece).cell, a.direction, a.steps, a.die) for a in o.arrows),
            collisions=o.collisions,
            route=o.path_colour,
            laser=o.laser,
            laser_start=o.laser_start,
            laser_direction=o.laser_direction,
            laser_hit=o.laser_hit is not None,
        )
        svg = state_svg(
            s,
            size=HEX_PIXELS,
            highlight=o.highlighted,
            path=o.path,
            coordinates=self.coordinates,
            disabled=o.disabled,
            edge_numbers=self.numbers,
            lesson=lesson,
        )
        caption = esc(self._caption_text) if self._caption_text else default_caption(s, self.numbers)
        said = tag("title", html.unescape(TAGS.sub("", caption)))  # what a screen reader says
        svg = TITLE.sub(lambda _found: said, svg, count=1)
        if o.wrong:  # over everything, as on the interactive board (the engine's picture has no such mark)
            lay = picture_layout(s.board, HEX_PIXELS)[0]
            at = svg.rindex("</svg>")
            svg = svg[:at] + group("wrong", (wrong_mark(lay, c) for c in dict.fromkeys(o.wrong))) + svg[at:]
        svg = svg.replace(  # one element of class asteroyds-board: the picture's box
            ' class="asteroyds-board"',
            ' class="asteroyds-board-svg" style="display:block;width:100%;height:auto"',
            1,
        )
        if s is not self._drawn_state:
            self._drawn_state = s
            self._updates += 1
            legend = board_legend(s)
            if legend != self._legend.value:  # a new kind of piece (a drone launched): its row too
                self._legend.value = legend
        limit = width_limit(self._size, s.board)
        self._picture.value = join(
            tag(
                "div",
                Markup(svg),
                class_="asteroyds-board asteroyds-board-live",
                style=style(max_width=limit),
            ),
            tag("div", caption, class_="asteroyds-caption", style=style(white_space="normal")),
            tag("div", self._data(), class_="asteroyds-board-state", style=style(display="none")),
        )

    def _data(self) -> Markup:
        """The machine-readable state, as the interactive board publishes it (browser tests read it)."""
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
            **self._overlays.data(),
            "data-carried": " ".join(f"{p.id}:{p.carrier}" for p in s.pieces if p.carrier),
            "data-scores": " ".join(f"{team}:{points}" for team, points in s.scores),
            "data-extent": f"{width_units:.3f},{height_units:.3f}",
            "data-zoom": "1",
            "data-window": f"0.000,{width_units:.3f},0.000,{height_units:.3f}",  # the whole board
            "data-craft-points": " ".join(
                "{}:{:.3f},{:.3f}".format(c.player, *board_layout().cell_to_pixel(c.cell))
                for c in s.crafts_in_order()
                if c.cell is not None
            ),
            "data-danger": "",
            "data-round": str(s.round),
            "data-numbers": "on" if self.numbers else "off",
            "data-coordinates": "on" if self.coordinates else "off",
            "data-updates": str(self._updates),
        }
        return tag("div", self.summary(), class_="asteroyds-board-data", **attrs)


def width_limit(size: str, board: Board) -> str:
    """The picture's widest (CSS): its ``size``'s width, and never taller than the screen (a presenter's
    large board on a 720-px projector): there its width follows the screen's height at its aspect."""
    _lay, width, height = picture_layout(board, HEX_PIXELS)
    return f"min({SIZES[size]}px, calc((100vh - 16px) * {width / height:.4f}))"


def wrong_mark(lay: Layout, cell: Cell) -> str:
    """A wrong answer's space: outlined and crossed in its own colour (magenta: not a collision)."""
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * lay.size
    ink = {"stroke": theme.COLOURS["wrong"], "stroke_width": 0.14 * lay.size, "stroke_linecap": "round"}
    return group(
        "wrong-answer",
        [
            poly(hex_corners(lay, cell, 0.9), fill="none", stroke_linejoin="round", **ink),
            line((cx - r, cy - r), (cx + r, cy + r), **ink),
            line((cx - r, cy + r), (cx + r, cy - r), **ink),
        ],
        data_cell=f"{cell[0]},{cell[1]}",
    )


__all__ = ["BoardPicture", "default_caption"]
