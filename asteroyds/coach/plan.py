"""The coach's answer: the best program for the rolled dice, its score, and why, column by column.

:func:`best_plan` and :func:`score_program` ask the coach's planner for the
chart the mode plans on (:mod:`asteroyds.coach.planners`); this module is
also the one-round modes' planner, whose best plan runs the exact search (:mod:`asteroyds.coach.search`);
:func:`score_program` scores any program by flying it with the engine
itself (:func:`~asteroyds.asteroids.resolve_asteroids`, then
:func:`~asteroyds.flight.fly`), answering the mid-flight questions every way
and keeping the best, so that "your plan" and "the best plan" are compared
on the same scale, and so that the tests can check the search against the
engine.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..asteroids import resolve_asteroids
from ..damage import DESTROY_ASTEROID, Decision
from ..dice import Dice
from ..errors import RuleError, ScenarioError
from ..event_text import cell_text, piece_text, player_text, target_text
from ..events import CraftLanded, Event, TokenTaken
from ..flight import fly
from ..hexgrid import Cell, direction_name
from ..i18n import _
from ..modes import mode_of, mode_text
from ..modes.objectives import Scorer
from ..pieces import DIE_COLOURS
from ..program import RED_COLUMN, SHIELD, Program, as_program, validate_program
from ..rules import RuleSettings
from ..state import State
from .danger import danger_map
from .objective import BOLD, CAREFUL, Objective, objective_named, rank
from .planners import CoachPlanner, planner_for, register
from .search import ACTIVE, LANDED, Choice, Found, Tiebreak, search


@dataclass(frozen=True)
class Plan:
    """The best program for one player and one roll, with its score and its reasons.

    In capture, ``program`` is a :class:`CaptureProgram`, ``path`` has the
    craft's cell after each of the 6 rounds and ``explanation`` one sentence
    per round and one for the anticipation.

    ``path`` is the craft's cell after each of the 7 columns (a destroyed
    craft keeps its last cell); ``decisions`` are the keys of the mid-flight
    questions the plan answers yes (destroy that asteroid, use Lawrence's
    emergency shield): flying ``program`` with those answers gives ``score``.
    """

    program: Any  # the mode's chart (a Program, a CaptureProgram...)
    score: dict[str, object]
    explanation: list[str]
    path: list[Cell]
    decisions: tuple[str, ...] = ()
    start: Cell | None = None

    def to_json(self) -> dict[str, object]:
        """The command line's JSON: program, score, explanation (and path, decisions)."""
        return {
            "program": str(self.program),
            "score": dict(self.score),
            "explanation": list(self.explanation),
            "path": [list(cell) for cell in self.path],
            "start": None if self.start is None else list(self.start),
            "decisions": list(self.decisions),
        }

    def decide(self, decision: Decision) -> bool:
        """A ``decide`` callback that realises the plan (yes exactly to its decisions)."""
        return decision.key in self.decisions


def _checked(state: State, player: str, rules: RuleSettings | None) -> State:
    if rules is not None:
        state = state.replace(rules=rules)
    if mode_of(state).turn.rounds != 1:
        raise RuleError(
            _(
                "the coach plans the one-round modes (racing, shooting, targets, drones), not {mode}",
                mode=mode_text(state.mode),
            )
        )
    if player not in state.player_order:
        raise ScenarioError(
            _(
                "no player {player!r} in this game ({players})",
                player=player,
                players=", ".join(state.player_order),
            )
        )
    if state.craft(player).cell is None:
        raise RuleError(
            _("the {player} craft is destroyed: there is nothing to plan", player=player_text(player))
        )
    # The round starts as a played round does (asteroyds.round): drones mode launches the missing drones.
    return mode_of(state).start_round(state)[0]


def _with_rules(state: State, rules: RuleSettings | None) -> State:
    return state if rules is None else state.replace(rules=rules)


def best_plan(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    tiebreak: Tiebreak | None = None,
    order: Sequence[str] = DIE_COLOURS,
    others: Mapping[str, Any] | None = None,
    style: str = BOLD,
) -> Plan:
    """The best program for ``player`` after the asteroid phase of ``dice`` (exact, see the objectives).

    ``style``: ``"bold"`` (the objective's order) or ``"careful"`` (the least damage first, the
    once-a-game destroy only for more tokens than any plan without it; :class:`~.search.Choice`).
    ``destroy=False`` forbids planning to destroy an asteroid. ``tiebreak``
    (a function of the final craft state, smaller first) orders programs
    the objective ties. ``order`` is the colour order of the asteroid phase
    (the random dice order variant draws it with the roll).

    In Capture the Asteroyd the plan is a :class:`CaptureProgram` for the
    six rounds (:mod:`asteroyds.coach.capture`); ``others`` gives the
    programs the other crafts are assumed to fly (empty charts otherwise),
    and ``destroy``, ``tiebreak`` and ``order`` do not apply.
    """
    return planner_for(_with_rules(state, rules)).best_plan(  # type: ignore[no-any-return]
        state,
        dice,
        player,
        destroy=destroy,
        rules=rules,
        tiebreak=tiebreak,
        order=order,
        others=others,
        style=style,
    )


