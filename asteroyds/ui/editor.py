"""The scenario editor: build a board by clicking hexes, then save, share or preview it.

Two layers, as everywhere in :mod:`asteroyds.ui`. :class:`EditorController`
is plain Python: it holds a :class:`~asteroyds.state.State`; every change
builds a new state and validates it (:meth:`State.validate`), so a refused
change leaves the board as it was and says why in one sentence ("(6, 7)
already holds red asteroid #1"). Every change can be undone. Nothing here
decides a rule: the preview runs the engine's
:func:`~asteroyds.asteroids.resolve_asteroids`. :class:`ScenarioEditor` is
the view (CSS class ``asteroyds-editor``).

>>> editor = EditorController()
>>> editor.select_tool("asteroid", colour="red", orientation="E")
Tool(name='asteroid', colour='red', symbol=None, orientation=0, priority=None)
>>> editor.click((6, 6)).message
'Added red asteroid #1 at (6, 6)'
>>> editor.click((6, 6)).message
'(6, 6) already holds red asteroid #1'
>>> editor.rotate(turns=1).message
'Red asteroid #1 now has its “1” edge facing SE'
>>> editor.undo().ok, editor.state.piece("R1").orientation
(True, 0)
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import ipywidgets as widgets

from .. import demos, scenario
from ..asteroids import resolve_asteroids
from ..dice import Dice
from ..errors import AsteroydsError, ScenarioError
from ..events import Event
from ..hexgrid import Cell, direction_name, parse_direction
from ..pieces import (
    DRONE,
    GATE,
    KIND_COLOURS,
    MAX_DAMAGE,
    PILOTS,
    PLATFORM,
    PLAYER_COLOURS,
    POD,
    TILE_COLOURS,
    TURRET,
    Craft,
    Piece,
)
from ..rules import MODES
from ..setups import ID_PREFIX, SETUP_NAMES, setup
from ..state import State
from . import links, theme
from .board import BoardView
from .dice import DiceController, DiceView
from .theme import COLOURS

PIECE_TOOLS: tuple[str, ...] = ("asteroid", "gate", "pod", "platform", "turret", "drone")
TOOLS: tuple[str, ...] = ("select", *PIECE_TOOLS, "craft", "rotate", "remove", "priority", "move")
TOOL_LABELS: dict[str, str] = {
    "select": "Select",
    "asteroid": "Asteroid",
    "gate": "Gate",
    "pod": "Pod",
    "platform": "Platform",
    "turret": "Turret",
    "drone": "Drone",
    "craft": "Craft",
    "rotate": "Rotate ⟳",
    "remove": "Remove",
    "priority": "Priority",
    "move": "Move",
}
TOOL_COLOURS: dict[str, tuple[str, ...]] = {
    "asteroid": TILE_COLOURS,
    "gate": KIND_COLOURS[GATE],
    "platform": PLAYER_COLOURS,
    "craft": PLAYER_COLOURS,
}
SYMBOLS: tuple[str, ...] = ("A", "B", "C", "D")
ID_PREFIXES: dict[str, str] = {POD: "P", PLATFORM: "L", TURRET: "T", DRONE: "D", GATE: "G"}
SETUP_CHOICES: tuple[str, ...] = ("empty", *SETUP_NAMES)
UNDO_LIMIT = 200
Target = tuple[str, str]  # ("piece", id) or ("craft", player)
Observer = Callable[["EditorController"], object]


@dataclass(frozen=True)
class Tool:
    """What a click on a hex does, with the options of the pieces it adds."""

    name: str = "select"
    colour: str | None = None  # a tile colour (asteroid, gate) or a player colour (platform, craft)
    symbol: str | None = None  # gate, turret, drone
    orientation: int = 0  # new tiles' "1" edge, new crafts' and platforms' facing
    priority: int | None = None  # the priority tool's number


@dataclass(frozen=True)
class EditResult:
    """The answer to one edit: ``ok`` (the board changed, or the click selected) and a sentence."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok


@dataclass(frozen=True)
class Preview:
    """The asteroid phase of the board being edited, with the editor's dice (the board is unchanged)."""

    state: State
    events: tuple[Event, ...]

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(e.text() for e in self.events)


def empty_state(mode: str = "racing") -> State:
    """An empty standard board."""
    return State(mode=mode, pieces=()).validate("new board")


def _as_cell(cell: Sequence[int]) -> Cell:
    return (int(cell[0]), int(cell[1]))


