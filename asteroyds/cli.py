"""The ``asteroyds`` command: drive the engine from a shell, a script or a test.

Bad input never shows a traceback: one line on stderr naming what is wrong,
and exit code 2 (docs/command-line.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import i18n, scenario, untrusted
from .asteroids import resolve_asteroids
from .damage import POLICIES, policy
from .dice import Dice
from .errors import AsteroydsError
from .events import Event
from .game import FORMAT as GAME_FORMAT
from .game import Game
from .i18n import _
from .modes import Mode, mode_named, modes
from .pieces import PLAYER_COLOURS
from .serve.settings import DISCONNECTED_TIMEOUT, IDLE_TIMEOUT, POOL  # no Voila imported: no extra needed
from .setups import setup
from .state import State

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line and exit 2 like every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(f"{self.prog}: {message}")


class _Usage(Exception):
    pass


SEED = untrusted.whole_number(-(10**18) + 1, 10**18 - 1)
SIZE = untrusted.finite_number(1, 500)
ROUNDS = untrusted.whole_number(1, 100_000)
PLAYERS = untrusted.whole_number(1, len(PLAYER_COLOURS))


def load_state(source: str, seed: int, players: Sequence[str] | None = None) -> State:
    """A scenario file, a saved game (its current state), or a built-in setup name (with ``--seed``)."""
    path = Path(source)
    if source in modes() and not _exists(path):
        return setup(source, seed=seed, players=players)
    where = untrusted.printable(source)
    if not _exists(path):
        raise AsteroydsError(
            _(
                "{where}: no such scenario file (or built-in setup: {setups})",
                where=where,
                setups=", ".join(modes()),
            )
        )
    data = untrusted.read_json(path, _("a scenario or a saved game"))
    if isinstance(data, dict) and data.get("format") == GAME_FORMAT:  # a saved game: its current state
        return Game.from_dict(data, where=where).state
    return scenario.from_dict(data, where=where)


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long, a NUL byte
        return False


def _output(state: State, events: Sequence[Event], as_json: bool) -> str:
    if as_json:
        payload = {"scenario": scenario.to_dict(state), "events": [e.to_dict() for e in events]}
        return json.dumps(payload, indent=2, ensure_ascii=False)
    return "\n".join(e.text() for e in events)


def cmd_asteroids(args: argparse.Namespace) -> str:
    state = load_state(args.scenario, args.seed)
    after, events = resolve_asteroids(state, Dice.of(args.dice))
    return _output(after, events, args.json)


def cmd_render(args: argparse.Namespace) -> str:
    from .render.svg import state_svg

    state = load_state(args.scenario, args.seed)
    svg = state_svg(state, size=args.size)
    if args.output == "-":
        return svg
    try:
        Path(args.output).write_text(svg, encoding="utf-8")
    except (OSError, ValueError) as exc:
        where = untrusted.printable(args.output)
        why = getattr(exc, "strerror", None) or exc
        raise AsteroydsError(_("{where}: cannot write ({why})", where=where, why=why)) from None
    return ""


def _read_programs(path: str) -> dict[str, str]:
    data = untrusted.read_json(path, _("a programs file"))
    path = untrusted.printable(path)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in data.items()
    ):
        raise AsteroydsError(
            _(
                "{path}: expected an object mapping player to program, like {example}",
                path=path,
                example='{"blue": "F F R L U . S"}',
            )
        )
    return data


def cmd_round(args: argparse.Namespace) -> str:
    from .round import play_round

    state = load_state(args.scenario, args.seed)
    programs = _read_programs(args.programs)
    decide = policy(destroy=args.destroy, lawrence=args.lawrence)
    after, events, result = play_round(state, Dice.of(args.dice), programs, decide=decide)
    if args.json:
        payload = {"scenario": scenario.to_dict(after), "events": [e.to_dict() for e in events]}
        if result is not None:
            payload["outcome"] = result.to_dict()
        return json.dumps(payload, indent=2, ensure_ascii=False)
    return "\n".join(e.text() for e in events)


def cmd_danger(args: argparse.Namespace) -> str:
    """The danger map over the 216 rolls (issue 13): JSON, or one line per craft and per row of the board."""
    from .coach import danger_map

    state = load_state(args.scenario, args.seed)
    danger = danger_map(state)
    if args.json:
        return json.dumps(danger.to_json(), indent=2, ensure_ascii=False)
    return "\n".join(danger_lines(state, danger))


def danger_lines(state: State, danger) -> list[str]:
    """The danger map in words: each craft's risk, then each row's cells that some roll fills."""
    from .i18n import _

    lines = [_("Over all {rolls} rolls of the three dice (crafts stay put, shields up):", rolls=danger.rolls)]
    for player, hit in danger.crafts.items():
        lines.append(
            _(
                "  the {player} craft is hit in {hit} of {rolls} rolls",
                player=player,
                hit=hit,
                rolls=danger.rolls,
            )
        )
    rows: dict[int, list[str]] = {}
    for (row, col), count in danger.cells.items():
        rows.setdefault(row, []).append(f"({row}, {col}) {count}")
    for row, cells in rows.items():
        lines.append(_("  row {row}: {cells}", row=row, cells=", ".join(cells)))
    if danger.gates:
        ends = ", ".join(f"({row}, {col}) {count}" for (row, col), count in danger.gates.items())
        lines.append(_("  the gates (no damage in racing) end in: {cells}", cells=ends))
    return lines


def cmd_coach(args: argparse.Namespace) -> str:
    """The coach's best program for a player and the rolled dice (issue 13), with its score and reasons."""
    from .coach import best_plan
    from .coach.plan import score_text
    from .i18n import _

    state = load_state(args.scenario, args.seed)
    if args.player not in state.player_order:
        who = untrusted.printable(args.player)
        raise AsteroydsError(
            _(
                "--player: no player {who!r} in this game ({players})",
                who=who,
                players=", ".join(state.player_order),
            )
        )
    plan = best_plan(
        state, Dice.of(args.dice), args.player, destroy=args.destroy != "never", style=args.style
    )
    if args.json:
        return json.dumps(plan.to_json(), indent=2, ensure_ascii=False)
    lines = [
        _("Best program for {player}: {program}", player=args.player, program=str(plan.program)),
        _("Score: {score}", score=score_text(plan.score)),
        *plan.explanation,
    ]
    return "\n".join(lines)


