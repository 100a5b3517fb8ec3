"""How a sandbox game ended, in words a new player reads: who won, in which round, on which action.

The engine's sentence (:attr:`Outcome.reason <asteroyds.outcome.Outcome>`) names the chart's
columns the way the rulebook does ("in the red column"); a player at the end of a game reads
"on the last of the round's 7 actions" more easily (issue 35's jargon list). The winners and
tie-break keys are the engine's (:class:`~asteroyds.outcome.Finisher`); only the words are the
sandbox's. An ending with no finisher (every craft destroyed, capture's score) keeps the
engine's sentence.

>>> from asteroyds.outcome import Finisher, Outcome
>>> from asteroyds.modes import TurnWord
>>> outcome_words(Outcome(("blue",), "", (Finisher("blue", 7, 0),)), 5, TurnWord.ROUND)
'Blue wins in round 5, finishing on the last of the round’s 7 actions'
"""

from __future__ import annotations

from ...event_text import and_list, player_text
from ...i18n import _, pgettext
from ...modes import TurnWord
from ...outcome import Outcome


def when_words(column: int) -> str:
    """When a craft finished: on which of the round's 7 actions (the chart's columns), or before any."""
    if column == 0:
        return _("while the asteroids moved, before any craft flew")
    if column == 7:
        return _("on the last of the round’s 7 actions")
    return _("on action {column} of the round’s 7", column=column)


def _names(players: tuple[str, ...], *, first: bool = True) -> str:
    """The players' names (capitalised ``first`` in the sentence)."""
    text = and_list([player_text(p) for p in players])
    return text[:1].upper() + text[1:] if first else text


def outcome_words(outcome: Outcome, round_number: int, word: TurnWord = TurnWord.ROUND) -> str:
    """The end of a game in one sentence (no final full stop: the page adds the hints after it)."""
    when_round = f"{pgettext('log', str(word))} {round_number}"
    finishers = outcome.finishers
    if not finishers or not outcome.winners:
        return outcome.reason.rstrip(".")
    winners = tuple(f for f in finishers if f.player in outcome.winners)
    win = winners[0]
    if len(winners) > 1:
        return _(
            "{players} share the victory in {round}: they finished {when} with the same damage ({damage})",
            players=_names(tuple(f.player for f in winners)),
            round=when_round,
            when=when_words(win.column),
            damage=win.damage,
        )
    others = [f for f in finishers if f is not win]
    same = [f for f in others if f.column == win.column]
    if same:
        return _(
            "{player} wins in {round}: finished {when} like {others}, with less damage ({damage} against "
            "{other_damage})",
            player=_names((win.player,)),
            round=when_round,
            when=when_words(win.column),
            others=_names(tuple(f.player for f in same), first=False),
            damage=win.damage,
            other_damage=min(f.damage for f in same),
        )
    if others:
        return _(
            "{player} wins in {round}: finished {when}, before {others}",
            player=_names((win.player,)),
            round=when_round,
            when=when_words(win.column),
            others=_names(tuple(f.player for f in others), first=False),
        )
    return _(
        "{player} wins in {round}, finishing {when}",
        player=_names((win.player,)),
        round=when_round,
        when=when_words(win.column),
    )


__all__ = ["outcome_words", "when_words"]
