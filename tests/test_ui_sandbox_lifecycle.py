"""A sandbox played for a whole lesson: new games do not pile up widgets; leaving a game asks first."""

from __future__ import annotations

import gc
import warnings

import ipywidgets as widgets

from asteroyds.ui.sandbox.view import Sandbox, SandboxSetup, Seat
from asteroyds.ui.share.closing import close_tree, parts_of


def live_widgets() -> int:
    gc.collect()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the registry of live models
        return len(widgets.Widget.widgets)


def test_five_new_games_with_bots_leave_no_widget_behind():
    setup = SandboxSetup(mode="racing", seats=(Seat("blue", "greedy"), Seat("red", "random")), seed=3)
    view = Sandbox(setup)
    counts = []
    for _game in range(6):
        view._start_game()
        view.controller.play_round()
        view.controller.play_round()
        assert view.controller.game.round == 3
        counts.append(live_widgets())
    assert counts[1:] == [counts[1]] * 5, counts  # the first game builds the board and the round player


def test_a_running_game_marks_the_page_so_leaving_asks_first():
    view = Sandbox(SandboxSetup(mode="racing", seats=(Seat("blue"),), seed=1))
    assert "asteroyds-keep-on-leave" not in view._dom_classes  # nothing to lose before a game
    view._start_game()
    assert "asteroyds-keep-on-leave" in view._dom_classes


def test_close_tree_closes_the_parts_and_keeps_what_is_shared():
    shared = widgets.Layout(width="10px")
    kept = widgets.HTML("board")
    inner = widgets.Button(description="x", layout=shared)
    box = widgets.VBox([widgets.HBox([inner]), kept])
    parts = parts_of(box)
    assert inner in parts and inner.style in parts and shared in parts and kept in parts
    closed = close_tree(box, keep=[kept, shared])
    assert box.comm is None and inner.comm is None and inner.style.comm is None
    assert kept.comm is not None and shared.comm is not None and kept.layout.comm is not None
    assert closed == len(parts) - 4  # not the kept HTML, its layout and style, nor the shared layout