def _best_plan(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    tiebreak: Tiebreak | None = None,
    order: Sequence[str] = DIE_COLOURS,
    others: Mapping[str, Any] | None = None,
    style: str = BOLD,
) -> Plan:
    """The one-round modes' best plan (``others`` do not apply: every other craft is where it is)."""
    state = _checked(state, player, rules)
    found = search(state, Dice.of(dice), player, destroy=destroy, tiebreak=tiebreak, order=order, style=style)
    return Plan(
        found.program,
        found.score,
        explain(found, player),
        _path(found),
        found.decisions,
        found.start[0],
    )


def score_program(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: Program | str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    order: Sequence[str] = DIE_COLOURS,
    others: Mapping[str, Any] | None = None,
    style: str = BOLD,
) -> dict[str, object]:
    """The coach's score of any program, flown by the engine (the best answers to its questions,
    chosen in ``style`` as :func:`best_plan` chooses).

    In capture, the turn is played by the engine with ``others`` as in :func:`best_plan`.
    """
    return planner_for(_with_rules(state, rules)).score_program(
        state, dice, player, program, destroy=destroy, rules=rules, order=order, others=others, style=style
    )


def _score_program(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: Program | str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    order: Sequence[str] = DIE_COLOURS,
    others: Mapping[str, Any] | None = None,
    style: str = BOLD,
) -> dict[str, object]:
    return evaluate(state, dice, player, program, destroy=destroy, rules=rules, order=order, style=style)[0]


def evaluate(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: Program | str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    order: Sequence[str] = DIE_COLOURS,
    style: str = BOLD,
) -> tuple[dict[str, object], tuple[str, ...], State, list[Event]]:
    """Fly ``program`` with the engine under every answer to its questions.

    Returns the best (score, answers said yes, final state, flight events), best as ``style``
    ranks them (careful: the destroy said yes to only for more tokens than without it).

    The answers are explored as a tree: run with "no" to every new question,
    then for each question asked, run again with "yes" there.
    """
    state = _checked(state, player, rules)
    dice = Dice.of(dice)
    original = state.craft(player)
    program = validate_program(as_program(program, player), original, state.mode, rules=state.rules)
    shields = dict.fromkeys(state.player_order, True)
    shields[player] = program.shielded
    choice = Choice(style, original.damage)
    pending: list[tuple[bool, ...]] = [()]
    while pending:
        prefix = pending.pop(0)
        asked: list[str] = []
        yes: list[str] = []

        def decide(
            decision: Decision,
            prefix: tuple[bool, ...] = prefix,
            asked: list[str] = asked,
            yes: list[str] = yes,
        ) -> bool:
            if decision.player != player or (decision.kind == DESTROY_ASTEROID and not destroy):
                return False
            index = len(asked)
            asked.append(decision.key)
            answer = prefix[index] if index < len(prefix) else False
            if answer:
                yes.append(decision.key)
            return answer

        board, _events = resolve_asteroids(state, dice, shields=shields, order=order, decide=decide)
        final: State = board
        events: list[Event] = []
        if board.craft(player).cell is not None:
            final, events = fly(board, {player: program}, decide=decide)
        for index in range(len(prefix), len(asked)):
            pending.append((*prefix, *([False] * (index - len(prefix))), True))
        score = final_score(Objective(board, player), original, final.craft(player), events, board)
        destroyed = final.craft(player).destroy_used and not original.destroy_used
        choice.offer((rank(score), 0), destroyed, (score, tuple(sorted(yes)), final, events))
    score, yes_to, final, events = choice.best()
    if style == CAREFUL:
        score = {**score, "style": CAREFUL, "damage_before": original.damage}
    return score, yes_to, final, events


def final_score(
    objective: Scorer, original, craft, events: Sequence[Event], board: State
) -> dict[str, object]:
    """The score of a craft after the engine flew it (``events``: the flight's)."""
    landed = any(isinstance(e, CraftLanded) and e.player == craft.player for e in events)
    finish = None
    needed = {p.symbol for p in board.pieces if p.kind == "gate" and p.symbol}
    if craft.cell is not None and needed and needed <= set(craft.tokens):
        if board.rules.return_to_platform:
            finish = next((e.column for e in events if isinstance(e, CraftLanded)), None)
        else:
            taken = [e.column for e in events if isinstance(e, TokenTaken) and e.player == craft.player]
            finish = taken[-1] if taken else 0
    powers = int(craft.destroy_used and not original.destroy_used) + int(
        craft.power_used and not original.power_used
    )
    return objective.score(craft.cell, craft.facing, craft.damage, craft.tokens, landed, finish, powers)


# --- why: one sentence per column --------------------------------------------------------


def _path(found: Found) -> list[Cell]:
    path = []
    cell = found.start[0]
    assert cell is not None  # the best plan keeps the craft on the board: its shield takes the hits
    for _token, node, _facts in found.columns:
        if node.cell is not None:
            cell = node.cell
        path.append(cell)
    return path


