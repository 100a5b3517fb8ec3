"""The sandbox: a whole game for humans (hot seat) and bots, in any mode of the box, as one widget.

Modules named after what they hold:
:mod:`~asteroyds.ui.sandbox.setup` (:class:`Seat`, :class:`SandboxSetup`:
the choices, and the game they build), :mod:`~asteroyds.ui.sandbox.controller`
(:class:`SandboxController`: hot-seat planning, bots, undo, rewind, save and
load, in plain Python; its docstring lists the sandbox's decisions) and this
one, the view :class:`Sandbox` (CSS class ``asteroyds-sandbox``). The view is
composed of parts, each an object with its own widgets and state: the setup
card (:mod:`~asteroyds.ui.sandbox.panel`), the header
(:mod:`~asteroyds.ui.sandbox.toolbar`), the board
(:mod:`~asteroyds.ui.sandbox.drawing`), the hot seat's cards
(:mod:`~asteroyds.ui.sandbox.hotseat_view`), the dice and the round player
(:mod:`~asteroyds.ui.sandbox.round_column`), the Load… box
(:mod:`~asteroyds.ui.sandbox.files_box`), the scores
(:mod:`~asteroyds.ui.sandbox.scoreboard`) and the error line
(:class:`~asteroyds.ui.share.actions.ErrorLine`). Every rule is the engine's. Tests (and a
notebook driving the page) reach its widgets through ``Sandbox.parts``
(:class:`~asteroyds.ui.sandbox.parts.SandboxParts`), not its private attributes.

Capture the Asteroyd (docs/rules.md#11-capture-the-asteroyd) plays here too: the human crafts of a team
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
from collections.abc import Callable
from functools import cached_property
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...errors import AsteroydsError, ScenarioError
from ...i18n import _
from ...modes import mode_of
from ...modes.targets import team_of
from .. import theme
from ..coach.view import CoachPanel
from ..player.view import RoundPlayer
from ..share import links
from ..share.actions import ErrorLine
from ..share.markup import tag
from ..share.plan_layout import PlanLayout
from ..theme import sheet
from .controller import STAGES, SandboxController
from .drawing import SandboxBoard
from .files_box import GameFilesBox
from .hints import hints_allowed
from .hotseat_view import HotSeatCard
from .panel import SetupPanel
from .panel import html_part as _html
from .parts import SandboxParts
from .query import sandbox_query
from .round_column import RoundColumn
from .scoreboard import CSS as scoreboard_css_text
from .scoreboard import ProgressPlot, Scoreboard
from .setup import (
    KIND_NAMES,
    KINDS,
    SandboxSetup,
    Seat,
    asteroid_choices,
)
from .toolbar import SandboxToolbar

if TYPE_CHECKING:  # bqplot (and numpy, pandas) are imported when a game first shows the board
    from ..board.view import BoardView

CSS = sheet("sandbox")


class Sandbox(widgets.VBox):
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

    def __init__(
        self, setup: SandboxSetup | None = None, *, start: bool = False, hints: bool | None = None
    ) -> None:
        super().__init__(
            _dom_classes=["asteroyds-panel", "asteroyds-sandbox"], layout=widgets.Layout(grid_gap="8px")
        )
        # hints: the teacher's switch (None: the server's, ASTEROYDS_HINTS; a page's ?hints=off, open_query)
        self._controller = SandboxController(setup, hints=hints_allowed() if hints is None else hints)
        self._history_len = -1
        self._hints_from = 0  # the showing of charts the coach's danger map was last switched off for
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
        return self._board_area.board

    @property
    def board_built(self) -> bool:
        """Has the interactive board been built yet (a game, or a caller, asked for it)?"""
        return self._board_area.built

    @property
    def round_player(self) -> RoundPlayer | None:
        return self._round.player_view

    @property
    def scoreboard(self) -> Scoreboard:
        return self._scoreboard

    @property
    def progress_plot(self) -> ProgressPlot:
        return self._plot

    @property
    def error(self) -> str:
        """The error shown (plain text), or ""."""
        return self._errors.text

    def chart(self, player: str) -> Any:
        """The chart widget of a human player, made on first use: the one its mode plans on
        (:mod:`asteroyds.ui.chart`; bqplot is imported once a status chart is shown)."""
        return self._hot_seat.chart(player)

    # --- actions (buttons call these; tests may too) ---------------------------------------
    def start_game(self) -> None:
        self._run(self._start_game)

    def _start_game(self) -> None:
        self._files.new_game(self.read_setup())
        self._game_started(True)

    def load_scenario(self, text: str, where: str = "the scenario") -> None:
        """Start a new game on a scenario's JSON text; the setup panel says who plays.

        A broken or unplayable scenario is shown as an error and the game in
        progress is kept.
        """
        self._run(lambda: self._files.load_scenario(text, where))

    def open_query(self, query_string: str | None) -> None:
        """Open the page's link: a ``?scenario=`` (the editor's *Play this board*) or a game's setup
        (``?players=…&humans=…&seed=…``: a chapter's *Play this race*) as a new game, and ``?hints=off``
        (the teacher's switch); errors are shown."""
        self._run(lambda: self._open_query(query_string))

    def _open_query(self, query_string: str | None) -> None:
        asked = sandbox_query(query_string)
        if not asked.hints:  # the teacher's switch: a link cannot switch back on what the server switched off
            self._controller.hints_allowed = False
            self._controller.hints.allowed = False
            if "_coach" in self.__dict__:
                self._coach.allow_hints(False)
        if asked.setup is not None:
            self._panel.show(asked.setup)
            self._files.new_game(asked.setup)
            self._game_started(True)
            return
        try:
            state = links.scenario_from_query(query_string)
        except AsteroydsError as exc:
            raise ScenarioError(links.link_error(exc)) from None
        if state is not None:
            self._files.open_scenario(state, _("the link's scenario"))

    def read_setup(self) -> SandboxSetup:
        """The setup panel's choices."""
        return self._panel.read()

    def _panel_setup(self) -> SandboxSetup:
        """Who plays a scenario: the setup panel's choices (the current setup if they cannot be read)."""
        try:
            return self.read_setup()
        except Exception:  # a half-filled panel: the game's own setup still says who plays
            return self._controller.setup

    def _game_started(self, hide_setup: bool) -> None:
        """A game started (New game…, a file, a scenario): its humans get new charts."""
        self._hot_seat.forget_charts()
        if hide_setup:
            self._show_setup(False)

    def _run(self, action: Callable[[], object]) -> None:
        """Run a button's action; an error is shown in the page and changes nothing."""
        self._errors.run(action)

    def _safely(self, action: Callable[[], object]) -> None:
        self._errors.safely(action)

    def _say(self, text: str) -> None:
        self._message.value = html.escape(text)

    # --- building -------------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._data = _html("asteroyds-sandbox-data", display="none")
        self._error = _html("asteroyds-error")
        self._errors = ErrorLine(self._error, self._refresh)
        self._message = _html("asteroyds-message")
        self._banner = _html("asteroyds-gameover", own_layout=True, display="none")
        self._toolbar = SandboxToolbar(
            c,
            self._run,
            toggle_setup=lambda: self._show_setup(self._setup_box.layout.display == "none"),
            toggle_load=lambda: self._files.toggle(),
        )
        self._board_area = SandboxBoard(c, c.setup.build().state)
        self._panel = SetupPanel(c.setup, lambda: self._run(self._start_game), self._board_area.preview)
        self._files = GameFilesBox(c, self._run, self._panel_setup, self._game_started)
        self._setup_box = widgets.VBox([self._files.on_scenario, self._panel])
        self._hot_seat = HotSeatCard(c, self._board_area, self._errors, self._say)
        self._round = RoundColumn(c, self._board_area.port)
        self.parts = SandboxParts(
            round_column=self._round,
            hot_seat=self._hot_seat,
            toolbar=self._toolbar,
            board=self._board_area,
            files=self._files,
            run=self._run,
        )
        # the board, the stage card, the round player's companions (the dice, the scoreboard and the
        # progress plot are built when a game first shows them: a page costs the class server less)
        self._stage_box = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="100%"))
        self._companions = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="100%"))
        self._chart_box = widgets.VBox()
        self._left_slot = widgets.VBox()  # the scoreboard under the board (below the chart while planning)
        self._bottom = widgets.HBox(layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))
        # the board and, beside it, the stage: while planning, the stopwatch, Done and the whole chart
        # on one screen (PlanLayout: side by side from 1200 px wide, stacked below)
        self._main = PlanLayout(
            widgets.VBox([self._board_area.slot, self._left_slot]), [self._stage_box, self._companions]
        )
        self.children = [
            widgets.HTML(theme.CSS + CSS + scoreboard_css_text),
            self._toolbar.header,
            self._setup_box,
            self._files.slot,
            self._banner,
            self._message,
            self._error,
            self._main,
            self._bottom,
            self._data,
        ]

    @property
    def coach(self) -> CoachPanel:
        """The coach's panel: the danger-map switch, "Show me the best plan", the comparison."""
        return self._coach

    @cached_property
    def _coach(self) -> CoachPanel:
        c = self._controller
        return CoachPanel(
            self.board,
            question=c.coach_question,
            chart=lambda: self._hot_seat.charts.get(c.current_player or ""),
            danger_state=c.danger_state,
            reviews=c.reviews,
            thinking=c.ask_coach,  # hints: counted, the stopwatch paused while the coach computes
            hints=c.hints_allowed,
        )

    @cached_property
    def _scoreboard(self) -> Scoreboard:
        board = Scoreboard()
        board.layout.width = "700px"
        return board

    @cached_property
    def _plot(self) -> ProgressPlot:
        return ProgressPlot()

    def _show_setup(self, show: bool) -> None:
        self._setup_box.layout.display = "" if show else "none"

    # --- drawing ------------------------------------------------------------------------------
    def _refresh(self) -> None:
        """Redraw the page from the controller: every part follows, then the page's own data."""
        c = self._controller
        stage = c.stage
        game = c.game
        self._message.value = html.escape(c.message)
        self._toolbar.refresh(stage)
        if stage == "setup":
            self._show_setup(True)
        summary = c.summary()  # who won, in which round, and the hints used: in words
        self._banner.value = _("Game over. {summary}", summary=html.escape(summary)) if summary else ""
        self._banner.layout.display = "" if summary else "none"
        if game is None:
            self._stage_box.children, self._companions.children, self._chart_box.children = (
                [self._setup_hint()],
                [],
                [],
            )
            self._publish(stage)
            return
        board = self._board_area
        self._main.follow(board.board)  # a game shows the interactive board: built here the first time
        if self._round.follow():
            board.forget()
        self._stage_children(stage)
        if stage in ("handover", "planning"):
            board.draw_planning()
        elif c.player is not None:
            rp = c.player
            board.draw_step(rp.current_state, rp.actor_cells, game.dice if game.phase == "plan" else None)
        # While the round player steps, the scores follow its cursor (no spoilers ahead of the board).
        shown = c.player.current_state if c.player is not None and board.stepping() else game.state
        target = mode_of(shown).points_to_win(shown, game.mode_rules)  # a team's points to win, or None
        self._scoreboard.update(shown, c.kinds, game.initial, title=game.state.mode, target=target)
        if len(game.history) != self._history_len or stage == "setup":
            self._history_len = len(game.history)
            self._plot.update(game.history)
        if "_coach" in self.__dict__:  # never built: nothing to follow
            if stage == "handover" or not c.hints_allowed or c.charts_shown != self._hints_from:
                self._hints_from = c.charts_shown  # whoever plans next asks for their own hints
                self._coach.set_danger(False)
            self._coach.refresh()
        self._publish(stage)

    def _stage_children(self, stage: str) -> None:
        """What the stage shows: the dice, the hand-over, the charts, or the round player; the coach."""
        c = self._controller
        self._round.show_dice(stage)
        companions: list[widgets.Widget] = []
        chart: list[widgets.Widget] = []
        if stage == "roll":
            stage_box = self._round.roll_card()
        elif stage == "handover":
            stage_box = [self._round.dice, *self._hot_seat.handover_card()]
        elif stage == "planning":
            # The chart beside the board, under the stopwatch and Done: at 1366x900 and 1280x720 the board,
            # the whole chart and Done are seen together while planning (issues 26, 34); the chart's click
            # grid comes under its program and message.
            stage_box, charts = self._hot_seat.planning_card()
            stopwatch, done, note = stage_box
            stage_box, chart = [stopwatch, done, self._chart_box, note], [charts]
        else:
            stage_box, companions = self._round.stepping_cards()
        if c.coaches:  # the danger map and the best plan (built the first time a game shows them)
            stage_box = [*stage_box, self._coach]
        planning = stage in ("handover", "planning")
        self._stage_box.children = stage_box
        self._companions.children = companions
        self._chart_box.children = chart
        self._left_slot.children = [] if planning else [self._scoreboard, self._plot]
        self._bottom.children = [self._scoreboard, self._plot] if planning else []

    def _setup_hint(self) -> widgets.Widget:
        return _html(
            "asteroyds-card",
            _(
                "<b>No game yet.</b><br>Choose the mode and the players above, "
                "then press <b>Start the game</b>."
            ),
            width="440px",
        )

    def _publish(self, stage: str) -> None:
        """The page's data for browser tests (hidden): the stage, the round, who plans, the error."""
        c = self._controller
        game = c.game
        # A game running: leaving or reloading the page asks first (the page template reads the class).
        running = game is not None and not c.outcome_text
        (self.add_class if running else self.remove_class)("asteroyds-keep-on-leave")
        attrs = {
            "data-stage": stage,
            "data-round": "" if game is None else str(game.round),
            "data-phase": "" if game is None else game.phase,
            "data-player": c.current_player or "",
            "data-team": c.current_team or "",
            "data-planning": " ".join(c.current_players),
            "data-mode": "" if game is None else game.state.mode,
            "data-outcome": c.outcome_text,
            "data-error": self._errors.text,
            "data-inputs": "" if game is None else str(len(game.inputs)),
            "data-hints": "" if game is None else str(c.hints.used),
            "data-hints-allowed": "yes" if c.hints_allowed else "no",
        }
        self._data.value = tag("div", class_="asteroyds-sandbox-values", **attrs)


__all__ = [
    "KINDS",
    "KIND_NAMES",
    "STAGES",
    "Sandbox",
    "SandboxController",
    "SandboxParts",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "team_of",
]
