"""The coach's exact search: every program, merged column by column into craft states.

A program is 7 tokens; enumerating them all is hundreds of thousands of
flights. But after the asteroid phase the board is fixed while the player
flies, except for what the craft itself changes (an asteroid it destroys,
a target it eliminates), and whatever happens in the remaining columns
depends only on the craft's *state*: its cell and facing, its damage, the
tokens it holds, its once-a-game powers (destroy, pilot), whether it shot
already (the one-shot variant), the asteroid it destroyed, whether its
program was stopped, and the column in which it completed its tokens. So
the search keeps, column by column, one program per distinct state
(the first one found, in a fixed token order), and the best final state is
the best program: exact, and a few thousand states instead of ~10^5
programs.

The transitions are the engine's own: each action's steps are
:func:`asteroyds.flight_step.advance`, as :func:`asteroyds.flight.fly` plays
them (the same board, keys for the questions, order of checks), and the mid-flight decisions
(destroy the asteroid? Lawrence's emergency shield?) are branches of the
search, so the plan comes with the answers that realise it. Shield up (red
column on S) and shield down (a 7th action) are two searches, each from its
own asteroid phase (the shield protects there too); a Lawrence pilot may
also use the emergency shield during the asteroid phase, which gives a few
more starting states.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .. import flight_step
from ..asteroids import resolve_asteroids
from ..damage import DESTROY_ASTEROID, Decide, Decision
from ..dice import Dice
from ..errors import RuleError
from ..events import Event
from ..flight_step import FREE, LAND, RAM, Airspace, Effects, advance
from ..hexgrid import Cell
from ..i18n import _
from ..pieces import DIE_COLOURS, MAX_DAMAGE, Piece
from ..pilots import PILOT_TABLE, PILOT_TOKENS
from ..program import EMPTY, RED_COLUMN, SHIELD, SHOOT, Program, legal_tokens
from ..shooting import reward
from ..state import State
from .objective import BOLD, CAREFUL, STYLES, Objective, careful_key

ACTIVE, STOPPED, LANDED = 0, 1, 2


class Node(NamedTuple):
    """A craft's state after some columns: what the rest of its flight depends on (see the module's
    docstring). The search keeps one program per distinct state, so states are hashed and compared
    by value.

    The search's own loop keeps them as plain tuples in this order (a NamedTuple costs three times
    a tuple to build, and the search builds one per transition: hundreds of thousands); the
    constants below name the positions, and what the search hands out (:class:`Found`, a tiebreak's
    argument) is a :class:`Node`."""

    cell: Cell | None
    facing: int
    damage: int
    tokens: frozenset[str]
    destroy_used: bool
    power_used: bool
    shot: bool  # a shot fired this round (only the one-shot variant remembers it)
    removed: str | None  # the asteroid the craft destroyed this round
    status: int  # ACTIVE, STOPPED (a collision, destroyed) or LANDED
    finish: int | None  # the column in which the craft completed its tokens


CELL, FACING, DAMAGE, TOKENS, DESTROY_USED, POWER_USED, SHOT, REMOVED, STATUS, FINISH = range(
    len(Node._fields)
)
Fields = tuple  # a Node's fields as a plain tuple: the search's working form of a craft state


# One fact of a column, for the explanation: (what, details...).
Fact = tuple


@dataclass(frozen=True)
class Found:
    """The best program of one search, with what it leads to."""

    program: Program
    score: dict[str, object]
    decisions: tuple[str, ...]  # the keys of the questions answered yes
    start: Node
    columns: tuple[tuple[str, Node, tuple[Fact, ...]], ...]  # per column: token, state after, facts
    board: State  # the board after the asteroid phase
    asteroid_events: tuple[Event, ...]


class Flight:
    """One player's flight on a fixed board after the asteroid phase, as transitions between craft states.

    Each action's steps are the engine's (:func:`~asteroyds.flight_step.advance` on the board's
    :class:`~asteroyds.flight_step.Airspace`); this class adds what the search needs on top: a
    question is a branch, and a craft state is a hashable :class:`Node` (as a plain tuple)."""

    def __init__(self, board: State, player: str, shielded: bool, destroy: bool) -> None:
        self.board = board
        self.space = space = Airspace(board)
        self.mode = board.mode
        self.targets = space.targets
        self.landing = space.landing
        self.one_shot = board.rules.one_shot_per_turn
        self.shielded = shielded
        self.bounce = flight_step.damage_amount(flight_step.COLLISION_DAMAGE, shielded)
        self.ram_cost = flight_step.damage_amount(flight_step.DESTROY_DAMAGE, shielded)
        self.destroy = destroy
        self.craft = craft = board.craft(player)
        self.player = player
        self.lawrence = craft.pilot == "Lawrence"
        info = PILOT_TABLE.get(craft.pilot or "")
        self.effects: dict[str, Effects] = dict(flight_step.ACTION_EFFECTS)
        self.power_text: dict[str, str] = {}
        if info is not None:
            for token, steps, text in info.moves:
                self.effects[token] = flight_step.effects(steps)
                self.power_text[token] = text
        self.tokens_for: dict[int, tuple[str, ...]] = {}
        for column in range(1, RED_COLUMN + 1):
            legal = legal_tokens(craft, board.mode, column)
            if column == RED_COLUMN:
                legal = tuple(t for t in legal if t != SHIELD)
            self.tokens_for[column] = legal
        self.lasers: dict[tuple, Piece | None] = {}

    def start(self) -> Fields:
        c = self.craft
        tokens = frozenset(c.tokens)
        finish = 0 if self.space.holds_every_token(tokens) and not self.landing else None
        status = ACTIVE if c.cell is not None else STOPPED
        return (c.cell, c.facing, c.damage, tokens, c.destroy_used, c.power_used, False, None, status, finish)

    # --- transitions ---------------------------------------------------------------
    def outcomes(self, node: Node, column: int, token: str) -> list[tuple[Node, tuple[str, ...]]]:
        """:meth:`play` with named craft states, for callers outside the search's hot loop."""
        return [(Node._make(after), decided) for after, decided in self.play(node, column, token)]

    def play(
        self,
        node: Fields,
        column: int,
        token: str,
        facts: list | None = None,
        answers: frozenset | None = None,
        first: int = 0,
        decided: tuple[str, ...] = (),
    ) -> list[tuple[Fields, tuple[str, ...]]]:
        """Every outcome of playing ``token`` in ``column`` from ``node``.

        A list of (state after, questions answered yes); more than one only
        where a question branches (or as ``answers`` say). The action's steps are the engine's
        (:func:`advance`), from its step ``first`` (after an asteroid destroyed: :meth:`ram`).
        """
        if token in (EMPTY, SHIELD) or node[STATUS] != ACTIVE:
            return [(node, ())]
        cell, facing, damage, tokens, destroy_used, power_used, shot, removed, _status, finish = node
        if token == SHOOT:
            tokens = self.shoot(cell, facing, tokens, removed, facts)
            finish = self.finished(tokens, finish, column)
            shot = shot or self.one_shot  # only the one-shot variant needs to remember a shot
            return [
                ((cell, facing, damage, tokens, destroy_used, power_used, shot, removed, ACTIVE, finish), ())
            ]
        if first == 0 and token in PILOT_TOKENS:
            power_used = True  # the power is spent
            if facts is not None:
                facts.append(("power", self.power_text[token]))
        steps = self.effects[token]
        outcome, cell, facing, index, target, piece, got = advance(
            self.space, cell, facing, steps, first, tokens, removed, self.destroy and not destroy_used, facts
        )
        if got:  # a gate crossed (racing) gave a token
            tokens = tokens.union(got)
            finish = self.finished(tokens, finish, column)
        if outcome == FREE:
            return [
                (
                    (cell, facing, damage, tokens, destroy_used, power_used, shot, removed, ACTIVE, finish),
                    decided,
                )
            ]
        if outcome == LAND:
            if facts is not None:
                facts.append(("move", target, steps[index][1] == 3))
                facts.append(("land", target, piece))
            landed = (target, facing, damage, tokens, destroy_used, power_used, shot, removed, LANDED, column)
            return [(landed, decided)]
        # The craft where the step is refused: what ramming or bouncing off start from.
        here = (cell, facing, damage, tokens, destroy_used, power_used, shot, removed, ACTIVE, finish)
        step = index + 1  # the engine counts the steps of a column from 1
        if outcome == RAM:
            assert target is not None and piece is not None  # an asteroid is in the way
            return self.ram(column, token, index, here, target, piece, step, decided, facts, answers)
        return self.collide(here, column, step, decided, target, piece, facts, answers)

    def finished(self, tokens: frozenset, finish: int | None, column: int) -> int | None:
        if finish is None and not self.landing and self.space.holds_every_token(tokens):
            return column
        return finish

    def ram(
        self,
        column: int,
        token: str,
        index: int,
        at: Fields,
        target: Cell,
        piece: Piece,
        step: int,
        decided: tuple[str, ...],
        facts: list | None,
        answers: frozenset | None,
    ) -> list[tuple[Fields, tuple[str, ...]]]:
        """An asteroid in the way, the destroy not spent: destroy it (then fly on), or bounce off."""
        cell, facing, damage, tokens, destroy_used, power_used, shot, removed, _status, finish = at
        key = self.space.key(self.player, column, step) + ":destroy"
        results: list[tuple[Fields, tuple[str, ...]]] = []
        if answers is None or key in answers:
            for total, used, yes in self.damage(damage, power_used, self.ram_cost, key, answers):
                answered = decided + (key,) + yes
                if facts is not None:
                    facts.append(("destroy", piece, target, total - damage, total, bool(yes)))
                if total >= MAX_DAMAGE:
                    wreck = (
                        None,
                        facing,
                        MAX_DAMAGE,
                        tokens,
                        True,
                        used,
                        shot,
                        removed,
                        STOPPED,
                        None,
                    )
                    results.append((wreck, answered))
                    continue
                got = tokens
                if self.targets and piece.target and piece.target not in got:
                    got = got | {piece.target}
                    if facts is not None:
                        facts.append(("eliminate", piece.target, piece))
                if facts is not None:
                    facts.append(("move", target, self.effects[token][index][1] == 3))
                through = (target, facing, total, got, True, used, shot, piece.id, ACTIVE, finish)
                results.extend(self.play(through, column, token, facts, answers, index + 1, answered))
        if answers is None or key not in answers:
            results.extend(self.collide(at, column, step, decided, target, piece, facts, answers))
        return results

    def collide(
        self,
        at: Fields,
        column: int,
        step: int,
        decided: tuple[str, ...],
        target: Cell | None,
        piece: Piece | None,
        facts: list | None,
        answers: frozenset | None,
    ) -> list[tuple[Fields, tuple[str, ...]]]:
        """Bounce off: 2 damage (1 with the shield), the rest of the program is cancelled."""
        cell, facing, damage, tokens, destroy_used, power_used, shot, removed, _status, finish = at
        key = self.space.key(self.player, column, step) if self.lawrence else ""  # only Lawrence is asked
        out = []
        for total, used, yes in self.damage(damage, power_used, self.bounce, key, answers):
            if facts is not None:
                facts.append(("collide", piece, target, total - damage, total, bool(yes)))
            if total >= MAX_DAMAGE:
                after = (None, facing, MAX_DAMAGE, tokens, destroy_used, used, shot, removed)
                node = (*after, STOPPED, None)
            else:
                after = (cell, facing, total, tokens, destroy_used, used, shot, removed)
                node = (*after, STOPPED, finish)
            out.append((node, decided + yes))
        return out

    def damage(
        self, damage: int, power_used: bool, amount: int, key: str, answers=None
    ) -> list[tuple[int, bool, tuple[str, ...]]]:
        """The damage after one event of ``amount`` points (the shield's one taken off): (total, power
        used, questions answered yes); Lawrence may branch."""
        if amount > 0 and self.lawrence and not power_used:
            question = f"{key}:lawrence:{self.player}"
            out: list[tuple[int, bool, tuple[str, ...]]] = []
            if answers is None or question not in answers:
                out.append((min(MAX_DAMAGE, damage + amount), power_used, ()))
            if answers is None or question in answers:
                out.append((min(MAX_DAMAGE, damage + amount - 1), True, (question,)))
            return out
        return [(min(MAX_DAMAGE, damage + amount), power_used, ())]

    def shoot(
        self, cell: Cell, facing: int, tokens: frozenset, removed: str | None, facts: list | None
    ) -> frozenset:
        key = (cell, facing, removed)
        if key in self.lasers:
            piece = self.lasers[key]
        else:
            piece = self.lasers[key] = self.space.hit(cell, facing, removed)
        token = reward(self.mode, piece)
        if facts is not None:
            facts.append(("shot", piece, token if token is not None and token not in tokens else None))
        if token is None or token in tokens:
            return tokens
        return tokens | {token}


