"""The coach in Capture the Asteroyd: one craft's best capture program, exact.

A capture turn is six rounds (lasers, then moves), so the one-round search
of :mod:`asteroyds.coach.search` does not apply. This one plays the
engine's own turn (:func:`~asteroyds.modes.capture.resolve.begin_turn`)
round by round: after each round it keeps one turn per *distinct* state of
everything that can still matter (every craft's cell, facing, whether it is
out for the turn, what it carries, the asteroyds, the disabled turrets, the
scores, the powers used, the anticipation still to place and the enemies
hit so far), and forks each of them with every legal token for the next
column and every way to place the anticipation token in that round. Two
programs reaching the same state have the same future and the same score,
so keeping the first is exact: the result is the best of the 606,528
programs (6 columns of 6 tokens, 13 anticipations) without flying them all.

**The assumption about the others** (as in the one-round modes): the other
crafts fly the programs given in ``others``; every craft not named there
flies the empty chart (``. . . . . . -``: it stays where it is, does not
shoot and places no anticipation token). The turrets fire as the dice say.
The coach bot plans a team's crafts one after the other and passes the
team-mates' programs already planned, so two team-mates do not contest the
same asteroyd.

The objective is the mode's (:mod:`asteroyds.modes.capture.objective`; compared
in this order, the first difference decides): (1) the points its team scored this turn,
(2) the craft carries an enemy asteroyd at the end, (3) the *route
distance*: the fewest columns (F, R, L, U, around pods, turrets and other
platforms, from its final space and facing) to enter the nearest loose
enemy asteroyd (when it carries none) or its own platform (when it carries
one), 99 without a route, 0 when no enemy asteroyd is loose (the capture
team bot measures routes the same way), (4) it was not sent home (hit or
bumped) this turn, (5) the most enemy crafts its laser sent home.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..dice import Dice
from ..errors import RuleError, ScenarioError
from ..event_text import player_text
from ..events import Event
from ..hexgrid import Cell
from ..i18n import _
from ..modes.capture.bot import plan_all
from ..modes.capture.events import CraftShot, LaserDodged
from ..modes.capture.objective import capture_score, capture_score_text
from ..modes.capture.program import (
    EMPTY,
    LAWRENCE,
    ROUNDS,
    SHIELD_STANCE,
    SHOOT_STANCE,
    CaptureProgram,
    as_capture_program,
    legal_column_tokens,
    validate_capture_program,
)
from ..modes.capture.resolve import begin_turn
from ..modes.capture.rules import CaptureRules
from ..pieces import DIE_COLOURS
from ..state import State
from .objective import objective_for
from .plan import Plan
from .planners import CoachPlanner, register


def check(state: State, player: str) -> None:
    """Refuse what cannot be planned, in one line."""
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
            _("the {player} craft is not on the board: there is nothing to plan", player=player_text(player))
        )


def _enemies_hit(events: Sequence[Event], player: str) -> int:
    """The crafts this craft's laser hit: all enemies, as a laser passes allies (no friendly fire)."""
    return sum(1 for e in events if isinstance(e, CraftShot) and player in e.by)


def _programs(state: State, player: str, program: CaptureProgram, others: Mapping | None) -> dict:
    programs: dict[str, CaptureProgram | str] = dict(others or {})
    programs.pop(player, None)
    programs[player] = program
    return programs


def score_capture_program(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: CaptureProgram | str,
    *,
    others: Mapping[str, CaptureProgram | str] | None = None,
    rules: CaptureRules | None = None,
) -> dict[str, object]:
    """The coach's score of any capture program, the turn played by the engine (others as assumed)."""
    return replay(state, dice, player, program, others=others, rules=rules)[0]


def replay(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: CaptureProgram | str,
    *,
    others: Mapping[str, CaptureProgram | str] | None = None,
    rules: CaptureRules | None = None,
) -> tuple[dict[str, object], list[list[Event]], list[Cell], list[Event]]:
    """Play the turn: (score, the events of each round, the craft's cell after each round, all events)."""
    check(state, player)
    program = validate_capture_program(as_capture_program(program, player), state.craft(player))
    turn = begin_turn(state, dice, _programs(state, player, program, others), rules)
    events = list(turn.events)
    rounds: list[list[Event]] = []
    path: list[Cell] = []
    over = False
    for k in range(1, ROUNDS + 1):
        start = len(turn.events)
        if not over:
            over = turn.play_round(k)
        rounds.append(list(turn.events[start:]))
        path.append(turn.cell[player])
    events = list(turn.events)
    start_points = dict(state.scores).get(turn.team[player], 0)
    score = capture_score(turn, player, start_points, _enemies_hit(events, player))
    return score, rounds, path, events


