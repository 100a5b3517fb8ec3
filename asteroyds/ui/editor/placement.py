"""Where a new piece may go in the scenario editor, and what it is called.

Pure functions of a :class:`~asteroyds.state.State`, used by
:class:`~asteroyds.ui.editor.controller.EditorController` before it asks the
engine (:meth:`State.validate`): they give a teacher a sentence about the
clicked cell ("(6, 6) already holds red asteroid #1") and pick the next free
id, priority number and symbol, so a new piece never clashes.

>>> from asteroyds.ui.editor.tools import empty_state
>>> board = empty_state()
>>> new_piece(board, "asteroid", (6, 6), colour="white").describe()
'white asteroid #1'
>>> space_problem(board.with_pieces([new_piece(board, "pod", (6, 6))]), "asteroid", (6, 6))
'(6, 6) already holds pod P1'

Capture mode (docs/rules.md#11-capture-the-asteroyd): a team's piece is named after its team, as in the
shipped layouts (the red team's turrets ``TR1``, ``TR2``..., its platform
``LR``, its asteroyd ``AR``), and a platform takes its team's colour.

>>> capture = empty_state("capture")
>>> turret = new_piece(capture, "turret", (4, 4), orientation=4, team="white")
>>> turret.id, turret.team, turret.symbol
('TW1', 'white', None)
>>> platform = new_piece(capture, "platform", (6, 1), team="red")
>>> platform.id, platform.colour
('LR', 'red')
"""

from __future__ import annotations

from ...event_text import colour_text, piece_text, player_text
from ...hexgrid import Cell
from ...i18n import _
from ...modes import mode_named
from ...pieces import ASTEROYD, DRONE, GATE, PLATFORM, PLAYER_COLOURS, POD, TURRET, Piece
from ...setups import ID_PREFIX
from ...state import State
from ..modes import views_for
from .tools import SYMBOLS, a_kind

# The first letters of new pieces' ids (an asteroid's come from its colour: setups.ID_PREFIX).
ID_PREFIXES: dict[str, str] = {POD: "P", PLATFORM: "L", TURRET: "T", DRONE: "D", GATE: "G", ASTEROYD: "A"}


def space_problem(state: State, kind: str, cell: Cell, ignore: str | None = None) -> str:
    """Why a piece of this kind cannot go to ``cell`` ("" if it can); ``ignore``: the piece being moved."""
    if cell not in state.board:
        return _("{cell} is off the board", cell=cell)
    here = [p for p in state.pieces_at(cell) if p.id != ignore]
    for other in here:
        inside = kind == DRONE and other.kind == TURRET and not any(q.kind == DRONE for q in here)
        if not inside:
            return _("{cell} already holds {piece}", cell=cell, piece=piece_text(other))
    crafts = state.crafts_at(cell)
    racing_gate = kind == GATE and mode_named(state.mode).crosses_gates
    if crafts and kind != PLATFORM and not racing_gate:
        return _(
            "{cell} holds the {player} craft: {a_kind} cannot share its space",
            cell=cell,
            player=player_text(crafts[0].player),
            a_kind=a_kind(kind),
        )
    for p in state.pieces:  # capture: an asteroyd away from home keeps its home space free
        if p.kind == ASTEROYD and p.home == cell and p.id != ignore:
            return _(
                "{cell} is the home space of the {team} asteroyd: nothing else may stand there",
                cell=cell,
                team=colour_text(p.team or ""),
            )
    return ""


def craft_problem(state: State, cell: Cell) -> str:
    """Why a craft cannot stand in ``cell`` ("" if it can)."""
    if cell not in state.board:
        return _("{cell} is off the board", cell=cell)
    for p in state.pieces_at(cell):
        if p.kind != PLATFORM and not (p.kind == GATE and mode_named(state.mode).crosses_gates):
            return _("{cell} holds {piece}: a craft cannot stand there", cell=cell, piece=piece_text(p))
    return ""


def free_craft_name(state: State, team: str) -> str:
    """The name of a team's next craft, as the engine names them: ``red1``, ``red2``... (the first not on
    the board).

    >>> from asteroyds.modes.capture import layout
    >>> free_craft_name(layout(2), "red")
    'red3'
    """
    taken = {c.player for c in state.crafts}
    n = 1
    while f"{team}{n}" in taken:
        n += 1
    return f"{team}{n}"


