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


# --- a busy class: many processes, one room at a time, for a while (tests/test_rooms_busy.py) ------------

SEAT_PROGRAMS = ("L . . . . . S", ". L . . . . S")  # what a seat's own page submits
TEACHER_PROGRAMS = ("R . . . . . S", ". R . . . . S")  # what the teacher's page submits for a seat


def busy_page(url: str, rooms, role: str, seat: str, seconds: float, games: int, barrier, results) -> None:
    """One page of a busy class: poll the room like a page does, and act whenever it can.

    ``rooms`` is a list of ``(code, teacher token, seat tokens)``; every page
    plays the first room until its game is over, then the next one, for
    ``seconds`` and until it has seen ``games`` games end (a slow machine
    plays longer rather than less). A
    ``seat`` page submits its seat's program whenever the round plans (again,
    sometimes, to replace it) and answers its questions; a ``teacher`` page
    rolls and submits for ``seat`` with the teacher's token. Each page
    reports what the room acknowledged (every action that returned) and any
    error that reached it other than the room's refusals of a move that came
    too late (someone else moved the room on first).
    """
    import random
    import time

    from asteroyds.errors import DecisionError, RuleError
    from asteroyds.rooms import open_store
    from asteroyds.ui.rooms.session import RoomSession

    rng = random.Random(f"{role}:{seat}")
    done: list[tuple] = []
    errors: list[str] = []
    polls = 0
    programs = SEAT_PROGRAMS if role == "seat" else TEACHER_PROGRAMS
    with open_store(url) as store:
        session = RoomSession(store)
        index = 0
        barrier.wait()
        end = time.monotonic() + seconds
        while (time.monotonic() < end or index < games) and index < len(rooms):
            code, teacher, tokens = rooms[index]
            token = tokens[seat] if role == "seat" else teacher
            try:
                if session.room is None or session.code != code:
                    session.open(code)
                session.poll()
                polls += 1
                room = session.room
                view = room.view
                phase, game = view.phase, view.game
                round_ = game.round  # (the game object moves on with the room's next entries)
                if phase == "over":
                    index += 1
                    continue
                if role == "teacher" and phase == "roll":
                    room.roll(teacher)
                    done.append((index, "roll"))  # (which round: whichever the room was at)
                elif phase == "plan" and seat in game.waiting_for():
                    if seat not in view.held or rng.random() < 0.3:  # sometimes a second thought
                        text = rng.choice(programs)
                        room.submit(seat, text, token, round=round_)
                        done.append((index, "program", seat, round_, text))
                elif role == "seat" and phase == "decide" and game.pending.player == seat:
                    room.answer(seat, False, token)
                    done.append((index, "answer", seat))
            except (RuleError, DecisionError):
                pass  # refused: the room moved on meanwhile (a resolution, another page's roll)
            except Exception as exc:  # noqa: BLE001 (what the test says must never happen)
                errors.append(f"{type(exc).__module__}.{type(exc).__name__}: {exc}")
            time.sleep(rng.uniform(0.0, 0.02))
    results.put((role, seat, done, errors, polls, index))
