"""Property tests of the asteroid phase over random valid scenarios.

Hypothesis builds small random boards of pieces on the real board (random
subsets of asteroids, gates, pods, platforms, turrets and drones at random
cells, random orientations and priorities, crafts anywhere they may stand,
random damage, tokens and pilots) in racing, shooting and drones mode, and
checks what must hold for every dice roll, shield and colour order.
"""

from __future__ import annotations

import json
from collections import defaultdict

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asteroyds import scenario
from asteroyds.asteroids import resolve_asteroids
from asteroyds.events import Event
from asteroyds.hexgrid import STANDARD_BOARD, Board, distance, hexagon_board, hexagon_centre, rotate_cell
from asteroyds.pieces import (
    DIE_COLOURS,
    MAX_DAMAGE,
    PILOTS,
    PLAYER_COLOURS,
    TILE_COLOURS,
    Craft,
    Piece,
    die_direction,
)
from asteroyds.state import State

FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SYMBOLS = ("A", "B", "C", "D")
MODES = ("racing", "shooting", "drones")


@st.composite
def states(draw, board: Board = STANDARD_BOARD, max_pieces: int = 30, roll=None) -> State:
    """A random valid state on ``board``.

    Mostly crowded into a small region (so that tiles, crafts and the border
    meet often: hits, pushes, tokens, destroyed crafts), sometimes spread over
    the whole board. Given the ``roll``, some crafts are put in a tile's way.
    """
    mode = draw(st.sampled_from(MODES))
    pool = list(board.cells)
    if draw(st.integers(0, 3)):
        focus = draw(st.sampled_from(board.cells))
        radius = draw(st.integers(1, 3))
        pool = [c for c in board.cells if distance(c, focus) <= radius]
    cells = draw(st.lists(st.sampled_from(pool), unique=True, max_size=min(max_pieces, len(pool))))
    kinds = ["asteroid", "pod", "platform"] + (["turret", "drone"] if mode == "drones" else ["gate"])
    specs = []  # (kind, cell, colour, orientation, symbol)
    for cell in cells:
        kind = draw(st.sampled_from(kinds + ["asteroid", "asteroid"]))
        orientation = draw(st.integers(0, 5))
        symbol = draw(st.sampled_from(SYMBOLS))
        if kind == "asteroid":
            specs.append(("asteroid", cell, draw(st.sampled_from(TILE_COLOURS)), orientation, None))
        elif kind == "gate":
            specs.append(("gate", cell, draw(st.sampled_from(("red", "white"))), orientation, symbol))
        elif kind == "drone":
            specs.append(("drone", cell, "white/red", orientation, symbol))
        elif kind == "turret":
            specs.append(("turret", cell, None, orientation, symbol))
            if draw(st.booleans()):  # its drone, still inside it
                specs.append(("drone", cell, "white/red", orientation, symbol))
        elif kind == "platform":
            specs.append(("platform", cell, draw(st.sampled_from(PLAYER_COLOURS)), orientation, None))
        else:
            specs.append(("pod", cell, None, None, None))
    n_moving = sum(1 for s in specs if s[0] in ("asteroid", "gate", "drone"))
    priorities = iter(draw(st.permutations(range(1, n_moving + 1))))
    pieces = []
    for i, (kind, cell, colour, orientation, symbol) in enumerate(specs):
        moving = kind in ("asteroid", "gate", "drone")
        pieces.append(
            Piece(
                id=f"{kind[0].upper()}{i}",
                kind=kind,
                cell=cell,
                colour=colour,
                orientation=orientation,
                priority=next(priorities) if moving else None,
                symbol=symbol,
            )
        )
    pieces = draw(st.permutations(pieces))  # file order must not matter
    # Crafts may stand on empty cells, platforms and (racing) gates, and share them.
    taken = {p.cell: p.kind for p in pieces}
    allowed = {"platform", "gate"} if mode == "racing" else {"platform"}
    stands = [c for c in board.cells if c not in taken or taken[c] in allowed]
    stands_near = [c for c in pool if c in stands] or stands
    in_the_way = []  # cells a tile tries to enter with this roll (first or second step)
    for p in pieces:
        for colour in DIE_COLOURS if roll is not None and p.is_moving else ():
            if p.moved_by(colour):
                step = board.step(p.cell, die_direction(p.orientation, roll[DIE_COLOURS.index(colour)]))
                if step is not None and colour == "red" and step not in taken and draw(st.booleans()):
                    step = board.step(step, die_direction(p.orientation, roll[0]))
                if step in stands:
                    in_the_way.append(step)
    players = draw(st.lists(st.sampled_from(PLAYER_COLOURS), unique=True, max_size=4))
    crafts = []
    for player in players:
        destroyed = draw(st.integers(0, 9)) == 0
        if destroyed:
            cell, damage = None, MAX_DAMAGE
        else:
            where = draw(st.sampled_from(("way", "way", "near", "near", "anywhere")))
            if where == "way" and in_the_way:
                cell = draw(st.sampled_from(in_the_way))
            else:
                cell = draw(st.sampled_from(stands if where == "anywhere" else stands_near))
            damage = draw(st.sampled_from((0, 0, 2, 4, 5, 5)))
        crafts.append(
            Craft(
                player=player,
                cell=cell,
                facing=draw(st.integers(0, 5)),
                pilot=draw(st.sampled_from((None,) + PILOTS)),
                damage=damage,
                tokens=tuple(draw(st.lists(st.sampled_from(SYMBOLS), unique=True, max_size=3))),
            )
        )
    order = draw(st.permutations(players))
    return State(
        mode=mode, pieces=tuple(pieces), crafts=tuple(crafts), player_order=tuple(order), board=board
    ).validate("generated")


