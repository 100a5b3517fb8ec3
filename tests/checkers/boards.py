"""Random boards, programs and decisions for the checkers (Hypothesis strategies).

The boards of racing, shooting and drones mode are the asteroid phase's
(:func:`tests.test_properties.states`: small crowded regions of the real
board, crafts anywhere they may stand); targets mode is derived from them.
Programs are drawn column by column among the tokens the engine's
legality check offers (``asteroyds.program.legal_tokens``: what a player may
write, not how it resolves), weighted towards movement so that crafts meet
things. Capture boards are built on small hexagonal boards so that lasers,
crafts, turrets and asteroyds meet often.
"""

from __future__ import annotations

import zlib
from dataclasses import replace

from hypothesis import strategies as st

from asteroyds.hexgrid import STANDARD_BOARD, distance, hexagon_board
from asteroyds.modes.capture import CaptureRules
from asteroyds.modes.capture.boards import problems
from asteroyds.modes.capture.program import CaptureProgram, legal_anticipations, legal_column_tokens
from asteroyds.pieces import PILOTS, PLAYER_COLOURS, TILE_COLOURS, Craft, Piece
from asteroyds.program import Program, legal_tokens
from asteroyds.rules import RuleSettings
from asteroyds.state import State
from tests.test_properties import states

from .flight import Question

# Movement first: a program that moves meets asteroids, gates, platforms and the border.
WEIGHTS = {"F": 5, "R": 3, "L": 3, "U": 1, ".": 1, "X": 3, "S": 6}
PILOT_WEIGHT = 3


def weighted(tokens: tuple[str, ...], shots: bool = False) -> list[str]:
    """Each token as many times as its weight (Shoot 8 times when ``shots``)."""
    return [t for t in tokens for _ in range(8 if shots and t == "X" else WEIGHTS.get(t, PILOT_WEIGHT))]


# --- decisions ------------------------------------------------------------------------


def keyed(salt: int) -> st.SearchStrategy:
    """A policy answering each question by a hash of it: some yes, some no, the same every time."""
    return st.just(lambda q: zlib.crc32(f"{salt}:{q.kind}:{q.player}:{q.column}:{q.step}".encode()) % 2 == 0)


@st.composite
def choices(draw) -> object:
    """How the players answer the mid-flight questions: never, always, or question by question."""
    policy = draw(st.sampled_from(("never", "always", "keyed", "keyed")))
    if policy == "keyed":
        return draw(keyed(draw(st.integers(0, 1000))))
    return (lambda q: False) if policy == "never" else (lambda q: True)


# --- racing, shooting, drones, targets ------------------------------------------------


SYMBOLS = ("A", "B", "C", "D")
KINDS = {  # what a crowded region holds in each mode (asteroids twice: the commonest)
    "racing": ("asteroid", "asteroid", "gate", "pod", "platform"),
    "shooting": ("asteroid", "asteroid", "gate", "gate", "pod", "platform"),
    "drones": ("asteroid", "asteroid", "drone", "drone", "turret", "pod", "platform"),
    "targets": ("asteroid", "asteroid", "asteroid", "pod", "platform"),
}


# Strategies built once (building one per draw costs more than the draw).
PERCENT, ORIENTATION, FEW = st.integers(0, 99), st.integers(0, 5), st.integers(0, 3)
KIND = {mode: st.sampled_from(kinds) for mode, kinds in KINDS.items()}
TILE = st.tuples(ORIENTATION, st.sampled_from(SYMBOLS))
COLOUR = {
    "asteroid": st.sampled_from(TILE_COLOURS),
    "gate": st.sampled_from(("red", "white")),
    "drone": st.just("white/red"),
    "platform": st.sampled_from(PLAYER_COLOURS),
}
SIDE = st.sampled_from(("left", "right"))
PLAYERS = st.lists(st.sampled_from(PLAYER_COLOURS), unique=True, min_size=1, max_size=4)
CRAFT = st.tuples(
    st.integers(0, 11),  # 0: destroyed
    ORIENTATION,
    st.sampled_from((None, None, *PILOTS)),
    st.sampled_from((0, 0, 1, 2, 3, 4, 5)),
    st.lists(st.sampled_from(SYMBOLS), unique=True, max_size=3).map(tuple),
    SIDE,
)


