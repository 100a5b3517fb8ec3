"""Boards and facts as pictures and prose: what a page shows where no one needs to click.

An interactive board (bqplot) costs a page about a second of CPU and imports
numpy and pandas; a picture of the same state is an SVG string. Pages that
only show a position (the welcome page, the sandbox before its first game)
use these, so the first page a whole class opens at once is also the lightest.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

from IPython.display import HTML

from ...render.svg import state_svg
from ...state import State

__all__ = ["board_picture", "facts", "picture"]


def board_picture(state: State, size: int = 20) -> str:
    """The board as a static SVG picture (HTML), its root classed as a picture, not the interactive board.

    Browser tests wait for ``.asteroyds-board`` (the interactive board); the picture's root is
    ``asteroyds-board-picture``.
    """
    svg = state_svg(state, size=size).replace('class="asteroyds-board"', 'class="asteroyds-board-picture"', 1)
    return f"<div class='asteroyds-board-picture-svg'>{svg}</div>"


def picture(state: State, size: int = 22) -> HTML:
    """A state shown as a picture in a page (a display object: no widget, no kernel round trip)."""
    return HTML(board_picture(state, size=size))


def facts(events: Iterable[object]) -> HTML:
    """Events as a numbered list of plain-English facts (each event's sentence, in the page's language)."""
    items = "".join(f"<li>{html.escape(str(event))}</li>" for event in events)
    return HTML(f"<ol class='asteroyds-facts'>{items}</ol>")
