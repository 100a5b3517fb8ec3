"""A seeded Capture the Asteroyd team bot: the capture mode's own bots.

The rules: docs/rules.md#11-capture-the-asteroyd.

The bot knows the dice when it plans (as players do), so it knows where
every turret fires this turn. Each team gives its crafts roles: a carrier
heads for its own platform; when an enemy carries the team's asteroyd or
left it away from home, the nearest team-mate hunts the carrier or brings
the asteroyd home; then one attacker per loose enemy asteroyd (never two:
two team-mates arriving together would leave it where it is), the nearest
craft first, equal distances drawn by lot; the others defend the home
asteroyd. A craft follows a shortest route in *columns* (pivots count),
computed once per goal and obstacle layout (a reverse breadth-first search
over spaces and facings), avoiding the enemy turrets' lines and never
bumping; an attacker that reaches the asteroyd runs home in the same turn.
It shoots in round 1 when an enemy craft stands in its line of fire (nobody
has moved yet; later rounds now and then), and uses its pilot's power when
that gains a column. The anticipation shields the first round it stands in
a turret's line, or makes its shot pierce.

>>> from asteroyds.modes.capture import setup
>>> state = setup(teams=2)
>>> str(plan(state, "red1", (3, 5, 2))), str(plan(state, "red2", (3, 5, 2)))
('F F . . . . S2', 'F F F F R L S2')
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ...dice import Dice
from ...hexgrid import Board, Cell
from ...pieces import ASTEROYD, PLATFORM, Craft
from ...pilots import ACTION_STEPS, PILOT_TABLE, PRIMITIVES
from ...state import State
from .program import LAWRENCE, SHIELD_STANCE, SHOOT_STANCE, CaptureProgram
from .rules import turret_aims

MOVES: tuple[str, ...] = ("F", "R", "L", "U", ".")
DANGER_WEIGHT = 3  # columns a craft would rather lose than stand in a turret's line
UNREACHABLE = 99


# --- routes ------------------------------------------------------------------------


@lru_cache(maxsize=512)
def _columns_to(board: Board, blocked: frozenset[Cell], goal: Cell) -> dict[tuple[Cell, int], int]:
    """Fewest columns (F, R, L, U) from every (space, facing) to enter ``goal``."""
    dist: dict[tuple[Cell, int], int] = {}
    queue: deque[tuple[Cell, int]] = deque()
    for f in range(6):
        dist[(goal, f)] = 0
        queue.append((goal, f))
    step = board._step
    while queue:
        cell, facing = queue.popleft()
        d = dist[(cell, facing)] + 1
        back = step[cell][(facing + 3) % 6]  # where a craft came from, entering this way
        preds = [((cell, (facing + 3) % 6))]
        if back is not None and back not in blocked:
            preds += [(back, facing), (back, (facing - 1) % 6), (back, (facing + 1) % 6)]
        for node in preds:
            if node not in dist:
                dist[node] = d
                queue.append(node)
    return dist


columns_to = _columns_to  # public: the coach's capture objective measures routes the same way


def _laser_cells(state: State, blocked: frozenset[Cell], start: Cell, direction: int) -> list[Cell]:
    """The spaces a laser crosses until something solid stops it (crafts ignored)."""
    cells = []
    cell = state.board.step(start, direction)
    while cell is not None and cell not in blocked:
        cells.append(cell)
        cell = state.board.step(cell, direction)
    if cell is not None:
        cells.append(cell)
    return cells


@dataclass
class _View:
    """What a team's bot reads off the board once per turn."""

    state: State
    team: str
    blocked: frozenset[Cell]  # obstacles for this team's crafts (every platform but its own)
    solid: frozenset[Cell]  # what stops a laser
    danger: frozenset[Cell]  # spaces in an enemy turret's line this turn
    platform: Cell
    asteroyds: dict = field(default_factory=dict)


