"""The words events share: cells, tiles, columns, lists of crafts, a collision.

Every mode's events (:mod:`asteroyds.events`, :mod:`asteroyds.shooting`,
:mod:`asteroyds.modes.drones`, :mod:`asteroyds.modes.capture_events`) build
their sentences from these, so a cell, a tile or a crash reads the same in
every log and a change of wording is made once.

>>> cell_text((6, 5)), cell_text(None)
('(6, 5)', 'off the board')
>>> capitalised(tile_name("white", "asteroid", 6)), crafts_text(("red1", "white2"))
('White asteroid #6', 'the red1 and white2 crafts')
>>> collision_text("blue", (3, 3), None, "the border", "program cancelled")
'The blue craft hits the border beyond (3, 3): program cancelled'
"""

from __future__ import annotations

from .hexgrid import Cell


def cell_text(cell: Cell | None) -> str:
    """A space as ``(row, col)``; None (a piece that left) is ``off the board``."""
    return "off the board" if cell is None else f"({cell[0]}, {cell[1]})"


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (names start sentences: "white asteroid #6" …)."""
    return text[:1].upper() + text[1:]


def tile_name(colour: str, kind: str, priority: int | None) -> str:
    """A tile as the rulebook names it: ``red asteroid #3``."""
    return f"{colour} {kind} #{priority}"


def column_words(column: int) -> str:
    """A status-chart column: ``column 3``, or ``the red column`` for 7."""
    return "the red column" if column == 7 else f"column {column}"


def crafts_text(players: tuple[str, ...], noun: str = "craft") -> str:
    """``the red1 craft``, ``the red1 and white2 crafts``, ``the red1, red2 and white1 crafts``."""
    if len(players) == 1:
        return f"the {players[0]} {noun}"
    return "the " + ", ".join(players[:-1]) + f" and {players[-1]} {noun}s"


def collision_text(player: str, cell: Cell, blocked_at: Cell | None, blocker_name: str, then: str) -> str:
    """A craft running into the border (``blocked_at`` None) or a piece, and what follows (``then``).

    One sentence for every mode: a program cancelled in flight, a capture craft
    sent home "as if hit by a laser".
    """
    if blocked_at is None:
        return f"The {player} craft hits the border beyond {cell_text(cell)}: {then}"
    return f"The {player} craft hits {blocker_name} at {cell_text(blocked_at)}: {then}"


__all__ = ["capitalised", "cell_text", "collision_text", "column_words", "crafts_text", "tile_name"]
