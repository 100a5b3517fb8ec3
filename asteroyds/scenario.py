"""Scenario files (``asteroyds/scenario@1``): load, validate, save.

The format is stable (docs/command-line.md): tests, teachers and the command line
rely on it. Loading either returns a complete, valid :class:`State` or raises
:class:`ScenarioError` naming the file, the piece and what is wrong; nothing is
ever loaded half-way. ``save(load(text))`` is canonical: saving again gives
the same bytes.

>>> from asteroyds.setups import racing
>>> s = racing(seed=1, players=["blue"])
>>> loads(dumps(s)) == s
True
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from . import untrusted
from .errors import ScenarioError
from .hexgrid import STANDARD_BOARD, Board, Cell, direction_name, parse_direction
from .i18n import _
from .pieces import MOVING_KINDS, PLATFORM, TURRET, Craft, Piece
from .rules import RuleSettings
from .state import State

FORMAT = "asteroyds/scenario@1"
PIECE_KEYS = {"id", "kind", "colour", "cell", "orientation", "facing", "priority", "symbol", "target", "team"}
PIECE_KEYS |= {"carrier", "home"}  # asteroyds, capture mode (docs/rules.md#11-capture-the-asteroyd)
CRAFT_KEYS = {"player", "pilot", "cell", "facing", "damage", "tokens", "destroy_used", "power_used", "team"}
TOP_KEYS = {"format", "mode", "rules", "pieces", "crafts", "player_order", "round", "scores", "board"}


# --- reading -------------------------------------------------------------------


def load(path: str | Path) -> State:
    """Read and validate a scenario file (through :mod:`asteroyds.untrusted`: size, UTF-8, depth)."""
    return loads(untrusted.read_text(path, "a scenario"), where=untrusted.printable(str(path)))


def loads(text: str, where: str = "scenario") -> State:
    """Parse and validate scenario JSON text."""
    return from_dict(parse_json(text, where), where=where)


def parse_json(text: str, where: str = "scenario") -> Any:
    """The data in untrusted JSON text (a scenario, a demo); anything wrong raises ScenarioError.

    >>> parse_json('{"mode": }', where="my.json")
    Traceback (most recent call last):
    ...
    asteroyds.errors.InputError: my.json: not valid JSON (line 1, column 10: Expecting value)
    """
    return untrusted.parse_json(text, where, "a scenario")


def from_dict(data: Any, where: str = "scenario") -> State:
    """Build a valid state from the parsed JSON object."""
    if not isinstance(data, dict):
        raise ScenarioError(
            _("{where}: a scenario is a JSON object, got {kind}", where=where, kind=type(data).__name__)
        )
    fmt = data.get("format")
    if fmt != FORMAT:
        raise ScenarioError(
            _("{where}: format must be {FORMAT!r}, got {fmt!r}", where=where, FORMAT=FORMAT, fmt=fmt)
        )
    untrusted.check_tree(data, where)  # strings, numbers and depth, also for data built in Python
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ScenarioError(_("{where}: unknown key {unknown!r}", where=where, unknown=unknown[0]))
    board = _board(data.get("board"), where)
    untrusted.check_counts("pieces", len(_list(data, "pieces", where)), untrusted.MAX_PIECES, where)
    untrusted.check_counts("crafts", len(_list(data, "crafts", where, False)), untrusted.MAX_CRAFTS, where)
    pieces = tuple(_piece(item, i, where, board) for i, item in enumerate(_list(data, "pieces", where)))
    crafts = tuple(
        _craft(item, i, where) for i, item in enumerate(_list(data, "crafts", where, required=False))
    )
    order = data.get("player_order", [c.player for c in crafts])
    if not isinstance(order, list) or not all(isinstance(p, str) for p in order):
        raise ScenarioError(
            _("{where}: player_order must be a list of player names, got {order!r}", where=where, order=order)
        )
    rnd = data.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool):
        raise ScenarioError(_("{where}: round must be a whole number, got {rnd!r}", where=where, rnd=rnd))
    untrusted.check_magnitude(rnd, untrusted.MAX_ROUND, where, "round")
    mode = data.get("mode", "racing")
    if not isinstance(mode, str):
        raise ScenarioError(_("{where}: mode must be a string, got {mode!r}", where=where, mode=mode))
    try:
        rules = RuleSettings.from_dict(data.get("rules", {}), where=f"{where}: rules")
    except ScenarioError as exc:  # RuleSettings' own checks do not know the file
        message = str(exc)
        raise ScenarioError(message if message.startswith(where) else f"{where}: {message}") from None
    state = State(
        mode=mode,
        pieces=pieces,
        crafts=crafts,
        player_order=tuple(order),
        round=rnd,
        rules=rules,
        board=board,
        scores=_scores(data.get("scores", {}), where),
    )
    return state.validate(where)


def _scores(value: Any, where: str) -> tuple[tuple[str, int], ...]:
    """Capture mode's team scores: ``{"red": 1, "white": 0}`` (the file's order is kept)."""
    ok = isinstance(value, dict) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value.values()
    )
    if not ok:
        raise ScenarioError(
            _("{where}: scores must map each team to a whole number, got {value!r}", where=where, value=value)
        )
    return tuple(value.items())


def _list(data: dict, key: str, where: str, required: bool = True) -> list:
    if key not in data:
        if required:
            raise ScenarioError(_("{where}: missing key {key!r}", where=where, key=key))
        return []
    value = data[key]
    if not isinstance(value, list):
        raise ScenarioError(
            _(
                "{where}: {key!r} must be a list, got {kind}",
                where=where,
                key=key,
                kind=type(value).__name__,
            )
        )
    return value


def _board(value: Any, where: str) -> Board:
    if value is None:
        return STANDARD_BOARD
    mask = value.get("mask") if isinstance(value, dict) else None
    if (
        not isinstance(mask, list)
        or not mask
        or not all(isinstance(row, str) and set(row) <= {"#", "."} for row in mask)
    ):
        raise ScenarioError(_("{where}: board must be {{\"mask\": [rows of '#' and '.']}}", where=where))
    untrusted.check_board_size(mask, where)
    return Board(mask)


def _cell(value: Any, at: str, board: Board | None = None) -> Cell:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ScenarioError(_("{at}: cell must be [row, col], got {value!r}", at=at, value=value))
    cell = (value[0], value[1])
    if board is not None and cell not in board:
        raise ScenarioError(_("{at}: cell {cell} is off the board", at=at, cell=cell))
    return cell


def _direction(value: Any, at: str, key: str) -> int:
    if not isinstance(value, str):
        raise ScenarioError(
            _("{at}: {key} must be one of E SE SW W NW NE, got {value!r}", at=at, key=key, value=value)
        )
    try:
        return parse_direction(value)
    except ValueError:
        raise ScenarioError(
            _("{at}: {key} {value!r} is not one of E SE SW W NW NE", at=at, key=key, value=value)
        ) from None


def _opt_str(item: dict, key: str, at: str) -> str | None:
    value = item.get(key)
    if value is not None and not isinstance(value, str):
        raise ScenarioError(_("{at}: {key} must be a string, got {value!r}", at=at, key=key, value=value))
    return value


def _piece(item: Any, index: int, where: str, board: Board) -> Piece:
    if not isinstance(item, dict):
        raise ScenarioError(
            _("{where}: pieces[{index}] must be an object, got {item!r}", where=where, index=index, item=item)
        )
    pid = item.get("id")
    at = f"{where}: piece {pid!r}" if isinstance(pid, str) and pid else f"{where}: pieces[{index}]"
    if not isinstance(pid, str) or not pid:
        raise ScenarioError(_("{at}: needs a non-empty string id", at=at))
    unknown = sorted(set(item) - PIECE_KEYS)
    if unknown:
        raise ScenarioError(_("{at}: unknown key {unknown!r}", at=at, unknown=unknown[0]))
    kind = item.get("kind")
    if not isinstance(kind, str):
        raise ScenarioError(_("{at}: needs a kind", at=at))
    orientation = None
    key, wrong = ("facing", "orientation") if kind == PLATFORM else ("orientation", "facing")
    if wrong in item:  # it would be silently dropped
        raise ScenarioError(
            _(
                "{at}: unknown key {wrong!r} for a {kind} (use {key!r})",
                at=at,
                wrong=wrong,
                kind=kind,
                key=key,
            )
        )
    if key in item:
        orientation = _direction(item[key], at, key)
    elif kind in MOVING_KINDS or kind == TURRET:
        raise ScenarioError(_("{at}: needs an orientation (E SE SW W NW NE)", at=at))
    priority = item.get("priority")
    if priority is not None and (not isinstance(priority, int) or isinstance(priority, bool)):
        raise ScenarioError(
            _("{at}: priority must be a whole number, got {priority!r}", at=at, priority=priority)
        )
    if priority is not None:
        untrusted.check_magnitude(priority, untrusted.MAX_PRIORITY, at, "priority")
    return Piece(
        id=pid,
        kind=kind,
        cell=_cell(item.get("cell"), at, board),
        colour=_opt_str(item, "colour", at),
        orientation=orientation,
        priority=priority,
        symbol=_opt_str(item, "symbol", at),
        target=_opt_str(item, "target", at),
        team=_opt_str(item, "team", at),
        carrier=_opt_str(item, "carrier", at),
        home=None if item.get("home") is None else _cell(item["home"], f"{at}: home", board),
    )


def _craft(item: Any, index: int, where: str) -> Craft:
    if not isinstance(item, dict):
        raise ScenarioError(
            _("{where}: crafts[{index}] must be an object, got {item!r}", where=where, index=index, item=item)
        )
    player = item.get("player")
    if not isinstance(player, str) or not player:
        raise ScenarioError(_("{where}: crafts[{index}] needs a player name", where=where, index=index))
    at = f"{where}: craft {player!r}"
    unknown = sorted(set(item) - CRAFT_KEYS)
    if unknown:
        raise ScenarioError(_("{at}: unknown key {unknown!r}", at=at, unknown=unknown[0]))
    cell_value = item.get("cell")
    cell = None if cell_value is None else _cell(cell_value, at)
    if "facing" not in item:
        raise ScenarioError(_("{at}: needs a facing (E SE SW W NW NE)", at=at))
    damage = item.get("damage", 0)
    if not isinstance(damage, int) or isinstance(damage, bool):
        raise ScenarioError(_("{at}: damage must be a whole number, got {damage!r}", at=at, damage=damage))
    tokens = item.get("tokens", [])
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise ScenarioError(_("{at}: tokens must be a list of symbols, got {tokens!r}", at=at, tokens=tokens))
    flags = {}
    for key in ("destroy_used", "power_used"):
        value = item.get(key, False)
        if not isinstance(value, bool):
            raise ScenarioError(
                _("{at}: {key} must be true or false, got {value!r}", at=at, key=key, value=value)
            )
        flags[key] = value
    return Craft(
        player=player,
        cell=cell,
        facing=_direction(item["facing"], at, "facing"),
        pilot=_opt_str(item, "pilot", at),
        damage=damage,
        tokens=tuple(tokens),
        team=_opt_str(item, "team", at),
        **flags,
    )


# --- writing -------------------------------------------------------------------


def to_dict(state: State) -> dict[str, Any]:
    """The scenario object of a state (canonical: same state, same object)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "mode": state.mode,
        "rules": state.rules.to_dict(),
        "pieces": [_piece_dict(p) for p in state.pieces],
        "crafts": [_craft_dict(c) for c in state.crafts],
        "player_order": list(state.player_order),
        "round": state.round,
    }
    if state.scores:
        data["scores"] = dict(state.scores)
    if state.board != STANDARD_BOARD:
        data["board"] = {"mask": list(state.board.mask)}
    return data


