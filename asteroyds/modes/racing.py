"""Racing (and shooting) victory, and the two modes' :class:`~asteroyds.modes.base.Mode` objects.

The rules: docs/rules.md#8-victory.

The game ends at the end of a round in which a player holds all 4 gate
tokens. Several finishers: the one who took their last token in the earliest
column wins (0 = a gate moved onto the craft during the asteroid phase); then
the least damage; a remaining tie is a shared victory. With the "return to a
platform" variant the landing column counts instead. If every craft is
destroyed the game ends with no winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import setups
from ..event_text import and_list as words_and
from ..event_text import player_text
from ..events import CraftLanded, Event, TokenTaken, when_text
from ..i18n import N_, _
from ..outcome import Finisher, Outcome
from ..pieces import GATE
from ..state import State
from .base import Mode
from .standard import STANDARD_TURN, and_list, leaders


def gate_symbols(state: State) -> tuple[str, ...]:
    """The symbols a racer must collect: one per gate of the setup (normally A–D)."""
    return tuple(sorted({p.symbol for p in state.pieces if p.kind == GATE and p.symbol}))


def finish_column(state: State, player: str, round_events: Sequence[Event]) -> int | None:
    """The column in which this player completed the race this round, or None."""
    craft = state.craft(player)
    if craft.cell is None:
        return None
    needed = set(gate_symbols(state))
    if not needed or not needed <= set(craft.tokens):
        return None
    if state.rules.return_to_platform:
        landed = [e.column for e in round_events if isinstance(e, CraftLanded) and e.player == player]
        return landed[-1] if landed else None
    taken = [e.column for e in round_events if isinstance(e, TokenTaken) and e.player == player]
    # Tokens only grow, so the last token taken this round completed the set; a
    # set completed in an earlier round cannot happen (the game would have ended).
    return taken[-1] if taken else 0


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """Who won at the end of this round, if anyone."""
    finishers = []
    for craft in state.crafts_in_order():
        column = finish_column(state, craft.player, round_events)
        if column is not None:
            finishers.append(Finisher(craft.player, column, craft.damage))
    if finishers:
        best = min((f.column, f.damage) for f in finishers)
        winners = tuple(f.player for f in finishers if (f.column, f.damage) == best)
        return Outcome(winners=winners, reason=_reason(finishers, winners), finishers=tuple(finishers))
    if state.crafts and all(c.cell is None for c in state.crafts):
        return Outcome(winners=(), reason=_("Every craft is destroyed: nobody wins."))
    return None


def _reason(finishers: list[Finisher], winners: tuple[str, ...]) -> str:
    # Said in the language of the moment the game ends (the GameOver event keeps this text).
    if len(finishers) == 1:
        f = finishers[0]
        return _(
            "{player} holds all the gate tokens ({when}) and wins.",
            player=player_text(f.player),
            when=when_text(f.column),
        )
    if len(winners) > 1:
        return _(
            "{players} finished in the same column with the same damage: a shared victory.",
            players=words_and([player_text(w) for w in winners]),
        )
    win = next(f for f in finishers if f.player == winners[0])
    same_column = [f for f in finishers if f.column == win.column]
    if len(same_column) > 1:
        return _(
            "{player} wins: finished {when} like {others}, with less damage ({damage}).",
            player=player_text(win.player),
            when=when_text(win.column),
            others=", ".join(player_text(f.player) for f in same_column if f is not win),
            damage=win.damage,
        )
    return _(
        "{player} wins: took the last token earliest ({when}).",
        player=player_text(win.player),
        when=when_text(win.column),
    )


def counted(state: State) -> tuple[tuple[str, ...], int]:
    """The gate symbols count, and all of them win."""
    symbols = gate_symbols(state)
    return symbols, len(symbols)


def _objective(goal: str):
    def objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
        """The gates to take, and who leads (``goal``: a marked sentence, said in the reader's language)."""
        symbols = gate_symbols(state)
        return [
            _(goal, n=len(symbols), gates=and_list(symbols))
            + " "
            + leaders(state, symbols, "gate token", N_("Nobody holds a gate token yet."))
        ]

    return objective


race_objective = _objective(N_("Race to the {n} gates: {gates}."))  # the scoreboard's (asteroyds.ui.modes)
shoot_objective = _objective(N_("Shoot the {n} gates: {gates}."))

RACING = Mode(
    name="racing",
    title=N_("Racing"),
    turn=STANDARD_TURN,
    outcome=outcome,
    setup=setups.racing,
    crosses_gates=True,
    shooting=False,
    variants=("random_dice_order", "return_to_platform"),
)
SHOOTING = Mode(
    name="shooting",
    title=N_("Shooting"),
    turn=STANDARD_TURN,
    outcome=outcome,
    setup=setups.shooting,
    rewarded_kind=GATE,
    variants=("random_dice_order", "return_to_platform", "one_shot_per_turn"),
)
