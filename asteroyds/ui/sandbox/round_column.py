"""The sandbox's round column: the dice panel, then the round player with its inspector and event log.

:class:`RoundColumn` is a part the :class:`~asteroyds.ui.sandbox.view.Sandbox`
owns; the round player's controller is the sandbox controller's
(:attr:`~asteroyds.ui.sandbox.controller.SandboxController.player`).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ...dice import Dice
from ...i18n import _
from ..player.dice import DiceController, DiceView
from ..player.event_log import EventLog
from ..player.inspector_view import PriorityInspector
from ..player.view import RoundPlayer
from ..share.closing import close_tree
from .controller import SandboxController
from .panel import html_part, shared_looks


def _walk(widget: widgets.Widget) -> Iterable[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


class _SandboxDice(DiceController):
    """The dice panel's Roll rolls the game's seeded dice (so a seed replays the same game)."""

    def __init__(self, roll: Callable[[], Dice]) -> None:
        super().__init__(dice=(1, 1, 1))
        self._roll_game = roll

    def roll(self) -> Dice:
        self.rolls += 1
        return self._change(Dice.of(self._roll_game()))


class RoundColumn:
    """The widgets of the round being played: the dice to roll, the round player stepping the phases.

    Its own object because it owns their lives: the dice panel is built the first time a game
    shows it (a page costs the class server less), and the round player's view, inspector and
    log are made again for each round player the controller starts (a new game, an undo, a
    rewind), on the sandbox's ``board`` (its port, frozen while a human plans in secret).
    """

    def __init__(self, controller: SandboxController, board: Any) -> None:
        self._controller = controller
        self._board = board
        self.dice_note = html_part("asteroyds-note")
        self._dice: DiceView | None = None
        self.player_view: RoundPlayer | None = None
        self.inspector: PriorityInspector | None = None
        self.log: EventLog | None = None

    @property
    def dice(self) -> DiceView:
        """The dice panel, built on first use: its Roll is the game's seeded roll, never set by hand."""
        if self._dice is None:
            self._dice = DiceView(controller=_SandboxDice(lambda: self._controller.roll()))
            for w in _walk(self._dice):
                if isinstance(w, widgets.Dropdown):
                    w.layout.display = "none"  # the sandbox rolls seeded dice only (a seed replays a game)
        return self._dice

    def follow(self) -> bool:
        """A view for the controller's round player if it changed; True when a new one was made."""
        c = self._controller
        if c.player is None or (self.player_view is not None and self.player_view.controller is c.player):
            return False
        # The last game's round player, inspector and log go with everything they are made of (not
        # the board they drew on, nor the looks the sandbox's parts share).
        for old in (self.player_view, self.inspector, self.log):
            close_tree(old, keep=[*self._shown_board(), *shared_looks()])
        self.player_view = RoundPlayer(c.player, board=self._board)
        for name in ("roll", "plan", "undo"):  # the dice panel rolls; the hot seat plans; the toolbar undoes
            self.player_view.buttons[name].layout.display = "none"
        self.inspector = PriorityInspector(c.player)
        self.log = EventLog(c.player)
        return True

    def _shown_board(self) -> list[widgets.Widget]:
        """The sandbox's interactive board, if built: it outlives every round player that drew on it."""
        owner = getattr(self._board, "_owner", None)
        return [owner.board] if owner is not None and owner.built else []

    def show_dice(self, stage: str) -> None:
        """The dice follow the game: Roll only at the roll, the faces rolled, dimmed before the roll."""
        game = self._controller.game
        assert game is not None
        dice = self.dice
        for w in _walk(dice):
            if isinstance(w, widgets.Button):
                w.disabled = stage != "roll"
        if game.dice is not None and dice.dice != game.dice:
            dice.set(*game.dice.as_tuple())
        # Before the roll the faces are last round's (or blank): dim them.
        (dice.add_class if game.dice is None else dice.remove_class)("asteroyds-dice-waiting")

    def roll_card(self) -> list[widgets.Widget]:
        """At the roll: the dice, and who rolls them."""
        c = self._controller
        game = c.game
        assert game is not None
        self.dice_note.value = html.escape(
            _(
                "{word} {round}: {first} is player one and rolls the dice.",
                word=c.turn.word.capitalize(),
                round=game.round,
                first=game.players[0],
            )
        )
        return [self.dice, self.dice_note]

    def stepping_cards(self) -> tuple[list[widgets.Widget], list[widgets.Widget]]:
        """Once every program is in: the round player, and beside it the inspector and the log."""
        assert self.player_view is not None and self.inspector is not None and self.log is not None
        return [self.player_view], [self.inspector, self.log]


__all__ = ["RoundColumn"]
