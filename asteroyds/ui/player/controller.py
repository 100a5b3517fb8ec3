"""The round player's controller: play a round phase by phase, then step through each phase's events.

:class:`RoundPlayerController` is plain Python over a :class:`~asteroyds.game.Game`:
every action is one engine call (roll, submit, resolve_asteroids, fly,
end_round, answer, undo); after a phase it keeps that phase's events and the
board after each of them (:func:`~asteroyds.snapshots.snapshots`) and a cursor
over them. Nothing here decides a rule. The view is
:class:`~asteroyds.ui.round_player.RoundPlayer`.

Capture the Asteroyd (RULES §11) has no asteroid or flight phase: after
roll and plan, :meth:`~RoundPlayerController.resolve_turn` (action
``capture``, the *Resolve turn* button) plays the whole turn, 6 rounds of
lasers then moves, logged as the game's ``capture`` phase; the cursor walks
through it and :attr:`~RoundPlayerController.capture_step` says which round
and stage it is in ("Round 3 of 6 · lasers", :mod:`asteroyds.modes.capture_turn`).
Charts are then capture charts (anything with a ``program`` the engine reads
as a :class:`~asteroyds.modes.capture_program.CaptureProgram`) and bots plan
with :func:`asteroyds.modes.capture_bot.plan_all`.

>>> from asteroyds.game import Game
>>> from asteroyds import never
>>> game = Game.new(players=["blue"], seed=1, policy=never)
>>> player = RoundPlayerController(game, bots={"blue": "greedy"})
>>> player.roll((3, 5, 2))
Dice(red=3, white=5, blue=2)
>>> sorted(player.plan())
['blue']
>>> _ = player.asteroids()
>>> player.phase, player.cursor, player.current_event is None
('asteroids', 0, True)
>>> player.step_forward(), player.current_event.text()
(True, 'Red die shows 3: 10 elements move in priority order')
>>> player.to_end()
>>> player.current_state == game.state
True

A capture turn:

>>> capture = Game.capture(teams=2, crafts_per_team=1, seed=2)
>>> player = RoundPlayerController(capture, bots=["red1", "white1"])
>>> _ = player.roll((3, 5, 2)), player.plan()
>>> player.expected, player.can("asteroids")
('capture', False)
>>> _ = player.resolve_turn()
>>> player.phase, str(player.capture_step)
('capture', 'Before the rounds')
>>> player.seek(6); str(player.capture_step)
'Round 1 of 6 · lasers'
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ...bot import STYLES, coach_plan
from ...bot import plan as bot_plan
from ...damage import Decision
from ...dice import Dice
from ...errors import RuleError
from ...events import Event
from ...game import Game
from ...hexgrid import Cell
from ...modes import mode_named
from ...modes.capture_bot import plan_all as capture_plan_all
from ...modes.capture_program import CaptureProgram, as_capture_program
from ...modes.capture_snapshots import disabled_turret_cells
from ...modes.capture_turn import TurnStep, step_at
from ...program import Program, as_program
from ...snapshots import snapshots
from ...state import State
from ..observers import Observable
from .cursor import PlayerCursor
from .steps import (
    ACTIONS,
    CAPTURE,
    DEFAULT_SPEED,
    PHASE_NAMES,
    SPEED_RANGE,
    STEPPED_PHASES,
    TICK_SECONDS,
    Chart,
    _Done,
    _Mark,
    _View,
    actor_cells,
)


# --- the controller -------------------------------------------------------------------
class RoundPlayerController(PlayerCursor, Observable["RoundPlayerController"]):
    """Play a game's rounds phase by phase and step through the events of the last phase.

    ``charts`` maps a player to its status chart (a
    :class:`~asteroyds.ui.chart_controller.StatusChartController` or the
    :class:`~asteroyds.ui.status_chart.StatusChart` widget; in capture mode a
    capture chart): *Plan* submits what it shows. ``bots`` maps a player to a
    bot style (``greedy`` or ``random``, :func:`asteroyds.bot.plan`; capture
    has the team bot, :func:`asteroyds.modes.capture_bot.plan_all`, whatever the style,
    except ``coach``: :func:`asteroyds.coach.capture.plan_team`). ``dice``: a
    :class:`~asteroyds.ui.dice.DiceController` whose dice *Roll* uses;
    without one the game rolls its seeded dice.

    Methods named after actions raise the engine's errors; :meth:`do` runs an
    action by name and keeps the error in :attr:`error` instead (the view's
    path: an error is shown in the widget, never a traceback).
    """

    def __init__(
        self,
        game: Game,
        *,
        charts: Mapping[str, Chart] | None = None,
        bots: Mapping[str, str] | Sequence[str] | None = None,
        dice: Any = None,
        speed: float = DEFAULT_SPEED,
    ) -> None:
        super().__init__()
        self.game = game
        self.charts: dict[str, Chart] = dict(charts or {})
        if bots is None:
            bots = {}
        elif not isinstance(bots, Mapping):
            bots = dict.fromkeys(bots, "greedy")
        for player, style in bots.items():
            if style not in STYLES:
                raise ValueError(
                    f"{player}: unknown bot style {style!r} (expected one of {', '.join(STYLES)})"
                )
        self.bots: dict[str, str] = dict(bots)
        for player in [*self.charts, *self.bots]:
            game.state.craft(player)  # ScenarioError for a player not in the game
        self.dice_controller = dice
        self._fresh_dice = True  # the panel's dice were set or rolled since the last round's roll
        if dice is not None:
            dice.observe(self._dice_changed)
        self._speed = DEFAULT_SPEED
        self.speed = speed
        self.playing = False
        self._carry = 0.0
        self.message = ""
        self.error = ""
        self._done: list[_Done] = []
        self._pending: _Mark | None = None  # the action that asked the pending question
        self._forecast: tuple[State, Dice, tuple[str, ...], State] | None = None
        self._bot_plans: tuple[State, Dice | None, dict[str, CaptureProgram]] | None = None
        # A coach bot's answers to the mid-flight questions, from its plan (keys name the round).
        self.coach_answers: dict[str, tuple[str, ...]] = {}
        self._view = self._idle_view()

    # --- reading ---------------------------------------------------------------------
    @property
    def phase(self) -> str | None:
        """The phase whose events are loaded (roll, asteroids, fly, capture, end), or None."""
        return self._view.phase

    @property
    def is_capture(self) -> bool:
        """Is this a Capture the Asteroyd game (one *Resolve turn* instead of asteroids and flight)?"""
        return mode_named(self.game.state.mode).teams

    @property
    def turn_word(self) -> str:
        """What the game calls its rounds: a capture "turn" holds 6 rounds of its own."""
        return "Turn" if self.is_capture else "Round"

    def phase_name(self, phase: str) -> str:
        """A phase in words ("moving the asteroids"); a capture game ends a turn, not a round."""
        if phase == "end" and self.is_capture:
            return "end of turn"
        return PHASE_NAMES[phase]

    @property
    def capture_step(self) -> TurnStep | None:
        """In a capture turn, the round and stage at the cursor; None in the other phases."""
        if self._view.phase != CAPTURE:
            return None
        return step_at(self._view.events, self._view.cursor)

    @property
    def disabled_cells(self) -> tuple[Cell, ...]:
        """In a capture turn, the spaces of the turrets disabled so far (up to the cursor)."""
        if self._view.phase != CAPTURE:
            return ()
        return disabled_turret_cells(self._view.events[: self._view.cursor])

    @property
    def round(self) -> int:
        """The round the loaded events belong to."""
        return self._view.round

    @property
    def events(self) -> tuple[Event, ...]:
        return self._view.events

    @property
    def states(self) -> tuple[State, ...]:
        """The board before the phase, then after each event (one more than :attr:`events`)."""
        return self._view.states

    @property
    def cursor(self) -> int:
        """How many of the phase's events have happened on the board shown (0..len(events))."""
        return self._view.cursor

    @property
    def current_event(self) -> Event | None:
        """The last event applied at the cursor (None at the start)."""
        c = self._view.cursor
        return self._view.events[c - 1] if c else None

    @property
    def current_state(self) -> State:
        """The board at the cursor: after :attr:`cursor` events."""
        return self._view.states[self._view.cursor]

    @property
    def previous_state(self) -> State:
        """The board just before the current event (the current state at the start)."""
        return self._view.states[max(0, self._view.cursor - 1)]

    @property
    def at_start(self) -> bool:
        return self._view.cursor == 0

    @property
    def at_end(self) -> bool:
        return self._view.cursor == len(self._view.events)

    @property
    def round_events(self) -> tuple[Event, ...]:
        """Every event logged in the shown round so far (the loaded phase's come last)."""
        return self._view.round_events

    @property
    def round_index(self) -> int | None:
        """Where the current event is in :attr:`round_events` (None before the phase's first event)."""
        c = self._view.cursor
        if c == 0:
            return self._view.offset - 1 if self._view.offset else None
        return self._view.offset + c - 1

    @property
    def phase_offset(self) -> int:
        """Where the loaded phase starts in :attr:`round_events`."""
        return self._view.offset

    @property
    def question(self) -> Decision | None:
        """The decision the game waits for (destroy an asteroid? Lawrence's shield?), if any."""
        return self.game.pending

    @property
    def expected(self) -> str | None:
        """The action the game expects next: roll, plan, asteroids, fly, capture, end (None when over)."""
        phase = self.game.phase
        if self.game.pending is not None or phase == "over":
            return None
        if phase == "plan":
            waiting = self.game.waiting_for()
            if any(p in self.charts or p in self.bots for p in waiting):
                return "plan"
            return CAPTURE if self.is_capture else "asteroids"
        return {"roll": "roll", "asteroids": "asteroids", "fly": "fly", "end": "end"}.get(phase)

    def can(self, action: str) -> bool:
        """Would the game accept this action now?"""
        game = self.game
        if action == "undo":
            return game.pending is not None or bool(game.inputs)
        if game.pending is not None:
            return action in ("yes", "no")
        capture = self.is_capture
        return {
            "roll": game.phase == "roll",
            "plan": game.phase == "plan",
            "asteroids": game.phase in ("plan", "asteroids") and not capture,
            "fly": game.phase == "fly",
            CAPTURE: game.phase == "plan" and capture,
            "end": game.phase == "end",
        }.get(action, False)

    @property
    def actor_cells(self) -> tuple[Cell, ...]:
        """The cells to outline on the board for the current event."""
        return actor_cells(self.current_event, self.previous_state, self.current_state)

    @property
    def speed(self) -> float:
        """Events per second while playing."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        low, high = SPEED_RANGE
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise ValueError(f"the speed must be {low}-{high} events per second, got {value!r}")
        self._speed = float(value)
        self._notify()

    # --- phase actions -----------------------------------------------------------------
    def roll(self, dice: Dice | Sequence[int] | None = None) -> Dice:
        """Roll the dice: these, or the dice panel's, or the game's seeded ones.

        With a dice controller, *Roll* takes the dice it shows if they were rolled
        or set since the last round's roll, and rolls it otherwise.
        """
        mark = self._start("roll")
        if self.game.phase != "roll" or self.game.pending is not None:
            self.game.roll(dice)  # raises the game's own error
        panel = self.dice_controller
        if dice is None and panel is not None:
            dice = panel.dice if self._fresh_dice else panel.roll()
        rolled = self.game.roll(dice)
        if panel is not None and panel.dice != rolled:
            panel.set(*rolled.as_tuple())
        self._fresh_dice = False
        self._finish(mark)
        self.message = f"{self.turn_word} {self.game.round}: the dice show {rolled}. Plan the programs."
        self._notify()
        return rolled

    def plan(self) -> dict[str, Program]:
        """Submit every chart's program and every bot's plan (players with neither keep an empty chart)."""
        game = self.game
        if game.pending is not None:
            raise RuleError(f"a decision is pending: {game.pending.question}")
        if game.phase != "plan":
            raise RuleError(f"the game is in the {game.phase!r} phase, not 'plan'")
        mark = self._start("plan")
        programs = self._submit(c.player for c in game.state.crafts_in_order() if c.cell is not None)
        if len(game.inputs) > mark.inputs:
            self._done.append(_Done("plan", mark.inputs, mark.view))
        self.message = "Programs: " + (
            " · ".join(f"{p} {prog}" + (" (bot)" if p in self.bots else "") for p, prog in programs.items())
            or "none (every craft keeps an empty chart, shield on)"
        )
        self._notify()
        return programs

    def program_for(self, player: str) -> Program | CaptureProgram | None:
        """What *Plan* submits for ``player``: its chart's program, its bot's plan, or None."""
        if player in self.charts:
            program = self.charts[player].program
            return as_capture_program(program, player) if self.is_capture else as_program(program, player)
        style = self.bots.get(player)
        if style is None or self.game.dice is None or self.game.phase != "plan":
            return None
        if self.is_capture:
            return self._capture_bot_plans().get(player)
        if style == "coach":
            plan = coach_plan(self.game.state, player, self.game.dice, order=self.game.order)
            self.coach_answers[player] = plan.decisions
            return plan.program
        rng = random.Random(f"asteroyds:{self.game.seed}:{player}:round{self.game.round}")
        return bot_plan(self.game.state, player, self.game.dice, style=style, rng=rng)

    def _capture_bot_plans(self) -> dict[str, CaptureProgram]:
        """The capture bot's plans for this turn (every craft; team-mates share goals), seeded."""
        game = self.game
        key = (game.state, game.dice)
        cached = self._bot_plans
        if cached is None or cached[0] is not key[0] or cached[1] != key[1]:
            rng = random.Random(f"asteroyds:{game.seed}:capture-bots:turn{game.round}")
            assert game.dice is not None
            plans = capture_plan_all(game.state, game.dice, rng)
            coached = [p for p, style in self.bots.items() if style == "coach"]
            if coached:
                from ...coach.capture import plan_team

                for team in sorted({game.state.craft(p).team or "" for p in coached}):
                    plans.update(plan_team(game.state, game.dice, team, players=coached, predict=True))
            cached = self._bot_plans = (game.state, game.dice, plans)
        return cached[2]

    def asteroids(self) -> tuple[Event, ...]:
        """Move the asteroids (submitting the programs not planned yet); the cursor goes to the start."""
        game = self.game
        if self.is_capture:
            raise RuleError("capture resolves the whole turn at once: press Resolve turn (action 'capture')")
        mark = self._start("asteroids")
        if game.phase == "plan" and game.pending is None:
            self._submit(game.waiting_for())
        game.resolve_asteroids()
        return self._after_phase(mark)

    def resolve_turn(self) -> tuple[Event, ...]:
        """Capture: play the whole turn (6 rounds, lasers then moves), submitting the programs not
        planned yet; the cursor goes to the start of the turn."""
        game = self.game
        if not self.is_capture:
            raise RuleError(f"a {game.state.mode} round has asteroid and flight phases, not a capture turn")
        if game.pending is not None:
            raise RuleError(f"a decision is pending: {game.pending.question}")
        if game.phase != "plan":
            raise RuleError(f"the game is in the {game.phase!r} phase, not 'plan'")
        mark = self._start(CAPTURE)
        self._submit(game.waiting_for())
        game.resolve_asteroids()  # the Game resolves the whole capture turn here (logged as "capture")
        return self._after_phase(mark)

    def fly(self) -> tuple[Event, ...]:
        """Fly every craft's program in turn order; the cursor goes to the start."""
        mark = self._start("fly")
        self.game.fly()
        return self._after_phase(mark)

    def end_round(self) -> tuple[Event, ...]:
        """End the round: victory check, charts reset for the next round; the cursor goes to the end."""
        mark = self._start("end")
        self.game.end_round()
        self._finish(mark)
        for player, chart in self.charts.items():
            chart.reset(self.game.state.craft(player))
        outcome = self.game.outcome
        self.message = (
            str(outcome.reason)
            if outcome is not None
            else f"{self.turn_word} {self.game.round}: roll the dice."
        )
        self._notify()
        return self.events

    def answer(self, yes: bool) -> tuple[Event, ...]:
        """Answer the pending question; the phase that asked it finishes (or asks the next one)."""
        mark = self._pending
        self.error = ""
        self.game.answer(bool(yes))  # DecisionError when nothing is pending
        if mark is None:  # asked outside the player: show the game as it is now
            self._view = self._idle_view()
            self._notify()
            return ()
        return self._after_phase(mark)

    def undo(self) -> str:
        """Take back the last action (a whole Plan at once), or withdraw the pending question."""
        game = self.game
        self.pause()
        self.error = ""
        if game.pending is not None:
            question = game.pending.question
            game.undo()
            if self._pending is not None:
                self._rewind(self._pending.inputs)
                self._view = self._pending.view
            self._pending = None
            self.message = f"Withdrawn: {question}"
        elif self._done and len(game.inputs) >= self._done[-1].inputs_before:
            done = self._done.pop()
            self._rewind(done.inputs_before)
            self._view = done.view
            self.message = f"Undone: {done.action}."
        else:
            item = game.undo()  # RuleError when there is nothing to undo
            self._done.clear()
            self._view = self._idle_view()
            self.message = f"Undone: the last input ({next(iter(item), 'none')})."
        self._sync_charts()
        self._notify()
        return self.message

    def do(self, action: str, *args: Any) -> Any:
        """Run an action by name (roll, plan, asteroids, fly, capture, end, yes, no, undo, the cursor moves).

        An error is kept in :attr:`error` (and returned as None) instead of raised.
        """
        methods: dict[str, Callable[..., Any]] = {
            "roll": self.roll,
            "plan": self.plan,
            "asteroids": self.asteroids,
            "fly": self.fly,
            CAPTURE: self.resolve_turn,
            "end": self.end_round,
            "yes": lambda: self.answer(True),
            "no": lambda: self.answer(False),
            "undo": self.undo,
            "back": self.step_back,
            "next": self.step_forward,
            "start": self.to_start,
            "last": self.to_end,
            "play": self.play,
            "pause": self.pause,
        }
        self.error = ""
        try:
            if action not in methods:
                raise ValueError(f"no action {action!r} (expected one of {', '.join(methods)})")
            return methods[action](*args)
        except Exception as exc:  # kept for the widget, never a traceback in Voila
            self.error = f"{type(exc).__name__}: {exc}"
            self._notify()
            return None

    # --- inside -----------------------------------------------------------------------
    def _idle_view(self) -> _View:
        state = self.game.state
        return _View(None, state.round, (), (state,), 0, self._round_log(state.round), 0)

    def _dice_changed(self, _dice: Dice) -> None:
        self._fresh_dice = True

    def _round_log(self, round_number: int) -> tuple[Event, ...]:
        return tuple(e for r, _phase, e in self.game.log if r == round_number)

    def _start(self, action: str) -> _Mark:
        self.pause()
        self.error = ""
        game = self.game
        return _Mark(action, len(game.inputs), len(game.log), game.state, self._view)

    def _submit(self, players: Iterable[str]) -> dict[str, Program]:
        """Submit the programs of these players that have a chart or a bot (all or nothing)."""
        game = self.game
        mark = len(game.inputs)
        programs: dict[str, Program] = {}
        try:
            for player in list(players):
                program = self.program_for(player)
                if program is not None:
                    game.submit(player, program)
                    programs[player] = game.programs[player]
        except Exception:
            self._rewind(mark)
            raise
        return programs

    def _rewind(self, inputs: int) -> None:
        while self.game.pending is not None or len(self.game.inputs) > inputs:
            self.game.undo()

    def _after_phase(self, mark: _Mark) -> tuple[Event, ...]:
        """After a phase ran: answer the bots' questions, ask a person's, or load the events."""
        game = self.game
        while game.pending is not None and game.pending.player in self.bots:
            game.answer(False)  # a bot keeps its once-per-game powers
        question = game.pending
        if question is not None:
            self._pending = mark
            self.message = f"The {question.player} player must decide."
            self._notify()
            return ()
        self._pending = None
        self._finish(mark)
        self.message = (
            f"{self.phase_name(mark.action).capitalize()}: {len(self.events)} events. Step through them."
        )
        self._notify()
        return self.events

    def _finish(self, mark: _Mark) -> None:
        """Load the events the action logged, with the board after each of them."""
        game = self.game
        logged = game.log[mark.log :]
        round_number = logged[0][0] if logged else game.state.round
        events = tuple(e for _r, _phase, e in logged)
        states = snapshots(mark.before, events)
        if mark.action in ("roll", "end"):
            # The round's bookkeeping (round number, player one) has no event: take the game's board.
            states[-1] = game.state
        round_events = self._round_log(round_number)
        cursor = 0 if mark.action in STEPPED_PHASES else len(events)
        offset = len(round_events) - len(events)
        self._view = _View(mark.action, round_number, events, tuple(states), cursor, round_events, offset)
        self._done.append(_Done(mark.action, mark.inputs, mark.view))

    def _sync_charts(self) -> None:
        """After an undo: charts follow their crafts (damage, pilot power) if those changed."""
        for player, chart in self.charts.items():
            craft = self.game.state.craft(player)
            shown = getattr(chart, "controller", chart)
            if getattr(shown, "craft", craft) != craft:
                chart.reset(craft)


__all__ = [
    "ACTIONS",
    "CAPTURE",
    "DEFAULT_SPEED",
    "SPEED_RANGE",
    "TICK_SECONDS",
    "PHASE_NAMES",
    "STEPPED_PHASES",
    "Chart",
    "RoundPlayerController",
    "actor_cells",
]