def _view(state: State, team: str, dice: Dice) -> _View:
    blocked, solid, platform = set(), set(), None
    for p in state.pieces:
        if p.kind == ASTEROYD:
            continue
        solid.add(p.cell)
        if p.kind == PLATFORM and p.team == team:
            platform = p.cell
        else:
            blocked.add(p.cell)
    danger: set[Cell] = set()
    for aim in turret_aims(state, dice):
        if aim.team != team:
            danger.update(_laser_cells(state, frozenset(solid - {aim.cell}), aim.cell, aim.direction))
    assert platform is not None  # every team has its platform (the mode's check)
    return _View(state, team, frozenset(blocked), frozenset(solid), frozenset(danger), platform)


def _goals(view: _View, rng: random.Random) -> dict[str, tuple[Cell, str]]:
    """Each craft's goal and role: ``home`` (carrier), ``keep`` (own asteroyd away), ``attack``, ``defend``.

    One attacker per loose enemy asteroyd: two team-mates arriving together
    would leave it where it is (docs/rules.md#11-capture-the-asteroyd).
    """
    state, team = view.state, view.team
    carried = {p.carrier: p for p in state.pieces if p.kind == ASTEROYD and p.carrier}
    free = [c for c in state.crafts_in_order() if c.team == team and c.cell is not None]
    goals: dict[str, tuple[Cell, str]] = {}
    for c in free:
        if c.player in carried:
            goals[c.player] = (view.platform, "home")
    free = [c for c in free if c.player not in goals]

    def take(target: Cell, role: str) -> None:
        if free:
            best = min(free, key=lambda c: (_estimate(view, c, target), c.player))
            goals[best.player] = (target, role)
            free.remove(best)

    own = next(p for p in state.pieces if p.kind == ASTEROYD and p.team == team)
    assert own.home is not None  # an asteroyd has a home (State.validate)
    if own.carrier is not None or own.cell != own.home:
        take(own.cell, "keep" if own.carrier is None else "hunt")
    loose = [p.cell for p in state.pieces if p.kind == ASTEROYD and p.team != team and p.carrier is None]
    while free and loose:
        # The closest (craft, asteroyd) pair first; equal distances are drawn by lot.
        pairs = [(_estimate(view, c, cell), rng.random(), c, cell) for c in free for cell in loose]
        _, _, craft, cell = min(pairs, key=lambda t: t[:2])
        goals[craft.player] = (cell, "attack")
        free.remove(craft)
        loose.remove(cell)
    while free:
        take(own.home, "defend")
    return goals


def _estimate(view: _View, craft: Craft, goal: Cell) -> int:
    if craft.cell is None:
        return UNREACHABLE  # a destroyed craft reaches nothing
    dist = _columns_to(view.state.board, view.blocked, goal)
    return dist.get((craft.cell, craft.facing), UNREACHABLE)


def _simulate(
    view: _View, cell: Cell, facing: int, steps: Sequence[str]
) -> tuple[Cell, int, list[Cell]] | None:
    """Where a column's primitive steps take the craft (None: it would bump)."""
    entered = []
    for name in steps:
        pivot, move = PRIMITIVES[name]
        if move is None:
            facing = (facing + pivot) % 6
            continue
        ahead = view.state.board.step(cell, (facing + move) % 6)
        if ahead is None or ahead in view.blocked:
            return None
        cell = ahead
        entered.append(cell)
    return cell, facing, entered


def _enemy_in_line(view: _View, cell: Cell, facing: int) -> bool:
    team = view.team
    enemies = {c.cell for c in view.state.crafts if c.team != team and c.cell is not None}
    for spot in _laser_cells(view.state, view.solid, cell, facing):
        if spot in view.solid:
            return False
        if spot in enemies:
            return True
    return False


def plan(
    state: State, player: str, dice: Dice | Sequence[int], rng: random.Random | None = None
) -> CaptureProgram:
    """A legal capture program for ``player`` this turn."""
    rng = rng or random.Random(0)
    craft = state.craft(player)
    if craft.cell is None:
        return CaptureProgram.empty()
    assert craft.team is not None  # every capture craft has a team (the mode's check)
    view = _view(state, craft.team, Dice.of(dice))
    goal, role = _goals(view, rng)[player]
    return _plan(view, craft, goal, role, rng)


