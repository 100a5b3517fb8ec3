"""The Game: a setup plus the list of inputs, replayed into states and events.

In the spirit of python-chess and OpenSpiel: the game is its inputs (dice,
programs, decisions); states, events and animations are recomputed by replay,
so undo and rewind are exact and a saved game reloads byte for byte.

>>> from asteroyds import never
>>> game = Game.new(players=["blue", "red"], seed=1, policy=never)
>>> game.roll((3, 5, 2))
Dice(red=3, white=5, blue=2)
>>> game.submit("blue", "F F F . . . S")
>>> _ = game.play_phases()
>>> game.round, game.phase
(2, 'roll')
>>> Game.loads(game.dumps()).state == game.state
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import saved_game, scenario, untrusted
from .checks import check_playable
from .damage import Decide, Decision
from .dice import Dice, phase_order
from .errors import AsteroydsError, DecisionError, RuleError, ScenarioError
from .events import Event
from .flight import fly
from .i18n import _
from .modes import mode_named, mode_of
from .outcome import Outcome
from .phases import Phase
from .program import Program
from .round import DiceRolled, end_round
from .rules import DEFAULT_RULES, RuleSettings
from .saved_game import FORMAT
from .setups import remove_asteroids
from .state import State

PHASES: tuple[Phase, ...] = tuple(Phase)
Apply = Callable[[dict[str, Any]], list[Event]]


class _Pending(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.question)
        self.decision = decision


def _own_rules(initial: State, mode_rules: Any) -> Any:
    """The mode's own rules for a game on ``initial``: ``mode_rules`` if they are of the mode's rules
    type, the mode's defaults if None; a ScenarioError if the mode has none or others."""
    mode = mode_of(initial)
    if mode_rules is None:
        return mode.default_rules()
    if mode.rules_type is None or not isinstance(mode_rules, mode.rules_type):
        wanted = "none" if mode.rules_type is None else mode.rules_type.__name__
        raise ScenarioError(
            _(
                "game setup: a {mode} game's own rules are {wanted}, got {given!r}",
                mode=initial.mode,
                wanted=wanted,
                given=mode_rules,
            )
        )
    return mode_rules


class Decisions:
    """The mid-flight questions of the phase being played: the answers so far, the one it stopped at.

    Its own object because a phase may take several runs to finish: it stops
    at a question nobody answered (nothing applied) and runs again from its
    start once :meth:`Game.answer` gives the answer. The answers outlive those
    runs and are saved with the phase's input, while the game's position only
    changes when the phase finishes. While a game replays its record
    (``replaying``), the answers come from the record only, never from the policy.
    """

    def __init__(self, policy: Decide | None) -> None:
        self.policy = policy
        self.answers: dict[str, bool] = {}
        self.pending: Decision | None = None
        self.phase: Phase | None = None  # the phase that stopped at ``pending``
        self.replaying = False

    def decide(self, decision: Decision) -> bool:
        """The phases' ``decide`` callback: an answer already given, the policy's, or a stop."""
        if decision.key in self.answers:
            return self.answers[decision.key]
        if self.policy is not None and not self.replaying:
            value = bool(self.policy(decision))
            self.answers[decision.key] = value
            return value
        raise _Pending(decision)

    def run(self, phase: Phase, apply: Apply) -> list[Event]:
        """Play ``phase`` through ``apply`` with the answers so far; stop at an unanswered question."""
        try:  # the saved input names the phase in plain text: {"asteroids": true, "answers": {...}}
            return apply({str(phase): True, "answers": self.recorded()})
        except _Pending as pending:
            self.pending = pending.decision
            self.phase = phase
            return []

    def give(self, yes: bool) -> Phase:
        """Answer the pending question; returns the phase that asked it, to be run again."""
        if self.pending is None or self.phase is None:
            raise DecisionError(_("no decision is pending"))
        if not isinstance(yes, bool):
            raise DecisionError(_("the answer must be True or False, got {yes!r}", yes=yes))
        self.answers[self.pending.key] = yes
        phase = self.phase
        self.pending = None
        self.phase = None
        return phase

    def recorded(self) -> dict[str, bool]:
        """The answers as a phase's input records them (sorted, so a saved game has stable bytes)."""
        return dict(sorted(self.answers.items()))

    def clear(self) -> None:
        """Forget the answers and the question (a reset, or an undo of the question)."""
        self.answers = {}
        self.pending = None
        self.phase = None


