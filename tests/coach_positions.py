"""Seeded positions for the coach's tests and benchmark: the full board and small ones.

A position is a state in the middle of a game: crafts moved off their
platforms to free spaces, facing anywhere, with some damage, some tokens, a
pilot (power used or not), the destroy spent or not. Everything is drawn
from one seed.
"""

from __future__ import annotations

import random
from dataclasses import replace

from asteroyds.hexgrid import hexagon_board
from asteroyds.modes import mode_named, start_round
from asteroyds.pieces import GATE, PILOTS, PLAYER_COLOURS, Craft, Piece
from asteroyds.rules import RuleSettings
from asteroyds.setups import setup
from asteroyds.state import State

MODES = ("racing", "shooting", "targets", "drones")


def position(
    seed: int,
    mode: str = "racing",
    players: int = 4,
    rules: RuleSettings | None = None,
    lawrence: bool = True,
) -> State:
    """A seeded mid-game position on the full board (the mode's own setup, crafts scattered)."""
    rng = random.Random(f"coach-position:{mode}:{seed}")
    names = list(PLAYER_COLOURS[:players])
    pilots = [
        rng.choice([p for p in PILOTS if lawrence or p != "Lawrence"]) if rng.random() < 0.6 else None
        for _ in names
    ]
    kwargs = {} if rules is None else {"rules": rules}
    state = setup(mode, seed=seed, players=names, pilots=pilots, **kwargs)
    if mode_named(mode).start_round is not None:
        state, _ = start_round(state)
    taken = {p.cell for p in state.pieces}
    free = sorted(cell for cell in state.board if cell not in taken)
    symbols = sorted({p.symbol for p in state.pieces if p.kind == GATE and p.symbol})
    crafts = []
    for craft in state.crafts:
        cell = craft.cell if rng.random() < 0.2 else rng.choice(free)
        free = [c for c in free if c != cell]
        tokens = (
            tuple(s for s in symbols if rng.random() < 0.3)
            if mode in ("racing", "shooting")
            else craft.tokens
        )
        if len(tokens) == len(symbols):
            tokens = tokens[:-1]
        crafts.append(
            replace(
                craft,
                cell=cell,
                facing=rng.randrange(6),
                damage=rng.choice((0, 0, 1, 2, 3, 4)),
                tokens=tokens,
                destroy_used=rng.random() < 0.3,
                power_used=craft.pilot is not None and rng.random() < 0.3,
            )
        )
    return state.replace(crafts=tuple(crafts)).validate("coach position")


def small_position(seed: int, mode: str = "racing", radius: int = 2, lawrence: bool = True) -> State:
    """A seeded position on a hexagon board (radius 1: 7 spaces; 2: 19).

    Small enough to try every program (the coach's exhaustive tests).
    """
    rng = random.Random(f"coach-small:{mode}:{radius}:{seed}")
    board = hexagon_board(radius)
    cells = sorted(board)
    rng.shuffle(cells)
    pieces: list[Piece] = []
    priority = 1
    for index, symbol in enumerate(("A", "B")):
        pieces.append(
            Piece(
                f"G{symbol}", GATE, cells.pop(), ("red", "white")[index], rng.randrange(6), priority, symbol
            )
        )
        priority += 1
    for index in range(rng.randint(1, 2) if radius == 1 else rng.randint(2, 5)):
        colour = rng.choice(("red", "white", "blue", "white/red", "white/blue"))
        pieces.append(Piece(f"A{index}", "asteroid", cells.pop(), colour, rng.randrange(6), priority))
        priority += 1
    if radius > 1 and rng.random() < 0.5:
        pieces.append(Piece("P1", "pod", cells.pop()))
    pilot = rng.choice([None, *[p for p in PILOTS if lawrence or p != "Lawrence"]])
    craft = Craft(
        "blue",
        cells.pop(),
        rng.randrange(6),
        pilot=pilot,
        damage=rng.choice((0, 1, 3, 4)),
        tokens=("A",) if rng.random() < 0.3 else (),
        destroy_used=rng.random() < 0.3,
    )
    other = Craft("red", cells.pop(), rng.randrange(6))
    return State(mode, tuple(pieces), (craft, other), ("blue", "red"), board=board).validate("small position")
