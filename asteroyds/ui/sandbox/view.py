"""The sandbox: a whole game for humans (hot seat) and bots, in any mode of the box, as one widget.

Three modules, named after what they hold:
:mod:`~asteroyds.ui.sandbox.setup` (:class:`Seat`, :class:`SandboxSetup`:
the choices, and the game they build), :mod:`~asteroyds.ui.sandbox.controller`
(:class:`SandboxController`: hot-seat planning, bots, undo, rewind, save and
load, in plain Python; its docstring lists the sandbox's decisions) and this
one, the view :class:`Sandbox` (CSS class ``asteroyds-sandbox``) with its
setup card (:mod:`~asteroyds.ui.sandbox.panel`). Every rule is the engine's.

Capture the Asteroyd (RULES §11) plays here too: the human crafts of a team
plan together on their capture charts under one stopwatch, then the next
team; bots plan at once; *Resolve turn* plays the 6 rounds and the round
player steps through them; the scoreboard shows the team scores. (The
controller's docstring plays a racing round; here a capture turn, bots only.)

A game may start from a scenario (the scenario editor's board, any mode):
*Load…* offers *Load a scenario* next to the saved games, and a
``?scenario=`` link (the editor's *Play this board in the sandbox*) opens
one as a new game (:meth:`Sandbox.open_query`).

>>> capture = SandboxController(SandboxSetup.capture(teams=2, crafts_per_team=1, humans=(), seed=2))
>>> _ = capture.new_game()
>>> capture.play_round(), capture.game.round, capture.player.phase
('roll', 2, 'end')
"""

from __future__ import annotations

import html
from functools import cached_property
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...errors import AsteroydsError, ScenarioError
from ...i18n import _
from ...modes.targets import team_of
from ...state import State
from .. import theme
from ..chart import chart_widget
from ..chart.stopwatch import Stopwatch
from ..coach.view import CoachPanel
from ..player.dice import DiceView
from ..player.view import RoundPlayer
from ..share import links
from ..share.actions import ShownErrors
from ..share.files import uploaded_text
from ..share.pictures import board_picture
from .controller import STAGES, SandboxController
from .drawing import CSS, SandboxDrawing, _BoardPort, _SandboxDice, _walk
from .panel import SetupPanel
from .panel import button as _button
from .panel import html_part as _html
from .scoreboard import CSS as scoreboard_css_text
from .scoreboard import ProgressPlot, Scoreboard
from .setup import (
    KIND_NAMES,
    KINDS,
    SandboxSetup,
    Seat,
    asteroid_choices,
)

if TYPE_CHECKING:  # bqplot (and numpy, pandas) are imported when a game first shows the board
    from ..board.view import BoardView


