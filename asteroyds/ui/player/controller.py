"""The round player's controller: play a round phase by phase, then step through each phase's events.

:class:`RoundPlayerController` is plain Python over a :class:`~asteroyds.game.Game`:
every action is one engine call (roll, submit, resolve_asteroids, fly,
end_round, answer, undo); after a phase it keeps that phase's events and the
board after each of them (:func:`~asteroyds.snapshots.snapshots`) and a cursor
over them. Nothing here decides a rule. The view is
:class:`~asteroyds.ui.player.view.RoundPlayer`.

It owns three parts, each with its own state: :attr:`~RoundPlayerController.playback`
(:class:`~asteroyds.ui.player.playback.Playback`: the phase on show, the cursor,
playing at a speed), :attr:`~RoundPlayerController.history`
(:class:`~asteroyds.ui.player.history.ActionHistory`: what *Undo* takes back)
and the planning help (:class:`~asteroyds.ui.player.planning.BotPlanner`, the
bots' plans; :class:`~asteroyds.ui.player.planning.Forecast`, the board the
programs fly on). The cursor's names (``seek``, ``cursor``, ``events``...) stay
on the controller, where the pages and the notebooks read them.

The controller asks the game's mode how its turn goes (:attr:`turn`) and never which mode
it is. A turn resolved at once (Capture the Asteroyd, docs/rules.md#11-capture-the-asteroyd:
no asteroid or flight phase) is played after roll and plan by :meth:`~RoundPlayerController.resolve_turn`
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
>>> player.phase, str(player.turn_step)
('capture', 'Before the rounds')
>>> player.seek(6); str(player.turn_step)
'Round 1 of 6 · lasers'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

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
from ...preview import PathPreview
from ...program import Program
from ...state import State
from ..observers import Observable
from .history import ActionHistory
from .panel_dice import PanelDice
from .planning import BotPlanner, Forecast
from .playback import Playback
from .steps import (
    ACTIONS,
    DEFAULT_SPEED,
    PHASE_NAMES,
    SPEED_RANGE,
    STEPPED_PHASES,
    TICK_SECONDS,
    Chart,
    _Mark,
    actor_cells,
    idle_view,
    phase_view,
)


def _playback(name: str) -> Any:
    """The controller's name for its playback's ``name`` (the pages and tests read ``player.cursor``)."""
    return property(lambda self: getattr(self.playback, name), doc=f"The playback's ``{name}``.")


# --- the controller -------------------------------------------------------------------
class RoundPlayerController(Observable["RoundPlayerController"]):
    """Play a game's rounds phase by phase and step through the events of the last phase.

    ``charts`` maps a player to its status chart (a
    :class:`~asteroyds.ui.chart.status.controller.StatusChartController` or its
    widget; in capture mode a capture chart): *Plan* submits what it shows.
    ``bots`` maps a player to a bot style (``greedy``, ``random`` or ``coach``:
    :func:`asteroyds.bot.plan_bots`; capture has the team bot whatever the style,
    except ``coach``). ``dice``: a :class:`~asteroyds.ui.player.dice.DiceController`
    whose dice *Roll* uses; without one the game rolls its seeded dice.

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
        self.planner = BotPlanner(game, bots)  # ValueError for an unknown style
        for player in [*self.charts, *self.bots]:
            game.state.craft(player)  # ScenarioError for a player not in the game
        self.forecast = Forecast(game)
        self.history = ActionHistory(game)
        self.panel_dice = PanelDice(dice)
        self.message = ""
        self.error = ""
        self.playback = Playback(idle_view(game), self._notify, speed)

    # --- reading ---------------------------------------------------------------------
    @property
    def dice_controller(self) -> Any:
        """The dice panel whose dice *Roll* uses (None: the game's seeded dice)."""
        return self.panel_dice.panel

    @property
    def bots(self) -> dict[str, str]:
        """Player → bot style (the planner's; seating one more bot here seats it there)."""
        return self.planner.styles

    @property
    def coach_answers(self) -> dict[str, tuple[str, ...]]:
        """A coach bot's answers to the mid-flight questions, from its plan (keys name the round)."""
        return self.planner.answers

    @property
    def turn(self) -> Turn:
        """How the game's mode plays a turn (its chart, its phases, its words): the mode's, not a guess."""
        return mode_of(self.game.state).turn

    @property
    def turn_word(self) -> str:
        """What the game calls its rounds: a capture "turn" holds 6 rounds of its own."""
        return self.turn.word.capitalize()

    def _word(self) -> str:  # ``Round`` or ``Turn`` in the reader's language (the messages' first word)
        return pgettext("log", self.turn_word.lower()).capitalize()

    def phase_name(self, phase: str) -> str:
        """A phase in words ("moving the asteroids"); a capture game ends a turn, not a round."""
        turn = self.turn
        if phase == "end" and turn.word is TurnWord.TURN:
            return _("end of turn")
        if phase == turn.phase:  # the phase after planning: the turn may name it (capture's)
            return _(turn.texts.get("phase_name", PHASE_NAMES[Phase.ASTEROIDS]))
        return _(PHASE_NAMES[phase])

    @property
    def turn_step(self) -> Any:
        """In a turn resolved at once and stepped in rounds (capture), the round and stage at the
        cursor (the turn's ``step_at``); None in the other phases."""
        turn, shown = self.turn, self.playback.shown
        if shown.phase != turn.phase or turn.step_at is None:
            return None
        return turn.step_at(shown.events, shown.cursor)

    @property
    def disabled_cells(self) -> tuple[Cell, ...]:
        """In a turn resolved at once, the spaces of the pieces out of play so far (capture's turrets)."""
        turn, shown = self.turn, self.playback.shown
        if shown.phase != turn.phase:
            return ()
        return turn.disabled_cells(shown.events[: shown.cursor])

    # The phase on show and the cursor: the playback's (see Playback for what each one is).
    phase = _playback("phase")
    round = _playback("round")
    events = _playback("events")
    states = _playback("states")
    cursor = _playback("cursor")
    current_event = _playback("current_event")
    current_state = _playback("current_state")
    previous_state = _playback("previous_state")
    at_start = _playback("at_start")
    at_end = _playback("at_end")
    round_events = _playback("round_events")
    round_index = _playback("round_index")
    phase_offset = _playback("phase_offset")
    playing = _playback("playing")
    # Moving the cursor, playing at a speed.
    seek = _playback("seek")
    step_forward = _playback("step_forward")
    step_back = _playback("step_back")
    to_start = _playback("to_start")
    to_end = _playback("to_end")
    play = _playback("play")
    pause = _playback("pause")
    tick = _playback("tick")

    @property
    def speed(self) -> float:
        """Events per second while playing."""
        return self.playback.speed

    @speed.setter
    def speed(self, value: float) -> None:
        self.playback.speed = value

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

    # --- planning help ------------------------------------------------------------------
    def forecast_state(self) -> State:
        """The board programs will fly on: after this round's asteroid phase once the dice are known."""
        return self.forecast.state()

    def ghost_path(self, player: str, program: Program | str) -> PathPreview:
        """Where ``program`` would take ``player``'s craft (:func:`~asteroyds.preview.planned_path`)."""
        return self.forecast.ghost_path(player, program)

    # --- phase actions -----------------------------------------------------------------
    def roll(self, dice: Dice | Sequence[int] | None = None) -> Dice:
        """Roll the dice: these, or the dice panel's, or the game's seeded ones.

        With a dice controller, *Roll* takes the dice it shows if they were rolled
        or set since the last round's roll, and rolls it otherwise.
        """
        mark = self._start("roll")
        if self.game.phase != "roll" or self.game.pending is not None:
            self.game.roll(dice)  # raises the game's own error
        rolled = self.game.roll(self.panel_dice.for_roll(dice))
        self.panel_dice.rolled(rolled)
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
            self.history.record("plan", mark.inputs, mark.view)
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
        return self.planner.program_for(player)

    def asteroids(self) -> tuple[Event, ...]:
        """Move the asteroids (submitting the programs not planned yet); the cursor goes to the start."""
        game = self.game
        if Phase.ASTEROIDS not in self.turn.phases:
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
        if Phase.ASTEROIDS in self.turn.phases:  # asteroids then flight: a round, not a turn at once
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
        mark = self.history.asking
        self.error = ""
        self.game.answer(bool(yes))  # DecisionError when nothing is pending
        if mark is None:  # asked outside the player: show the game as it is now
            self.playback.show(idle_view(self.game))
            self._notify()
            return ()
        return self._after_phase(mark)

    def undo(self) -> str:
        """Take back the last action (a whole Plan at once), or withdraw the pending question."""
        self.pause()
        self.error = ""
        self.message, shown = self.history.take_back(self.playback.shown)
        self.playback.show(shown)
        self._sync_charts()
        self._notify()
        return self.message

    def phase_step(self, phase: str) -> Callable[[], tuple[Event, ...]]:
        """The step that resolves a phase the turn declares: the asteroids, the flight, or (a phase of
        the turn's own, capture's) the whole turn at once."""
        own: dict[str, Callable[[], Any]] = {Phase.ASTEROIDS: self.asteroids, Phase.FLY: self.fly}
        return own.get(phase, self.resolve_turn)

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
        for phase in self.turn.phases:  # a declared phase with no step of its own: the whole turn
            methods.setdefault(str(phase), self.phase_step(phase))
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
            self.error = str(exc).strip() or type(exc).__name__  # shown: the message, not the class
            self._notify()
            return None

    # --- inside -----------------------------------------------------------------------
    def _start(self, action: str) -> _Mark:
        self.pause()
        self.error = ""
        return self.history.mark(action, self.playback.shown)

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
            self.history.rewind(mark)
            raise
        return programs

    def _after_phase(self, mark: _Mark) -> tuple[Event, ...]:
        """After a phase ran: answer the bots' questions, ask a person's, or load the events."""
        game = self.game
        while game.pending is not None and game.pending.player in self.bots:
            game.answer(False)  # a bot keeps its once-per-game powers
        question = game.pending
        if question is not None:
            self.history.asking = mark
            self.message = _("The {player} player must decide.", player=player_text(question.player))
            self._notify()
            return ()
        self.history.asking = None
        self._finish(mark)
        self.message = _(
            "{phase}: {n} events. Step through them.",
            phase=self.phase_name(mark.action).capitalize(),
            n=len(self.events),
        )
        self._notify()
        return self.events

    def _finish(self, mark: _Mark) -> None:
        """Load the events the action logged, with the board after each of them; undo may take it back."""
        self.playback.show(phase_view(self.game, mark))
        self.history.record(mark.action, mark.inputs, mark.view)

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
