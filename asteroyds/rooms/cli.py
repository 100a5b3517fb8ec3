"""``asteroyds room ...``: rooms from a shell, a teacher's script or a test.

Every command opens the store (``--store URL``, else ``$ASTEROYDS_STORE``,
else the default SQLite file), does one thing, settles the room (appends a
resolution or a "no" whose time has come) and prints one result; ``--json``
prints it as JSON. Bad input is one line on stderr and exit code 2 (the
``asteroyds`` convention), and the room is unchanged; so is a store that
cannot be reached (its database restarting or down, after the store's short
retry: :class:`~asteroyds.rooms.StoreUnavailable`).

Tokens: ``room create`` prints the teacher's token; ``room join`` prints a
seat's token. Commands that act take ``--token`` (default
``$ASTEROYDS_ROOM_TOKEN``): the teacher's token may roll, resolve, free
seats, and submit or answer for any seat; a seat's token only for its seat.
``room submit`` without a token takes the seat if it is free (and prints its
token), so ``room submit CODE --player blue --program "..."`` works as the
first move of a student's script; a taken seat then needs its token.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from typing import Any, Literal, overload

from ..errors import AsteroydsError
from ..i18n import _
from ..modes import modes
from .codes import RoomError
from .room import DEFAULT_DECISION_SECONDS, Room
from .seating import parse_seats, room_game
from .store import ENV_VAR, open_store

TOKEN_ENV = "ASTEROYDS_ROOM_TOKEN"
MAX_NAME_CHARS = 40
MAX_TEXT_CHARS = 1_000  # seats, programs, tokens: far more than any real one
MAX_SECONDS = 24 * 3600


def _whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number in low..high (a huge one must not reach a deadline sum)."""

    def parse(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if not digits.isdigit() or len(digits) > 18 or not low <= int(text) <= high:
            raise argparse.ArgumentTypeError(
                _("expected a whole number {low}-{high}, got {text!r}", low=low, high=high, text=text[:40])
            )
        return int(text)

    parse.__name__ = "whole number"
    return parse


def _text(limit: int) -> Callable[[str], str]:
    """An argparse type: printable text of at most ``limit`` characters (it goes into the log)."""

    def parse(text: str) -> str:
        if len(text) > limit or not text.isprintable():
            raise argparse.ArgumentTypeError(
                _("expected printable text of at most {limit} characters", limit=limit)
            )
        return text

    parse.__name__ = "text"
    return parse


@overload
def _token(args: argparse.Namespace, needed: Literal[True] = ...) -> str: ...
@overload
def _token(args: argparse.Namespace, needed: bool) -> str | None: ...
def _token(args: argparse.Namespace, needed: bool = True) -> str | None:
    token = args.token or os.environ.get(TOKEN_ENV)
    if needed and not token:
        raise AsteroydsError(_("this needs a token: give --token or set {TOKEN_ENV}", TOKEN_ENV=TOKEN_ENV))
    return token


def _with_room(
    run: Callable[[Room, argparse.Namespace], dict[str, Any]],
) -> Callable[[argparse.Namespace], str]:
    """Open the store and the room, run the command, close the store, format the result."""

    def command(args: argparse.Namespace) -> str:
        with open_store(args.store) as store:
            result = run(Room.open(store, args.code), args)
        if args.json:
            return json.dumps(result, indent=2, ensure_ascii=False)
        return str(result.pop("text"))

    return command


def cmd_create(args: argparse.Namespace) -> str:
    game = room_game(args.mode, parse_seats(args.seats), seed=args.seed, crafts=args.crafts)
    planning = -1 if args.planning_seconds is None else args.planning_seconds
    with open_store(args.store) as store:
        room, teacher = Room.create(
            store,
            game,
            planning_seconds=planning,
            decision_seconds=args.decision_seconds,
            bots=parse_seats(args.bots) if args.bots else (),
        )
        view = room.view
    if args.json:
        bots = [s.player for s in view.seats.values() if s.bot]
        payload = {"room": room.code, "teacher_token": teacher, "seats": list(view.seats), "bots": bots}
        return json.dumps(payload, indent=2)
    return f"{room.code}\nteacher token: {teacher}\nseats: {', '.join(view.seats)}"


def run_join(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    token = room.join(args.seat, name=args.name)
    return {"room": room.code, "seat": args.seat, "token": token, "text": token}


def run_leave(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    room.leave(args.seat, _token(args))
    return {"room": room.code, "seat": args.seat, "text": f"seat {args.seat} is free"}


def run_roll(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    room.roll(_token(args), dice=args.dice)
    view = room.view
    assert view.game is not None and view.game.dice is not None
    dice = list(view.game.dice.as_tuple())
    text = f"round {view.game.round}: {view.game.dice}"
    if view.deadline is not None and view.planning_seconds:
        text += f"; planning ends in {view.planning_seconds} s"
    return {
        "room": room.code,
        "round": view.game.round,
        "dice": dice,
        "deadline": view.deadline,
        "text": text,
    }


def run_submit(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    token = _token(args, needed=False)
    game = room.view.game
    assert game is not None  # an opened room has its game (the log starts with it)
    result: dict[str, Any] = {"room": room.code, "player": args.player, "round": game.round}
    if token is None:  # a free seat is taken by its first program (checked first: a refusal takes nothing)
        if room.seat(args.player).taken:
            raise RoomError(
                _(
                    "seat {player!r} is taken in room {code}: give its --token",
                    player=args.player,
                    code=room.code,
                )
            )
        room.check_program(args.player, args.program, args.round)
        token = result["token"] = room.join(args.player)
    room.submit(args.player, args.program, token, round=args.round)
    result.update(phase=room.view.phase, waiting_for=list(room.view.waiting_for()))
    lines = [f"{args.player}: program submitted for round {result['round']}"]
    if "token" in result:
        lines.append(f"seat token: {result['token']}")
    result["text"] = "\n".join(lines)
    return result


def run_answer(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    room.answer(args.player, args.yes, _token(args))
    word = "yes" if args.yes else "no"
    return {"room": room.code, "player": args.player, "yes": args.yes, "text": f"{args.player}: {word}"}


def run_resolve(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    room.resolve_now(_token(args))
    return {"room": room.code, "phase": room.view.phase, "text": f"round resolved; phase {room.view.phase}"}


def run_show(room: Room, args: argparse.Namespace) -> dict[str, Any]:
    shown = room.show()
    shown["text"] = describe(shown)
    return shown


def describe(shown: dict[str, Any]) -> str:
    """A room in a few plain lines (``room show`` without ``--json``)."""
    seats = ", ".join(f"{s['seat']}{'' if s['taken'] else ' (free)'}" for s in shown["seats"])
    lines = [
        f"room {shown['room']}: {shown['mode']}, round {shown['round']}, phase {shown['phase']}",
        f"seats: {seats}",
    ]
    if shown["phase"] == "plan":
        lines.append(f"waiting for: {', '.join(shown['waiting_for']) or 'nobody'}")
    if shown["pending"]:
        lines.append(f"question: {shown['pending']['question']}")
    if shown["outcome"]:
        lines.append(f"game over: {', '.join(shown['outcome']['winners']) or 'no winner'}")
    return "\n".join(lines)


def add_room_commands(sub: Any) -> None:
    """Add ``room`` and its subcommands to the ``asteroyds`` parser's subcommands."""
    room = sub.add_parser("room", help="class rooms: one game played from several devices")
    commands = room.add_subparsers(dest="room_command", metavar="ROOM_COMMAND")
    commands.required = True

    def command(name: str, help: str, run: Callable[[argparse.Namespace], str], code: bool = True) -> Any:
        p = commands.add_parser(name, help=help)
        if code:
            p.add_argument("code", type=_text(MAX_NAME_CHARS), help="the room code")
        p.add_argument(
            "--store",
            type=_text(MAX_TEXT_CHARS),
            help=f"sqlite:///PATH, a file path or postgresql://... (default: ${ENV_VAR})",
        )
        p.add_argument("--json", action="store_true", help="print the result as JSON")
        p.set_defaults(run=run)
        return p

    def token(p: Any) -> None:
        p.add_argument(
            "--token",
            type=_text(MAX_TEXT_CHARS),
            help=f"the teacher's or the seat's token (default: ${TOKEN_ENV})",
        )

    p = command("create", "create a room; prints its code and the teacher's token", cmd_create, code=False)
    p.add_argument("--mode", choices=tuple(modes()), default="racing")
    p.add_argument(
        "--seats",
        type=_text(MAX_TEXT_CHARS),
        required=True,
        help="comma-separated seats: blue,red,green (capture: red,white)",
    )
    p.add_argument(
        "--seed",
        type=_whole(-(10**18) + 1, 10**18 - 1),
        default=0,
        help="seed for the setup and the dice (default 0)",
    )
    p.add_argument(
        "--bots",
        type=_text(MAX_TEXT_CHARS),
        help="comma-separated seats the room's greedy bot plays (capture: crafts, like red2)",
    )
    p.add_argument(
        "--crafts", type=_whole(1, 3), default=1, help="capture: crafts (seats) per team (default 1)"
    )
    p.add_argument(
        "--planning-seconds", type=_whole(0, MAX_SECONDS), help="the stopwatch (default: the mode's; 0: none)"
    )
    p.add_argument(
        "--decision-seconds",
        type=_whole(1, MAX_SECONDS),
        default=DEFAULT_DECISION_SECONDS,
        help=f"time to answer a question mid-flight; silence means no (default {DEFAULT_DECISION_SECONDS})",
    )

    p = command("join", "take a free seat; prints the seat's token", _with_room(run_join))
    p.add_argument("--seat", type=_text(MAX_NAME_CHARS), required=True)
    p.add_argument("--name", type=_text(MAX_NAME_CHARS), help="the name shown on the projector")

    p = command("leave", "free a seat (teacher or the seat's token)", _with_room(run_leave))
    p.add_argument("--seat", type=_text(MAX_NAME_CHARS), required=True)
    token(p)

    p = command("roll", "the teacher starts a round: dice and stopwatch", _with_room(run_roll))
    p.add_argument(
        "--dice", nargs=3, type=_whole(1, 6), metavar=("R", "W", "B"), help="set the dice (default: seeded)"
    )
    token(p)

    p = command("submit", "submit a seat's program for this round", _with_room(run_submit))
    p.add_argument("--player", type=_text(MAX_NAME_CHARS), required=True, help="the seat")
    p.add_argument(
        "--program", type=_text(MAX_TEXT_CHARS), required=True, help='seven tokens, like "F F R . . . S"'
    )
    p.add_argument(
        "--round", type=_whole(1, 1_000_000), help="refuse if the room is no longer planning this round"
    )
    token(p)

    p = command("answer", "answer a question mid-flight", _with_room(run_answer))
    p.add_argument("--player", type=_text(MAX_NAME_CHARS), required=True, help="the seat asked")
    yes_no = p.add_mutually_exclusive_group(required=True)
    yes_no.add_argument("--yes", dest="yes", action="store_true")
    yes_no.add_argument("--no", dest="yes", action="store_false")
    token(p)

    p = command("resolve", "the teacher stops the stopwatch: the round resolves now", _with_room(run_resolve))
    token(p)

    command("show", "the room: the saved game, who is awaited, the seats", _with_room(run_show))
