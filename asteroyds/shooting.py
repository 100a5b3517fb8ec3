"""Lasers: the Shoot action (``X``) of every mode except racing (docs/rules.md#7-shooting).

The laser leaves the craft's space in its facing direction and runs space by
space. Crafts do not stop it; the first object in its way is hit: an
asteroid, a gate, a pod, a platform, a turret or a drone. At the border it
ends with no hit. There is no range limit, and shooting does not move the
craft. **Decision:** a drone that could not leave its turret is *inside* it:
the turret shelters it, so a laser entering that space hits the turret (as a
craft bumping into that space hits the turret, see :mod:`asteroyds.flight`).

What a hit gives depends on the mode (:func:`reward`): in shooting mode a
gate's token, in drones mode a drone's symbol token, in targets mode the
target an asteroid carries (the target is eliminated, and destroying that
asteroid by ramming eliminates it too). :mod:`asteroyds.flight` fires the
lasers while it flies the programs; this module holds the geometry, the
rewards and the events.

>>> from asteroyds.setups import shooting
>>> state = shooting(seed=1, players=["blue"])
>>> laser = trace(state, (5, 7), 3)  # from the blue platform, towards W
>>> laser.path, laser.hit.kind, laser.hit.colour
(((5, 6), (5, 5), (5, 4)), 'asteroid', 'white/blue')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from . import registry
from .event_text import cell_text, heading_text, named_text, player_text, target_text
from .events import Event, TupleEvent
from .hexgrid import Cell, Direction
from .i18n import _, ngettext
from .named import Named
from .pieces import ASTEROID, DRONE, FIXED_KINDS, GATE, PLATFORM, POD, TURRET, Piece
from .snapshots import register
from .state import State

# What stops a laser (docs/rules.md#7-shooting). Crafts never do; capture's asteroyds are not in these modes.
LASER_STOPS: frozenset[str] = frozenset((ASTEROID, GATE, POD, PLATFORM, TURRET, DRONE))

Neighbours = Mapping[Cell, tuple["Cell | None", ...]]


@dataclass(frozen=True, slots=True)
class Laser:
    """One shot: where it starts, the spaces it runs through, and what it hits.

    ``path`` lists the spaces the laser enters, in order; when it hits
    something the last one is the space of the piece hit. ``hit`` is None
    when the laser leaves the board.
    """

    start: Cell
    direction: Direction
    path: tuple[Cell, ...]
    hit: Piece | None

    @property
    def end(self) -> Cell | None:
        """The space of the piece hit, or None when the laser hits nothing."""
        return self.path[-1] if self.hit is not None else None


def obstacles(state: State) -> dict[Cell, Piece]:
    """The one object a laser (or a flying craft) meets in each space.

    A drone inside its turret is not listed: its turret is.
    """
    occupant: dict[Cell, Piece] = {}
    for p in state.pieces:
        if p.kind in LASER_STOPS and (p.cell not in occupant or p.kind in FIXED_KINDS):
            occupant[p.cell] = p
    return occupant


def laser_hit(
    neighbours: Neighbours,
    occupant: Mapping[Cell, Piece],
    start: Cell,
    direction: Direction,
    removed: str | None = None,
    path: list[Cell] | None = None,
) -> Piece | None:
    """The piece a laser fired from ``start`` stops on (or None); the spaces it runs through are added
    to ``path`` when one is given (the coach's search, which asks only what is hit, gives none).

    ``neighbours`` is a board's neighbour table (``Board._step``) and
    ``occupant`` maps spaces to the object there (:func:`obstacles`). The
    start space itself is never hit: the laser leaves it. The piece ``removed`` (an asteroid the
    coach's search has its craft destroy, the board kept as it was) is passed through.
    """
    cell = neighbours[start][direction]
    while cell is not None:
        if path is not None:
            path.append(cell)
        piece = occupant.get(cell)
        if piece is not None and piece.kind in LASER_STOPS and piece.id != removed:
            return piece
        cell = neighbours[cell][direction]
    return None


def run_laser(
    neighbours: Neighbours, occupant: Mapping[Cell, Piece], start: Cell, direction: Direction
) -> tuple[tuple[Cell, ...], Piece | None]:
    """The spaces a laser runs through from ``start`` and the piece it stops on (or None).

    See :func:`laser_hit` for the arguments.
    """
    path: list[Cell] = []
    piece = laser_hit(neighbours, occupant, start, direction, None, path)
    return tuple(path), piece


def trace(state: State, start: Cell, direction: Direction) -> Laser:
    """The laser a craft in ``start`` facing ``direction`` would fire on this board.

    >>> from asteroyds.setups import shooting
    >>> trace(shooting(seed=1), (6, 8), 0).hit.describe()  # (6, 9) is yellow's platform
    'platform L4'
    """
    path, hit = run_laser(state.board._step, obstacles(state), start, direction)
    return Laser(start, direction, path, hit)


def reward(mode: str, piece: Piece | None) -> str | None:
    """The token a laser hit on ``piece`` gives in ``mode``, or None (docs/rules.md#7-shooting).

    Shooting mode: a gate's symbol; drones mode: a drone's symbol; targets
    mode: the target an asteroid carries (which the hit eliminates).

    >>> from asteroyds.pieces import Piece
    >>> gate = Piece("GA", "gate", (1, 3), "red", 0, 21, "A")
    >>> reward("shooting", gate), reward("drones", gate)
    ('A', None)
    """
    found = registry.registered().get(mode)  # the mode says which kind rewards a hit
    if piece is None or found is None or found.rewarded_kind != piece.kind:
        return None
    return piece.target if piece.kind == ASTEROID else piece.symbol


# --- events -----------------------------------------------------------------------


@dataclass(slots=True)
class LaserFired(TupleEvent):
    """A craft shoots (docs/rules.md#7-shooting): the spaces the laser ran through and what it hit.

    ``path`` ends with the space of the piece hit; ``hit``, ``hit_kind`` and
    ``hit_name`` are None when the laser left the board without hitting
    anything. The laser changes nothing by itself: what a hit gives follows
    as its own events (``token_taken``, ``target_eliminated``).
    """

    TYPE: ClassVar[str] = "laser_fired"
    TUPLES: ClassVar[tuple[str, ...]] = ("path",)  # cells arrive as lists from JSON
    player: str
    column: int
    start: Cell
    direction: int
    path: tuple[Cell, ...]
    hit: str | None
    hit_kind: str | None
    hit_name: Named | str | None

    def text(self) -> str:
        shot = {
            "player": player_text(self.player),
            "heading": heading_text(self.direction),
            "start": cell_text(self.start),
        }
        if self.hit is not None:
            return _(
                "The {player} craft shoots {heading} from {start}: the laser hits {target} at {cell}",
                target=named_text(self.hit_name or ""),
                cell=cell_text(self.path[-1]),
                **shot,
            )
        if not self.path:
            return _(
                "The {player} craft shoots {heading} from {start}: the laser goes straight off the board "
                "and hits nothing",
                **shot,
            )
        return ngettext(
            "The {player} craft shoots {heading} from {start}: the laser crosses {n} space and leaves "
            "the board, hitting nothing",
            "The {player} craft shoots {heading} from {start}: the laser crosses {n} spaces and leaves "
            "the board, hitting nothing",
            len(self.path),
            n=len(self.path),
            **shot,
        )


@dataclass(slots=True)
class TargetEliminated(Event):
    """Targets mode: a target is eliminated, shot (``how="shot"``) or rammed with its asteroid.

    ``side`` is the set the target belonged to (``left`` or ``right``). A shot
    asteroid stays in play without its target; a rammed one has left the game.
    """

    TYPE: ClassVar[str] = "target_eliminated"
    player: str
    piece: str
    piece_name: Named | str
    target: str
    side: str
    cell: Cell
    column: int
    how: str

    def text(self) -> str:
        fields = {
            "player": player_text(self.player),
            "target": target_text(self.target),
            "piece": named_text(self.piece_name),
            "cell": cell_text(self.cell),
        }
        if self.how == "shot":
            return _("The {player} craft eliminates target {target} by shooting {piece} at {cell}", **fields)
        return _("The {player} craft eliminates target {target} by destroying {piece} at {cell}", **fields)


def _target_eliminated(state: State, e: TargetEliminated) -> State:
    if not state.has_piece(e.piece):  # rammed: the asteroid already left with its target
        return state
    piece = state.piece(e.piece)
    return state.update_pieces({e.piece: piece._replace(target=None, team=None)})


register(TargetEliminated.TYPE, _target_eliminated)


__all__ = [
    "LASER_STOPS",
    "Laser",
    "LaserFired",
    "TargetEliminated",
    "obstacles",
    "laser_hit",
    "reward",
    "run_laser",
    "trace",
]
