"""The danger map: what every one of the 216 rolls does to the board, counted exactly.

For a state, over all 216 rolls of the red, white and blue dice, it counts
for every cell the rolls after whose asteroid phase the cell holds a moving
element that can hurt a craft (an asteroid, a drone; a gate too, except in
racing, where a gate entering a craft's space hands it a token and does no
damage: those are counted apart, in ``gates``), and for every craft the
rolls in which at least one element runs into it during the phase. The crafts stay
where they are with their shields up (the coach asks "what if I stayed
here?"), so no craft is destroyed and the board is the same whatever a
craft's damage.

Why not call :func:`~asteroyds.asteroids.resolve_asteroids` 216 times? It
gives the same counts (the tests check it), but the red phase is the same
for the 36 rolls sharing a red die, and the white phase the same for the 6
sharing red and white. So the phases are played as a tree: 6 red phases, 36
white phases and 216 blue phases, each starting from a copy of its parent's
working board, with the engine's own resolver doing every move. The colour
order is the rulebook's (red, white, blue); with the random dice order
variant the map still shows that order. The round starts as a played one
does (:func:`asteroyds.round.play_one_round`): in drones mode every turret
without a drone launches one first.

>>> from asteroyds.setups import racing
>>> danger = danger_map(racing(seed=1, players=["blue"]))
>>> danger.rolls, sum(danger.cells.values()) + sum(danger.gates.values()) == 216 * 24
(216, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..asteroids import Mover, _Resolver
from ..damage import never
from ..events import CraftHit
from ..hexgrid import Cell
from ..modes import mode_of, start_round
from ..pieces import BLUE, GATE, RED, WHITE
from ..rules import RuleSettings
from ..state import State

ROLLS = 216


@dataclass(frozen=True)
class DangerMap:
    """Exact counts over the 216 rolls (see the module's docstring).

    ``cells``: cell → rolls after which an element that can hurt a craft is
    there (only counts above 0, sorted by cell). ``gates``: the same for the
    racing gates, which do no damage (empty in the other modes, where a
    gate is an obstacle like any element). ``crafts``: player → rolls in
    which an element runs into that craft (every craft on the board, in
    turn order).
    """

    rolls: int
    cells: dict[Cell, int] = field(default_factory=dict)
    crafts: dict[str, int] = field(default_factory=dict)
    gates: dict[Cell, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        """The command line's JSON.

        ``{"rolls": 216, "cells": [{"cell": [r, c], "count": k}, …], "crafts": [{"player": p, "hit": k}, …],
        "gates": [{"cell": [r, c], "count": k}, …]}``
        """
        return {
            "rolls": self.rolls,
            "cells": [{"cell": list(cell), "count": count} for cell, count in self.cells.items()],
            "crafts": [{"player": player, "hit": hit} for player, hit in self.crafts.items()],
            "gates": [{"cell": list(cell), "count": count} for cell, count in self.gates.items()],
        }

    def risk(self, cell: Cell | None) -> int:
        """How many rolls leave an element that can hurt a craft in ``cell`` (0 off the map)."""
        return self.cells.get(cell, 0) if cell is not None else 0


def danger_map(state: State, rules: RuleSettings | None = None) -> DangerMap:
    """Count, over all 216 rolls, where the moving elements end and which crafts they hit."""
    del rules  # the asteroid phase has no variant of its own (see resolve_asteroids)
    state, _ = start_round(state)  # as a played round starts: drones mode launches the missing drones
    root = _Branch(state, None, never)
    movers = root.board.movers  # each colour phase's movers, in resolution order
    harmless = sorted(p.id for p in state.pieces if p.kind == GATE) if mode_of(state).crosses_gates else []
    cells: dict[Cell, int] = {}
    gates: dict[Cell, int] = {}
    hits: dict[str, int] = {}
    for red in range(1, 7):
        after_red = _branch(root)
        _phase(after_red, movers[RED], RED, red)
        for white in range(1, 7):
            after_white = _branch(after_red)
            _phase(after_white, movers[WHITE], WHITE, white)
            for blue in range(1, 7):
                final = _branch(after_white)
                _phase(final, movers[BLUE], BLUE, blue)
                ends = dict(final.pos)
                for cell in {ends.pop(pid) for pid in harmless if pid in ends}:
                    gates[cell] = gates.get(cell, 0) + 1
                for cell in set(ends.values()):
                    cells[cell] = cells.get(cell, 0) + 1
                for player in final.hit:
                    hits[player] = hits.get(player, 0) + 1
    crafts = {
        player: hits.get(player, 0) for player in state.player_order if state.craft(player).cell is not None
    }
    return DangerMap(ROLLS, dict(sorted(cells.items())), crafts, dict(sorted(gates.items())))


class _Branch(_Resolver):
    """A working board of the tree: the engine's resolver, and the crafts hit so far (the root has none)."""

    hit: set[str]


def _branch(parent: _Branch) -> _Branch:
    """A copy of a working board, to play the next colour phase on (the parent stays as it was)."""
    child = object.__new__(_Branch)
    child.__dict__.update(parent.__dict__)
    child.pos = dict(parent.pos)
    child.occupant = dict(parent.occupant)
    child.crafts = dict(parent.crafts)  # gates crossing crafts hand tokens out
    # Shields are up, so no craft is destroyed and crafts_at is never changed: it is shared.
    child.events = []
    child.crossed = []
    child.hit = set(getattr(parent, "hit", ()))
    return child


def _phase(resolver: _Branch, movers: Sequence[Mover], colour: str, die: int) -> None:
    """One colour phase, moved by the engine's own resolver (docs/rules.md#4-moving-the-asteroids)."""
    resolver.move_all(movers, colour, die)
    for event in resolver.events:
        if isinstance(event, CraftHit):
            resolver.hit.add(event.player)
    resolver.events.clear()


__all__ = ["ROLLS", "DangerMap", "danger_map"]
