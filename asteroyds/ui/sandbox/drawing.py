"""The sandbox's board: a picture until a game is played, then drawn at each step or for the planner.

:class:`SandboxBoard` is a part the :class:`~asteroyds.ui.sandbox.view.Sandbox`
owns; the controller (:class:`~asteroyds.ui.sandbox.controller.SandboxController`)
decides, this draws. The round player draws on it through :class:`_BoardPort`,
which keeps the hot seat's secret planning board from being drawn over.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...dice import Dice
from ...event_text import named_text, player_text
from ...hexgrid import Cell
from ...i18n import N_, _
from ...shooting import LaserFired
from ...state import State
from ..player.view import board_caption, draw_disabled, draw_laser
from ..share.pictures import board_picture
from .controller import SandboxController
from .panel import html_part

if TYPE_CHECKING:  # bqplot (and numpy, pandas) are imported when a game first shows the board
    from ..board.view import BoardView


class SandboxBoard:
    """The board of a sandbox page: which one is shown, the layout previewed, and what was drawn last.

    Its own object because the board has a life of its own: before the first game it is a
    static SVG picture (:mod:`asteroyds.render.svg`) that follows the setup panel, so a page
    nobody plays costs the class server no bqplot import (numpy, pandas) and none of its ~35
    widgets; the game (or a caller) builds the interactive board in its place. A redraw of the
    step already drawn is skipped.
    """

    def __init__(self, controller: SandboxController, preview: State) -> None:
        self._controller = controller
        self.preview_state = preview  # the layout the setup panel describes (before the first game)
        self.picture = html_part("asteroyds-board-picture", board_picture(preview))
        self.slot = widgets.VBox([self.picture])
        self._board: BoardView | None = None
        self._drawn: tuple[Any, ...] = ()
        self.port = _BoardPort(self)

    @property
    def built(self) -> bool:
        """Has the interactive board been built yet (a game, or a caller, asked for it)?"""
        return self._board is not None

    @property
    def board(self) -> BoardView:
        """The interactive board (bqplot), built on first use on the layout previewed."""
        if self._board is None:
            from ..board.view import BoardView

            # a game's board: the die numbers on the tiles, as in every chapter (its "Numbers on tiles"
            # toggle hides them); fluid: as wide as its column of the page's PlanLayout, as tall as the
            # screen allows
            board = BoardView(self.preview_state, size="compact", numbers=True, fluid=True)
            board.layout.padding = "0"
            self.slot.children = [board]
            self._board = board
        return self._board

    def preview(self, state: State) -> None:
        """Before the first game, the board shows the layout the setup panel describes."""
        if self._controller.game is None:
            self.preview_state = state
            if self._board is not None:
                self._board.update(state)
            else:
                self.picture.value = board_picture(state)

    def forget(self) -> None:
        """Draw the next step whatever was drawn before (a new round player)."""
        self._drawn = ()

    def stepping(self) -> bool:
        """Is the board the round player's (not a secret planning board)?"""
        return self._controller.stage not in ("handover", "planning", "setup")

    def draw_step(self, state: State, cells: tuple[Cell, ...], dice: Dice | None) -> None:
        """The round player's board at its cursor: the actors outlined, a laser when one fires."""
        if not self.stepping():
            return
        rp = self._controller.player
        event = rp.current_event if rp is not None else None
        key = ("step", id(state), cells, dice, id(event))
        if key == self._drawn:
            return
        self._drawn = key
        board = self.board
        board.update(state)
        board.show_intended_moves(dice)
        board.highlight(cells)
        board.show_path(())
        draw_laser(board, event)
        draw_disabled(board, rp.disabled_cells if rp is not None else ())
        board.set_caption(board_caption(rp) if rp is not None else "")

    def draw_planning(self, player: str | None = None) -> None:
        """The hot-seat board: the table as it is (handover), or the player's planning board."""
        c = self._controller
        game = c.game
        if game is None or c.stage not in ("handover", "planning"):
            return
        board = self.board
        board.clear_laser()
        board.highlight(())
        draw_disabled(board, ())
        who = (  # in the page's language: "bleu", "l'équipe rouge"
            player_text(c.current_player or "")
            if c.current_team is None
            else _("the {current_team} team", current_team=player_text(c.current_team))
        )
        if c.stage == "handover":
            self._drawn = ("handover", id(game.state))
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            word = c.turn.word.capitalize()
            board.set_caption(
                _(
                    "{word} {round} · dice {dice} · pass the device to {who}",
                    word=word,
                    round=game.round,
                    dice=game.dice,
                    who=who,
                )
            )
            return
        if not c.turn.asteroid_phase:  # nothing to forecast: the board as it stands, the mode's notes
            self._drawn = ("planning", id(game.state), "")
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            notes = ", ".join(c.planning_notes())
            caption = c.turn.texts.get("planning_caption", N_("{who} plans · {aims}"))
            board.set_caption(_(caption, current_team=c.current_team, who=who, aims=notes))
            return
        self._draw_forecast(board, game.dice)

    def _draw_forecast(self, board: BoardView, dice: Dice | None) -> None:
        """The coach's forecast board of the human planning now, with their ghost path and first shot."""
        c = self._controller
        player = c.current_player
        state, path = c.forecast(player)
        self._drawn = ("planning", id(state), str(path.program) if path else "")
        board.update(state)
        if path is None:
            board.show_intended_moves(dice)
            board.show_path(())
            board.set_caption(
                _(
                    "{player} plans · the board as it stands · arrows: where the dice send each tile",
                    player=player_text(player or ""),
                )
            )
            return
        board.show_intended_moves(None)
        board.show_path(path.cells, path.crashes, colour=player)
        shots = [e for e in path.events if isinstance(e, LaserFired)]
        said = ""
        if shots:  # the first shot of the program, as it would fly on the forecast board
            shot = shots[0]
            board.show_laser(shot.path, shot.hit, start=shot.start, direction=shot.direction)
            said = _(
                " · column {column} shot hits {value}",
                column=shot.column,
                value=named_text(shot.hit_name) if shot.hit_name else _("nothing"),  # in the page's language
            )
        board.set_caption(
            _(
                "Coach forecast: the asteroids after this round's dice · {player}'s ghost path "
                "ends at {end}, damage {damage}",
                player=player_text(player or ""),
                end=path.end,
                damage=path.damage,
            )
            + (_(" · collision!") if path.blocked else "")
            + said
        )


class _BoardPort:
    """The board as the round player sees it: the sandbox's board, frozen while a human plans in secret.

    Reads go to the board; calls are dropped during the hot seat, and ghost paths always (the
    sandbox draws the planning player's own, and nobody else's).
    """

    def __init__(self, owner: SandboxBoard) -> None:
        self._owner = owner

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._owner.board, name)
        if callable(attr) and not self._owner.stepping():
            return lambda *args, **kwargs: None
        return attr

    def show_path(self, cells: Iterable[Cell] = (), *args: Any, **kwargs: Any) -> None:
        if self._owner.stepping() and not tuple(cells):
            self._owner.board.show_path(())


__all__ = ["SandboxBoard"]
