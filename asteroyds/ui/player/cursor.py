"""The round player's cursor and planning help: step through the events, play them at a speed.

A mixin of :class:`~asteroyds.ui.player.controller.RoundPlayerController`
(plain Python): the phase's events on show are a :class:`~.steps._View`, and
moving the cursor only replaces it.
"""

from __future__ import annotations

from ...asteroids import resolve_asteroids
from ...game import Game
from ...preview import PathPreview, planned_path
from ...program import Program
from ...state import State
from .steps import _replace_cursor, _View


class PlayerCursor:
    """Seek, step, play and pause over the phase's events; the forecast and a craft's ghost path."""

    # Set by RoundPlayerController.
    _view: _View
    game: Game
    playing: bool
    _carry: float
    _speed: float

    def seek(self, cursor: int) -> None:
        """Put the cursor after ``cursor`` events (clamped to the phase)."""
        cursor = max(0, min(len(self._view.events), int(cursor)))
        if cursor != self._view.cursor:
            self._view = _replace_cursor(self._view, cursor)
            self._notify()

    def step_forward(self) -> bool:
        """One event forward; False at the end."""
        if self.at_end:
            return False
        self.seek(self.cursor + 1)
        return True

    def step_back(self) -> bool:
        """One event back; False at the start."""
        if self.at_start:
            return False
        self.seek(self.cursor - 1)
        return True

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(len(self.events))

    def play(self) -> None:
        """Play the events at :attr:`speed` (from the start when at the end); :meth:`tick` advances."""
        if not self.events:
            return
        if self.at_end:
            self.to_start()
        self.playing, self._carry = True, 0.0
        self._notify()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self._notify()

    def tick(self, seconds: float) -> int:
        """Let ``seconds`` pass while playing; return how many events the cursor moved."""
        if not self.playing or seconds <= 0:
            return 0
        self._carry += seconds * self._speed
        steps = int(self._carry)
        self._carry -= steps
        moved = 0
        for _ in range(steps):
            if not self.step_forward():
                break
            moved += 1
        if self.at_end:
            self.playing = False
            self._notify()
        return moved

    # --- planning help ------------------------------------------------------------------
    def forecast_state(self) -> State:
        """The board programs will fly on: after this round's asteroid phase once the dice are known."""
        game = self.game
        if game.phase != "plan" or game.dice is None or not self.turn.asteroid_phase:
            return game.state  # no asteroid phase to forecast (capture's blue ones move in the turn)
        cached = self._forecast
        if cached is None or cached[0] is not game.state or cached[1:3] != (game.dice, game.order):
            state, _ = resolve_asteroids(game.state, game.dice, order=game.order)
            cached = self._forecast = (game.state, game.dice, game.order, state)
        return cached[3]

    def ghost_path(self, player: str, program: Program | str) -> PathPreview:
        """Where ``program`` would take ``player``'s craft (:func:`~asteroyds.preview.planned_path`)."""
        return planned_path(self.forecast_state(), player, program)


__all__ = ["PlayerCursor"]
