"""The general checks of asteroyds and team scores, in every mode (docs/rules.md#11-capture-the-asteroyd).

Read after :mod:`.board`'s checks: every piece again, asked the asteroyd questions
in turn, then every score. Which pieces and crafts belong to a team is the mode's own
check (capture's).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..i18n import _
from ..pieces import ASTEROYD, DIE_COLOURS, Piece
from .core import Check, Found

if TYPE_CHECKING:  # types only: the state calls these checks
    from ..pieces import Craft
    from ..state import State


def _at(where: str, piece: Piece) -> str:
    return f"{where}: piece {piece.id!r}"


def _asteroyds(state: State) -> Iterator[tuple[int, Piece]]:
    return ((place, p) for place, p in enumerate(state.pieces) if p.kind == ASTEROYD)


def _carried(state: State) -> Iterator[tuple[int, Piece, Craft | None]]:
    """Each carried asteroyd with its carrier's craft (None: no such craft)."""
    crafts = {c.player: c for c in state.crafts}
    for place, p in _asteroyds(state):
        if p.carrier is not None:
            yield place, p, crafts.get(p.carrier)


def _only_asteroyds_carried(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.kind != ASTEROYD and (p.carrier is not None or p.home is not None):
            yield Found(place, _("{at}: only an asteroyd has a carrier or a home", at=_at(where, p)))


def _team(state: State, where: str) -> Iterator[Found]:
    for place, p in _asteroyds(state):
        if p.team not in DIE_COLOURS:
            yield Found(
                place,
                _(
                    "{at}: an asteroyd needs a team (red, white or blue), got {team!r}",
                    at=_at(where, p),
                    team=p.team,
                ),
            )


def _one_per_team(state: State, where: str) -> Iterator[Found]:
    teams: dict[str, str] = {}
    for place, p in _asteroyds(state):
        if p.team not in DIE_COLOURS or p.team is None:
            continue
        if p.team in teams:
            yield Found(
                place,
                _(
                    "{at}: the {team} team already has an asteroyd ({teams!r})",
                    at=_at(where, p),
                    team=p.team,
                    teams=teams[p.team],
                ),
            )
            continue
        teams[p.team] = p.id


def _home(state: State, where: str) -> Iterator[Found]:
    for place, p in _asteroyds(state):
        if p.home is None or p.home not in state.board:
            yield Found(
                place,
                _(
                    "{at}: an asteroyd needs a home cell on the board, got {home!r}",
                    at=_at(where, p),
                    home=p.home,
                ),
            )


def _space(state: State, where: str) -> Iterator[Found]:
    """An asteroyd's cell and home hold no other piece but asteroyds (crafts may share them)."""
    for place, p in _asteroyds(state):
        for label, cell in (("cell", p.cell), ("home", p.home)):
            others = [q for q in state.pieces_at(cell) if q.kind != ASTEROYD] if cell is not None else []
            if others:
                yield Found(
                    place,
                    _(
                        "{at}: its {label} {cell} holds {piece} ({id!r})",
                        at=_at(where, p),
                        label=label,
                        cell=cell,
                        piece=others[0].describe(),
                        id=others[0].id,
                    ),
                )
                break


def _carrier(state: State, where: str) -> Iterator[Found]:
    for place, p, craft in _carried(state):
        if craft is None or craft.cell is None:
            yield Found(
                place,
                _(
                    "{at}: carried by {carrier!r}, which is not a craft on the board",
                    at=_at(where, p),
                    carrier=p.carrier,
                ),
            )


def _with_carrier(state: State, where: str) -> Iterator[Found]:
    for place, p, craft in _carried(state):
        if craft is not None and craft.cell is not None and craft.cell != p.cell:
            yield Found(
                place,
                _(
                    "{at}: carried by the {carrier} craft, so it must be in its cell {cell}, not {cell2}",
                    at=_at(where, p),
                    carrier=p.carrier,
                    cell=craft.cell,
                    cell2=p.cell,
                ),
            )


def _other_team(state: State, where: str) -> Iterator[Found]:
    for place, p, craft in _carried(state):
        if craft is not None and craft.team == p.team:
            yield Found(
                place,
                _(
                    "{at}: the {carrier} craft cannot carry its own team's asteroyd",
                    at=_at(where, p),
                    carrier=p.carrier,
                ),
            )


def _one_carried(state: State, where: str) -> Iterator[Found]:
    carried: dict[str, str] = {}
    for place, p, _craft in _carried(state):
        carrier: str = p.carrier  # type: ignore[assignment]  # carried: not None
        if carrier in carried:
            yield Found(
                place,
                _(
                    "{at}: the {carrier} craft already carries {carried!r}",
                    at=_at(where, p),
                    carrier=carrier,
                    carried=carried[carrier],
                ),
            )
            continue
        carried[carrier] = p.id


def _pair(entry: object) -> bool:
    return (
        isinstance(entry, tuple)
        and len(entry) == 2
        and isinstance(entry[0], str)
        and isinstance(entry[1], int)
        and not isinstance(entry[1], bool)
    )


def _score(state: State, where: str) -> Iterator[Found]:
    for place, entry in enumerate(state.scores):
        if not _pair(entry):
            yield Found(
                place,
                _("{where}: a score is a (team, whole number) pair, got {entry!r}", where=where, entry=entry),
            )


def _one_score_each(state: State, where: str) -> Iterator[Found]:
    seen: set[str] = set()
    for place, entry in enumerate(state.scores):
        if not _pair(entry):
            continue
        if entry[0] in seen:
            yield Found(place, _("{where}: the {entry} team has two scores", where=where, entry=entry[0]))
        seen.add(entry[0])


ASTEROYD_CHECKS: tuple[Check, ...] = (
    Check("only asteroyds carried", "pieces", _only_asteroyds_carried),
    Check("asteroyd team", "pieces", _team),
    Check("one asteroyd per team", "pieces", _one_per_team),
    Check("asteroyd home", "pieces", _home),
    Check("asteroyd space", "pieces", _space),
    Check("carrier", "pieces", _carrier),
    Check("with its carrier", "pieces", _with_carrier),
    Check("carried by the other team", "pieces", _other_team),
    Check("one carried each", "pieces", _one_carried),
    Check("score", "scores", _score),
    Check("one score each", "scores", _one_score_each),
)

__all__ = ["ASTEROYD_CHECKS"]
