"""Capture's replay rules: the board after each capture event, for the stepper (:mod:`asteroyds.snapshots`).

The capture mode declares :data:`REPLAY` (its ``Mode.replay``), so
``snapshots(state, events)[-1]`` equals the state
:func:`~asteroyds.modes.capture.resolve.resolve` returned, and no other
mode's boards are rebuilt differently.
Events that change nothing on the board (the round start, lasers, dodges,
shots, bumps, contested asteroyds, the victory) need no rule. A disabled
turret is not part of the state either (it only lasts until the end of the
turn): :func:`disabled_turrets` reads it from the events, for the round player.

A carried asteroyd shares its carrier's space, so capture reads the
flight's ``craft_moved`` its own way: the carried asteroyd moves along.

>>> from asteroyds.modes.capture import setup, resolve
>>> from asteroyds.snapshots import snapshots
>>> state = setup(teams=2)
>>> after, events = resolve(state, (3, 5, 2), {"red1": "F F X . . . X3"})
>>> snapshots(state, events)[-1] == after
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ...events import Event
from ...pieces import ASTEROYD
from ...snapshots import APPLY, Apply
from ...state import State
from .events import (
    AsteroidBlasted,
    AsteroydDropped,
    AsteroydPickedUp,
    AsteroydReturned,
    CraftTeleported,
    PointScored,
    TurretDisabled,
)


def _craft(state: State, player: str, **changes) -> State:
    return state.update_crafts({player: replace(state.craft(player), **changes)})


def _piece(state: State, piece_id: str, **changes) -> State:
    return state.update_pieces({piece_id: state.piece(piece_id)._replace(**changes)})


def _teleported(state: State, e: CraftTeleported) -> State:
    return _craft(state, e.player, cell=tuple(e.end), facing=e.facing)


def _dropped(state: State, e: AsteroydDropped) -> State:
    return _piece(state, e.asteroyd, cell=tuple(e.cell), carrier=None)


def _picked_up(state: State, e: AsteroydPickedUp) -> State:
    # The craft may have flown on after entering the asteroyd's space: the asteroyd joins it where it is.
    return _piece(state, e.asteroyd, cell=state.craft(e.player).cell, carrier=e.player)


def _returned(state: State, e: AsteroydReturned) -> State:
    return _piece(state, e.asteroyd, cell=tuple(e.home), carrier=None)


def _scored(state: State, e: PointScored) -> State:
    return state.replace(scores=tuple(e.scores))


def _blasted(state: State, e: AsteroidBlasted) -> State:
    return state.update_pieces({}, removed=[e.piece])


def _craft_moved(state: State, e) -> State:
    """The flight's rule, then the asteroyd the craft carries travels with it."""
    state = APPLY["craft_moved"](state, e)
    for p in state.pieces:
        if p.kind == ASTEROYD and p.carrier == e.player:
            return _piece(state, p.id, cell=tuple(e.end))
    return state


# Event type -> the board after it (capture's events, and its reading of the flight's craft_moved).
REPLAY: dict[str, Apply] = {
    CraftTeleported.TYPE: _teleported,
    AsteroydDropped.TYPE: _dropped,
    AsteroydPickedUp.TYPE: _picked_up,
    AsteroydReturned.TYPE: _returned,
    PointScored.TYPE: _scored,
    AsteroidBlasted.TYPE: _blasted,
    "craft_moved": _craft_moved,
}


def disabled_turrets(events: Iterable[Event]) -> tuple[str, ...]:
    """The turrets disabled by these events (the events of a turn up to some step), in order."""
    out: list[str] = []
    for e in events:
        if isinstance(e, TurretDisabled) and e.turret not in out:
            out.append(e.turret)
    return tuple(out)


def disabled_turret_cells(events: Iterable[Event]) -> tuple[tuple[int, int], ...]:
    """The spaces of the turrets disabled by these events (for ``BoardView.show_disabled``)."""
    cells: list[tuple[int, int]] = []
    for e in events:
        if isinstance(e, TurretDisabled) and (*e.cell,) not in cells:
            cells.append((*e.cell,))
    return tuple(cells)


__all__ = ["REPLAY", "disabled_turret_cells", "disabled_turrets"]