def explain(found: Found, player: str) -> list[str]:
    """One sentence per column (the red one last), from the facts of replaying the plan."""
    sentences = []
    stopped: str | None = None
    if found.start[0] is None:
        stopped = _("nothing (the craft is destroyed during the asteroid phase)")
    for column, (token, node, facts) in enumerate(found.columns, 1):
        where = _("red column") if column == RED_COLUMN else _("column {column}", column=column)
        if column == RED_COLUMN and token == SHIELD:
            phrases = [_("shield up for the whole round (each damage event costs 1 point less)")]
        elif stopped is not None:
            phrases = [stopped]
        elif not facts:
            phrases = [_("empty")]
        else:
            phrases = [_phrase(fact) for fact in facts]
        sentences.append(_("{where}: {actions}", where=where, actions="; ".join(p for p in phrases if p)))
        if stopped is None and node.status != ACTIVE:
            if node.cell is None:
                stopped = _("nothing (the craft is destroyed)")
            elif node.status == LANDED:
                stopped = _("nothing (the craft has landed)")
            else:
                stopped = _("nothing (the program was cancelled)")
    return sentences


def _phrase(fact: tuple) -> str:
    what = fact[0]
    if what == "move":
        _w, cell, backwards = fact
        if backwards:
            return _("backwards to {cell}", cell=cell_text(cell))
        return _("forward to {cell}", cell=cell_text(cell))
    if what == "turn":
        return _("turns to face {direction}", direction=direction_name(fact[1]))
    if what == "token":
        return _("takes the token {symbol} of {gate}", symbol=fact[1], gate=piece_text(fact[2]))
    if what == "power":
        return _("pilot power: {power}", power=_(fact[1]))
    if what == "land":
        return _("lands on {platform}: the race is finished", platform=piece_text(fact[2]))
    if what == "eliminate":
        return _("eliminates target {target}", target=target_text(fact[1]))
    if what in ("destroy", "collide"):
        _w, piece, target, amount, total, lawrence = fact
        name = piece_text(piece) if piece is not None else _("the border")
        if what == "destroy":
            text = _(
                "destroys {asteroid} at {cell} (the once-a-game destroy): {amount} damage, now {total}",
                asteroid=name,
                cell=cell_text(target),
                amount=amount,
                total=total,
            )
        else:
            text = _(
                "hits {obstacle}: {amount} damage, now {total}, and the rest of the program is cancelled",
                obstacle=name,
                amount=amount,
                total=total,
            )
        if lawrence:
            text = _("{text} (Lawrence's emergency shield saves 1 point)", text=text)
        if total >= 6:
            text = _("{text}: the craft is destroyed", text=text)
        return text
    if what == "shot":
        _w, piece, token = fact
        if piece is None:
            return _("shoots: the laser hits nothing")
        if token is None:
            piece_name = piece_text(piece)
            return _("shoots {piece} at {cell}", piece=piece_name, cell=cell_text(piece.cell))
        return _(
            "shoots {piece} at {cell} and takes the token {token}",
            piece=piece_text(piece),
            cell=cell_text(piece.cell),
            token=target_text(token),  # a target by its board tag (R2), as everywhere else
        )
    return ""


def score_text(score: Mapping[str, object]) -> str:
    """A score in one sentence (the command line prints it): its objective says it."""
    return str(objective_named(str(score["objective"])).text(score))


# --- the coach bot ------------------------------------------------------------------------


def coach_plan(
    state: State, player: str, dice: Dice | Sequence[int], order: Sequence[str] = DIE_COLOURS
) -> Plan:
    """The coach bot's :class:`Plan`: the exact best plan, ties broken by the danger map.

    The danger map is that of the board after this roll's asteroid phase
    (every craft where it is): among equally good programs the bot ends in
    the cell that the fewest of next round's 216 rolls fill with an element.
    """
    after, _ = resolve_asteroids(state, Dice.of(dice), order=order)
    danger = danger_map(after)
    return best_plan(state, dice, player, tiebreak=lambda node: danger.risk(node.cell), order=order)


def _coach_bots(
    state: State,
    dice: Dice | Sequence[int],
    players: Sequence[str],
    *,
    order: Sequence[str] = DIE_COLOURS,
    mode_rules: object = None,
) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    """The coach bot of the one-round modes: each player's :func:`coach_plan`, and its answers."""
    programs: dict[str, Any] = {}
    answers: dict[str, tuple[str, ...]] = {}
    for player in players:
        if state.craft(player).cell is None:
            programs[player] = Program.empty()
            continue
        found = coach_plan(state, player, dice, order=order)
        programs[player], answers[player] = found.program, found.decisions
    return programs, answers


register(Program, CoachPlanner(best_plan=_best_plan, score_program=_score_program, bots=_coach_bots))


__all__ = ["Plan", "best_plan", "coach_plan", "evaluate", "explain", "score_program", "score_text"]
