"""The sandbox's controller: a whole game for humans (hot seat) and bots, in plain Python.

:class:`SandboxController` sits over a :class:`~asteroyds.game.Game` and a
:class:`~asteroyds.ui.player.controller.RoundPlayerController`: it builds the
game from a :class:`~asteroyds.ui.sandbox.setup.SandboxSetup`, takes the
human players through hot-seat planning one after another, lets the bots
plan (:func:`asteroyds.bot.plan_bots`: the mode's own bots, or the coach)
and answer their questions, and offers undo, rewind, save and load. Every
rule is the engine's; the view is :class:`~asteroyds.ui.sandbox.Sandbox`.
It asks the game's mode how a turn is planned and played (its
:class:`~asteroyds.modes.Turn`) and never which mode it is.

Each game gets its own parts, objects with their own state: the round player,
the :attr:`~SandboxController.hot_seat` (:class:`~.hotseat.HotSeat`: whose turn
it is to plan, the Dones so far, handing over) and the coach's
:attr:`~SandboxController.review` (:class:`~.coaching.CoachReview`: the board
the round was planned on, the programs to compare); the files are read and
checked by :mod:`.files`.

Decisions of the sandbox (explained on the page):

- **Hot seat.** Human players plan one after another on the same device:
  a "pass the device" screen hides the previous chart, then the player's own
  chart, stopwatch and ghost path appear. Bots plan at once. One human alone
  (one team) has nobody to hide a chart from: no hand-over screen, the chart
  shows once the dice are rolled (:meth:`HotSeat.show_alone`).
- **A team plans together** where the mode says so (``turn.planning`` is
  ``team``: capture, docs/rules.md#11-capture-the-asteroyd: "team-mates may talk while
  planning"). The hand-over is per team: every human chart of the team shows
  at once, under one stopwatch (the mode's planning time), and one *Done*
  locks them all; then the next team. The engine checks every chart before
  anything changes: one illegal program refuses the whole team's Done.
- **Coach: forecast the asteroids** (on by default for beginners). The board
  a human plans on shows the asteroids *after* this round's dice have moved
  them, and the ghost path is flown on that board. The box has no such help.
  Capture has no asteroid phase to forecast: the coach names where the
  turrets fire this turn instead (the engine's aim for these dice).
- **The coach's tools** (issue 13; every mode but capture): the danger map
  is of the board the round is planned on (:meth:`danger_state`), all
  through the round; *Show me the best plan* answers the human planning now
  (:meth:`coach_question`) and its ghost goes with their Done (hot seat);
  the comparison of each human's program with the coach's best is offered
  once every human is done (:meth:`reviews`), never while someone still
  plans in secret.
- **The coach's tools are hints** (issue 35, :mod:`.hints`): asked for, counted in the game's
  summary (:meth:`summary`: "3 hints used"), switchable off by a teacher
  (:attr:`hints_allowed`), and the planning stopwatch (:attr:`clock`) pauses
  while the coach computes (:meth:`ask_coach`).
- **Questions go to their player.** A mid-flight decision asked of a human
  waits for Yes/No; one asked of a bot is answered at once by the bots'
  seeded policy (:func:`asteroyds.bot.decision_policy`).
- **Time is up** locks the chart: the program is what the tokens show; the
  player still presses *Done* to pass the device on.
- **A scenario is a new game** (:meth:`SandboxController.load_scenario`):
  the scenario editor's board, a downloaded scenario file or a
  ``?scenario=`` link, in any sandbox mode, is played as it is (its layout,
  crafts, pilots and rule settings), with the setup's seed for the dice. Who
  plays is the setup's choice where it names the player (in capture its
  craft or team); see :meth:`SandboxSetup.from_board` for the others. The
  engine checks the board first: a broken or unplayable scenario is refused
  and the game in progress is kept. A saved game of it replays as any other.

>>> from asteroyds.ui.sandbox.setup import SandboxSetup, Seat
>>> setup = SandboxSetup(mode="racing", seats=(Seat("blue", "greedy"), Seat("red", "random")), seed=3)
>>> sandbox = SandboxController(setup)
>>> sandbox.new_game().round, sandbox.stage
(1, 'roll')
>>> _ = sandbox.play_round()
>>> sandbox.game.round, sandbox.stage
(2, 'roll')
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ...damage import Decision
from ...errors import RuleError
from ...event_text import player_text
from ...game import Game
from ...i18n import _
from ...modes import Turn, TurnWord, mode_named, mode_of, mode_text
from ...preview import PathPreview
from ...program import Program
from ...state import State
from ..chart import new_chart
from ..observers import Observable
from ..player.controller import RoundPlayerController
from .coaching import CoachParts, CoachReview, Submitted, forecast
from .files import save_name, saved_game, scenario_setup
from .hints import Clock, Hints
from .hotseat import Chart, HotSeat
from .setup import SandboxSetup
from .summary import outcome_words

# The stages a sandbox shows; a turn resolved at once adds its own phase (capture's "capture").
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
# Stages the round player (or the dice) moves on by itself: play_round() advances through them (and a
# turn's own resolution phase).
AUTOMATIC: tuple[str, ...] = ("roll", "plan", "asteroids", "fly", "end")


class SandboxController(CoachParts, Observable["SandboxController"]):
    """A sandbox game: setup, hot-seat planning, the round player, undo, rewind, save and load.

    :attr:`stage` says what the screen shows: ``setup``, ``roll``,
    ``handover`` (pass the device to :attr:`current_player`, or in capture to
    :attr:`current_team`), ``planning`` (their charts), ``asteroids`` /
    ``fly`` / ``capture`` / ``end`` (the round player's next phase),
    ``decision`` (a human's Yes/No question) or ``over``. Methods raise the
    engine's errors and change nothing when they do; the view shows them.
    """

    def __init__(self, setup: SandboxSetup | None = None, *, hints: bool = True) -> None:
        super().__init__()
        self.hints_allowed = hints  # the teacher's switch: every game of this page (.hints)
        self.hints = Hints(hints)
        self.clock: Clock | None = None  # the planning stopwatch the coach pauses (the page's)
        self.setup = setup or SandboxSetup()
        self.game: Game | None = None
        self.player: RoundPlayerController | None = None
        self.charts: dict[str, Chart] = {}
        self.kinds: dict[str, str] = {}
        self.coach = self.setup.coaching
        self.message = ""
        self.hot_seat: HotSeat | None = None  # the game's parts (a new game gets new ones)
        self.review: CoachReview | None = None
        self._answering = False

    # --- reading --------------------------------------------------------------------------
    @property
    def turn(self) -> Turn:
        """How the game's (or, before one, the setup's) mode plays a turn: the mode's declaration."""
        return mode_named(self.game.state.mode if self.game is not None else self.setup.mode).turn

    @property
    def teams_plan(self) -> bool:
        """Does a whole team plan at once (one hand-over, one Done per team), as the mode declares?"""
        return self.game is not None and self.turn.team_seats(self.game.state.crafts)

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
                return "planning" if self._seat().showing else "handover"
            if self.player is not None and self.player.expected == "plan":
                return "plan"
            return str(self.turn.phase)  # asteroids, or the phase that resolves the whole turn
        return str(game.phase)

    @property
    def humans(self) -> tuple[str, ...]:
        return tuple(p for p, kind in self.kinds.items() if kind == "human")

    @property
    def bots(self) -> dict[str, str]:
        return {p: kind for p, kind in self.kinds.items() if kind != "human"}

    @property
    def current_player(self) -> str | None:
        """The human who plans now (hot seat; in capture, the first of :attr:`current_players`), or None."""
        return None if self.hot_seat is None else self.hot_seat.current_player

    @property
    def current_team(self) -> str | None:
        """The team whose humans plan now (together, where teams plan at once); None otherwise."""
        return None if self.hot_seat is None else self.hot_seat.current_team

    @property
    def current_players(self) -> tuple[str, ...]:
        """The humans planning now: one player, or (a team planning together) every waiting human of it."""
        return () if self.hot_seat is None else self.hot_seat.current_players

    @property
    def planning_seconds(self) -> int:
        """The stopwatch of each hand-over: the mode's planning time with the game's rules."""
        return self._seat().planning_seconds

    @property
    def outcome_text(self) -> str:
        """Why the game ended, the engine's sentence ("" while the game goes on)."""
        outcome = self.game.outcome if self.game is not None else None
        return "" if outcome is None else outcome.reason

    @property
    def last_round(self) -> int:
        """The round being played, or the one the game was won in once over (the engine has moved on
        to the next round's number by then: a race won in round 5 is not "round 6")."""
        game = self._need_game()
        return len(game.history) - 1 if game.is_over else game.round

    def summary(self) -> str:
        """The game's end in words: who won, when, and the hints used ("" while the game goes on)."""
        game = self.game
        if game is None or game.outcome is None:
            return ""
        ending = outcome_words(game.outcome, self.last_round, self.turn.word)
        return _("{ending}. {hints}.", ending=ending, hints=self.hints.summary(self.humans))

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
        board as it stands and no path. A turn with no asteroid phase (capture): the board as it
        stands, no path (see :meth:`planning_notes`).
        """
        player = player or self.current_player
        if program is None and player in self.charts:
            program = self.charts[player].program
        return forecast(self._need_game(), player, program, coach=self.coach)

    def planning_notes(self) -> tuple[str, ...]:
        """While planning: what the mode says planners should know of the dice (:attr:`ModeViews.notes
        <asteroyds.ui.modes.ModeViews.notes>`; capture: where each turret fires this turn, "TR1 NW")."""
        return self._seat().planning_notes()

    turret_aims = planning_notes  # the name capture's pages and tests have used

    @property
    def hands_over(self) -> bool:
        """Is the device handed over between humans (two or more), with a screen hiding the charts?"""
        return self.hot_seat is not None and self.hot_seat.hands_over

    @property
    def charts_shown(self) -> int:
        """How many times humans' charts were shown this game: each showing starts a stopwatch."""
        return 0 if self.hot_seat is None else self.hot_seat.shown

    def _notify(self) -> None:
        """Before the page hears of a change: one human alone sees their chart at once (no hand-over)."""
        if self.hot_seat is not None and self.game is not None:
            self.hot_seat.show_alone()
        super()._notify()

    # --- starting ------------------------------------------------------------------------
    def new_game(self, setup: SandboxSetup | None = None) -> Game:
        """Start a game from ``setup`` (or the current one); a bad setup changes nothing."""
        chosen = setup or self.setup
        game = chosen.build()
        self.setup = chosen
        self.coach = chosen.coaching
        self._start(game, chosen.craft_kinds(game.state))
        turn = _("Turn 1") if mode_of(game.state).turn.word is TurnWord.TURN else _("Round 1")
        origin = _(" on the loaded scenario") if chosen.board is not None else ""
        self.message = _(
            "New {mode} game{origin}, seed {seed}. {turn}: {players} rolls the dice.",
            mode=mode_text(chosen.mode),
            origin=origin,
            seed=chosen.seed,
            turn=turn,
            players=player_text(game.players[0]),
        )
        self._notify()
        return game

    def _start(self, game: Game, kinds: Mapping[str, str]) -> None:
        """Play ``game``: its seats, the humans' charts, and its own hot seat, review and round player."""
        self.game = game
        self.kinds = {p: kinds.get(p, "human") for p in game.state.player_order}
        self.charts = {
            p: self._new_chart(game, p) for p in game.state.player_order if self.kinds[p] == "human"
        }
        self.hot_seat = HotSeat(game, self.kinds, self.charts)
        self.review = CoachReview(game)
        self.hints = Hints(self.hints_allowed)
        self._new_player()

    @staticmethod
    def _new_chart(game: Game, player: str) -> Chart:
        """The chart the player's mode plans on (the UI's chart registry, :mod:`asteroyds.ui.chart`)."""
        return new_chart(game.state, player)

    def _new_player(self) -> None:
        """A round player for the game as it is now (after a new game, an undo, a rewind or a load)."""
        game = self._need_game()
        if self.player is not None:
            self.player.observe(self._player_changed, remove=True)
        self.player = RoundPlayerController(game, charts=self.charts, bots=self.bots)
        self.player.observe(self._player_changed)
        self._seat().sync_charts()

    # --- the round ---------------------------------------------------------------------
    def roll(self, dice: Sequence[int] | None = None) -> Any:
        """Roll the dice (the game's seeded dice, or these); the hot seat starts with player one."""
        self._need_game()
        self._expect("roll")
        self._seat().new_round()
        rolled = self._rp().roll(dice)
        assert self.review is not None
        self.review.rolled()
        self._after_planning()
        return rolled

    def show_chart(self) -> str:
        """The current human (a team planning together: its humans) took the device: show the chart(s).
        Returns who."""
        who, self.message = self._seat().show()
        self._notify()
        return who

    def submit(self, program: Any = None) -> str:
        """The current human (or team) is done, with what the chart(s) show or ``program``.

        When a team plans, ``program`` may map each planning craft to its program (or be one
        program when one human plans). The engine checks every program first (the mode's turn,
        :attr:`Turn.validate <asteroyds.modes.Turn.validate>`): an illegal one is refused and
        nothing changes. Returns who is done (the player, or the team).
        """
        seat = self._seat()
        players, self.message, checked = seat.submit(program)
        assert self.review is not None
        for player in players:  # the coach reviews them after the round
            self.review.record(player, checked[player])
        who = seat.who(players[0])
        self._after_planning()
        return who

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
        """Do the next thing the round needs (roll, move the asteroids, fly, resolve the turn, end).

        Humans must still plan (:meth:`submit`) and answer (:meth:`answer`). Returns the stage after.
        """
        stage = self.stage
        rp = self._rp()
        if stage == "roll":
            self.roll()
        elif stage in ("plan", "asteroids", self.turn.phase):
            rp.phase_step(self.turn.phase)()  # the turn's first declared phase: asteroids, or the whole turn
        elif stage == "fly":
            rp.fly()
        elif stage == "end":
            rp.end_round()
        else:
            raise RuleError(_("nothing to do automatically at the {stage!r} stage", stage=stage))
        self._notify()
        return self.stage

    def play_round(self) -> str:
        """Advance until the round is over, a human must act, or the game ends. Returns the stage."""
        start = self._need_game().round
        while self.stage in AUTOMATIC or self.stage == self.turn.phase:
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
        """What a bot answers: a coach bot its plan's answers; the others the bots' seeded policy."""
        draw = random.Random(f"asteroyds:sandbox:{self._need_game().seed}:{decision.key}")
        return self._rp().planner.answer(decision, draw)

    # --- undo, rewind, save, load --------------------------------------------------------
    def undo(self) -> str:
        """Take back the last step: a Done (a team's, where teams plan), a question, a phase, the plan or
        the roll."""
        game, seat = self._need_game(), self._seat()
        said = seat.take_back()
        if said is None:
            if game.pending is None and not game.inputs:
                raise RuleError(_("nothing to undo: this is the start of the game"))
            kept = list(seat.batches)
            said = self._rp().undo()
            seat.game_undone(kept)
        self.message = said
        self._notify()
        return self.message

    def back_to_round(self, number: int) -> None:
        """Go back to the start of round ``number`` (before its dice)."""
        game = self._need_game()
        game.rewind_to_round(int(number))
        self._seat().new_round()
        self._new_player()
        self.message = (
            _("Back to the start of turn {number}.", number=number)
            if self.turn.word is TurnWord.TURN
            else _("Back to the start of round {number}.", number=number)
        )
        self._notify()

    def save_text(self) -> str:
        """The saved game (``Game.dumps``): the setup and every input."""
        return self._need_game().dumps()

    def save_name(self) -> str:
        return save_name(self._need_game())

    def load_text(self, text: str, where: str = "the loaded file") -> Game:
        """Load a saved game; a broken one raises a ScenarioError and changes nothing.

        Players keep the kind (human, bot) the setup gives them (capture: their craft or team);
        the others are human.
        """
        game = saved_game(text, where)
        kinds = self.setup.craft_kinds(game.state)
        self.setup = SandboxSetup.of_game(game, kinds, coach=self.coach)
        self._start(game, kinds)
        self.message = _(
            "Loaded: {mode}, round {round}, {n} inputs.",
            mode=game.state.mode,
            round=game.round,
            n=len(game.inputs),
        )
        self._notify()
        return game

    def load_scenario(
        self, board: str | State, where: str = "the scenario", setup: SandboxSetup | None = None
    ) -> Game:
        """Start a new game on a scenario: its JSON text (``asteroyds/scenario@1``) or a state.

        ``setup`` (default: the current one) gives the seed, the coach, the
        capture table's settings and who plays
        (:meth:`SandboxSetup.from_board`). A broken or unplayable scenario
        raises a ScenarioError naming what is wrong, and nothing changes.
        """
        return self.new_game(scenario_setup(board, where, setup or self.setup))

    def _need_game(self) -> Game:
        if self.game is None:
            raise RuleError(_("no game yet: choose the players and press New game"))
        return self.game

    def _rp(self) -> RoundPlayerController:
        self._need_game()
        assert self.player is not None
        return self.player

    def _seat(self) -> HotSeat:
        self._need_game()
        assert self.hot_seat is not None
        return self.hot_seat

    def _expect(self, *stages: str) -> None:
        if self.stage not in stages:
            raise RuleError(
                _(
                    "the sandbox is at the {stage!r} stage, not {choices}",
                    stage=self.stage,
                    choices=" or ".join(map(repr, stages)),
                )
            )


__all__ = ["AUTOMATIC", "STAGES", "SandboxController", "Submitted"]
