"""The round player's history: what it did, to take back, and the action a pending question stopped.

Plain Python. :class:`ActionHistory` is its own object, owned by
:class:`~asteroyds.ui.player.controller.RoundPlayerController`, because *Undo*
takes back the player's actions, not the game's inputs one by one: a whole
*Plan* (every program at once) is one step, a question withdrawn puts back the
phase that asked it, and each step comes back with the phase that was on show
before it. The game keeps the inputs; this keeps which of them each action added.
"""

from __future__ import annotations

from ...game import Game
from ...i18n import _
from .steps import _Done, _Mark, _View, idle_view


class ActionHistory:
    """The player's actions, newest last (each with the game's inputs before it), and the one asking."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._done: list[_Done] = []
        self.asking: _Mark | None = None  # the action that asked the pending question

    def mark(self, action: str, shown: _View) -> _Mark:
        """The game just before ``action``: what to load after it and what to come back to."""
        game = self.game
        return _Mark(action, len(game.inputs), len(game.log), game.state, shown)

    def record(self, action: str, inputs_before: int, shown: _View) -> None:
        """``action`` is done: an undo goes back to ``inputs_before`` inputs, with ``shown`` on show."""
        self._done.append(_Done(action, inputs_before, shown))

    def rewind(self, inputs: int) -> None:
        """Take the game back to ``inputs`` inputs (and no question pending)."""
        while self.game.pending is not None or len(self.game.inputs) > inputs:
            self.game.undo()

    def take_back(self, shown: _View) -> tuple[str, _View]:
        """Take back the last action (a question pending: withdraw it); what to say and what to show.

        ``shown`` is on show now: it stays when a question asked outside any action of the player
        is withdrawn. The game's last input taken back outside any action shows the game as it is
        now. Raises the game's RuleError when there is nothing to undo.
        """
        game = self.game
        if game.pending is not None:
            question = game.pending.question
            game.undo()
            asking, self.asking = self.asking, None
            if asking is not None:
                self.rewind(asking.inputs)
                shown = asking.view
            return f"Withdrawn: {question}", shown
        if self._done and len(game.inputs) >= self._done[-1].inputs_before:
            done = self._done.pop()
            self.rewind(done.inputs_before)
            return f"Undone: {done.action}.", done.view
        item = game.undo()  # RuleError when there is nothing to undo
        self._done.clear()
        return _("Undone: the last input ({action}).", action=next(iter(item), "none")), idle_view(game)


__all__ = ["ActionHistory"]
