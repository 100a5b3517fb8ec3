"""The general checks of every board: its mode and round, its pieces, its crafts and the player order.

Each check is one question (docs/rules.md#2-the-components, docs/rules.md#7-shooting for a drone in
its turret); they are listed in the order a board is read: the round, then every piece asked
each piece question in turn, then every craft, then the player order. Asteroyds and scores
follow in :mod:`.asteroyd`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import ScenarioError
from ..i18n import _
from ..pieces import (
    ASTEROYD,
    DRONE,
    GATE,
    KIND_COLOURS,
    KINDS,
    MAX_DAMAGE,
    MOVING_KINDS,
    PILOTS,
    PLATFORM,
    TURRET,
    Craft,
    Piece,
)
from ..registry import checked_mode, mode_named
from .core import Check, Found

if TYPE_CHECKING:  # types only: the state calls these checks
    from ..hexgrid import Cell
    from ..state import State


def _at(where: str, piece: Piece) -> str:
    return f"{where}: piece {piece.id!r}"


def _craft_at(where: str, craft: Craft) -> str:
    return f"{where}: craft {craft.player!r}"


# --- the state ---------------------------------------------------------------------------------------
def _mode_known(state: State, where: str) -> Iterator[Found]:
    try:
        checked_mode(state.mode, where)  # the registry: the checks sit below the modes
    except ScenarioError as exc:
        yield Found(0, str(exc))


def _round(state: State, where: str) -> Iterator[Found]:
    if not isinstance(state.round, int) or state.round < 1:
        yield Found(
            0, _("{where}: round must be a whole number >= 1, got {round!r}", where=where, round=state.round)
        )


# --- the pieces --------------------------------------------------------------------------------------
def _piece_id(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if not isinstance(p.id, str) or not p.id:
            yield Found(place, _("{where}: a piece has no id: {p!r}", where=where, p=p))


def _unique_id(state: State, where: str) -> Iterator[Found]:
    seen: set[str] = set()
    for place, p in enumerate(state.pieces):
        if not isinstance(p.id, str):
            continue
        if p.id in seen:
            yield Found(place, _("{at}: duplicate id", at=_at(where, p)))
        seen.add(p.id)


def _kind(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind not in KINDS:
            yield Found(
                place,
                _(
                    "{at}: unknown kind {kind!r} (expected one of {KINDS})",
                    at=_at(where, p),
                    kind=p.kind,
                    KINDS=KINDS,
                ),
            )


def _piece_cell(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.cell not in state.board:
            yield Found(place, _("{at}: cell {cell} is off the board", at=_at(where, p), cell=p.cell))


def _colour(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind in MOVING_KINDS and p.colour not in KIND_COLOURS[p.kind]:
            yield Found(
                place,
                _(
                    "{at}: colour {colour!r} is not allowed for a {kind} (expected one of {KIND_COLOURS})",
                    at=_at(where, p),
                    colour=p.colour,
                    kind=p.kind,
                    KIND_COLOURS=KIND_COLOURS[p.kind],
                ),
            )


def _orientation(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind in MOVING_KINDS and p.orientation not in range(6):
            yield Found(place, _("{at}: needs an orientation (E SE SW W NW NE)", at=_at(where, p)))


def _whole_priority(priority: object) -> bool:
    return isinstance(priority, int) and not isinstance(priority, bool) and priority >= 1


def _priority(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind in MOVING_KINDS and not _whole_priority(p.priority):
            yield Found(
                place,
                _(
                    "{at}: priority must be a whole number >= 1, got {priority!r}",
                    at=_at(where, p),
                    priority=p.priority,
                ),
            )


def _unique_priority(state: State, where: str) -> Iterator[Found]:
    priorities: dict[int, str] = {}
    for place, p in enumerate(state.pieces):
        if p.kind not in MOVING_KINDS or not _whole_priority(p.priority):
            continue
        priority: int = p.priority  # type: ignore[assignment]  # a whole number: checked above
        if priority in priorities:
            yield Found(
                place,
                _(
                    "{at}: duplicate priority {priority} (also {priorities!r})",
                    at=_at(where, p),
                    priority=priority,
                    priorities=priorities[priority],
                ),
            )
            continue
        priorities[priority] = p.id


def _gate_symbol(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind == GATE and not p.symbol:
            yield Found(place, _("{at}: a gate needs a symbol", at=_at(where, p)))


def _turret_orientation(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind == TURRET and p.orientation not in range(6):
            yield Found(place, _("{at}: a turret needs an orientation (E SE SW W NW NE)", at=_at(where, p)))


def _one_per_cell(state: State, where: str) -> Iterator[Found]:
    """One object per cell, except one drone inside its own turret (docs/rules.md#7-shooting).

    An asteroyd may share a cell with crafts and asteroyds: :mod:`.asteroyd` checks it.
    """
    occupant: dict[Cell, Piece] = {}
    shared: set[Cell] = set()  # turret cells already holding their drone
    for place, p in enumerate(state.pieces):
        if p.kind == ASTEROYD:
            continue
        other = occupant.get(p.cell)
        if other is not None:
            if (other.kind, p.kind) not in ((DRONE, TURRET), (TURRET, DRONE)) or p.cell in shared:
                yield Found(
                    place,
                    _(
                        "{at}: cell {cell} already holds {piece} ({id!r})",
                        at=_at(where, p),
                        cell=p.cell,
                        piece=other.describe(),
                        id=other.id,
                    ),
                )
                continue
            if other.symbol != p.symbol:
                yield Found(
                    place,
                    _(
                        "{at}: a drone can only be inside its own turret, but cell {cell} pairs "
                        "symbol {symbol!r} with {piece} ({id!r}, symbol {symbol2!r})",
                        at=_at(where, p),
                        cell=p.cell,
                        symbol=p.symbol,
                        piece=other.describe(),
                        id=other.id,
                        symbol2=other.symbol,
                    ),
                )
                continue
            shared.add(p.cell)
        if p.kind != DRONE or other is None:
            occupant[p.cell] = p


# --- the crafts --------------------------------------------------------------------------------------
def _one_craft_each(state: State, where: str) -> Iterator[Found]:
    players: set[str] = set()
    for place, c in enumerate(state.crafts):
        if c.player in players:
            yield Found(place, _("{at}: two crafts for one player", at=_craft_at(where, c)))
        players.add(c.player)


def _pilot(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if c.pilot is not None and c.pilot not in PILOTS:
            yield Found(
                place,
                _(
                    "{at}: unknown pilot {pilot!r} (expected one of {PILOTS})",
                    at=_craft_at(where, c),
                    pilot=c.pilot,
                    PILOTS=PILOTS,
                ),
            )


def _damage(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if not isinstance(c.damage, int) or not 0 <= c.damage <= MAX_DAMAGE:
            yield Found(
                place,
                _(
                    "{at}: damage must be 0..{MAX_DAMAGE}, got {damage!r}",
                    at=_craft_at(where, c),
                    MAX_DAMAGE=MAX_DAMAGE,
                    damage=c.damage,
                ),
            )


def _facing(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if c.facing not in range(6):
            yield Found(place, _("{at}: facing must be one of E SE SW W NW NE", at=_craft_at(where, c)))


def _destroyed(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if (c.cell is None) != (c.damage == MAX_DAMAGE):
            yield Found(
                place,
                _(
                    "{at}: a destroyed craft has damage {MAX_DAMAGE} and cell null, and only it",
                    at=_craft_at(where, c),
                    MAX_DAMAGE=MAX_DAMAGE,
                ),
            )


def _craft_cell(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if c.cell is not None and c.cell not in state.board:
            yield Found(place, _("{at}: cell {cell} is off the board", at=_craft_at(where, c), cell=c.cell))


def _craft_space(state: State, where: str) -> Iterator[Found]:
    """A craft shares a cell only with a platform, an asteroyd, or a gate it crosses (racing)."""
    crosses_gates = mode_named(state.mode).crosses_gates
    for place, c in enumerate(state.crafts):
        if c.cell is None:
            continue
        for p in state.pieces_at(c.cell):
            if not (p.kind in (PLATFORM, ASTEROYD) or (p.kind == GATE and crosses_gates)):
                yield Found(
                    place,
                    _(
                        "{at}: cell {cell} holds {piece} ({id!r})",
                        at=_craft_at(where, c),
                        cell=c.cell,
                        piece=p.describe(),
                        id=p.id,
                    ),
                )
                break


def _tokens(state: State, where: str) -> Iterator[Found]:
    """A token is held once (a destroyed craft's tokens are not checked: they are out of play)."""
    for place, c in enumerate(state.crafts):
        if c.cell is not None and len(set(c.tokens)) != len(c.tokens):
            yield Found(
                place,
                _("{at}: a token is listed twice in {given!r}", at=_craft_at(where, c), given=list(c.tokens)),
            )


def _player_order(state: State, where: str) -> Iterator[Found]:
    players = {c.player for c in state.crafts}
    if sorted(state.player_order) != sorted(players):
        yield Found(
            0,
            _(
                "{where}: player_order {given!r} must list each craft's player once ({keys!r})",
                where=where,
                given=list(state.player_order),
                keys=sorted(players),
            ),
        )


MODE_KNOWN = Check("mode", "state", _mode_known)
ROUND = Check("round", "state", _round)
PIECE_CHECKS: tuple[Check, ...] = (
    Check("piece id", "pieces", _piece_id),
    Check("unique id", "pieces", _unique_id),
    Check("kind", "pieces", _kind),
    Check("piece cell", "pieces", _piece_cell),
    Check("colour", "pieces", _colour),
    Check("orientation", "pieces", _orientation),
    Check("priority", "pieces", _priority),
    Check("unique priority", "pieces", _unique_priority),
    Check("gate symbol", "pieces", _gate_symbol),
    Check("turret orientation", "pieces", _turret_orientation),
    Check("one per cell", "pieces", _one_per_cell),
)
CRAFT_CHECKS: tuple[Check, ...] = (
    Check("one craft each", "crafts", _one_craft_each),
    Check("pilot", "crafts", _pilot),
    Check("damage", "crafts", _damage),
    Check("facing", "crafts", _facing),
    Check("destroyed", "crafts", _destroyed),
    Check("craft cell", "crafts", _craft_cell),
    Check("craft space", "crafts", _craft_space),
    Check("tokens", "crafts", _tokens),
)
PLAYER_ORDER = Check("player order", "state", _player_order)
# In the order a board is read: the round, each piece, each craft, the player order.
GENERAL_CHECKS: tuple[Check, ...] = (ROUND, *PIECE_CHECKS, *CRAFT_CHECKS, PLAYER_ORDER)

__all__ = ["CRAFT_CHECKS", "GENERAL_CHECKS", "MODE_KNOWN", "PIECE_CHECKS", "PLAYER_ORDER", "ROUND"]
