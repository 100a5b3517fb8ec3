"""The game a room plays and its seats: one seat per player (per craft in capture).

>>> [p for p in room_game("racing", ["blue", "red"]).players]
['blue', 'red']
>>> room_game("capture", ["red", "white"], crafts=2).players
('red1', 'white1', 'red2', 'white2')
>>> room_game("capture", ["red1", "white1"]).players
('red1', 'white1')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..game import Game
from ..i18n import _
from ..modes import mode_named
from ..setups import SETUP_NAMES
from .codes import RoomError

MODES: tuple[str, ...] = (*SETUP_NAMES, "capture")
TEAMS: tuple[str, ...] = ("red", "white", "blue")
_CRAFT = re.compile(r"^(red|white|blue)([1-9])$")


def parse_seats(text: str) -> list[str]:
    """``"blue,red, green"`` → ``["blue", "red", "green"]`` (no blanks, no repeats)."""
    seats = [part.strip() for part in text.split(",")]
    if not seats or any(not s for s in seats):
        raise RoomError(
            _("--seats {text!r}: give comma-separated seat names, like 'blue,red,green'", text=text)
        )
    repeated = sorted({s for s in seats if seats.count(s) > 1})
    if repeated:
        raise RoomError(_("--seats {text!r}: {choices} given twice", text=text, choices=", ".join(repeated)))
    return seats


def room_game(mode: str, seats: Sequence[str], seed: int = 0, crafts: int = 1) -> Game:
    """A new Game whose players are the seats.

    In capture, the seats are either the teams (``red,white``; each team gets
    ``crafts`` crafts, one seat each: red1, white1, red2, ...) or the crafts
    themselves (``red1,white1,red2,white2``).
    """
    if mode not in MODES:
        raise RoomError(_("--mode {mode!r}: expected one of {choices}", mode=mode, choices=", ".join(MODES)))
    if not mode_named(mode).teams:
        return Game.new(mode, players=list(seats), seed=seed)
    if all(s in TEAMS for s in seats):
        return Game.capture(teams=list(seats), crafts_per_team=crafts, seed=seed)
    counts: dict[str, int] = {}
    for seat in seats:
        match = _CRAFT.match(seat)
        if match is None:
            raise RoomError(
                _("capture seats are teams (red, white, blue) or crafts like 'red1', not {seat!r}", seat=seat)
            )
        counts[match[1]] = max(counts.get(match[1], 0), int(match[2]))
    game = Game.capture(teams=sorted(counts, key=TEAMS.index), crafts_per_team=counts, seed=seed)
    if sorted(game.players) != sorted(seats):
        raise RoomError(
            _("capture seats {choices}: number each team's crafts 1, 2, ... ", choices=", ".join(seats))
        )
    return game
