"""Phase 2, moving the asteroids: a pure function of (state, dice).

docs/rules.md#4-moving-the-asteroids, to the letter. Within a colour phase the elements move one after
another, drones first, then in ascending priority number, each completing its
whole move before the next starts. Every step is checked in the order the
rules give: the border, a fixed object (pod, platform, turret), crafts (hit:
1 damage, 0 with the shield; a racing gate crosses them instead), and last a
movable element (blocked, or pushed in the blue phase).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1)
>>> after, events = resolve_asteroids(state, Dice(3, 5, 2))
>>> after is not state and len(events) > 24
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from .damage import Decide, apply_damage, never
from .dice import Dice
from .errors import RuleError
from .events import (
    CraftHit,
    Event,
    PhaseStarted,
    TileBlocked,
    TileMoved,
    TilePushed,
    TokenTaken,
)
from .hexgrid import Cell
from .i18n import _
from .named import BEING_HIT_BY, BORDER_BEHIND, CRAFTS_BEHIND, IS_BEHIND, Named, Phrase
from .pieces import (
    BLUE,
    DIE_COLOURS,
    DIE_OFFSET,
    DRONE,
    FIXED_KINDS,
    GATE,
    MOVED_BY,
    MOVING_KINDS,
    RED,
    Craft,
    Piece,
)
from .registry import mode_of
from .rules import RuleSettings
from .state import State

STEPS: dict[str, int] = {RED: 2, "white": 1, BLUE: 1}
_tuple_new = tuple.__new__  # builds a NamedTuple (a Piece) from its fields without its Python __new__


class Blocked(NamedTuple):
    """Why a step is refused (:meth:`_Resolver.step`): the space, the reason, the blocker, and who it hits.

    ``target`` is None at the border; ``reason`` is the blocker's kind (``pod``...), ``craft``,
    ``border`` or ``push_refused`` (then ``detail`` says what is behind); ``hit`` the crafts a
    moving element runs into (each takes a damage event).
    """

    target: Cell | None
    reason: str
    blocker: str | None
    blocker_name: Named
    detail: Phrase | str  # "" when there is nothing to add
    hit: tuple[str, ...]


# A moving element as the hot loop reads it: the piece, its id, orientation, colour, kind and priority.
Mover = tuple[Piece, str, int, str, str, "int | None"]


def _mover(p: Piece) -> Mover:
    return (p, p.id, p.orientation or 0, p.colour or "", p.kind, p.priority)


class _Board(NamedTuple):
    """What the resolver reads off a state before a phase, computed once per state (its cache)."""

    pieces: dict[str, Piece]
    pos: dict[str, Cell]
    occupant: dict[Cell, str]
    tiles: list[Piece]
    movers: dict[str, tuple[Mover, ...]]  # each colour phase's movers, in resolution order
    orders: dict[str, tuple[str, ...]]
    crafts: dict[str, Craft]
    crafts_at: dict[Cell, tuple[str, ...]]
    piece_index: dict[str, int]  # a piece's place in state.pieces
    racing: bool


def _board(state: State) -> _Board:
    """The resolver's indexes of ``state``: built on the first phase resolved from it, then reused
    (every roll of a danger map, the coach's searches and the benchmarks start from the same state)."""
    cached = state._cache.get("resolver")
    if cached is not None:
        return cached  # type: ignore[no-any-return]
    pieces: dict[str, Piece] = {}
    pos: dict[str, Cell] = {}
    # occupant: the one object blocking each cell (a drone inside its turret is not listed).
    occupant: dict[Cell, str] = {}
    tiles: list[Piece] = []
    for p in state.pieces:
        pid, cell, kind = p.id, p.cell, p.kind
        pieces[pid] = p
        if kind in MOVING_KINDS:
            pos[pid] = cell
            tiles.append(p)
        if kind in FIXED_KINDS or cell not in occupant:
            occupant[cell] = pid
    # Resolution order: drones first, then ascending priority (docs/rules.md#4-moving-the-asteroids).
    tiles.sort(key=_resolution_key)
    movers = {
        colour: tuple(_mover(p) for p in tiles if colour in MOVED_BY[p.colour or ""])
        for colour in DIE_COLOURS
    }
    crafts = {c.player: c for c in state.crafts}
    crafts_at: dict[Cell, list[str]] = {}
    for player in state.player_order:
        craft_cell = crafts[player].cell
        if craft_cell is not None:
            crafts_at.setdefault(craft_cell, []).append(player)
    board = _Board(
        pieces,
        pos,
        occupant,
        tiles,
        movers,
        {colour: tuple(m[1] for m in found) for colour, found in movers.items()},
        crafts,
        {cell: tuple(players) for cell, players in crafts_at.items()},
        {p.id: i for i, p in enumerate(state.pieces)},
        mode_of(state).crosses_gates,  # racing: gates are crossed, not obstacles
    )
    state._cache["resolver"] = board
    return board


def resolve_asteroids(
    state: State,
    dice: Dice | Sequence[int],
    rules: RuleSettings | None = None,
    *,
    shields: Mapping[str, bool] | None = None,
    order: Sequence[str] = DIE_COLOURS,
    decide: Decide = never,
) -> tuple[State, list[Event]]:
    """Move every tile for these dice; return the new state and the events.

    ``shields`` says whose shield is up this round (default: everyone's, the
    token sits on Shield until a program moves it). ``order`` is the colour
    order (the random dice order variant shuffles it). ``decide`` answers
    Lawrence's emergency shield. The input state is never changed.
    """
    del rules  # the asteroid phase has no variant of its own; kept for a uniform API
    dice = Dice.of(dice)
    if order is not DIE_COLOURS:
        order = tuple(order)
        if len(order) != len(DIE_COLOURS) or set(order) != set(DIE_COLOURS):
            raise RuleError(
                _(
                    "the colour order must list red, white and blue once each, got {given!r}",
                    given=list(order),
                )
            )
    return _Resolver(state, shields, decide).run(dice, order)  # type: ignore[arg-type]


class _Resolver:
    """Mutable working copy of the board for one asteroid phase."""

    def __init__(self, state: State, shields: Mapping[str, bool] | None, decide: Decide) -> None:
        self.state = state
        self.neighbours = state.board._step
        self.decide = decide
        self.shields = shields
        # The indexes are the state's, built once (_board); what a phase changes is copied.
        board = self.board = _board(state)
        self.racing = board.racing
        self.pieces = board.pieces  # read only
        self.tiles = board.tiles  # read only
        self.pos: dict[str, Cell] = dict(board.pos)
        self.occupant: dict[Cell, str] = dict(board.occupant)
        self.crafts: dict[str, Craft] = dict(board.crafts)
        self.crafts_at: dict[Cell, list[str]] = {cell: list(ps) for cell, ps in board.crafts_at.items()}
        self.events: list[Event] = []
        self.crossed: list[str] = []

    def run(self, dice: Dice, order: tuple[str, ...]) -> tuple[State, list[Event]]:
        movers, orders, events = self.board.movers, self.board.orders, self.events
        for colour in order:
            die = dice.value(colour)
            events.append(PhaseStarted(colour, die, orders[colour]))
            self.move_all(movers[colour], colour, die)  # the state's pieces: the movers as they start
        return self.result(), self.events

    def result(self) -> State:
        s = self.state
        board = self.board
        start, pieces = board.pos, None
        for pid, cell in self.pos.items():
            if cell != start[pid]:
                if pieces is None:
                    pieces = list(s.pieces)
                i = board.piece_index[pid]
                p = pieces[i]  # a Piece with the new cell (the engine's hot loop: no _replace)
                pieces[i] = _tuple_new(Piece, (p[0], p[1], cell, *p[3:]))
        crafts = self.crafts
        changed = any(crafts[c.player] is not c for c in s.crafts)
        return State(
            s.mode,
            s.pieces if pieces is None else tuple(pieces),
            tuple([crafts[c.player] for c in s.crafts]) if changed else s.crafts,
            s.player_order,
            s.round,
            s.rules,
            s.board,
            s.scores,
        )

    # --- one element's move ----------------------------------------------------
    def move(self, piece: Piece, colour: str, die: int) -> None:
        """Move one element its whole distance, step by step (:meth:`move_all` of one)."""
        self.move_all((_mover(piece),), colour, die)

    def move_all(self, movers: Sequence[Mover], colour: str, die: int) -> None:
        """Move each element in turn its whole distance, step by step (one colour phase).

        This is the engine's hot loop, so it binds what it reads once per phase and
        reads each mover's fields from its :data:`Mover` record: a free step is
        handled inline, anything in the way goes to :meth:`step`, which applies the
        blocking order.
        """
        pos, occupant, crafts_at, neighbours = self.pos, self.occupant, self.crafts_at, self.neighbours
        events, step_into, crossed = self.events, self.step, self.crossed
        offset, attempts = DIE_OFFSET[die], range(STEPS[colour])
        for piece, pid, orientation, piece_colour, kind, priority in movers:
            direction = (orientation + offset) % 6
            start = cell = pos[pid]
            steps = 0
            for _attempt in attempts:
                target = neighbours[cell][direction]
                if target is not None and target not in occupant and target not in crafts_at:
                    if occupant.get(cell) == pid:
                        del occupant[cell]
                    occupant[target] = pid
                    pos[pid] = cell = target
                    steps += 1
                    continue
                blocked = step_into(piece, colour, cell, direction, target)
                if blocked is not None:
                    target, reason, blocker, blocker_name, detail, hit = blocked
                    events.append(
                        TileBlocked(
                            pid,
                            piece_colour,
                            kind,
                            priority,
                            colour,
                            direction,
                            start,
                            cell,
                            steps,
                            target,
                            reason,
                            blocker,
                            blocker_name,
                            "stopped" if colour == RED else "void",
                            detail,
                        )
                    )
                    for player in hit:
                        assert target is not None  # the crafts hit are in a space
                        self.hit_craft(player, piece, target, colour)
                    break
                cell = pos[pid]
                steps += 1
            else:
                events.append(
                    TileMoved(pid, piece_colour, kind, priority, colour, direction, start, cell, steps)
                )
            if crossed:
                self.flush_tokens(piece)

    def step(
        self, piece: Piece, colour: str, cell: Cell, direction: int, target: Cell | None
    ) -> Blocked | None:
        """Try a step into an occupied cell (or across the border).

        Move the piece and return None, or return why it is blocked (:class:`Blocked`),
        checking in the order of docs/rules.md#4-moving-the-asteroids: border, fixed object,
        crafts, movable element.
        """
        if target is None:
            return Blocked(None, "border", None, Named.border(), "", ())
        occupant_id = self.occupant.get(target)
        occupant = None if occupant_id is None else self.pieces[occupant_id]
        if occupant is not None and occupant.kind in FIXED_KINDS:
            return Blocked(target, occupant.kind, occupant_id, Named.piece(occupant), "", ())
        players = self.crafts_at.get(target)
        crosses = self.racing and piece.kind == GATE
        if players and not crosses:
            return Blocked(target, "craft", ", ".join(players), Named.crafts(players), "", tuple(players))
        if occupant is not None:
            if colour != BLUE:
                return Blocked(target, occupant.kind, occupant_id, Named.piece(occupant), "", ())
            behind = self.neighbours[target][direction]
            refusal = self.push_refusal(behind)
            if refusal:
                return Blocked(target, "push_refused", occupant_id, Named.piece(occupant), refusal, ())
            assert behind is not None and occupant_id is not None  # push_refusal refuses the border
            self.relocate(occupant_id, target, behind)
            self.events.append(
                TilePushed(
                    piece.id,
                    Named.piece(piece),
                    occupant_id,
                    Named.piece(occupant),
                    direction,
                    target,
                    behind,
                )
            )
        self.relocate(piece.id, cell, target)
        if crosses and players:
            # A gate passing over crafts, even mid-move, gives its token (docs/rules.md#6-gates-and-tokens);
            # the event follows the gate's own move event in the log.
            self.crossed.extend(players)
        return None

    def push_refusal(self, behind: Cell | None) -> Phrase | None:
        """Why a push into ``behind`` is refused, or None if it is allowed."""
        if behind is None:
            return Phrase(BORDER_BEHIND)
        if behind in self.occupant:
            return Phrase(IS_BEHIND, Named.piece(self.pieces[self.occupant[behind]]))
        if self.crafts_at.get(behind):
            return Phrase(CRAFTS_BEHIND, Named.crafts(self.crafts_at[behind]))
        return None

    def relocate(self, pid: str, start: Cell, end: Cell) -> None:
        occupant = self.occupant
        if occupant.get(start) == pid:
            del occupant[start]
        occupant[end] = pid
        self.pos[pid] = end

    # --- crafts --------------------------------------------------------------
    def hit_craft(self, player: str, piece: Piece, cell: Cell, colour: str) -> None:
        craft = self.crafts[player]
        self.events.append(CraftHit(player=player, by=piece.id, by_name=Named.piece(piece), cell=cell))
        shielded = True if self.shields is None else bool(self.shields.get(player, True))
        craft, events = apply_damage(
            craft,
            1,
            shielded,
            Phrase(BEING_HIT_BY, Named.piece(piece)),
            self.decide,
            # A bicolour tile or a drone may hit the same craft in two colour phases:
            # each damage event is its own question (docs/rules.md#9-pilots, Lawrence).
            key=f"r{self.state.round}:asteroids:{colour}:{piece.id}",
        )
        self.crafts[player] = craft
        self.events.extend(events)
        if craft.cell is None:
            self.crafts_at[cell].remove(player)
            if not self.crafts_at[cell]:
                del self.crafts_at[cell]

    def flush_tokens(self, gate: Piece) -> None:
        for player in self.crossed:
            self.take_token(player, gate)
        self.crossed.clear()

    def take_token(self, player: str, gate: Piece) -> None:
        craft = self.crafts[player]
        if gate.symbol is None or gate.symbol in craft.tokens:
            return
        self.crafts[player] = replace(craft, tokens=craft.tokens + (gate.symbol,))
        self.events.append(TokenTaken(player=player, symbol=gate.symbol, source=Named.piece(gate), column=0))


def _resolution_key(piece: Piece) -> tuple[bool, int]:
    return (piece.kind != DRONE, piece.priority or 0)
