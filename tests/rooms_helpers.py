"""Shared by the room tests: bot players that any process can replay, and stores to run against.

A seat's program and answers are functions of the game alone (seeded by the
round and the player), so however the processes interleave, the room must
end exactly where the same game played locally through the Python API ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from asteroyds.bot import plan
from asteroyds.damage import Decision
from asteroyds.game import Game
from asteroyds.modes.capture_bot import plan as capture_plan
from asteroyds.rooms.seating import room_game


def bot_program(game: Game, player: str) -> str:
    """The program this seat plays this round (a legal, seeded random program)."""
    assert game.phase == "plan" and game.dice is not None
    rng = random.Random(f"room-test:{game.seed}:{game.round}:{player}")
    if game.state.mode == "capture":
        return str(capture_plan(game.state, player, game.dice, rng=rng))
    return str(plan(game.state, player, game.dice, style="random", rng=rng))


def bot_answer(decision: Decision) -> bool:
    """The seat's answer to a mid-flight question (seeded by the question's key)."""
    return random.Random(f"room-test:{decision.key}").random() < 0.5


def play_locally(
    mode: str, seats: Sequence[str], seed: int, rounds: int, dice: Sequence[Sequence[int]] | None = None
) -> Game:
    """The reference: the same game through the Python API, hot seat, programs in player order."""
    game = room_game(mode, seats, seed=seed)
    for r in range(rounds):
        if game.is_over:
            break
        game.roll(None if dice is None else dice[r])
        for player in game.waiting_for():
            game.submit(player, bot_program(game, player))
        game.play_phases()
        while game.pending is not None:
            game.answer(bot_answer(game.pending))
            if game.pending is None:
                game.play_phases()
    return game
