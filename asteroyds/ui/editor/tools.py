"""The scenario editor's small values: its tools, the answer to an edit, the preview.

Kept apart from :mod:`asteroyds.ui.editor.controller` (the edits) and
:mod:`asteroyds.ui.editor.view` (the widget) so each file holds one thing;
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

from ...events import Event
from ...hexgrid import Cell, parse_direction
from ...i18n import _
from ...modes import mode_named
from ...modes.capture_events import LaserFired, TurretDisabled
from ...modes.capture_resolve import TEAMS
from ...pieces import ASTEROYD, DRONE, GATE, KIND_COLOURS, PLATFORM, PLAYER_COLOURS, TILE_COLOURS, TURRET
from ...setups import SETUP_NAMES
from ...state import State

PIECE_TOOLS: tuple[str, ...] = ("asteroid", "gate", "pod", "platform", "turret", "drone", ASTEROYD)
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
    ASTEROYD: "Asteroyd",
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
# Capture mode (RULES §11): the tools that add a team's piece ask for its team (red, white, blue).
CAPTURE_TEAMS: tuple[str, ...] = TEAMS
TEAM_TOOLS: tuple[str, ...] = (PLATFORM, TURRET, ASTEROYD, "craft")
# Tools a mode has no use for (the widget hides them): capture has no gates, drones or targets,
# and only capture has asteroyds.
# The shipped capture layouts (data/capture-2teams.json, capture-3teams.json), by setup name.
CAPTURE_SETUPS: dict[str, int] = {"capture": 2, "capture-3teams": 3}
SETUP_CHOICES: tuple[str, ...] = ("empty", *SETUP_NAMES, *CAPTURE_SETUPS)
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
    # the target tool's set, "left" or "right" (targets mode); or, for the tools that add a team's
    # piece (TEAM_TOOLS), its team in capture mode: "red", "white" or "blue"
    team: str | None = None
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
    """What the editor's dice do to the board being edited (the board itself is unchanged).

    Racing, shooting, targets, drones: the asteroid phase. Capture
    (``capture`` True): the engine's capture turn with every chart empty, so
    only the turrets fire, 6 rounds in the directions the dice give them
    (RULES §11); :attr:`lasers` and :attr:`disabled` are what the board shows.
    """

    state: State
    events: tuple[Event, ...]
    capture: bool = False

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(e.text() for e in self.events)

    @property
    def title(self) -> str:
        if self.capture:
            return _("THE TURRETS' TURN (EVERY CHART EMPTY), STEP BY STEP")
        return _("THE ASTEROID PHASE, STEP BY STEP")

    @property
    def lasers(self) -> tuple[tuple[Cell, ...], ...]:
        """Capture: each laser's spaces, in firing order (round 1 first)."""
        return tuple(e.path for e in self.events if isinstance(e, LaserFired))

    @property
    def laser_cells(self) -> tuple[Cell, ...]:
        """Capture: every space a laser crosses during the turn, once each."""
        return tuple(dict.fromkeys(cell for path in self.lasers for cell in path))

    @property
    def disabled(self) -> tuple[Cell, ...]:
        """Capture: the turrets (their spaces) another turret's laser disables during the turn."""
        return tuple(dict.fromkeys(e.cell for e in self.events if isinstance(e, TurretDisabled)))


def empty_state(mode: str = "racing") -> State:
    """An empty standard board."""
    return State(mode=mode, pieces=()).validate("new board")


def tools_for(mode: str) -> tuple[str, ...]:
    """The tools that make sense in ``mode``, in palette order (the asteroyd is capture's only).

    >>> [t for t in TOOLS if t not in tools_for("capture")], "asteroyd" in tools_for("racing")
    (['gate', 'drone', 'target'], False)
    """
    unused = mode_named(mode).unused_tools  # the Mode names them (asteroyd: capture only)
    return tuple(t for t in TOOLS if t not in unused)


def article(word: str) -> str:
    """``a`` or ``an`` before ``word`` ("an asteroyd", "a turret")."""
    return "an" if word[:1].lower() in "aeiou" else "a"


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
        raise ValueError(_("orientation must be 0..5 or one of E SE SW W NW NE, got {value!r}", value=value))
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
    "CAPTURE_SETUPS",
    "CAPTURE_TEAMS",
    "PIECE_TOOLS",
    "TARGET_TOOL",
    "TEAM_TOOLS",
    "TOOLS",
    "EditResult",
    "Preview",
    "Tool",
    "empty_state",
    "parse_tokens",
    "tools_for",
]