def _orientation(value: int | str) -> int:
    if isinstance(value, str):
        return parse_direction(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 6:
        raise ValueError(f"orientation must be 0..5 or one of E SE SW W NW NE, got {value!r}")
    return value


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plain(exc: Exception) -> str:
    """An engine message without the "editor: " prefix of the validation."""
    return re.sub(r"^(editor|new board|pasted text): ", "", str(exc))


def parse_tokens(text: str | Iterable[str]) -> tuple[str, ...]:
    """Gate tokens from ``"A B"``, ``"A,B"``, ``"AB"`` or a list."""
    if not isinstance(text, str):
        return tuple(str(t) for t in text)
    parts = [p for p in re.split(r"[\s,;]+", text.strip().upper()) if p]
    if len(parts) == 1 and len(parts[0]) > 1 and parts[0].isalpha():
        parts = list(parts[0])
    return tuple(parts)


class EditorController:
    """A board being edited: tools, clicks, undo/redo, JSON in and out, and a preview.

    Observers (:meth:`observe`) are called after every change of the board,
    the selection, the tool, the dice or the message.
    """

    def __init__(self, state: State | None = None, dice: Dice | Sequence[int] = (1, 1, 1)) -> None:
        self._state = (state or empty_state()).validate("editor")
        self._dice = Dice.of(dice)
        self._tool = Tool()
        self._undo: list[State] = []
        self._redo: list[State] = []
        self._selected: Target | None = None
        self._moving: Target | None = None
        self._observers: list[Observer] = []
        self.message = "Pick a tool, then click a hex."
        self.ok = True

    # --- reading ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def dice(self) -> Dice:
        """The demonstration dice (used by the preview and the shared link)."""
        return self._dice

    @property
    def tool(self) -> Tool:
        return self._tool

    @property
    def selected(self) -> Target | None:
        return self._selected

    @property
    def moving(self) -> Target | None:
        """What the Move tool has picked up (its next click puts it down)."""
        return self._moving

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def cell_of(self, target: Target | None) -> Cell | None:
        if target is None:
            return None
        kind, key = target
        if kind == "piece":
            return self._state.piece(key).cell if self._state.has_piece(key) else None
        craft = self._craft(key)
        return None if craft is None else craft.cell

    def describe(self, target: Target | None = None) -> str:
        """The selected piece or craft in words (with its orientation, priority, damage)."""
        target = self._selected if target is None else target
        if target is None:
            return "Nothing selected."
        kind, key = target
        if kind == "craft":
            c = self._state.craft(key)
            pilot = f", pilot {c.pilot}" if c.pilot else ""
            tokens = f", tokens {' '.join(c.tokens)}" if c.tokens else ""
            facing = direction_name(c.facing)
            return f"The {key} craft at {c.cell} facing {facing}, damage {c.damage}{pilot}{tokens}"
        p = self._state.piece(key)
        text = f"{_cap(p.describe())} at {p.cell}"
        if p.orientation is not None:
            text += f", {'facing' if p.kind == PLATFORM else '“1” edge'} {direction_name(p.orientation)}"
        if p.symbol:
            text += f", symbol {p.symbol}"
        return text

    # --- tools and clicks ------------------------------------------------------------
    def select_tool(self, name: str, **options: Any) -> Tool:
        """Choose what a click does; ``colour``, ``symbol``, ``orientation``, ``priority`` as options."""
        if name not in TOOLS:
            raise ValueError(f"no tool {name!r} (expected one of {', '.join(TOOLS)})")
        unknown = sorted(set(options) - {"colour", "symbol", "orientation", "priority"})
        if unknown:
            raise ValueError(f"unknown tool option {unknown[0]!r}")
        colour = options.get("colour", self._tool.colour)
        allowed = TOOL_COLOURS.get(name)
        if allowed is not None and colour not in allowed:
            if "colour" in options:
                raise ValueError(f"a {name} cannot be {colour!r} (expected one of {', '.join(allowed)})")
            colour = allowed[0]
        symbol = options.get("symbol", self._tool.symbol)
        if symbol is not None and symbol not in SYMBOLS:
            raise ValueError(f"symbol must be one of {' '.join(SYMBOLS)}, got {symbol!r}")
        orientation = _orientation(options.get("orientation", self._tool.orientation))
        priority = options.get("priority", self._tool.priority)
        if priority is not None and (isinstance(priority, bool) or not isinstance(priority, int)):
            raise ValueError(f"priority must be a whole number, got {priority!r}")
        self._tool = Tool(name, colour if allowed else None, symbol, orientation, priority)
        self._moving = None
        self._notify()
        return self._tool

    def click(self, cell: Sequence[int]) -> EditResult:
        """Apply the current tool at ``cell`` (what a click on the board does)."""
        cell = _as_cell(cell)
        if cell not in self._state.board:
            return self._refuse(f"{cell} is off the board")
        t = self._tool
        if t.name == "select":
            return self.select(cell)
        if t.name in PIECE_TOOLS:
            return self.add(t.name, cell, colour=t.colour, symbol=t.symbol, orientation=t.orientation)
        if t.name == "craft":
            return self.add_craft(t.colour or self._free_player(), cell, facing=t.orientation)
        if t.name == "rotate":
            return self.rotate(cell, 1)
        if t.name == "remove":
            return self.remove(cell)
        if t.name == "priority":
            if t.priority is None:
                return self._refuse("Type the priority number first, then click a tile")
            return self.set_priority(cell, t.priority)
        return self._move_click(cell)

    def select(self, cell: Sequence[int]) -> EditResult:
        """Select the top piece or craft of a cell (a craft first, then a drone, then the piece)."""
        cell = _as_cell(cell)
        target = self._top(cell)
        self._selected = target
        if target is None:
            return self._done(f"{cell}: empty space")
        return self._done(f"Selected: {self.describe(target)}")

    def _move_click(self, cell: Cell) -> EditResult:
        if self._moving is None:
            target = self._top(cell)
            if target is None:
                return self._refuse(f"Nothing to move at {cell}")
            self._moving = self._selected = target
            return self._done(f"Moving {self._name(target)}: click where it goes")
        if self.cell_of(self._moving) == cell:
            self._moving = None
            return self._done("Move cancelled")
        result = self.move(self._moving, cell)
        if result.ok:
            self._moving = None
            self._notify()
        return result

    # --- edits -----------------------------------------------------------------------
    def add(
        self,
        kind: str,
        cell: Sequence[int],
        *,
        colour: str | None = None,
        symbol: str | None = None,
        orientation: int | str | None = None,
        priority: int | None = None,
    ) -> EditResult:
        """Add an asteroid, gate, pod, platform, turret or drone."""
        cell = _as_cell(cell)
        s = self._state
        if kind not in PIECE_TOOLS:
            return self._refuse(f"cannot add a {kind!r} (expected one of {', '.join(PIECE_TOOLS)})")
        problem = self._space_problem(kind, cell)
        if problem:
            return self._refuse(problem)
        facing = self._tool.orientation if orientation is None else _orientation(orientation)
        turret = next((p for p in s.pieces_at(cell) if p.kind == TURRET), None)
        if kind == "asteroid":
            colour = colour or "red"
            piece = Piece(self._new_id(ID_PREFIX.get(colour, "A")), kind, cell, colour, facing)
        elif kind == GATE:
            symbol = symbol or self._free_symbol(GATE)
            piece = Piece(self._new_id("G" + symbol, numbered=False), kind, cell, colour or "red", facing)
            piece = piece._replace(symbol=symbol)
        elif kind == DRONE:
            symbol = turret.symbol if turret is not None else (symbol or "A")
            piece = Piece(self._new_id("D"), kind, cell, "white/red", facing, symbol=symbol)
        elif kind == TURRET:
            symbol = symbol or self._free_symbol(TURRET)
            piece = Piece(self._new_id("T"), kind, cell, orientation=facing, symbol=symbol)
        elif kind == PLATFORM:
            piece = Piece(self._new_id("L"), kind, cell, colour or "blue", facing)
        else:
            piece = Piece(self._new_id("P"), kind, cell)
        if piece.is_moving:
            piece = piece._replace(priority=priority if priority is not None else self._free_priority())
        return self._commit(
            s.with_pieces((*s.pieces, piece)), f"Added {piece.describe()} at {cell}", ("piece", piece.id)
        )

    def add_craft(
        self, player: str, cell: Sequence[int], *, facing: int | str = 0, pilot: str | None = None
    ) -> EditResult:
        """Put a player's craft on the board (one per player)."""
        cell = _as_cell(cell)
        if player not in PLAYER_COLOURS:
            return self._refuse(f"no player colour {player!r} (expected one of {', '.join(PLAYER_COLOURS)})")
        existing = self._craft(player)
        if existing is not None:
            return self._refuse(f"the {player} craft is already on the board at {existing.cell}: move it")
        problem = self._craft_problem(cell)
        if problem:
            return self._refuse(problem)
        craft = Craft(player, cell, _orientation(facing), pilot=pilot or None)
        s = self._state.replace(
            crafts=(*self._state.crafts, craft), player_order=(*self._state.player_order, player)
        )
        return self._commit(s, f"Added the {player} craft at {cell}", ("craft", player))

    def rotate(self, target: Target | Sequence[int] | str | None = None, turns: int = 1) -> EditResult:
        """Turn a tile, turret or platform (its "1" edge) or a craft: +1 clockwise, -1 anticlockwise."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        kind, key = found
        if kind == "craft":
            craft = self._state.craft(key)
            facing = (craft.facing + turns) % 6
            return self._commit(
                self._state.update_crafts({key: replace(craft, facing=facing)}),
                f"The {key} craft now faces {direction_name(facing)}",
                found,
            )
        p = self._state.piece(key)
        if not (p.is_moving or p.kind in (TURRET, PLATFORM)):
            return self._refuse(f"{_cap(p.describe())} has no orientation: nothing to rotate")
        orientation = ((p.orientation or 0) + turns) % 6
        what = "faces" if p.kind == PLATFORM else "now has its “1” edge facing"
        return self._commit(
            self._state.update_pieces({key: p._replace(orientation=orientation)}),
            f"{_cap(p.describe())} {what} {direction_name(orientation)}",
            found,
        )

    def remove(self, target: Target | Sequence[int] | str | None = None) -> EditResult:
        """Take a piece or a craft off the board."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        kind, key = found
        s = self._state
        if kind == "craft":
            cell = s.craft(key).cell
            s = s.replace(
                crafts=tuple(c for c in s.crafts if c.player != key),
                player_order=tuple(p for p in s.player_order if p != key),
            )
            return self._commit(s, f"Removed the {key} craft from {cell}", None)
        p = s.piece(key)
        return self._commit(s.update_pieces({}, removed=[key]), f"Removed {p.describe()} from {p.cell}", None)

    def set_priority(self, target: Target | Sequence[int] | str | None, priority: int) -> EditResult:
        """Give a moving tile a priority number; the tile that had it takes the old one (a swap)."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        if found[0] == "craft":
            return self._refuse("a craft has no priority number (only asteroids, gates and drones do)")
        p = self._state.piece(found[1])
        if not p.is_moving:
            return self._refuse(
                f"{_cap(p.describe())} has no priority number (only asteroids, gates and drones do)"
            )
        if isinstance(priority, bool) or not isinstance(priority, int) or priority < 1:
            return self._refuse(f"a priority number is a whole number from 1, got {priority!r}")
        if priority == p.priority:
            return self._done(f"{_cap(p.describe())} already has priority {priority}", found)
        other = next((q for q in self._state.pieces if q.is_moving and q.priority == priority), None)
        changed = {p.id: p._replace(priority=priority)}
        message = f"{_cap(p.describe())} is now #{priority}"
        if other is not None:
            changed[other.id] = other._replace(priority=p.priority)
            message += f"; {other.describe()} took #{p.priority}"
        return self._commit(self._state.update_pieces(changed), message, found)

    def move(self, target: Target | Sequence[int] | str | None, cell: Sequence[int]) -> EditResult:
        """Move a piece or a craft to another cell."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        cell = _as_cell(cell)
        kind, key = found
        s = self._state
        if kind == "craft":
            problem = self._craft_problem(cell)
            if problem:
                return self._refuse(problem)
            craft = s.craft(key)
            return self._commit(
                s.update_crafts({key: replace(craft, cell=cell)}), f"Moved the {key} craft to {cell}", found
            )
        p = s.piece(key)
        problem = self._space_problem(p.kind, cell, ignore=p.id)
        if problem:
            return self._refuse(problem)
        return self._commit(
            s.update_pieces({key: p._replace(cell=cell)}), f"Moved {p.describe()} to {cell}", found
        )

    def set_damage(self, player: str, damage: int) -> EditResult:
        """A craft's damage, 0..5 (6 would destroy it: remove the craft instead)."""
        if isinstance(damage, bool) or not isinstance(damage, int) or not 0 <= damage < MAX_DAMAGE:
            return self._refuse(
                f"damage is 0..{MAX_DAMAGE - 1} ({MAX_DAMAGE} destroys the craft), got {damage!r}"
            )
        return self._edit_craft(player, f"The {player} craft has {damage} damage", damage=damage)

    def set_pilot(self, player: str, pilot: str | None) -> EditResult:
        """A craft's pilot (advanced rules), or none; the power is unused again."""
        if pilot and pilot not in PILOTS:
            return self._refuse(f"no pilot {pilot!r} (expected one of {', '.join(PILOTS)})")
        message = f"The {player} craft's pilot: {pilot or 'none'}"
        return self._edit_craft(player, message, pilot=pilot or None, power_used=False)

    def set_tokens(self, player: str, tokens: str | Iterable[str]) -> EditResult:
        """The gate tokens a craft holds (``"A B"``)."""
        held = parse_tokens(tokens)
        return self._edit_craft(
            player, f"The {player} craft holds {' '.join(held) or 'no token'}", tokens=held
        )

    def _edit_craft(self, player: str, message: str, **changes: Any) -> EditResult:
        craft = self._craft(player)
        if craft is None:
            return self._refuse(f"no {player} craft on the board")
        return self._commit(
            self._state.update_crafts({player: replace(craft, **changes)}), message, ("craft", player)
        )

    def set_mode(self, mode: str) -> EditResult:
        if mode not in MODES:
            return self._refuse(f"no mode {mode!r} (expected one of {', '.join(MODES)})")
        return self._commit(self._state.replace(mode=mode), f"Mode: {mode}", self._selected)

    def set_rule(self, name: str, value: object) -> EditResult:
        """Turn a variant on or off (RULES §10), e.g. ``return_to_platform``."""
        try:
            rules = self._state.rules.with_changes(**{name: value})
        except (TypeError, AsteroydsError) as exc:
            return self._refuse(f"rule {name!r}: {exc}")
        return self._commit(self._state.replace(rules=rules), f"Rule {name}: {value}", self._selected)

    def set_dice(self, dice: Dice | Sequence[int]) -> EditResult:
        """The demonstration dice (not part of the scenario file, so not undone)."""
        try:
            self._dice = Dice.of(dice)
        except AsteroydsError as exc:
            return self._refuse(str(exc))
        return self._done(f"Dice: {self._dice}")

    # --- undo, files, new boards -----------------------------------------------------
    def undo(self) -> EditResult:
        if not self._undo:
            return self._refuse("Nothing to undo")
        self._redo.append(self._state)
        self._state = self._undo.pop()
        self._moving = None
        return self._done("Undone")

    def redo(self) -> EditResult:
        if not self._redo:
            return self._refuse("Nothing to redo")
        self._undo.append(self._state)
        self._state = self._redo.pop()
        self._moving = None
        return self._done("Redone")

    def to_json(self) -> str:
        """The board as a scenario file (``asteroyds/scenario@1``)."""
        return scenario.dumps(self._state)

    def to_demo_json(self, title: str, explain: str, rule: str = "RULES", name: str = "my-demo") -> str:
        """The board and the dice as a gallery demo file (``asteroyds/demo@1``)."""
        demo = demos.make_demo(self._state, self._dice, name=name, title=title, explain=explain, rule=rule)
        return demos.dumps(demo)

    def load_json(self, text: str, where: str = "pasted text") -> EditResult:
        """Load a scenario (or a gallery demo, with its dice); a broken file changes nothing."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            return self._refuse(f"{where}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})")
        except RecursionError:
            return self._refuse(f"{where}: not a scenario (JSON nested too deeply)")
        try:
            if isinstance(data, dict) and data.get("format") == demos.FORMAT:
                demo = demos.from_dict(data, name="loaded", where=where)
                return self.load_state(demo.state, f"Loaded the demo “{demo.title}”", dice=demo.dice)
            state = scenario.from_dict(data, where=where)
        except AsteroydsError as exc:
            return self._refuse(str(exc))
        return self.load_state(state, f"Loaded {where}")

    def load_state(self, state: State, message: str = "Loaded", dice: Dice | None = None) -> EditResult:
        """Replace the whole board (undoable)."""
        if dice is not None:
            self._dice = Dice.of(dice)
        return self._commit(state, message, None)

    def new_board(self, mode: str = "racing") -> EditResult:
        """An empty board."""
        if mode not in MODES:
            return self._refuse(f"no mode {mode!r} (expected one of {', '.join(MODES)})")
        return self.load_state(empty_state(mode), f"New empty {mode} board")

    def load_setup(self, name: str, seed: int = 0, players: Sequence[str] = ("blue",)) -> EditResult:
        """A built-in setup (``racing``, ``shooting``, ``drones``, ``targets``; ``empty``) with a seed."""
        if name == "empty":
            return self.new_board()
        try:
            state = setup(name, seed=int(seed), players=list(players))
        except (AsteroydsError, ValueError, KeyError) as exc:
            return self._refuse(str(exc))
        return self.load_state(state, f"The {name} setup, seed {seed}, players {', '.join(players)}")

    def preview(self) -> Preview:
        """Run the asteroid phase on the board with the dice (every shield up); the board is unchanged."""
        after, events = resolve_asteroids(self._state, self._dice)
        return Preview(after, tuple(events))

    def share_link(self, base_url: str = "") -> str:
        """A link that opens this board and dice (see :mod:`asteroyds.ui.links`)."""
        return links.share_link(self._state, base_url, dice=self._dice)

    # --- observers -------------------------------------------------------------------
    def observe(self, callback: Observer, remove: bool = False) -> None:
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def _notify(self) -> None:
        for callback in list(self._observers):
            callback(self)

    # --- inside ----------------------------------------------------------------------
    def _commit(self, state: State, message: str, select: Target | None) -> EditResult:
        try:
            state = state.validate("editor")
        except ScenarioError as exc:
            return self._refuse(_plain(exc))
        self._undo.append(self._state)
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()
        self._state = state
        self._selected = select
        return self._done(message, select)

    def _done(self, message: str, select: Target | None | bool = False) -> EditResult:
        if select is not False:
            self._selected = select  # type: ignore[assignment]
        if self._selected is not None and self.cell_of(self._selected) is None:
            self._selected = None
        if self._moving is not None and self.cell_of(self._moving) is None:
            self._moving = None
        self.message, self.ok = message, True
        self._notify()
        return EditResult(True, message)

    def _refuse(self, message: str) -> EditResult:
        self.message, self.ok = message, False
        self._notify()
        return EditResult(False, message)

    def _craft(self, player: str) -> Craft | None:
        return next((c for c in self._state.crafts if c.player == player), None)

    def _top(self, cell: Cell) -> Target | None:
        crafts = self._state.crafts_at(cell)
        if crafts:
            return ("craft", crafts[0].player)
        pieces = sorted(self._state.pieces_at(cell), key=lambda p: p.kind != DRONE)
        return ("piece", pieces[0].id) if pieces else None

    def _name(self, target: Target) -> str:
        kind, key = target
        return f"the {key} craft" if kind == "craft" else self._state.piece(key).describe()

    def _target(self, target: Target | Sequence[int] | str | None) -> Target | EditResult:
        """A selection, a cell (its top piece or craft), a piece id or a player."""
        if target is None:
            if self._selected is None:
                return self._refuse("Select a piece or a craft first (Select tool, then click it)")
            return self._selected
        if isinstance(target, str):
            if self._state.has_piece(target):
                return ("piece", target)
            if self._craft(target) is not None:
                return ("craft", target)
            return self._refuse(f"no piece or craft {target!r} on the board")
        if len(target) == 2 and target[0] in ("piece", "craft") and isinstance(target[1], str):
            if self.cell_of(target) is None:  # type: ignore[arg-type]
                return self._refuse(f"no {target[0]} {target[1]!r} on the board")
            return (str(target[0]), target[1])
        cell = _as_cell(target)  # type: ignore[arg-type]
        found = self._top(cell)
        if found is None:
            return self._refuse(f"{cell} is empty: nothing there")
        return found

    def _space_problem(self, kind: str, cell: Cell, ignore: str | None = None) -> str:
        """Why a piece of this kind cannot go to ``cell`` ("" if it can)."""
        s = self._state
        if cell not in s.board:
            return f"{cell} is off the board"
        here = [p for p in s.pieces_at(cell) if p.id != ignore]
        for other in here:
            inside = kind == DRONE and other.kind == TURRET and not any(q.kind == DRONE for q in here)
            if not inside:
                return f"{cell} already holds {other.describe()}"
        crafts = s.crafts_at(cell)
        racing_gate = kind == GATE and s.mode == "racing"
        if crafts and kind != PLATFORM and not racing_gate:
            return f"{cell} holds the {crafts[0].player} craft: a {kind} cannot share its space"
        return ""

    def _craft_problem(self, cell: Cell) -> str:
        s = self._state
        if cell not in s.board:
            return f"{cell} is off the board"
        for p in s.pieces_at(cell):
            if p.kind != PLATFORM and not (p.kind == GATE and s.mode == "racing"):
                return f"{cell} holds {p.describe()}: a craft cannot stand there"
        return ""

    def _new_id(self, prefix: str, numbered: bool = True) -> str:
        if not numbered and not self._state.has_piece(prefix):
            return prefix
        n = 1
        while self._state.has_piece(f"{prefix}{n}"):
            n += 1
        return f"{prefix}{n}"

    def _free_priority(self) -> int:
        taken = {p.priority for p in self._state.pieces if p.is_moving}
        n = 1
        while n in taken:
            n += 1
        return n

    def _free_symbol(self, kind: str) -> str:
        taken = {p.symbol for p in self._state.pieces if p.kind == kind}
        return next((s for s in SYMBOLS if s not in taken), SYMBOLS[0])

    def _free_player(self) -> str:
        taken = {c.player for c in self._state.crafts}
        return next((p for p in PLAYER_COLOURS if p not in taken), PLAYER_COLOURS[0])


# --- the view ---------------------------------------------------------------------------
CSS = f"""<style>
.asteroyds-editor .asteroyds-editor-side {{ width: 390px; }}
.asteroyds-editor .asteroyds-editor-tools .widget-toggle-button {{ margin: 2px; }}
.asteroyds-editor .asteroyds-editor-message {{ font-size: 15px; min-height: 24px; }}
.asteroyds-editor .asteroyds-ok {{ color: #8fe3a7; }}
.asteroyds-editor .asteroyds-refused {{ color: {COLOURS["collision"]}; font-weight: bold; }}
.asteroyds-editor .asteroyds-editor-selection {{ font-size: 13px; min-height: 36px; }}
.asteroyds-editor .widget-label, .asteroyds-editor .widget-label-basic span {{ color: {COLOURS["muted"]}; }}
.asteroyds-editor .widget-text input, .asteroyds-editor .widget-text input[type="number"] {{
  background-color: #141b3a; color: {COLOURS["text"]}; border: 1px solid #34427a; }}
.asteroyds-editor .asteroyds-card {{ border: 1px solid #26305a; border-radius: 8px; padding: 6px 8px; }}
.asteroyds-editor a.asteroyds-link {{ color: {COLOURS["player_yellow"]}; font-weight: bold; }}
.asteroyds-editor textarea {{ background-color: #141b3a; color: {COLOURS["text"]}; font-family: monospace;
  font-size: 11px; }}
.asteroyds-editor .asteroyds-editor-preview-log ol {{ margin: 4px 0; padding-left: 22px; font-size: 13px;
  color: {COLOURS["text"]}; }}
</style>"""
DIRECTION_OPTIONS: list[tuple[str, int]] = [(direction_name(d), d) for d in range(6)]


def _button(label: str, css: str, tooltip: str, width: str = "auto", primary: bool = False) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width=width))
    button.add_class(css)
    if primary:
        button.add_class("asteroyds-primary")
    return button


def _sized(widget: widgets.Widget, width: str, css: str = "") -> widgets.Widget:
    widget.layout.width = width
    if css:
        widget.add_class(css)
    return widget


def _title(text: str) -> widgets.HTML:
    return widgets.HTML(f"<span class='asteroyds-title'>{html.escape(text)}</span>")


def download_html(text: str, filename: str = "asteroyds-scenario.json") -> str:
    """An HTML link that downloads ``text`` as a file (Voila gives the page no file system)."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="asteroyds-link asteroyds-editor-download-link" download="{html.escape(filename)}" '
        f'href="data:application/json;charset=utf-8;base64,{data}">⬇ Download scenario</a>'
    )


class ScenarioEditor(widgets.VBox):
    """The editor widget: a board to click, a tool palette, the selection's settings, dice and files.

    CSS classes: ``asteroyds-editor`` (root), ``asteroyds-editor-tools``,
    ``asteroyds-editor-undo`` / ``-redo`` / ``-rotate-left`` / ``-rotate-right``
    / ``-remove`` / ``-set-priority`` / ``-apply-craft`` / ``-preview`` /
    ``-new`` / ``-upload`` / ``-json`` / ``-load-text`` / ``-show-json``,
    ``-download`` and ``-share`` (the links) and ``-message``.
    """

    def __init__(
        self,
        state: State | None = None,
        *,
        dice: Dice | Sequence[int] = (1, 1, 1),
        controller: EditorController | None = None,
        page_url: str | None = None,
    ) -> None:
        super().__init__()
        self._controller = controller or EditorController(state, dice)
        self._page_url = links.page_url() if page_url is None else page_url
        self._previewing: Preview | None = None
        self._syncing = False
        self._build()
        self._controller.observe(self._changed)
        self._changed(self._controller)
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-editor")

    @property
    def controller(self) -> EditorController:
        return self._controller

    @property
    def board(self) -> BoardView:
        return self._board

    def open_query(self, query_string: str | None) -> EditResult | None:
        """Load a shared ``?scenario=`` link (or ``?demo=``) into the editor; errors are shown, not raised."""
        c = self._controller
        try:
            request = links.read_query(query_string)
        except AsteroydsError as exc:
            return c._refuse(links.link_error(exc))
        if request.demo is not None:
            return c.load_state(request.demo.state, f"Loaded “{request.demo.title}”", dice=request.demo.dice)
        if request.state is not None:
            return c.load_state(request.state, "Loaded the shared scenario", dice=request.dice)
        return None

    def preview(self) -> Preview | None:
        """Show the board after the asteroid phase (call again, or click the board, to go back)."""
        if self._previewing is not None:
            self._previewing = None
            self._changed(self._controller)
            return None
        self._previewing = preview = self._controller.preview()
        self._board.update(preview.state)
        self._board.highlight([])
        self._board.show_intended_moves(None)
        dice = self._controller.dice
        self._board.set_caption(f"After the asteroid phase ({dice}): click the board to go back to editing")
        self._preview_button.description = "✎ Back to editing"
        items = "".join(f"<li>{html.escape(line)}</li>" for line in preview.lines)
        self._preview_log.value = f"{_title('THE ASTEROID PHASE, STEP BY STEP').value}<ol>{items}</ol>"
        return preview

    # --- building --------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._board = BoardView(c.state)
        self._board.on_hex_click(self._clicked)
        self._message = _sized(widgets.HTML(), "100%", "asteroyds-editor-message")
        tools = widgets.ToggleButtons(
            options=[(TOOL_LABELS[t], t) for t in TOOLS], value=c.tool.name, style={"button_width": "84px"}
        )
        self._tools = _sized(tools, "100%", "asteroyds-editor-tools")
        self._colour = _sized(widgets.Dropdown(description="Colour", options=list(TILE_COLOURS)), "185px")
        self._symbol = _sized(widgets.Dropdown(description="Symbol", options=list(SYMBOLS)), "185px")
        self._facing = _sized(widgets.Dropdown(description="Facing", options=DIRECTION_OPTIONS), "185px")
        priority = widgets.BoundedIntText(value=1, min=1, max=99, description="Priority")
        self._priority = _sized(priority, "185px", "asteroyds-editor-priority")
        for name in ("tools", "colour", "symbol", "facing", "priority"):
            getattr(self, f"_{name}").observe(self._tool_changed, names="value")
            getattr(self, f"_{name}").add_class(f"asteroyds-editor-{name}")

        self._selection = _sized(widgets.HTML(), "100%", "asteroyds-editor-selection")
        left = _button("⟲ Left", "asteroyds-editor-rotate-left", "Turn the selection anticlockwise", "84px")
        right = _button("⟳ Right", "asteroyds-editor-rotate-right", "Turn the selection clockwise", "84px")
        remove = _button("✕ Remove", "asteroyds-editor-remove", "Take the selection off the board", "96px")
        tip = "Give the selected tile this priority number (the tile that had it takes the old one)"
        set_priority = _button("Set priority", "asteroyds-editor-set-priority", tip, "104px")
        left.on_click(lambda _b: self._run(lambda: c.rotate(None, -1)))
        right.on_click(lambda _b: self._run(lambda: c.rotate(None, 1)))
        remove.on_click(lambda _b: self._run(lambda: c.remove(None)))
        set_priority.on_click(lambda _b: self._run(lambda: c.set_priority(None, int(self._priority.value))))
        damage = widgets.BoundedIntText(min=0, max=MAX_DAMAGE - 1, description="Damage")
        self._damage = _sized(damage, "150px", "asteroyds-editor-damage")
        pilots = [("none", ""), *((p, p) for p in PILOTS)]
        self._pilot = _sized(widgets.Dropdown(description="Pilot", options=pilots), "190px")
        self._tokens = _sized(widgets.Text(description="Tokens", placeholder="A B"), "150px")
        apply_craft = _button(
            "Apply", "asteroyds-editor-apply-craft", "Set the craft's damage, pilot, tokens"
        )
        apply_craft.on_click(lambda _b: self._run(self._apply_craft))
        self._craft_box = widgets.VBox(
            [widgets.HBox([self._damage, self._pilot]), widgets.HBox([self._tokens, apply_craft])]
        )
        self._undo = _button("↶ Undo", "asteroyds-editor-undo", "Undo the last change", "90px")
        self._redo = _button("↷ Redo", "asteroyds-editor-redo", "Redo", "90px")
        self._undo.on_click(lambda _b: self._run(c.undo))
        self._redo.on_click(lambda _b: self._run(c.redo))

        self._dice = DiceView(controller=DiceController(dice=c.dice))
        self._dice.on_change(lambda dice: self._run(lambda: c.set_dice(dice)))
        self._arrows = widgets.Checkbox(value=True, description="Arrows: where the dice send each tile")
        self._arrows.indent = False
        self._arrows.observe(lambda _ch: self._changed(c), names="value")
        tip = "Move the asteroids with these dice (the board you edit is kept)"
        self._preview_button = _button(
            "▶ Preview the asteroid phase", "asteroyds-editor-preview", tip, "260px", primary=True
        )
        self._preview_button.on_click(lambda _b: self._run(self.preview))
        self._preview_log = _sized(widgets.HTML(), "100%", "asteroyds-editor-preview-log")
        side = widgets.VBox(
            [
                _title("TOOL: A CLICK ON A HEX…"),
                self._tools,
                widgets.HBox([self._colour, self._symbol]),
                widgets.HBox([self._facing, self._priority]),
                _title("SELECTED"),
                self._selection,
                widgets.HBox([left, right, remove, set_priority]),
                self._craft_box,
                widgets.HBox([self._undo, self._redo]),
                self._dice,
                self._arrows,
                self._preview_button,
            ]
        )
        side.add_class("asteroyds-editor-side")
        main = widgets.HBox([self._board, side], layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))
        self.children = [
            widgets.HTML(theme.CSS + CSS),
            _title("SCENARIO EDITOR"),
            self._message,
            main,
            self._preview_log,
            self._build_files(),
        ]

    def _build_files(self) -> widgets.Widget:
        c = self._controller
        self._setup = _sized(widgets.Dropdown(options=list(SETUP_CHOICES), description="Board"), "190px")
        self._seed = _sized(widgets.IntText(value=1, description="Seed"), "140px")
        self._players = _sized(widgets.Text(value="blue", description="Players"), "220px")
        new = _button("New board", "asteroyds-editor-new", "Start again from this board (undoable)")
        new.on_click(lambda _b: self._run(self._new_board))
        self._download = widgets.HTML(layout=widgets.Layout(margin="0 16px 0 0"))
        self._download.add_class("asteroyds-editor-download")
        self._share = _sized(widgets.HTML(), "560px", "asteroyds-editor-share")
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description="Load scenario")
        self._upload.add_class("asteroyds-editor-upload")
        self._upload.observe(lambda ch: self._run(lambda: self._uploaded(ch["new"])), names="value")
        self._json_shown = c.to_json()  # what the text box shows until someone types in it
        text = widgets.Textarea(value=self._json_shown, placeholder="…or paste a scenario (or a demo) here")
        self._json = _sized(text, "560px", "asteroyds-editor-json")
        self._json.layout.height = "150px"
        load = _button("Load the text", "asteroyds-editor-load-text", "Load the scenario pasted above")
        load.on_click(lambda _b: self._run(lambda: c.load_json(self._json.value, "pasted text")))
        show = _button(
            "Show this board's JSON", "asteroyds-editor-show-json", "Write the board as JSON above"
        )
        show.on_click(lambda _b: self._show_json(force=True))
        row = widgets.HBox([self._download, self._upload], layout=widgets.Layout(align_items="center"))
        boxes = [
            widgets.VBox([_title("NEW BOARD"), self._setup, self._seed, self._players, new]),
            widgets.VBox(
                [_title("SAVE, LOAD AND SHARE"), row, self._json, widgets.HBox([load, show]), self._share]
            ),
        ]
        for box in boxes:
            box.add_class("asteroyds-card")
        return widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))

    # --- reactions -------------------------------------------------------------------
    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._message.value = theme.error_html(exc)

    def _clicked(self, cell: Cell) -> None:
        if self._previewing is not None:  # a click on the previewed board goes back to editing
            self.preview()
            return
        self._controller.click(cell)

    def _new_board(self) -> None:
        players = self._players.value.replace(",", " ").split() or ["blue"]
        self._controller.load_setup(self._setup.value, self._seed.value, players)

    def _tool_changed(self, _change: dict) -> None:
        if self._syncing:
            return
        name = self._tools.value
        options: dict[str, Any] = {"orientation": self._facing.value, "priority": int(self._priority.value)}
        if name in TOOL_COLOURS:
            allowed = TOOL_COLOURS[name]
            if tuple(self._colour.options) != allowed:
                self._syncing = True
                try:
                    self._colour.options = list(allowed)
                    self._colour.value = allowed[0]
                finally:
                    self._syncing = False
            options["colour"] = self._colour.value
        if name in (GATE, TURRET, DRONE):
            options["symbol"] = self._symbol.value
        self._run(lambda: self._controller.select_tool(name, **options))

    def _apply_craft(self) -> None:
        c = self._controller
        if c.selected is None or c.selected[0] != "craft":
            c._refuse("Select a craft first")
            return
        player = c.selected[1]
        craft = c.state.craft(player)
        # Read every field first: each change redraws the fields from the board.
        damage, pilot, tokens = int(self._damage.value), self._pilot.value or None, self._tokens.value
        if craft.damage != damage:
            c.set_damage(player, damage)
        if craft.pilot != pilot:
            c.set_pilot(player, pilot)
        if craft.tokens != parse_tokens(tokens):
            c.set_tokens(player, tokens)

    def _uploaded(self, value: Any) -> None:
        files = list(value or ())
        if not files:
            return
        item = files[0]
        content = bytes(item["content"]) if isinstance(item, dict) else bytes(item.content)
        name = item.get("name", "the file") if isinstance(item, dict) else getattr(item, "name", "the file")
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            self._controller._refuse(f"{name}: not a text file (a scenario is JSON)")
            return
        self._controller.load_json(text, where=name)

    def _changed(self, c: EditorController) -> None:
        kind, mark = ("asteroyds-ok", "✔") if c.ok else ("asteroyds-refused", "⚠")
        self._message.value = (
            f'<span class="{kind}" data-ok="{str(c.ok).lower()}">{mark} {html.escape(c.message)}</span>'
        )
        if self._previewing is None:
            self._board.update(c.state)
            self._board.set_caption("")
            self._board.show_intended_moves(c.dice if self._arrows.value else None)
            self._board.highlight([x for x in (c.cell_of(c.selected), c.cell_of(c.moving)) if x is not None])
            self._preview_log.value = ""
            self._preview_button.description = "▶ Preview the asteroid phase"
        self._selection.value = html.escape(c.describe())
        self._sync_widgets(c)
        self._undo.disabled, self._redo.disabled = not c.can_undo, not c.can_redo
        self._download.value = download_html(c.to_json())
        self._show_json()
        link = html.escape(c.share_link(self._page_url))
        self._share.value = (
            f'<a class="asteroyds-link asteroyds-editor-share-link" href="{link}" target="_blank">'
            "↗ Share link</a> <span class='asteroyds-caption'>opens this board and these dice "
            "(right-click it to copy it)</span>"
        )

    def _show_json(self, force: bool = False) -> None:
        """The board's JSON in the text box, unless someone has typed there (then only on request)."""
        if force or self._json.value == self._json_shown:
            self._json_shown = self._json.value = self._controller.to_json()

    def _sync_widgets(self, c: EditorController) -> None:
        self._syncing = True
        try:
            tool = c.tool
            self._tools.value = tool.name
            self._colour.layout.display = "" if tool.name in TOOL_COLOURS else "none"
            self._symbol.layout.display = "" if tool.name in (GATE, TURRET, DRONE) else "none"
            kind, key = c.selected or ("", "")
            self._craft_box.layout.display = "" if kind == "craft" else "none"
            if kind == "craft":
                craft = c.state.craft(key)
                self._damage.value = min(craft.damage, MAX_DAMAGE - 1)
                self._pilot.value = craft.pilot or ""
                self._tokens.value = " ".join(craft.tokens)
            elif kind == "piece" and c.state.piece(key).priority is not None and tool.name != "priority":
                self._priority.value = min(c.state.piece(key).priority or 1, self._priority.max)
            if c.dice != self._dice.dice:
                self._dice.set(*c.dice.as_tuple())
        finally:
            self._syncing = False


__all__ = [
    "TOOLS",
    "EditResult",
    "EditorController",
    "Preview",
    "ScenarioEditor",
    "Tool",
    "download_html",
    "empty_state",
    "parse_tokens",
]
