"""Typed events: the facts a phase produces, in order.

Events are read-only by convention (plain slotted dataclasses, not frozen
ones: a phase creates dozens of them and frozen ones are five times slower
to build).

Events are facts, not instructions: the UI animates them, the log prints
their :meth:`Event.text`, tests compare them. Every event serialises to a
JSON object with its ``type``, its fields and its English sentence.

>>> e = TileMoved(piece="R1", colour="red", kind="asteroid", priority=3,
...               phase="red", direction=1, start=(3, 3), end=(5, 4), steps=2)
>>> e.text()
'Red asteroid #3 moves 2 spaces SE to (5, 4)'
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .event_text import capitalised, cell_text, collision_text, column_words, tile_name
from .hexgrid import Cell, direction_name

EVENT_TYPES: dict[str, type[Event]] = {}


def frozen(value: Any) -> Any:
    """Lists as tuples, all the way down: ``[[5, 6], [5, 5]]`` becomes ``((5, 6), (5, 5))``.

    >>> frozen([[5, 6], [5, 5]]), frozen(("red", "white")), frozen("red")
    (((5, 6), (5, 5)), ('red', 'white'), 'red')
    """
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


@dataclass(slots=True)
class Event:
    """Base class; subclasses set ``TYPE`` and write :meth:`text`."""

    TYPE: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # No super() here: slots=True rebuilds the class, which breaks zero-argument super().
        if "TYPE" in cls.__dict__:
            EVENT_TYPES[cls.TYPE] = cls

    @property
    def type(self) -> str:
        return self.TYPE

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        return self.TYPE

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        data["text"] = self.text()
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Event:
        cls = EVENT_TYPES[data["type"]]
        kwargs = {}
        for f in fields(cls):
            value = data[f.name]
            kwargs[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    def __str__(self) -> str:
        return self.text()


@dataclass(slots=True)
class TupleEvent(Event):
    """An event whose fields named in ``TUPLES`` are rebuilt as tuples when it is made.

    A phase may pass lists (the laser's path as it grew, the crafts it hit) and
    JSON always does; tuples keep an event read back equal to the one the
    engine made. Only events with such fields pay for the rebuild: most events
    are plain slotted dataclasses, built by the dozen in every phase.
    """

    TUPLES: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self.TUPLES:
            setattr(self, name, frozen(getattr(self, name)))


# --- the asteroid phase ---------------------------------------------------------


@dataclass(slots=True)
class PhaseStarted(Event):
    """A colour phase begins: the die, and the movers in resolution order."""

    TYPE: ClassVar[str] = "phase_started"
    phase: str
    die: int
    order: tuple[str, ...]

    def text(self) -> str:
        if not self.order:
            return f"{capitalised(self.phase)} die shows {self.die}: nothing moves"
        n = len(self.order)
        if n == 1:
            return f"{capitalised(self.phase)} die shows {self.die}: 1 element moves"
        return f"{capitalised(self.phase)} die shows {self.die}: {n} elements move in priority order"


@dataclass(slots=True)
class TileMoved(Event):
    """A tile completed its whole move (``steps`` spaces)."""

    TYPE: ClassVar[str] = "tile_moved"
    piece: str
    colour: str
    kind: str
    priority: int
    phase: str
    direction: int
    start: Cell
    end: Cell
    steps: int

    def text(self) -> str:
        spaces = "1 space" if self.steps == 1 else f"{self.steps} spaces"
        return (
            f"{capitalised(tile_name(self.colour, self.kind, self.priority))} moves {spaces} "
            f"{direction_name(self.direction)} to {cell_text(self.end)}"
        )


@dataclass(slots=True)
class TileBlocked(Event):
    """A tile could not (fully) move.

    ``outcome`` is ``"stopped"`` (red: it stays on its last free space, ``end``)
    or ``"void"`` (white and blue: it does not move). ``reason`` is what stood
    in ``blocked_at``: border, pod, platform, turret, craft, asteroid, gate or
    drone; ``push_refused`` when a blue tile could not push the element there,
    with ``detail`` saying why.
    """

    TYPE: ClassVar[str] = "tile_blocked"
    piece: str
    colour: str
    kind: str
    priority: int
    phase: str
    direction: int
    start: Cell
    end: Cell
    steps: int
    blocked_at: Cell | None
    reason: str
    blocker: str | None
    blocker_name: str
    outcome: str
    detail: str = ""

    def text(self) -> str:
        who = capitalised(tile_name(self.colour, self.kind, self.priority))
        by = self.blocker_name
        at = "" if self.blocked_at is None else f" at {cell_text(self.blocked_at)}"
        why = f" ({self.detail})" if self.detail else ""
        if self.reason == "push_refused":
            return f"{who} cannot push {by}{at}{why}: move void"
        if self.outcome == "void":
            return f"{who} is blocked by {by}{at}{why}: move void"
        if self.steps == 0:
            return f"{who} is blocked by {by}{at}{why}: it stays at {cell_text(self.end)}"
        return (
            f"{who} moves 1 space {direction_name(self.direction)} to {cell_text(self.end)} "
            f"and is stopped by {by}{at}{why}"
        )


@dataclass(slots=True)
class TilePushed(Event):
    """A blue tile pushes another movable element one space."""

    TYPE: ClassVar[str] = "tile_pushed"
    pusher: str
    pusher_name: str
    piece: str
    piece_name: str
    direction: int
    start: Cell
    end: Cell

    def text(self) -> str:
        return (
            f"{capitalised(self.pusher_name)} pushes {self.piece_name} "
            f"from {cell_text(self.start)} to {cell_text(self.end)}"
        )


# --- crafts: damage, tokens -------------------------------------------------------


@dataclass(slots=True)
class CraftHit(Event):
    """A moving element tried to enter a craft's space (asteroid phase)."""

    TYPE: ClassVar[str] = "craft_hit"
    player: str
    by: str
    by_name: str
    cell: Cell

    def text(self) -> str:
        return f"{capitalised(self.by_name)} hits the {self.player} craft at {cell_text(self.cell)}"


@dataclass(slots=True)
class CraftDamaged(Event):
    """Damage applied to a craft: ``amount`` after the shield and Lawrence."""

    TYPE: ClassVar[str] = "craft_damaged"
    player: str
    amount: int
    base: int
    shielded: bool
    emergency_shield: bool
    total: int
    cause: str

    def text(self) -> str:
        notes = []
        if self.shielded:
            notes.append("shield")
        if self.emergency_shield:
            notes.append("Lawrence's emergency shield")
        why = f" ({self.base} less {' and '.join(notes)})" if notes else ""
        point = "point" if self.amount == 1 else "points"
        return (
            f"The {self.player} craft takes {self.amount} damage {point}{why} "
            f"for {self.cause}: total {self.total}"
        )


@dataclass(slots=True)
class CraftDestroyed(Event):
    TYPE: ClassVar[str] = "craft_destroyed"
    player: str
    cell: Cell

    def text(self) -> str:
        return f"The {self.player} craft is destroyed at {cell_text(self.cell)} and leaves the board"


@dataclass(slots=True)
class TokenTaken(Event):
    """A player takes the token of a gate (or drone, or target) symbol.

    ``column`` is 1-6, 7 for the red column, 0 during the asteroid phase.
    """

    TYPE: ClassVar[str] = "token_taken"
    player: str
    symbol: str
    source: str
    column: int

    def text(self) -> str:
        when = (
            "during the asteroid phase"
            if self.column == 0
            else ("in the red column" if self.column == 7 else f"in column {self.column}")
        )
        return f"The {self.player} player takes token {self.symbol} ({self.source}) {when}"


# --- flight ---------------------------------------------------------------------


_TURNS: dict[int, str] = {
    1: "pivots right",
    2: "pivots right twice",
    3: "turns back",
    4: "pivots left twice",
    5: "pivots left",
}


@dataclass(slots=True)
class FlightStarted(Event):
    """A craft starts its program (phase 3, RULES §5); ``shielded``: red token on Shield."""

    TYPE: ClassVar[str] = "flight_started"
    player: str
    program: str
    shielded: bool

    def text(self) -> str:
        shield = "shield on" if self.shielded else "shield off: the red column is a 7th action"
        return f"The {self.player} craft flies {self.program} ({shield})"


@dataclass(slots=True)
class ColumnPlayed(Event):
    """A craft starts the action of one column (1-6, 7 = red); empty columns are not played."""

    TYPE: ClassVar[str] = "column_played"
    player: str
    column: int
    token: str
    action: str

    def text(self) -> str:
        return f"The {self.player} craft plays {column_words(self.column)}: {self.action} ({self.token})"


@dataclass(slots=True)
class PilotPowerUsed(Event):
    """A pilot's once-per-game column power is executed (RULES §9)."""

    TYPE: ClassVar[str] = "pilot_power_used"
    player: str
    pilot: str
    column: int
    token: str
    power: str

    def text(self) -> str:
        return (
            f"{self.pilot}, the {self.player} pilot, uses the power in "
            f"{column_words(self.column)}: {self.power}"
        )


@dataclass(slots=True)
class CraftTurned(Event):
    """A craft pivots in place (one notch, or half a turn for Turn back)."""

    TYPE: ClassVar[str] = "craft_turned"
    player: str
    start_facing: int
    end_facing: int
    column: int

    def text(self) -> str:
        turn = _TURNS.get((self.end_facing - self.start_facing) % 6, "keeps its facing")
        return f"The {self.player} craft {turn} to face {direction_name(self.end_facing)}"


@dataclass(slots=True)
class CraftMoved(Event):
    """A craft moves one space (``backwards`` for Yayenek's power: the facing is kept)."""

    TYPE: ClassVar[str] = "craft_moved"
    player: str
    start: Cell
    end: Cell
    facing: int
    column: int
    backwards: bool = False

    def text(self) -> str:
        if self.backwards:
            return (
                f"The {self.player} craft moves backwards to {cell_text(self.end)}, "
                f"still facing {direction_name(self.facing)}"
            )
        return f"The {self.player} craft moves forward to {cell_text(self.end)}"


@dataclass(slots=True)
class CraftCollided(Event):
    """A craft could not enter ``blocked_at`` (None: the border) and stays in ``cell``.

    ``reason`` is the kind of what stood there (asteroid, gate, pod, platform,
    turret, drone) or ``border``; ``blocker`` is its piece id.
    """

    TYPE: ClassVar[str] = "craft_collided"
    player: str
    cell: Cell
    blocked_at: Cell | None
    reason: str
    blocker: str | None
    blocker_name: str
    column: int

    def text(self) -> str:
        return collision_text(self.player, self.cell, self.blocked_at, self.blocker_name, "program cancelled")


@dataclass(slots=True)
class Ramming(Event):
    """A craft and the asteroid it rams (once per game): the fields of the two events of a ramming."""

    player: str
    piece: str
    piece_name: str
    cell: Cell
    column: int


@dataclass(slots=True)
class AsteroidRammed(Ramming):
    """A craft chose to ram an asteroid to destroy it (once per game): the damage follows."""

    TYPE: ClassVar[str] = "asteroid_rammed"

    def text(self) -> str:
        return f"The {self.player} craft rams {self.piece_name} at {cell_text(self.cell)} to destroy it"


@dataclass(slots=True)
class AsteroidDestroyed(Ramming):
    """A craft rammed and destroyed an asteroid (once per game); it leaves the game."""

    TYPE: ClassVar[str] = "asteroid_destroyed"

    def text(self) -> str:
        where = cell_text(self.cell)
        return f"The {self.player} craft destroys {self.piece_name} at {where}: it leaves the game"


@dataclass(slots=True)
class ProgramCancelled(Event):
    """After a collision, the tokens of the later columns that are not played."""

    TYPE: ClassVar[str] = "program_cancelled"
    player: str
    column: int
    skipped: tuple[str, ...]

    def text(self) -> str:
        return (
            f"The rest of the {self.player} craft's program is cancelled: {' '.join(self.skipped)} not played"
        )


@dataclass(slots=True)
class CraftLanded(Event):
    """Return-to-platform variant (RULES §10): a craft with every token lands; its program ends."""

    TYPE: ClassVar[str] = "craft_landed"
    player: str
    cell: Cell
    column: int
    platform: str

    def text(self) -> str:
        return (
            f"The {self.player} craft lands on platform {self.platform} at {cell_text(self.cell)} "
            f"in {column_words(self.column)}: its program ends"
        )