dice = st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6))
orders = st.permutations(DIE_COLOURS).map(tuple)


@st.composite
def shields_for(draw, state: State):
    if draw(st.integers(0, 2)) == 0:
        return None  # the default: every shield up
    players = [c.player for c in state.crafts]
    chosen = draw(st.lists(st.sampled_from(players), unique=True)) if players else []
    return {p: draw(st.booleans()) for p in chosen}


def kwargs(shields, order):
    out = {"order": order}
    if shields is not None:
        out["shields"] = shields
    return out


def check_no_shared_cells(before: State, after: State) -> None:
    """One object per cell (but a drone still in the turret it started in); crafts where allowed."""
    started = {p.id: p.cell for p in before.pieces}
    by_cell = defaultdict(list)
    for p in after.pieces:
        by_cell[p.cell].append(p)
    for cell, here in by_cell.items():
        if len(here) == 1:
            continue
        kinds = sorted(p.kind for p in here)
        assert kinds == ["drone", "turret"], (cell, here)
        drone = next(p for p in here if p.kind == "drone")
        assert started[drone.id] == cell, f"{drone.id} entered a turret"
    for c in after.crafts:
        if c.cell is None:
            continue
        for p in by_cell.get(c.cell, []):
            assert p.kind == "platform" or (p.kind == "gate" and after.mode == "racing"), (c, p)


STEPS = {"red": 2, "white": 1, "blue": 1}


