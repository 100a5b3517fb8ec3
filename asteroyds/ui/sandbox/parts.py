"""The sandbox's public parts: its widgets and file actions by name.

Tests (and a notebook that drives the page from Python) click the sandbox's
buttons and read its widgets. They do it through :class:`SandboxParts`
(``Sandbox.parts``), not through the view's private attributes, so the view
can move a widget from one of its parts to another without breaking them.

Each part is looked up when read: the dice, the Load… box and the inspector
are built the first time something asks for them (as a click would), so
reading one part builds that one only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..player.dice import DiceView
from ..player.inspector_view import PriorityInspector
from .drawing import SandboxBoard
from .files_box import GameFilesBox
from .hotseat_view import HotSeatCard
from .round_column import RoundColumn
from .toolbar import SandboxToolbar


class SandboxParts:
    """The widgets a user clicks or reads on the sandbox page, and its file actions.

    ``run`` runs an action the page's way: an error is shown on the page's error line and
    changes nothing (what a button does with what its click raises).
    """

    __slots__ = ("_board", "_files", "_hot_seat", "_round", "_toolbar", "run")

    def __init__(
        self,
        *,
        round_column: RoundColumn,
        hot_seat: HotSeatCard,
        toolbar: SandboxToolbar,
        board: SandboxBoard,
        files: GameFilesBox,
        run: Callable[[Callable[[], object]], None],
    ) -> None:
        self._round = round_column
        self._hot_seat = hot_seat
        self._toolbar = toolbar
        self._board = board
        self._files = files
        self.run = run

    # --- the round's column and the hot seat ---------------------------------------------------
    @property
    def dice(self) -> DiceView:
        """The dice panel (its Roll is the game's seeded roll)."""
        return self._round.dice

    @property
    def inspector(self) -> PriorityInspector | None:
        """The priority (or round) inspector, None until a game shows one."""
        return self._round.inspector

    @property
    def ready(self) -> widgets.Button:
        """The hand-over card's *Show my chart*."""
        return self._hot_seat.ready

    @property
    def submit(self) -> widgets.Button:
        """*Done: lock in my program*."""
        return self._hot_seat.submit

    @property
    def handover(self) -> widgets.HTML:
        """The hand-over card's text (pass the device to …)."""
        return self._hot_seat.handover

    # --- the toolbar and the board ---------------------------------------------------------------
    @property
    def save(self) -> widgets.HTML:
        """The *Save the game* download link."""
        return self._toolbar.save

    @property
    def picture(self) -> widgets.HTML:
        """The board's static picture, shown until the interactive board is built."""
        return self._board.picture

    @property
    def board_slot(self) -> widgets.VBox:
        """Where the board is: the picture, then the interactive board."""
        return self._board.slot

    # --- files: saved games and scenarios --------------------------------------------------------
    @property
    def on_scenario(self) -> widgets.Checkbox:
        """*Play the loaded scenario* in the setup box (shown once a scenario was loaded)."""
        return self._files.on_scenario

    @property
    def load_box(self) -> widgets.VBox:
        """The Load… box (built when first asked for)."""
        return self._files.box

    @property
    def load_text(self) -> widgets.Textarea:
        """The Load… box's text area (a pasted saved game or scenario)."""
        return self._files.text

    def load(self, text: str, where: str) -> None:
        """Load a saved game's text (``where``: what the messages call it); a broken one raises."""
        self._files.load(text, where)

    def load_upload(self, value: Any) -> None:
        """What the *Load a file* upload gives (a saved game)."""
        self._files.load_upload(value)

    def scenario_uploaded(self, value: Any) -> None:
        """What the *Load a scenario file* upload gives: a new game on it."""
        self._files.scenario_uploaded(value)


__all__ = ["SandboxParts"]
