"""PlanLayout (asteroyds/ui/share/plan_layout.py): the board's column follows its board's aspect ratio.

The layout itself is CSS, checked in Chromium (tests/browser/plan_checks.py, run by
test_every_page.py); here, the rule the widget writes for its board: the ratio of the board on show,
a new one when the board changes, none while a rule board stands in the column.
"""

from __future__ import annotations

import dataclasses

import ipywidgets as widgets
import pytest

from asteroyds import setup
from asteroyds.hexgrid import Board
from asteroyds.ui import BoardView, PlanLayout
from asteroyds.ui.board.layers import extent
from asteroyds.ui.share.plan_layout import RESERVE, fit_rule


@pytest.fixture
def state():
    return setup("racing", seed=1, players=["blue"])


def ratio_class(layout: PlanLayout) -> list[str]:
    return [c for c in layout._dom_classes if c.startswith("asteroyds-plan-r")]


def test_the_board_column_is_kept_to_the_board_s_ratio(state):
    board = BoardView(state, fluid=True)
    layout = PlanLayout(board, [widgets.HTML("chart")])
    width, height = extent(state.board)
    name, rule = fit_rule(width / height)
    assert ratio_class(layout) == [name]
    assert layout._fit.value == rule
    assert f"calc((100vh - {RESERVE}px) * {width / height:.4f})" in rule and "min-width: 1200px" in rule
    assert layout.board_cell.children == (board,)
    assert [w.value for w in layout.chart_cell.children] == ["chart"]


def test_a_new_board_brings_its_own_ratio_and_a_rule_board_none(state):
    board = BoardView(state, fluid=True)
    layout = PlanLayout(board)
    before = ratio_class(layout)
    small = Board(["###", "####", "###"])  # a small board: another shape, another ratio
    board.update(dataclasses.replace(state, board=small, pieces=(), crafts=()))
    width, height = extent(small)
    assert ratio_class(layout) == [fit_rule(width / height)[0]] != before
    layout.show(widgets.HTML("a rule board"))
    layout.follow(None)
    assert ratio_class(layout) == [] and layout._fit.value == ""
    board.update(state)  # no longer followed: nothing changes
    assert ratio_class(layout) == []
    layout.follow(board)
    assert ratio_class(layout) == before
