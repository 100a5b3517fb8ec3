"""A saved game, ``asteroyds/game@1``: how a :class:`~asteroyds.game.Game` is written and read back.

A saved game is the setup plus the inputs (dice, programs, the answers a
phase used) and, for a mode with its own rules, those rules; nothing else,
as states and events are recomputed by replay. The text has stable bytes (one
input per line, keys sorted), so a saved game reloads and saves again byte
for byte. Reading trusts nothing: the format, every value's type and size
(:mod:`asteroyds.untrusted`), then every input, by replaying it.

:class:`~asteroyds.game.Game` keeps its methods (``dumps``, ``save``,
``loads``, ``load``, ``to_dict``, ``from_dict``); they call these functions,
which hold the format in one place.

>>> from asteroyds.game import Game
>>> game = Game.new(players=["blue"], seed=1)
>>> game.roll((3, 5, 2))
Dice(red=3, white=5, blue=2)
>>> dumps(game).splitlines()[-3]
'    {"order": ["red", "white", "blue"], "roll": [3, 5, 2]}'
>>> loads(Game, dumps(game)).dice == game.dice
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

from . import scenario, untrusted
from .damage import Decide
from .errors import AsteroydsError, ScenarioError
from .i18n import _
from .modes import mode_of
from .state import State

FORMAT = "asteroyds/game@1"


class Saveable(Protocol):
    """What the format reads of a game and asks of it (:class:`asteroyds.game.Game` has it all).

    The game module imports this one for its methods, so this one does not import it back: it names
    a game by what it needs, and a reader is given the class to make (``game_class``).
    """

    seed: int
    initial: State
    inputs: list[dict[str, Any]]
    mode_rules: Any

    def replay(self, inputs: Sequence[dict[str, Any]]) -> None: ...


GameT = TypeVar("GameT", bound=Saveable)


def to_dict(game: Saveable) -> dict[str, Any]:
    """The saved game as plain data (what :func:`dumps` writes)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "seed": game.seed,
        "setup": scenario.to_dict(game.initial),
        "inputs": [dict(item) for item in game.inputs],
    }
    # A mode with its own rules saves them (capture, docs/rules.md#11-capture-the-asteroyd).
    key = mode_of(game.initial).rules_key
    if key is not None:
        data[key] = game.mode_rules.to_dict()
    return data


def dumps(game: Saveable) -> str:
    """The saved game as JSON text: one input per line, stable bytes."""
    data = to_dict(game)
    setup_text = scenario.dumps(game.initial).rstrip("\n").replace("\n", "\n  ")
    inputs = ",\n    ".join(json.dumps(item, sort_keys=True) for item in data["inputs"])
    extra = ""
    key = mode_of(game.initial).rules_key
    if key is not None:
        extra = f'  "{key}": {json.dumps(data[key], sort_keys=True)},\n'
    body = f'{{\n  "format": "{FORMAT}",\n  "seed": {game.seed},\n  "setup": {setup_text},\n{extra}'
    body += f'  "inputs": [\n    {inputs}\n  ]\n}}\n' if inputs else '  "inputs": []\n}\n'
    return body


def save(game: Saveable, path: str | Path) -> None:
    """Write the saved game to ``path`` through a temporary file, so a crash never leaves half a file."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(dumps(game), encoding="utf-8")
    tmp.replace(path)


def from_dict(
    game_class: Callable[..., GameT], data: Any, where: str = "game", policy: Decide | None = None
) -> GameT:
    """A ``game_class`` game from saved data, its inputs replayed; a ScenarioError names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScenarioError(
            _("{where}: not a saved game (format must be {FORMAT!r})", where=where, FORMAT=FORMAT)
        )
    untrusted.check_tree(data, where)  # strings, numbers and depth, also for data built in Python
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError(_("{where}: seed must be a whole number, got {seed!r}", where=where, seed=seed))
    inputs = data.get("inputs", [])
    if not isinstance(inputs, list) or not all(isinstance(i, dict) for i in inputs):
        raise ScenarioError(_("{where}: inputs must be a list of objects", where=where))
    initial = scenario.from_dict(data.get("setup"), where=f"{where}: setup")
    mode = mode_of(initial)
    own = data.get(mode.rules_key) if mode.rules_key is not None else None
    if own is not None and not isinstance(own, dict):
        raise ScenarioError(
            _("{where}: {rules_key} must be an object", where=where, rules_key=mode.rules_key)
        )
    game = game_class(initial, seed=seed, policy=policy, mode_rules=mode.rules_from(own, where))
    try:
        game.replay(inputs)
    except AsteroydsError as exc:
        raise ScenarioError(_("{where}: the inputs do not replay: {error}", where=where, error=exc)) from None
    return game


def loads(
    game_class: Callable[..., GameT], text: str, where: str = "game", policy: Decide | None = None
) -> GameT:
    """A game from a saved game's text (parsed as untrusted JSON first)."""
    data = untrusted.parse_json(text, where, "a saved game")
    return from_dict(game_class, data, where=where, policy=policy)


def load(game_class: Callable[..., GameT], path: str | Path, policy: Decide | None = None) -> GameT:
    """A game from a saved game's file; errors name the file."""
    text = untrusted.read_text(path, "a saved game")
    return loads(game_class, text, where=untrusted.printable(str(path)), policy=policy)
