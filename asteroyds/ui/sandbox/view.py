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
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as widgets

from ...dice import Dice
from ...errors import AsteroydsError, ScenarioError
from ...hexgrid import Cell
from ...modes.capture_resolve import teams as capture_teams
from ...modes.targets import team_of
from ...shooting import LaserFired
from ...state import State
from .. import theme
from ..board.view import BoardView
from ..chart.capture import CaptureChart
from ..chart.status_view import StatusChart
from ..chart.stopwatch import Stopwatch
from ..player.dice import DiceController, DiceView
from ..player.event_log import EventLog
from ..player.inspector import PriorityInspector
from ..player.view import RoundPlayer, board_caption, draw_disabled, draw_laser
from ..share import links
from ..share.files import download_link, uploaded_text
from .controller import STAGES, SandboxController
from .panel import SetupPanel
from .panel import button as _button
from .panel import html_part as _html
from .scoreboard import CSS as scoreboard_css_text
from .scoreboard import ProgressPlot, Scoreboard
from .setup import (
    CAPTURE,
    KIND_NAMES,
    KINDS,
    SANDBOX_MODES,
    SandboxSetup,
    Seat,
    asteroid_choices,
    capture_crafts,
)

STAGE_TEXT: dict[str, str] = {
    "setup": "Choose the mode and the players, then press Start the game.",
    "roll": "{first} is player one: roll the dice.",
    "handover": "Pass the device to {player}.",
    "planning": "{player} is planning (the other charts are hidden).",
    "plan": "Every human is ready: the bots plan, then the asteroids move.",
    "asteroids": "Every program is in: press Asteroids to move them.",
    "fly": "The asteroids have moved: step through them (step ▶ or Play), then press Fly.",
    CAPTURE: "Every program is in: press Resolve turn to play the 6 rounds (lasers, then moves).",
    "end": "Every craft has flown: step through the flight, then press End round.",
    "decision": "{asked} must answer a question.",
    "over": "Game over.",
}
# Capture (RULES §11): teams plan together; a turn of 6 rounds instead of asteroids and flight.
CAPTURE_STAGE_TEXT: dict[str, str] = {
    "handover": "Pass the device to the {team} team.",
    "planning": "The {team} team is planning (the other teams' charts are hidden).",
    "plan": "Every human team is ready: the bots plan, then the turn is resolved.",
    "end": "The turn is resolved: step through its 6 rounds, lasers then moves, then press End turn.",
}
CSS = """<style>
.asteroyds-sandbox { max-width: 1260px; }
.asteroyds-sandbox .asteroyds-sandbox-title { font-size: 22px; font-weight: bold; letter-spacing: .08em; }
.asteroyds-sandbox .asteroyds-sandbox-status { font-size: 17px; }
.asteroyds-sandbox .asteroyds-sandbox-status b { color: #ffd21f; }
.asteroyds-sandbox .asteroyds-card { background: #141d40; border: 1px solid #34427a; border-radius: 10px;
  padding: 10px 14px; }
.asteroyds-sandbox .asteroyds-handover-card { text-align: center; padding: 18px 10px; }
.asteroyds-sandbox .asteroyds-handover-card .asteroyds-big { font-size: 26px; font-weight: bold; }
.asteroyds-sandbox .asteroyds-gameover { background: #3a2e08; border: 2px solid #ffd21f; border-radius: 10px;
  padding: 10px 16px; font-size: 20px; font-weight: bold; color: #fff4c2; }
.asteroyds-sandbox .asteroyds-section { font-weight: bold; font-size: 12px; letter-spacing: .12em;
  color: #9aa6cc; margin-top: 6px; }
.asteroyds-sandbox .asteroyds-note { color: #9aa6cc; font-size: 13px; }
.asteroyds-sandbox .asteroyds-note .widget-html-content,
.asteroyds-sandbox .asteroyds-card .widget-html-content { line-height: 1.4; }
.asteroyds-sandbox .asteroyds-message { color: #c9d3f5; font-size: 14px; }
.asteroyds-sandbox .asteroyds-save-link a { display: inline-block; padding: 5px 12px; border-radius: 5px;
  background: #26305a; color: #e8eeff; text-decoration: none; font-size: 13px; }
.asteroyds-sandbox .widget-label-basic span, .asteroyds-sandbox .widget-label { color: #e8eeff; }
.asteroyds-sandbox .asteroyds-dice-waiting .asteroyds-die,
.asteroyds-sandbox .asteroyds-dice-waiting .asteroyds-dice-values { opacity: .3; }
.asteroyds-sandbox .asteroyds-dot { display: inline-block; width: 14px; height: 14px; border-radius: 50%; }
.asteroyds-sandbox .widget-text input, .asteroyds-sandbox textarea,
.asteroyds-sandbox .widget-select-multiple select { background-color: #141b3a; color: #e8eeff; }
</style>"""


