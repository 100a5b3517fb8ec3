"""The sandbox: a whole game for 1-6 players, humans (hot seat) or bots, in any mode of the box.

Two layers, as everywhere in :mod:`asteroyds.ui`. :class:`SandboxController`
is plain Python over a :class:`~asteroyds.game.Game` and a
:class:`~asteroyds.ui.round_player.RoundPlayerController`: it builds the game
from a :class:`SandboxSetup`, takes the human players through hot-seat
planning one after another, lets the bots plan (:func:`asteroyds.bot.plan`)
and answer their questions, and offers undo, rewind, save and load. Every
rule is the engine's. :class:`Sandbox` is the view (CSS class
``asteroyds-sandbox``).

Decisions of this view (explained on the page):

- **Hot seat.** Human players plan one after another on the same device:
  a "pass the device" screen hides the previous chart, then the player's own
  chart, stopwatch and ghost path appear. Bots plan at once.
- **Coach: forecast the asteroids** (on by default for beginners). The board
  a human plans on shows the asteroids *after* this round's dice have moved
  them, and the ghost path is flown on that board. The box has no such help:
  at the table you move the asteroids in your head. Off, the board shows the
  table as it is, with the dice arrows, and no ghost path.
- **Questions go to their player.** A mid-flight decision (destroy an
  asteroid? Lawrence's shield?) asked of a human waits for Yes/No; one asked
  of a bot is answered at once by the bots' seeded policy
  (:func:`asteroyds.bot.decision_policy`).
- **Time is up** locks the chart: the program is what the tokens show; the
  player still presses *Done* to pass the device on.

>>> setup = SandboxSetup(mode="racing", seats=(Seat("blue", "greedy"), Seat("red", "random")), seed=3)
>>> sandbox = SandboxController(setup)
>>> sandbox.new_game().round, sandbox.stage
(1, 'roll')
>>> _ = sandbox.play_round()
>>> sandbox.game.round, sandbox.stage
(2, 'roll')
"""

from __future__ import annotations

import base64
import contextlib
import html
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from ..asteroids import resolve_asteroids
from ..bot import decision_policy
from ..damage import Decision, never
from ..dice import Dice
from ..errors import RuleError, ScenarioError
from ..game import Game
from ..hexgrid import Cell
from ..modes.targets import SIDES
from ..pieces import ASTEROID, PLAYER_COLOURS
from ..preview import PathPreview, planned_path
from ..program import Program, as_program, validate_program
from ..rules import PLANNING_LEVELS, RuleSettings
from ..setups import TARGET_TEAMS, setup
from ..shooting import LaserFired
from ..simulate import random_pilots
from ..state import State
from . import theme
from .board import BoardView
from .chart_controller import StatusChartController
from .dice import DiceController, DiceView
from .event_log import EventLog
from .inspector import PriorityInspector
from .round_player import RoundPlayer, RoundPlayerController
from .scoreboard import CSS as scoreboard_css_text
from .scoreboard import ProgressPlot, Scoreboard
from .status_chart import StatusChart
from .stopwatch import Stopwatch

