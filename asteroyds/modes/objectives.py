"""What "best" means for the coach, mode by mode: one objective object each, no name switch.

A score is a small JSON-able dict of named components (``{"objective":
"racing", "on_board": True, "tokens": 2, ...}``); the objective's
:meth:`~CoachObjective.rank` turns it into a tuple that sorts best first, and
:meth:`~CoachObjective.text` says it in one sentence. In the one-round modes
the score is a function of the craft at the end of its flight (and of the
board after the asteroid phase), which is what lets the coach's search
merge every program that ends in the same craft state:
:meth:`~StandardObjective.scorer` builds, once per search, the object that
scores each final craft state. The components, compared in this order (the
first difference decides):

- **racing** (:class:`RacingObjective`): (1) the craft is still on the
  board, (2) the gate tokens it holds, (3) the smallest hex distance from its
  final cell to a gate whose token it lacks (0 when it holds them all), (4)
  the least damage. Then, to break ties: (5) the earliest column in which
  the last token was taken (the racing tie-break, docs/rules.md#8-victory), (6) the fewest
  once-a-game powers spent (destroying an asteroid, the pilot's power). With
  the *return to a platform* variant, landing counts as one more token, and
  once every token is held the distance is to the nearest platform.
- **shooting** (:class:`ShootingObjective`): as racing, but gates are shot,
  so (3) is the *aim distance*: the fewest moves through the free spaces of
  the board after the asteroid phase to a space from which a laser would hit
  a gate whose token the craft lacks, plus one when the craft there does not
  face it.
- **targets** (:class:`TargetsObjective`): (2) is the targets of the set its
  team aims at that the craft has eliminated, minus those of its own team's
  set (eliminating one of those helps the other team); (3) the aim distance
  to a target of the aimed set still standing.
- **drones** (:class:`DronesObjective`): (2) the different drone symbols it
  holds; (3) the aim distance to a drone whose symbol it lacks.
- **capture**: its own objective, :mod:`asteroyds.modes.capture.objective`.

The coach (:mod:`asteroyds.coach`) searches; the objective, the mode's own
knowledge, judges. Each is registered for its mode in the players layer
(:func:`asteroyds.coach.objective.register_objective`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import RuleError
from ..hexgrid import Cell, distance
from ..i18n import _, ngettext
from ..pieces import ASTEROID, DRONE, GATE, PLATFORM, TURRET, Piece
from ..registry import mode_of
from ..shooting import obstacles, reward, run_laser
from ..state import State

FAR = 999  # the distance of a craft that is no longer on the board
Aims = dict[str, tuple[dict[Cell, int], dict[Cell, set[int]]]]


class CoachObjective:
    """What the coach is after in a mode. ``name`` goes into every score it makes (``score["objective"]``)."""

    name = "none"

    def rank(self, score: Mapping[str, object]) -> tuple:
        """A sort key: smaller is better."""
        raise RuleError(_("the coach has no objective in this mode"))

    def text(self, score: Mapping[str, object]) -> str:
        """The score in one sentence."""
        raise RuleError(_("the coach has no objective in this mode"))

    def scorer(self, board: State, player: str) -> Any:
        """What scores the final craft states of ``player`` on ``board`` (one-round modes)."""
        raise RuleError(_("the coach has no objective in this mode"))


no_coach = CoachObjective()  # a mode that declares none: the coach says so


@dataclass(frozen=True)
class StandardObjective(CoachObjective):
    """The one-round modes' objective: on the board, the goal, a distance, damage; then the tie-breaks."""

    name: str = "racing"
    goal: str = "tokens"  # the name of the goal component
    finish_column: bool = False  # the racing tie-break applies (racing, shooting)
    aiming: bool = True  # the distance is an aim distance (the shooting modes), not hexes to a gate

    def rank(self, score: Mapping[str, object]) -> tuple:
        column = score.get("finish_column")
        return (
            0 if score["on_board"] else 1,
            -int(score[self.goal]),  # type: ignore[call-overload]
            int(score["distance"]),  # type: ignore[call-overload]
            int(score["damage"]),  # type: ignore[call-overload]
            99 if column is None else int(column),  # type: ignore[call-overload]
            int(score["powers_spent"]),  # type: ignore[call-overload]
        )

    def text(self, score: Mapping[str, object]) -> str:
        if not score.get("on_board"):
            return _("the craft is destroyed")
        n = int(score[self.goal])  # type: ignore[call-overload]
        return self._words(n, {"n": n, "distance": score["distance"], "damage": score["damage"]})

    def _words(self, n: int, fields: dict[str, object]) -> str:
        return ngettext(
            "{n} gate token, {distance} from the nearest gate still needed, {damage} damage",
            "{n} gate tokens, {distance} from the nearest gate still needed, {damage} damage",
            n,
            **fields,
        )

    def scorer(self, board: State, player: str) -> Scorer:
        return Scorer(self, board, player)

    # --- what a scorer asks its objective --------------------------------------------------
    def goal_of(self, scorer: Scorer, tokens: frozenset[str], landed: bool) -> int:
        """The goal component for a craft holding ``tokens``."""
        return len(tokens & scorer.needed)

    def wanted(self, board: State, scorer: Scorer) -> dict[str, list[Piece]]:
        """Token → the pieces a laser hit gives it from (what the aim distance aims at); racing: none."""
        return {}


