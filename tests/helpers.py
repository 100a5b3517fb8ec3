"""Small builders for hand-made test states, a private asyncio loop, a download's file (tests only)."""

from __future__ import annotations

import asyncio
import base64
import concurrent.futures

from asteroyds.hexgrid import parse_direction
from asteroyds.pieces import Craft, Piece
from asteroyds.state import State


def tile(pid: str, kind: str, colour: str, cell, orientation: str, priority: int, symbol=None) -> Piece:
    return Piece(pid, kind, tuple(cell), colour, parse_direction(orientation), priority, symbol)


def fixed(pid: str, kind: str, cell, **extra) -> Piece:
    return Piece(pid, kind, tuple(cell), **extra)


def craft(player: str, cell, facing: str, **extra) -> Craft:
    return Craft(
        player=player, cell=None if cell is None else tuple(cell), facing=parse_direction(facing), **extra
    )


def state(pieces, crafts=(), mode: str = "racing", **extra) -> State:
    crafts = tuple(crafts)
    return State(
        mode=mode, pieces=tuple(pieces), crafts=crafts, player_order=tuple(c.player for c in crafts), **extra
    ).validate("test state")


def four_gates(d_cell=(6, 11), d_orientation="E") -> list[Piece]:
    """Gates A, B, C tucked in far corners and gate D where the test wants it (white)."""
    return [
        tile("GA", "gate", "red", (0, 3), "NW", 21, "A"),
        tile("GB", "gate", "red", (12, 3), "SW", 22, "B"),
        tile("GC", "gate", "white", (0, 12), "NE", 23, "C"),
        tile("GD", "gate", "white", d_cell, d_orientation, 24, "D"),
    ]


def run_in_own_loop(make_coroutine):
    """asyncio.run in a fresh thread: the session's Playwright may own this thread's loop."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(lambda: asyncio.run(make_coroutine())).result(timeout=60)


def downloaded_text(link_html: str) -> str:
    """The file a download link carries in its ``data:`` URL (base64), as text."""
    href = link_html.split('href="', 1)[1].split('"', 1)[0]
    return base64.b64decode(href.split("base64,", 1)[1]).decode("utf-8")
