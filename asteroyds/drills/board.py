"""The boards drills are asked on: the real racing layout, shuffled by a few earlier asteroid phases.

A fresh setup always shows the same cells, so a drill first plays a few
random asteroid phases from it (the asteroids drift as in a game) and may
then put crafts on free spaces, where they are obstacles. Everything is
drawn from the drill's own ``random.Random``, so a seed always gives the
same board.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ..asteroids import resolve_asteroids
from ..dice import Dice, roll
from ..events import Event, TileBlocked, TileMoved, TilePushed
from ..hexgrid import Cell
from ..pieces import PLAYER_COLOURS
from ..setups import racing
from ..state import State

SETUP_SEEDS = 2**31


def shuffled_board(rng: random.Random, players: int, phases: int = 3) -> State:
    """The racing setup of a drawn seed for ``players`` crafts, after 0..``phases`` random asteroid phases."""
    state = racing(seed=rng.randrange(SETUP_SEEDS), players=PLAYER_COLOURS[:players])
    for _phase in range(rng.randrange(phases + 1)):
        state, _events = resolve_asteroids(state, roll(rng))
    return state.replace(round=1)


def free_cells(state: State) -> list[Cell]:
    """The board's empty spaces (no piece, no craft), in the board's own order."""
    taken = {p.cell for p in state.pieces} | {c.cell for c in state.crafts if c.cell is not None}
    return [cell for cell in state.board if cell not in taken]


def scatter_crafts(state: State, rng: random.Random, players: Sequence[str]) -> State:
    """Put these players' crafts on distinct free spaces, facing anywhere (a race under way)."""
    cells = free_cells(state)
    chosen = rng.sample(cells, len(players))
    crafts = {
        p: replace(state.craft(p), cell=cell, facing=rng.randrange(6))
        for p, cell in zip(players, chosen, strict=True)
    }
    return state.update_crafts(crafts).validate("drill board")


def roll_dice(rng: random.Random) -> Dice:
    """The drill's three dice."""
    return roll(rng)


def end_cells(after: State, ids: Sequence[str]) -> dict[str, Cell]:
    """Where these pieces stand on ``after``."""
    return {pid: after.piece(pid).cell for pid in ids}


def moves_of(events: Sequence[Event], pid: str) -> list[Event]:
    """The asteroid-phase events in which ``pid`` moves, is blocked, pushes or is pushed, in log order."""
    out: list[Event] = []
    for e in events:
        if (
            isinstance(e, (TileMoved, TileBlocked))
            and e.piece == pid
            or isinstance(e, TilePushed)
            and pid in (e.pusher, e.piece)
        ):
            out.append(e)
    return out


def links(state: State, events: Sequence[Event]) -> list[tuple[str, str]]:
    """Pairs of moving pieces that acted on each other: one blocked by the other, or pushed by it."""
    moving = {p.id for p in state.moving_tiles()}
    pairs: list[tuple[str, str]] = []
    for e in events:
        if isinstance(e, TileBlocked) and e.blocker in moving and e.blocker != e.piece:
            pairs.append((e.piece, e.blocker))
        elif isinstance(e, TilePushed):
            pairs.append((e.pusher, e.piece))
    return pairs