def _walk(widget: widgets.Widget) -> Iterable[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


class _SandboxDice(DiceController):
    """The dice panel's Roll rolls the game's seeded dice (so a seed replays the same game)."""

    def __init__(self, roll: Callable[[], Dice]) -> None:
        super().__init__(dice=(1, 1, 1))
        self._roll_game = roll

    def roll(self) -> Dice:
        self.rolls += 1
        return self._change(Dice.of(self._roll_game()))


class _BoardPort:
    """The board as the round player sees it: the sandbox's board, frozen while a human plans in secret.

    Reads go to the board; calls are dropped during the hot seat, and ghost paths always (the
    sandbox draws the planning player's own, and nobody else's).
    """

    def __init__(self, view: Sandbox) -> None:
        self._view = view

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._view.board, name)
        if callable(attr) and not self._view._stepping():
            return lambda *args, **kwargs: None
        return attr

    def show_path(self, cells: Iterable[Cell] = (), *args: Any, **kwargs: Any) -> None:
        if self._view._stepping() and not tuple(cells):
            self._view.board.show_path(())


def handover_html(when: str, whom: str, ink: str, note: str) -> str:
    """The hot-seat screen: pass the device to ``whom`` (in their colour ``ink``); the others look away."""
    return (
        f"<div class='asteroyds-note'>{html.escape(when)}</div>"
        f"<div class='asteroyds-big' style='color:{ink}'>Pass the device to {html.escape(whom)}</div>"
        f"<div class='asteroyds-note'>{html.escape(note)}</div>"
    )


