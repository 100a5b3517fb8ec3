"""The board after each event: what the round player steps through.

Events are facts precise enough to rebuild every intermediate board from the
state before a phase. ``snapshots(state, events)[-1]`` equals the state the
phase returned, which the tests check for whole seeded games: stepping
forward and back in the UI shows exactly what the engine computed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from . import registry
from .events import Event
from .pieces import MAX_DAMAGE
from .state import State

# A rule gets the events of the type it is keyed by: Any, since mypy cannot tie a key to its value.
Apply = Callable[[State, Any], State]


def _piece_to(state: State, piece_id: str, cell) -> State:
    piece = state.piece(piece_id)
    return state.update_pieces({piece_id: piece._replace(cell=tuple(cell))})


def _craft(state: State, player: str, **changes) -> State:
    return state.update_crafts({player: replace(state.craft(player), **changes)})


def _tile_moved(state: State, e) -> State:
    return _piece_to(state, e.piece, e.end)


def _tile_blocked(state: State, e) -> State:
    # A red tile stopped on its last free space has moved ``steps`` spaces first.
    return state if e.steps == 0 else _piece_to(state, e.piece, e.end)


def _pushed(state: State, e) -> State:
    return _piece_to(state, e.piece, e.end)


def _damaged(state: State, e) -> State:
    craft = state.craft(e.player)
    changes = {"damage": e.total}
    if e.emergency_shield:
        changes["power_used"] = True
    return state.update_crafts({e.player: replace(craft, **changes)})


def _destroyed(state: State, e) -> State:
    return _craft(state, e.player, cell=None, damage=MAX_DAMAGE)


def _token(state: State, e) -> State:
    craft = state.craft(e.player)
    if e.symbol in craft.tokens:
        return state
    return _craft(state, e.player, tokens=craft.tokens + (e.symbol,))


def _craft_moved(state: State, e) -> State:
    return _craft(state, e.player, cell=tuple(e.end), facing=e.facing)


def _turned(state: State, e) -> State:
    return _craft(state, e.player, facing=e.end_facing)


def _power(state: State, e) -> State:
    return _craft(state, e.player, power_used=True)


def _rammed(state: State, e) -> State:
    return _craft(state, e.player, destroy_used=True)


def _asteroid_destroyed(state: State, e) -> State:
    return state.update_pieces({}, removed=[e.piece])


APPLY: dict[str, Apply] = {
    "tile_moved": _tile_moved,
    "tile_blocked": _tile_blocked,
    "tile_pushed": _pushed,
    "craft_damaged": _damaged,
    "craft_destroyed": _destroyed,
    "token_taken": _token,
    "craft_moved": _craft_moved,
    "craft_turned": _turned,
    "pilot_power_used": _power,
    "asteroid_rammed": _rammed,
    "asteroid_destroyed": _asteroid_destroyed,
}


def register(event_type: str, apply: Apply) -> None:
    """Teach the stepper an event of the shared rules (a laser, a target eliminated...).

    A mode's own events, and its own reading of a shared one, are the mode's
    ``replay`` rules (:attr:`asteroyds.modes.Mode.replay`): they apply to its
    games only, so no mode changes how another one's board is rebuilt.
    """
    APPLY[event_type] = apply


def apply_event(state: State, event: Event) -> State:
    """The state just after ``event``; events that change nothing return ``state``.

    The state's mode's replay rules come first (:mod:`asteroyds.registry`), then the shared ones.
    """
    mode = registry.registered().get(state.mode)
    rule = mode.replay.get(event.type) if mode is not None else None
    if rule is None:
        rule = APPLY.get(event.type)
    return state if rule is None else rule(state, event)


def snapshots(state: State, events: Sequence[Event]) -> list[State]:
    """``[state, after event 1, after event 2, ...]``: one more entry than events."""
    out = [state]
    for event in events:
        out.append(apply_event(out[-1], event))
    return out
