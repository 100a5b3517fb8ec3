"""The danger overlay's controller: switch the coach's heat map on and off, in plain Python.

:class:`DangerOverlay` holds the board a page shows and whether the danger
map is on. It asks the engine (:func:`asteroyds.coach.danger_map`, every roll
of the three dice played out) only while the overlay is on, once per board:
the map is a few hundred asteroid phases, too much to redo on every click, and
a page whose learner never switches it on never pays for it. The view
(:class:`~asteroyds.ui.coach.view.CoachPanel`) draws :attr:`counts` on a
:class:`~asteroyds.ui.board.BoardView` with :attr:`legend` under it.
"""

from __future__ import annotations

from typing import Any

from ...coach.danger import ROLLS  # the engine's (asteroyds.ui.board would import bqplot)
from ...event_text import player_text
from ...i18n import _
from ...rules import RuleSettings
from ...state import State
from ..observers import Observable


class DangerOverlay(Observable["DangerOverlay"]):
    """The danger map of one board, computed when switched on (and cached for that board).

    ``compute`` is the engine call (default :func:`asteroyds.coach.danger_map`);
    :attr:`computations` counts its calls, so a test can check the map is
    computed only when it is shown.
    """

    def __init__(
        self,
        state: State | None = None,
        *,
        rules: RuleSettings | None = None,
        on: bool = False,
        compute: Any = None,
    ) -> None:
        super().__init__()
        self._state = state
        self._rules = rules
        self._on = bool(on)
        self._compute = compute
        self._map: Any = None
        self._map_of: State | None = None
        self.computations = 0

    # --- reading --------------------------------------------------------------------------
    @property
    def on(self) -> bool:
        return self._on

    @property
    def state(self) -> State | None:
        return self._state

    @property
    def danger(self) -> Any:
        """The engine's ``DangerMap`` of the board, or None while the overlay is off (or no board)."""
        if not self._on or self._state is None:
            return None
        if self._map is None or self._map_of is not self._state:
            compute = self._compute
            if compute is None:
                from ...coach import danger_map as compute  # the engine, imported when first needed
            self._map = compute(self._state, rules=self._rules)
            self._map_of = self._state
            self.computations += 1
        return self._map

    @property
    def rolls(self) -> int:
        found = self.danger
        return ROLLS if found is None else int(found.rolls)

    @property
    def counts(self) -> dict[tuple[int, int], int]:
        """Cell -> rolls after whose asteroid phase it holds an element that can hurt a craft (empty when
        off; racing's gates do no damage: the engine counts them apart)."""
        found = self.danger
        return {} if found is None else {cell: n for cell, n in sorted(found.cells.items()) if n > 0}

    def craft_risk(self, player: str) -> int | None:
        """In how many rolls an element runs into ``player``'s craft (None when off or not on the board)."""
        found = self.danger
        if found is None or self._state is None:
            return None
        craft = next((c for c in self._state.crafts_in_order() if c.player == player), None)
        if craft is None or craft.cell is None:
            return None
        return int(found.crafts.get(player, 0))

    def legend(self) -> str:
        """One sentence per craft on the board: its risk, the caption under the heat map."""
        if self.danger is None or self._state is None:
            return ""
        sentences = []
        for craft in self._state.crafts_in_order():
            risk = self.craft_risk(craft.player)
            if risk is not None:
                sentences.append(
                    _(
                        "The {player} craft is hit in {hits} of the {rolls} rolls.",
                        player=player_text(craft.player),
                        hits=risk,
                        rolls=self.rolls,
                    )
                )
        if getattr(self.danger, "gates", None):  # racing: the gates are counted apart
            sentences.append(
                _(
                    "The gates move too, but a gate that reaches a craft hands it its token and does"
                    " no damage: the map does not count them."
                )
            )
        return " ".join(sentences)

    # --- changing -------------------------------------------------------------------------
    def switch(self, on: bool | None = None) -> bool:
        """Turn the overlay on or off (``None`` toggles); returns whether it is on now."""
        self._on = (not self._on) if on is None else bool(on)
        self._notify()
        return self._on

    def set_state(self, state: State | None, rules: RuleSettings | None = None) -> None:
        """A new board to show (the map is computed again only if the overlay is on and shown)."""
        if state is self._state and rules == self._rules:
            return
        self._state = state
        self._rules = rules if rules is not None else self._rules
        self._notify()


__all__ = ["DangerOverlay"]
