"""The scenario editor widget: a board to click, a tool palette, the selection's settings, dice, files.

A thin view (CSS class ``asteroyds-editor``) over
:class:`~asteroyds.ui.editor_controller.EditorController`: every button is
one controller call, and whatever the controller answers (done or refused,
with its sentence) is shown in the message line, never a traceback.

The palette shows the tools of the board's mode (:func:`tools_for`). In
capture mode the Team menu says whose platform, turret, asteroyd or craft a
click adds (the targets tool's menu names its set the same way), the preview
shows the turrets' turn (lasers outlined, disabled turrets crossed out), and
the *Play* line says whether the board can start a game, with a link that
opens it in the sandbox.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from ...dice import Dice
from ...errors import AsteroydsError, ScenarioError
from ...hexgrid import Cell, direction_name
from ...i18n import N_, _
from ...modes import mode_named, modes
from ...modes.targets import SIDES
from ...pieces import MAX_DAMAGE, PILOTS, TILE_COLOURS
from ...state import State
from .. import theme
from ..board.view import BoardView
from ..coach.plan import Question
from ..coach.view import CoachPanel
from ..player.dice import DiceController, DiceView
from ..share import links
from ..share.files import download_link, uploaded_text
from ..theme import sheet
from .controller import EditorController
from .targets import SET_SIZE
from .tools import (
    CAPTURE_TEAMS,
    SETUP_CHOICES,
    SYMBOL_TOOLS,
    SYMBOLS,
    TARGET_TOOL,
    TEAM_TOOLS,
    TOOL_COLOURS,
    TOOL_LABELS,
    EditResult,
    Preview,
    parse_tokens,
    tools_for,
)

CSS = sheet("editor")
TARGET_TIP = N_(
    "Targets mode: click a white-bearing asteroid to put this target on it; click it again to take "
    "the target off."
)
TEAM_TIP = N_("Capture: what you add belongs to this team (a platform takes its colour).")
# The preview button, by "does the board's mode resolve its turn at once (capture)": label and tooltip.
PREVIEW_LABELS: dict[bool, str] = {
    False: N_("▶ Preview the asteroid phase"),
    True: N_("▶ Preview the turrets"),
}
PREVIEW_TIPS: dict[bool, str] = {
    False: N_("Move the asteroids with these dice (the board you edit is kept)"),
    True: N_("Play a capture turn with these dice and every chart empty: only the turrets fire"),
}
DIRECTION_OPTIONS: list[tuple[str, int]] = [(direction_name(d), d) for d in range(6)]
# The Target tool's numbers: 0 is "the next free one" (a Dropdown value cannot be None).
NUMBER_OPTIONS: list[tuple[str, int]] = [(N_("next free"), 0), *((str(n), n) for n in range(1, SET_SIZE + 1))]


def _button(label: str, css: str, tooltip: str, width: str = "auto", primary: bool = False) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width=width))
    button.add_class(css)
    if primary:
        button.add_class("asteroyds-primary")
    return button


def _sized(widget: widgets.Widget, width: str, css: str = "") -> widgets.Widget:
    widget.layout.width = width
    if css:
        widget.add_class(css)
    return widget


def _title(text: str) -> widgets.HTML:
    return widgets.HTML(f"<span class='asteroyds-title'>{html.escape(text)}</span>")


def download_html(text: str, filename: str = "asteroyds-scenario.json") -> str:
    """An HTML link that downloads ``text`` as a file (Voila gives the page no file system)."""
    return download_link(
        text, filename, _("⬇ Download scenario"), css="asteroyds-link asteroyds-editor-download-link"
    )


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
        self._syncing = False
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
            return c._refuse(links.link_error(exc))
        if request.demo is not None:
            return c.load_state(request.demo.state, f"Loaded “{request.demo.title}”", dice=request.demo.dice)
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
        items = "".join(f"<li>{html.escape(line)}</li>" for line in preview.lines)
        self._preview_log.value = f"{_title(preview.title).value}<ol>{items}</ol>"
        return preview

    # --- building --------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._board = BoardView(c.state)
        self._board.on_hex_click(self._clicked)
        self._message = _sized(widgets.HTML(), "100%", "asteroyds-editor-message")
        tools = widgets.ToggleButtons(
            options=self._tool_options(c.state.mode), value=c.tool.name, style={"button_width": "84px"}
        )
        self._tools = _sized(tools, "100%", "asteroyds-editor-tools")
        self._colour = _sized(widgets.Dropdown(description=_("Colour"), options=list(TILE_COLOURS)), "185px")
        self._symbol = _sized(widgets.Dropdown(description=_("Symbol"), options=list(SYMBOLS)), "185px")
        self._facing = _sized(widgets.Dropdown(description=_("Facing"), options=DIRECTION_OPTIONS), "185px")
        priority = widgets.BoundedIntText(value=1, min=1, max=99, description=_("Priority"))
        self._priority = _sized(priority, "185px", "asteroyds-editor-priority")
        self._team = _sized(widgets.Dropdown(description=_("Team"), options=list(SIDES)), "185px")
        self._number = _sized(
            widgets.Dropdown(
                description=_("Number"),
                options=[(_(label) if not label.isdigit() else label, n) for label, n in NUMBER_OPTIONS],
            ),
            "185px",
        )
        for name in ("tools", "colour", "symbol", "facing", "priority", "team", "number"):
            getattr(self, f"_{name}").observe(self._tool_changed, names="value")
            getattr(self, f"_{name}").add_class(f"asteroyds-editor-{name}")

        self._team_tip = widgets.HTML()
        self._target_box = widgets.VBox([widgets.HBox([self._team, self._number]), self._team_tip])
        self._selection = _sized(widgets.HTML(), "100%", "asteroyds-editor-selection")
        left = _button(
            _("⟲ Left"), "asteroyds-editor-rotate-left", _("Turn the selection anticlockwise"), "84px"
        )
        right = _button(
            _("⟳ Right"), "asteroyds-editor-rotate-right", _("Turn the selection clockwise"), "84px"
        )
        remove = _button(
            _("✕ Remove"), "asteroyds-editor-remove", _("Take the selection off the board"), "96px"
        )
        tip = _("Give the selected tile this priority number (the tile that had it takes the old one)")
        set_priority = _button(_("Set priority"), "asteroyds-editor-set-priority", tip, "104px")
        left.on_click(lambda _b: self._run(lambda: c.rotate(None, -1)))
        right.on_click(lambda _b: self._run(lambda: c.rotate(None, 1)))
        remove.on_click(lambda _b: self._run(lambda: c.remove(None)))
        set_priority.on_click(lambda _b: self._run(lambda: c.set_priority(None, int(self._priority.value))))
        damage = widgets.BoundedIntText(min=0, max=MAX_DAMAGE - 1, description=_("Damage"))
        self._damage = _sized(damage, "150px", "asteroyds-editor-damage")
        pilots = [("none", ""), *((p, p) for p in PILOTS)]
        self._pilot = _sized(widgets.Dropdown(description=_("Pilot"), options=pilots), "190px")
        self._tokens = _sized(widgets.Text(description=_("Tokens"), placeholder="A B"), "150px")
        apply_craft = _button(
            _("Apply"), "asteroyds-editor-apply-craft", _("Set the craft's damage, pilot, tokens")
        )
        apply_craft.on_click(lambda _b: self._run(self._apply_craft))
        self._craft_box = widgets.VBox(
            [widgets.HBox([self._damage, self._pilot]), widgets.HBox([self._tokens, apply_craft])]
        )
        self._undo = _button(_("↶ Undo"), "asteroyds-editor-undo", _("Undo the last change"), "90px")
        self._redo = _button("↷ Redo", "asteroyds-editor-redo", "Redo", "90px")
        self._undo.on_click(lambda _b: self._run(c.undo))
        self._redo.on_click(lambda _b: self._run(c.redo))

        self._dice = DiceView(controller=DiceController(dice=c.dice))
        self._dice.on_change(lambda dice: self._run(lambda: c.set_dice(dice)))
        self._arrows = widgets.Checkbox(value=True, description=_("Arrows: where the dice send each tile"))
        self._arrows.indent = False
        self._arrows.observe(lambda _ch: self._changed(c), names="value")
        self._preview_button = _button(
            _(PREVIEW_LABELS[False]),
            "asteroyds-editor-preview",
            _(PREVIEW_TIPS[False]),
            "260px",
            primary=True,
        )
        self._preview_button.on_click(lambda _b: self._run(self.preview))
        self._preview_log = _sized(widgets.HTML(), "100%", "asteroyds-editor-preview-log")
        # The coach: the danger map of the board being edited, the best plan of its first craft.
        self._coach = CoachPanel(self._board, question=self._coach_question, danger_state=self._coach_board)
        side = widgets.VBox(
            [
                _title(_("TOOL: A CLICK ON A HEX…")),
                self._tools,
                widgets.HBox([self._colour, self._symbol]),
                widgets.HBox([self._facing, self._priority]),
                self._target_box,
                _title("SELECTED"),
                self._selection,
                widgets.HBox([left, right, remove, set_priority]),
                self._craft_box,
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
            _title(_("SCENARIO EDITOR")),
            self._message,
            main,
            self._preview_log,
            self._build_files(),
        ]

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

    def _build_files(self) -> widgets.Widget:
        c = self._controller
        setups = widgets.Dropdown(options=list(SETUP_CHOICES), description=_("Board"))  # type: ignore[call-overload]
        self._setup = _sized(setups, "190px", "asteroyds-editor-setup")
        self._seed = _sized(widgets.IntText(value=1, description=_("Seed")), "140px")
        self._players = _sized(widgets.Text(value="blue", description=_("Players")), "220px")
        self._mode = _sized(widgets.Dropdown(options=list(modes()), description=_("Mode")), "190px")
        self._mode.add_class("asteroyds-editor-mode")
        self._mode.observe(self._mode_changed, names="value")
        mode_tip = widgets.HTML(
            "<span class='asteroyds-caption'>Mode: how this board is played (an empty new board "
            "takes it too)</span>"
        )
        new = _button(_("New board"), "asteroyds-editor-new", _("Start again from this board (undoable)"))
        new.on_click(lambda _b: self._run(self._new_board))
        self._download = widgets.HTML(layout=widgets.Layout(margin="0 16px 0 0"))
        self._download.add_class("asteroyds-editor-download")
        self._share = _sized(widgets.HTML(), "560px", "asteroyds-editor-share")
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load scenario"))
        self._upload.add_class("asteroyds-editor-upload")
        self._upload.observe(lambda ch: self._run(lambda: self._uploaded(ch["new"])), names="value")
        self._json_shown = c.to_json()  # what the text box shows until someone types in it
        text = widgets.Textarea(
            value=self._json_shown, placeholder=_("…or paste a scenario (or a demo) here")
        )
        self._json = _sized(text, "560px", "asteroyds-editor-json")
        self._json.layout.height = "150px"
        load = _button(_("Load the text"), "asteroyds-editor-load-text", _("Load the scenario pasted above"))
        load.on_click(lambda _b: self._run(lambda: c.load_json(self._json.value, "pasted text")))
        show = _button(
            _("Show this board's JSON"), "asteroyds-editor-show-json", _("Write the board as JSON above")
        )
        show.on_click(lambda _b: self._show_json(force=True))
        row = widgets.HBox([self._download, self._upload], layout=widgets.Layout(align_items="center"))
        self._play = _sized(widgets.HTML(), "560px", "asteroyds-editor-play")
        boxes = [
            widgets.VBox(
                [_title(_("NEW BOARD")), self._setup, self._seed, self._players, new, self._mode, mode_tip]
            ),
            widgets.VBox(
                [
                    _title(_("SAVE, LOAD, SHARE AND PLAY")),
                    row,
                    self._json,
                    widgets.HBox([load, show]),
                    self._share,
                    self._play,
                ]
            ),
        ]
        for box in boxes:
            box.add_class("asteroyds-card")
        return widgets.HBox(boxes, layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px"))

    @staticmethod
    def _tool_options(mode: str) -> list[tuple[str, str]]:
        """The palette's buttons: the tools of the board's mode."""
        return [(TOOL_LABELS[t], t) for t in tools_for(mode)]

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

    def _new_board(self) -> None:
        if self._setup.value == "empty":
            self._controller.new_board(self._mode.value)
            return
        players = self._players.value.replace(",", " ").split() or ["blue"]
        self._controller.load_setup(self._setup.value, self._seed.value, players)

    def _mode_changed(self, change: dict) -> None:
        if self._syncing or change["new"] == self._controller.state.mode:
            return
        self._run(lambda: self._controller.set_mode(change["new"]))
        if change["new"] != self._controller.state.mode:  # refused: the menu shows the board's mode again
            self._sync_widgets(self._controller)

    def _tool_changed(self, _change: dict) -> None:
        if self._syncing:
            return
        name = self._tools.value
        options: dict[str, Any] = {"orientation": self._facing.value, "priority": int(self._priority.value)}
        if name in TOOL_COLOURS:
            allowed = TOOL_COLOURS[name]
            if tuple(self._colour.options) != allowed:
                self._syncing = True
                try:
                    self._colour.options = list(allowed)
                    self._colour.value = allowed[0]
                finally:
                    self._syncing = False
            options["colour"] = self._colour.value
        team_board = bool(mode_named(self._controller.state.mode).team_kinds)  # capture: a team, no symbol
        if name in SYMBOL_TOOLS and not team_board:
            options["symbol"] = self._symbol.value
        team = self._team.value
        if name == TARGET_TOOL:  # the menu may still list the capture teams: then the first set
            options["team"] = team if team in SIDES else None
            options["number"] = int(self._number.value) or None
        elif name in TEAM_TOOLS and team in CAPTURE_TEAMS:
            options["team"] = team
        self._run(lambda: self._controller.select_tool(name, **options))

    def _apply_craft(self) -> None:
        c = self._controller
        if c.selected is None or c.selected[0] != "craft":
            c._refuse(_("Select a craft first"))
            return
        player = c.selected[1]
        craft = c.state.craft(player)
        # Read every field first: each change redraws the fields from the board.
        damage, pilot, tokens = int(self._damage.value), self._pilot.value or None, self._tokens.value
        if craft.damage != damage:
            c.set_damage(player, damage)
        if craft.pilot != pilot:
            c.set_pilot(player, pilot)
        if craft.tokens != parse_tokens(tokens):
            c.set_tokens(player, tokens)

    def _uploaded(self, value: Any) -> None:
        try:
            upload = uploaded_text(value, "a scenario")
        except ScenarioError as exc:
            self._controller._refuse(str(exc))
            return
        if upload is not None:
            text, name = upload
            self._controller.load_json(text, where=name)

    def _changed(self, c: EditorController) -> None:
        kind, mark = ("asteroyds-ok", "✔") if c.ok else ("asteroyds-refused", "⚠")
        self._message.value = (
            f'<span class="{kind}" data-ok="{str(c.ok).lower()}">{mark} {html.escape(c.message)}</span>'
        )
        if self._previewing is None:
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
        self._selection.value = html.escape(c.describe())
        self._coach.refresh()
        self._sync_widgets(c)
        self._undo.disabled, self._redo.disabled = not c.can_undo, not c.can_redo
        self._download.value = download_html(c.to_json())
        self._show_json()
        link = html.escape(c.share_link(self._page_url))
        self._share.value = (
            f'<a class="asteroyds-link asteroyds-editor-share-link" href="{link}" target="_blank">'
            "↗ Share link</a> <span class='asteroyds-caption'>opens this board and these dice "
            "(right-click it to copy it)</span>"
        )
        self._play.value = self._play_html(c)

    def _play_html(self, c: EditorController) -> str:
        """Can this board start a game (the engine's checks)? If so, a link that plays it in the sandbox."""
        problems = c.play_problems()
        if problems:
            more = _(" (and {value} more)", value=len(problems) - 1) if len(problems) > 1 else ""
            return (
                f"<span class='asteroyds-caption' data-ready='false'>Not playable yet: "
                f"{html.escape(problems[0])}{more}</span>"
            )
        link = html.escape(links.sandbox_link(c.state, self._page_url))
        return (
            f'<span data-ready="true"><a class="asteroyds-link asteroyds-editor-play-link" href="{link}" '
            "target=\"_blank\">▶ Play this board in the sandbox</a> <span class='asteroyds-caption'>"
            "a new game on it, in a new tab (there, New game… chooses who plays it)</span></span>"
        )

    def _show_json(self, force: bool = False) -> None:
        """The board's JSON in the text box, unless someone has typed there (then only on request)."""
        if force or self._json.value == self._json_shown:
            self._json_shown = self._json.value = self._controller.to_json()

    def _sync_widgets(self, c: EditorController) -> None:
        self._syncing = True
        try:
            tool = c.tool
            team_board = bool(mode_named(c.state.mode).team_kinds)  # its pieces belong to teams (capture)
            options = self._tool_options(c.state.mode)
            if self._tools.options != tuple(options):
                self._tools.options = options
            self._tools.value = tool.name
            team_tool = team_board and tool.name in TEAM_TOOLS
            coloured = tool.name in TOOL_COLOURS and not team_tool  # a team's piece takes the team's colour
            self._colour.layout.display = "" if coloured else "none"
            self._symbol.layout.display = "" if tool.name in SYMBOL_TOOLS and not team_board else "none"
            self._target_box.layout.display = "" if tool.name == TARGET_TOOL or team_tool else "none"
            self._number.layout.display = "" if tool.name == TARGET_TOOL else "none"
            teams = list(SIDES) if tool.name == TARGET_TOOL else list(CAPTURE_TEAMS)
            if list(self._team.options) != teams:
                self._team.options = teams
            if tool.team in teams:
                self._team.value = tool.team
            tip = _(TARGET_TIP) if tool.name == TARGET_TOOL else _(TEAM_TIP)
            self._team_tip.value = f"<span class='asteroyds-caption'>{html.escape(tip)}</span>"
            self._mode.value = c.state.mode
            kind, key = c.selected or ("", "")
            self._craft_box.layout.display = "" if kind == "craft" else "none"
            if kind == "craft":
                craft = c.state.craft(key)
                self._damage.value = min(craft.damage, MAX_DAMAGE - 1)
                self._pilot.value = craft.pilot or ""
                self._tokens.value = " ".join(craft.tokens)
            elif kind == "piece" and c.state.piece(key).priority is not None and tool.name != "priority":
                self._priority.value = min(c.state.piece(key).priority or 1, self._priority.max)
            if c.dice != self._dice.dice:
                self._dice.set(*c.dice.as_tuple())
        finally:
            self._syncing = False


__all__ = ["CSS", "ScenarioEditor", "download_html"]