class Sandbox(widgets.VBox):
    """A whole game in one widget: setup, dice, hot-seat planning, the round player, the scores.

    CSS classes for browser tests: ``asteroyds-sandbox`` (root),
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
        super().__init__()
        self._controller = SandboxController(setup)
        self._port = _BoardPort(self)
        self._player_view: RoundPlayer | None = None
        self._charts: dict[str, StatusChart | CaptureChart] = {}
        self._drawn: tuple[Any, ...] = ()
        self._history_len = -1
        self._build()
        self._controller.observe(lambda _c: self._safely(self._refresh))
        if start:
            self._run(self._start_game)
        self._safely(self._refresh)
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-sandbox")

    @property
    def controller(self) -> SandboxController:
        return self._controller

    @property
    def board(self) -> BoardView:
        return self._board

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

    def chart(self, player: str) -> StatusChart | CaptureChart:
        """The chart widget of a human player, made on first use (capture: a capture chart)."""
        if player not in self._charts:
            c = self._controller
            if c.is_capture:
                team = c.charts[player].craft.team
                self._charts[player] = CaptureChart(
                    controller=c.charts[player],
                    title=f"CAPTURE CHART · {player} · {team} team",  # type: ignore[arg-type]
                )
            else:
                self._charts[player] = StatusChart(
                    controller=c.charts[player],
                    title=f"STATUS CHART · {player} craft",  # type: ignore[arg-type]
                )
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
            self._controller.load_scenario(state, "the link's scenario", setup=self._panel_setup())
            self._loaded_scenario("the link's scenario")

    def read_setup(self) -> SandboxSetup:
        """The setup panel's choices."""
        return self._panel.read()

    def _run(self, action: Callable[[], object]) -> None:
        """Run a button's action; an error is shown in the widget and changes nothing."""
        self._set_error("")
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._set_error(exc)
        self._safely(self._refresh)

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._set_error(exc)

    def _set_error(self, exc: BaseException | str) -> None:
        if isinstance(exc, str):
            self._error_text, self._error.value = exc, ""
        else:
            self._error_text, self._error.value = f"{type(exc).__name__}: {exc}", theme.error_html(exc)

    # --- building -------------------------------------------------------------------------
    def _build(self) -> None:
        c = self._controller
        self._error_text = ""
        self._title = _html("asteroyds-sandbox-title", "ASTEROYDS SANDBOX")
        self._status = _html("asteroyds-sandbox-status")
        self._data = _html("asteroyds-sandbox-data", display="none")
        self._error = _html("asteroyds-error")
        self._message = _html("asteroyds-message")
        self._banner = _html("asteroyds-gameover", display="none")
        # toolbar
        self._setup_toggle = _button("New game…", "asteroyds-new-game", "Show the setup panel")
        self._setup_toggle.on_click(lambda _b: self._show_setup(self._setup_box.layout.display == "none"))
        self._undo = _button("Undo", "asteroyds-undo", "Take back the last step", width="80px")
        self._undo.on_click(lambda _b: self._run(c.undo))
        self._rounds = widgets.Dropdown(
            description="Back to round",
            style={"description_width": "96px"},
            layout=widgets.Layout(width="170px"),
        )
        self._rounds.add_class("asteroyds-rounds")
        self._back = _button("Go", "asteroyds-back", "Back to the start of that round", width="50px")
        self._back.on_click(lambda _b: self._run(lambda: c.back_to_round(int(self._rounds.value or 1))))
        self._save = _html("asteroyds-save-link")
        self._load_toggle = _button("Load…", "asteroyds-load-toggle", "Load a saved game")
        self._load_toggle.on_click(lambda _b: self._toggle(self._load_box))
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
        self._board = BoardView(c.setup.build().state, size="compact")
        self._board.layout.padding = "0"  # board and side column fit a 1280-pixel screen
        self._panel = SetupPanel(c.setup, lambda: self._run(self._start_game), self._preview)
        # After a scenario was loaded: New game… plays it again (the panel says who plays), or not.
        self._scenario: tuple[State, str] | None = None
        self._on_scenario = widgets.Checkbox(value=True, indent=False, layout=widgets.Layout(width="auto"))
        self._on_scenario.add_class("asteroyds-on-scenario")
        self._setup_box = widgets.VBox([self._on_scenario, self._panel])
        self._on_scenario.layout.display = "none"
        self._build_load()
        # the board, the stage card, the round player's companions
        self._dice = DiceView(controller=_SandboxDice(lambda: c.roll()))
        for w in _walk(self._dice):
            if isinstance(w, widgets.Dropdown):
                w.layout.display = "none"  # the sandbox rolls seeded dice only (a seed replays a game)
        self._dice_note = _html("asteroyds-note")
        self._handover = _html("asteroyds-card")
        self._handover.add_class("asteroyds-handover-card")
        self._ready = _button("Show my chart", "asteroyds-handover-ready", primary=True, width="260px")
        self._ready.on_click(lambda _b: self._run(self._show_chart))
        self._stopwatch_box = widgets.VBox()
        self._submit = _button("Done: lock in my program", "asteroyds-submit", primary=True, width="260px")
        self._submit.on_click(lambda _b: self._run(self._submit_program))
        self._coach_note = _html("asteroyds-note", width="440px")
        self._stage_box = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="470px"))
        self._companions = widgets.VBox(layout=widgets.Layout(grid_gap="8px", width="470px"))
        self._chart_box = widgets.VBox()
        self._scoreboard = Scoreboard()
        self._scoreboard.layout.width = "700px"
        self._plot = ProgressPlot()
        self._left_slot = widgets.VBox()  # the scoreboard under the board (below the chart while planning)
        self._bottom = widgets.HBox(layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))
        main = widgets.HBox(
            [widgets.VBox([self._board, self._left_slot]), widgets.VBox([self._stage_box, self._companions])],
            layout=widgets.Layout(grid_gap="10px", align_items="flex-start", flex_flow="row wrap"),
        )
        self.children = [
            widgets.HTML(theme.CSS + CSS + scoreboard_css_text),
            header,
            self._setup_box,
            self._load_box,
            self._banner,
            self._message,
            self._error,
            main,
            self._chart_box,
            self._bottom,
            self._data,
        ]
        self.layout.grid_gap = "8px"

    def _build_load(self) -> None:
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description="Load a file")
        self._upload.add_class("asteroyds-upload")
        self._upload.observe(lambda ch: self._run(lambda: self._load_upload(ch["new"])), names="value")
        self._scenario_upload = widgets.FileUpload(
            accept=".json", multiple=False, description="Load a scenario file"
        )
        self._scenario_upload.add_class("asteroyds-upload-scenario")
        self._scenario_upload.observe(
            lambda ch: self._run(lambda: self._scenario_uploaded(ch["new"])), names="value"
        )
        self._scenario_upload.layout.width = "200px"
        self._text = widgets.Textarea(
            placeholder="…or paste a saved game, or a scenario, here",
            layout=widgets.Layout(width="600px", height="120px"),
        )
        self._text.add_class("asteroyds-load-text")
        load = _button("Load the text", "asteroyds-load", "Load the game pasted above")
        load.on_click(lambda _b: self._run(lambda: self._load(self._text.value, "the pasted text")))
        tip = "Start a new game on the scenario pasted above"
        play = _button("Play the text as a scenario", "asteroyds-load-scenario", tip)
        play.on_click(lambda _b: self._run(lambda: self._load_scenario(self._text.value, "the pasted text")))
        note = _html(
            "asteroyds-note",
            "A saved game is its setup and every input (dice, programs, answers): it "
            "replays exactly. A scenario (the scenario editor's board, any mode) starts a new game on "
            "its layout; the setup panel says who plays. A broken file is refused and the game in "
            "progress is kept.",
        )
        self._load_box = widgets.VBox(
            [
                widgets.HBox([self._upload, self._scenario_upload], layout=widgets.Layout(grid_gap="8px")),
                self._text,
                widgets.HBox([load, play], layout=widgets.Layout(grid_gap="8px")),
                note,
            ],
            layout=widgets.Layout(display="none"),
        )
        self._load_box.add_class("asteroyds-card")
        self._load_box.add_class("asteroyds-load-box")

    # --- setup panel -------------------------------------------------------------------------
    def _preview(self, state: State) -> None:
        """Before the first game, the board shows the layout the setup panel describes."""
        if self._controller.game is None:
            self._board.update(state)

    def _show_setup(self, show: bool) -> None:
        self._setup_box.layout.display = "" if show else "none"

    @staticmethod
    def _toggle(box: widgets.Widget) -> None:
        box.layout.display = "" if box.layout.display == "none" else "none"

    # --- loading ------------------------------------------------------------------------------
    def _load_upload(self, value: Any) -> None:
        upload = uploaded_text(value, "a saved game")  # ScenarioError: shown by _run
        if upload is not None:
            text, name = upload
            self._load(text, name)

    def _load(self, text: str, where: str) -> None:
        self._controller.load_text(text, where=where)
        self._charts = {}
        self._load_box.layout.display = "none"

    def _scenario_uploaded(self, value: Any) -> None:
        upload = uploaded_text(value, "a scenario")  # ScenarioError: shown by _run
        if upload is not None:
            text, name = upload
            self._load_scenario(text, name)

    def _load_scenario(self, text: str, where: str) -> None:
        self._controller.load_scenario(text, where, setup=self._panel_setup())
        self._load_box.layout.display = "none"
        self._loaded_scenario(where)

    def _loaded_scenario(self, where: str) -> None:
        """A game started on a scenario: New game… offers to play it again."""
        board = self._controller.setup.board
        assert board is not None
        self._scenario = (board, where)
        self._on_scenario.value = True
        self._on_scenario.description = (
            f"Play the loaded scenario ({where}, a {board.mode} board) instead of the built-in layout"
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
            text = f"Time is up, {c.current_team} team: your charts are locked. Press Done."
        else:
            text = f"Time is up, {c.current_player}: your chart is locked. Press Done."
        self._message.value = html.escape(text)

    # --- drawing --------------------------------------------------------------------------------
    def _stepping(self) -> bool:
        """Is the board the round player's (not a secret planning board)?"""
        return self._controller.stage not in ("handover", "planning", "setup")

    def _draw_step(self, state: State, cells: tuple[Cell, ...], dice: Dice | None) -> None:
        """The round player's board at its cursor: the actors outlined, a laser when one fires."""
        if not self._stepping():
            return
        rp = self._controller.player
        event = rp.current_event if rp is not None else None
        key = ("step", id(state), cells, dice, id(event))
        if key == self._drawn:
            return
        self._drawn = key
        board = self._board
        board.update(state)
        board.show_intended_moves(dice)
        board.highlight(cells)
        board.show_path(())
        draw_laser(board, event)
        draw_disabled(board, rp.disabled_cells if rp is not None else ())
        board.set_caption(board_caption(rp) if rp is not None else "")

    def _draw_planning(self, player: str | None = None) -> None:
        """The hot-seat board: the table as it is (handover), or the player's planning board."""
        c = self._controller
        game = c.game
        if game is None or c.stage not in ("handover", "planning"):
            return
        board = self._board
        board.clear_laser()
        board.highlight(())
        draw_disabled(board, ())
        who = c.current_player if c.current_team is None else f"the {c.current_team} team"
        if c.stage == "handover":
            self._drawn = ("handover", id(game.state))
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            word = "Turn" if c.is_capture else "Round"
            board.set_caption(f"{word} {game.round} · dice {game.dice} · pass the device to {who}")
            return
        if c.is_capture:  # no asteroid phase to forecast: the board as it stands, the turrets' aims
            self._drawn = ("planning", id(game.state), "")
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            aims = ", ".join(c.turret_aims())
            board.set_caption(f"The {c.current_team} team plans · turrets fire this turn: {aims}")
            return
        player = c.current_player
        state, path = c.forecast(player)
        self._drawn = ("planning", id(state), str(path.program) if path else "")
        board.update(state)
        if path is None:
            board.show_intended_moves(game.dice)
            board.show_path(())
            board.set_caption(
                f"{player} plans · the board as it stands · arrows: where the dice send each tile"
            )
        else:
            board.show_intended_moves(None)
            board.show_path(path.cells, path.crashes, colour=player)
            shots = [e for e in path.events if isinstance(e, LaserFired)]
            said = ""
            if shots:  # the first shot of the program, as it would fly on the forecast board
                shot = shots[0]
                board.show_laser(shot.path, shot.hit, start=shot.start, direction=shot.direction)
                said = f" · column {shot.column} shot hits {shot.hit_name or 'nothing'}"
            board.set_caption(
                f"Coach forecast: the asteroids after this round's dice · {player}'s ghost path ends at "
                f"{path.end}, damage {path.damage}" + (" · collision!" if path.blocked else "") + said
            )

    def _refresh(self) -> None:
        c = self._controller
        stage = c.stage
        game = c.game
        self._status.value = self._status_text(stage)
        self._message.value = html.escape(c.message)
        self._undo.disabled = game is None
        rounds = c.rounds_started()
        if list(self._rounds.options) != rounds:
            self._rounds.options = rounds
            self._rounds.value = rounds[-1] if rounds else None
        self._back.disabled = self._rounds.disabled = not rounds
        self._rounds.description = "Back to turn" if c.is_capture else "Back to round"
        self._save.value = self._save_link() if game is not None else ""
        if stage == "setup":
            self._show_setup(True)
        outcome = c.outcome_text
        self._banner.value = f"GAME OVER · {html.escape(outcome)}" if outcome else ""
        self._banner.layout.display = "" if outcome else "none"
        if game is None:
            self._stage_box.children, self._companions.children, self._chart_box.children = (
                [self._setup_hint()],
                [],
                [],
            )
            self._publish(stage)
            return
        self._ensure_player_view()
        self._stage_children(stage)
        if stage in ("handover", "planning"):
            self._draw_planning()
        elif c.player is not None:
            rp = c.player
            self._draw_step(rp.current_state, rp.actor_cells, game.dice if game.phase == "plan" else None)
        if game.dice is not None and self._dice.dice != game.dice:
            self._dice.set(*game.dice.as_tuple())
        # Before the roll the faces are last round's (or blank): dim them.
        (self._dice.add_class if game.dice is None else self._dice.remove_class)("asteroyds-dice-waiting")
        # While the round player steps, the scores follow its cursor (no spoilers ahead of the board).
        shown = c.player.current_state if c.player is not None and self._stepping() else game.state
        target = game.capture_rules.target_for(len(capture_teams(shown))) if c.is_capture else None
        self._scoreboard.update(shown, c.kinds, game.initial, title=game.state.mode, target=target)
        if len(game.history) != self._history_len or stage == "setup":
            self._history_len = len(game.history)
            self._plot.update(game.history)
        self._publish(stage)

    def _ensure_player_view(self) -> None:
        c = self._controller
        if c.player is None or (self._player_view is not None and self._player_view.controller is c.player):
            return
        if self._player_view is not None:
            self._player_view.close()
        self._player_view = RoundPlayer(c.player, board=self._port)
        for name in ("roll", "plan", "undo"):  # the dice panel rolls; the hot seat plans; the toolbar undoes
            self._player_view.buttons[name].layout.display = "none"
        self._inspector = PriorityInspector(c.player)
        self._log = EventLog(c.player)
        self._drawn = ()

    def _stage_children(self, stage: str) -> None:
        c = self._controller
        game = c.game
        assert game is not None
        stage_box: list[widgets.Widget] = []
        companions: list[widgets.Widget] = []
        chart: list[widgets.Widget] = []
        for w in _walk(self._dice):
            if isinstance(w, widgets.Button):
                w.disabled = stage != "roll"
        word = "Turn" if c.is_capture else "Round"
        if stage == "roll":
            first = game.players[0]
            self._dice_note.value = html.escape(
                f"{word} {game.round}: {first} is player one and rolls the dice."
            )
            stage_box = [self._dice, self._dice_note]
        elif stage == "handover" and c.is_capture:
            team, players = c.current_team, c.current_players
            self._handover.value = handover_html(
                f"Turn {game.round} · hot seat, team by team",
                f"the {team} team",
                theme.COLOURS.get(str(team), "#ffffff"),
                f"{', '.join(players)} plan together; the other teams look away. "
                f"{c.planning_seconds} seconds once the charts show.",
            )
            self._ready.description = f"We are {team}: show our charts"
            stage_box = [self._dice, self._handover, self._ready]
        elif stage == "handover":
            player = c.current_player
            self._handover.value = handover_html(
                f"Round {game.round} · hot seat",
                str(player),
                theme.player_colour(player),
                f"The others look away. {c.planning_seconds} seconds to plan once the chart shows.",
            )
            self._ready.description = f"I am {player}: show my chart"
            stage_box = [self._dice, self._handover, self._ready]
        elif stage == "planning":
            players = c.current_players
            assert players
            self._stopwatch_box.children = [self._stopwatch()]
            self._coach_note.value = html.escape(self._planning_note())
            self._submit.description = (
                "Done: lock in our programs" if c.is_capture else "Done: lock in my program"
            )
            stage_box = [self._stopwatch_box, self._submit, self._coach_note]
            charts = [self.chart(p) for p in players]
            chart = [widgets.HBox(charts, layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))]
        else:
            assert self._player_view is not None
            stage_box = [self._player_view]
            companions = [self._inspector, self._log]
        planning = stage in ("handover", "planning")
        self._stage_box.children = stage_box
        self._companions.children = companions
        self._chart_box.children = chart
        self._left_slot.children = [] if planning else [self._scoreboard, self._plot]
        self._bottom.children = [self._scoreboard, self._plot] if planning else []

    def _planning_note(self) -> str:
        c = self._controller
        if c.is_capture:
            return (
                "Plan the 6 rounds of the turn: one token per round, then the anticipation (Shield or "
                "Shoot in one round). In each round every laser fires first, then every craft moves. "
                f"Turrets fire this turn: {', '.join(c.turret_aims())}."
            )
        if c.coach:
            return (
                "Coach on: the board shows the asteroids AFTER this round's dice, and your ghost path. "
                "The box has no such help."
            )
        return "Coach off, like the box: the board shows the table as it is, with the dice arrows."

    def _setup_hint(self) -> widgets.Widget:
        return _html(
            "asteroyds-card",
            "<b>No game yet.</b><br>Choose the mode and the players above, then press <b>Start the game</b>.",
            width="440px",
        )

    def _status_text(self, stage: str) -> str:
        c = self._controller
        game = c.game
        if game is None:
            return html.escape(STAGE_TEXT["setup"])
        asked = game.pending.player if game.pending is not None else ""
        texts = {**STAGE_TEXT, **CAPTURE_STAGE_TEXT} if c.is_capture else STAGE_TEXT
        text = texts[stage].format(
            first=game.players[0], player=c.current_player, asked=asked, team=c.current_team
        )
        word = "turn" if c.is_capture else "round"
        head = f"{game.state.mode.title()} · {word} <b>{game.round}</b>"
        return f"{head} · {html.escape(text)}"

    def _save_link(self) -> str:
        c = self._controller
        tip = "Download the game: setup and every input"
        return download_link(c.save_text(), c.save_name(), "⬇ Save", css="asteroyds-save", title=tip)

    def _publish(self, stage: str) -> None:
        c = self._controller
        game = c.game
        attrs = {
            "data-stage": stage,
            "data-round": "" if game is None else str(game.round),
            "data-phase": "" if game is None else game.phase,
            "data-player": c.current_player or "",
            "data-team": c.current_team or "",
            "data-planning": " ".join(c.current_players),
            "data-mode": "" if game is None else game.state.mode,
            "data-outcome": c.outcome_text,
            "data-error": self._error_text,
            "data-inputs": "" if game is None else str(len(game.inputs)),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._data.value = f"<div class='asteroyds-sandbox-values' {body}></div>"


__all__ = [
    "KINDS",
    "KIND_NAMES",
    "SANDBOX_MODES",
    "STAGES",
    "Sandbox",
    "SandboxController",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "capture_crafts",
    "team_of",
]
