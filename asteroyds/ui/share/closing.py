"""Closing a widget with everything it is made of.

Why: ``Widget.close()`` closes one model; its children, layouts and styles stay
alive in the kernel and in the browser. A sandbox that made a new round player
for each game without closing the old one's parts kept about a hundred widgets
per game (issue 26: 437 live widgets after one game, 942 after five).
"""

from __future__ import annotations

from collections.abc import Iterable

import ipywidgets as widgets


def parts_of(widget: widgets.Widget) -> list[widgets.Widget]:
    """``widget`` and every widget it holds (children, layout, style, a mark's scales…), each once,
    depth first."""
    found: list[widgets.Widget] = []
    seen: set[int] = set()
    stack = [widget]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        found.append(current)
        for name in current.keys:
            value = getattr(current, name, None)
            if isinstance(value, widgets.Widget):
                stack.append(value)
            elif isinstance(value, (list, tuple)):
                stack.extend(v for v in value if isinstance(v, widgets.Widget))
            elif isinstance(value, dict):  # a bqplot mark's scales: {"x": LinearScale, …}
                stack.extend(v for v in value.values() if isinstance(v, widgets.Widget))
    return found


def close_tree(widget: widgets.Widget | None, keep: Iterable[widgets.Widget] = ()) -> int:
    """Close ``widget`` and its parts, except those in ``keep`` (shared layouts and styles, a board
    another view still shows) and what they hold. Returns how many were closed."""
    if widget is None:
        return 0
    kept = {id(w) for k in keep for w in parts_of(k)}
    closed = 0
    for part in parts_of(widget):
        if id(part) not in kept and part.comm is not None:
            part.close()
            closed += 1
    return closed


def swap_children(
    box: widgets.Box, children: Iterable[widgets.Widget], keep: Iterable[widgets.Widget] = ()
) -> int:
    """Show ``children`` in ``box`` and close the children it showed before (not those shown again,
    nor ``keep``). A page that rebuilds a part on each choice (chapter 7's pilot menu makes a new
    status chart) would otherwise leave every old part alive. Returns how many widgets were closed."""
    new = list(children)
    old = [child for child in box.children if all(child is not n for n in new)]
    box.children = new
    kept = [*new, *keep]
    return sum(close_tree(child, keep=kept) for child in old)


__all__ = ["close_tree", "parts_of", "swap_children"]