def _styles(args: argparse.Namespace) -> list[str]:
    return [s for part in args.bots for s in part.split(",") if s] or ["greedy"]


def _check_styles(styles: Sequence[str], allowed: Sequence[str]) -> None:
    for style in styles:
        if style not in allowed:
            raise AsteroydsError(
                _(
                    "--bots: unknown bot style {style!r} (expected one of {styles})",
                    style=style,
                    styles=", ".join(allowed),
                )
            )


def cmd_play_teams(args: argparse.Namespace, mode: Mode) -> str:
    """A mode with its own setup options (:attr:`Mode.options <asteroyds.modes.Mode.options>`:
    capture's ``--teams``, ``--crafts``): the game set up with them, one bot style per seat."""
    from .bot import styles_for
    from .simulate import play_team_game

    own = {option.keyword: getattr(args, option.dest) for option in mode.options}
    state = mode.setup(seed=args.seed, **own)
    names = tuple(dict.fromkeys(mode.turn.seat_of(c) for c in state.crafts_in_order()))
    styles = _styles(args)
    if len(styles) == 1:
        styles = styles * len(names)
    if len(styles) != len(names):
        raise AsteroydsError(
            _(
                "--bots gives {styles} styles for {teams} teams (capture: one per team)",
                styles=len(styles),
                teams=len(names),
            )
        )
    _check_styles(styles, styles_for(mode))
    record = play_team_game(
        state,
        seed=args.seed,
        max_turns=args.max_rounds,
        echo=lambda line: print(line, flush=True),
        styles=dict(zip(names, styles, strict=True)),
    )
    if record.outcome is None:
        return _("No winner after {n} turns (stopped by --max-rounds).", n=args.max_rounds)
    return ""


