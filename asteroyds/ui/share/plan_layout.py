"""Plan on this board: a board and its whole status chart side by side, on one screen.

Why one widget: wherever a learner plans (the sandbox, the chapters' exercises, practice
level 5, the whole round, the coach's page) a token dropped on the chart draws a ghost path
on the board, and both must be in view. Each page had its own row of boxes: at 1366x900
the chart's red column was cut and the message under the fold; at 1280x720 the chart sat
above a 790-px board and the learner scrolled after every drop (issue 34).

From 1200 px wide the board and the chart sit side by side: the board is as wide as its
column and never taller than the screen (a rule written for its board's aspect ratio,
:meth:`PlanLayout.follow`), the chart's figure follows its column's width with its program
and message under it. Below 1200 px they stack, the board as wide as the page (a fluid
``BoardView(fluid=True)``). The sheet is ``asteroyds/ui/static/plan_layout.css``.

CSS classes: ``asteroyds-plan-layout`` (the row), ``asteroyds-plan-board`` (the board's
column), ``asteroyds-plan-chart`` (the chart's column).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ..theme import sheet

CSS = sheet("plan_layout")
WIDE = 1200  # px: from this window width the board and the chart sit side by side (plan_layout.css)
# px of the screen's height kept for what goes under the board's figure (its caption, the toggles)
RESERVE = 96


def fit_rule(ratio: float, reserve: int = RESERVE) -> tuple[str, str]:
    """The class and the style rule that keep a board of aspect ``ratio`` (width / height) within the
    screen's height when the layout is side by side: its column is at most that wide.

    >>> fit_rule(0.96)[0]
    'asteroyds-plan-r960'
    """
    name = f"asteroyds-plan-r{round(ratio * 1000)}"
    values = {"name": name, "wide": str(WIDE), "reserve": str(reserve), "ratio": f"{ratio:.4f}"}
    return name, str(sheet("plan_fit", values))


class PlanLayout(widgets.HBox):
    """A board's column and a chart's column (see the module's docstring).

    ``board`` is what the board's column shows (a fluid ``BoardView``, or a box that holds one);
    ``chart`` what the chart's column shows, top to bottom (a page's *Done* above the chart, the
    coach's panel under it). A ``BoardView`` given as ``board`` is followed (:meth:`follow`).
    """

    def __init__(
        self,
        board: widgets.Widget | None = None,
        chart: Sequence[widgets.Widget] = (),
        *,
        follow: Any = None,
        reserve: int = RESERVE,
    ) -> None:
        self._reserve = reserve
        self._fit = widgets.HTML(layout=widgets.Layout(display="none"))  # the board's own rule
        self.board_cell = widgets.VBox()
        self.board_cell.add_class("asteroyds-plan-board")
        self.chart_cell = widgets.VBox()
        self.chart_cell.add_class("asteroyds-plan-chart")
        sheet_html = widgets.HTML(CSS, layout=widgets.Layout(display="none"))
        super().__init__([sheet_html, self._fit, self.board_cell, self.chart_cell])
        self.add_class("asteroyds-plan-layout")
        self._followed: Any = None
        self._fit_class = ""
        self.show(board, chart)
        if follow is not None:
            self.follow(follow)
        elif _is_board_view(board):
            self.follow(board)

    def show(
        self, board: widgets.Widget | None = None, chart: Sequence[widgets.Widget] | None = None
    ) -> None:
        """Put ``board`` in the board's column (if given) and ``chart`` in the chart's (if given)."""
        if board is not None:
            self.board_cell.children = [board]
        if chart is not None:
            self.chart_cell.children = list(chart)

    def follow(self, board: Any) -> None:
        """Keep the board's column to ``board``'s aspect ratio (a ``BoardView``, whose ratio changes
        with its board), or to none (``None``: a rule board or a picture shows there instead)."""
        figure = None if board is None else board.figure
        if figure is self._followed:
            return
        if self._followed is not None:
            self._followed.unobserve(self._on_ratio, names=["min_aspect_ratio", "max_aspect_ratio"])
        self._followed = figure
        if figure is None:
            self._set_ratio(None)
            return
        figure.observe(self._on_ratio, names=["min_aspect_ratio", "max_aspect_ratio"])
        self._on_ratio()

    def _on_ratio(self, _change: object = None) -> None:
        """The board's figure has one aspect ratio once it is fitted (min = max); until then, none."""
        low, high = float(self._followed.min_aspect_ratio), float(self._followed.max_aspect_ratio)
        if abs(low - high) < 1e-9:
            self._set_ratio(low)

    def _set_ratio(self, ratio: float | None) -> None:
        if self._fit_class:
            self.remove_class(self._fit_class)
        if ratio is None or ratio <= 0:
            self._fit_class, self._fit.value = "", ""
            return
        self._fit_class, self._fit.value = fit_rule(ratio, self._reserve)
        self.add_class(self._fit_class)


def _is_board_view(widget: object) -> bool:
    return widget is not None and "asteroyds-board-view" in getattr(widget, "_dom_classes", ())


__all__ = ["PlanLayout", "fit_rule"]