# --- the search ------------------------------------------------------------------------


def asteroid_outcomes(
    state: State, dice: Dice, player: str, shielded: bool, order: Sequence[str] = DIE_COLOURS
) -> list[tuple[State, list[Event], tuple[str, ...]]]:
    """The asteroid phase for one shield choice; with Lawrence, once more per emergency shield he could use.

    Answering no to every question, then yes to the k-th one only, covers
    every answer sequence: after a yes the power is spent and no more is asked.
    """
    shields = dict.fromkeys(state.player_order, True)
    shields[player] = shielded
    asked: list[str] = []

    def record(decision: Decision) -> bool:
        if decision.player == player and decision.kind != DESTROY_ASTEROID:
            asked.append(decision.key)
        return False

    after, events = resolve_asteroids(state, dice, shields=shields, order=order, decide=record)
    outcomes: list[tuple[State, list[Event], tuple[str, ...]]] = [(after, events, ())]
    for key in list(asked):
        after, events = resolve_asteroids(state, dice, shields=shields, order=order, decide=_yes_to(key))
        outcomes.append((after, events, (key,)))
    return outcomes


def _yes_to(key: str) -> Decide:
    """Answer yes to the question ``key`` only."""
    return lambda decision: decision.key == key


Tiebreak = Callable[[Node], object]


