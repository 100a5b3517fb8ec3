"""The game a room plays and its seats: one seat per player (per craft in capture).

>>> [p for p in room_game("racing", ["blue", "red"]).players]
['blue', 'red']
>>> room_game("capture", ["red", "white"], crafts=2).players
('red1', 'white1', 'red2', 'white2')
>>> room_game("capture", ["red1", "white1"]).players
('red1', 'white1')
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bot import plan_bots
from ..errors import ScenarioError
from ..game import Game
from ..i18n import _
from ..modes import mode_named, modes
from .codes import RoomError


def __getattr__(name: str) -> object:
    """``MODES``: the modes a room may play, the registered ones (not a second list)."""
    if name == "MODES":
        return tuple(modes())
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))


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
    """A new Game whose players are the seats (the mode says what a seat is: :meth:`Mode.for_seats
    <asteroyds.modes.Mode.for_seats>`).

    In capture, the seats are either the teams (``red,white``; each team gets
    ``crafts`` crafts, one seat each: red1, white1, red2, ...) or the crafts
    themselves (``red1,white1,red2,white2``).
    """
    if mode not in modes():
        raise RoomError(
            _("--mode {mode!r}: expected one of {choices}", mode=mode, choices=", ".join(modes()))
        )
    try:
        state = mode_named(mode).for_seats(seats, seed=seed, crafts=crafts)
    except ScenarioError as exc:
        raise RoomError(str(exc)) from None
    return Game(state, seed=seed)


def bot_program(game: Game, player: str) -> str:
    """The program the room's bot submits for ``player`` this round (the game is planning).

    The mode's greedy bot (:func:`asteroyds.bot.plan_bots`; capture's team bot
    plans every craft at once), seeded by the game's seed, the seat and the
    round: every page that settles the room computes the same program.
    """
    state, dice = game.state, game.dice
    if dice is None:
        raise RoomError(_("{player}: the bot plans once the dice are rolled", player=player))
    plans = plan_bots(
        state, dice, {player: "greedy"}, lambda key: random.Random(f"asteroyds:room:{game.seed}:{key}")
    )
    return str(plans.programs[player])
