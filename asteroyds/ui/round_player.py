"""The round player: play a round phase by phase, then step through each phase's events.

Two layers, as everywhere in :mod:`asteroyds.ui`. :class:`RoundPlayerController`
is plain Python over a :class:`~asteroyds.game.Game`: every button is one
engine call (roll, submit, resolve_asteroids, fly, end_round, answer, undo);
after a phase it keeps that phase's events and the board after each of them
(:func:`~asteroyds.snapshots.snapshots`) and a cursor over them. Nothing here
decides a rule. :class:`RoundPlayer` is the view: buttons, a play/pause toggle
ticked by an asyncio task (never ``time.sleep`` in a callback), the pending
question with Yes/No, and the wiring that shows the board at the cursor.

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
"""

from __future__ import annotations

import asyncio
import html
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import ipywidgets as widgets

from ..asteroids import resolve_asteroids
from ..bot import STYLES
from ..bot import plan as bot_plan
from ..damage import Decision
from ..dice import Dice
from ..errors import RuleError, ScenarioError
from ..events import Event, PhaseStarted
from ..game import Game
from ..hexgrid import Cell
from ..pieces import Craft
from ..preview import PathPreview, planned_path
from ..program import Program, as_program
from ..snapshots import snapshots
from ..state import State
from . import theme
from .theme import COLOURS

ACTIONS: tuple[str, ...] = ("roll", "plan", "asteroids", "fly", "end")
# Phases whose events are stepped from the start; the others open at their end.
STEPPED_PHASES: frozenset[str] = frozenset({"asteroids", "fly"})
DEFAULT_SPEED = 3.0  # events per second when playing
SPEED_RANGE: tuple[float, float] = (0.5, 12.0)
TICK_SECONDS = 0.05
PHASE_NAMES: dict[str, str] = {
    "roll": "dice rolled",
    "asteroids": "moving the asteroids",
    "fly": "flying",
    "end": "end of round",
}
Observer = Callable[["RoundPlayerController"], object]


class Chart(Protocol):
    """What the round player needs of a status chart (a controller or the widget)."""

    @property
    def program(self) -> Program: ...

    def reset(self, craft: Craft | None = None) -> Program: ...


@dataclass(frozen=True, slots=True)
class _View:
    """What the player shows: one phase's events, the boards around them, and the cursor."""

    phase: str | None
    round: int
    events: tuple[Event, ...]
    states: tuple[State, ...]
    cursor: int
    round_events: tuple[Event, ...]  # every logged event of the round, the phase's last
    offset: int  # where the phase's events start in round_events


@dataclass(frozen=True, slots=True)
class _Mark:
    """The game just before an action: inputs and log lengths, the board, the view shown."""

    action: str
    inputs: int
    log: int
    before: State
    view: _View


@dataclass(frozen=True, slots=True)
class _Done:
    """One action of the player, for undo: how many game inputs there were before it."""

    action: str
    inputs_before: int
    view: _View


# --- pure helpers ---------------------------------------------------------------------
def actor_cells(event: Event | None, before: State, after: State) -> tuple[Cell, ...]:
    """The cells of whatever acts in ``event``: the piece (start and end), the craft, the movers.

    ``before`` / ``after`` are the boards just before and after the event.

    >>> from asteroyds import resolve_asteroids, setup
    >>> before = setup("racing", seed=1, players=["blue"])
    >>> after, events = resolve_asteroids(before, (3, 5, 2))
    >>> print(events[1]), actor_cells(events[1], before, after)
    White/red asteroid #4 moves 2 spaces NW to (5, 11)
    (None, ((7, 12), (5, 11)))
    """
    if event is None:
        return ()
    if isinstance(event, PhaseStarted):
        return tuple(before.piece(pid).cell for pid in event.order if before.has_piece(pid))
    cells: list[Cell] = []

    def add(cell: object) -> None:
        is_cell = isinstance(cell, tuple) and len(cell) == 2 and all(isinstance(v, int) for v in cell)
        if is_cell and cell not in cells:
            cells.append(cell)  # type: ignore[arg-type]

    for name in ("pusher", "by"):  # an element acting on another: where it stands
        pid = getattr(event, name, None)
        if isinstance(pid, str) and before.has_piece(pid):
            add(before.piece(pid).cell)
    for name in ("start", "end", "cell"):
        add(getattr(event, name, None))
    pid = getattr(event, "piece", None)
    if not cells and isinstance(pid, str):
        for state in (after, before):
            if state.has_piece(pid):
                add(state.piece(pid).cell)
                break
    player = getattr(event, "player", None)
    if isinstance(player, str):
        for state in (after, before):
            try:
                craft = state.craft(player)
            except ScenarioError:
                continue
            if craft.cell is not None:
                add(craft.cell)
                break
    return tuple(cells)


