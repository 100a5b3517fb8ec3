"""The sandbox's game files on screen: the Load… box, and the scenario New game… may play again.

:class:`GameFilesBox` is a part the :class:`~asteroyds.ui.sandbox.view.Sandbox`
owns; the files are read and checked by the controller
(:meth:`~asteroyds.ui.sandbox.controller.SandboxController.load_text`,
:meth:`~asteroyds.ui.sandbox.controller.SandboxController.load_scenario`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...i18n import _
from ...state import State
from ..share.files import uploaded_text
from .controller import SandboxController
from .panel import button, html_part
from .setup import SandboxSetup


class GameFilesBox:
    """Saved games and scenarios loaded (a file, pasted text, a link), and the scenario to play again.

    Its own object because it owns that state: the Load… box is built the first time it is
    asked for (a page nobody loads from costs no upload widgets), and the scenario a game
    started on outlives that game: *New game…* offers to play it again (:attr:`on_scenario`,
    shown in the setup box). ``run`` runs the box's actions the page's way (errors shown);
    ``panel_setup`` reads who plays a scenario from the setup panel; ``started`` is told when a
    file started a game (``True``: a scenario, which hides the setup panel).
    """

    def __init__(
        self,
        controller: SandboxController,
        run: Callable[[Callable[[], object]], None],
        panel_setup: Callable[[], SandboxSetup],
        started: Callable[[bool], None],
    ) -> None:
        self._controller = controller
        self._run = run
        self._panel_setup = panel_setup
        self._started = started
        self.slot = widgets.VBox()  # the Load… box, built the first time it is asked for
        self._parts: dict[str, widgets.Widget] | None = None
        # After a scenario was loaded: New game… plays it again (the panel says who plays), or not.
        self.scenario: tuple[State, str] | None = None
        self.on_scenario = widgets.Checkbox(
            value=True,
            indent=False,
            layout=widgets.Layout(width="auto", display="none"),
            _dom_classes=["asteroyds-on-scenario"],
        )

    # --- the Load… box --------------------------------------------------------------------------
    @property
    def box(self) -> widgets.VBox:
        return self._built()["box"]

    @property
    def text(self) -> widgets.Textarea:
        return self._built()["text"]

    def toggle(self) -> None:
        """Show the Load… box, or hide it."""
        box = self.box
        box.layout.display = "" if box.layout.display == "none" else "none"

    def hide(self) -> None:
        if self._parts is not None:  # never built: nothing to hide
            self._parts["box"].layout.display = "none"

    def _built(self) -> dict[str, widgets.Widget]:
        """The Load… box and its inputs, built once, the first time anything asks for them."""
        if self._parts is not None:
            return self._parts
        run = self._run
        upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load a file"))
        upload.add_class("asteroyds-upload")
        upload.observe(lambda ch: run(lambda: self.load_upload(ch["new"])), names="value")
        scenario_upload = widgets.FileUpload(
            accept=".json", multiple=False, description=_("Load a scenario file")
        )
        scenario_upload.add_class("asteroyds-upload-scenario")
        scenario_upload.observe(lambda ch: run(lambda: self.scenario_uploaded(ch["new"])), names="value")
        scenario_upload.layout.width = "200px"
        text = widgets.Textarea(
            placeholder=_("…or paste a saved game, or a scenario, here"),
            layout=widgets.Layout(width="600px", height="120px"),
        )
        text.add_class("asteroyds-load-text")
        load = button(_("Load the text"), "asteroyds-load", _("Load the game pasted above"))
        load.on_click(lambda _b: run(lambda: self.load(text.value, _("the pasted text"))))
        tip = _("Start a new game on the scenario pasted above")
        play = button(_("Play the text as a scenario"), "asteroyds-load-scenario", tip)
        play.on_click(lambda _b: run(lambda: self.load_scenario(text.value, _("the pasted text"))))
        note = html_part(
            "asteroyds-note",
            _(
                "A saved game is its setup and every input (dice, programs, answers): it replays "
                "exactly. A scenario (the scenario editor's board, any mode) starts a new game on "
                "its layout; the setup panel says who plays. A broken file is refused and the game "
                "in progress is kept."
            ),
        )
        box = widgets.VBox(
            [
                widgets.HBox([upload, scenario_upload], layout=widgets.Layout(grid_gap="8px")),
                text,
                widgets.HBox([load, play], layout=widgets.Layout(grid_gap="8px")),
                note,
            ],
            layout=widgets.Layout(display="none"),
        )
        box.add_class("asteroyds-card")
        box.add_class("asteroyds-load-box")
        self.slot.children = [box]
        self._parts = {"box": box, "text": text, "upload": upload, "scenario_upload": scenario_upload}
        return self._parts

    # --- loading --------------------------------------------------------------------------------
    def load_upload(self, value: Any) -> None:
        upload = uploaded_text(value, _("a saved game"))  # ScenarioError: shown by run
        if upload is not None:
            text, name = upload
            self.load(text, name)

    def load(self, text: str, where: str) -> None:
        """A saved game replaces the game in progress (a broken one raises, and nothing changes)."""
        self._controller.load_text(text, where=where)
        self._started(False)
        self.hide()

    def scenario_uploaded(self, value: Any) -> None:
        upload = uploaded_text(value, "a scenario")  # ScenarioError: shown by run
        if upload is not None:
            text, name = upload
            self.load_scenario(text, name)

    def load_scenario(self, text: str, where: str) -> None:
        """A new game on a scenario's text; the setup panel says who plays."""
        self._controller.load_scenario(text, where, setup=self._panel_setup())
        self.hide()
        self.loaded_scenario(where)

    def open_scenario(self, state: State, where: str) -> None:
        """A new game on a scenario that came with the page (a ``?scenario=`` link)."""
        self._controller.load_scenario(state, where, setup=self._panel_setup())
        self.loaded_scenario(where)

    def loaded_scenario(self, where: str) -> None:
        """A game started on a scenario: New game… offers to play it again."""
        board = self._controller.setup.board
        assert board is not None
        self.scenario = (board, where)
        self.on_scenario.value = True
        self.on_scenario.description = _(
            "Play the loaded scenario ({where}, a {mode} board) instead of the built-in layout",
            where=where,
            mode=board.mode,
        )
        self.on_scenario.layout.display = ""
        self._started(True)

    def new_game(self, chosen: SandboxSetup) -> None:
        """New game… with the panel's choices: on the loaded scenario again if it is ticked."""
        if self.scenario is not None and self.on_scenario.value:
            board, where = self.scenario
            self._controller.load_scenario(board, where, setup=chosen)
        else:
            self._controller.new_game(chosen)


__all__ = ["GameFilesBox"]
