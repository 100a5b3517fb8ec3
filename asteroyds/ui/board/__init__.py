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
pure modules it draws with. The drawing data's names are listed once, in :mod:`.scene`; :mod:`.view`
and this package re-export that list.
"""

from __future__ import annotations

import importlib
from typing import Any

from ...i18n import _
from .scene import __all__ as _DRAWING  # the drawing data's names, listed once, in .scene (pure: no widget)

_VIEW = ("BoardView", "ClickCallback", "SIZES")  # the widget's own (bqplot), in .view
__all__ = [*_VIEW, *_DRAWING]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    value = getattr(importlib.import_module(".view" if name in _VIEW else ".scene", __name__), name)
    globals()[name] = value  # once imported, an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