# --- the controller -------------------------------------------------------------------
class RoundPlayerController:
    """Play a game's rounds phase by phase and step through the events of the last phase.

    ``charts`` maps a player to its status chart (a
    :class:`~asteroyds.ui.chart_controller.StatusChartController` or the
    :class:`~asteroyds.ui.status_chart.StatusChart` widget): *Plan* submits
    what it shows. ``bots`` maps a player to a bot style (``greedy`` or
    ``random``, :func:`asteroyds.bot.plan`). ``dice``: a
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
        self._observers: list[Observer] = []
        self._speed = DEFAULT_SPEED
        self.speed = speed
        self.playing = False
        self._carry = 0.0
        self.message = ""
        self.error = ""
        self._done: list[_Done] = []
        self._pending: _Mark | None = None  # the action that asked the pending question
        self._forecast: tuple[State, Dice, tuple[str, ...], State] | None = None
        self._view = self._idle_view()

    # --- reading ---------------------------------------------------------------------
    @property
    def phase(self) -> str | None:
        """The phase whose events are loaded (``roll``, ``asteroids``, ``fly``, ``end``), or None."""
        return self._view.phase

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
        """The action the game expects next: roll, plan, asteroids, fly, end (None when over)."""
        phase = self.game.phase
        if self.game.pending is not None or phase == "over":
            return None
        if phase == "plan":
            waiting = self.game.waiting_for()
            return "plan" if any(p in self.charts or p in self.bots for p in waiting) else "asteroids"
        return {"roll": "roll", "asteroids": "asteroids", "fly": "fly", "end": "end"}.get(phase)

    def can(self, action: str) -> bool:
        """Would the game accept this action now?"""
        game = self.game
        if action == "undo":
            return game.pending is not None or bool(game.inputs)
        if game.pending is not None:
            return action in ("yes", "no")
        return {
            "roll": game.phase == "roll",
            "plan": game.phase == "plan",
            "asteroids": game.phase in ("plan", "asteroids"),
            "fly": game.phase == "fly",
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
        self.message = f"Round {self.game.round}: the dice show {rolled}. Plan the programs."
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

    def program_for(self, player: str) -> Program | None:
        """What *Plan* submits for ``player``: its chart's program, its bot's plan, or None."""
        if player in self.charts:
            return as_program(self.charts[player].program, player)
        style = self.bots.get(player)
        if style is None or self.game.dice is None or self.game.phase != "plan":
            return None
        rng = random.Random(f"asteroyds:{self.game.seed}:{player}:round{self.game.round}")
        return bot_plan(self.game.state, player, self.game.dice, style=style, rng=rng)

    def asteroids(self) -> tuple[Event, ...]:
        """Move the asteroids (submitting the programs not planned yet); the cursor goes to the start."""
        game = self.game
        mark = self._start("asteroids")
        if game.phase == "plan" and game.pending is None:
            self._submit(game.waiting_for())
        game.resolve_asteroids()
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
            str(outcome.reason) if outcome is not None else f"Round {self.game.round}: roll the dice."
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
        """Run an action by name (roll, plan, asteroids, fly, end, yes, no, undo, and the cursor moves).

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
        self.error = ""
        try:
            if action not in methods:
                raise ValueError(f"no action {action!r} (expected one of {', '.join(methods)})")
            return methods[action](*args)
        except Exception as exc:  # kept for the widget, never a traceback in Voila
            self.error = f"{type(exc).__name__}: {exc}"
            self._notify()
            return None

    # --- the cursor -----------------------------------------------------------------
    def seek(self, cursor: int) -> None:
        """Put the cursor after ``cursor`` events (clamped to the phase)."""
        cursor = max(0, min(len(self._view.events), int(cursor)))
        if cursor != self._view.cursor:
            self._view = _replace_cursor(self._view, cursor)
            self._notify()

    def step_forward(self) -> bool:
        """One event forward; False at the end."""
        if self.at_end:
            return False
        self.seek(self.cursor + 1)
        return True

    def step_back(self) -> bool:
        """One event back; False at the start."""
        if self.at_start:
            return False
        self.seek(self.cursor - 1)
        return True

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(len(self.events))

    def play(self) -> None:
        """Play the events at :attr:`speed` (from the start when at the end); :meth:`tick` advances."""
        if not self.events:
            return
        if self.at_end:
            self.to_start()
        self.playing, self._carry = True, 0.0
        self._notify()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self._notify()

    def tick(self, seconds: float) -> int:
        """Let ``seconds`` pass while playing; return how many events the cursor moved."""
        if not self.playing or seconds <= 0:
            return 0
        self._carry += seconds * self._speed
        steps = int(self._carry)
        self._carry -= steps
        moved = 0
        for _ in range(steps):
            if not self.step_forward():
                break
            moved += 1
        if self.at_end:
            self.playing = False
            self._notify()
        return moved

    # --- planning help ------------------------------------------------------------------
    def forecast_state(self) -> State:
        """The board programs will fly on: after this round's asteroid phase once the dice are known."""
        game = self.game
        if game.phase != "plan" or game.dice is None:
            return game.state
        cached = self._forecast
        if cached is None or cached[0] is not game.state or cached[1:3] != (game.dice, game.order):
            state, _ = resolve_asteroids(game.state, game.dice, order=game.order)
            cached = self._forecast = (game.state, game.dice, game.order, state)
        return cached[3]

    def ghost_path(self, player: str, program: Program | str) -> PathPreview:
        """Where ``program`` would take ``player``'s craft (:func:`~asteroyds.preview.planned_path`)."""
        return planned_path(self.forecast_state(), player, program)

    # --- observers ---------------------------------------------------------------------
    def observe(self, callback: Observer, remove: bool = False) -> None:
        """Call ``callback(controller)`` after every change (cursor, phase, question, message)."""
        if remove:
            self._observers.remove(callback)
        else:
            self._observers.append(callback)

    def _notify(self) -> None:
        for callback in list(self._observers):
            callback(self)

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
            f"{PHASE_NAMES[mark.action].capitalize()}: {len(self.events)} events. Step through them."
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


