"""One flight engine: what a flying craft's steps do, for the engine's flight and the coach's search.

docs/rules.md#5-flying-and-the-status-chart and docs/rules.md#6-gates-and-tokens:
an action is a short sequence of primitive steps (:mod:`asteroyds.pilots`): a
pivot, or one space forward or backwards. A step into an empty space moves
the craft; in racing a gate is crossed (its token taken, once); any other
step meets something: a platform the craft lands on (the return-to-platform
variant, every gate token held), an asteroid it may destroy (once a game),
or an obstacle or the border it bounces off.

:func:`advance` is that rule, pure: a craft's position and tokens, the board
(:class:`Airspace`), one action's steps → where the craft stands, the tokens
it holds and the facts of each step, up to the first step that meets
something, and what that is. Two callers fold it:
:func:`asteroyds.flight.fly` asks the mid-flight questions (``decide``) and
turns the facts into events; the coach's search
(:mod:`asteroyds.coach.search`) branches on every answer and keeps the facts
to explain its plan. A rule of movement is written here once.

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> space, craft = Airspace(state), state.craft("blue")
>>> trail: list = []
>>> advance(space, craft.cell, craft.facing, ACTION_EFFECTS["F"], 0, (), None, True, trail)[:4]
(0, (5, 6), 3, -1)
>>> trail
[('move', (5, 6), False)]
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from types import MappingProxyType

from .hexgrid import Cell
from .pieces import ASTEROID, FIXED_KINDS, GATE, PLATFORM, Piece
from .pilots import ACTION_STEPS, PRIMITIVES
from .registry import mode_of
from .rules import RuleSettings
from .shooting import laser_hit, run_laser
from .state import State

COLLISION_DAMAGE = 2  # docs/rules.md#5-flying-and-the-status-chart: 2 damage, 1 with the shield
DESTROY_DAMAGE = 4  # docs/rules.md#5-flying-and-the-status-chart: destroying costs 4, 3 with the shield

# One primitive step: (pivot, move), see pilots.PRIMITIVES; move None is a pivot on the spot.
Effect = tuple[int, int | None]
Effects = tuple[Effect, ...]
# One fact of a step, in the order they happen, always three fields (the flight unpacks them at once):
# ("turn", facing, pivot), ("move", cell, backwards), ("token", symbol, gate). Made only when a caller
# asks (the flight makes events of them, the coach's explanation reads them), never on the search's path.
Fact = tuple
# What :func:`advance` returns: (FREE, HIT, LAND or RAM, cell, facing, the index of the step met (FREE:
# -1), the space that step aims at (None: the border), the piece there, the gate tokens taken).
Advance = tuple[int, Cell, int, int, Cell | None, Piece | None, tuple[str, ...]]

# How an action's walk ends: every step done, or at a step that meets something: bounce off, land on the
# platform, an asteroid the craft may destroy.
FREE, HIT, LAND, RAM = 0, 1, 2, 3

ACTION_EFFECTS: Mapping[str, Effects] = MappingProxyType(
    {token: tuple(PRIMITIVES[s] for s in steps) for token, steps in ACTION_STEPS.items()}
)


def effects(steps: Iterable[str]) -> Effects:
    """An action's steps (a pilot's, for its tokens) as (pivot, move) pairs."""
    return tuple(PRIMITIVES[s] for s in steps)


class Airspace:
    """The board as a flying craft meets it: what stands in each space, the mode's and rules' flight rules.

    The flight changes it as crafts fly (an asteroid destroyed, a target
    shot off its asteroid); the search keeps it fixed and carries the one
    asteroid its craft destroyed in the craft's state (``removed``).
    """

    __slots__ = (
        "_needed",
        "landing",
        "mode",
        "neighbours",
        "occupant",
        "pieces",
        "prefix",
        "racing",
        "targets",
    )

    def __init__(self, state: State, rules: RuleSettings | None = None) -> None:
        mode = mode_of(state)
        self.mode: str = state.mode
        self.racing: bool = mode.crosses_gates
        self.targets: bool = mode.shoots_targets
        self.landing: bool = (state.rules if rules is None else rules).return_to_platform
        self.neighbours = state.board._step
        # The one object in each cell a craft may run into (a drone inside its turret: the turret).
        occupant: dict[Cell, Piece] = {}
        for p in state.pieces:
            if p.cell not in occupant or p.kind in FIXED_KINDS:
                occupant[p.cell] = p
        self.occupant = occupant
        self.pieces = state.pieces
        self._needed: frozenset[str] | None = None
        self.prefix = f"r{state.round}:fly"

    def key(self, player: str, column: int, step: int) -> str:
        """The key of a question asked at a step (the engine counts a column's steps from 1)."""
        return f"{self.prefix}:{player}:c{column}:s{step}"

    @property
    def needed(self) -> frozenset[str]:
        """The tokens of every gate in play (worked out when first asked: most flights never land)."""
        if self._needed is None:
            self._needed = frozenset(p.symbol for p in self.pieces if p.kind == GATE and p.symbol)
        return self._needed

    def holds_every_token(self, tokens: Iterable[str]) -> bool:
        """Return-to-platform variant: are the tokens those of every gate in play?"""
        needed = self.needed
        return bool(needed) and needed.issubset(tokens)

    def laser(self, cell: Cell, facing: int) -> tuple[tuple[Cell, ...], Piece | None]:
        """The spaces a laser fired from ``cell`` runs through and what it hits."""
        return run_laser(self.neighbours, self.occupant, cell, facing)

    def hit(self, cell: Cell, facing: int, removed: str | None = None) -> Piece | None:
        """What a laser fired from ``cell`` hits (``removed`` is gone), its path not kept."""
        return laser_hit(self.neighbours, self.occupant, cell, facing, removed)


def damage_amount(base: int, shielded: bool) -> int:
    """One damage event's points before Lawrence: the shield takes one."""
    return base - 1 if shielded and base > 0 else base


def advance(
    space: Airspace,
    cell: Cell,
    facing: int,
    steps: Effects,
    first: int,
    tokens: Collection[str],
    removed: str | None,
    can_destroy: bool,
    trail: list[Fact] | None,
) -> Advance:
    """Play ``steps[first:]`` from ``cell`` and ``facing`` up to the first step that meets something.

    Pivots, steps into empty spaces and (racing) gates crossed are done here,
    each fact appended to ``trail`` (None: not wanted, the search's hot
    path); a gate's token is taken when it is not in ``tokens`` (the ones
    taken are returned, in order); the piece ``removed`` (an asteroid the
    craft destroyed) is no longer there. The first step that meets something
    ends the walk: the outcome says what it is, LAND on the platform (every
    gate token held, the return-to-platform variant), RAM an asteroid (when
    ``can_destroy``: the once-a-game destroy is not spent) or HIT (bounce off);
    FREE when every step was done. The caller lands, asks or branches, and
    goes on from ``index + 1`` if the craft gets through.
    """
    neighbours, occupant = space.neighbours, space.occupant
    gained: tuple[str, ...] = ()
    index = first - 1  # counted by hand: cheaper than enumerate for an action's one to three steps
    for pivot, move in steps[first:] if first else steps:
        index += 1
        if move is None:
            facing = (facing + pivot) % 6
            if trail is not None:
                trail.append(("turn", facing, pivot))
            continue
        target = neighbours[cell][(facing + move) % 6]
        if target is None:  # the border
            return HIT, cell, facing, index, None, None, gained
        gate = None
        if target in occupant:  # (most steps go into an empty space)
            piece = occupant[target]
            kind = piece.kind
            if kind == GATE and space.racing:
                gate = piece  # crossed
            elif piece.id != removed:  # met: the caller lands, asks or bounces off
                if kind == PLATFORM and space.landing and space.holds_every_token((*tokens, *gained)):
                    return LAND, cell, facing, index, target, piece, gained
                if kind == ASTEROID and can_destroy:
                    return RAM, cell, facing, index, target, piece, gained
                return HIT, cell, facing, index, target, piece, gained
        cell = target
        if trail is not None:
            trail.append(("move", cell, move == 3))
        if gate is not None:  # a gate crossed: its token, once
            symbol = gate.symbol
            if symbol and symbol not in tokens and symbol not in gained:
                gained += (symbol,)
                if trail is not None:
                    trail.append(("token", symbol, gate))
    return FREE, cell, facing, -1, None, None, gained


__all__ = [
    "ACTION_EFFECTS",
    "COLLISION_DAMAGE",
    "DESTROY_DAMAGE",
    "FREE",
    "HIT",
    "LAND",
    "RAM",
    "Airspace",
    "advance",
    "damage_amount",
    "effects",
]