class Sandbox(SandboxDrawing, ShownErrors, widgets.VBox):
    """A whole game in one widget: setup, dice, hot-seat planning, the round player, the scores.

    CSS classes for browser tests: ``asteroyds-sandbox`` (root),
    ``asteroyds-board-picture`` (the board before the first game: a static SVG;
    the game puts the interactive ``asteroyds-board-view`` in its place),
    ``asteroyds-sandbox-data`` (hidden: ``data-stage``, ``data-round``,
    ``data-player``...), ``asteroyds-start`` (Start the game),
    ``asteroyds-handover-ready``, ``asteroyds-submit`` (Done), ``asteroyds-undo``,
    ``asteroyds-back``, ``asteroyds-save-link``, ``asteroyds-load``,
    ``asteroyds-upload-scenario`` and ``asteroyds-load-scenario`` (a scenario
    from a file or from the text box), ``asteroyds-on-scenario`` (New game…
    plays the loaded scenario again),
    ``asteroyds-gameover``, ``asteroyds-scoreboard``, ``asteroyds-progress-plot``,
    and the round player's (``asteroyds-btn-asteroids``, ``asteroyds-btn-next``...).
    """

    def __init__(self, setup: SandboxSetup | None = None, *, start: bool = False) -> None:
        super().__init__(
            _dom_classes=["asteroyds-panel", "asteroyds-sandbox"], layout=widgets.Layout(grid_gap="8px")
        )
        self._controller = SandboxController(setup)
        self._port = _BoardPort(self)
        self._player_view: RoundPlayer | None = None
        self._charts: dict[str, Any] = {}  # player -> the chart widget of the game's mode
        self._drawn: tuple[Any, ...] = ()
        self._history_len = -1
        self._build()
        self._controller.observe(lambda _c: self._safely(self._refresh))
        if start:
            self._run(self._start_game)
        self._safely(self._refresh)

    @property
    def controller(self) -> SandboxController:
        return self._controller

    @property
    def board(self) -> BoardView:
        """The interactive board (bqplot), built on first use: before the first game a picture stands in."""
        return self._board

    @property
    def board_built(self) -> bool:
        """Has the interactive board been built yet (a game, or a caller, asked for it)?"""
        return "_board" in self.__dict__

    @property
    def round_player(self) -> RoundPlayer | None:
        return self._player_view

    @property
    def scoreboard(self) -> Scoreboard:
        return self._scoreboard

    @property
    def progress_plot(self) -> ProgressPlot:
        return self._plot

    @property
    def error(self) -> str:
        """The error shown (plain text), or ""."""
        return self._error_text

    def chart(self, player: str) -> Any:
        """The chart widget of a human player, made on first use: the one its mode plans on
        (:mod:`asteroyds.ui.chart`; bqplot is imported once a status chart is shown)."""
        if player not in self._charts:
            c = self._controller
            game = c.game
            assert game is not None
            self._charts[player] = chart_widget(game.state, c.charts[player], player)
            if c.turn.asteroid_phase:  # the planning board flies the program as a ghost: follow the chart
                self._charts[player].on_change(
                    lambda _p, who=player: self._safely(lambda: self._draw_planning(who))
                )
        return self._charts[player]

    # --- actions (buttons call these; tests may too) ---------------------------------------
    def start_game(self) -> None:
        self._run(self._start_game)

    def _start_game(self) -> None:
        chosen = self.read_setup()
        if self._scenario is not None and self._on_scenario.value:
            board, where = self._scenario
            self._controller.load_scenario(board, where, setup=chosen)
        else:
            self._controller.new_game(chosen)
        self._charts = {}
        self._show_setup(False)

    def load_scenario(self, text: str, where: str = "the scenario") -> None:
        """Start a new game on a scenario's JSON text; the setup panel says who plays.

        A broken or unplayable scenario is shown as an error and the game in
        progress is kept.
        """
        self._run(lambda: self._load_scenario(text, where))

    def open_query(self, query_string: str | None) -> None:
        """Open a ``?scenario=`` link (the editor's *Play this board*) as a new game; errors are shown."""
        self._run(lambda: self._open_query(query_string))

    def _open_query(self, query_string: str | None) -> None:
        try:
            state = links.scenario_from_query(query_string)
        except AsteroydsError as exc:
            raise ScenarioError(links.link_error(exc)) from None
        if state is not None:
            self._controller.load_scenario(state, _("the link's scenario"), setup=self._panel_setup())
            self._loaded_scenario(_("the link's scenario"))

    def read_setup(self) -> SandboxSetup:
        """The setup panel's choices."""
        return self._panel.read()

    # --- building -------------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._error_text = ""
        self._title = _html("asteroyds-sandbox-title", _("ASTEROYDS SANDBOX"))
        self._status = _html("asteroyds-sandbox-status")
        self._data = _html("asteroyds-sandbox-data", display="none")
        self._error = _html("asteroyds-error")
        self._message = _html("asteroyds-message")
        self._banner = _html("asteroyds-gameover", own_layout=True, display="none")
        # toolbar
        self._setup_toggle = _button(_("New game…"), "asteroyds-new-game", _("Show the setup panel"))
        self._setup_toggle.on_click(lambda _b: self._show_setup(self._setup_box.layout.display == "none"))
        self._undo = _button(_("Undo"), "asteroyds-undo", _("Take back the last step"), width="80px")
        self._undo.on_click(lambda _b: self._run(c.undo))
        self._rounds = widgets.Dropdown(
            description=_("Back to round"),
            style={"description_width": "96px"},
            layout=widgets.Layout(width="170px"),
            _dom_classes=["asteroyds-rounds"],
        )
        self._back = _button(_("Go"), "asteroyds-back", _("Back to the start of that round"), width="50px")
        self._back.on_click(lambda _b: self._run(lambda: c.back_to_round(int(self._rounds.value or 1))))
        self._save = _html("asteroyds-save-link")
        self._load_toggle = _button(_("Load…"), "asteroyds-load-toggle", _("Load a saved game"))
        self._load_toggle.on_click(lambda _b: self._toggle(self._load_box))
        self._load_slot = widgets.VBox()  # the Load… box, built the first time it is asked for
        toolbar = widgets.HBox(
            [self._setup_toggle, self._undo, self._rounds, self._back, self._save, self._load_toggle],
            layout=widgets.Layout(align_items="center", grid_gap="8px", flex_flow="row wrap"),
        )
        header = widgets.HBox(
            [widgets.VBox([self._title, self._status]), toolbar],
            layout=widgets.Layout(
                justify_content="space-between", align_items="center", flex_flow="row wrap"
            ),
        )
        # Before the first game the board is a static picture (asteroyds.render.svg): a page nobody
        # plays costs the class server no bqplot import (numpy, pandas) and none of its ~35 widgets.
        self._preview_state = c.setup.build().state
        self._picture = _html("asteroyds-board-picture", board_picture(self._preview_state))
        self._board_slot = widgets.VBox([self._picture])
        self._panel = SetupPanel(c.setup, lambda: self._run(self._start_game), self._preview)
        # After a scenario was loaded: New game… plays it again (the panel says who plays), or not.
        self._scenario: tuple[State, str] | None = None
        self._on_scenario = widgets.Checkbox(
            value=True,
            indent=False,
            layout=widgets.Layout(width="auto", display="none"),
            _dom_classes=["asteroyds-on-scenario"],
        )
        self._setup_box = widgets.VBox([self._on_scenario, self._panel])
        # the board, the stage card, the round player's companions (the dice, the scoreboard and the
        # progress plot are built when a game first shows them: a page costs the class server less)
        self._dice_note = _html("asteroyds-note")
        self._handover = _html("asteroyds-card")
        self._handover.add_class("asteroyds-handover-card")
        self._ready = _button(_("Show my chart"), "asteroyds-handover-ready", primary=True, width="260px")
        self._ready.on_click(lambda _b: self._run(self._show_chart))
        self._stopwatch_box = widgets.VBox()
        self._submit = _button(_("Done: lock in my program"), "asteroyds-submit", primary=True, width="260px")
        self._submit.on_click(lambda _b: self._run(self._submit_program))
        self._coach_note = _html("asteroyds-note", width="440px")
        self._stage_box = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="470px"))
        self._companions = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="470px"))
        self._chart_box = widgets.VBox()
        self._left_slot = widgets.VBox()  # the scoreboard under the board (below the chart while planning)
        self._bottom = widgets.HBox(layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))
        main = widgets.HBox(
            [
                widgets.VBox([self._board_slot, self._left_slot]),
                widgets.VBox([self._stage_box, self._companions]),
            ],
            layout=widgets.Layout(grid_gap="10px", align_items="flex-start", flex_flow="row wrap"),
        )
        self.children = [
            widgets.HTML(theme.CSS + CSS + scoreboard_css_text),
            header,
            self._setup_box,
            self._load_slot,
            self._banner,
            self._message,
            self._error,
            main,
            self._chart_box,
            self._bottom,
            self._data,
        ]

    @cached_property
    def _board(self) -> BoardView:
        from ..board.view import BoardView

        board = BoardView(self._preview_state, size="compact")
        board.layout.padding = "0"  # board and side column fit a 1280-pixel screen
        self._board_slot.children = [board]
        return board

    @cached_property
    def _dice(self) -> DiceView:
        dice = DiceView(controller=_SandboxDice(lambda: self._controller.roll()))
        for w in _walk(dice):
            if isinstance(w, widgets.Dropdown):
                w.layout.display = "none"  # the sandbox rolls seeded dice only (a seed replays a game)
        return dice

    @property
    def coach(self) -> CoachPanel:
        """The coach's panel: the danger-map switch, "Show me the best plan", the comparison."""
        return self._coach

    @cached_property
    def _coach(self) -> CoachPanel:
        c = self._controller
        return CoachPanel(
            self._board,
            question=c.coach_question,
            chart=lambda: self._charts.get(c.current_player or ""),
            danger_state=c.danger_state,
            reviews=c.reviews,
        )

    @cached_property
    def _scoreboard(self) -> Scoreboard:
        board = Scoreboard()
        board.layout.width = "700px"
        return board

    @cached_property
    def _plot(self) -> ProgressPlot:
        return ProgressPlot()

    def _hide_load_box(self) -> None:
        if "_load_parts" in self.__dict__:  # never built: nothing to hide
            self._load_box.layout.display = "none"

    @property
    def _load_box(self) -> widgets.VBox:
        return self._load_parts["box"]

    @property
    def _text(self) -> widgets.Textarea:
        return self._load_parts["text"]

    @cached_property
    def _load_parts(self) -> dict[str, widgets.Widget]:
        """The Load… box and its inputs, built once, the first time anything asks for them."""
        upload = widgets.FileUpload(accept=".json", multiple=False, description=_("Load a file"))
        upload.add_class("asteroyds-upload")
        upload.observe(lambda ch: self._run(lambda: self._load_upload(ch["new"])), names="value")
        scenario_upload = widgets.FileUpload(
            accept=".json", multiple=False, description=_("Load a scenario file")
        )
        scenario_upload.add_class("asteroyds-upload-scenario")
        scenario_upload.observe(
            lambda ch: self._run(lambda: self._scenario_uploaded(ch["new"])), names="value"
        )
        scenario_upload.layout.width = "200px"
        text = widgets.Textarea(
            placeholder=_("…or paste a saved game, or a scenario, here"),
            layout=widgets.Layout(width="600px", height="120px"),
        )
        text.add_class("asteroyds-load-text")
        load = _button(_("Load the text"), "asteroyds-load", _("Load the game pasted above"))
        load.on_click(lambda _b: self._run(lambda: self._load(text.value, _("the pasted text"))))
        tip = _("Start a new game on the scenario pasted above")
        play = _button(_("Play the text as a scenario"), "asteroyds-load-scenario", tip)
        play.on_click(lambda _b: self._run(lambda: self._load_scenario(text.value, _("the pasted text"))))
        note = _html(
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
        self._load_slot.children = [box]
        return {"box": box, "text": text, "upload": upload, "scenario_upload": scenario_upload}

    # --- setup panel -------------------------------------------------------------------------
    def _preview(self, state: State) -> None:
        """Before the first game, the board shows the layout the setup panel describes."""
        if self._controller.game is None:
            self._preview_state = state
            if self.board_built:
                self._board.update(state)
            else:
                self._picture.value = board_picture(state)

    def _show_setup(self, show: bool) -> None:
        self._setup_box.layout.display = "" if show else "none"

    @staticmethod
    def _toggle(box: widgets.Widget) -> None:
        box.layout.display = "" if box.layout.display == "none" else "none"

    # --- loading ------------------------------------------------------------------------------
    def _load_upload(self, value: Any) -> None:
        upload = uploaded_text(value, _("a saved game"))  # ScenarioError: shown by _run
        if upload is not None:
            text, name = upload
            self._load(text, name)

    def _load(self, text: str, where: str) -> None:
        self._controller.load_text(text, where=where)
        self._charts = {}
        self._hide_load_box()

    def _scenario_uploaded(self, value: Any) -> None:
        upload = uploaded_text(value, "a scenario")  # ScenarioError: shown by _run
        if upload is not None:
            text, name = upload
            self._load_scenario(text, name)

    def _load_scenario(self, text: str, where: str) -> None:
        self._controller.load_scenario(text, where, setup=self._panel_setup())
        self._hide_load_box()
        self._loaded_scenario(where)

    def _loaded_scenario(self, where: str) -> None:
        """A game started on a scenario: New game… offers to play it again."""
        board = self._controller.setup.board
        assert board is not None
        self._scenario = (board, where)
        self._on_scenario.value = True
        self._on_scenario.description = _(
            "Play the loaded scenario ({where}, a {mode} board) instead of the built-in layout",
            where=where,
            mode=board.mode,
        )
        self._on_scenario.layout.display = ""
        self._charts = {}
        self._show_setup(False)

    def _panel_setup(self) -> SandboxSetup:
        """Who plays a scenario: the setup panel's choices (the current setup if they cannot be read)."""
        try:
            return self.read_setup()
        except Exception:  # a half-filled panel: the game's own setup still says who plays
            return self._controller.setup

    # --- hot seat -----------------------------------------------------------------------------
    def _show_chart(self) -> None:
        c = self._controller
        c.show_chart()
        for player in c.current_players:  # capture: the whole team's charts, one stopwatch
            self.chart(player).unlock()
        sw = self._stopwatch(reset=True)
        sw.start()
        self._draw_planning()

    def _submit_program(self) -> None:
        if self._controller.current_players:
            self._stopwatch().pause()
        self._controller.submit()

    def _stopwatch(self, reset: bool = False) -> Stopwatch:
        c = self._controller
        game = c.game
        assert game is not None
        key = (id(game), c.planning_seconds)
        if getattr(self, "_sw_key", None) != key:
            self._sw = Stopwatch(c.planning_seconds, mode=game.state.mode, rules=game.rules)
            self._sw.on_timeout(lambda: self._safely(self._time_up))
            self._sw_key = key
        elif reset:
            self._sw.reset(c.planning_seconds)
        return self._sw

    def _time_up(self) -> None:
        c = self._controller
        for player in c.current_players:
            if player in self._charts:
                self._charts[player].lock()
        if c.current_team is not None:
            text = _(
                "Time is up, {current_team} team: your charts are locked. Press Done.",
                current_team=c.current_team,
            )
        else:
            text = _(
                "Time is up, {current_player}: your chart is locked. Press Done.",
                current_player=c.current_player,
            )
        self._message.value = html.escape(text)


__all__ = [
    "KINDS",
    "KIND_NAMES",
    "STAGES",
    "Sandbox",
    "SandboxController",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "team_of",
]