class Referee:
    """Replays the events on its own board and checks each one is allowed by the rules when it happens.

    The rules: docs/rules.md#4-moving-the-asteroids.

    Independent of the engine's internals: it only knows the rules, the
    state before the phase, the shields, and the events in order.
    """

    def __init__(self, state: State, roll, shields):
        self.state = state
        self.board = state.board
        self.roll = dict(zip(DIE_COLOURS, roll, strict=True))
        self.shields = shields
        self.pieces = {p.id: p for p in state.pieces}
        self.pos = {p.id: p.cell for p in state.pieces}
        self.crafts = {c.player: c for c in state.crafts}
        self.turn = {player: i for i, player in enumerate(state.player_order)}

    # --- the tracked board --------------------------------------------------------
    def objects_at(self, cell, but=None):
        return [self.pieces[pid] for pid, c in self.pos.items() if c == cell and pid != but]

    def crafts_at(self, cell):
        here = [c for c in self.crafts.values() if c.cell is not None and c.cell == cell]
        return sorted(here, key=lambda c: self.turn[c.player])

    def shielded(self, player):
        return True if self.shields is None else self.shields.get(player, True)

    def path(self, start, direction, steps):
        cells, cell = [], start
        for _ in range(steps):
            cell = self.board.step(cell, direction)
            assert cell is not None, "a tile stepped off the board"
            cells.append(cell)
        return cells

    # --- checks -------------------------------------------------------------------
    def run(self, events) -> None:
        self.events = list(events)
        self.i = 0
        phases = []
        while self.i < len(self.events):
            e = self.next()
            assert e.type == "phase_started", f"unexpected {e.type} outside a move"
            phases.append(e.phase)
            self.phase(e)
        assert sorted(phases) == sorted(DIE_COLOURS)

    def next(self):
        e = self.events[self.i]
        self.i += 1
        return e

    def peek(self):
        return self.events[self.i] if self.i < len(self.events) else None

    def phase(self, started) -> None:
        colour = started.phase
        assert started.die == self.roll[colour]
        movers = sorted(
            (p for p in self.pieces.values() if p.moved_by(colour)),
            key=lambda p: (p.kind != "drone", p.priority),
        )
        assert list(started.order) == [p.id for p in movers], "drones first, then ascending priority"
        for mover in movers:
            pushed = None
            e = self.next()
            if e.type == "tile_pushed":
                pushed = e
                e = self.next()
            assert e.type in ("tile_moved", "tile_blocked") and e.piece == mover.id, (mover.id, e)
            self.move(mover, colour, e, pushed)

    def move(self, tile, colour, e, pushed) -> None:
        assert e.phase == colour and (e.colour, e.kind, e.priority) == (tile.colour, tile.kind, tile.priority)
        direction = die_direction(tile.orientation, self.roll[colour])
        assert e.direction == direction
        assert tuple(e.start) == self.pos[tile.id]
        if pushed is not None:
            assert colour == "blue" and e.type == "tile_moved" and pushed.pusher == tile.id
            target = self.board.step(self.pos[tile.id], direction)
            assert tuple(pushed.start) == target == self.pos[pushed.piece]
            assert self.pieces[pushed.piece].is_moving and not self.crafts_at(target)
            behind = self.board.step(target, direction)
            assert tuple(pushed.end) == behind and behind is not None, "pushed into the border"
            assert not self.objects_at(behind) and not self.crafts_at(behind), "pushed onto something"
            self.pos[pushed.piece] = behind
        crosses = tile.kind == "gate" and self.state.mode == "racing"
        path = self.path(self.pos[tile.id], direction, e.steps)
        for cell in path:
            assert not self.objects_at(cell, but=tile.id), f"{tile.id} entered an occupied space {cell}"
            assert crosses or not self.crafts_at(cell), f"{tile.id} entered a craft's space {cell}"
        end = path[-1] if path else self.pos[tile.id]
        assert tuple(e.end) == end
        if e.type == "tile_moved":
            assert e.steps == STEPS[colour]
        else:
            assert e.steps < STEPS[colour] and e.outcome == ("stopped" if colour == "red" else "void")
            self.blocked(tile, colour, e, end, direction, crosses)
        self.pos[tile.id] = end
        if crosses:  # every craft in an entered space takes the token, once
            takers = [c for cell in path for c in self.crafts_at(cell) if tile.symbol not in c.tokens]
            for craft in takers:
                t = self.next()
                assert (t.type, t.player, t.symbol, t.column) == ("token_taken", craft.player, tile.symbol, 0)
                self.crafts[craft.player] = Craft(
                    **{**_fields(craft), "tokens": craft.tokens + (tile.symbol,)}
                )
        nxt = self.peek()
        assert nxt is None or nxt.type in ("phase_started", "tile_moved", "tile_blocked", "tile_pushed"), nxt

    def blocked(self, tile, colour, e, end, direction, crosses) -> None:
        at = self.board.step(end, direction)
        assert (None if e.blocked_at is None else tuple(e.blocked_at)) == at
        if at is None:
            assert e.reason == "border" and e.blocker is None
            return
        objects = self.objects_at(at)
        fixed = [p for p in objects if p.is_fixed]
        crafts = self.crafts_at(at)
        if fixed:  # (2) before (3) and (4); only a drone can share a turret's space
            assert (e.reason, e.blocker) == (fixed[0].kind, fixed[0].id)
            return
        if crafts and not crosses:  # (3)
            assert (e.reason, e.blocker) == ("craft", ", ".join(c.player for c in crafts))
            for craft in crafts:
                self.hit(craft, tile, at)
            return
        assert len(objects) == 1, f"{tile.id} blocked at {at} by {e.reason} but it holds {objects}"
        blocker = objects[0]
        assert blocker.is_moving and e.blocker == blocker.id  # (4)
        if colour == "blue":
            assert e.reason == "push_refused"
            behind = self.board.step(at, direction)
            assert behind is None or self.objects_at(behind) or self.crafts_at(behind), "a push was refused"
        else:
            assert e.reason == blocker.kind

    def hit(self, craft, tile, cell) -> None:
        h = self.next()
        assert (h.type, h.player, h.by, tuple(h.cell)) == ("craft_hit", craft.player, tile.id, cell)
        d = self.next()
        shielded = self.shielded(craft.player)
        amount = 0 if shielded else 1
        total = min(MAX_DAMAGE, craft.damage + amount)
        assert (d.type, d.player, d.base, d.shielded, d.amount, d.total) == (
            "craft_damaged",
            craft.player,
            1,
            shielded,
            amount,
            total,
        )
        if total == MAX_DAMAGE:
            x = self.next()
            assert (x.type, x.player, tuple(x.cell)) == ("craft_destroyed", craft.player, cell)
            self.crafts[craft.player] = Craft(**{**_fields(craft), "damage": MAX_DAMAGE, "cell": None})
        else:
            self.crafts[craft.player] = Craft(**{**_fields(craft), "damage": total})

    def final(self) -> State:
        pieces = tuple(p._replace(cell=self.pos[p.id]) for p in self.state.pieces)
        crafts = tuple(self.crafts[c.player] for c in self.state.crafts)
        return self.state.replace(pieces=pieces, crafts=crafts)