def search(
    state: State,
    dice: Dice,
    player: str,
    *,
    destroy: bool = True,
    tiebreak: Tiebreak | None = None,
    order: Sequence[str] = DIE_COLOURS,
    style: str = BOLD,
) -> Found:
    """The best program for ``player`` (see :mod:`asteroyds.coach.objective`), exactly.

    ``tiebreak`` orders final craft states that the objective ties (smaller
    first); the coach bot passes the danger of the final cell. ``style``
    ``"careful"`` ranks damage before the goal, and spends the once-a-game
    destroy only for more tokens than any program without it reaches
    (:class:`Choice`).
    """
    original = state.craft(player)
    choice = Choice(style, original.damage)
    for shielded in (True, False):
        for board, events, asked in asteroid_outcomes(state, dice, player, shielded, order):
            flight = Flight(board, player, shielded, destroy)
            objective = Objective(board, player)
            columns = list(range(1, RED_COLUMN)) + ([] if shielded else [RED_COLUMN])
            start = flight.start()
            parents: list[dict[Fields, tuple]] = [{start: (None, None, asked)}]
            stops: dict[Fields, tuple] = {}
            if start[STATUS] == ACTIVE:
                layer = parents[0]
            else:  # destroyed during the asteroid phase: nothing left to fly
                layer = {}
                stops[start] = (0, None, None, asked)
            for column in columns:
                layer = _column(flight, layer, column, stops)
                parents.append(layer)
            last = columns[-1]
            for node in [*stops, *layer]:
                powers = int(node[DESTROY_USED] and not original.destroy_used) + int(
                    node[POWER_USED] and not original.power_used
                )
                ending = (
                    node[CELL],
                    node[FACING],
                    node[DAMAGE],
                    node[TOKENS],
                    node[STATUS] == LANDED,
                    node[FINISH],
                    powers,
                )
                # The objective's rank of the final state (its score's, without building it).
                key = (objective.key(*ending), tiebreak(Node._make(node)) if tiebreak is not None else 0)
                destroyed = bool(node[DESTROY_USED] and not original.destroy_used)
                choice.offer(
                    key,
                    destroyed,
                    (flight, board, events, start, parents, stops, node, last, objective, ending),
                )
    flight, board, events, start, parents, stops, node, last, objective, ending = choice.best()
    score = objective.score(*ending)
    if style == CAREFUL:
        score.update(style=CAREFUL, damage_before=original.damage)
    return _found(flight, board, events, start, parents, stops, node, last, score)


