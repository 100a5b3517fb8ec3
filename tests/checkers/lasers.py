"""The laser checker of shooting, targets and drones mode (docs/rules.md#7-shooting).

The rule, read as plainly as possible: the laser leaves the craft's space in
its facing direction and runs space by space; crafts never stop it; the
first object it meets (an asteroid, a gate, a pod, a platform, a turret, a
drone) is hit; at the border it ends with no hit; there is no range limit.
A drone still inside its turret is sheltered by it: the turret is the object
in that space (docs/rules.md#7-shooting, the drones
mode: "a drone that cannot leave its turret stays inside it").

What a hit gives (the same section): in shooting mode a gate's token, in
drones mode a drone's symbol, in targets mode the target an asteroid
carries (which the hit eliminates; the asteroid stays in play). A player
holds each token once.

The flight checker (:mod:`tests.checkers.flight`) fires these lasers while
it flies the programs; :func:`check_trace` compares one laser with the
engine's ``asteroyds.shooting.trace``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from asteroyds.hexgrid import Board, Cell
from asteroyds.pieces import Piece

from . import ahead, differ

# The objects a laser (and a flying craft) meets: docs/rules.md#2-pieces, "blocks crafts".
OBJECTS = ("asteroid", "gate", "pod", "platform", "turret", "drone")
FIXED = ("pod", "platform", "turret")
# The kind of piece whose hit gives a token, by mode (docs/rules.md#7-shooting).
REWARDED = {"shooting": "gate", "drones": "drone", "targets": "asteroid"}


class Shot(NamedTuple):
    """One laser: the spaces it enters, in order, and the piece in the last one (None: the border)."""

    path: tuple[Cell, ...]
    hit: Piece | None


def objects_by_cell(pieces: Iterable[Piece]) -> dict[Cell, Piece]:
    """The one object a laser or a craft meets in each space: a turret shelters the drone inside it."""
    found: dict[Cell, Piece] = {}
    for p in pieces:
        if p.kind not in OBJECTS:
            continue
        if p.cell not in found or p.kind in FIXED:
            found[p.cell] = p
    return found


def fire(board: Board, objects: Mapping[Cell, Piece], start: Cell, direction: int) -> Shot:
    """The laser from ``start`` (not hit: the laser leaves it) straight on until an object or the border."""
    path = []
    cell = ahead(board, start, direction)
    while cell is not None:
        path.append(cell)
        if cell in objects:
            return Shot(tuple(path), objects[cell])
        cell = ahead(board, cell, direction)
    return Shot(tuple(path), None)


def reward(mode: str, piece: Piece | None) -> str | None:
    """The token a hit on ``piece`` gives in ``mode`` (None: nothing), before asking if it is held."""
    if piece is None or REWARDED.get(mode) != piece.kind:
        return None
    return piece.target if piece.kind == "asteroid" else piece.symbol


def check_trace(
    board: Board, pieces: Iterable[Piece], start: Cell, direction: int, laser: object
) -> list[str]:
    """Compare the engine's ``Laser`` (``path``, ``hit``) with the rule's laser from ``start``."""
    shot = fire(board, objects_by_cell(pieces), start, direction)
    hit = getattr(laser, "hit", None)
    where = f"laser from {start} towards {direction}"
    return differ(f"{where}: path", shot.path, tuple(getattr(laser, "path", ()))) + differ(
        f"{where}: piece hit",
        None if shot.hit is None else shot.hit.id,
        None if hit is None else hit.id,
    )