@st.composite
def crowded_states(draw, mode: str) -> State:
    """A board of ``mode`` crowded around crafts: a region of radius 2-3, a third to two thirds full.

    What the asteroid phase's boards (:func:`tests.test_properties.states`) rarely give a
    flight: crafts with objects, gates, drones and targets in their way and in their lasers' paths.
    """
    board = STANDARD_BOARD if draw(FEW) else hexagon_board(draw(st.integers(2, 3)))
    focus = draw(st.sampled_from(board.cells))
    radius = draw(st.integers(2, 3))
    pool = [c for c in board.cells if distance(c, focus) <= radius]
    density = draw(st.integers(30, 70))
    specs = []  # (kind, cell, colour, orientation, symbol)
    for cell in pool:
        if draw(PERCENT) >= density:
            continue
        kind = draw(KIND[mode])
        orientation, symbol = draw(TILE)
        colour = draw(COLOUR[kind]) if kind in COLOUR else None
        specs.append((kind, cell, colour, orientation, symbol))
        if kind == "turret" and draw(FEW):  # its drone, still inside it
            specs.append(("drone", cell, "white/red", orientation, symbol))
    moving = [i for i, s in enumerate(specs) if s[0] in ("asteroid", "gate", "drone")]
    priorities = dict(zip(moving, draw(st.permutations(range(1, len(moving) + 1))), strict=True))
    numbers = {"left": 0, "right": 0}
    pieces = []
    for i, (kind, cell, colour, orientation, symbol) in enumerate(specs):
        piece = Piece(f"{kind[0].upper()}{i}", kind, cell, colour)
        if i in priorities:
            piece = piece._replace(orientation=orientation, priority=priorities[i])
        if kind in ("gate", "drone", "turret"):
            piece = piece._replace(orientation=orientation, symbol=symbol)
        if kind == "platform":
            piece = piece._replace(orientation=orientation)
        if mode == "targets" and kind == "asteroid" and "white" in (colour or "") and draw(FEW):
            side = draw(SIDE)
            numbers[side] += 1
            piece = piece._replace(target=f"{side}-{numbers[side]}", team=side)
        pieces.append(piece)
    taken = {p.cell: p.kind for p in pieces}
    allowed = ("platform", "gate") if mode == "racing" else ("platform",)
    stands = [c for c in pool if taken.get(c) in (None, *allowed)] or [
        c for c in board.cells if c not in taken
    ]
    players = draw(PLAYERS)
    crafts = []
    for player in players:
        fate, facing, pilot, damage, tokens, side = draw(CRAFT)
        crafts.append(
            Craft(
                player,
                None if fate == 0 else draw(st.sampled_from(stands)),
                facing,
                pilot=pilot,
                damage=6 if fate == 0 else damage,
                tokens=tokens,
                team=side if mode == "targets" else None,
            )
        )
    order = tuple(draw(st.permutations(players)))
    return State(mode, tuple(pieces), tuple(crafts), order, board=board).validate("crowded board")


@st.composite
def targets_states(draw) -> State:
    """A targets board from an asteroid phase's one: no gates, targets on white-bearing asteroids."""
    base = draw(states())
    pieces = []
    numbers = {"left": 0, "right": 0}
    for p in base.pieces:
        if p.kind in ("gate", "turret", "drone"):
            continue
        if p.kind == "asteroid" and "white" in (p.colour or "") and draw(st.integers(0, 2)):
            side = draw(st.sampled_from(("left", "right")))
            numbers[side] += 1
            p = p._replace(target=f"{side}-{numbers[side]}", team=side)
        pieces.append(p)
    crafts = tuple(replace(c, team=draw(st.sampled_from(("left", "right")))) for c in base.crafts)
    return base.replace(mode="targets", pieces=tuple(pieces), crafts=crafts).validate("targets board")