class Choice:
    """The best final craft state of a search, in a coaching style.

    *bold* (the objective's own order): the smallest key wins. *careful*
    reorders a key to put a round without damage first (:func:`careful_key`), and sets the
    once-a-game destroy apart: a state reached by spending it counts only
    when it holds more of the goal (tokens) than every state reached
    without it, so a beginner is never shown the destroy spent for what a
    plain program also gets. The states are offered one by one, so it
    keeps per goal the best one that spent the destroy, and decides at the
    end, when the best goal without it is known.
    """

    def __init__(self, style: str, damage_before: int) -> None:
        if style not in STYLES:
            raise RuleError(
                _(
                    "unknown coaching style {style!r} (one of: {styles})",
                    style=style,
                    styles=", ".join(STYLES),
                )
            )
        self.careful = style == CAREFUL
        self.damage_before = damage_before
        self.plain: tuple | None = None  # (key, payload) of the best state without the destroy
        self.plain_goal: int | None = None  # the most goal any state without the destroy holds
        self.spent: dict[int, tuple] = {}  # goal -> (key, payload) of the best state that spent it

    def offer(self, key: tuple, destroyed: bool, payload: tuple) -> None:
        """One final state: its objective key (and tiebreak), whether it spent the destroy, its data."""
        if not self.careful:
            if self.plain is None or key < self.plain[0]:
                self.plain = (key, payload)
            return
        rank, tie = key
        goal = -rank[1]
        ordered = (careful_key(rank, self.damage_before), tie)
        if destroyed:
            held = self.spent.get(goal)
            if held is None or ordered < held[0]:
                self.spent[goal] = (ordered, payload)
            return
        if self.plain_goal is None or goal > self.plain_goal:
            self.plain_goal = goal
        if self.plain is None or ordered < self.plain[0]:
            self.plain = (ordered, payload)

    def best(self) -> tuple:
        """The chosen state's data."""
        candidates = [] if self.plain is None else [self.plain]
        floor = -1 if self.plain_goal is None else self.plain_goal
        candidates += [held for goal, held in sorted(self.spent.items()) if goal > floor]
        assert candidates, "a search always ends in at least one craft state"
        return min(candidates, key=lambda held: held[0])[1]