def _plan(view: _View, craft: Craft, goal: Cell, role: str, rng: random.Random) -> CaptureProgram:
    board = view.state.board
    dist = _columns_to(board, view.blocked, goal)
    cell, facing = craft.cell, craft.facing
    assert cell is not None  # the callers plan the crafts on the board
    power = None
    if craft.pilot and not craft.power_used and PILOT_TABLE[craft.pilot].column_power:
        power = PILOT_TABLE[craft.pilot]
    tokens: list[str] = []
    positions = [cell]  # where the craft stands during each round's lasers
    done = role in ("defend", "hunt") and cell == goal
    for k in range(1, 7):
        if _enemy_in_line(view, cell, facing) and (k == 1 or rng.random() < 0.1):
            tokens.append("X")
            positions.append(cell)
            continue
        options = []
        candidates = [(t, ACTION_STEPS[t]) for t in MOVES]
        if power is not None:
            candidates += [(t, power.steps(t)) for t in power.tokens]
        for rank, (token, steps) in enumerate(candidates):
            if cell == goal and not done and token in (".", "U"):
                continue  # standing on the goal is not entering it
            moved = _simulate(view, cell, facing, steps)
            if moved is None:
                continue
            new_cell, new_facing, entered = moved
            reached = not done and goal in entered
            if done:
                value = 0 if token == "." else 1
            elif reached:
                value = -1
            else:
                value = dist.get((new_cell, new_facing), UNREACHABLE) + (token == ".")
            danger = DANGER_WEIGHT if k < 6 and new_cell in view.danger else 0
            options.append((value + danger, rank, token, new_cell, new_facing, reached))
        if not options:
            tokens.append(".")
            positions.append(cell)
            continue
        _, _, token, cell, facing, reached = min(options)
        if token.startswith("P"):
            power = None
        if reached and role == "attack":
            goal, role = view.platform, "home"  # picked up (if alone): run home in the same turn
            dist = _columns_to(board, view.blocked, goal)
        elif reached:
            done = True
        tokens.append(token)
        positions.append(cell)
    return CaptureProgram(tuple(tokens), *_anticipation(view, craft, tokens, positions, rng))


def _anticipation(view: _View, craft: Craft, tokens: list[str], positions: list[Cell], rng: random.Random):
    risky = [k for k in range(1, 7) if positions[k - 1] in view.danger]
    if craft.pilot == LAWRENCE:
        rounds = risky[:2] or [1 + rng.randrange(6)]
        return SHIELD_STANCE, tuple(rounds)
    if risky:
        return SHIELD_STANCE, (risky[0],)
    if "X" in tokens:
        return SHOOT_STANCE, (tokens.index("X") + 1,)
    return SHIELD_STANCE, (1 + rng.randrange(2),)


def plan_all(state: State, dice: Dice | Sequence[int], rng: random.Random) -> dict[str, CaptureProgram]:
    """Every craft's program for this turn, in player order."""
    dice = Dice.of(dice)
    views: dict[str, _View] = {}
    goals: dict[str, tuple[Cell, str]] = {}
    programs = {}
    for craft in state.crafts_in_order():
        if craft.cell is None:
            continue
        assert craft.team is not None  # every capture craft has a team (the mode's check)
        if craft.team not in views:
            views[craft.team] = _view(state, craft.team, dice)
            goals.update(_goals(views[craft.team], rng))
        goal, role = goals[craft.player]
        programs[craft.player] = _plan(views[craft.team], craft, goal, role, rng)
    return programs


def capture_bots(
    state: State, dice: Dice | Sequence[int], players: Sequence[str], draw: Callable[[str], random.Random]
) -> dict[str, CaptureProgram]:
    """The mode's bots (registered by :mod:`asteroyds.bot`): ``players``' programs this turn.

    Every craft is planned (team-mates share their goals, :func:`plan_all`),
    with the generator ``draw`` gives for ``capture-bots:turn<round>``; the
    programs of ``players`` are returned.
    """
    programs = plan_all(state, dice, draw(f"capture-bots:turn{state.round}"))
    return {p: programs.get(p, CaptureProgram.empty()) for p in players}


__all__ = ["capture_bots", "columns_to", "plan", "plan_all"]