@st.composite
def program_for(draw, craft: Craft, mode: str, shots: bool = False) -> Program:
    program = Program.empty()
    for column in range(1, 8):
        tokens = weighted(legal_tokens(craft, mode, column, program), shots)
        program = program.with_column(column, draw(st.sampled_from(tokens)))
    return program


@st.composite
def flights(draw, modes: tuple[str, ...] = ("racing", "shooting", "drones", "targets"), shots: bool = False):
    """(state before flight, programs, choose): any of ``modes``, crafts with their once-per-game powers.

    ``shots``: programs shoot often (the laser checker's flights).
    """
    mode = draw(st.sampled_from(modes))
    if draw(st.integers(0, 3)):
        state = draw(crowded_states(mode))
    elif mode == "targets":
        state = draw(targets_states())
    else:
        state = draw(states().filter(lambda s: s.mode == mode))
    crafts = tuple(
        replace(c, destroy_used=draw(st.integers(0, 3)) == 0, power_used=draw(st.integers(0, 3)) == 0)
        for c in state.crafts
    )
    landing = mode in ("racing", "shooting") and draw(st.integers(0, 2)) == 0
    if landing:  # the variant matters to crafts holding (nearly) every gate's token
        gates = tuple(sorted({p.symbol for p in state.pieces if p.kind == "gate"}))
        crafts = tuple(replace(c, tokens=gates if draw(st.booleans()) else c.tokens) for c in crafts)
    state = state.replace(crafts=crafts, rules=RuleSettings(return_to_platform=landing)).validate("flight")
    programs = {}
    for c in state.crafts:
        if c.cell is not None and draw(st.integers(0, 5)):
            programs[c.player] = draw(program_for(c, mode, shots))
    return state, programs, draw(choices())


def question_text(q: Question) -> str:
    return f"{q.kind} {q.player} c{q.column} s{q.step}"


# --- capture ---------------------------------------------------------------------------


