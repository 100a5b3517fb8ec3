"""Levels 1-4: where will these pieces end after the asteroid phase of these dice?

Each level draws a board and a roll, lets the engine resolve the whole
asteroid phase (:func:`~asteroyds.asteroids.resolve_asteroids`), and asks
about a piece only when the events confirm the level's premise:

1. an asteroid moved by one die that moves its whole way with nothing in it
   (its path is empty on the board as it stands, and the engine agrees);
2. a tile blocked: a red one stopped, a white or blue one void, or one kept
   back by priority (what blocks it moves in the same colour phase);
3. a blue push (the pusher and the pushed tile), a push refused, or a
   bicolour asteroid moving in both its phases;
4. three tiles that act on each other (one blocks or pushes another).

The answer is the engine's: every asked piece's cell after the phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from ..asteroids import STEPS, resolve_asteroids
from ..dice import Dice
from ..event_text import and_list, capitalised, cell_text, colour_text, heading_text, tile_name
from ..events import CraftHit, Event, TileBlocked, TileMoved, TilePushed
from ..hexgrid import Cell
from ..i18n import _
from ..pieces import ASTEROID, BLUE, GATE, PLAYER_COLOURS, Piece, die_direction
from ..state import State
from .board import end_cells, links, moves_of, roll_dice, scatter_crafts, shuffled_board
from .drill import END_CELL, Drill

SINGLE = ("red", "white", "blue")
LEVEL2_KINDS = ("stopped", "void", "priority")
LEVEL3_KINDS = ("push", "bicolour", "push_refused")
BICOLOUR = ("white/red", "white/blue")


def _board(rng: random.Random, level: int) -> tuple[State, Dice, State, list[Event]]:
    """A board (crafts scattered on it from level 2: obstacles), a roll, and its asteroid phase."""
    players = rng.randint(1, 3)
    state = shuffled_board(rng, players)
    if level >= 2:
        scattered = rng.randint(0, players)
        if scattered:
            state = scatter_crafts(state, rng, PLAYER_COLOURS[:scattered])
    dice = roll_dice(rng)
    after, events = resolve_asteroids(state, dice)
    return state, dice, after, events


def _path_clear(state: State, piece: Piece, die: int, colour: str) -> bool:
    """Are the spaces the die sends ``piece`` through empty and on the board, as the board stands now?"""
    taken = {p.cell for p in state.pieces} | {c.cell for c in state.crafts if c.cell is not None}
    direction = die_direction(piece.orientation or 0, die)
    cell = piece.cell
    for _step in range(STEPS[colour]):
        nxt = state.board.step(cell, direction)
        if nxt is None or nxt in taken:
            return False
        cell = nxt
    return True


def _level1(
    rng: random.Random, seed: int, state: State, dice: Dice, events: list[Event]
) -> tuple[list[str], list[str]]:
    chosen: list[str] = []
    for p in state.pieces:
        if p.kind != ASTEROID or p.colour not in SINGLE:
            continue
        mine = moves_of(events, p.id)
        hits = [e for e in events if isinstance(e, CraftHit) and e.by == p.id]
        if (
            len(mine) == 1
            and isinstance(mine[0], TileMoved)
            and mine[0].steps == STEPS[p.colour]
            and not hits
            and _path_clear(state, p, dice.value(p.colour), p.colour)
        ):
            chosen.append(p.id)
    return ([rng.choice(chosen)], ["clear"]) if chosen else ([], [])


def _same_phase_mover(state: State, e: TileBlocked) -> bool:
    """Is the blocker a tile this colour phase moves (so priority decides who goes first)?

    The engine's own test (:meth:`~asteroyds.pieces.Piece.moved_by`): a moving kind whose colour
    the phase's die moves. A platform, pod or turret has a colour too, but never moves.
    """
    if e.blocker is None or not state.has_piece(e.blocker):
        return False
    return state.piece(e.blocker).moved_by(e.phase)


def _level2(
    rng: random.Random, seed: int, state: State, dice: Dice, events: list[Event]
) -> tuple[list[str], list[str]]:
    by_tag: dict[str, list[str]] = {}
    for p in state.pieces:
        if p.kind not in (ASTEROID, GATE) or p.colour not in SINGLE:
            continue
        mine = moves_of(events, p.id)
        if any(isinstance(e, TilePushed) for e in mine):
            continue
        blocked = [e for e in mine if isinstance(e, TileBlocked)]
        if not blocked:
            continue
        e = blocked[0]
        tags = [e.outcome] + (["priority"] if _same_phase_mover(state, e) else [])
        for tag in tags:
            by_tag.setdefault(tag, []).append(p.id)
    wanted = LEVEL2_KINDS[seed % len(LEVEL2_KINDS)]  # by the seed: each kind comes up as often
    if wanted not in by_tag:
        return [], []
    pid = rng.choice(by_tag[wanted])
    e = next(x for x in moves_of(events, pid) if isinstance(x, TileBlocked))
    tags = [e.outcome] + (["priority"] if _same_phase_mover(state, e) else [])
    return [pid], tags


def _level3(
    rng: random.Random, seed: int, state: State, dice: Dice, events: list[Event]
) -> tuple[list[str], list[str]]:
    options: dict[str, list[list[str]]] = {}
    for e in events:
        if isinstance(e, TilePushed):
            options.setdefault("push", []).append([e.pusher, e.piece])
        elif isinstance(e, TileBlocked) and e.reason == "push_refused":
            options.setdefault("push_refused", []).append([e.piece])
    for p in state.pieces:
        moved = any(isinstance(e, TileMoved) and e.steps > 0 for e in moves_of(events, p.id))
        if p.kind == ASTEROID and p.colour in BICOLOUR and moved:
            options.setdefault("bicolour", []).append([p.id])
    wanted = LEVEL3_KINDS[seed % len(LEVEL3_KINDS)]  # by the seed: each kind comes up as often
    if wanted not in options:
        return [], []
    return rng.choice(options[wanted]), [wanted]


def _level4(
    rng: random.Random, seed: int, state: State, dice: Dice, events: list[Event]
) -> tuple[list[str], list[str]]:
    neighbours: dict[str, list[str]] = {}
    for a, b in links(state, events):
        for x, y in ((a, b), (b, a)):
            if y not in neighbours.setdefault(x, []):
                neighbours[x].append(y)
    triples: list[tuple[str, str, str]] = []
    for centre in sorted(neighbours):
        around = sorted(neighbours[centre])
        for i, a in enumerate(around):
            for b in around[i + 1 :]:
                triple = tuple(sorted((centre, a, b)))
                if triple not in triples:
                    triples.append(triple)  # type: ignore[arg-type]
    if not triples:
        return [], []
    return list(rng.choice(triples)), ["interact"]


def _name(state: State, pid: str) -> str:
    p = state.piece(pid)
    return tile_name(p.colour or "", p.kind, p.priority)


def explain(
    state: State, dice: Dice, events: Sequence[Event], asked: Sequence[str], cells: Mapping[str, Cell]
) -> list[str]:
    """The steps that matter, in the order the engine took them: the asked tiles' moves (the die, the
    heading), the moves earlier in the same phase of what blocks them (and why priority let it), the
    pushes they make or take, the crafts they hit, and where they end."""
    # What blocks an asked tile: its moves before the block, in that colour phase, explain the block.
    before: dict[tuple[str, str], int] = {}
    for index, e in enumerate(events):
        if isinstance(e, TileBlocked) and e.piece in asked and e.blocker and e.blocker not in asked:
            before[(e.phase, e.blocker)] = index
    moved_in_phase: set[tuple[str, str]] = set()
    announced: set[tuple[str, str]] = set()
    lines: list[str] = []

    def announce(phase: str, pid: str, direction: int) -> None:
        if pid in asked and (phase, pid) not in announced:
            announced.add((phase, pid))
            lines.append(
                _(
                    "The {colour} die shows {die}: {tile} heads {heading}.",
                    colour=colour_text(phase),
                    die=dice.value(phase),
                    tile=_name(state, pid),
                    heading=heading_text(direction),
                )
            )

    for index, e in enumerate(events):
        if isinstance(e, (TileMoved, TileBlocked)) and index < before.get((e.phase, e.piece), -1):
            lines.append(e.text())
        elif isinstance(e, (TileMoved, TileBlocked)) and e.piece in asked:
            announce(e.phase, e.piece, e.direction)
            if isinstance(e, TileBlocked) and e.piece in asked and _same_phase_mover(state, e):
                lines.append(_priority_line(state, e, (e.phase, e.blocker) in moved_in_phase))
            lines.append(e.text())
        elif isinstance(e, TilePushed) and (e.pusher in asked or e.piece in asked):
            announce(BLUE, e.pusher, e.direction)
            lines.append(e.text())
        elif isinstance(e, CraftHit) and e.by in asked:
            lines.append(e.text())
        if isinstance(e, (TileMoved, TileBlocked)):
            moved_in_phase.add((e.phase, e.piece))
    ends = [_("{tile} ends at {cell}", tile=_name(state, pid), cell=cell_text(c)) for pid, c in cells.items()]
    lines.append(capitalised(and_list(ends)) + ".")
    return lines


def _priority_line(state: State, e: TileBlocked, blocker_moved: bool) -> str:
    tile, blocker = _name(state, e.piece), _name(state, e.blocker or "")
    mine, theirs = e.priority, state.piece(e.blocker or "").priority
    if blocker_moved:
        return _(
            "Priority: {blocker} moved before {tile} in this phase ({theirs} is smaller than {mine}) "
            "and stands in its way.",
            blocker=blocker,
            theirs=theirs,
            tile=tile,
            mine=mine,
        )
    return _(
        "Priority: {tile} moves before {blocker} ({mine} is smaller than {theirs}), so {blocker} has "
        "not moved yet and is still in its way.",
        blocker=blocker,
        theirs=theirs,
        tile=tile,
        mine=mine,
    )


def question(state: State, dice: Dice, asked: Sequence[str]) -> str:
    """The question in words: the roll, then the tiles asked about and where they stand."""
    named = [
        _("{tile} at {cell}", tile=_name(state, pid), cell=cell_text(state.piece(pid).cell)) for pid in asked
    ]
    if len(asked) == 1:
        return _(
            "The dice show {dice}. Where does {tile} end after the asteroid phase?", dice=dice, tile=named[0]
        )
    return _(
        "The dice show {dice}. Where do {tiles} end after the asteroid phase?",
        dice=dice,
        tiles=and_list(named),
    )


Chooser = Callable[[random.Random, int, State, Dice, list[Event]], tuple[list[str], list[str]]]
CHOOSERS: dict[int, Chooser] = {1: _level1, 2: _level2, 3: _level3, 4: _level4}


def _make(rng: random.Random, level: int, seed: int) -> Drill | None:
    """One candidate drill from ``rng``, or None when the level's premise does not hold (draw again)."""
    state, dice, after, events = _board(rng, level)
    asked, tags = CHOOSERS[level](rng, seed, state, dice, events)
    if not asked:
        return None
    cells = end_cells(after, asked)
    if len(set(cells.values())) != len(cells):  # two tiles never share a space; a broken premise if they do
        return None
    return Drill(
        level=level,
        seed=seed,
        kind=END_CELL,
        state=state,
        dice=dice,
        question=question(state, dice, asked),
        pieces=tuple(asked),
        explanation=tuple(explain(state, dice, events, asked, cells)),
        cells=cells,
        tags=tuple(tags),
    )


MAKERS = {level: _make for level in CHOOSERS}
__all__ = ["MAKERS", "explain", "question"]
