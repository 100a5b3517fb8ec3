"""The scenario editor's small values: its tools, the answer to an edit, the preview.

Kept apart from :mod:`asteroyds.ui.editor.edits` (the edits),
:mod:`asteroyds.ui.editor.controller` and :mod:`asteroyds.ui.editor.view`
(the widget) so each file holds one thing;
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
from ...i18n import N_, _
from ...modes import mode_named, mode_of, modes
from ...pieces import (
    ASTEROYD,
    DIE_COLOURS,
    DRONE,
    GATE,
    KIND_COLOURS,
    PLATFORM,
    PLAYER_COLOURS,
    TILE_COLOURS,
    TURRET,
)
from ...state import State

PIECE_TOOLS: tuple[str, ...] = ("asteroid", "gate", "pod", "platform", "turret", "drone", ASTEROYD)
# Targets mode (docs/rules.md#7-shooting): a click puts a target on an asteroid, or takes it off.
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
    "select": N_("Select"),
    "asteroid": N_("Asteroid"),
    "gate": N_("Gate"),
    "pod": N_("Pod"),
    "platform": N_("Platform"),
    "turret": N_("Turret"),
    "drone": N_("Drone"),
    ASTEROYD: N_("Asteroyd"),
    TARGET_TOOL: N_("Target ◎"),
    "craft": N_("Craft"),
    "rotate": N_("Rotate ⟳"),
    "remove": N_("Remove"),
    "priority": N_("Priority"),
    "move": N_("Move"),
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
# A mode whose pieces belong to teams (capture, docs/rules.md#11-capture-the-asteroyd: its
# Mode.team_kinds): the tools that add a team's piece ask for its team, one of the die colours
# (red, white, blue).
CAPTURE_TEAMS: tuple[str, ...] = DIE_COLOURS
TEAM_TOOLS: tuple[str, ...] = (PLATFORM, TURRET, ASTEROYD, "craft")
# Tools a mode has no use for (the widget hides them) are the mode's to say (Mode.unused_tools).
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


class Refused(Exception):
    """An edit that cannot be made, with the one sentence that says why (the board is left as it was).

    The edits (:mod:`~asteroyds.ui.editor.edits`) and the selection raise it; the
    controller catches it and answers a refused :class:`EditResult`, so it never
    reaches a notebook or a page.
    """

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True)
class Change:
    """An edit's new board, before the controller validates and commits it (an undoable step).

    ``state`` None: nothing to change (say ``message``, add no step); ``select``:
    what is selected afterwards (None: nothing).
    """

    state: State | None
    message: str
    select: Selection | None = None


@dataclass(frozen=True)
class Preview:
    """What the editor's dice do to the board being edited (the board itself is unchanged).

    Racing, shooting, targets, drones: the asteroid phase. A mode whose turn
    is resolved at once (capture, ``whole_turn`` True): the engine's turn with
    every chart empty, so only the turrets fire, 6 rounds in the directions
    the dice give them (docs/rules.md#11-capture-the-asteroyd); :attr:`lasers` and :attr:`disabled` are
    what the board shows.
    """

    state: State
    events: tuple[Event, ...]
    whole_turn: bool = False

    @property
    def capture(self) -> bool:
        """A whole turn's preview (capture's): the name the capture editor's tests and pages use."""
        return self.whole_turn

    @property
    def lines(self) -> tuple[str, ...]:
        return tuple(e.text() for e in self.events)

    @property
    def title(self) -> str:
        if self.whole_turn:
            return _("THE TURRETS' TURN (EVERY CHART EMPTY), STEP BY STEP")
        return _("THE ASTEROID PHASE, STEP BY STEP")

    @property
    def lasers(self) -> tuple[tuple[Cell, ...], ...]:
        """A whole turn: each laser's spaces (an event with a ``path``), in firing order (round 1 first)."""
        if not self.whole_turn:
            return ()
        return tuple(e.path for e in self.events if hasattr(e, "path"))  # type: ignore[attr-defined]

    @property
    def laser_cells(self) -> tuple[Cell, ...]:
        """Capture: every space a laser crosses during the turn, once each."""
        return tuple(dict.fromkeys(cell for path in self.lasers for cell in path))

    @property
    def disabled(self) -> tuple[Cell, ...]:
        """A whole turn: the pieces (their spaces) put out of play during it (capture's turrets)."""
        if not self.whole_turn:
            return ()
        return tuple(mode_of(self.state).turn.disabled_cells(self.events))


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


#: A piece of each kind with its article, marked for translation (French needs the noun's gender).
A_KIND: dict[str, str] = {
    "asteroid": N_("an asteroid"),
    "gate": N_("a gate"),
    "pod": N_("a pod"),
    "platform": N_("a platform"),
    "turret": N_("a turret"),
    "drone": N_("a drone"),
    ASTEROYD: N_("an asteroyd"),
    "craft": N_("a craft"),
}


def a_kind(kind: str) -> str:
    """A piece kind with its article, in the reader's language ("an asteroyd", "une tourelle")."""
    return _(A_KIND[kind]) if kind in A_KIND else kind


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


def plain(exc: Exception | str) -> str:
    """An engine message without the "editor: " prefix of the validation."""
    return re.sub(r"^(editor|new board|pasted text): ", "", str(exc))


__all__ = [
    "CAPTURE_TEAMS",
    "Change",
    "PIECE_TOOLS",
    "TARGET_TOOL",
    "TEAM_TOOLS",
    "TOOLS",
    "EditResult",
    "Preview",
    "Refused",
    "Tool",
    "empty_state",
    "parse_tokens",
    "setup_choices",
    "tools_for",
]


def setup_choices() -> tuple[str, ...]:
    """The editor's setup menu: ``empty``, then each mode's setup, or the boards it ships instead
    (capture's ``capture`` and ``capture-3teams``: :attr:`asteroyds.modes.Mode.layouts`)."""
    names: list[str] = ["empty"]
    for name, mode in modes().items():
        names += list(mode.layouts) or [name]
    return tuple(names)


def __getattr__(name: str) -> object:
    """``SETUP_CHOICES``: :func:`setup_choices` (the registered modes', not a second list)."""
    if name == "SETUP_CHOICES":
        return setup_choices()
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
