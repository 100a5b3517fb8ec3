"""Phase 2, moving the asteroids: a pure function of (state, dice).

RULES §4, to the letter. Within a colour phase the elements move one after
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
from .modes import mode_of
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
from .rules import RuleSettings
from .state import State

STEPS: dict[str, int] = {RED: 2, "white": 1, BLUE: 1}


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
    order = tuple(order)
    if len(order) != len(DIE_COLOURS) or set(order) != set(DIE_COLOURS):
        raise RuleError(
            _("the colour order must list red, white and blue once each, got {given!r}", given=list(order))
        )
    return _Resolver(state, shields, decide).run(dice, order)


class _Resolver:
    """Mutable working copy of the board for one asteroid phase."""

    def __init__(self, state: State, shields: Mapping[str, bool] | None, decide: Decide) -> None:
        self.state = state
        self.neighbours = state.board._step
        self.racing = mode_of(state).crosses_gates  # racing: gates are crossed, not obstacles
        self.decide = decide
        self.shields = shields
        # One pass over the pieces builds every index (this runs once per phase, on every roll).
        self.pieces: dict[str, Piece] = {}
        self.pos: dict[str, Cell] = {}
        # occupant: the one object blocking each cell (a drone inside its turret is not listed).
        self.occupant: dict[Cell, str] = {}
        self.tiles: list[Piece] = []
        pieces, pos, occupant, tiles = self.pieces, self.pos, self.occupant, self.tiles
        for p in state.pieces:
            pid, cell, kind = p.id, p.cell, p.kind
            pieces[pid] = p
            if kind in MOVING_KINDS:
                pos[pid] = cell
                tiles.append(p)
            if kind in FIXED_KINDS or cell not in occupant:
                occupant[cell] = pid
        # Resolution order: drones first, then ascending priority (RULES §4).
        tiles.sort(key=_resolution_key)
        self.crafts: dict[str, Craft] = {c.player: c for c in state.crafts}
        self.crafts_at: dict[Cell, list[str]] = {}
        for player in state.player_order:
            cell = self.crafts[player].cell
            if cell is not None:
                self.crafts_at.setdefault(cell, []).append(player)
        self.events: list[Event] = []
        self.crossed: list[str] = []

    def run(self, dice: Dice, order: tuple[str, ...]) -> tuple[State, list[Event]]:
        tiles = self.tiles
        for colour in order:
            die = dice.value(colour)
            movers = [p for p in tiles if colour in MOVED_BY[p.colour]]
            self.events.append(PhaseStarted(phase=colour, die=die, order=tuple(m.id for m in movers)))
            for mover in movers:
                self.move(self.pieces[mover.id], colour, die)
        return self.result(), self.events

    def result(self) -> State:
        pos = self.pos
        pieces = [
            p
            if p.id not in pos or pos[p.id] == p.cell
            else Piece(
                p.id,
                p.kind,
                pos[p.id],
                p.colour,
                p.orientation,
                p.priority,
                p.symbol,
                p.target,
                p.team,
                p.carrier,
                p.home,
            )
            for p in self.state.pieces
        ]
        crafts = tuple([self.crafts[c.player] for c in self.state.crafts])
        s = self.state
        return State(s.mode, tuple(pieces), crafts, s.player_order, s.round, s.rules, s.board, s.scores)

    # --- one element's move ----------------------------------------------------
    def move(self, piece: Piece, colour: str, die: int) -> None:
        """Move one element its whole distance, step by step.

        This is the engine's hot loop: a free step is handled inline, anything
        in the way goes to :meth:`step`, which applies the blocking order.
        """
        direction = (piece.orientation + DIE_OFFSET[die]) % 6
        pid = piece.id
        pos, occupant, crafts_at, neighbours = self.pos, self.occupant, self.crafts_at, self.neighbours
        start = cell = pos[pid]
        steps = 0
        for _attempt in range(STEPS[colour]):
            target = neighbours[cell][direction]
            if target is not None and target not in occupant and target not in crafts_at:
                if occupant.get(cell) == pid:
                    del occupant[cell]
                occupant[target] = pid
                pos[pid] = cell = target
                steps += 1
                continue
            blocked = self.step(piece, colour, cell, direction, target)
            if blocked is not None:
                target, reason, blocker, blocker_name, detail, hit = blocked
                self.events.append(
                    TileBlocked(
                        pid,
                        piece.colour,
                        piece.kind,
                        piece.priority,
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
                    self.hit_craft(player, piece, target, colour)
                break
            cell = pos[pid]
            steps += 1
        else:
            self.events.append(
                TileMoved(
                    pid,
                    piece.colour,
                    piece.kind,
                    piece.priority,
                    colour,
                    direction,
                    start,
                    cell,
                    steps,
                )
            )
        if self.crossed:
            self.flush_tokens(piece)

    def step(self, piece: Piece, colour: str, cell: Cell, direction: int, target: Cell | None):
        """Try a step into an occupied cell (or across the border).

        Move the piece and return None, or return why it is blocked, checking
        in the order of RULES §4: border, fixed object, crafts, movable element.
        """
        if target is None:
            return (None, "border", None, "the border", "", ())
        occupant_id = self.occupant.get(target)
        occupant = None if occupant_id is None else self.pieces[occupant_id]
        if occupant is not None and occupant.kind in FIXED_KINDS:
            return (target, occupant.kind, occupant_id, occupant.describe(), "", ())
        players = self.crafts_at.get(target)
        crosses = self.racing and piece.kind == GATE
        if players and not crosses:
            return (target, "craft", ", ".join(players), _crafts_name(players), "", tuple(players))
        if occupant is not None:
            if colour != BLUE:
                return (target, occupant.kind, occupant_id, occupant.describe(), "", ())
            behind = self.neighbours[target][direction]
            refusal = self.push_refusal(behind)
            if refusal:
                return (target, "push_refused", occupant_id, occupant.describe(), refusal, ())
            self.relocate(occupant_id, target, behind)
            self.events.append(
                TilePushed(
                    piece.id,
                    piece.describe(),
                    occupant_id,
                    occupant.describe(),
                    direction,
                    target,
                    behind,
                )
            )
        self.relocate(piece.id, cell, target)
        if crosses and players:
            # A gate passing over crafts, even mid-move, gives its token (RULES §6);
            # the event follows the gate's own move event in the log.
            self.crossed.extend(players)
        return None

    def push_refusal(self, behind: Cell | None) -> str:
        """Why a push into ``behind`` is refused, or "" if it is allowed."""
        if behind is None:
            return "the border is behind it"
        if behind in self.occupant:
            return f"{self.pieces[self.occupant[behind]].describe()} is behind it"
        if self.crafts_at.get(behind):
            return f"{_crafts_name(self.crafts_at[behind])} behind it"
        return ""

    def relocate(self, pid: str, start: Cell, end: Cell) -> None:
        occupant = self.occupant
        if occupant.get(start) == pid:
            del occupant[start]
        occupant[end] = pid
        self.pos[pid] = end

    # --- crafts --------------------------------------------------------------
    def hit_craft(self, player: str, piece: Piece, cell: Cell, colour: str) -> None:
        craft = self.crafts[player]
        self.events.append(CraftHit(player=player, by=piece.id, by_name=piece.describe(), cell=cell))
        shielded = True if self.shields is None else bool(self.shields.get(player, True))
        craft, events = apply_damage(
            craft,
            1,
            shielded,
            f"being hit by {piece.describe()}",
            self.decide,
            # A bicolour tile or a drone may hit the same craft in two colour phases:
            # each damage event is its own question (RULES §9, Lawrence).
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
        self.events.append(TokenTaken(player=player, symbol=gate.symbol, source=gate.describe(), column=0))


def _resolution_key(piece: Piece) -> tuple[bool, int]:
    return (piece.kind != DRONE, piece.priority or 0)


def _crafts_name(players: Sequence[str]) -> str:
    if len(players) == 1:
        return f"the {players[0]} craft"
    return "the " + ", ".join(players[:-1]) + f" and {players[-1]} crafts"
