"""What stands on a cell, in words: a board's caption and its cells' accessible names.

Its own module, below the scene and the overlays, which both use it (the overlays' boards
answer :meth:`~.overlays.ShowsOverlays.describe_cell`); :mod:`.scene` re-exports it.
"""

from __future__ import annotations

from ...event_text import piece_text, player_text
from ...hexgrid import Cell
from ...i18n import _
from ...state import State


def describe_cell(state: State, cell: Cell) -> str:
    """What stands on a cell, in words.

    >>> from asteroyds import setup
    >>> describe_cell(setup("racing", seed=1, players=["blue"]), (5, 7))
    '(5, 7): platform L1, the blue craft (damage 0)'
    """
    where = f"({cell[0]}, {cell[1]})"
    if cell not in state.board:
        return _("{cell} is off the board", cell=where)
    here = [piece_text(p) for p in state.pieces_at(cell)]
    here += [
        _("the {player} craft (damage {damage})", player=player_text(c.player), damage=c.damage)
        for c in state.crafts_at(cell)
    ]
    return f"{where}: {', '.join(here) if here else _('empty space')}"


__all__ = ["describe_cell"]