def _column(
    flight: Flight, layer: dict[Fields, tuple], column: int, stops: dict[Fields, tuple]
) -> dict[Fields, tuple]:
    """Every distinct craft state after ``column``, each with its first way there.

    States whose program stopped (collision, destruction, landing) go to ``stops``.
    """
    nxt: dict[Fields, tuple] = {}
    tokens_here = flight.tokens_for[column]
    one_shot = flight.one_shot
    play = flight.play
    for node in layer:
        for token in tokens_here:
            if token == EMPTY:
                if node not in nxt:
                    nxt[node] = (node, token, ())
                continue
            if (token in PILOT_TOKENS and node[POWER_USED]) or (token == SHOOT and one_shot and node[SHOT]):
                continue
            for new, decided in play(node, column, token):
                if new[STATUS] == ACTIVE:
                    if new not in nxt:
                        nxt[new] = (node, token, decided)
                elif new not in stops:
                    stops[new] = (column, node, token, decided)
    return nxt


def _found(flight, board, events, start, parents, stops, node, last, score) -> Found:
    """Walk back from the best final state to its program, then replay it for the facts of each column."""
    chosen: dict[int, str] = {}
    decisions: list[str] = []
    if node in stops:
        column, prev, token, decided = stops[node]
        if column == 0:
            decisions.extend(decided)
        else:
            chosen[column] = token
            decisions.extend(decided)
            node, column = prev, column - 1
    else:
        column = last
    while column >= 1:
        prev, token, decided = parents[column][node]
        chosen[column] = token
        decisions.extend(decided)
        node, column = prev, column - 1
    if column == 0 and node in parents[0] and node is not None:
        decisions.extend(parents[0][node][2])
    red = SHIELD if flight.shielded else chosen.get(RED_COLUMN, "F")
    program = Program(tuple(chosen.get(c, EMPTY) for c in range(1, RED_COLUMN)), red)
    answers = frozenset(decisions)
    replay = []
    state = start
    for column, token in enumerate(program.tokens, 1):
        facts: list = []
        if column == RED_COLUMN and token == SHIELD:
            replay.append((token, state, ()))
            continue
        outcomes = flight.play(state, column, token, facts, answers)
        assert len(outcomes) == 1, "the answers pick one outcome"
        state = outcomes[0][0]
        replay.append((token, state, tuple(facts)))
    columns = tuple((token, Node._make(after), facts) for token, after, facts in replay)  # named, handed out
    return Found(program, score, tuple(sorted(answers)), Node._make(start), columns, board, tuple(events))


__all__ = ["Flight", "Found", "Node", "asteroid_outcomes", "search"]