def new_piece(
    state: State,
    kind: str,
    cell: Cell,
    *,
    colour: str | None = None,
    symbol: str | None = None,
    orientation: int = 0,
    priority: int | None = None,
    team: str | None = None,
) -> Piece:
    """A new piece of ``kind`` for ``cell``: a free id, the next free priority and symbol unless given.

    Where the mode's pieces of this kind belong to a team (capture's platform, turret or
    asteroyd: :attr:`asteroyds.ui.modes.ModeViews.team_kinds`) it belongs to ``team`` (:func:`capture_piece`).
    """
    if kind in views_for(state.mode).team_kinds:
        return capture_piece(state, kind, cell, team or "", orientation)
    turret = next((p for p in state.pieces_at(cell) if p.kind == TURRET), None)
    if kind == "asteroid":
        colour = colour or "red"
        piece = Piece(new_id(state, ID_PREFIX.get(colour, "A")), kind, cell, colour, orientation)
    elif kind == GATE:
        symbol = symbol or free_symbol(state, GATE)
        piece = Piece(
            new_id(state, ID_PREFIXES[GATE] + symbol, numbered=False),
            kind,
            cell,
            colour or "red",
            orientation,
        )
        piece = piece._replace(symbol=symbol)
    elif kind == DRONE:  # inside a turret it is that turret's drone
        symbol = turret.symbol if turret is not None else (symbol or "A")
        piece = Piece(new_id(state, ID_PREFIXES[DRONE]), kind, cell, "white/red", orientation, symbol=symbol)
    elif kind == TURRET:
        symbol = symbol or free_symbol(state, TURRET)
        piece = Piece(new_id(state, ID_PREFIXES[TURRET]), kind, cell, orientation=orientation, symbol=symbol)
    elif kind == PLATFORM:
        piece = Piece(new_id(state, ID_PREFIXES[PLATFORM]), kind, cell, colour or "blue", orientation)
    else:
        piece = Piece(new_id(state, ID_PREFIXES[POD]), kind, cell)
    if piece.is_moving:
        piece = piece._replace(priority=priority if priority is not None else free_priority(state))
    return piece


def capture_piece(state: State, kind: str, cell: Cell, team: str, orientation: int = 0) -> Piece:
    """A capture team's platform (its colour, facing ``orientation``), turret or asteroyd (home: ``cell``)."""
    prefix = ID_PREFIXES[kind] + team[:1].upper()
    if kind == ASTEROYD:
        return Piece(new_id(state, prefix, numbered=False), kind, cell, team=team, home=cell)
    if kind == PLATFORM:
        return Piece(new_id(state, prefix, numbered=False), kind, cell, team, orientation, team=team)
    return Piece(new_id(state, prefix), kind, cell, orientation=orientation, team=team)


def new_id(state: State, prefix: str, numbered: bool = True) -> str:
    """``prefix`` followed by the first free number (or ``prefix`` alone if free and not ``numbered``)."""
    if not numbered and not state.has_piece(prefix):
        return prefix
    n = 1
    while state.has_piece(f"{prefix}{n}"):
        n += 1
    return f"{prefix}{n}"


def free_priority(state: State) -> int:
    """The smallest priority number no moving tile has (priorities are unique, docs/rules.md#2-pieces)."""
    taken = {p.priority for p in state.pieces if p.is_moving}
    n = 1
    while n in taken:
        n += 1
    return n


def free_symbol(state: State, kind: str) -> str:
    """The first symbol no piece of ``kind`` has yet (A if all are taken)."""
    taken = {p.symbol for p in state.pieces if p.kind == kind}
    return next((s for s in SYMBOLS if s not in taken), SYMBOLS[0])


def free_player(state: State) -> str:
    """The first player colour without a craft on the board."""
    taken = {c.player for c in state.crafts}
    return next((p for p in PLAYER_COLOURS if p not in taken), PLAYER_COLOURS[0])


__all__ = [
    "free_craft_name",
    "capture_piece",
    "craft_problem",
    "free_player",
    "free_priority",
    "free_symbol",
    "new_id",
    "new_piece",
    "space_problem",
]
