"""The standard turn: one round of asteroids then flight (racing, shooting, targets, drones).

Also the sentence helpers the standard modes' objectives share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..asteroids import resolve_asteroids
from ..damage import Decide, never
from ..dice import Dice
from ..event_text import and_list as words_and
from ..event_text import player_text
from ..i18n import N_, _
from ..phases import Phase
from ..pieces import Craft
from ..program import Program, as_program, shields_of, validate_program
from ..round import play_one_round, programs_for
from ..state import State
from .base import Resolution, Turn


def _validate(state: State, craft: Craft, program: Program | str) -> Program:
    """One status chart, checked by the rules of the state's mode.

    The rules: docs/rules.md#5-flying-and-the-status-chart.
    """
    return validate_program(as_program(program, player=craft.player), craft, state.mode, rules=state.rules)


def _resolve(
    state: State,
    dice: Dice,
    programs: Mapping[str, Any],
    *,
    order: Sequence[str],
    decide: Decide = never,
    mode_rules: object = None,
) -> Resolution:
    """After planning: the asteroid phase (flight is the game's next phase)."""
    checked = programs_for(state, programs)
    after, events = resolve_asteroids(state, dice, shields=shields_of(checked), order=order, decide=decide)
    return Resolution(checked, after, events, Phase.ASTEROIDS, Phase.FLY)


def _preview(state: State, dice: Dice) -> Resolution:
    """The asteroid phase with nothing planned: every shield up (the editor's preview)."""
    after, events = resolve_asteroids(state, dice)
    return Resolution({}, after, events, Phase.ASTEROIDS, Phase.FLY)


STANDARD_TURN = Turn(
    rounds=1,
    validate=_validate,
    programs_for=programs_for,
    resolve=_resolve,
    play=play_one_round,
    preview=_preview,
)


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in the reader's language)."""
    return words_and(items)


#: "Most gate tokens: …" for each noun :func:`leaders` is called with (whole sentences, for French).
MOST = {
    "gate token": N_("Most gate tokens: {players} ({best} of {total})."),
    "drone symbol": N_("Most drone symbols: {players} ({best} of {total})."),
}


def leaders(state: State, symbols: Sequence[str], noun: str, nobody: str) -> str:
    """Who holds the most of ``symbols``, in a sentence (``noun``: a key of :data:`MOST`)."""
    best = max((len(set(c.tokens) & set(symbols)) for c in state.crafts), default=0)
    if best == 0:
        return _(nobody)
    leading = [c.player for c in state.crafts_in_order() if len(set(c.tokens) & set(symbols)) == best]
    players = and_list([player_text(p) for p in leading])
    return _(MOST[noun], players=players, best=best, total=len(symbols))


__all__ = ["STANDARD_TURN", "and_list", "leaders"]