def _matters(events: Sequence[Event], player: str, stance: str | None) -> bool:
    """Could this anticipation change the round whose events (without it) are ``events``?

    A Shield only changes a laser that hit the craft; a Shoot only a laser of
    the craft that an enemy's Shield dodged. Otherwise the round is the same
    and the token is merely spent, so the search need not try it.
    """
    if stance == SHIELD_STANCE:
        return any(isinstance(e, CraftShot) and e.player == player for e in events)
    return any(isinstance(e, LaserDodged) and e.shooter == player for e in events)


def _key(turn, budget: int, hits: int, over: bool) -> tuple:
    pieces = turn.pieces
    return (
        tuple(sorted(turn.cell.items())),
        tuple(sorted(turn.facing.items())),
        tuple(sorted(turn.out)),
        tuple(sorted(turn.carrying.items())),
        tuple((a, pieces[a].cell, pieces[a].carrier) for a in turn.asteroyds),
        tuple(sorted(turn.disabled)),
        tuple(turn.removed),
        tuple(sorted(turn.points.items())),
        tuple(sorted(p for p, used in turn.power_used.items() if used)),
        budget,
        hits,
        over,
    )


def search_capture(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    *,
    others: Mapping[str, CaptureProgram | str] | None = None,
    rules: CaptureRules | None = None,
) -> tuple[CaptureProgram, dict[str, object]]:
    """The best capture program for ``player`` and its score (exact, see the module docstring)."""
    check(state, player)
    rank = objective_for(state.mode).rank  # the mode's objective (capture's)
    craft = state.craft(player)
    lawrence = craft.pilot == LAWRENCE
    stances = (SHIELD_STANCE,) if lawrence else (SHIELD_STANCE, SHOOT_STANCE)
    empty = CaptureProgram.empty()
    root = begin_turn(state, dice, _programs(state, player, empty, others), rules)
    team = root.team
    base = dict(root.programs)
    start_points = dict(state.scores).get(team[player], 0)
    # A node: (turn, columns so far, stance, rounds, anticipation tokens left, enemies hit, turn over)
    nodes = [(root, (), None, (), 2 if lawrence else 1, 0, False)]
    for k in range(1, ROUNDS + 1):
        seen: dict[tuple, tuple] = {}
        rest = (EMPTY,) * (ROUNDS - k)
        for turn, columns, stance, rounds, budget, hits, over in nodes:
            if over or player in turn.out:
                tokens: tuple[str, ...] = (EMPTY,)
                marks: list[tuple] = [(stance, rounds, budget)]
            else:
                partial = CaptureProgram(columns + (EMPTY,) * (ROUNDS - k + 1), stance, rounds)
                now = replace(craft, power_used=turn.power_used[player])
                tokens = legal_column_tokens(now, k, partial)
                marks = [(stance, rounds, budget)]
                if budget:
                    marks += [(s, (*rounds, k), budget - 1) for s in stances if stance in (None, s)]
            for token in tokens:
                plain = None
                for mark_stance, mark_rounds, left in marks:
                    if plain is not None and not _matters(plain.events, player, mark_stance):
                        continue  # exact: this anticipation would change nothing in this round
                    program = CaptureProgram((*columns, token, *rest), mark_stance, mark_rounds)
                    fork = turn.fork({**base, player: program})
                    done = over or fork.play_round(k)
                    plain = plain or fork
                    total = hits + _enemies_hit(fork.events, player)
                    key = _key(fork, left, total, done)
                    if key not in seen:
                        seen[key] = (fork, (*columns, token), mark_stance, mark_rounds, left, total, done)
        nodes = list(seen.values())
    best: tuple | None = None
    for turn, columns, stance, rounds, _left, hits, _over in nodes:
        score = capture_score(turn, player, start_points, hits)
        order = rank(score)
        if best is None or order < best[0]:
            best = (order, CaptureProgram(columns, stance, rounds), score)
    assert best is not None
    return best[1], best[2]


