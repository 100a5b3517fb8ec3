"""The pieces on the board, as small immutable values.

A :class:`Piece` is anything that is not a craft: asteroids, gates, drones
(the *moving tiles*, which carry a priority and an orientation) and pods,
platforms and turrets (fixed). One class with a ``kind`` keeps the rules
code free of ``isinstance`` ladders; the kind tables below say what each kind
does. A :class:`Craft` is a player's spaceship.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from .hexgrid import Cell, Direction, direction_name
from .i18n import _

# Kinds of piece.
ASTEROID, GATE, DRONE, POD, PLATFORM, TURRET = (
    "asteroid",
    "gate",
    "drone",
    "pod",
    "platform",
    "turret",
)
# Capture the Asteroyd: a team's small asteroid, carried by enemy crafts.
# (the rules: docs/rules.md#11-capture-the-asteroyd)
ASTEROYD = "asteroyd"
KINDS: tuple[str, ...] = (ASTEROID, GATE, POD, PLATFORM, TURRET, DRONE, ASTEROYD)
MOVING_KINDS: tuple[str, ...] = (ASTEROID, GATE, DRONE)
FIXED_KINDS: tuple[str, ...] = (POD, PLATFORM, TURRET)

# Tile colours, and which die colours move them.
RED, WHITE, BLUE = "red", "white", "blue"
DIE_COLOURS: tuple[str, ...] = (RED, WHITE, BLUE)
TILE_COLOURS: tuple[str, ...] = (RED, WHITE, BLUE, "white/red", "white/blue")
MOVED_BY: dict[str, tuple[str, ...]] = {
    RED: (RED,),
    WHITE: (WHITE,),
    BLUE: (BLUE,),
    "white/red": (RED, WHITE),
    "white/blue": (WHITE, BLUE),
}
# Which tile colours each kind may have.
KIND_COLOURS: dict[str, tuple[str, ...]] = {
    ASTEROID: TILE_COLOURS,
    GATE: (RED, WHITE),
    DRONE: ("white/red",),
}

# The six player colours (the craft miniatures and platforms of the box).
PLAYER_COLOURS: tuple[str, ...] = ("blue", "red", "green", "yellow", "orange", "purple")

PILOTS: tuple[str, ...] = ("Hector", "Dolorosa", "Lawrence", "Yayenek", "M'Hand", "1634")

# Pips on a tile's edges, clockwise from the "1" edge; opposite edges sum to 7.
PIPS_CLOCKWISE: tuple[int, ...] = (1, 5, 3, 6, 2, 4)
# A die showing d moves a tile in direction (orientation + DIE_OFFSET[d]) % 6.
DIE_OFFSET: dict[int, int] = {pip: i for i, pip in enumerate(PIPS_CLOCKWISE)}

MAX_DAMAGE = 6


def die_direction(orientation: Direction, die: int) -> Direction:
    """The direction a tile with this orientation moves when its die shows ``die``.

    >>> die_direction(0, 1), die_direction(0, 6), die_direction(2, 4)
    (0, 3, 1)
    """
    return (orientation + DIE_OFFSET[die]) % 6


def pip_on_edge(orientation: Direction, direction: Direction) -> int:
    """The pip printed on the tile edge that faces ``direction``."""
    return PIPS_CLOCKWISE[(direction - orientation) % 6]


class Piece(NamedTuple):
    """An asteroid, gate, drone, pod, platform or turret.

    A named tuple rather than a frozen dataclass: every phase rebuilds most
    pieces, and a tuple is four times faster to build. Use ``_replace`` to
    derive a changed piece.

    ``orientation`` is the direction of the tile's "1" edge for moving tiles
    and turrets, and the start facing for a platform. ``team`` is used by the
    team modes; ``target`` names the target token an asteroid carries in
    targets mode. An ``asteroyd`` (capture mode) has its team's colour in
    ``team``, its start space in ``home`` and, while an enemy craft carries
    it, that craft's player in ``carrier`` (it then shares the craft's cell).
    """

    id: str
    kind: str
    cell: Cell
    colour: str | None = None
    orientation: Direction | None = None
    priority: int | None = None
    symbol: str | None = None
    target: str | None = None
    team: str | None = None
    carrier: str | None = None
    home: Cell | None = None

    @property
    def is_moving(self) -> bool:
        return self.kind in MOVING_KINDS

    @property
    def is_fixed(self) -> bool:
        return self.kind in FIXED_KINDS

    def moved_by(self, die_colour: str) -> bool:
        """Does this piece move in the phase of ``die_colour``?"""
        return self.kind in MOVING_KINDS and die_colour in MOVED_BY.get(self.colour or "", ())

    def describe(self) -> str:
        """A short English name: "white gate #24", "pod P1", "red asteroid #3"."""
        if self.is_moving:
            return f"{self.colour} {self.kind} #{self.priority}"
        if self.kind == ASTEROYD:
            return f"{self.team} asteroyd"
        return f"{self.kind} {self.id}"

    def __str__(self) -> str:
        if self.orientation is None:
            return _("{piece} at {cell}", piece=self.describe(), cell=self.cell)
        return _(
            "{piece} at {cell} {direction}",
            piece=self.describe(),
            cell=self.cell,
            direction=direction_name(self.orientation),
        )


@dataclass(frozen=True, slots=True)
class Craft:
    """A player's spaceship; ``cell`` is ``None`` once it is destroyed.

    ``tokens`` are the symbols collected, in the order taken.
    """

    player: str
    cell: Cell | None
    facing: Direction
    pilot: str | None = None
    damage: int = 0
    tokens: tuple[str, ...] = ()
    destroy_used: bool = False
    power_used: bool = False
    team: str | None = None

    @property
    def destroyed(self) -> bool:
        return self.cell is None

    def describe(self) -> str:
        return f"{self.player} craft"

    def __str__(self) -> str:
        if self.cell is None:
            return _("{player} craft destroyed, damage {damage}", player=self.player, damage=self.damage)
        return _(
            "{player} craft at {cell} facing {direction}, damage {damage}",
            player=self.player,
            cell=self.cell,
            direction=direction_name(self.facing),
            damage=self.damage,
        )