def cmd_play(args: argparse.Namespace) -> str:
    from .bot import styles_for
    from .simulate import play_bot_game

    mode = mode_named(args.mode)
    if mode.options:  # a mode with its own setup's options (capture's teams): one bot per seat
        return cmd_play_teams(args, mode)
    if not 1 <= args.players <= len(PLAYER_COLOURS):
        raise AsteroydsError(
            _("--players must be 1..{most}, got {players}", most=len(PLAYER_COLOURS), players=args.players)
        )
    styles = _styles(args)
    if len(styles) == 1:
        styles = styles * args.players
    if len(styles) != args.players:
        raise AsteroydsError(
            _("--bots gives {styles} styles for {players} players", styles=len(styles), players=args.players)
        )
    _check_styles(styles, styles_for(mode))
    game = play_bot_game(
        players=PLAYER_COLOURS[: args.players],
        styles=styles,
        seed=args.seed,
        mode=args.mode,
        max_rounds=args.max_rounds,
        echo=lambda line: print(line, flush=True),
    )
    if game.outcome is None:
        return _("No winner after {n} rounds (stopped by --max-rounds).", n=args.max_rounds)
    return ""


def notebooks_dir() -> Path:
    """The tutorial notebooks: next to the package in a checkout (and on Binder)."""
    return Path(__file__).resolve().parent.parent / "notebooks"


def cmd_app(args: argparse.Namespace) -> str:
    """Serve the notebooks in this process until SIGTERM or Ctrl-C, which stop the server and its kernels."""
    import threading
    import webbrowser

    from .serve import app as server
    from .serve.launch import answers, port_is_free
    from .serve.settings import ServeSettings, voila_command

    folder = notebooks_dir()
    if not (folder / WELCOME).exists():
        raise AsteroydsError(
            _("{folder}: the notebooks are not there (run the app from a checkout)", folder=folder)
        )
    if args.pool is None:  # warm kernels for a class; none for one person on their own machine
        args.pool = POOL if args.ip not in LOCAL_ADDRESSES else 0
    for name in ("idle_timeout", "disconnected_timeout", "max_kernels", "pool"):
        if getattr(args, name) < 0:
            raise AsteroydsError(
                _(
                    "--{option} must be 0 or more, got {value}",
                    option=name.replace("_", "-"),
                    value=getattr(args, name),
                )
            )
    if not 1 <= args.port <= 65535:
        raise AsteroydsError(_("--port must be 1..65535, got {port}", port=args.port))
    if not port_is_free(args.port, args.ip):
        raise AsteroydsError(
            _("port {port} is busy (is the app already running? try --port)", port=args.port)
        )
    settings = ServeSettings(
        idle_timeout=args.idle_timeout,
        disconnected_timeout=args.disconnected_timeout,
        max_pages=args.max_kernels,
        pool=args.pool,
        language=i18n.language(),
        welcome=welcome_page(folder, i18n.language()),
        notebooks=str(folder),
    )
    url = server.server_url(args.ip, args.port)

    def open_when_ready() -> None:
        for _attempt in range(600):
            if not answers(url.rstrip("/")):
                threading.Event().wait(0.2)
                continue
            print(_("Asteroyds Academy is running at {url}", url=url), flush=True)
            if not args.no_browser:
                webbrowser.open(url)
            return

    threading.Thread(target=open_when_ready, daemon=True).start()
    # the kernels inherit it: the class room page warns when phones cannot reach this server
    os.environ["ASTEROYDS_APP_IP"] = args.ip  # asteroyds.ui.rooms.address.LISTEN_VARIABLE
    command = voila_command(folder, args.port, ip=args.ip, settings=settings)
    try:
        server.main(command[3:])  # the arguments after `python -m asteroyds.serve`
    except SystemExit as exc:  # Voila exits when it cannot listen
        if exc.code not in (0, None):
            raise AsteroydsError(
                _(
                    "the server stopped with exit code {code} (is port {port} free?)",
                    code=exc.code,
                    port=args.port,
                )
            ) from None
    return ""


WELCOME = "00_welcome.ipynb"