def plan_team(
    state: State,
    dice: Dice | Sequence[int],
    team: str,
    others: Mapping[str, CaptureProgram | str] | None = None,
    *,
    rules: CaptureRules | None = None,
    players: Sequence[str] | None = None,
    predict: bool = False,
) -> dict[str, CaptureProgram]:
    """The coach bot's programs for every craft of ``team`` still on the board, in player order.

    Each craft gets its exact best program assuming the programs of the
    team-mates planned before it (so two of them do not contest the same
    asteroyd) plus ``others``; every other craft is assumed to fly the empty
    chart. ``players`` limits the planning to those crafts of the team.

    ``predict=True`` (the coach bot) models the enemies instead: they are
    assumed to fly what the capture team bot (:func:`plan_all`) would plan
    for them, with the coach's own seeded draw (so never their real programs).
    """
    if predict:
        draw = random.Random(f"asteroyds:coach-prediction:{state.round}:{team}")
        guessed = plan_all(state, dice, draw)
        enemies = {p: q for p, q in guessed.items() if state.craft(p).team != team}
        others = {**enemies, **dict(others or {})}
    planned: dict[str, CaptureProgram] = {}
    for craft in state.crafts_in_order():
        if craft.team != team or craft.cell is None or (players is not None and craft.player not in players):
            continue
        assumed = {**dict(others or {}), **planned}
        planned[craft.player] = search_capture(state, dice, craft.player, others=assumed, rules=rules)[0]
    return planned


# --- why ------------------------------------------------------------------------------


def _concerns(event: Event, player: str) -> bool:
    return (
        getattr(event, "player", None) == player
        or getattr(event, "shooter", None) == player
        or player in (getattr(event, "by", None) or ())
        or player in (getattr(event, "hits", None) or ())
    )


def explain_capture(program: CaptureProgram, rounds: Sequence[Sequence[Event]], player: str) -> list[str]:
    """One sentence per round (what the turn's events say about this craft), then the anticipation."""
    sentences = []
    for k, events in enumerate(rounds, 1):
        texts = [e.text() for e in events if _concerns(e, player)]
        what = "; ".join(texts) if texts else _("nothing happens to this craft")
        sentences.append(_("round {k}: {what}", k=k, what=what))
    if program.stance is None:
        sentences.append(_("anticipation: none (no token placed changes this turn)"))
    else:
        stance = _("Shield") if program.stance == SHIELD_STANCE else _("Shoot")
        marked = ", ".join(str(r) for r in program.rounds)
        sentences.append(_("anticipation: {stance} in round {rounds}", stance=stance, rounds=marked))
    return sentences


# --- the capture planner of the coach ----------------------------------------------------


def _best_plan(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    *,
    others: Mapping[str, CaptureProgram | str] | None = None,
    **unused: Any,
) -> Plan:
    """Capture's best plan (``destroy``, ``tiebreak`` and ``order`` do not apply to a capture turn)."""
    program, _score = search_capture(state, dice, player, others=others)
    score, rounds, path, _events = replay(state, dice, player, program, others=others)
    return Plan(program, score, explain_capture(program, rounds, player), path, (), state.craft(player).cell)


def _score_program(
    state: State,
    dice: Dice | Sequence[int],
    player: str,
    program: CaptureProgram | str,
    *,
    others: Mapping[str, CaptureProgram | str] | None = None,
    **unused: Any,
) -> dict[str, object]:
    return score_capture_program(state, dice, player, program, others=others)


def _coach_bots(
    state: State,
    dice: Dice | Sequence[int],
    players: Sequence[str],
    *,
    order: Sequence[str] = DIE_COLOURS,
    mode_rules: CaptureRules | None = None,
) -> tuple[dict[str, Any], dict[str, tuple[str, ...]]]:
    """The coach bot in capture: each team's coached crafts planned together (:func:`plan_team`,
    the enemies predicted), with the game's capture rules; no mid-flight questions to answer."""
    programs: dict[str, Any] = {}
    for team in sorted({state.craft(p).team or "" for p in players}):
        programs.update(plan_team(state, dice, team, players=players, predict=True, rules=mode_rules))
    return {p: programs.get(p, CaptureProgram.empty()) for p in players}, {}


register(CaptureProgram, CoachPlanner(best_plan=_best_plan, score_program=_score_program, bots=_coach_bots))


__all__ = [
    "capture_score",
    "capture_score_text",
    "explain_capture",
    "plan_team",
    "replay",
    "score_capture_program",
    "search_capture",
]