@dataclass(frozen=True)
class RacingObjective(StandardObjective):
    """Racing: gates are crossed, so the distance is in hexes to the nearest gate still needed."""

    name: str = "racing"
    finish_column: bool = True
    aiming: bool = False

    def goal_of(self, scorer: Scorer, tokens: frozenset[str], landed: bool) -> int:
        return len(tokens & scorer.needed) + (1 if landed else 0)


@dataclass(frozen=True)
class ShootingObjective(StandardObjective):
    """Shooting: the gates are shot; the distance is the aim distance to a gate still needed."""

    name: str = "shooting"
    finish_column: bool = True

    def _words(self, n: int, fields: dict[str, object]) -> str:
        return ngettext(
            "{n} gate token, aim distance {distance}, {damage} damage",
            "{n} gate tokens, aim distance {distance}, {damage} damage",
            n,
            **fields,
        )

    def wanted(self, board: State, scorer: Scorer) -> dict[str, list[Piece]]:
        return _rewarding(board, GATE)


@dataclass(frozen=True)
class DronesObjective(StandardObjective):
    """Drones: the different drone symbols held; the aim distance to a drone whose symbol is lacking."""

    name: str = "drones"
    goal: str = "symbols"

    def _words(self, n: int, fields: dict[str, object]) -> str:
        return ngettext(
            "{n} drone symbol, aim distance {distance}, {damage} damage",
            "{n} drone symbols, aim distance {distance}, {damage} damage",
            n,
            **fields,
        )

    def wanted(self, board: State, scorer: Scorer) -> dict[str, list[Piece]]:
        scorer.needed = frozenset(p.symbol for p in board.pieces if p.kind == TURRET and p.symbol)
        return _rewarding(board, DRONE)


@dataclass(frozen=True)
class TargetsObjective(StandardObjective):
    """Targets: the aimed set's targets eliminated, minus the own set's; aim at one still standing."""

    name: str = "targets"
    goal: str = "targets"

    def _words(self, n: int, fields: dict[str, object]) -> str:
        return ngettext(
            "{n} target eliminated (net), aim distance {distance}, {damage} damage",
            "{n} targets eliminated (net), aim distance {distance}, {damage} damage",
            n,
            **fields,
        )

    def goal_of(self, scorer: Scorer, tokens: frozenset[str], landed: bool) -> int:
        return len(tokens & scorer.aimed) - len(tokens & scorer.own)

    def wanted(self, board: State, scorer: Scorer) -> dict[str, list[Piece]]:
        aimed_side = {"left": "right", "right": "left"}.get(scorer.team or "")  # modes.targets.aimed_side
        wanted: dict[str, list[Piece]] = {}
        for p in board.pieces:
            if p.kind == ASTEROID and p.target:
                if p.team == aimed_side:
                    scorer.aimed |= {p.target}
                    wanted.setdefault(p.target, []).append(p)
                else:
                    scorer.own |= {p.target}
        return wanted


