"""Boards and facts as pictures and prose: what a page shows where no one needs to click.

An interactive board (bqplot) costs a page about a second of CPU and imports
numpy and pandas; a picture of the same state is an SVG string. Pages that
only show a position (the welcome page, the sandbox before its first game)
use these, so the first page a whole class opens at once is also the lightest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from IPython.display import HTML

from ...render.svg import state_svg
from ...state import State
from .legend import board_legend
from .markup import Markup, style, tag

__all__ = ["board_picture", "facts", "picture"]


def board_picture(state: State, size: int = 20, fluid: bool = False) -> str:
    """The board as a static SVG picture (HTML), its root classed as a picture, not the interactive board.

    Browser tests wait for ``.asteroyds-board`` (the interactive board); the picture's root is
    ``asteroyds-board-picture``. A ``fluid`` picture is as wide as its box (a phone's), at most
    its own width, its height following.
    """
    root = 'class="asteroyds-board-picture"'
    if fluid:
        root += ' style="display:block;width:100%;height:auto"'
    svg = state_svg(state, size=size).replace('class="asteroyds-board"', root, 1)
    if fluid:
        width = re.search(r' width="([0-9.]+)"', svg)
        limit = style(max_width=f"{width.group(1)}px") if width else None
        return tag("div", Markup(svg), class_="asteroyds-board-picture-svg", style=limit)
    return tag("div", Markup(svg), class_="asteroyds-board-picture-svg")


def picture(state: State, size: int = 22, *, legend_open: bool = False) -> HTML:
    """A state shown as a picture in a page (a display object: no widget, no kernel round trip),
    fluid: as wide as the page on a phone; under it, *What's this?* (``legend_open``: unfolded, as
    on the welcome page, where a newcomer meets the pieces)."""
    return HTML(board_picture(state, size=size, fluid=True) + board_legend(state, open_=legend_open))


def facts(events: Iterable[object]) -> HTML:
    """Events as a numbered list of plain-English facts (each event's sentence, in the page's language)."""
    return HTML(tag("ol", *(tag("li", event) for event in events), class_="asteroyds-facts"))
