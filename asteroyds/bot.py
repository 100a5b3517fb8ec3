"""Seeded bots that plan legal programs, so whole games can be simulated.

``greedy`` sees the dice, works out where the asteroids will be, and searches
every way to fly its six columns (breadth first over craft positions and
facings) for the route that collects the most gates it still needs without
a collision, then ends closest to the next one. ``random`` picks legal tokens
at random (it crashes a lot, which is what the property tests want).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> str(plan(state, "blue", (3, 5, 2), style="greedy"))
'R R F R F F S'
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .asteroids import resolve_asteroids
from .damage import Decision
from .dice import Dice
from .hexgrid import Cell, distance
from .pieces import GATE, PLATFORM
from .program import Program, legal_tokens
from .state import State

STYLES: tuple[str, ...] = ("greedy", "random")
MOVES: tuple[tuple[str, int], ...] = (("F", 0), ("R", 1), ("L", -1))


def plan(
    state: State,
    player: str,
    dice: Dice | Sequence[int],
    style: str = "greedy",
    rng: random.Random | None = None,
) -> Program:
    """A legal program for ``player`` this round."""
    if style not in STYLES:
        raise ValueError(f"unknown bot style {style!r} (expected one of {', '.join(STYLES)})")
    rng = rng or random.Random(0)
    craft = state.craft(player)
    if craft.cell is None:
        return Program.empty()
    if style == "random":
        return _random_program(state, player, rng)
    after, _ = resolve_asteroids(state, Dice.of(dice))
    return _greedy_program(after, player)


def decision_policy(rng: random.Random):
    """A seeded yes/no policy for mid-flight decisions (bots use their powers sometimes)."""

    def decide(_decision: Decision) -> bool:
        return rng.random() < 0.5

    return decide


def _random_program(state: State, player: str, rng: random.Random) -> Program:
    craft = state.craft(player)
    program = Program.empty()
    for column in range(1, 8):
        options = [t for t in legal_tokens(craft, state.mode, column, program) if t != "X"]
        weights = [0.2 if t in (".", "S") else (0.3 if t.startswith("P") else 1.0) for t in options]
        if column == 7:
            weights = [6.0 if t == "S" else 1.0 for t in options]
        token = rng.choices(options, weights)[0]
        program = program.with_column(column, token)
    return program


def _greedy_program(state: State, player: str) -> Program:
    craft = state.craft(player)
    assert craft.cell is not None
    racing = state.mode == "racing"
    blocked: set[Cell] = set()
    gates: dict[Cell, str] = {}
    for p in state.pieces:
        if p.kind == GATE and racing:
            gates[p.cell] = p.symbol or ""
        elif not (p.kind == PLATFORM and p.cell == craft.cell):
            blocked.add(p.cell)
    needed = {sym for sym in gates.values() if sym not in craft.tokens}
    targets = [cell for cell, sym in gates.items() if sym in needed] or [craft.cell]

    # Breadth first over (cell, facing, gates collected); first path found to a node is shortest.
    start = (craft.cell, craft.facing, frozenset())
    paths: dict[tuple[Cell, int, frozenset[str]], tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _depth in range(6):
        nxt = []
        for node in frontier:
            cell, facing, got = node
            for token, pivot in (*MOVES, ("U", 3)):
                new_facing = (facing + pivot) % 6
                if token == "U":
                    key = (cell, new_facing, got)
                else:
                    target = state.board.step(cell, new_facing)
                    if target is None or target in blocked:
                        continue
                    sym = gates.get(target)
                    new_got = got | {sym} if sym in needed and sym not in got else got
                    key = (target, new_facing, new_got)
                if key not in paths:
                    paths[key] = paths[node] + (token,)
                    nxt.append(key)
        frontier = nxt

    def score(key: tuple[Cell, int, frozenset[str]]) -> tuple[int, int, int]:
        cell, _facing, got = key
        remaining = [c for c in targets if gates.get(c) not in got] or [cell]
        return (-len(got), min(distance(cell, c) for c in remaining), len(paths[key]))

    best = min(sorted(paths, key=lambda k: paths[k]), key=score)
    tokens = list(paths[best]) + ["."] * (6 - len(paths[best]))
    return Program(tuple(tokens), "S")
