"""The ``asteroyds`` command: drive the engine from a shell, a script or a test.

Bad input never shows a traceback: one line on stderr naming what is wrong,
and exit code 2 (DESIGN.md §4).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from . import scenario
from .asteroids import resolve_asteroids
from .dice import Dice
from .errors import AsteroydsError
from .events import Event
from .setups import SETUP_NAMES, setup
from .state import State

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but usage errors are one line and exit 2 like every other bad input."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _Usage(f"{self.prog}: {message}")


class _Usage(Exception):
    pass


def load_state(source: str, seed: int, players: Sequence[str] | None = None) -> State:
    """A scenario file, or a built-in setup name (with ``--seed``)."""
    if source in SETUP_NAMES and not Path(source).exists():
        return setup(source, seed=seed, players=players)
    path = Path(source)
    if not path.exists():
        raise AsteroydsError(f"{source}: no such scenario file (or built-in setup: {', '.join(SETUP_NAMES)})")
    return scenario.load(path)


def _output(state: State, events: Sequence[Event], as_json: bool) -> str:
    if as_json:
        payload = {"scenario": scenario.to_dict(state), "events": [e.to_dict() for e in events]}
        return json.dumps(payload, indent=2, ensure_ascii=False)
    return "\n".join(e.text() for e in events)


def cmd_asteroids(args: argparse.Namespace) -> str:
    state = load_state(args.scenario, args.seed)
    after, events = resolve_asteroids(state, Dice.of(args.dice))
    return _output(after, events, args.json)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="asteroyds", description="Asteroyds Academy: rules engine and app.")
    parser.add_argument("--version", action="version", version="asteroyds 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    p = sub.add_parser("asteroids", help="resolve phase 2 (the asteroids) of a scenario")
    p.add_argument("scenario", help="scenario file, or a setup name: " + ", ".join(SETUP_NAMES))
    p.add_argument("--dice", nargs=3, type=int, required=True, metavar=("R", "W", "B"))
    p.add_argument("--seed", type=int, default=0, help="seed for a built-in setup (default 0)")
    p.add_argument("--json", action="store_true", help="print the resulting scenario and events")
    p.set_defaults(run=cmd_asteroids)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        out = args.run(args)
    except _Usage as exc:
        print(exc, file=sys.stderr)
        return EXIT_BAD_INPUT
    except AsteroydsError as exc:
        print(f"asteroyds: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    if out:
        print(out)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
