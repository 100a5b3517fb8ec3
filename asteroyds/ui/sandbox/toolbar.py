"""The sandbox's header: the title, the stage in words, and the toolbar (New game…, Undo, Back, Save, Load…).

:class:`SandboxToolbar` is a part the :class:`~asteroyds.ui.sandbox.view.Sandbox`
owns: its widgets, and how they follow the controller
(:class:`~asteroyds.ui.sandbox.controller.SandboxController`) after every change.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...i18n import N_, _, pgettext
from ...modes import TurnWord
from ..share.files import download_link
from ..share.markup import join, tag
from .controller import SandboxController
from .panel import button, html_part

STAGE_TEXT: dict[str, str] = {  # marked; translated where shown
    "setup": N_("Choose the mode and the players, then press Start the game."),
    "roll": N_("{first} is player one: roll the dice."),
    "handover": N_("Pass the device to {player}."),
    "planning": N_("{player} is planning (the other charts are hidden)."),
    "alone": N_("{player} is planning."),  # one human alone: no other chart to hide
    "plan": N_("Every human is ready: the bots plan, then the asteroids move."),
    "asteroids": N_("Every program is in: press Asteroids to move them."),
    "fly": N_("The asteroids have moved: step through them (step ▶ or Play), then press Fly."),
    "end": N_("Every craft has flown: step through the flight, then press End round."),
    "decision": N_("{asked} must answer a question."),
    "over": N_("Game over."),
}
# A mode whose turn says a stage differently (capture: teams plan together, a turn of 6 rounds) says it in
# its turn's texts (asteroyds.modes.Turn.texts), which override these.

Run = Callable[[Callable[[], object]], None]  # the page's way to run an action: errors shown, then redrawn


class SandboxToolbar:
    """The header's widgets: what stage the game is at, and the buttons that act on the whole game.

    Its own object because the header is a unit of the page: built once, its buttons run the
    controller's undo and rewind (through ``run``, the page's way) or open the page's boxes
    (``toggle_setup``, ``toggle_load``), and :meth:`refresh` makes it follow the game.
    """

    def __init__(
        self,
        controller: SandboxController,
        run: Run,
        toggle_setup: Callable[[], None],
        toggle_load: Callable[[], None],
    ) -> None:
        c = self._controller = controller
        self.title = html_part("asteroyds-sandbox-title", _("ASTEROYDS SANDBOX"))
        self.status = html_part("asteroyds-sandbox-status")
        self.setup_toggle = button(_("New game…"), "asteroyds-new-game", _("Show the setup panel"))
        self.setup_toggle.on_click(lambda _b: toggle_setup())
        self.undo = button(_("Undo"), "asteroyds-undo", _("Take back the last step"), width="80px")
        self.undo.on_click(lambda _b: run(c.undo))
        self.rounds = widgets.Dropdown(
            description=_("Back to round"),
            style={"description_width": "initial"},  # as wide as its words (French: "Retour au tour")
            layout=widgets.Layout(width="190px"),
            _dom_classes=["asteroyds-rounds"],
        )
        self.back = button(_("Go"), "asteroyds-back", _("Back to the start of that round"), width="50px")
        self.back.on_click(lambda _b: run(lambda: c.back_to_round(int(self.rounds.value or 1))))
        self.save = html_part("asteroyds-save-link")
        self.load_toggle = button(_("Load…"), "asteroyds-load-toggle", _("Load a saved game"))
        self.load_toggle.on_click(lambda _b: toggle_load())
        toolbar = widgets.HBox(
            [self.setup_toggle, self.undo, self.rounds, self.back, self.save, self.load_toggle],
            layout=widgets.Layout(align_items="center", grid_gap="8px", flex_flow="row wrap"),
        )
        self.header = widgets.HBox(
            [widgets.VBox([self.title, self.status]), toolbar],
            layout=widgets.Layout(
                justify_content="space-between", align_items="center", flex_flow="row wrap"
            ),
        )

    def refresh(self, stage: str) -> None:
        """Follow the game: the stage in words, Undo, the rounds to go back to, the save link."""
        c = self._controller
        game = c.game
        self.status.value = self.status_text(stage)
        self.undo.disabled = game is None
        rounds = c.rounds_started()
        if list(self.rounds.options) != rounds:
            self.rounds.options = rounds
            self.rounds.value = rounds[-1] if rounds else None
        self.back.disabled = self.rounds.disabled = not rounds
        self.rounds.description = _("Back to turn") if c.turn.word is TurnWord.TURN else _("Back to round")
        self.save.value = self.save_link() if game is not None else ""

    def status_text(self, stage: str) -> str:
        """The stage in words, after the mode and the round (HTML)."""
        c = self._controller
        game = c.game
        if game is None:
            return html.escape(_(STAGE_TEXT["setup"]))
        asked = game.pending.player if game.pending is not None else ""
        texts = {**STAGE_TEXT, **c.turn.texts}  # the mode's turn says some stages its own way
        alone = stage == "planning" and "planning" not in c.turn.texts and not c.hands_over
        text = _(
            texts["alone" if alone else stage],
            first=game.players[0],
            player=c.current_player,
            asked=asked,
            team=c.current_team,
        )
        word = pgettext("log", str(c.turn.word))
        return join(_(game.state.mode.title()), f" · {word} ", tag("b", c.last_round), " · ", text)

    def save_link(self) -> str:
        """The saved game as a download link (HTML)."""
        c = self._controller
        tip = _("Download the game: setup and every input")
        return download_link(c.save_text(), c.save_name(), _("⬇ Save"), css="asteroyds-save", title=tip)


__all__ = ["STAGE_TEXT", "SandboxToolbar"]
