"""The scenario editor widget: a board to click, a tool palette, the selection's settings, dice, files.

A thin view (CSS class ``asteroyds-editor``) over
:class:`~asteroyds.ui.editor.controller.EditorController`: every button is
one controller call, and whatever the controller answers (done or refused,
with its sentence) is shown in the message line, never a traceback.

The view is made of sections, each an object that builds and redraws its
own widgets: the tool palette (:class:`~asteroyds.ui.editor.palette.ToolPalette`),
the selection's settings (:class:`~asteroyds.ui.editor.selection_panel.SelectionPanel`)
and the files (:class:`~asteroyds.ui.editor.files_panel.FilesPanel`); the view
itself holds the board, the message line, the dice, the preview and the coach.
Tests (and a notebook driving the editor) reach the sections' widgets and actions
through ``ScenarioEditor.parts`` (:class:`~asteroyds.ui.editor.parts.EditorParts`).

The palette shows the tools of the board's mode (:func:`tools_for`). In
capture mode the Team menu says whose platform, turret, asteroyd or craft a
click adds (the targets tool's menu names its set the same way), the preview
shows the turrets' turn (lasers outlined, disabled turrets crossed out), and
the *Play* line says whether the board can start a game, with a link that
opens it in the sandbox.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...dice import Dice
from ...errors import AsteroydsError
from ...hexgrid import Cell
from ...i18n import N_, _
from ...modes import mode_named
from ...state import State
from .. import theme
from ..board.view import BoardView
from ..coach.plan import Question
from ..coach.view import CoachPanel
from ..player.dice import DiceController, DiceView
from ..share import links
from ..share.markup import join, tag
from ..theme import sheet
from .controller import EditorController
from .controls import button, sized, title, title_html
from .files_panel import FilesPanel, download_html
from .palette import ToolPalette
from .parts import EditorParts
from .selection_panel import SelectionPanel
from .tools import EditResult, Preview

CSS = sheet("editor")
# The preview button, by "does the board's mode resolve its turn at once (capture)": label and tooltip.
PREVIEW_LABELS: dict[bool, str] = {
    False: N_("▶ Preview the asteroid phase"),
    True: N_("▶ Preview the turrets"),
}
PREVIEW_TIPS: dict[bool, str] = {
    False: N_("Move the asteroids with these dice (the board you edit is kept)"),
    True: N_("Play a capture turn with these dice and every chart empty: only the turrets fire"),
}


class ScenarioEditor(widgets.VBox):
    """The editor widget: a board to click, a tool palette, the selection's settings, dice and files.

    CSS classes: ``asteroyds-editor`` (root), ``asteroyds-editor-tools``,
    ``asteroyds-editor-undo`` / ``-redo`` / ``-rotate-left`` / ``-rotate-right``
    / ``-remove`` / ``-set-priority`` / ``-apply-craft`` / ``-preview`` /
    ``-new`` (with the ``-setup`` menu) / ``-upload`` / ``-json`` / ``-load-text`` / ``-show-json``,
    ``-download`` and ``-share`` (the links) and ``-message``; the tool
    options ``-colour`` / ``-symbol`` / ``-facing`` / ``-priority`` / ``-team``
    (the Target tool's set, or in capture mode the team of what is added)
    / ``-number`` (the Target tool's) and the board's ``-mode``; ``-play``
    (can the board start a game: ``data-ready``) with ``-play-link``.
    """

    def __init__(
        self,
        state: State | None = None,
        *,
        dice: Dice | Sequence[int] = (1, 1, 1),
        controller: EditorController | None = None,
        page_url: str | None = None,
    ) -> None:
        super().__init__()
        self._controller = controller or EditorController(state, dice)
        self._page_url = links.page_url() if page_url is None else page_url
        self._previewing: Preview | None = None
        self._build()
        self._controller.observe(self._changed)
        self._changed(self._controller)
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-editor")

    @property
    def controller(self) -> EditorController:
        return self._controller

    @property
    def board(self) -> BoardView:
        return self._board

    def open_query(self, query_string: str | None) -> EditResult | None:
        """Load a shared ``?scenario=`` link (or ``?demo=``) into the editor; errors are shown, not raised."""
        c = self._controller
        try:
            request = links.read_query(query_string)
        except AsteroydsError as exc:
            return c.refuse(links.link_error(exc))
        if request.demo is not None:
            loaded = _("Loaded the demo “{title}”", title=request.demo.title)
            return c.load_state(request.demo.state, loaded, dice=request.demo.dice)
        if request.state is not None:
            return c.load_state(request.state, _("Loaded the shared scenario"), dice=request.dice)
        return None

    def preview(self) -> Preview | None:
        """Show the board after the asteroid phase (call again, or click the board, to go back)."""
        if self._previewing is not None:
            self._previewing = None
            self._changed(self._controller)
            return None
        self._previewing = preview = self._controller.preview()
        self._board.update(preview.state)
        self._board.show_intended_moves(None)
        dice = self._controller.dice
        if preview.capture:  # every space a laser crosses, and the turrets put out of action
            self._board.highlight(preview.laser_cells)
            self._board.show_disabled(preview.disabled)
            self._board.set_caption(
                _(
                    "The turrets' turn with these dice ({dice}), every chart empty: lasers "
                    "outlined, disabled turrets crossed out. Click the board to go back to editing",
                    dice=dice,
                )
            )
        else:
            self._board.highlight([])
            self._board.set_caption(
                _("After the asteroid phase ({dice}): click the board to go back to editing", dice=dice)
            )
        self._coach.refresh()
        self._preview_button.description = _("✎ Back to editing")
        items = (tag("li", line) for line in preview.lines)
        self._preview_log.value = join(title_html(preview.title), tag("ol", *items))
        return preview

    # --- building --------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._board = BoardView(c.state)
        self._board.on_hex_click(self._clicked)
        self._message = sized(widgets.HTML(), "100%", "asteroyds-editor-message")
        self._palette = ToolPalette(c, self._run)
        self._selection_panel = SelectionPanel(
            c, self._run, priority=lambda: int(self._palette.priority.value)
        )
        self._files = FilesPanel(c, self._run, self._page_url)
        self._undo = button(_("↶ Undo"), "asteroyds-editor-undo", _("Undo the last change"), "90px")
        self._redo = button(_("↷ Redo"), "asteroyds-editor-redo", _("Redo the change undone last"), "90px")
        self._undo.on_click(lambda _b: self._run(c.undo))
        self._redo.on_click(lambda _b: self._run(c.redo))
        self._dice = DiceView(controller=DiceController(dice=c.dice))
        self._dice.on_change(lambda dice: self._run(lambda: c.set_dice(dice)))
        self._arrows = widgets.Checkbox(value=True, description=_("Arrows: where the dice send each tile"))
        self._arrows.indent = False
        self._arrows.observe(lambda _ch: self._changed(c), names="value")
        self._preview_button = button(
            _(PREVIEW_LABELS[False]),
            "asteroyds-editor-preview",
            _(PREVIEW_TIPS[False]),
            "260px",
            primary=True,
        )
        self._preview_button.on_click(lambda _b: self._run(self.preview))
        self._preview_log = sized(widgets.HTML(), "100%", "asteroyds-editor-preview-log")
        # The coach: the danger map of the board being edited, the best plan of its first craft.
        self._coach = CoachPanel(self._board, question=self._coach_question, danger_state=self._coach_board)
        side = widgets.VBox(
            [
                *self._palette.children(),
                *self._selection_panel.children(),
                widgets.HBox([self._undo, self._redo]),
                self._dice,
                self._arrows,
                self._preview_button,
                self._coach,
            ]
        )
        side.add_class("asteroyds-editor-side")
        main = widgets.HBox([self._board, side], layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))
        self.children = [
            widgets.HTML(theme.CSS + CSS),
            title(_("SCENARIO EDITOR")),
            self._message,
            main,
            self._preview_log,
            self._files.widget(),
        ]
        self.parts = EditorParts.of(self._palette, self._selection_panel, self._files)

    def _coach_board(self) -> State | None:
        """The board the danger map is of: the one being edited (none in a preview, nor in capture,
        which has no asteroid phase)."""
        state = self._controller.state
        if self._previewing is not None or not mode_named(state.mode).turn.asteroid_phase:
            return None
        return state

    def _coach_question(self) -> Question | None:
        """ "Show me the best plan" asks about the first craft on the board, with the editor's dice."""
        state = self._coach_board()
        crafts = [] if state is None else [k for k in state.crafts_in_order() if k.cell is not None]
        if state is None or not crafts:
            return None
        return Question(state, self._controller.dice, crafts[0].player, state.rules)

    # --- reactions -------------------------------------------------------------------
    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._message.value = theme.error_html(exc)

    def _clicked(self, cell: Cell) -> None:
        if self._previewing is not None:  # a click on the previewed board goes back to editing
            self.preview()
            return
        self._controller.click(cell)

    def _changed(self, c: EditorController) -> None:
        kind, mark = ("asteroyds-ok", "✔") if c.ok else ("asteroyds-refused", "⚠")
        self._message.value = tag("span", mark, " ", c.message, class_=kind, data_ok=str(c.ok).lower())
        if self._previewing is None:
            self._show_board(c)
        self._selection_panel.sync(c)
        self._coach.refresh()
        self._palette.sync(c)
        if c.dice != self._dice.dice:
            self._dice.set(*c.dice.as_tuple())
        self._undo.disabled, self._redo.disabled = not c.can_undo, not c.can_redo
        self._files.sync(c)

    def _show_board(self, c: EditorController) -> None:
        """The board being edited, with the selection and (if asked) where the dice send each tile."""
        self._board.update(c.state)
        self._board.set_caption("")
        if self._board.disabled:  # a capture preview crossed out turrets
            self._board.show_disabled(())
        self._board.show_intended_moves(c.dice if self._arrows.value else None)
        self._board.highlight([x for x in (c.cell_of(c.selected), c.cell_of(c.moving)) if x is not None])
        self._preview_log.value = ""
        whole = mode_named(c.state.mode).turn.resolves_at_once
        self._preview_button.description = _(PREVIEW_LABELS[whole])
        self._preview_button.tooltip = _(PREVIEW_TIPS[whole])


__all__ = ["CSS", "ScenarioEditor", "download_html"]
