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
from asteroyds.modes.capture.bot import plan as capture_plan
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


# --- workers run in other processes (multiprocessing "spawn": importable functions) ----------


def append_raw(url: str, code: str, worker: int, count: int, barrier, results) -> None:
    """Append ``count`` entries with the optimistic loop; report how many appends lost a race."""
    from asteroyds.rooms import open_store
    from asteroyds.rooms.log import Entry

    lost = 0
    with open_store(url) as store:
        barrier.wait()
        for i in range(count):
            while not store.append(code, Entry(store.last_seq(code) + 1, "join", 0.0, {"w": worker, "i": i})):
                lost += 1
    results.put((worker, lost))


def play_seat(url: str, code: str, teacher: str, seat: str, rounds: int, barrier, results) -> None:
    """One student's device: join, then race everyone to roll, submit, answer, until ``rounds`` are played."""
    import time

    from asteroyds.errors import DecisionError, RuleError
    from asteroyds.rooms import Room, open_store

    with open_store(url) as store:
        room = Room.open(store, code)
        token = room.join(seat)
        barrier.wait()
        give_up = time.monotonic() + 120
        while time.monotonic() < give_up:
            room.refresh()
            view = room.view
            game = view.game
            if view.phase == "over" or (view.phase == "roll" and game.round > rounds):
                break
            try:
                if view.phase == "roll":
                    room.roll(teacher)  # every device tries; the first wins, the others are refused
                elif view.phase == "plan" and seat in view.waiting_for():
                    room.submit(seat, bot_program(game, seat), token, round=game.round)
                elif view.phase == "decide" and game.pending.player == seat:
                    room.answer(seat, bot_answer(game.pending), token)
                else:
                    room.wait(0.5)
            except (RuleError, DecisionError):
                pass  # someone else moved the room on meanwhile: look again
        resolved = [(r.round, r.seq) for r in room.view.resolutions]
        results.put((seat, room.view.seq, room.view.game.dumps(), resolved))
