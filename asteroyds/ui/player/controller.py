"""The round player's controller: play a round phase by phase, then step through each phase's events.

:class:`RoundPlayerController` is plain Python over a :class:`~asteroyds.game.Game`:
every action is one engine call (roll, submit, resolve_asteroids, fly,
end_round, answer, undo); after a phase it keeps that phase's events and the
board after each of them (:func:`~asteroyds.snapshots.snapshots`) and a cursor
over them. Nothing here decides a rule. The view is
:class:`~asteroyds.ui.round_player.RoundPlayer`.

The controller asks the game's mode how its turn goes (:attr:`turn`) and never which mode
it is. A turn resolved at once (Capture the Asteroyd, RULES §11: no asteroid or flight
phase) is played after roll and plan by :meth:`~RoundPlayerController.resolve_turn`
(the action named after the turn's phase, ``capture``, the *Resolve turn* button): the
whole turn, 6 rounds of lasers then moves, logged as the game's ``capture`` phase; the
cursor walks through it and :attr:`~RoundPlayerController.turn_step` says which round and
stage it is in ("Round 3 of 6 · lasers", the turn's ``step_at``). Charts are the mode's
(anything with a ``program`` the turn reads) and bots plan with the mode's own bots
(:func:`asteroyds.bot.plan_bots`).

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

>>> capture = Game.new("capture", teams=2, crafts_per_team=1, seed=2)
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

from ...bot import STYLES, BotPlans, plan_bots
from ...damage import Decision
from ...dice import Dice
from ...errors import RuleError
from ...event_text import player_text
from ...events import Event
from ...game import Game
from ...hexgrid import Cell
from ...i18n import _, pgettext
from ...modes import Turn, TurnWord, mode_of
from ...phases import Phase
from ...snapshots import snapshots
from ...state import State
from ..observers import Observable
from .cursor import PlayerCursor
from .steps import (
    ACTIONS,
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
    bot style (``greedy``, ``random`` or ``coach``: :func:`asteroyds.bot.plan_bots`;
    capture has the team bot whatever the style, except ``coach``). ``dice``: a
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
                    _(
                        "{player}: unknown bot style {style!r} (expected one of {choices})",
                        player=player,
                        style=style,
                        choices=", ".join(STYLES),
                    )
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
        self._bot_plans: tuple[State, Dice | None, BotPlans] | None = None
        # A coach bot's answers to the mid-flight questions, from its plan (keys name the round).
        self.coach_answers: dict[str, tuple[str, ...]] = {}
        self._view = self._idle_view()

    # --- reading ---------------------------------------------------------------------
    @property
    def phase(self) -> str | None:
        """The phase whose events are loaded (roll, asteroids, fly, capture, end), or None."""
        return self._view.phase

    @property
    def turn(self) -> Turn:
        """How the game's mode plays a turn (its chart, its phases, its words): the mode's, not a guess."""
        return mode_of(self.game.state).turn

    @property
    def turn_word(self) -> str:
        """What the game calls its rounds: a capture "turn" holds 6 rounds of its own."""
        return self.turn.word.capitalize()

    def _word(self) -> str:
        """``Round`` or ``Turn`` in the reader's language (the messages' first word)."""
        return pgettext("log", self.turn_word.lower()).capitalize()

    def phase_name(self, phase: str) -> str:
        """A phase in words ("moving the asteroids"); a capture game ends a turn, not a round."""
        turn = self.turn
        if phase == "end" and turn.word is TurnWord.TURN:
            return _("end of turn")
        if phase == turn.phase and turn.resolves_at_once:
            return _(turn.texts.get("phase_name", PHASE_NAMES[Phase.ASTEROIDS]))
        return _(PHASE_NAMES[phase])

    @property
    def turn_step(self) -> Any:
        """In a turn resolved at once and stepped in rounds (capture), the round and stage at the
        cursor (the turn's ``step_at``); None in the other phases."""
        turn = self.turn
        if self._view.phase != turn.phase or not turn.resolves_at_once or turn.step_at is None:
            return None
        return turn.step_at(self._view.events, self._view.cursor)

    capture_step = turn_step  # the name the capture turn's tests and pages have used

    @property
    def disabled_cells(self) -> tuple[Cell, ...]:
        """In a turn resolved at once, the spaces of the pieces out of play so far (capture's turrets)."""
        turn = self.turn
        if self._view.phase != turn.phase or not turn.resolves_at_once:
            return ()
        return turn.disabled_cells(self._view.events[: self._view.cursor])

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
            return str(self.turn.phase)  # asteroids, or the phase that resolves the whole turn
        return {"roll": "roll", "asteroids": "asteroids", "fly": "fly", "end": "end"}.get(phase)

    def can(self, action: str) -> bool:
        """Would the game accept this action now?"""
        game = self.game
        if action == "undo":
            return game.pending is not None or bool(game.inputs)
        if game.pending is not None:
            return action in ("yes", "no")
        if action == self.turn.phase:  # the step after planning: asteroids, or the whole turn
            return game.phase in (Phase.PLAN, Phase.ASTEROIDS)
        return {
            "roll": game.phase == Phase.ROLL,
            "plan": game.phase == Phase.PLAN,
            "fly": game.phase == Phase.FLY,
            "end": game.phase == Phase.END,
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
            raise ValueError(
                _(
                    "the speed must be {low}-{high} events per second, got {value!r}",
                    low=low,
                    high=high,
                    value=value,
                )
            )
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
        self.message = _(
            "{word} {round}: the dice show {dice}. Plan the programs.",
            word=self._word(),
            round=self.game.round,
            dice=rolled,
        )
        self._notify()
        return rolled

    def plan(self) -> dict[str, Any]:
        """Submit every chart's program and every bot's plan (players with neither keep an empty chart)."""
        game = self.game
        if game.pending is not None:
            raise RuleError(_("a decision is pending: {question}", question=game.pending.question))
        if game.phase != "plan":
            raise RuleError(_("the game is in the {phase!r} phase, not 'plan'", phase=game.phase))
        mark = self._start("plan")
        programs = self._submit(c.player for c in game.state.crafts_in_order() if c.cell is not None)
        if len(game.inputs) > mark.inputs:
            self._done.append(_Done("plan", mark.inputs, mark.view))
        self.message = "Programs: " + (
            " · ".join(f"{p} {prog}" + (" (bot)" if p in self.bots else "") for p, prog in programs.items())
            or _("none (every craft keeps an empty chart, shield on)")
        )
        self._notify()
        return programs

    def program_for(self, player: str) -> Any:
        """What *Plan* submits for ``player``: its chart's program, its bot's plan, or None."""
        if player in self.charts:
            return self.turn.parse(self.charts[player].program, player)
        style = self.bots.get(player)
        if style is None or self.game.dice is None or self.game.phase != "plan":
            return None
        plans = self._bot_plan_set()
        if player in plans.answers:
            self.coach_answers[player] = plans.answers[player]
        return plans.programs.get(player)

    def _bot_plan_set(self) -> BotPlans:
        """Every bot's plan for this round, at once (a team's bots share their goals), seeded.

        Each draws from its own seeded generator (``asteroyds:<seed>:<key>``, the key the
        planner names: ``blue:round3``, a team bot's ``capture-bots:turn3``), so a bot's
        program does not depend on the others'.
        """
        game = self.game
        cached = self._bot_plans
        if cached is None or cached[0] is not game.state or cached[1] != game.dice:
            assert game.dice is not None
            flying = {c.player for c in game.state.crafts if c.cell is not None}
            styles = {p: style for p, style in self.bots.items() if p in flying}
            plans = plan_bots(
                game.state,
                game.dice,
                styles,
                lambda key: random.Random(f"asteroyds:{game.seed}:{key}"),
                order=game.order,
                mode_rules=game.mode_rules,
            )
            cached = self._bot_plans = (game.state, game.dice, plans)
        return cached[2]

    def asteroids(self) -> tuple[Event, ...]:
        """Move the asteroids (submitting the programs not planned yet); the cursor goes to the start."""
        game = self.game
        if self.turn.resolves_at_once:
            raise RuleError(
                _(
                    "{mode} resolves the whole turn at once: press Resolve turn (action {action!r})",
                    mode=game.state.mode,
                    action=str(self.turn.phase),
                )
            )
        mark = self._start("asteroids")
        if game.phase == "plan" and game.pending is None:
            self._submit(game.waiting_for())
        game.resolve_asteroids()
        return self._after_phase(mark)

    def resolve_turn(self) -> tuple[Event, ...]:
        """Capture: play the whole turn (6 rounds, lasers then moves), submitting the programs not
        planned yet; the cursor goes to the start of the turn."""
        game = self.game
        if not self.turn.resolves_at_once:
            raise RuleError(
                _("a {mode} round has asteroid and flight phases, not a capture turn", mode=game.state.mode)
            )
        if game.pending is not None:
            raise RuleError(_("a decision is pending: {question}", question=game.pending.question))
        if game.phase != "plan":
            raise RuleError(_("the game is in the {phase!r} phase, not 'plan'", phase=game.phase))
        mark = self._start(str(self.turn.phase))
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
            else _("{word} {round}: roll the dice.", word=self._word(), round=self.game.round)
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
            self.message = _("Undone: the last input ({action}).", action=next(iter(item), "none"))
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
        if self.turn.resolves_at_once:
            methods[str(self.turn.phase)] = self.resolve_turn
        self.error = ""
        try:
            if action not in methods:
                raise ValueError(
                    _(
                        "no action {action!r} (expected one of {choices})",
                        action=action,
                        choices=", ".join(methods),
                    )
                )
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

    def _submit(self, players: Iterable[str]) -> dict[str, Any]:
        """Submit the programs of these players that have a chart or a bot (all or nothing)."""
        game = self.game
        mark = len(game.inputs)
        programs: dict[str, Any] = {}
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
            self.message = _("The {player} player must decide.", player=player_text(question.player))
            self._notify()
            return ()
        self._pending = None
        self._finish(mark)
        self.message = _(
            "{phase}: {n} events. Step through them.",
            phase=self.phase_name(mark.action).capitalize(),
            n=len(self.events),
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
        stepped = mark.action in STEPPED_PHASES or mark.action == self.turn.phase
        cursor = 0 if stepped else len(events)
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
    "DEFAULT_SPEED",
    "SPEED_RANGE",
    "TICK_SECONDS",
    "PHASE_NAMES",
    "STEPPED_PHASES",
    "Chart",
    "RoundPlayerController",
    "actor_cells",
]