def _fields(craft: Craft) -> dict:
    return {name: getattr(craft, name) for name in Craft.__dataclass_fields__}


@FAST
@given(st.data())
def test_phase_invariants(data):
    roll = data.draw(dice)
    state = data.draw(states(roll=roll))
    order = data.draw(orders)
    shields = data.draw(shields_for(state))
    text_before = scenario.dumps(state)
    twin = scenario.loads(text_before)
    assert twin == state

    after, events = resolve_asteroids(state, roll, **kwargs(shields, order))

    # The phase never mutates its input.
    assert scenario.dumps(state) == text_before
    assert state == twin
    # Same inputs, same output.
    again, events_again = resolve_asteroids(twin, roll, **kwargs(shields, order))
    assert again == after
    assert [e.to_dict() for e in events_again] == [e.to_dict() for e in events]

    # The result is valid and no two objects share a cell (except a drone in its own turret).
    after.validate("after")
    check_no_shared_cells(state, after)

    # Pieces are conserved: same ids in the same order, only cells change; fixed pieces never move.
    assert [p.id for p in after.pieces] == [p.id for p in state.pieces]
    for p, q in zip(state.pieces, after.pieces, strict=True):
        assert q == p._replace(cell=q.cell)
        if p.is_fixed:
            assert q.cell == p.cell
    assert (after.mode, after.player_order, after.round, after.rules, after.board) == (
        state.mode,
        state.player_order,
        state.round,
        state.rules,
        state.board,
    )

    # Crafts never move; damage and tokens only grow, exactly as the events say.
    damage = defaultdict(int)
    tokens = defaultdict(list)
    destroyed = []
    for e in events:
        if e.type == "craft_damaged":
            damage[e.player] += e.amount
        elif e.type == "token_taken":
            assert state.mode == "racing" and e.column == 0
            tokens[e.player].append(e.symbol)
        elif e.type == "craft_destroyed":
            destroyed.append(e.player)
    assert [c.player for c in after.crafts] == [c.player for c in state.crafts]
    for c, d in zip(state.crafts, after.crafts, strict=True):
        assert (d.facing, d.pilot, d.destroy_used, d.team) == (c.facing, c.pilot, c.destroy_used, c.team)
        assert d.damage == min(MAX_DAMAGE, c.damage + damage[c.player])
        assert d.tokens == c.tokens + tuple(tokens[c.player])
        assert len(set(d.tokens)) == len(d.tokens)
        if c.player in destroyed:
            assert c.cell is not None and d.cell is None and d.damage == MAX_DAMAGE
        else:
            assert d.cell == c.cell
    assert len(destroyed) == len(set(destroyed))

    # Events tell the whole story: phases in the given order, and each tile's last event is where it is.
    phases = [e for e in events if e.type == "phase_started"]
    assert [e.phase for e in phases] == list(order)
    assert [e.die for e in phases] == [roll[DIE_COLOURS.index(c)] for c in order]
    last = {}
    for e in events:
        if e.type in ("tile_moved", "tile_blocked") or e.type == "tile_pushed":
            last[e.piece] = tuple(e.end)
    for p, q in zip(state.pieces, after.pieces, strict=True):
        assert last.get(p.id, p.cell) == q.cell
    for e in events:
        assert Event.from_dict(json.loads(json.dumps(e.to_dict()))) == e

    # Every event is allowed by the rules when it happens, and together they give the result.
    referee = Referee(state, roll, shields)
    referee.run(events)
    assert referee.final() == after

    # Save -> load -> save is identical.
    text = scenario.dumps(after)
    assert scenario.loads(text) == after
    assert scenario.dumps(scenario.loads(text)) == text


