"""The scenario editor's small values: its tools, the answer to an edit, the preview.

Kept apart from :mod:`asteroyds.ui.editor_controller` (the edits) and
:mod:`asteroyds.ui.editor_view` (the widget) so each file holds one thing;
:mod:`asteroyds.ui.editor` gathers them for the notebooks.

>>> Tool("target", team="right", number=2)
Tool(name='target', colour=None, symbol=None, orientation=0, priority=None, team='right', number=2)
>>> parse_tokens("a, c"), parse_tokens("ABD")
(('A', 'C'), ('A', 'B', 'D'))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..events import Event
from ..hexgrid import Cell, parse_direction
from ..pieces import DRONE, GATE, KIND_COLOURS, PLAYER_COLOURS, TILE_COLOURS, TURRET
from ..setups import SETUP_NAMES
from ..state import State

PIECE_TOOLS: tuple[str, ...] = ("asteroid", "gate", "pod", "platform", "turret", "drone")
# Targets mode (RULES §7): a click puts a target on an asteroid, or takes it off.
TARGET_TOOL = "target"
TOOLS: tuple[str, ...] = (
    "select",
    *PIECE_TOOLS,
    TARGET_TOOL,
    "craft",
    "rotate",
    "remove",
    "priority",
    "move",
)
TOOL_LABELS: dict[str, str] = {
    "select": "Select",
    "asteroid": "Asteroid",
    "gate": "Gate",
    "pod": "Pod",
    "platform": "Platform",
    "turret": "Turret",
    "drone": "Drone",
    TARGET_TOOL: "Target ◎",
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
TOOL_OPTIONS: frozenset[str] = frozenset({"colour", "symbol", "orientation", "priority", "team", "number"})
SYMBOLS: tuple[str, ...] = ("A", "B", "C", "D")
SYMBOL_TOOLS: tuple[str, ...] = (GATE, TURRET, DRONE)
SETUP_CHOICES: tuple[str, ...] = ("empty", *SETUP_NAMES)
UNDO_LIMIT = 200
Selection = tuple[str, str]  # ("piece", id) or ("craft", player)


@dataclass(frozen=True)
class Tool:
    """What a click on a hex does, with the options of the pieces (or targets) it adds."""

    name: str = "select"
    colour: str | None = None  # a tile colour (asteroid, gate) or a player colour (platform, craft)
    symbol: str | None = None  # gate, turret, drone
    orientation: int = 0  # new tiles' "1" edge, new crafts' and platforms' facing
    priority: int | None = None  # the priority tool's number
    team: str | None = None  # the target tool's set: "left" or "right" (targets mode)
    number: int | None = None  # the target tool's number in that set (None: the next free one)


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


def parse_tokens(text: str | Iterable[str]) -> tuple[str, ...]:
    """Gate tokens from ``"A B"``, ``"A,B"``, ``"AB"`` or a list."""
    if not isinstance(text, str):
        return tuple(str(t) for t in text)
    parts = [p for p in re.split(r"[\s,;]+", text.strip().upper()) if p]
    if len(parts) == 1 and len(parts[0]) > 1 and parts[0].isalpha():
        parts = list(parts[0])
    return tuple(parts)


def as_cell(cell: Sequence[int]) -> Cell:
    """A ``(row, col)`` tuple of ints from any pair (a list from JSON, a bqplot click)."""
    return (int(cell[0]), int(cell[1]))


def as_orientation(value: int | str) -> int:
    """A direction 0..5 from a number or a name (``"SE"``); a bad one is a :class:`ValueError`."""
    if isinstance(value, str):
        return parse_direction(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 6:
        raise ValueError(f"orientation must be 0..5 or one of E SE SW W NW NE, got {value!r}")
    return value


def is_whole(value: object, least: int = 1) -> bool:
    """Is ``value`` a whole number (not a bool) of at least ``least``?"""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def cap(text: str) -> str:
    """The sentence with its first letter in capitals ("red asteroid #1" → "Red asteroid #1")."""
    return text[:1].upper() + text[1:]


def plain(exc: Exception) -> str:
    """An engine message without the "editor: " prefix of the validation."""
    return re.sub(r"^(editor|new board|pasted text): ", "", str(exc))


__all__ = [
    "PIECE_TOOLS",
    "TARGET_TOOL",
    "TOOLS",
    "EditResult",
    "Preview",
    "Tool",
    "empty_state",
    "parse_tokens",
]