SANDBOX_MODES: tuple[str, ...] = ("racing", "shooting", "targets", "drones")
KINDS: tuple[str, ...] = ("human", "greedy", "random")
KIND_NAMES: dict[str, str] = {"human": "human", "greedy": "bot (greedy)", "random": "bot (random)"}
STAGES: tuple[str, ...] = (
    "setup",
    "roll",
    "handover",
    "planning",
    "plan",
    "asteroids",
    "fly",
    "end",
    "decision",
    "over",
)
Observer = Callable[["SandboxController"], object]


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: a colour and who plays it (``human``, or a bot style ``greedy`` / ``random``)."""

    colour: str
    kind: str = "human"

    def __post_init__(self) -> None:
        if self.colour not in PLAYER_COLOURS:
            raise ScenarioError(f"unknown player colour {self.colour!r} (expected one of {PLAYER_COLOURS})")
        if self.kind not in KINDS:
            raise ScenarioError(f"{self.colour}: unknown player kind {self.kind!r} (expected one of {KINDS})")

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclass(frozen=True, slots=True)
class SandboxSetup:
    """Everything the setup panel chooses; :meth:`build` makes the game.

    ``remove`` lists asteroid ids for the "fewer asteroids" variant;
    ``handicap_team`` says which targets team gets fewer targets when the
    teams have the same size; ``coach`` None means "on for beginners".
    """

    mode: str = "racing"
    seats: tuple[Seat, ...] = (Seat("blue", "human"), Seat("red", "greedy"))
    pilots: bool = False
    seed: int = 1
    planning_level: str = "beginner"
    planning_seconds: int | None = None
    random_dice_order: bool = False
    return_to_platform: bool = False
    one_shot_per_turn: bool = False
    remove: tuple[str, ...] = ()
    targets_handicap: int = 0
    handicap_team: str | None = None
    coach: bool | None = None

    def rules(self) -> RuleSettings:
        """The rule settings (variants) of this setup."""
        seconds = self.planning_seconds if self.planning_level == "custom" else None
        return RuleSettings(
            return_to_platform=self.return_to_platform,
            random_dice_order=self.random_dice_order,
            one_shot_per_turn=self.one_shot_per_turn,
            targets_handicap=self.targets_handicap if self.mode == "targets" else 0,
            planning_level=self.planning_level,
            planning_seconds=seconds,
        )

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.colour for seat in self.seats)

    @property
    def kinds(self) -> dict[str, str]:
        return {seat.colour: seat.kind for seat in self.seats}

    @property
    def coaching(self) -> bool:
        return self.planning_level == "beginner" if self.coach is None else self.coach

    def check(self) -> None:
        """Raise a :class:`~asteroyds.errors.ScenarioError` naming what is wrong with the choices."""
        if self.mode not in SANDBOX_MODES:
            raise ScenarioError(f"the sandbox plays {', '.join(SANDBOX_MODES)}, not {self.mode!r}")
        if not 1 <= len(self.seats) <= 6:
            raise ScenarioError(f"a game has 1-6 players, not {len(self.seats)}")
        if self.planning_level not in PLANNING_LEVELS:
            raise ScenarioError(f"planning level {self.planning_level!r} is not one of {PLANNING_LEVELS}")

    def build(self) -> Game:
        """The game these choices describe (the built-in layout of the mode, seeded)."""
        self.check()
        players = list(self.players)
        pilots = (
            random_pilots(players, random.Random(f"asteroyds:sandbox:{self.seed}:pilots"))
            if self.pilots
            else None
        )
        options: dict[str, Any] = {"pilots": pilots, "rules": self.rules()}
        if self.mode == "targets" and self.targets_handicap:
            options["handicap_team"] = self.handicap_team
        state = setup(self.mode, seed=self.seed, players=players, remove=self.remove, **options)
        return Game(state, seed=self.seed)

    @classmethod
    def of_game(
        cls, game: Game, kinds: dict[str, str] | None = None, coach: bool | None = None
    ) -> SandboxSetup:
        """The choices that describe a (loaded) game: its mode, players, seed and variants."""
        rules, kinds = game.rules, kinds or {}
        return cls(
            mode=game.state.mode,
            seats=tuple(Seat(c.player, kinds.get(c.player, "human")) for c in game.initial.crafts_in_order()),
            pilots=any(c.pilot for c in game.initial.crafts),
            seed=game.seed,
            planning_level=rules.planning_level,
            planning_seconds=rules.planning_seconds,
            random_dice_order=rules.random_dice_order,
            return_to_platform=rules.return_to_platform,
            one_shot_per_turn=rules.one_shot_per_turn,
            targets_handicap=rules.targets_handicap,
            coach=coach,
        )


def asteroid_choices(mode: str, seed: int) -> list[tuple[str, str]]:
    """(label, id) for every asteroid of a built-in layout: the "fewer asteroids" menu.

    >>> asteroid_choices("racing", 1)[0]
    ('blue asteroid #2 at (3, 5) · B1', 'B1')
    """
    state = setup(mode, seed=seed, players=["red", "blue"] if mode == "targets" else ["blue"])
    pieces = sorted((p for p in state.pieces if p.kind == ASTEROID), key=lambda p: p.id)
    return [(f"{p.describe()} at {p.cell} · {p.id}", p.id) for p in pieces]


def team_of(colour: str) -> str:
    """Targets mode: the side a player colour starts on (``left``: red, yellow, purple)."""
    return next(side for side in SIDES if colour in TARGET_TEAMS[side])


# --- the controller ---------------------------------------------------------------------
@dataclass
class _Round:
    """Hot-seat bookkeeping of the round being planned."""

    ready: list[str] = field(default_factory=list)  # humans who pressed Done, in order
    showing: bool = False  # the current human's chart is on screen


class SandboxController:
    """A sandbox game: setup, hot-seat planning, the round player, undo, rewind, save and load.

    :attr:`stage` says what the screen shows: ``setup``, ``roll``,
    ``handover`` (pass the device to :attr:`current_player`), ``planning``
    (that player's chart), ``asteroids`` / ``fly`` / ``end`` (the round
    player's next phase), ``decision`` (a human's Yes/No question) or
    ``over``. Methods raise the engine's errors and change nothing when they
    do; the view shows them.
    """

    def __init__(self, setup: SandboxSetup | None = None) -> None:
        self.setup = setup or SandboxSetup()
        self.game: Game | None = None
        self.player: RoundPlayerController | None = None
        self.charts: dict[str, StatusChartController] = {}
        self.kinds: dict[str, str] = {}
        self.coach = self.setup.coaching
        self.message = ""
        self._round = _Round()
        self._observers: list[Observer] = []
        self._answering = False

    # --- reading --------------------------------------------------------------------------
    @property
    def stage(self) -> str:
        game = self.game
        if game is None:
            return "setup"
        if game.is_over:
            return "over"
        if game.pending is not None:
            return "decision"
        if game.phase == "roll":
            return "roll"
        if game.phase == "plan":
            if self.current_player is not None:
                return "planning" if self._round.showing else "handover"
            return "plan" if self.player is not None and self.player.expected == "plan" else "asteroids"
        return game.phase

    @property
    def humans(self) -> tuple[str, ...]:
        return tuple(p for p, kind in self.kinds.items() if kind == "human")

    @property
    def bots(self) -> dict[str, str]:
        return {p: kind for p, kind in self.kinds.items() if kind != "human"}

    @property
    def current_player(self) -> str | None:
        """The human who plans now (hot seat), or None."""
        if self.game is None or self.game.phase != "plan" or self.game.pending is not None:
            return None
        waiting = self.game.waiting_for()
        return next((p for p in waiting if self.kinds.get(p) == "human" and p not in self._round.ready), None)

    @property
    def planning_seconds(self) -> int:
        game = self._need_game()
        return game.rules.planning_time(game.state.mode)

    @property
    def outcome_text(self) -> str:
        """The game-over banner's text ("" while the game goes on)."""
        outcome = self.game.outcome if self.game is not None else None
        return "" if outcome is None else outcome.reason

    def rounds_started(self) -> list[int]:
        """The rounds "Back to round N" can return to (their start, before the dice)."""
        if self.game is None:
            return []
        rolled = sum(1 for item in self.game.inputs if "roll" in item)
        last = rolled + 1 if self.game.phase == "roll" else rolled
        return list(range(1, max(1, last) + 1))

    def board_state(self) -> State:
        """The board to show outside the round player's stepping."""
        return self._need_game().state

    def forecast(
        self, player: str | None = None, program: Program | str | None = None
    ) -> tuple[State, PathPreview | None]:
        """The planning board and ghost path of ``player`` (default: the current human).

        With the coach on, the board after this round's asteroid phase (a forecast: the
        player's own shield, no decisions) and the program flown on it alone; off, the
        board as it stands and no path.
        """
        game = self._need_game()
        player = player or self.current_player
        if player is None or game.dice is None or game.phase != "plan":
            return game.state, None
        if program is None:
            program = self.charts[player].program if player in self.charts else Program.empty()
        program = as_program(program, player)
        if not self.coach:
            return game.state, None
        after, _ = resolve_asteroids(
            game.state, game.dice, shields={player: program.shielded}, order=game.order, decide=never
        )
        if after.craft(player).cell is None:
            return after, None
        return after, planned_path(after, player, program)

    # --- starting ------------------------------------------------------------------------
    def new_game(self, setup: SandboxSetup | None = None) -> Game:
        """Start a game from ``setup`` (or the current one); a bad setup changes nothing."""
        chosen = setup or self.setup
        game = chosen.build()
        self.setup = chosen
        self.coach = chosen.coaching
        self._start(game, chosen.kinds)
        self.message = f"New {chosen.mode} game, seed {chosen.seed}. {game.players[0]} rolls the dice."
        self._notify()
        return game

    def _start(self, game: Game, kinds: dict[str, str]) -> None:
        self.game = game
        self.kinds = {p: kinds.get(p, "human") for p in game.state.player_order}
        self.charts = {
            p: StatusChartController(game.state.craft(p), game.state.mode)
            for p in game.state.player_order
            if self.kinds[p] == "human"
        }
        self._round = _Round()
        self._new_player()

    def _new_player(self) -> None:
        """A round player for the game as it is now (after a new game, an undo, a rewind or a load)."""
        game = self._need_game()
        if self.player is not None:
            self.player.observe(self._player_changed, remove=True)
        self.player = RoundPlayerController(game, charts=self.charts, bots=self.bots)
        self.player.observe(self._player_changed)
        self._sync_charts()

    def _sync_charts(self) -> None:
        """Charts follow their crafts; a chart whose player is not ready (any more) is unlocked."""
        game = self._need_game()
        for player, chart in self.charts.items():
            craft = game.state.craft(player)
            if chart.craft != craft:
                chart.reset(craft)
            if player not in self._round.ready:
                chart.unlock()

    # --- the round ---------------------------------------------------------------------
    def roll(self, dice: Sequence[int] | None = None) -> Any:
        """Roll the dice (the game's seeded dice, or these); the hot seat starts with player one."""
        self._need_game()
        self._expect("roll")
        self._round = _Round()
        rolled = self._rp().roll(dice)
        self._after_planning()
        return rolled

    def show_chart(self) -> str:
        """The current human took the device: show their chart. Returns the player."""
        player = self.current_player
        if player is None:
            raise RuleError("nobody is planning now")
        self._round.showing = True
        self.charts[player].unlock()
        self.message = f"{player} is planning."
        self._notify()
        return player

    def submit(self, program: Program | str | None = None) -> str:
        """The current human is done (with ``program``, or what the chart shows); the next takes over.

        The engine checks the program first: an illegal one is refused and nothing changes.
        """
        player = self.current_player
        if player is None:
            raise RuleError("nobody is planning now")
        chart = self.charts[player]
        if program is not None:
            chart.load(program)
        game = self._need_game()
        # The engine's check with the game's variants (one shot per turn), before anything changes.
        validate_program(chart.program, game.state.craft(player), game.state.mode, rules=game.rules)
        chart.lock()
        self._round.ready.append(player)
        self._round.showing = False
        following = self.current_player
        self.message = f"{player} is ready." + (
            f" Pass the device to {following}." if following else " Every program is in."
        )
        self._after_planning()
        return player

    def _after_planning(self) -> None:
        """When every human is ready, submit every program (the round player's Plan)."""
        game = self.game
        if (
            game is not None
            and game.phase == "plan"
            and self.current_player is None
            and self._rp().expected == "plan"
        ):
            self._rp().plan()
        self._notify()

    def advance(self) -> str:
        """Do the next thing the round needs (roll, move the asteroids, fly, end the round).

        Humans must still plan (:meth:`submit`) and answer (:meth:`answer`). Returns the stage after.
        """
        stage = self.stage
        rp = self._rp()
        if stage == "roll":
            self.roll()
        elif stage in ("plan", "asteroids"):
            rp.asteroids()
        elif stage == "fly":
            rp.fly()
        elif stage == "end":
            rp.end_round()
        else:
            raise RuleError(f"nothing to do automatically at the {stage!r} stage")
        self._notify()
        return self.stage

    def play_round(self) -> str:
        """Advance until the round is over, a human must act, or the game ends. Returns the stage."""
        start = self._need_game().round
        while self.stage in ("roll", "plan", "asteroids", "fly", "end"):
            if self.stage == "roll" and self._need_game().round != start:
                break
            self.advance()
        return self.stage

    def answer(self, yes: bool) -> None:
        """A human answers the pending question."""
        self._rp().answer(bool(yes))
        self._notify()

    def _player_changed(self, _player: RoundPlayerController) -> None:
        """The round player moved on: bots answer their questions; the view follows."""
        self.message = ""  # the round player says what happened
        if not self._answering:
            self._answering = True
            try:
                self._answer_bots()
            finally:
                self._answering = False
        self._notify()

    def _answer_bots(self) -> None:
        game, rp = self._need_game(), self._rp()
        while game.pending is not None and self.kinds.get(game.pending.player, "human") != "human":
            rp.answer(self.bot_answer(game.pending))

    def bot_answer(self, decision: Decision) -> bool:
        """What a bot answers (the bots' seeded policy, one draw per question)."""
        return bool(
            decision_policy(random.Random(f"asteroyds:sandbox:{self._need_game().seed}:{decision.key}"))(
                decision
            )
        )

    # --- undo, rewind, save, load --------------------------------------------------------
    def undo(self) -> str:
        """Take back the last step: a player's Done, a question, a phase, the plan or the roll."""
        game = self._need_game()
        if self._round.showing:
            self._round.showing = False
            self.message = "Undone: the chart is hidden again."
        elif (
            self._round.ready
            and game.phase == "plan"
            and all(p not in game.programs for p in self._round.ready)
        ):
            player = self._round.ready.pop()
            self.charts[player].unlock()
            self.message = f"Undone: {player}'s Done. {player} may plan again."
        else:
            if game.pending is None and not game.inputs:
                raise RuleError("nothing to undo: this is the start of the game")
            ready = list(self._round.ready)
            self.message = self._rp().undo()
            waiting = game.waiting_for() if game.phase == "plan" else ()
            if ready and all(p in waiting for p in ready):
                # The plan was taken back: the last player to press Done plans again.
                self._round = _Round(ready=ready[:-1])
            else:
                self._round = _Round(ready=[p for p in ready if p in game.programs and game.phase == "plan"])
            self._sync_charts()
        self._notify()
        return self.message

    def back_to_round(self, number: int) -> None:
        """Go back to the start of round ``number`` (before its dice)."""
        game = self._need_game()
        game.rewind_to_round(int(number))
        self._round = _Round()
        self._new_player()
        self.message = f"Back to the start of round {number}."
        self._notify()

    def save_text(self) -> str:
        """The saved game (``Game.dumps``): the setup and every input."""
        return self._need_game().dumps()

    def save_name(self) -> str:
        game = self._need_game()
        return f"asteroyds-{game.state.mode}-seed{game.seed}-round{game.round}.json"

    def load_text(self, text: str, where: str = "the loaded file") -> Game:
        """Load a saved game; a broken one raises a ScenarioError and changes nothing.

        Players keep the kind (human, bot) the setup gives their colour; others are human.
        """
        game = Game.loads(text, where=where)
        if game.state.mode not in SANDBOX_MODES:
            raise ScenarioError(
                f"{where}: a {game.state.mode} game; the sandbox plays {', '.join(SANDBOX_MODES)}"
            )
        kinds = {p: self.setup.kinds.get(p, "human") for p in game.state.player_order}
        self.setup = SandboxSetup.of_game(game, kinds, coach=self.coach)
        self._start(game, kinds)
        self.message = f"Loaded: {game.state.mode}, round {game.round}, {len(game.inputs)} inputs."
        self._notify()
        return game

    # --- observers ------------------------------------------------------------------------
    def observe(self, callback: Observer, remove: bool = False) -> None:
        """Call ``callback(controller)`` after every change."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def _notify(self) -> None:
        for callback in list(self._observers):
            callback(self)

    def _need_game(self) -> Game:
        if self.game is None:
            raise RuleError("no game yet: choose the players and press New game")
        return self.game

    def _rp(self) -> RoundPlayerController:
        self._need_game()
        assert self.player is not None
        return self.player

    def _expect(self, *stages: str) -> None:
        if self.stage not in stages:
            raise RuleError(
                f"the sandbox is at the {self.stage!r} stage, not {' or '.join(map(repr, stages))}"
            )


# --- the view ------------------------------------------------------------------------------
STAGE_TEXT: dict[str, str] = {
    "setup": "Choose the mode and the players, then press Start the game.",
    "roll": "{first} is player one: roll the dice.",
    "handover": "Pass the device to {player}.",
    "planning": "{player} is planning (the other charts are hidden).",
    "plan": "Every human is ready: the bots plan, then the asteroids move.",
    "asteroids": "Every program is in: press Asteroids to move them.",
    "fly": "The asteroids have moved: step through them (step ▶ or Play), then press Fly.",
    "end": "Every craft has flown: step through the flight, then press End round.",
    "decision": "{asked} must answer a question.",
    "over": "Game over.",
}
COACH_HELP = (
    "While you plan, the coach shows where the asteroids will be once this round's dice have moved them, "
    "and flies your program on that board (the ghost path). The box has no such help: at the table you "
    "move the asteroids in your head. Untick it to play like the box."
)
HANDICAP_HELP = (
    "The weaker team aims at this many fewer targets (the highest-numbered ones of the set it shoots at "
    "are taken off), so a smaller or younger team can still win."
)
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


def _html(css: str, value: str = "", **layout: str) -> widgets.HTML:
    part = widgets.HTML(value, layout=widgets.Layout(**layout))
    part.add_class(css)
    return part


def _button(
    label: str, css: str, tip: str = "", primary: bool = False, width: str = "auto"
) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tip or label, layout=widgets.Layout(width=width))
    button.add_class(css)
    if primary:
        button.add_class("asteroyds-primary")
    return button


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


class Sandbox(widgets.VBox):
    """A whole game in one widget: setup, dice, hot-seat planning, the round player, the scores.

    CSS classes for browser tests: ``asteroyds-sandbox`` (root),
    ``asteroyds-sandbox-data`` (hidden: ``data-stage``, ``data-round``,
    ``data-player``...), ``asteroyds-start`` (Start the game),
    ``asteroyds-handover-ready``, ``asteroyds-submit`` (Done), ``asteroyds-undo``,
    ``asteroyds-back``, ``asteroyds-save-link``, ``asteroyds-load``,
    ``asteroyds-gameover``, ``asteroyds-scoreboard``, ``asteroyds-progress-plot``,
    and the round player's (``asteroyds-btn-asteroids``, ``asteroyds-btn-next``...).
    """

    def __init__(self, setup: SandboxSetup | None = None, *, start: bool = False) -> None:
        super().__init__()
        self._controller = SandboxController(setup)
        self._port = _BoardPort(self)
        self._player_view: RoundPlayer | None = None
        self._charts: dict[str, StatusChart] = {}
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

    def chart(self, player: str) -> StatusChart:
        """The status chart widget of a human player (made on first use)."""
        if player not in self._charts:
            c = self._controller
            self._charts[player] = StatusChart(
                controller=c.charts[player], title=f"STATUS CHART · {player} craft"
            )
            self._charts[player].on_change(
                lambda _p, who=player: self._safely(lambda: self._draw_planning(who))
            )
        return self._charts[player]

    # --- actions (buttons call these; tests may too) ---------------------------------------
    def start_game(self) -> None:
        self._run(self._start_game)

    def _start_game(self) -> None:
        self._controller.new_game(self.read_setup())
        self._charts = {}
        self._show_setup(False)

    def read_setup(self) -> SandboxSetup:
        """The setup panel's choices."""
        seats = tuple(Seat(colour, kind.value) for colour, (on, kind) in self._seats.items() if on.value)
        if not seats:
            raise ScenarioError("choose at least one player (tick a colour)")
        level = self._level.value
        team = self._team.value or None
        return SandboxSetup(
            mode=self._mode.value,
            seats=seats,
            pilots=self._pilots.value,
            seed=int(self._seed.value),
            planning_level=level,
            planning_seconds=int(self._seconds.value) if level == "custom" else None,
            random_dice_order=self._variants["random_dice_order"].value,
            return_to_platform=self._variants["return_to_platform"].value,
            one_shot_per_turn=self._variants["one_shot_per_turn"].value,
            remove=tuple(self._remove.value),
            targets_handicap=int(self._handicap.value),
            handicap_team=team,
            coach=self._coach.value,
        )

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
        self._build_setup()
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

    def _build_setup(self) -> None:
        s = self._controller.setup

        def check(value: bool, text: str, width: str = "360px") -> widgets.Checkbox:
            return widgets.Checkbox(
                value=value, description=text, indent=False, layout=widgets.Layout(width=width)
            )

        def section(text: str) -> widgets.HTML:
            return _html("asteroyds-section", text.upper())

        def row(*children: widgets.Widget) -> widgets.HBox:
            return widgets.HBox(list(children), layout=widgets.Layout(align_items="center", grid_gap="6px"))

        self._mode = widgets.ToggleButtons(options=[(m.title(), m) for m in SANDBOX_MODES], value=s.mode)
        self._mode.style.button_width = "96px"
        self._mode.add_class("asteroyds-mode")
        self._seats: dict[str, tuple[widgets.Checkbox, widgets.Dropdown]] = {}
        self._team_tags: dict[str, widgets.HTML] = {}
        seats = []
        for colour in PLAYER_COLOURS:
            on = check(colour in s.kinds, colour, "90px")
            kind = widgets.Dropdown(
                options=[(KIND_NAMES[k], k) for k in KINDS], value=s.kinds.get(colour, "human")
            )
            kind.layout.width = "140px"
            on.add_class(f"asteroyds-seat-{colour}")
            kind.add_class(f"asteroyds-kind-{colour}")
            dot = f"<span class='asteroyds-dot' style='background:{theme.player_colour(colour)}'></span>"
            self._team_tags[colour] = _html("asteroyds-note", f"team {team_of(colour)}")
            self._seats[colour] = (on, kind)
            seats.append(row(widgets.HTML(dot), on, kind, self._team_tags[colour]))
        self._team_note = _html("asteroyds-note", width="440px")
        self._pilots = check(s.pilots, "Pilots (advanced rules): each craft draws a pilot")
        self._seed = widgets.BoundedIntText(value=s.seed, min=0, max=999_999, description="Seed")
        self._seed.layout.width = "150px"
        self._seed.add_class("asteroyds-seed")
        self._level = widgets.ToggleButtons(
            options=[(lv.title(), lv) for lv in PLANNING_LEVELS], value=s.planning_level
        )
        self._level.style.button_width = "88px"
        self._seconds = widgets.BoundedIntText(
            value=s.planning_seconds or 40, min=5, max=600, description="s"
        )
        self._seconds.layout.width = "110px"
        self._variants = {
            "random_dice_order": check(s.random_dice_order, "Random dice order"),
            "return_to_platform": check(s.return_to_platform, "Return to a platform (racing, shooting)"),
            "one_shot_per_turn": check(s.one_shot_per_turn, "One shot per turn (shooting, targets, drones)"),
        }
        self._remove = widgets.SelectMultiple(rows=5, layout=widgets.Layout(width="340px"))
        self._handicap = widgets.IntSlider(value=s.targets_handicap, min=0, max=5, description="Handicap")
        self._handicap.layout.width = "260px"
        teams = [("to the smaller team", ""), ("to the left team", "left"), ("to the right team", "right")]
        self._team = widgets.Dropdown(
            options=teams, value=s.handicap_team or "", layout=widgets.Layout(width="170px")
        )
        self._coach = check(s.coaching, "Coach: forecast the asteroids")
        self._coach.add_class("asteroyds-coach")
        self._coach_touched = False
        self._coach.observe(lambda _ch: setattr(self, "_coach_touched", True), names="value")
        start = _button(
            "Start the game", "asteroyds-start", "Build the board; round 1", primary=True, width="200px"
        )
        start.on_click(lambda _b: self._run(self._start_game))
        for control in (self._mode, self._seed, *(on for on, _k in self._seats.values())):
            control.observe(lambda _ch: self._safely(self._setup_changed), names="value")
        self._level.observe(lambda _ch: self._safely(self._level_changed), names="value")
        self._handicap_section = widgets.VBox(
            [
                section("Targets handicap"),
                row(self._handicap, self._team),
                _html("asteroyds-note", HANDICAP_HELP, width="440px"),
            ]
        )
        left = widgets.VBox(
            [
                section("Mode"),
                self._mode,
                section("Players, in turn order"),
                *seats,
                self._team_note,
                section("Pilots"),
                self._pilots,
            ]
        )
        right = widgets.VBox(
            [
                section("Seed and planning time"),
                row(self._seed, self._level, self._seconds),
                section("Variants"),
                *self._variants.values(),
                section("Fewer asteroids (Ctrl-click to pick several)"),
                self._remove,
                self._handicap_section,
                section("Coach"),
                self._coach,
                _html("asteroyds-note", COACH_HELP, width="440px"),
            ]
        )
        left.layout.width, right.layout.width = "470px", "520px"
        body = widgets.HBox([left, right], layout=widgets.Layout(grid_gap="24px", flex_flow="row wrap"))
        self._setup_box = widgets.VBox([body, start], layout=widgets.Layout(grid_gap="10px"))
        self._setup_box.add_class("asteroyds-card")
        self._setup_box.add_class("asteroyds-sandbox-setup")
        self._setup_changed()
        self._level_changed()

    def _build_load(self) -> None:
        self._upload = widgets.FileUpload(accept=".json", multiple=False, description="Load a file")
        self._upload.add_class("asteroyds-upload")
        self._upload.observe(lambda ch: self._run(lambda: self._load_upload(ch["new"])), names="value")
        self._text = widgets.Textarea(
            placeholder="…or paste a saved game here", layout=widgets.Layout(width="600px", height="120px")
        )
        self._text.add_class("asteroyds-load-text")
        load = _button("Load the text", "asteroyds-load", "Load the game pasted above")
        load.on_click(lambda _b: self._run(lambda: self._load(self._text.value, "the pasted text")))
        note = _html(
            "asteroyds-note",
            "A saved game is its setup and every input (dice, programs, answers): it "
            "replays exactly. A broken file is refused and the game in progress is kept.",
        )
        self._load_box = widgets.VBox(
            [self._upload, self._text, load, note], layout=widgets.Layout(display="none")
        )
        self._load_box.add_class("asteroyds-card")
        self._load_box.add_class("asteroyds-load-box")

    # --- setup panel reactions ---------------------------------------------------------------
    def _setup_changed(self) -> None:
        mode = self._mode.value
        if self._controller.game is None:  # before the first game, the board previews the layout
            players = [colour for colour, (on, _k) in self._seats.items() if on.value] or None
            with contextlib.suppress(ScenarioError):
                self._board.update(setup(mode, seed=int(self._seed.value), players=players))
        self._remove.options = asteroid_choices(mode, int(self._seed.value))
        self._handicap_section.layout.display = "" if mode == "targets" else "none"
        self._variants["return_to_platform"].disabled = mode not in ("racing", "shooting")
        self._variants["one_shot_per_turn"].disabled = mode == "racing"
        for tag in self._team_tags.values():
            tag.layout.display = "" if mode == "targets" else "none"
        chosen = [colour for colour, (on, _k) in self._seats.items() if on.value]
        if mode == "targets":
            teams = {side: ", ".join(p for p in chosen if team_of(p) == side) or "(nobody)" for side in SIDES}
            text = (
                f"Left team: {teams['left']}. Right team: {teams['right']}. Each shoots the other's targets."
            )
        else:
            text = f"{len(chosen)} player{'s' * (len(chosen) != 1)}; the first ticked is player one."
        self._team_note.value = html.escape(text)

    def _level_changed(self) -> None:
        self._seconds.layout.display = "" if self._level.value == "custom" else "none"
        if not self._coach_touched:
            self._coach.value = self._level.value == "beginner"
            self._coach_touched = False

    def _show_setup(self, show: bool) -> None:
        self._setup_box.layout.display = "" if show else "none"

    @staticmethod
    def _toggle(box: widgets.Widget) -> None:
        box.layout.display = "" if box.layout.display == "none" else "none"

    # --- loading ------------------------------------------------------------------------------
    def _load_upload(self, value: Any) -> None:
        files = list(value or ())
        if not files:
            return
        item = files[0]
        content = bytes(item["content"]) if isinstance(item, dict) else bytes(item.content)
        name = item.get("name", "the file") if isinstance(item, dict) else getattr(item, "name", "the file")
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise ScenarioError(f"{name}: not a text file (a saved game is JSON)") from None
        self._load(text, name)

    def _load(self, text: str, where: str) -> None:
        self._controller.load_text(text, where=where)
        self._charts = {}
        self._load_box.layout.display = "none"

    # --- hot seat -----------------------------------------------------------------------------
    def _show_chart(self) -> None:
        c = self._controller
        player = c.show_chart()
        chart = self.chart(player)
        chart.unlock()
        sw = self._stopwatch(reset=True)
        sw.start()
        self._draw_planning(player)

    def _submit_program(self) -> None:
        player = self._controller.current_player
        if player is not None and player in self._charts:
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
        player = self._controller.current_player
        if player is not None and player in self._charts:
            self._charts[player].lock()
        self._message.value = html.escape(f"Time is up, {player}: your chart is locked. Press Done.")

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
        if isinstance(event, LaserFired):
            board.show_laser(event.path, event.hit, start=event.start, direction=event.direction)
        else:
            board.clear_laser()
        board.set_caption(event.text() if event is not None else "")

    def _draw_planning(self, player: str | None = None) -> None:
        """The hot-seat board: the table as it is (handover), or the player's planning board."""
        c = self._controller
        game = c.game
        if game is None or c.stage not in ("handover", "planning"):
            return
        board = self._board
        board.clear_laser()
        board.highlight(())
        if c.stage == "handover":
            self._drawn = ("handover", id(game.state))
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            board.set_caption(
                f"Round {game.round} · dice {game.dice} · pass the device to {c.current_player}"
            )
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
        self._scoreboard.update(shown, c.kinds, game.initial, title=game.state.mode)
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
        if stage == "roll":
            first = game.players[0]
            self._dice_note.value = html.escape(
                f"Round {game.round}: {first} is player one and rolls the dice."
            )
            stage_box = [self._dice, self._dice_note]
        elif stage == "handover":
            player = c.current_player
            self._handover.value = (
                f"<div class='asteroyds-note'>Round {game.round} · hot seat</div>"
                f"<div class='asteroyds-big' style='color:{theme.player_colour(player)}'>Pass the device to "
                f"{html.escape(str(player))}</div><div class='asteroyds-note'>The others look away. "
                f"{c.planning_seconds} seconds to plan once the chart shows.</div>"
            )
            self._ready.description = f"I am {player}: show my chart"
            stage_box = [self._dice, self._handover, self._ready]
        elif stage == "planning":
            player = c.current_player
            assert player is not None
            self._stopwatch_box.children = [self._stopwatch()]
            self._coach_note.value = html.escape(
                "Coach on: the board shows the asteroids AFTER this round's dice, and your ghost path. "
                "The box has no such help."
                if c.coach
                else "Coach off, like the box: the board shows the table as it is, with the dice arrows."
            )
            stage_box = [self._stopwatch_box, self._submit, self._coach_note]
            chart = [self.chart(player)]
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
        text = STAGE_TEXT[stage].format(first=game.players[0], player=c.current_player, asked=asked)
        head = f"{game.state.mode.title()} · round <b>{game.round}</b>"
        return f"{head} · {html.escape(text)}"

    def _save_link(self) -> str:
        c = self._controller
        data = base64.b64encode(c.save_text().encode("utf-8")).decode("ascii")
        name = html.escape(c.save_name())
        return (
            f"<a class='asteroyds-save' download='{name}' href='data:application/json;base64,{data}' "
            f"title='Download the game: setup and every input'>⬇ Save</a>"
        )

    def _publish(self, stage: str) -> None:
        c = self._controller
        game = c.game
        attrs = {
            "data-stage": stage,
            "data-round": "" if game is None else str(game.round),
            "data-phase": "" if game is None else game.phase,
            "data-player": c.current_player or "",
            "data-mode": "" if game is None else game.state.mode,
            "data-outcome": c.outcome_text,
            "data-error": self._error_text,
            "data-inputs": "" if game is None else str(len(game.inputs)),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._data.value = f"<div class='asteroyds-sandbox-values' {body}></div>"


__all__ = [
    "KINDS",
    "SANDBOX_MODES",
    "Sandbox",
    "SandboxController",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "team_of",
]
