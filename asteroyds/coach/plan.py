"""The coach's answer: the best program for the rolled dice, its score, and why, column by column.

:func:`best_plan` runs the exact search (:mod:`asteroyds.coach.search`);
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

from ..asteroids import resolve_asteroids
from ..damage import DESTROY_ASTEROID, Decision
from ..dice import Dice
from ..errors import RuleError, ScenarioError
from ..event_text import cell_text
from ..events import CraftLanded, Event, TokenTaken
from ..flight import fly
from ..hexgrid import Cell, direction_name
from ..i18n import _, ngettext
from ..modes import mode_named, mode_of, start_round
from ..modes.capture_program import CaptureProgram
from ..pieces import DIE_COLOURS
from ..program import RED_COLUMN, SHIELD, Program, as_program, validate_program
from ..rules import RuleSettings
from ..state import State
from .capture import capture_score_text, explain_capture, replay, score_capture_program, search_capture
from .objective import GOALS, Objective, rank
from .search import Found, Tiebreak, search


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

    program: Program | CaptureProgram
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
                mode=state.mode,
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
        raise RuleError(_("the {player} craft is destroyed: there is nothing to plan", player=player))
    # The round starts as a played one does (asteroyds.round): drones mode launches the missing drones.
    return start_round(state)[0]


def _is_capture(state: State, rules: RuleSettings | None) -> bool:
    if rules is not None:
        state = state.replace(rules=rules)
    return mode_of(state).teams


def _capture_plan(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    others: Mapping[str, CaptureProgram | str] | None,
) -> Plan:
    program, _score = search_capture(state, dice, player, others=others)
    score, rounds, path, _events = replay(state, dice, player, program, others=others)
    return Plan(
        program,  # type: ignore[arg-type]
        score,
        explain_capture(program, rounds, player),
        path,
        (),
        state.craft(player).cell,
    )


def best_plan(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    tiebreak: Tiebreak | None = None,
    order: Sequence[str] = DIE_COLOURS,
    others: Mapping[str, CaptureProgram | str] | None = None,
) -> Plan:
    """The best program for ``player`` after the asteroid phase of ``dice`` (exact, see the objectives).

    ``destroy=False`` forbids planning to destroy an asteroid. ``tiebreak``
    (a function of the final craft state, smaller first) orders programs
    the objective ties. ``order`` is the colour order of the asteroid phase
    (the random dice order variant draws it with the roll).

    In Capture the Asteroyd the plan is a :class:`CaptureProgram` for the
    six rounds (:mod:`asteroyds.coach.capture`); ``others`` gives the
    programs the other crafts are assumed to fly (empty charts otherwise),
    and ``destroy``, ``tiebreak`` and ``order`` do not apply.
    """
    if _is_capture(state, rules):
        return _capture_plan(state, dice, player, others)
    state = _checked(state, player, rules)
    found = search(state, Dice.of(dice), player, destroy=destroy, tiebreak=tiebreak, order=order)
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
    others: Mapping[str, CaptureProgram | str] | None = None,
) -> dict[str, object]:
    """The coach's score of any program, flown by the engine (the best answers to its questions).

    In capture, the turn is played by the engine with ``others`` as in :func:`best_plan`.
    """
    if _is_capture(state, rules):
        return score_capture_program(state, dice, player, program, others=others)  # type: ignore[arg-type]
    return evaluate(state, dice, player, program, destroy=destroy, rules=rules, order=order)[0]


def evaluate(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: Program | str,
    *,
    destroy: bool = True,
    rules: RuleSettings | None = None,
    order: Sequence[str] = DIE_COLOURS,
) -> tuple[dict[str, object], tuple[str, ...], State, list[Event]]:
    """Fly ``program`` with the engine under every answer to its questions.

    Returns the best (score, answers said yes, final state, flight events).

    The answers are explored as a tree: run with "no" to every new question,
    then for each question asked, run again with "yes" there.
    """
    state = _checked(state, player, rules)
    dice = Dice.of(dice)
    original = state.craft(player)
    program = validate_program(as_program(program, player), original, state.mode, rules=state.rules)
    shields = dict.fromkeys(state.player_order, True)
    shields[player] = program.shielded
    best: tuple | None = None
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
        final, events = board, []
        if board.craft(player).cell is not None:
            final, events = fly(board, {player: program}, decide=decide)
        for index in range(len(prefix), len(asked)):
            pending.append((*prefix, *([False] * (index - len(prefix))), True))
        score = final_score(Objective(board, player), original, final.craft(player), events, board)
        key = rank(score)
        if best is None or key < best[0]:
            best = (key, score, tuple(sorted(yes)), final, events)
    assert best is not None
    return best[1], best[2], best[3], best[4]


def final_score(
    objective: Objective, original, craft, events: Sequence[Event], board: State
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
    for _token, node, _facts in found.columns:
        if node[0] is not None:
            cell = node[0]
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
        if stopped is None and node[8] != 0:
            if node[0] is None:
                stopped = _("nothing (the craft is destroyed)")
            elif node[8] == 2:
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
        return _("takes the token {symbol} of {gate}", symbol=fact[1], gate=fact[2].describe())
    if what == "power":
        return _("pilot power: {power}", power=fact[1])
    if what == "land":
        return _("lands on {platform}: the race is finished", platform=fact[2].describe())
    if what == "eliminate":
        return _("eliminates target {target}", target=fact[1])
    if what in ("destroy", "collide"):
        _w, piece, target, amount, total, lawrence = fact
        name = piece.describe() if piece is not None else _("the border")
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
            return _("shoots {piece} at {cell}", piece=piece.describe(), cell=cell_text(piece.cell))
        return _(
            "shoots {piece} at {cell} and takes the token {token}",
            piece=piece.describe(),
            cell=cell_text(piece.cell),
            token=token,
        )
    return ""


def score_text(score: Mapping[str, object]) -> str:
    """A score in one sentence (the command line prints it)."""
    if mode_named(str(score["objective"])).teams:
        return capture_score_text(score)
    if not score.get("on_board"):
        return _("the craft is destroyed")
    kind = str(score["objective"])
    n = int(score[GOALS[kind]])  # type: ignore[arg-type]
    fields = {"n": n, "distance": score["distance"], "damage": score["damage"]}
    if kind == "targets":
        return ngettext(
            "{n} target eliminated (net), aim distance {distance}, {damage} damage",
            "{n} targets eliminated (net), aim distance {distance}, {damage} damage",
            n,
            **fields,
        )
    if kind == "drones":
        return ngettext(
            "{n} drone symbol, aim distance {distance}, {damage} damage",
            "{n} drone symbols, aim distance {distance}, {damage} damage",
            n,
            **fields,
        )
    if kind == "shooting":
        return ngettext(
            "{n} gate token, aim distance {distance}, {damage} damage",
            "{n} gate tokens, aim distance {distance}, {damage} damage",
            n,
            **fields,
        )
    return ngettext(
        "{n} gate token, {distance} from the nearest gate still needed, {damage} damage",
        "{n} gate tokens, {distance} from the nearest gate still needed, {damage} damage",
        n,
        **fields,
    )


__all__ = ["Plan", "best_plan", "evaluate", "explain", "score_program", "score_text"]
