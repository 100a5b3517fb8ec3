"""The coach's ghost on the status chart: a program laid over the chart as dashed rings, its notation
beside it.

The tokens stay the player's own: the ghost is only a picture (the coach's
plan to compare with, or to copy).
"""

from __future__ import annotations

from collections.abc import Callable

import bqplot
import ipywidgets as widgets

from ....i18n import _
from ....program import EMPTY, RED_COLUMN, Program
from ...share.markup import join, tag
from .figure import ChartFigure, ring, xy
from .geometry import BLUE_ROWS, Place, cell_centre

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


class Ghost:
    """The ghost program shown over one chart, its ring mark and its side line.

    Its own object because it is made only the first time a ghost shows (a
    chart whose player never asks the coach costs the page nothing more), and
    it changes on its own: the player's tokens move under it, and it stays.
    """

    def __init__(self, figure: ChartFigure, add_line: Callable[[widgets.HTML], None]) -> None:
        self.program: Program | None = None
        self._figure = figure
        self._add_line = add_line  # puts the side line beside the figure, once
        self._parts: dict[str, widgets.Widget] = {}  # built the first time a ghost shows

    def show(self, program: Program | None, label: str = "") -> None:
        """Rings on ``program``'s cells and its notation after ``label``; ``None`` hides the ghost."""
        self.program = program
        parts = self._marks()
        places = ghost_places(program) if program is not None else ()
        rings = [ring(*cell_centre(*place), 0.46) for place in places] or [ring(0.0, 0.0, 0.1)]
        x, y = xy(rings)
        ring_mark = parts["rings"]
        with ring_mark.hold_sync():
            ring_mark.x, ring_mark.y = x, y
            ring_mark.visible = program is not None
        if program is None:
            parts["line"].value = ""
            parts["line"].layout.display = "none"
        else:
            words = label or _("Coach's plan")
            parts["line"].value = join(
                tag("span", words, class_="asteroyds-caption"),
                " ",
                tag("code", program, class_="asteroyds-ghost-program"),
            )
            parts["line"].layout.display = ""

    def _marks(self) -> dict[str, widgets.Widget]:
        if self._parts:
            return self._parts
        sc = self._figure.marks["cells"].scales
        x, y = xy([ring(0.0, 0.0, 0.1)])
        rings = bqplot.Lines(
            x=x, y=y, scales=sc, enable_hover=False, colors=[GHOST_INK], stroke_width=3,
            line_style="dashed", visible=False,
        )  # fmt: skip
        self._figure.add_above_cells(rings)  # above the cells, under the draggable tokens
        line = widgets.HTML(layout=widgets.Layout(display="none"))
        line.add_class("asteroyds-ghost")
        self._add_line(line)
        self._parts = {"rings": rings, "line": line}
        return self._parts
