"""The status chart's click-to-place grid: one button per cell, for keyboards, screen readers and tests.

A click on a button does what a drop on its cell does (the widget's
:meth:`~asteroyds.ui.chart.status.view.StatusChart.click`); the buttons show
the same cells as the figure: taken, open, or barred by the rules.

In the app (Voila) the grid is one tab stop: the arrow keys move between its
cells and Enter or Space puts the action (a roving tabindex, done by the page's
script in ``asteroyds/serve/template/index.html.j2``, which finds the grid by
``asteroyds-chart-grid`` and a cell's place by ``asteroyds-at-ROW-COLUMN``).
Elsewhere (JupyterLab) every cell is its own tab stop, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import ipywidgets as widgets

from ....i18n import _
from ....program import RED_COLUMN, column_name
from .figure import CELLS, INK, assign, side
from .geometry import ACTION_NAMES, BLUE_ROWS, Place, rows_of

CellClick = Callable[[int, str], object]


class CellGrid:
    """The grid of cell buttons (``button("1F")``), laid out as the chart's columns and rows.

    Its own object because its 35 buttons are restyled together after every
    move, from the cells the figure shows, and each button sends a message
    only when its own style changes.
    """

    def __init__(self, on_click: CellClick) -> None:
        self.buttons: dict[str, widgets.Button] = {}
        self.grid = widgets.GridspecLayout(
            len(BLUE_ROWS), RED_COLUMN, width="330px", height="170px", grid_gap="3px"
        )
        self.grid.add_class("asteroyds-chart-grid")
        for column, action in CELLS:
            key = f"{column}{action}"
            tip = f"{column_name(column).capitalize()}: {_(ACTION_NAMES[action])} ({action})"
            button = widgets.Button(
                description=key, tooltip=tip, layout=widgets.Layout(width="auto", height="auto")
            )
            button.add_class("asteroyds-cell-button")
            button.add_class(f"asteroyds-cell-{key}")
            row = rows_of(column).index(action)
            button.add_class(f"asteroyds-at-{row}-{column - 1}")  # where the arrow keys find it
            button.on_click(lambda _b, c=column, a=action: on_click(c, a))
            self.buttons[key] = button
            self.grid[row, column - 1] = button

    def button(self, key: str) -> widgets.Button:
        """A cell's button by its label (``"1F"``, ``"7S"``; any case)."""
        return self.buttons[key.upper()]

    def draw(self, occupied: set[Place], legal: Mapping[int, tuple[str, ...]], locked: bool) -> None:
        """Taken cells bold, barred ones muted; every button disabled while the chart is locked."""
        for column, action in CELLS:
            button, ink = self.buttons[f"{column}{action}"], side(column)
            on = (column, action) in occupied
            assign(  # one message per restyled button, none for the others
                button.style,
                button_color=INK[f"{ink}_on"] if on else INK[f"{ink}_cell"],
                text_color="#ffffff" if action in legal[column] else INK["muted"],
                font_weight="bold" if on else "normal",
            )
            assign(button, disabled=locked)