def _rewarding(board: State, kind: str) -> dict[str, list[Piece]]:
    wanted: dict[str, list[Piece]] = {}
    for p in board.pieces:
        if p.kind == kind and reward(board.mode, p):
            wanted.setdefault(p.symbol or "", []).append(p)
    return wanted


class Scorer:
    """One player's objective on one board (the board after the asteroid phase).

    Built once per search; :meth:`score` is called on every final craft state.
    """

    def __init__(self, objective: StandardObjective, board: State, player: str) -> None:
        self.objective = objective
        self.name = objective.name
        self.rank = objective.rank
        self.landing = board.rules.return_to_platform and board_crosses_gates(board)
        craft = board.craft(player)
        self.team = craft.team
        self.gates: list[tuple[Cell, str]] = [
            (p.cell, p.symbol) for p in board.pieces if p.kind == GATE and p.symbol
        ]
        self.needed = frozenset(symbol for _, symbol in self.gates)
        self.platforms = [p.cell for p in board.pieces if p.kind == PLATFORM]
        self.aimed: frozenset[str] = frozenset()
        self.own: frozenset[str] = frozenset()
        self.aims: Aims = {}
        self.aiming = objective.aiming
        # The distance of a final craft state depends on few of its parts: computed once for them.
        self._distances: dict[tuple, int] = {}
        if not self.aiming:
            return
        wanted = objective.wanted(board, self)
        occupant = obstacles(board)
        blocked = {cell for cell, p in occupant.items() if not (p.kind == PLATFORM and cell == craft.cell)}
        for token, pieces in wanted.items():
            self.aims[token] = aim_map(board, occupant, blocked, pieces)

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
        objective = self.objective
        score: dict[str, object] = {
            "objective": self.name,
            "on_board": cell is not None,
            objective.goal: objective.goal_of(self, tokens, landed),
            "distance": self.distance(cell, facing, tokens, landed),
            "damage": damage,
            "finish_column": finish if objective.finish_column else None,
            "powers_spent": powers,
        }
        if self.landing:
            score["landed"] = landed
        return score

    def key(
        self,
        cell: Cell | None,
        facing: int,
        damage: int,
        tokens: frozenset[str],
        landed: bool,
        finish: int | None,
        powers: int,
    ) -> tuple:
        """``rank(score(...))`` without the score's dict: the search ranks every final craft state
        (thousands), and builds the score of the best one only."""
        objective = self.objective
        column = finish if objective.finish_column else None
        return (
            0 if cell is not None else 1,
            -objective.goal_of(self, tokens, landed),
            self.distance(cell, facing, tokens, landed),
            damage,
            99 if column is None else column,
            powers,
        )

    def distance(self, cell: Cell | None, facing: int, tokens: frozenset[str], landed: bool) -> int:
        """The distance component: hexes to a gate still needed (racing), or the aim distance."""
        if cell is None:
            return FAR
        if self.aiming:  # a few look-ups: cheaper than remembering them
            return self.aim_distance(cell, facing, tokens)
        known = (cell, tokens, landed)  # hexes to the gates: computed once per cell and tokens held
        found = self._distances.get(known)
        if found is not None:
            return found
        missing = [c for c, symbol in self.gates if symbol not in tokens]
        if missing:
            dist = min(distance(cell, c) for c in missing)
        elif self.landing and not landed:
            dist = min((distance(cell, c) for c in self.platforms), default=0)
        else:
            dist = 0
        self._distances[known] = dist
        return dist

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


def board_crosses_gates(board: State) -> bool:
    """Does a craft cross gates on this board (racing)? Landing counts only there."""
    return bool(mode_of(board).crosses_gates)


def aim_map(
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


RACING_OBJECTIVE = RacingObjective()
SHOOTING_OBJECTIVE = ShootingObjective()
TARGETS_OBJECTIVE = TargetsObjective()
DRONES_OBJECTIVE = DronesObjective()

__all__ = [
    "DRONES_OBJECTIVE",
    "FAR",
    "RACING_OBJECTIVE",
    "SHOOTING_OBJECTIVE",
    "TARGETS_OBJECTIVE",
    "CoachObjective",
    "DronesObjective",
    "RacingObjective",
    "Scorer",
    "ShootingObjective",
    "StandardObjective",
    "TargetsObjective",
    "aim_map",
    "no_coach",
]