def _replace_cursor(view: _View, cursor: int) -> _View:
    return _View(view.phase, view.round, view.events, view.states, cursor, view.round_events, view.offset)


def _error_html(text: str) -> str:
    """An error line like :func:`~asteroyds.ui.theme.error_html`, from the controller's text."""
    if not text:
        return ""
    style = f"color:{COLOURS['collision']};font-weight:bold"
    return f'<span class="asteroyds-error-text" style="{style}">⚠ {html.escape(text)}</span>'


# --- the view ---------------------------------------------------------------------------
PANEL_WIDTH = "436px"  # fits beside the normal-size board on a 1280-pixel page
# name: (label, FontAwesome icon, tooltip, width)
BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "roll": ("Roll", "", "Roll the dice (the dice panel's, or seeded)", "54px"),
    "plan": ("Plan", "", "Submit the status chart and the bots' programs", "54px"),
    "asteroids": ("Asteroids", "", "Move the asteroids: red, white, blue", "80px"),
    "fly": ("Fly", "", "Every craft flies its program, in turn order", "46px"),
    "end": ("End round", "", "Victory check; the charts reset; the next player is player one", "84px"),
    "undo": ("Undo", "undo", "Take back the last action (a question: withdraw it)", "70px"),
}
STEP_BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "start": ("", "fast-backward", "⏮ Back to the start of the phase", "38px"),
    "back": ("◀ step", "", "One event back", "64px"),
    "next": ("step ▶", "", "One event forward", "64px"),
    "last": ("", "fast-forward", "⏭ To the end of the phase", "38px"),
}
CSS = f"""<style>
.asteroyds-round-player .asteroyds-rp-caption {{ font-size: 14px; line-height: 1.4; min-height: 42px; }}
.asteroyds-round-player .asteroyds-rp-caption .asteroyds-rp-count {{ color: {COLOURS["muted"]};
  font-variant-numeric: tabular-nums; }}
.asteroyds-round-player .asteroyds-rp-caption .asteroyds-rp-text {{ color: {COLOURS["text"]};
  font-weight: bold; }}
.asteroyds-round-player .asteroyds-rp-message {{ color: {COLOURS["muted"]}; font-size: 13px; }}
.asteroyds-round-player .asteroyds-question {{ background: #3a2e08; border: 1px solid {COLOURS["highlight"]};
  border-radius: 8px; padding: 6px 10px; }}
.asteroyds-round-player .asteroyds-question .widget-html-content {{ color: #fff4c2; font-weight: bold;
  white-space: normal; }}
.asteroyds-round-player .widget-slider .widget-readout {{ color: {COLOURS["text"]}; }}
.asteroyds-round-player .asteroyds-btn-yes {{ background: #1f7a4d; }}
.asteroyds-round-player .asteroyds-btn-no {{ background: #7a1f2b; }}
</style>"""


