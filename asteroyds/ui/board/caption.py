"""The line under a board, the same on the interactive board and on a lesson's picture.

Both :class:`~asteroyds.ui.board.view.BoardView` and
:class:`~asteroyds.ui.board.picture.BoardPicture` show it when no caption was
set: here once, so the two cannot drift apart.
"""

from __future__ import annotations

from ...event_text import player_text
from ...i18n import _
from ...modes import mode_of
from ...state import State
from ..share.markup import Markup, fill, join, tag


def default_caption(state: State, numbers: bool) -> Markup:
    """The line under a board: its mode, round and crafts, and how to read the tiles (HTML)."""
    named = [tag("b", player_text(p)) for p in state.player_order]
    players = join(*(join(", " if i else "", one) for i, one in enumerate(named))) or _("no crafts")
    mode = _(mode_of(state).title)  # the mode's own name, in the page's language
    if numbers:
        line = _(
            "{mode} · round {round} · {players} · small numbers on a tile's edges = the die faces that "
            "move it that way · number on a craft = its damage"
        )
    else:
        line = _(
            "{mode} · round {round} · {players} · dot = the tile's “1” edge · number on a craft = its damage"
        )
    return fill(line, mode=mode, round=state.round, players=players)


__all__ = ["default_caption"]
