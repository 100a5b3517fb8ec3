"""Level 5, plan against the dice: one craft, the roll, a goal; the answer is one program that meets it.

The craft stands somewhere mid-race near a gate whose token it lacks. The
goal is to take one more gate token this round with no damage, without
destroying an asteroid, shield up (a red column played is the shield down: the
goal is missed), the other crafts flying empty charts (shields up too). The
learner plans *before* the asteroids move, for the board after the dice, so a
drill is kept only when the plan that would work on the board as it stands no
longer works once the dice have moved the tiles (or none would): the dice have
to be read. The answer is found by a breadth-first search over
the craft's states column by column (the coach's :class:`~asteroyds.coach.search.Flight`
transitions, the engine's own steps: :mod:`asteroyds.flight_step`), shortest program first, and then
checked by playing the whole round with the engine.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ..asteroids import resolve_asteroids
from ..coach.search import ACTIVE, Flight, Node
from ..dice import Dice
from ..event_text import and_list, cell_text, player_text
from ..events import ColumnPlayed, CraftMoved, Event, FlightStarted, TileBlocked, TileMoved
from ..hexgrid import Cell, distance
from ..i18n import _, ngettext
from ..pieces import GATE, PLAYER_COLOURS
from ..program import EMPTY, RED_COLUMN, SHIELD
from ..setups import GATE_SYMBOLS
from ..state import State
from .board import free_cells, roll_dice, shuffled_board
from .drill import PLAN, Drill
from .goal import EMPTY_CHART, GOAL, GOAL_TOKENS, fly_round, meets_goal


def find_program(board: State, player: str, tokens: int = GOAL_TOKENS) -> str | None:
    """The shortest shield-up program (fewest columns used, then the fixed token order) in which
    ``player`` takes ``tokens`` new gate tokens with no damage and destroys nothing, flown on ``board``
    (the board after the asteroid phase); None if there is none."""
    flight = Flight(board, player, shielded=True, destroy=False)
    start = Node._make(flight.start())
    if start.status != ACTIVE:
        return None
    damage, held = start.damage, start.tokens
    parents: dict[Node, tuple[Node, str] | None] = {start: None}
    layer = [start]
    for column in range(1, RED_COLUMN):
        nxt = []
        for node in layer:
            for token in flight.tokens_for[column]:
                for new, _decided in flight.outcomes(node, column, token):
                    if new.status != ACTIVE or new.damage > damage or new in parents:
                        continue
                    parents[new] = (node, token)
                    if len(new.tokens - held) >= tokens:
                        return _program(parents, new)
                    nxt.append(new)
        layer = nxt
    return None


def _program(parents: dict[Node, tuple[Node, str] | None], node: Node) -> str:
    played: list[str] = []
    while (parent := parents[node]) is not None:
        node, token = parent
        played.append(token)
    played.reverse()
    played += [EMPTY] * (RED_COLUMN - 1 - len(played))
    return " ".join([*played, SHIELD])


def _place(rng: random.Random, state: State, player: str) -> State | None:
    """The craft mid-race: 0-2 tokens held, 2-4 spaces from a gate whose token it lacks, facing anywhere."""
    held = sorted(rng.sample(GATE_SYMBOLS, rng.randint(0, 2)))
    wanted = [p.cell for p in state.pieces if p.kind == GATE and p.symbol not in held]
    cells = [c for c in free_cells(state) if 2 <= min(distance(c, g) for g in wanted) <= 4]
    if not cells:
        return None
    craft = replace(state.craft(player), cell=rng.choice(cells), facing=rng.randrange(6), tokens=tuple(held))
    return state.update_crafts({player: craft}).validate("drill board")


def make_plan(rng: random.Random, level: int, seed: int) -> Drill | None:
    """One candidate level-5 drill from ``rng``, or None when it fails a check (the caller draws again)."""
    players = rng.randint(1, 3)
    state = shuffled_board(rng, players)
    player = rng.choice(PLAYER_COLOURS[:players])
    placed = _place(rng, state, player)
    if placed is None:
        return None
    state = placed
    dice = roll_dice(rng)
    board, _events = resolve_asteroids(state, dice)
    if meets_goal(state, fly_round(state, dice, player, EMPTY_CHART)[0], player, EMPTY_CHART):
        return None  # a gate comes to the craft: nothing to plan
    program = find_program(board, player)
    if program is None:
        return None
    naive = find_program(state, player)  # planned on the board as it stands, the dice ignored
    if naive is not None and meets_goal(state, fly_round(state, dice, player, naive)[0], player, naive):
        return None  # the dice change nothing: not a drill about the dice
    after, events = fly_round(state, dice, player, program)
    if not meets_goal(state, after, player, program):  # the search and the engine disagree: never kept
        return None
    return Drill(
        level=level,
        seed=seed,
        kind=PLAN,
        state=state,
        dice=dice,
        question=_question(state, dice, player),
        pieces=(player,),
        explanation=tuple(explain(state, dice, events, player, naive)),
        player=player,
        program=program,
        goal=dict(GOAL),
        tags=("plan",),
    )


def _question(state: State, dice: Dice, player: str) -> str:
    craft = state.craft(player)
    if craft.tokens:
        held = _("it holds {tokens}", tokens=and_list(list(craft.tokens)))
    else:
        held = _("it holds none yet")
    return _(
        "The dice show {dice}. Plan the {player} craft's chart for the board after the dice: the board "
        "shows the tiles before they move, and the craft flies once they have moved. Take a gate token "
        "it does not hold yet ({held}) with no damage, shield up, without destroying an asteroid. The "
        "other crafts fly empty charts.",
        dice=dice,
        player=player_text(player),
        held=held,
    )


def _path(events: list[Event], player: str, start: Cell) -> set[Cell]:
    """The spaces the craft flies through (its start included)."""
    return {start} | {e.end for e in events if isinstance(e, CraftMoved) and e.player == player}


def _naive_line(state: State, dice: Dice, player: str, naive: str) -> str:
    """What the plan made on the unmoved board does once the dice have moved the tiles."""
    after = fly_round(state, dice, player, naive)[0]
    old, new = state.craft(player), after.craft(player)
    damage = new.damage - old.damage
    if len(set(new.tokens) - set(old.tokens)) == 0:
        if damage:
            outcome = ngettext(
                "it takes no token and {n} damage", "it takes no token and {n} damage", damage, n=damage
            )
        else:
            outcome = _("it takes no token")
    else:
        outcome = ngettext("it takes {n} damage", "it takes {n} damage", damage, n=damage)
    return _(
        "Planned on the board as it stands, {program} would take a token; once the dice have moved "
        "the tiles, {outcome}.",
        program=naive,
        outcome=outcome,
    )


def explain(state: State, dice: Dice, events: list[Event], player: str, naive: str | None) -> list[str]:
    """Why: the tiles the dice move into, out of or across the craft's path, the gate it takes, then its
    flight; and, when a plan made on the unmoved board would fail, that plan."""
    start = state.craft(player).cell
    assert start is not None
    path = _path(events, player, start)
    lines = [_("The {player} craft starts at {cell}.", player=player_text(player), cell=cell_text(start))]
    if naive is not None:
        lines.append(_naive_line(state, dice, player, naive))
    for e in events:
        if isinstance(e, (TileMoved, TileBlocked)) and (
            e.kind == GATE or e.start in path or e.end in path or getattr(e, "blocked_at", None) in path
        ):
            if e.kind == GATE and not any(distance(e.start, c) <= 2 or distance(e.end, c) <= 2 for c in path):
                continue
            lines.append(e.text())
        elif getattr(e, "player", None) == player and not isinstance(e, (ColumnPlayed, FlightStarted)):
            lines.append(e.text())
    return lines