class RoundPlayer(widgets.VBox):
    """The round player widget: phase buttons, event stepping, play at a speed, questions.

    ``board`` (a :class:`~asteroyds.ui.board.BoardView`) shows the board at the
    cursor with the current event's actor outlined, the dice arrows while
    planning and the ghost path of each charted player's program. A
    ``stopwatch`` (:class:`~asteroyds.ui.stopwatch.Stopwatch`) starts on Roll,
    pauses on Plan and locks the charts when the time is up.

    CSS classes: ``asteroyds-round-player`` (root), ``asteroyds-btn-roll``,
    ``-plan``, ``-asteroids``, ``-fly``, ``-end``, ``-undo``, ``-start``,
    ``-back``, ``-next``, ``-last``, ``-play``, ``-yes``, ``-no``,
    ``asteroyds-speed`` and ``asteroyds-round-data`` (hidden: the cursor).
    """

    def __init__(
        self,
        controller: RoundPlayerController,
        *,
        board: Any = None,
        stopwatch: Any = None,
        interval: float = TICK_SECONDS,
    ) -> None:
        super().__init__()
        self._controller = controller
        self._board = board
        self._stopwatch = stopwatch
        self._interval = interval
        self._task: asyncio.Task | None = None
        self._quiet = False
        self._drawn: tuple[Any, ...] = ()  # (state, cells, dice, event) last drawn
        self._build()
        controller.observe(self._changed)
        for player, chart in controller.charts.items():
            target = getattr(chart, "controller", chart)
            if hasattr(target, "on_change"):
                target.on_change(lambda program, p=player: self._safely(lambda: self._show_ghost(p, program)))
        if stopwatch is not None:
            stopwatch.on_timeout(self._time_up)
        self._changed(controller)
        self._show_ghosts()

    # --- public API -------------------------------------------------------------------
    @property
    def controller(self) -> RoundPlayerController:
        return self._controller

    @property
    def buttons(self) -> Mapping[str, widgets.Button]:
        return dict(self._buttons)

    def press(self, name: str) -> Any:
        """Press a button by name (``roll`` ... ``next``, ``yes``, ``no``), as a click would."""
        return self._press(name)

    def play(self) -> None:
        self._toggle.value = True

    def pause(self) -> None:
        self._toggle.value = False

    def close(self) -> None:
        self._stop_task()
        super().close()

    # --- building ---------------------------------------------------------------------
    def _build(self) -> None:
        def button(name: str, label: str, icon: str, tip: str, width: str) -> widgets.Button:
            b = widgets.Button(description=label, icon=icon, tooltip=tip, layout=widgets.Layout(width=width))
            b.add_class(f"asteroyds-btn-{name}")
            b.on_click(lambda _b, n=name: self._press(n))
            return b

        self._buttons: dict[str, widgets.Button] = {
            name: button(name, *spec) for name, spec in {**BUTTONS, **STEP_BUTTONS}.items()
        }
        self._toggle = widgets.ToggleButton(
            value=False, description="Play", icon="play", tooltip="Play the events at the chosen speed",
            layout=widgets.Layout(width="74px"),
        )  # fmt: skip
        self._toggle.add_class("asteroyds-btn-play")
        self._toggle.observe(self._on_toggle, names="value")
        low, high = SPEED_RANGE
        self._speed = widgets.FloatSlider(
            value=self._controller.speed, min=low, max=high, step=0.5, description="speed",
            readout_format=".1f", continuous_update=False, style={"description_width": "44px"},
            layout=widgets.Layout(width="250px"), tooltip="Events per second while playing",
        )  # fmt: skip
        speed_unit = widgets.HTML("<span class='asteroyds-caption'>events per second</span>")
        self._speed.add_class("asteroyds-speed")
        self._speed.observe(self._on_speed, names="value")
        self._caption = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._caption.add_class("asteroyds-rp-caption")
        self._message = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._message.add_class("asteroyds-rp-message")
        self._question = widgets.HTML(layout=widgets.Layout(width="270px"))
        self._buttons["yes"] = button("yes", "Yes", "check", "Answer yes", "58px")
        self._buttons["no"] = button("no", "No", "times", "Answer no", "58px")
        self._ask = widgets.HBox(
            [self._question, self._buttons["yes"], self._buttons["no"]],
            layout=widgets.Layout(align_items="center", grid_gap="6px", display="none"),
        )
        self._ask.add_class("asteroyds-question")
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-error")
        self._data = widgets.HTML(layout=widgets.Layout(display="none"))
        self._data.add_class("asteroyds-round-data")
        title = widgets.HTML("<span class='asteroyds-title'>ROUND PLAYER</span>")
        gap = widgets.Layout(grid_gap="5px", align_items="center", flex_flow="row wrap")
        phases = widgets.HBox([self._buttons[n] for n in BUTTONS if n != "undo"], layout=gap)
        stepping = widgets.HBox(
            [*(self._buttons[n] for n in STEP_BUTTONS), self._toggle, self._buttons["undo"]], layout=gap
        )
        speed = widgets.HBox([self._speed, speed_unit], layout=gap)
        self.children = [
            widgets.HTML(theme.CSS + CSS),
            title,
            phases,
            stepping,
            speed,
            self._caption,
            self._ask,
            self._message,
            self._error,
            self._data,
        ]
        self.layout = widgets.Layout(width=PANEL_WIDTH, grid_gap="4px")
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-round-player")

    # --- events -----------------------------------------------------------------------
    def _press(self, name: str) -> Any:
        c = self._controller
        if name in ("roll", "plan", "asteroids", "fly", "end", "undo") and c.playing:
            self.pause()
        result = c.do(name)
        if c.error:
            return None
        if self._stopwatch is not None:
            self._safely(lambda: self._drive_stopwatch(name))
        if name in ("roll", "undo", "end"):
            self._show_ghosts()
        return result

    def _drive_stopwatch(self, action: str) -> None:
        sw = self._stopwatch
        if action == "roll":
            sw.reset()
            sw.start()
        elif action in ("plan", "asteroids"):
            sw.pause()
        elif action in ("end", "undo") and self._controller.game.phase == "roll":
            sw.reset()

    def _time_up(self) -> None:
        for chart in self._controller.charts.values():
            if hasattr(chart, "lock"):
                chart.lock()
        self._message.value = html.escape("Time is up: the charts are locked. Press Plan.")

    def _on_toggle(self, change: Mapping[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"]:
            self._controller.do("play")
            if self._controller.playing:
                self._start_task()
        else:
            self._controller.do("pause")
            self._stop_task()
        self._render_toggle()

    def _on_speed(self, change: Mapping[str, Any]) -> None:
        if not self._quiet:
            self._safely(lambda: setattr(self._controller, "speed", float(change["new"])))

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._error.value = theme.error_html(exc)

    # --- ticking ----------------------------------------------------------------------
    def _start_task(self) -> None:
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()  # the kernel's loop, in Jupyter and Voila
        except RuntimeError:
            return  # plain Python, no loop: tests call controller.tick() themselves
        self._task = loop.create_task(self._ticking())

    def _stop_task(self) -> None:
        if self._task is not None and not self._task.done():
            self._task.cancel()
        self._task = None

    async def _ticking(self) -> None:
        loop = asyncio.get_running_loop()
        last = loop.time()
        while self._controller.playing:
            await asyncio.sleep(self._interval)
            now = loop.time()
            self._safely(lambda seconds=now - last: self._controller.tick(seconds))
            last = now
        self._task = None

    # --- drawing ----------------------------------------------------------------------
    def _changed(self, c: RoundPlayerController) -> None:
        self._safely(lambda: self._render(c))

    def _render(self, c: RoundPlayerController) -> None:
        self._draw_board(c)
        for name in ("roll", "plan", "asteroids", "fly", "end", "undo"):
            b = self._buttons[name]
            b.disabled = not c.can(name)
            (b.add_class if name == c.expected else b.remove_class)("asteroyds-primary")
        n = len(c.events)
        busy = c.question is not None
        self._buttons["start"].disabled = self._buttons["back"].disabled = c.at_start or busy
        self._buttons["next"].disabled = self._buttons["last"].disabled = c.at_end or busy
        self._toggle.disabled = n == 0 or busy
        self._render_toggle()
        event = c.current_event
        if c.phase is None:
            where = f"Round {c.game.round} · {c.game.phase}"
            text = "Roll the dice to start the round." if c.game.phase == "roll" else ""
        else:
            where = f"Round {c.round} · {PHASE_NAMES[c.phase]} · event {c.cursor}/{n}"
            text = event.text() if event is not None else "Before the first event: step ▶ or Play."
        self._caption.value = (
            f"<span class='asteroyds-rp-count'>{html.escape(where)}</span><br>"
            f"<span class='asteroyds-rp-text'>{html.escape(text)}</span>"
        )
        self._message.value = html.escape(c.message)
        self._error.value = _error_html(c.error)
        question = c.question
        self._ask.layout.display = "" if question is not None else "none"
        self._question.value = "" if question is None else f"❓ {html.escape(question.question)}"
        attrs = {
            "data-phase": c.phase or "",
            "data-game-phase": c.game.phase,
            "data-round": str(c.round),
            "data-cursor": str(c.cursor),
            "data-count": str(n),
            "data-event": "" if event is None else event.type,
            "data-expected": c.expected or "",
            "data-question": "" if question is None else question.kind,
            "data-playing": "true" if c.playing else "false",
            "data-error": c.error,
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._data.value = f"<div class='asteroyds-round-values' {body}></div>"

    def _render_toggle(self) -> None:
        playing = self._controller.playing
        if self._toggle.value != playing:
            self._quiet = True
            try:
                self._toggle.value = playing
            finally:
                self._quiet = False
        self._toggle.description = "Pause" if playing else "Play"
        self._toggle.icon = "pause" if playing else "play"
        if not playing:
            self._stop_task()

    def _draw_board(self, c: RoundPlayerController) -> None:
        """The board at the cursor: actor outlined, dice arrows while planning, a laser when one fires."""
        board = self._board
        if board is None:
            return
        state = c.current_state
        planning = c.game.phase == "plan" and c.phase in (None, "roll")
        if c.phase is None and not planning:  # nothing played yet: leave the board's previews alone
            if board.state is not state and board.state != state:
                board.update(state)
            return
        cells = c.actor_cells
        dice = c.game.dice if planning else None
        event = c.current_event
        if self._drawn and self._drawn[0] is state and self._drawn[1:] == (cells, dice, event):
            return
        self._drawn = (state, cells, dice, event)
        if hasattr(board, "show_step"):  # one redraw: the state, the outline and the arrows together
            board.show_step(state, cells, dice=dice)
        else:
            board.show_intended_moves(dice)
            board.update(state)
            board.highlight(cells)
        if c.phase in STEPPED_PHASES and board.path:
            board.show_path(())
        laser = getattr(board, "laser", None)
        if event is not None and event.type == "laser_fired":
            hit = getattr(event, "hit", None)
            board.show_laser(event.path, hit, start=event.start, direction=event.direction)  # type: ignore[attr-defined]
        elif laser:
            board.clear_laser()
        board.set_caption(event.text() if event is not None else "")

    def _show_ghosts(self) -> None:
        for player, chart in self._controller.charts.items():
            self._safely(lambda p=player, ch=chart: self._show_ghost(p, ch.program))

    def _show_ghost(self, player: str, program: Program | str) -> None:
        board, c = self._board, self._controller
        if board is None or c.game.phase not in ("roll", "plan"):
            return
        craft = c.game.state.craft(player)
        if craft.cell is None:
            board.show_path(())
            return
        path = c.ghost_path(player, program)
        board.show_path(path.cells, path.collisions, colour=player)


__all__ = ["RoundPlayer", "RoundPlayerController", "actor_cells"]