class Game:
    """A game in progress: ``phase`` says what input comes next.

    - ``roll`` → :meth:`roll` (seeded, or given dice for a demonstration)
    - ``plan`` → :meth:`submit` each player's program, then :meth:`resolve_asteroids`
    - ``fly`` → :meth:`fly`
    - ``end`` → :meth:`end_round`
    - ``over`` → :attr:`outcome` says who won

    A phase that needs a player's decision (destroy an asteroid? Lawrence's
    emergency shield?) stops with :attr:`pending` set and nothing applied;
    :meth:`answer` gives the answer and finishes the phase. A ``policy``
    answers at once instead (bots, the command line).

    The mode plays the game through its :class:`~asteroyds.modes.Mode`
    (its turn, its chart); ``mode_rules`` are the mode's own rule settings
    (:attr:`Mode.rules_type <asteroyds.modes.Mode.rules_type>`: capture's
    :class:`~asteroyds.modes.capture.CaptureRules`), saved with the game.
    """

    def __init__(
        self,
        initial: State,
        seed: int = 0,
        policy: Decide | None = None,
        mode_rules: Any = None,
    ) -> None:
        initial.validate("game setup")
        # A board can be valid but not playable (a capture team short of a craft).
        check_playable(initial, "game setup")
        self.initial = initial
        self.seed = seed
        self.decisions = Decisions(policy)
        self.mode_rules: Any = _own_rules(initial, mode_rules)
        self.inputs: list[dict[str, Any]] = []
        self._reset()

    # --- creation ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        mode: str = "racing",
        players: Sequence[str] | Mapping[str, Sequence[str]] | None = None,
        pilots: Sequence[str | None] | Mapping[str, str | None] | None = None,
        seed: int = 0,
        rules: RuleSettings = DEFAULT_RULES,
        policy: Decide | None = None,
        remove: Sequence[str] = (),
        mode_rules: Any = None,
        **options: Any,
    ) -> Game:
        """A game on the mode's own setup (:attr:`Mode.setup <asteroyds.modes.Mode.setup>`); the same
        seed gives the same layout and dice.

        ``players`` and ``pilots`` are the mode's (racing: colours; capture:
        a team's crafts' names); without them, the setup's own. ``remove``
        takes asteroids out (the "fewer asteroids" variant); ``options`` go
        to the mode's setup (capture: ``teams``, ``crafts_per_team``,
        ``blue_asteroids``, ``duel``); ``mode_rules`` are the mode's own rules.

        >>> Game.new("capture", teams=3, crafts_per_team=1, seed=2).players
        ('red1', 'white1', 'blue1')
        """
        if players is not None:
            options["players"] = players if isinstance(players, Mapping) else list(players)
        if pilots is not None:
            options["pilots"] = pilots
        state = mode_named(mode).setup(seed=seed, rules=rules, **options)
        state = remove_asteroids(state, remove)
        return cls(state, seed=seed, policy=policy, mode_rules=mode_rules)

    @classmethod
    def from_scenario(
        cls, state_or_path: State | str | Path, seed: int = 0, policy: Decide | None = None
    ) -> Game:
        state = state_or_path if isinstance(state_or_path, State) else scenario.load(state_or_path)
        return cls(state, seed=seed, policy=policy)

    def _reset(self) -> None:
        self.state: State = self.initial
        self.phase: Phase = Phase.ROLL
        self.dice: Dice | None = None
        self.order: tuple[str, ...] = phase_order()
        self.programs: dict[str, Program] = {}
        self.round_events: list[Event] = []
        self.log: list[tuple[int, str, Event]] = []
        self.outcome: Outcome | None = None
        self.decisions.clear()
        self.history: list[State] = [self.initial]

    # --- reading -------------------------------------------------------------------
    @property
    def round(self) -> int:
        return self.state.round

    @property
    def rules(self) -> RuleSettings:
        return self.state.rules

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.player_order

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def pending(self) -> Decision | None:
        """The question the current phase stopped at (nothing applied until :meth:`answer`), or None."""
        return self.decisions.pending

    @property
    def policy(self) -> Decide | None:
        """What answers mid-flight questions at once (bots, the command line); None asks a person."""
        return self.decisions.policy

    @policy.setter
    def policy(self, policy: Decide | None) -> None:
        self.decisions.policy = policy

    def waiting_for(self) -> tuple[str, ...]:
        """Players still expected to submit a program (crafts still flying)."""
        if self.phase is not Phase.PLAN:
            return ()
        return tuple(
            c.player
            for c in self.state.crafts_in_order()
            if c.cell is not None and c.player not in self.programs
        )

    def events(self, phase: str | None = None) -> list[Event]:
        """Events of the current round (optionally of one phase: asteroids, fly, end)."""
        return [e for (_, ph, e) in self.log if ph == phase] if phase else list(self.round_events)

    def _log(self, phase: str, events: Sequence[Event]) -> None:
        for e in events:
            self.log.append((self.state.round, phase, e))
        self.round_events.extend(events)

    # --- inputs ------------------------------------------------------------------
    def roll(self, dice: Dice | Sequence[int] | None = None) -> Dice:
        """Roll the dice (seeded) or set them; starts the planning phase."""
        self._expect(Phase.ROLL)
        if dice is None:
            rng = random.Random(f"asteroyds:{self.seed}:round{self.round}:dice")
            dice = Dice(rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))
        dice = Dice.of(dice)
        order = phase_order()
        if self.rules.random_dice_order:
            order = phase_order(random.Random(f"asteroyds:{self.seed}:round{self.round}:order"))
        self._apply({"roll": list(dice.as_tuple()), "order": list(order)})
        return dice

    def submit(self, player: str, program: Program | str) -> None:
        """Submit (or replace) one player's program during planning; illegal ones change nothing."""
        self._expect(Phase.PLAN)
        try:
            craft = self.state.craft(player)
        except ScenarioError:
            raise RuleError(
                _(
                    "{player}: no such player in this game ({choices})",
                    player=player,
                    choices=", ".join(self.players),
                )
            ) from None
        if craft.cell is None:
            raise RuleError(_("{player}: this craft is destroyed and cannot fly", player=player))
        checked = self._validated(player, program)
        self._apply({"program": player, "text": str(checked)})

    def _validated(self, player: str, program: Any) -> Any:
        """The program checked by the rules of this game's mode (capture has its own chart)."""
        return mode_of(self.state).turn.validate(self.state, self.state.craft(player), program)

    def resolve_asteroids(self) -> list[Event]:
        """Move the asteroids (players who did not submit keep an empty chart, shield on)."""
        self._expect(Phase.PLAN, Phase.ASTEROIDS)
        return self.decisions.run(Phase.ASTEROIDS, self._apply)

    def fly(self) -> list[Event]:
        self._expect(Phase.FLY)
        return self.decisions.run(Phase.FLY, self._apply)

    def end_round(self) -> list[Event]:
        self._expect(Phase.END)
        return self._apply({"end": True})

    def answer(self, yes: bool) -> list[Event]:
        """Answer the pending decision and finish the phase that asked it."""
        return self.decisions.run(self.decisions.give(yes), self._apply)

    def play_phases(self) -> list[Event]:
        """Run every remaining phase of this round (stops early at a pending decision)."""
        events: list[Event] = []
        steps = {
            Phase.PLAN: self.resolve_asteroids,
            Phase.ASTEROIDS: self.resolve_asteroids,
            Phase.FLY: self.fly,
            Phase.END: self.end_round,
        }
        while self.pending is None and self.phase in steps:
            step = steps[self.phase]
            events += step()
        return events

    def play_round(
        self,
        programs: Mapping[str, Program | str],
        dice: Dice | Sequence[int] | None = None,
    ) -> list[Event]:
        """Roll (or set) the dice, submit every program, and play the whole round (a capture turn)."""
        checked = mode_of(self.state).turn.programs_for(self.state, programs)  # all or nothing
        self.roll(dice)
        for player, program in checked.items():
            self.submit(player, program)
        return self.play_phases()

    def _expect(self, *phases: Phase) -> None:
        if self.pending is not None:
            raise RuleError(_("a decision is pending: {question}", question=self.pending.question))
        if self.phase not in phases:
            wanted = " or ".join(phases)
            raise RuleError(
                _("the game is in the {phase!r} phase, not {wanted!r}", phase=self.phase, wanted=wanted)
            )

    # --- the one place inputs change the game ------------------------------------
    def _apply(self, item: dict[str, Any]) -> list[Event]:
        """Apply one input; record it only if it succeeded (so bad input changes nothing)."""
        events = self._execute(item)
        if not self.decisions.replaying:
            self.inputs.append(item)
        return events

    def _execute(self, item: dict[str, Any]) -> list[Event]:
        if "roll" in item:
            self.dice = Dice.of(item["roll"])
            self.order = tuple(item.get("order", phase_order()))
            self.programs = {}
            self.round_events = []
            self.phase = Phase.PLAN
            self.state, started = mode_of(self.state).start_round(self.state)
            word = str(mode_of(self.state).turn.word)
            events: list[Event] = [DiceRolled(self.round, *self.dice.as_tuple(), self.order, word), *started]
            self._log(Phase.ROLL, events)
            return events
        if "program" in item:
            player = item["program"]
            self.programs[player] = self._validated(player, item["text"])
            return []
        if "answers" in item:
            self.decisions.answers = dict(item["answers"])
        if "asteroids" in item:
            # The step after planning: the asteroid phase (then flight), or capture's whole turn.
            assert self.dice is not None
            turn = mode_of(self.state).turn
            self.programs = turn.programs_for(self.state, self.programs)  # kept if a decision is pending
            done = turn.resolve(
                self.state,
                self.dice,
                self.programs,
                order=self.order,
                decide=self.decisions.decide,
                mode_rules=self.mode_rules,
            )
            self.programs = done.programs
            self._finish_phase(item, done.state, done.phase, done.events, next_phase=Phase(done.next_phase))
            return done.events
        if "fly" in item:
            live = {p: prog for p, prog in self.programs.items() if self.state.craft(p).cell is not None}
            state, events = fly(self.state, live, decide=self.decisions.decide)
            self._finish_phase(item, state, Phase.FLY, events, next_phase=Phase.END)
            return events
        if "end" in item:
            state, events, result = end_round(self.state, self.round_events)
            self._log(Phase.END, events)  # logged under the round that ends
            self.state = state
            self.history.append(state)
            self.outcome = result
            self.phase = Phase.OVER if result is not None else Phase.ROLL
            self.dice = None
            self.programs = {}
            return events
        raise ScenarioError(_("unknown game input {item!r}", item=item))

    def _finish_phase(
        self, item: dict[str, Any], state: State, phase: str, events: list[Event], next_phase: Phase
    ) -> None:
        # Record every answer the phase used (a policy's included), so replay needs no policy.
        item["answers"] = self.decisions.recorded()
        self.state = state
        self.decisions.answers = {}
        self._log(phase, events)
        self.phase = next_phase

    # --- undo, rewind, save, load ------------------------------------------------
    def replay(self, inputs: Sequence[dict[str, Any]]) -> None:
        """Reset to the setup and apply these inputs (raises if one is invalid)."""
        self._reset()
        self.decisions.replaying = True
        try:
            for index, item in enumerate(inputs):
                self._check_input(item, f"inputs[{index}]")
                try:
                    self._execute(dict(item))
                except _Pending as pending:
                    raise ScenarioError(
                        _(
                            "replay stopped at an unanswered decision: {question}",
                            question=pending.decision.question,
                        )
                    ) from None
                except AsteroydsError as exc:  # say which recorded input is wrong
                    raise type(exc)(f"inputs[{index}]: {exc}") from None
        finally:
            self.decisions.replaying = False
        self.inputs = [dict(item) for item in inputs]

    def _check_input(self, item: Any, at: str) -> None:
        """A recorded input is possible here (its shape, its phase, a player still flying)."""
        if untrusted.check_game_input(item, self.phase, at) == "program":
            craft = self.state.craft(item["program"])  # ScenarioError: no such player
            if craft.cell is None:
                raise RuleError(
                    _("{at}: {player} is destroyed and cannot submit a program", at=at, player=craft.player)
                )

    def undo(self) -> dict[str, Any]:
        """Take back the last input (a roll, a program, a phase)."""
        if self.pending is not None:
            self.decisions.clear()
            return {}
        if not self.inputs:
            raise RuleError(_("nothing to undo"))
        last = self.inputs[-1]
        self.replay(self.inputs[:-1])
        return last

    def rewind(self, n_inputs: int) -> None:
        """Go back to the point after the first ``n_inputs`` inputs."""
        if not 0 <= n_inputs <= len(self.inputs):
            raise RuleError(
                _("can rewind to 0..{n} inputs, not {n_inputs}", n=len(self.inputs), n_inputs=n_inputs)
            )
        self.replay(self.inputs[:n_inputs])

    def rewind_to_round(self, round_number: int) -> None:
        """Go back to the start of a round (before its dice were rolled)."""
        count = 0
        for i, item in enumerate(self.inputs):
            if "roll" in item:
                count += 1
                if count == round_number:
                    self.rewind(i)
                    return
        if round_number == count + 1 and self.phase is Phase.ROLL:
            return
        raise RuleError(_("round {round_number} has not started", round_number=round_number))

    def to_dict(self) -> dict[str, Any]:
        """The saved game as plain data (:mod:`asteroyds.saved_game`)."""
        return saved_game.to_dict(self)

    def dumps(self) -> str:
        """The saved game as JSON text: one input per line, stable bytes."""
        return saved_game.dumps(self)

    def save(self, path: str | Path) -> None:
        saved_game.save(self, path)

    @classmethod
    def from_dict(cls, data: Any, where: str = "game", policy: Decide | None = None) -> Game:
        return saved_game.from_dict(cls, data, where=where, policy=policy)

    @classmethod
    def loads(cls, text: str, where: str = "game", policy: Decide | None = None) -> Game:
        return saved_game.loads(cls, text, where=where, policy=policy)

    @classmethod
    def load(cls, path: str | Path, policy: Decide | None = None) -> Game:
        return saved_game.load(cls, path, policy=policy)

    def export_scenario(self) -> str:
        """The current state as a scenario file's text."""
        return scenario.dumps(self.state)

    def _repr_svg_(self) -> str | None:
        return self.state._repr_svg_()

    def __repr__(self) -> str:
        return (
            f"<Game {self.state.mode} round {self.round} phase {self.phase!r} players {list(self.players)}>"
        )


Policy = Callable[[Decision], bool]

__all__ = ["FORMAT", "PHASES", "Decisions", "Game", "Policy"]