def welcome_page(folder: Path, lang: str) -> str:
    """The welcome page in ``lang`` (``fr/00_welcome.ipynb``: translations keep the English file names).

    A language whose notebooks are not written yet opens the English page.
    """
    translated = f"{lang}/{WELCOME}"
    return translated if lang != i18n.DEFAULT and (folder / translated).exists() else WELCOME


LOCAL_ADDRESSES = ("127.0.0.1", "localhost", "::1")


def build_parser() -> argparse.ArgumentParser:
    """The parser; the modes (``--mode``, the setup names) are the registered ones when it is built."""
    SETUP_NAMES = tuple(modes())  # noqa: N806  (what a scenario argument may name instead of a file)
    parser = _Parser(prog="asteroyds", description=_("Asteroyds Academy: rules engine and app."))
    parser.add_argument("--version", action="version", version="asteroyds 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("asteroids", help="resolve phase 2 (the asteroids) of a scenario")
    p.add_argument("scenario", help="scenario file, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("--dice", nargs=3, type=untrusted.short_int, required=True, metavar=("R", "W", "B"))
    p.add_argument("--seed", type=SEED, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument("--json", action="store_true", help="print the resulting scenario and events")
    p.set_defaults(run=cmd_asteroids)

    p = sub.add_parser(
        "danger", help="the danger map: what each of the 216 rolls does to every cell and craft"
    )
    p.add_argument("scenario", help="scenario file, saved game, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("--seed", type=SEED, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument(
        "--json", action="store_true", help='print {"rolls": 216, "cells": [...], "crafts": [...]}'
    )
    p.set_defaults(run=cmd_danger)

    p = sub.add_parser("coach", help="the best program for a player and the rolled dice, and why")
    p.add_argument("scenario", help="scenario file, saved game, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("--dice", nargs=3, type=untrusted.short_int, required=True, metavar=("R", "W", "B"))
    p.add_argument("--player", required=True, help="the player to coach (a craft of the scenario)")
    p.add_argument(
        "--destroy",
        choices=("may", "never"),
        default="may",
        help="may the plan destroy an asteroid (once a game)? (default may)",
    )
    p.add_argument(
        "--style",
        choices=("bold", "careful"),
        default="bold",
        help="bold: the most tokens first (default); careful: no damage first, then tokens (as the pages)",
    )
    p.add_argument("--seed", type=SEED, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument("--json", action="store_true", help="print the program, its score and its explanation")
    p.set_defaults(run=cmd_coach)

    p = sub.add_parser("render", help="draw a scenario as an SVG picture")
    p.add_argument("scenario", help="scenario file, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("-o", "--output", required=True, help="SVG file to write ('-' for stdout)")
    p.add_argument("--seed", type=SEED, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument("--size", type=SIZE, default=24.0, help="hex radius in pixels, 1-500 (default 24)")
    p.set_defaults(run=cmd_render)

    p = sub.add_parser("round", help="play one whole round of a scenario")
    p.add_argument("scenario", help="scenario file, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("--dice", nargs=3, type=untrusted.short_int, required=True, metavar=("R", "W", "B"))
    p.add_argument("--programs", required=True, help='JSON file: {"blue": "F F R L U . S", ...}')
    p.add_argument("--destroy", choices=POLICIES, default="never", help="destroy an asteroid on collision")
    p.add_argument("--lawrence", choices=POLICIES, default="never", help="use Lawrence's emergency shield")
    p.add_argument("--seed", type=SEED, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument("--json", action="store_true", help="print the resulting scenario and events")
    p.set_defaults(run=cmd_round)

    p = sub.add_parser("play", help="watch bots play a whole game in the terminal")
    p.add_argument("--players", type=PLAYERS, default=2, help="number of players, 1-6 (default 2)")
    p.add_argument("--seed", type=SEED, default=0, help="seed for the setup and the dice (default 0)")
    p.add_argument(
        "--bots", nargs="*", default=["greedy"], help="bot style per player: greedy, random or coach"
    )
    p.add_argument("--mode", choices=SETUP_NAMES, default="racing")
    _add_mode_options(p)
    p.add_argument("--max-rounds", type=ROUNDS, default=100, help="stop after this many rounds (default 100)")
    p.set_defaults(run=cmd_play)

    p = sub.add_parser("app", help="serve the tutorial and sandbox with Voila (the web app)")
    p.add_argument("--port", type=int, default=8866, help="port (default 8866)")
    p.add_argument("--ip", default="127.0.0.1", help="address to listen on (0.0.0.0 for a class server)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument(
        "--idle-timeout",
        type=int,
        default=IDLE_TIMEOUT,
        metavar="SECONDS",
        help=f"close the kernel of a page that never connected after this long (default {IDLE_TIMEOUT}; "
        "0: never)",
    )
    p.add_argument(
        "--disconnected-timeout",
        type=int,
        default=DISCONNECTED_TIMEOUT,
        metavar="SECONDS",
        help="close a page's kernel this long after its page lost its connection without saying goodbye "
        f"(default {DISCONNECTED_TIMEOUT}; 0: only --idle-timeout applies)",
    )
    p.add_argument(
        "--max-kernels",
        type=int,
        default=0,
        metavar="N",
        help="serve at most N pages at once, then answer 'full' (default: what the memory allows)",
    )
    p.add_argument(
        "--pool",
        type=int,
        default=None,
        metavar="N",
        help=f"pre-heated kernels per chapter (default {POOL} serving a class, 0 with --ip 127.0.0.1)",
    )
    p.set_defaults(run=cmd_app)

    from .drills.command import add_drill_command
    from .rooms.cli import add_room_commands

    add_drill_command(sub)
    add_room_commands(sub)
    _add_lang_option(parser)
    return parser


LANG_HELP = "language of the messages: " + ", ".join(i18n.LANGUAGES) + " (default: from LANG)"


def _add_mode_options(parser: argparse.ArgumentParser) -> None:
    """Each registered mode's own setup options (capture's ``--teams``, ``--crafts``), once each."""
    added: set[str] = set()
    for mode in modes().values():
        for option in mode.options:
            if option.flag not in added:
                added.add(option.flag)
                parser.add_argument(option.flag, type=option.parse, default=option.default, help=option.help)


def _add_lang_option(parser: argparse.ArgumentParser, top: bool = True) -> None:
    """``--lang`` before or after the command name, on every command and sub-command.

    Below the top level the default is SUPPRESS, so a sub-command without
    ``--lang`` does not erase the one given before its name.
    """
    parser.add_argument("--lang", metavar="LANG", default=None if top else argparse.SUPPRESS, help=LANG_HELP)
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                _add_lang_option(child, top=False)


def language_of(argv: Sequence[str]) -> str:
    """The language asked for: ``--lang X`` (or ``--lang=X``) anywhere, else the environment (LANG…).

    Read before argparse runs, so the messages about bad arguments are already
    in that language. An unknown language is a usage error naming the known ones.
    """
    asked: str | None = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            asked = argv[i + 1]
        elif arg.startswith("--lang="):
            asked = arg.split("=", 1)[1]
    if asked is None:
        return i18n.language_from_env()
    found = i18n.normalise(asked)
    if found is None:
        raise _Usage(
            f"asteroyds: --lang: unknown language {untrusted.printable(asked)!r} "
            f"(choose one of {', '.join(i18n.LANGUAGES)})"
        )
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        lang = language_of(argv)
    except _Usage as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_BAD_INPUT
    with i18n.use_language(lang):
        return _main(argv)


def _main(argv: Sequence[str]) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        out = args.run(args)
    except _Usage as exc:
        print(untrusted.printable(str(exc)), file=sys.stderr)
        return EXIT_BAD_INPUT
    except AsteroydsError as exc:
        print(_("asteroyds: error: {message}", message=untrusted.printable(str(exc))), file=sys.stderr)
        return EXIT_BAD_INPUT
    except SystemExit as exc:  # --help and --version print, then exit 0
        return exc.code if isinstance(exc.code, int) else 0
    if out:
        print(out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
