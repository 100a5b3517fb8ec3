"""What "best" means for the coach, mode by mode, as a score and a rank.

A score is a small JSON-able dict of named components; :func:`rank` turns
it into a tuple that sorts best first, and :func:`better` compares two.
The score is a function of the craft at the end of its flight (and of the
board after the asteroid phase), which is what lets the search merge every
program that ends in the same craft state.

The objectives, in the order they are compared (the first difference decides):

- **racing** (the issue's order): (1) the craft is still on the board,
  (2) the gate tokens it holds, (3) the smallest hex distance from its final
  cell to a gate whose token it lacks (0 when it holds them all), (4) the
  least damage. Then, to break ties: (5) the earliest column in which the
  last token was taken (the racing tie-break, RULES §8), (6) the fewest
  once-a-game powers spent (destroying an asteroid, the pilot's power).
  With the *return to a platform* variant, landing counts as one more
  token, and once every token is held the distance is to the nearest
  platform.
- **shooting**: as racing, but gates are shot, so (3) is the *aim
  distance*: the fewest moves through the free spaces of the board after
  the asteroid phase to a space from which a laser would hit a gate whose
  token the craft lacks, plus one when the craft there does not face it.
- **targets**: (2) is the targets of the set its team aims at that the craft
  has eliminated, minus those of its own team's set (eliminating one of
  those helps the other team); (3) the aim distance to a target of the
  aimed set still standing.
- **drones**: (2) the different drone symbols it holds; (3) the aim distance
  to a drone whose symbol it lacks.
- **capture** (one craft of a team, :mod:`asteroyds.coach.capture`):
  (1) the points its team scored this turn, (2) the craft carries an enemy
  asteroyd at the end of the turn, (3) the route distance: the fewest
  columns (F, R, L, U around the obstacles, from its final space and
  facing) to enter the nearest loose enemy asteroyd when it carries none,
  or its own platform when it carries one (0 when no enemy asteroyd is loose),
  (4) it was not sent home (hit or bumped) this turn, (5) the most enemy
  crafts its laser sent home. The other crafts are assumed to fly the
  empty chart (or the programs the caller gives, e.g. team-mates').
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping

from ..hexgrid import Cell, distance
from ..modes import mode_named, mode_of
from ..pieces import ASTEROID, DRONE, GATE, PLATFORM, TURRET
from ..shooting import obstacles, reward, run_laser
from ..state import State

FAR = 999  # the distance of a craft that is no longer on the board
# The name of the goal component, per objective.
GOALS: dict[str, str] = {"racing": "tokens", "shooting": "tokens", "targets": "targets", "drones": "symbols"}


def rank(score: Mapping[str, object]) -> tuple:
    """A sort key: smaller is better (see the module's docstring for the order)."""
    if mode_named(str(score["objective"])).teams:  # capture: a team's points first
        return (
            -int(score["points"]),  # type: ignore[arg-type]
            0 if score["carrying"] else 1,
            int(score["distance"]),  # type: ignore[arg-type]
            1 if score["sent_home"] else 0,
            -int(score["enemies_hit"]),  # type: ignore[arg-type]
        )
    goal = int(score[GOALS[str(score["objective"])]])  # type: ignore[arg-type]
    column = score.get("finish_column")
    return (
        0 if score["on_board"] else 1,
        -goal,
        int(score["distance"]),  # type: ignore[arg-type]
        int(score["damage"]),  # type: ignore[arg-type]
        99 if column is None else int(column),  # type: ignore[arg-type]
        int(score["powers_spent"]),  # type: ignore[arg-type]
    )


def better(a: Mapping[str, object], b: Mapping[str, object]) -> bool:
    """Is score ``a`` strictly better than score ``b``?"""
    return rank(a) < rank(b)


class Objective:
    """The objective of one player on one board (the board after the asteroid phase).

    Built once per search; :meth:`score` is called on every final craft state.
    """

    def __init__(self, board: State, player: str) -> None:
        mode = mode_of(board)
        self.name = _objective_name(board)
        self.landing = board.rules.return_to_platform and mode.crosses_gates
        craft = board.craft(player)
        self.team = craft.team
        self.gates: list[tuple[Cell, str]] = [
            (p.cell, p.symbol) for p in board.pieces if p.kind == GATE and p.symbol
        ]
        self.needed = frozenset(symbol for _, symbol in self.gates)
        self.platforms = [p.cell for p in board.pieces if p.kind == PLATFORM]
        self.aimed: frozenset[str] = frozenset()
        self.own: frozenset[str] = frozenset()
        self.aims: dict[str, tuple[dict[Cell, int], dict[Cell, set[int]]]] = {}
        if self.name == "racing":
            return
        wanted: dict[str, list] = {}
        if self.name == "targets":
            aimed_side = {"left": "right", "right": "left"}.get(craft.team or "")
            for p in board.pieces:
                if p.kind == ASTEROID and p.target:
                    if p.team == aimed_side:
                        self.aimed |= {p.target}
                        wanted.setdefault(p.target, []).append(p)
                    else:
                        self.own |= {p.target}
        else:
            kind = DRONE if self.name == "drones" else GATE
            for p in board.pieces:
                if p.kind == kind and reward(board.mode, p):
                    wanted.setdefault(p.symbol, []).append(p)
            if self.name == "drones":
                self.needed = frozenset(p.symbol for p in board.pieces if p.kind == TURRET and p.symbol)
        occupant = obstacles(board)
        blocked = {cell for cell, p in occupant.items() if not (p.kind == PLATFORM and cell == craft.cell)}
        for token, pieces in wanted.items():
            self.aims[token] = _aim_map(board, occupant, blocked, pieces)

    def score(
        self,
        cell: Cell | None,
        facing: int,
        damage: int,
        tokens: frozenset[str] | tuple[str, ...],
        landed: bool,
        finish: int | None,
        powers: int,
    ) -> dict[str, object]:
        """The named components for a craft ending its flight so."""
        tokens = frozenset(tokens)
        on_board = cell is not None
        name = self.name
        if name == "racing":
            goal = len(tokens & self.needed) + (1 if landed else 0)
            if not on_board:
                dist = FAR
            else:
                missing = [c for c, symbol in self.gates if symbol not in tokens]
                if missing:
                    dist = min(distance(cell, c) for c in missing)
                elif self.landing and not landed:
                    dist = min((distance(cell, c) for c in self.platforms), default=0)
                else:
                    dist = 0
        else:
            if name == "targets":
                goal = len(tokens & self.aimed) - len(tokens & self.own)
            else:
                goal = len(tokens & self.needed)
            dist = FAR if not on_board else self.aim_distance(cell, facing, tokens)
        score: dict[str, object] = {
            "objective": name,
            "on_board": on_board,
            GOALS[name]: goal,
            "distance": dist,
            "damage": damage,
            "finish_column": finish if name in ("racing", "shooting") else None,
            "powers_spent": powers,
        }
        if self.landing:
            score["landed"] = landed
        return score

    def aim_distance(self, cell: Cell, facing: int, tokens: frozenset[str]) -> int:
        """Moves to a space from which a wanted piece is in the line of fire (+1 to face it).

        0 when nothing is left to shoot.
        """
        best = FAR
        left = False
        for token, (steps, facings) in self.aims.items():
            if token in tokens:
                continue
            left = True
            d = steps.get(cell, FAR)
            if d == 0 and facing not in facings[cell]:
                d = 1
            best = min(best, d)
        return best if left else 0


def _objective_name(board: State) -> str:
    mode = mode_of(board)
    if mode.teams:
        return "capture"
    if mode.crosses_gates:
        return "racing"
    if mode.shoots_targets:
        return "targets"
    if any(p.kind == TURRET for p in board.pieces):
        return "drones"
    return "shooting"


def _aim_map(
    board: State, occupant: dict, blocked: set[Cell], pieces: list
) -> tuple[dict[Cell, int], dict[Cell, set[int]]]:
    """Moves from each free space to the nearest space from which a laser hits one of ``pieces``."""
    step = board.board._step
    ids = {p.id for p in pieces}
    facings: dict[Cell, set[int]] = {}
    for piece in pieces:
        for away in range(6):
            cell = step[piece.cell][away]
            while cell is not None and cell not in occupant:
                facings.setdefault(cell, set()).add((away + 3) % 6)
                cell = step[cell][away]
    # A laser from a space that is itself an obstacle (the craft's own platform) starts past it.
    for cell in list(facings):
        for f in list(facings[cell]):
            _path, hit = run_laser(step, occupant, cell, f)
            if hit is None or hit.id not in ids:
                facings[cell].discard(f)
        if not facings[cell]:
            del facings[cell]
    steps = dict.fromkeys(facings, 0)
    queue = deque(facings)
    while queue:
        cell = queue.popleft()
        for near in step[cell]:
            if near is not None and near not in steps and near not in blocked:
                steps[near] = steps[cell] + 1
                queue.append(near)
    return steps, facings


__all__ = ["FAR", "GOALS", "Objective", "better", "rank"]
