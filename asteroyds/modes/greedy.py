"""The standard turn's own bots: racing's gate racer and the shooter (the greedy style).

A mode's bots plan with what the mode knows (the players layer registers them by
mode, :func:`asteroyds.bot.bots_for`): these are the planners of the one-round
modes. ``greedy`` sees the dice, works out where the asteroids will be, and
searches every way to fly its six columns (breadth first over craft
positions and facings) for the route that collects the most gates it still
needs without a collision, then ends closest to the
next one (:func:`greedy_racer`, racing's :func:`racing_bots`). In the
shooting modes (shooting, targets, drones) Shoot is one more move of that
search: the bot shoots when a gate, a drone or a target it wants is in line,
and otherwise ends as close as it can to a space from which one is in line
(:func:`greedy_shooter`). The other styles (random, the coach) are the
players layer's (:mod:`asteroyds.bot`).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> str(racing_bots(state, (3, 5, 2), ["blue"], draw=None)["blue"])
'R R F R F F S'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..asteroids import resolve_asteroids
from ..dice import Dice
from ..hexgrid import Cell, distance
from ..pieces import ASTEROID, GATE, PLATFORM, Piece
from ..program import Program
from ..registry import mode_of
from ..shooting import obstacles, reward, run_laser
from ..state import State

MOVES: tuple[tuple[str, int], ...] = (("F", 0), ("R", 1), ("L", -1))
# A generator for a key the planner names (a player's "blue:round3", a team bot's...): seeded draws.
Draw = Callable[[str], random.Random]


def greedy_bots(
    state: State,
    dice: Dice | Sequence[int],
    players: Sequence[str],
    draw: Draw | None = None,
    *,
    planner: Callable[[State, str], Program] | None = None,
) -> dict[str, Program]:
    """The greedy program of each of ``players`` (their crafts still flying) for these dice.

    Each plans alone on the board after the asteroid phase with ``planner``
    (racing's :func:`greedy_racer`), by default :func:`greedy_shooter`.
    It draws nothing (``draw`` is there for the modes whose bots do).
    """
    del draw
    after, _events = resolve_asteroids(state, Dice.of(dice))
    planner = greedy_shooter if planner is None else planner
    programs: dict[str, Program] = {}
    for player in players:
        if state.craft(player).cell is None:
            programs[player] = Program.empty()
            continue
        programs[player] = planner(after, player)
    return programs


def racing_bots(
    state: State, dice: Dice | Sequence[int], players: Sequence[str], draw: Draw | None = None
) -> dict[str, Program]:
    """Racing's bots: :func:`greedy_bots` flying through the gates (:func:`greedy_racer`)."""
    return greedy_bots(state, dice, players, draw, planner=greedy_racer)


def greedy_racer(state: State, player: str) -> Program:
    """Racing: the shortest flight through the gates still needed (or ram out when walled in)."""
    craft = state.craft(player)
    assert craft.cell is not None
    blocked: set[Cell] = set()
    gates: dict[Cell, str] = {}
    for p in state.pieces:
        if p.kind == GATE:
            gates[p.cell] = p.symbol or ""
        elif not (p.kind == PLATFORM and p.cell == craft.cell):
            blocked.add(p.cell)
    needed = {sym for sym in gates.values() if sym not in craft.tokens}
    targets = [cell for cell, sym in gates.items() if sym in needed] or [craft.cell]

    # Breadth first over (cell, facing, gates collected); first path found to a node is shortest.
    start: tuple[Cell, int, frozenset[str]] = (craft.cell, craft.facing, frozenset())
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
    if best[0] == craft.cell and best[2] == frozenset():
        rammed = ram_out(state, craft.cell, craft.facing, targets)
        if rammed is not None:
            return rammed
    tokens = list(paths[best]) + ["."] * (6 - len(paths[best]))
    return Program(tuple(tokens), "S")


# To fly into the neighbour in direction ``facing + turn``: the tokens (a pivot is "U", then a move).
RAM_TOKENS: dict[int, tuple[str, ...]] = {
    0: ("F",), 1: ("R",), 5: ("L",), 3: ("U", "F"), 2: ("U", "L"), 4: ("U", "R"),
}  # fmt: skip


def ram_out(state: State, cell: Cell, facing: int, targets: Sequence[Cell]) -> Program | None:
    """Boxed in (every neighbour blocked): fly into what blocks the way to the gates, shield up.

    A craft walled in would otherwise wait forever and the race never end.
    An asteroid is the first choice: ramming it may destroy it (the
    once-a-game decision) and open the way. Walled in by fixed pieces only
    (the cell amid the six platforms), the craft rams them until it is
    destroyed, as a stuck player would have to.
    """
    options = []
    for direction in range(6):
        target = state.board.step(cell, direction)
        if target is None:
            continue
        fixed = not any(p.kind == ASTEROID for p in state.pieces_at(target))
        options.append((fixed, min(distance(target, t) for t in targets), direction))
    if not options:
        return None
    *_, direction = min(options)
    tokens = RAM_TOKENS[(direction - facing) % 6]
    return Program(tokens + (".",) * (6 - len(tokens)), "S")


def wanted_pieces(state: State, player: str) -> dict[str, Piece]:
    """What ``player`` wants to shoot in a shooting mode: token → the piece a hit gives it from.

    A gate or drone symbol the player does not hold yet; in targets mode the
    targets of the set its team aims at (never its own team's), shared out
    among team-mates: each target goes to the nearest craft of the team (the
    earlier in turn order on a tie), so that they do not all shoot the same
    one; a craft nearest to none of them wants them all.
    """
    craft = state.craft(player)
    aimed = {"left": "right", "right": "left"}.get(craft.team or "")  # modes.targets.aimed_side
    shoots_targets = mode_of(state).shoots_targets
    wanted: dict[str, Piece] = {}
    for p in state.pieces:
        token = reward(state.mode, p)
        if token is None or token in craft.tokens or token in wanted:
            continue
        if shoots_targets and p.team != aimed:
            continue
        wanted[token] = p
    mates = [
        (c.player, c.cell) for c in state.crafts_in_order() if c.team == craft.team and c.cell is not None
    ]
    if shoots_targets and craft.cell is not None and len(mates) > 1:
        mine = {
            token: p
            for token, p in wanted.items()
            if min(mates, key=lambda mate: distance(mate[1], p.cell))[0] == player
        }
        return mine or wanted
    return wanted


def _aim_map(
    state: State, occupant: dict[Cell, Piece], blocked: set[Cell], piece: Piece
) -> tuple[dict[Cell, int], dict[Cell, set[int]]]:
    """Where ``piece`` can be shot from: steps from each free space to the nearest firing position.

    A firing position is a space and a facing from which a laser would hit
    ``piece`` first on this board. Returns (space → steps, firing space → facings).
    """
    step = state.board._step
    facings: dict[Cell, set[int]] = {}
    for away in range(6):
        cell = step[piece.cell][away]
        while cell is not None and cell not in occupant:
            facings.setdefault(cell, set()).add((away + 3) % 6)
            cell = step[cell][away]
    steps = dict.fromkeys(facings, 0)
    frontier = list(facings)
    while frontier:
        nxt = []
        for cell in frontier:
            for near in step[cell]:
                if near is not None and near not in steps and near not in blocked:
                    steps[near] = steps[cell] + 1
                    nxt.append(near)
        frontier = nxt
    return steps, facings


def greedy_shooter(state: State, player: str) -> Program:
    """Greedy for shooting, targets and drones: six columns of moves and shots (breadth first)."""
    craft = state.craft(player)
    assert craft.cell is not None
    occupant = obstacles(state)
    blocked = {cell for cell, p in occupant.items() if not (p.kind == PLATFORM and cell == craft.cell)}
    wanted = wanted_pieces(state, player)
    one_shot = state.rules.one_shot_per_turn
    neighbours = state.board._step
    lasers: dict[tuple[Cell, int], str | None] = {}

    def shot(cell: Cell, facing: int) -> str | None:
        """The wanted token a shot from here would take, or None."""
        key = (cell, facing)
        if key not in lasers:
            _path, piece = run_laser(neighbours, occupant, cell, facing)
            token = reward(state.mode, piece)
            lasers[key] = token if token in wanted else None
        return lasers[key]

    start: tuple[Cell, int, frozenset[str]] = (craft.cell, craft.facing, frozenset())
    paths: dict[tuple[Cell, int, frozenset[str]], tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _depth in range(6):
        nxt = []
        for node in frontier:
            cell, facing, got = node
            moves = []
            token = shot(cell, facing)
            if token is not None and token not in got and not (one_shot and "X" in paths[node]):
                moves.append(("X", (cell, facing, got | {token})))
            moves.append(("U", (cell, (facing + 3) % 6, got)))
            for name, pivot in MOVES:
                new_facing = (facing + pivot) % 6
                target = neighbours[cell][new_facing]
                if target is not None and target not in blocked:
                    moves.append((name, (target, new_facing, got)))
            for name, key in moves:
                if key not in paths:
                    paths[key] = paths[node] + (name,)
                    nxt.append(key)
        frontier = nxt

    # For each wanted token: the steps from every free space to the nearest firing position.
    far = len(state.board) + 1
    aims = {token: _aim_map(state, occupant, blocked, piece) for token, piece in wanted.items()}

    def closeness(cell: Cell, facing: int, got: frozenset[str]) -> int:
        """Steps to the nearest space from which a wanted piece is in line (plus one to turn there)."""
        best = far
        for token, (steps, facings) in aims.items():
            if token not in got:
                d = steps.get(cell, far)
                if d == 0 and facing not in facings[cell]:
                    d = 1
                best = min(best, d)
        return 0 if best == far and len(got) == len(wanted) else best

    def score(key: tuple[Cell, int, frozenset[str]]) -> tuple[int, int, int]:
        cell, facing, got = key
        return (-len(got), closeness(cell, facing, got), len(paths[key]))

    best = min(sorted(paths, key=lambda k: paths[k]), key=score)
    tokens = list(paths[best]) + ["."] * (6 - len(paths[best]))
    return Program(tuple(tokens), "S")


__all__ = [
    "Draw",
    "MOVES",
    "greedy_bots",
    "greedy_racer",
    "greedy_shooter",
    "racing_bots",
    "ram_out",
    "wanted_pieces",
]
