"""A whole game replayed round by round on one board: pick a round, step or play its events.

Why: a game is its setup plus its inputs, so every round can be shown again
exactly (docs/architecture.md). A chapter printed the last round's log as text; here the
learner picks any round, the board plays it one event at a time with the
sentence under it, and a table says where each craft stands after that round:
its tokens, the column of its last token that round (the first tie-break: four
crafts may all hold every token, and the earliest column wins), its damage.
"""

from __future__ import annotations

import ipywidgets as widgets

from ...events import Event
from ...game import Game
from ...i18n import _
from ...state import State
from ..theme import sheet
from .rule_board import RuleBoard
from .tables import standings_html

CSS = sheet("game_replay")


def round_events(game: Game, number: int) -> list[Event]:
    """Every event of round ``number`` (the dice, the asteroids, the flights, the round's end)."""
    return [event for rnd, _phase, event in game.log if rnd == number]


def rounds_played(game: Game) -> int:
    """How many rounds have events (the last one may be unfinished)."""
    return max((rnd for rnd, _phase, _event in game.log), default=0)


class GameReplay(RuleBoard):
    """A game's rounds on one rule board; the slider picks the round (the last one first)."""

    def __init__(self, game: Game, *, title: str = "", size: str = "compact") -> None:
        last = rounds_played(game)
        if last == 0:
            raise ValueError(_("this game has no round to replay yet"))
        self.game = game
        self.pick = widgets.BoundedIntText(  # a labelled number box: a slider handle has no name (axe)
            value=last, min=1, max=last, description=_("Round"), layout=widgets.Layout(width="160px")
        )
        self.pick.add_class("asteroyds-replay-round")
        self._standings = widgets.HTML()
        self._standings.add_class("asteroyds-replay-standings")
        super().__init__(
            game.history[last - 1],
            round_events(game, last),
            title=title,
            size=size,
            extra=[self.pick, self._standings],
        )
        self._show_standings(last)
        self.pick.observe(lambda change: self.show_round(change["new"]), names="value")

    @property
    def round(self) -> int:
        return int(self.pick.value)

    def show_round(self, number: int) -> None:
        """Replay round ``number`` from its start (the slider follows)."""
        number = max(1, min(int(number), int(self.pick.max)))
        if self.pick.value != number:
            self.pick.value = number  # observed: comes back here
            return
        self.show(self.game.history[number - 1], round_events(self.game, number))
        self._show_standings(number)

    def after(self, number: int) -> State:
        """The board at the end of round ``number``."""
        history = self.game.history
        return history[number] if number < len(history) else self.game.state

    def _show_standings(self, number: int) -> None:
        caption = _("After round {n}", n=number)
        events = round_events(self.game, number)  # the column of each craft's last token that round
        self._standings.value = CSS + standings_html(self.after(number), caption=caption, events=events)


__all__ = ["GameReplay", "round_events", "rounds_played"]
