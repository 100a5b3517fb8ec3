"""The board: the bqplot view of a state (:mod:`.view`) and the pure scene it draws (:mod:`.scene`).

:mod:`.scene` turns a :class:`~asteroyds.state.State` into layers of shapes
and text (plain Python, tested without a browser; the layer types and the
geometry are in :mod:`.layers`, the teaching overlays in :mod:`.overlays`);
:mod:`.view` is the widget that shows them, with overlays and hex clicks,
through the parts it owns: its figure and marks (:mod:`.figure`), what a
lesson points at (:class:`.overlays.Overlays`) and the coach's heat map
(:mod:`.heat_map`). A board the learner only watches is a picture
(:mod:`.picture`: the engine's SVG, redrawn at each step).

The names below are imported on first use (PEP 562), as :mod:`asteroyds.ui`'s: a page whose
boards are all pictures imports no bqplot (nor numpy and pandas), only :mod:`.picture` and the
pure modules it draws with.
"""

from __future__ import annotations

import importlib
from typing import Any

from ...i18n import _

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


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    value = getattr(importlib.import_module(".view", __name__), name)
    globals()[name] = value  # once imported, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
