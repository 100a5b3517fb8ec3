"""The capture chart: six columns and the anticipation line, for a capture program.

The rules: docs/rules.md#11-capture-the-asteroyd.

The names below are imported on first use (PEP 562): the controller is plain
Python, the widget imports ipywidgets when it is first asked for.
"""

from __future__ import annotations

import importlib
from typing import Any

from ....i18n import _

_WHERE: dict[str, str] = {
    **dict.fromkeys(
        [
            "LOCKED_MESSAGE",
            "TOKEN_NAMES",
            "CaptureChartController",
            "CaptureResult",
            "describe_anticipation",
            "describe_token",
            "token_css_name",
            "token_label",
            "token_tooltip",
        ],
        ".controller",
    ),
    **dict.fromkeys(["CaptureChart"], ".view"),
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
    value = getattr(importlib.import_module(_WHERE[name], __name__), name)
    globals()[name] = value
    return value
