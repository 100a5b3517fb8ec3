"""The status chart: 7 columns × 5 pictograms, damage row and pilot box, for a program.

The rules: docs/rules.md#5-flying-and-the-status-chart.

The names below are imported on first use (PEP 562): the controller is plain
Python, the widget imports ipywidgets and bqplot when it is first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from ....i18n import _

_WHERE: dict[str, str] = {
    **dict.fromkeys(
        [
            "ACTION",
            "ACTION_NAMES",
            "BLUE_ROWS",
            "GLYPHS",
            "LOCKED_MESSAGE",
            "PILOT_BOX",
            "PILOT_TOKEN",
            "RED_ROWS",
            "SHIELD_HOME",
            "SHIELD_TOKEN",
            "X_RANGE",
            "Y_RANGE",
            "DropResult",
            "Place",
            "StatusChartController",
            "cell_centre",
            "column_x",
            "locate",
            "rows_of",
            "tray_slot",
        ],
        ".controller",
    ),
    **dict.fromkeys(["StatusChart"], ".view"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