@st.composite
def capture_turns(draw):
    """(state, dice, programs, capture rules): a random capture board mid-game, and a turn for it.

    Two or three teams on a small hexagon (radius 2-4), each with its
    platform, asteroyd (at home, dropped elsewhere, or carried by an enemy
    craft), 0-2 turrets and 1-3 crafts; pods and (two teams) blue asteroids.
    """
    radius = draw(st.integers(2, 4))
    board = hexagon_board(radius) if draw(st.integers(0, 5)) else STANDARD_BOARD
    team_names = ("red", "white") if draw(st.booleans()) else ("red", "white", "blue")
    cells = list(board.cells)
    if board is STANDARD_BOARD:  # crowd a region of the big board
        focus = draw(st.sampled_from(cells))
        cells = [c for c in cells if distance(c, focus) <= 4]
    cells = draw(st.permutations(cells))
    free = iter(cells)  # distinct spaces for the fixed pieces and the asteroyds' homes
    pieces: list[Piece] = []
    homes, platforms = {}, {}
    for team in team_names:
        platform = platforms[team] = next(free)
        orientation = draw(st.sampled_from((None, 0, 1, 2, 3, 4, 5)))
        pieces.append(Piece(f"L{team[0]}", "platform", platform, team, orientation, team=team))
        homes[team] = next(free)
        for i in range(draw(st.integers(0, 2))):
            pieces.append(
                Piece(f"T{team[0]}{i}", "turret", next(free), orientation=draw(st.integers(0, 5)), team=team)
            )
    for i in range(draw(st.integers(0, 3))):
        pieces.append(Piece(f"P{i}", "pod", next(free)))
    if len(team_names) == 2:
        priorities = draw(st.permutations(range(1, 5)))
        for i in range(draw(st.integers(0, 4))):
            pieces.append(
                Piece(f"B{i}", "asteroid", next(free), "blue", draw(st.integers(0, 5)), priorities[i])
            )
    taken = {p.cell: p.kind for p in pieces}
    stands = [c for c in cells if taken.get(c) in (None, "platform")]
    crafts = []
    for team in team_names:
        for i in range(1, draw(st.integers(1, 3)) + 1):
            at_home = draw(st.integers(0, 4)) == 0
            cell = (
                next(p.cell for p in pieces if p.id == f"L{team[0]}")
                if at_home
                else draw(st.sampled_from(stands))
            )
            pilot = draw(st.sampled_from((None,) * 6 + PILOTS))
            crafts.append(
                Craft(
                    f"{team}{i}",
                    cell,
                    draw(st.integers(0, 5)),
                    pilot=pilot,
                    power_used=draw(st.integers(0, 3)) == 0,
                    team=team,
                )
            )
    carriers: set[str] = set()
    for team in team_names:
        where = draw(st.sampled_from(("home", "dropped", "carried", "carried")))
        enemies = [c for c in crafts if c.team != team and c.player not in carriers]
        cell, carrier = homes[team], None
        if where == "carried" and enemies:
            craft = draw(st.sampled_from(enemies))
            platform = platforms[craft.team]
            near = [
                d
                for d in range(6)
                if board.step(platform, d) in stands and board.step(platform, d) != platform
            ]
            near = [d for d in near if taken.get(board.step(platform, d)) is None]
            if near and draw(st.booleans()):  # one step from scoring
                d = draw(st.sampled_from(near))
                craft = replace(craft, cell=board.step(platform, d), facing=(d + 3) % 6)
            elif taken.get(craft.cell) is not None:  # a carrier cannot stand on a platform
                craft = replace(
                    craft, cell=draw(st.sampled_from([c for c in stands if taken.get(c) is None]))
                )
            crafts = [craft if c.player == craft.player else c for c in crafts]
            cell, carrier = craft.cell, craft.player
            carriers.add(carrier)
        elif where == "dropped":
            cell = draw(st.sampled_from([c for c in cells if taken.get(c) is None]))
        pieces.append(Piece(f"A{team[0]}", "asteroyd", cell, team=team, carrier=carrier, home=homes[team]))
    pieces = draw(st.permutations(pieces))
    three = len(team_names) == 3
    scores = tuple((t, draw(st.integers(-1, 1) if three else st.integers(0, 2))) for t in team_names)
    order = tuple(draw(st.permutations([c.player for c in crafts])))
    state = State(
        mode="capture",
        pieces=tuple(pieces),
        crafts=tuple(crafts),
        player_order=order,
        board=board,
        scores=scores,
    ).validate("capture board")
    assert problems(state) == (), problems(state)
    hot = draw(st.integers(1, 6))  # most crafts anticipate the same round: Shields meet Shoots
    programs = {}
    for c in state.crafts:
        program = CaptureProgram.empty()
        for column in range(1, 7):
            tokens = weighted(legal_column_tokens(c, column, program))
            program = program.with_column(column, draw(st.sampled_from(tokens + ["X"] * 6 * (column == hot))))
        anticipations = legal_anticipations(c)
        focused = [a for a in anticipations if str(hot) in a]
        anticipation = draw(st.sampled_from(focused if draw(st.integers(0, 2)) else anticipations))
        programs[c.player] = str(program.with_anticipation(None))[:-1] + anticipation
    dice = draw(st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)))
    rules = CaptureRules(
        target=draw(st.sampled_from((None, None, 1, 2))),
        victory_check=draw(st.sampled_from(("round", "turn"))),
        destructible_asteroids=draw(st.booleans()),
    )
    return state, dice, programs, rules
