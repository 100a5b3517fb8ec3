"""Where a program would take a craft: the ghost path shown while planning.

:func:`planned_path` flies one player's program alone on a state (the state
after the asteroid phase, when the caller knows the dice) with every
mid-flight question answered "no" (:func:`~asteroyds.damage.never`), and
reads the flight events back into a small value. The path is a forecast, not
the round: other crafts do not fly, nobody rams an asteroid and Lawrence keeps
his emergency shield.

>>> from asteroyds.setups import racing
>>> path = planned_path(racing(seed=1, players=["blue"]), "blue", "F F . . . . S")
>>> path.cells, path.end, path.collisions, path.damage
(((5, 7), (5, 6), (5, 5)), (5, 5), (), 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from .damage import never
from .errors import RuleError
from .events import (
    CraftCollided,
    CraftDamaged,
    CraftDestroyed,
    CraftMoved,
    CraftTurned,
    Event,
    TokenTaken,
)
from .flight import fly
from .hexgrid import Cell, Direction
from .pieces import MAX_DAMAGE, Craft
from .program import EMPTY, SHIELD, SHOOT, Program, as_program, validate_program
from .state import State


@dataclass(frozen=True, slots=True)
class PathPreview:
    """One program's forecast.

    ``cells`` are the craft's cells in order, the start included (a pivot in
    place adds no cell); ``facings[i]`` is the facing the craft has when it
    leaves ``cells[i]`` (for the last cell: its final facing). ``collisions``
    are the cells where the craft was stopped (it stays there), and
    ``blocked_at`` the cells it could not enter, in the same order (``None``
    for the border). ``tokens`` are the gate symbols it would take, ``damage``
    its total damage afterwards and ``destroyed`` whether the program would
    destroy it. ``events`` are the flight events the forecast was read from.
    """

    program: str
    cells: tuple[Cell, ...]
    facings: tuple[Direction, ...]
    collisions: tuple[Cell, ...] = ()
    blocked_at: tuple[Cell | None, ...] = ()
    tokens: tuple[str, ...] = ()
    damage: int = 0
    destroyed: bool = False
    events: tuple[Event, ...] = ()

    @property
    def start(self) -> Cell | None:
        """Where the craft starts (None for a craft already destroyed)."""
        return self.cells[0] if self.cells else None

    @property
    def end(self) -> Cell | None:
        """Where the craft ends (its last cell, also when it is destroyed there)."""
        return self.cells[-1] if self.cells else None

    @property
    def crashes(self) -> tuple[Cell, ...]:
        """Where to draw each collision: the cell the craft could not enter, or its own at the border."""
        return tuple(b if b is not None else c for c, b in zip(self.collisions, self.blocked_at, strict=True))

    @property
    def blocked(self) -> bool:
        """Does the program end in a collision?"""
        return bool(self.collisions)


def planned_path(state: State, player: str, program: Program | str) -> PathPreview:
    """Fly ``player``'s program alone on ``state`` and describe the path (see :class:`PathPreview`).

    The program is validated for the player's craft and the state's rule
    variants first (a :class:`~asteroyds.errors.ProgramError` names what is
    wrong: a second Shoot under "one shot per turn" is refused here too). Shoot ``X``
    does not move the craft (docs/rules.md#7-shooting): while the flight phase cannot fly it,
    the forecast treats it as an empty column.

    >>> from asteroyds.setups import racing
    >>> planned_path(racing(seed=1, players=["blue"]), "blue", "U . . . . . S").facings
    (0,)
    """
    craft = state.craft(player)
    program = validate_program(as_program(program, player), craft, state.mode, rules=state.rules)
    if craft.cell is None:
        return PathPreview(str(program), (), (), damage=craft.damage, destroyed=True)
    try:
        after, events = fly(state, {player: program}, decide=never)
        shield_off = False
    except RuleError:
        if SHOOT not in program.tokens:
            raise
        flown, shield_off = _without_shots(program)
        after, events = fly(state, {player: flown}, decide=never)
    return _read(str(program), craft, after.craft(player), events, shield_off)


def _without_shots(program: Program) -> tuple[Program, bool]:
    """The program with every Shoot made an empty column; True if the red column shot.

    The red column is never empty, so a red Shoot is flown as Shield and the
    caller re-reads the damage with the shield off.
    """
    columns = tuple(EMPTY if t == SHOOT else t for t in program.columns)
    if program.red == SHOOT:
        return Program(columns, SHIELD), True
    return Program(columns, program.red), False


def _read(program: str, craft: Craft, after: Craft, events: list[Event], shield_off: bool) -> PathPreview:
    assert craft.cell is not None  # planned_path answers a destroyed craft before flying it
    cells: list[Cell] = [craft.cell]
    facings: list[Direction] = [craft.facing]
    collisions: list[Cell] = []
    blocked: list[Cell | None] = []
    tokens: list[str] = []
    destroyed = False
    damage, base = after.damage, 0
    for event in events:
        if isinstance(event, CraftMoved):
            cells.append(event.end)
            facings.append(event.facing)
        elif isinstance(event, CraftTurned):
            facings[-1] = event.end_facing
        elif isinstance(event, CraftCollided):
            collisions.append(event.cell)
            blocked.append(event.blocked_at)
        elif isinstance(event, TokenTaken):
            tokens.append(event.symbol)
        elif isinstance(event, CraftDamaged):
            damage, base = event.total, base + event.base
        elif isinstance(event, CraftDestroyed):
            destroyed = True
    if shield_off and base:
        damage = min(MAX_DAMAGE, craft.damage + base)
        destroyed = damage == MAX_DAMAGE
    return PathPreview(
        program=program,
        cells=tuple(cells),
        facings=tuple(facings),
        collisions=tuple(collisions),
        blocked_at=tuple(blocked),
        tokens=tuple(tokens),
        damage=damage,
        destroyed=destroyed,
        events=tuple(events),
    )


__all__ = ["PathPreview", "planned_path"]
