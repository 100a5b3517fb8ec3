"""What a cell, a name or a selection means on the board being edited, and how the editor says it.

Pure functions of a :class:`~asteroyds.state.State`: the edits
(:mod:`~asteroyds.ui.editor.edits`), the selection
(:class:`~asteroyds.ui.editor.selection.EditorSelection`) and the controller all
ask the same questions of a board ("what stands in this cell, top first?",
"what is this piece called?"), and a board is all the answer depends on, so
they are functions, not a part with state of its own. The editor never asks
which mode a board is: it asks the mode which pieces belong to a team
(:attr:`ModeViews.team_kinds <asteroyds.ui.modes.ModeViews.team_kinds>`).

>>> from asteroyds.ui.editor.tools import empty_state
>>> from asteroyds.ui.editor.placement import new_piece
>>> board = empty_state()
>>> board = board.with_pieces([new_piece(board, "asteroid", (6, 6), colour="red")])
>>> stack(board, (6, 6)), top(board, (6, 5))
([('piece', 'R1')], None)
>>> describe(board, ("piece", "R1"))
'Red asteroid #1 at (6, 6), “1” edge E'
"""

from __future__ import annotations

from collections.abc import Sequence

from ...event_text import (
    colour_text,
    crafts_text,
    direction_text,
    piece_text,
    player_text,
    target_text,
    team_text,
)
from ...hexgrid import Cell
from ...i18n import _
from ...pieces import ASTEROYD, DRONE, PLATFORM, TURRET, Craft, Piece
from ...state import State
from ..modes import views_for
from .tools import Selection, cap


def team_kinds(state: State) -> tuple[str, ...]:
    """The kinds of piece that belong to a team on this board (its mode's: capture's bases)."""
    return tuple(views_for(state.mode).team_kinds)


def team_board(state: State) -> bool:
    """Do this board's pieces and crafts belong to teams (capture)? Then a new one is a team's."""
    return bool(team_kinds(state))


def craft(state: State, player: str) -> Craft | None:
    """The craft of ``player`` (or, in capture mode, the craft named so), if it is on the board."""
    return next((c for c in state.crafts if c.player == player), None)


def cell_of(state: State, target: Selection | None) -> Cell | None:
    """Where a selected piece or craft stands (None: nothing selected, or no longer on the board)."""
    if target is None:
        return None
    kind, key = target
    if kind == "piece":
        return state.piece(key).cell if state.has_piece(key) else None
    found = craft(state, key)
    return None if found is None else found.cell


def stack(state: State, cell: Cell) -> list[Selection]:
    """What a cell holds, top first: crafts, a drone, the piece (capture: a platform, then its crafts)."""
    crafts: list[Selection] = [("craft", c.player) for c in state.crafts_at(cell)]
    found = sorted(state.pieces_at(cell), key=lambda p: p.kind != DRONE)
    pieces: list[Selection] = [("piece", p.id) for p in found]
    if PLATFORM in team_kinds(state) and any(p.kind == PLATFORM for p in found):
        return pieces + crafts
    return crafts + pieces


def top(state: State, cell: Cell) -> Selection | None:
    """The top of a cell's stack (what a click on it picks), None if it is empty."""
    found = stack(state, cell)
    return found[0] if found else None


def name(state: State, target: Selection) -> str:
    """A selected piece or craft in words ("the blue craft", "red asteroid #1")."""
    kind, key = target
    return (
        _("the {key} craft", key=player_text(key)) if kind == "craft" else piece_name(state, state.piece(key))
    )


def piece_name(state: State, p: Piece) -> str:
    """A piece in words; in capture mode a platform or turret says its team ("red turret TR1")."""
    if p.kind in team_kinds(state) and p.kind in (PLATFORM, TURRET) and p.team:
        team = colour_text(p.team, "feminine")
        if p.kind == TURRET:
            return _("{team} turret {id}", team=team, id=p.id)
        return _("{team} platform {id}", team=team, id=p.id)
    return piece_text(p)


def waiting_on(state: State, p: Piece) -> tuple[Craft, ...]:
    """Capture: the crafts of a platform's team standing on it (they start there)."""
    if PLATFORM not in team_kinds(state) or p.kind != PLATFORM:
        return ()
    return tuple(c for c in state.crafts_at(p.cell) if c.team == p.team)


def carried_by(state: State, player: str) -> Piece | None:
    """Capture: the asteroyd a craft carries, if any (it goes where the craft goes)."""
    return next((p for p in state.pieces if p.kind == ASTEROYD and p.carrier == player), None)


def names(crafts: Sequence[Craft]) -> str:
    """Crafts in words, as a list ("the red1 and red2 crafts")."""
    return crafts_text([c.player for c in crafts])


def describe(state: State, target: Selection) -> str:
    """A piece or craft in words (with its orientation, priority, damage): the editor's Selected line."""
    kind, key = target
    if kind == "craft":
        c = state.craft(key)
        pilot = _(", pilot {pilot}", pilot=c.pilot) if c.pilot else ""
        tokens = _(", tokens {tokens}", tokens=" ".join(c.tokens)) if c.tokens else ""
        team = _(", {team} team", team=team_text(c.team)) if c.team else ""
        facing = direction_text(c.facing)
        return _(
            "The {key} craft at {cell} facing {facing}, damage {damage}{pilot}{tokens}{team}",
            key=player_text(key),
            cell=c.cell,
            facing=facing,
            damage=c.damage,
            pilot=pilot,
            tokens=tokens,
            team=team,
        )
    p = state.piece(key)
    text = _("{name} at {cell}", name=cap(piece_name(state, p)), cell=p.cell)
    if p.orientation is not None:
        where = direction_text(p.orientation)
        text += (
            _(", facing {direction}", direction=where)
            if p.kind == PLATFORM
            else _(", “1” edge {direction}", direction=where)
        )
    if p.symbol:
        text += _(", symbol {symbol}", symbol=p.symbol)
    if p.target:
        text += _(", target {target}", target=target_text(p.target))
    if p.kind == ASTEROYD:
        text += _(", home {home}", home=p.home) + (
            _(", carried by the {carrier} craft", carrier=player_text(p.carrier)) if p.carrier else ""
        )
    return text


__all__ = [
    "carried_by",
    "cell_of",
    "craft",
    "describe",
    "name",
    "names",
    "piece_name",
    "stack",
    "team_board",
    "team_kinds",
    "top",
    "waiting_on",
]