def _piece_dict(p: Piece) -> dict[str, Any]:
    d: dict[str, Any] = {"id": p.id, "kind": p.kind}
    if p.colour is not None:
        d["colour"] = p.colour
    d["cell"] = list(p.cell)
    if p.orientation is not None:
        d["facing" if p.kind == PLATFORM else "orientation"] = direction_name(p.orientation)
    for key in ("priority", "symbol", "target", "team", "carrier"):
        value = getattr(p, key)
        if value is not None:
            d[key] = value
    if p.home is not None:
        d["home"] = list(p.home)
    return d


def _craft_dict(c: Craft) -> dict[str, Any]:
    d: dict[str, Any] = {
        "player": c.player,
        "pilot": c.pilot,
        "cell": None if c.cell is None else list(c.cell),
        "facing": direction_name(c.facing),
        "damage": c.damage,
        "tokens": list(c.tokens),
        "destroy_used": c.destroy_used,
        "power_used": c.power_used,
    }
    if c.team is not None:
        d["team"] = c.team
    return d


def dumps(state: State) -> str:
    """Scenario JSON text: two-space indent, one piece per line, newline at the end."""
    data = to_dict(state)
    lines = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key in ("pieces", "crafts") and value:
            lines.append(f"  {json.dumps(key)}: [")
            for j, entry in enumerate(value):
                inner = "," if j < len(value) - 1 else ""
                lines.append(f"    {json.dumps(entry, ensure_ascii=False)}{inner}")
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save(state: State, path: str | Path) -> None:
    """Write a scenario file atomically (a failed write leaves the old file)."""
    path = Path(path)
    text = dumps(state)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