@FAST
@given(states())
def test_save_load_save_is_identical(state):
    text = scenario.dumps(state)
    loaded = scenario.loads(text)
    assert loaded == state
    assert scenario.dumps(loaded) == text
    assert scenario.from_dict(scenario.to_dict(state)) == state


@FAST
@given(dice, st.data())
def test_each_tile_moves_a_bounded_distance(roll, data):
    state = data.draw(states(max_pieces=12, roll=roll))
    after, events = resolve_asteroids(state, roll)
    pushes = defaultdict(int)
    for e in events:
        if e.type == "tile_pushed":
            pushes[e.piece] += 1
    for p, q in zip(state.pieces, after.pieces, strict=True):
        if not p.is_moving:
            continue
        reach = sum({"red": 2, "white": 1, "blue": 1}[c] for c in DIE_COLOURS if p.moved_by(c))
        assert distance(p.cell, q.cell) <= reach + pushes[p.id]


def rotate_state(state: State, k: int, centre) -> State:
    pieces = tuple(
        p._replace(
            cell=rotate_cell(p.cell, k, centre),
            orientation=None if p.orientation is None else (p.orientation + k) % 6,
        )
        for p in state.pieces
    )
    crafts = tuple(
        Craft(
            player=c.player,
            cell=None if c.cell is None else rotate_cell(c.cell, k, centre),
            facing=(c.facing + k) % 6,
            pilot=c.pilot,
            damage=c.damage,
            tokens=c.tokens,
            destroy_used=c.destroy_used,
            power_used=c.power_used,
            team=c.team,
        )
        for c in state.crafts
    )
    return state.replace(pieces=pieces, crafts=crafts)


def rotate_event(data: dict, k: int, centre) -> dict:
    out = dict(data)
    out.pop("text")
    for key in ("start", "end", "blocked_at", "cell"):
        if out.get(key) is not None:
            out[key] = list(rotate_cell(tuple(out[key]), k, centre))
    if "direction" in out:
        out["direction"] = (out["direction"] + k) % 6
    return out


@FAST
@given(st.integers(2, 5), st.integers(1, 5), dice, orders, st.data())
def test_a_60_degree_rotation_commutes_with_resolution(radius, k, roll, order, data):
    board = hexagon_board(radius)
    centre = hexagon_centre(radius)
    state = data.draw(states(board=board, max_pieces=min(30, len(board) // 2), roll=roll))
    shields = data.draw(shields_for(state))
    rotated = rotate_state(state, k, centre).validate("rotated")
    after, events = resolve_asteroids(state, roll, **kwargs(shields, order))
    after_rotated, events_rotated = resolve_asteroids(rotated, roll, **kwargs(shields, order))
    assert rotate_state(after, k, centre) == after_rotated
    assert [rotate_event(e.to_dict(), k, centre) for e in events] == [
        {key: value for key, value in e.to_dict().items() if key != "text"} for e in events_rotated
    ]
    # and turning the rest of the way round comes back
    assert rotate_state(after_rotated, 6 - k, centre) == after
