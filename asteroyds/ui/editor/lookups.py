"""The editor controller's inside: commit a change or refuse it, and find what a click or a name means.

A mixin of :class:`~asteroyds.ui.editor.controller.EditorController` (plain
Python), kept apart so the controller's file shows its edits.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...dice import Dice
from ...errors import ScenarioError
from ...event_text import colour_text, crafts_text, name_text
from ...hexgrid import Cell
from ...i18n import _
from ...modes import check_pieces, mode_named
from ...pieces import ASTEROYD, DRONE, PLATFORM, TURRET, Craft, Piece
from ...state import State
from .tools import (
    UNDO_LIMIT,
    EditResult,
    Selection,
    Tool,
    as_cell,
    plain,
    tools_for,
)


class EditorLookups:
    """Commit or refuse a change; find the piece or craft at a cell, by id or by player."""

    # The controller's state (set by EditorController.__init__).
    _state: State
    _dice: Dice
    _tool: Tool
    _undo: list[State]
    _redo: list[State]
    _selected: Selection | None
    _moving: Selection | None
    message: str
    ok: bool

    def _commit(self, state: State, message: str, select: Selection | None) -> EditResult:
        try:
            state = check_pieces(state.validate("editor"), "editor")  # and the mode's own (capture's)
        except ScenarioError as exc:
            return self._refuse(plain(exc))
        self._undo.append(self._state)
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()
        self._state = state
        self._selected = select
        self._fit_tool()
        return self._done(message, select)

    def _fit_tool(self) -> None:
        """A tool the board's mode has no use for (a gate on a capture board) gives way to Select."""
        if self._tool.name not in tools_for(self._state.mode):
            self._tool, self._moving = Tool(), None

    def _done(self, message: str, select: Selection | None | bool = False) -> EditResult:
        if select is not False:
            self._selected = select  # type: ignore[assignment]
        if self._selected is not None and self.cell_of(self._selected) is None:
            self._selected = None
        if self._moving is not None and self.cell_of(self._moving) is None:
            self._moving = None
        self.message, self.ok = message, True
        self._notify()
        return EditResult(True, message)

    def _refuse(self, message: str) -> EditResult:
        self.message, self.ok = message, False
        self._notify()
        return EditResult(False, message)

    def _team_kinds(self) -> tuple[str, ...]:
        """The kinds of piece that belong to a team on this board (its mode's: capture's bases)."""
        return tuple(mode_named(self._state.mode).team_kinds)

    def _team_board(self) -> bool:
        """Do this board's pieces and crafts belong to teams (capture)? Then a new one is a team's."""
        return bool(self._team_kinds())

    def _craft(self, player: str) -> Craft | None:
        return next((c for c in self._state.crafts if c.player == player), None)

    def _stack(self, cell: Cell) -> list[Selection]:
        """What a cell holds, top first: crafts, a drone, the piece (capture: a platform, then its crafts)."""
        crafts: list[Selection] = [("craft", c.player) for c in self._state.crafts_at(cell)]
        found = sorted(self._state.pieces_at(cell), key=lambda p: p.kind != DRONE)
        pieces: list[Selection] = [("piece", p.id) for p in found]
        if PLATFORM in self._team_kinds() and any(p.kind == PLATFORM for p in found):
            return pieces + crafts
        return crafts + pieces

    def _top(self, cell: Cell) -> Selection | None:
        stack = self._stack(cell)
        return stack[0] if stack else None

    def _at(self, cell: Cell) -> Selection | None:
        """The selection if it is in ``cell`` (picked by clicking again), else the cell's top."""
        if self._selected is not None and self.cell_of(self._selected) == cell:
            return self._selected
        return self._top(cell)

    def _name(self, target: Selection) -> str:
        kind, key = target
        return _("the {key} craft", key=key) if kind == "craft" else self._piece_name(self._state.piece(key))

    def _piece_name(self, p: Piece) -> str:
        """A piece in words; in capture mode a platform or turret says its team ("red turret TR1")."""
        if p.kind in self._team_kinds() and p.kind in (PLATFORM, TURRET) and p.team:
            team = colour_text(p.team, "feminine")
            if p.kind == TURRET:
                return _("{team} turret {id}", team=team, id=p.id)
            return _("{team} platform {id}", team=team, id=p.id)
        return name_text(p.describe())

    def _waiting_on(self, p: Piece) -> tuple[Craft, ...]:
        """Capture: the crafts of a platform's team standing on it (they start there)."""
        if PLATFORM not in self._team_kinds() or p.kind != PLATFORM:
            return ()
        return tuple(c for c in self._state.crafts_at(p.cell) if c.team == p.team)

    def _carried_by(self, player: str) -> Piece | None:
        return next((p for p in self._state.pieces if p.kind == ASTEROYD and p.carrier == player), None)

    @staticmethod
    def _names(crafts: Sequence[Craft]) -> str:
        names = [c.player for c in crafts]
        return crafts_text(names)

    def _target(self, target: Selection | Sequence[int] | str | None) -> Selection | EditResult:
        """A selection, a cell (its top piece or craft), a piece id or a player."""
        if target is None:
            if self._selected is None:
                return self._refuse(_("Select a piece or a craft first (Select tool, then click it)"))
            return self._selected
        if isinstance(target, str):
            if self._state.has_piece(target):
                return ("piece", target)
            if self._craft(target) is not None:
                return ("craft", target)
            return self._refuse(_("no piece or craft {target!r} on the board", target=target))
        if len(target) == 2 and target[0] in ("piece", "craft") and isinstance(target[1], str):
            if self.cell_of(target) is None:  # type: ignore[arg-type]
                return self._refuse(
                    _("no {target} {target2!r} on the board", target=target[0], target2=target[1])
                )
            return (str(target[0]), target[1])
        cell = as_cell(target)  # type: ignore[arg-type]
        found = self._at(cell)
        if found is None:
            return self._refuse(_("{cell} is empty: nothing there", cell=cell))
        return found


__all__ = ["EditorLookups"]
