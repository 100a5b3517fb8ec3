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

import json
import random
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import scenario, untrusted
from .damage import Decide, Decision
from .dice import Dice, phase_order
from .errors import AsteroydsError, DecisionError, RuleError, ScenarioError
from .events import Event
from .flight import fly
from .i18n import _
from .modes import mode_of, start_round
from .modes.capture import setup as capture_setup
from .modes.capture_resolve import DEFAULT_CAPTURE_RULES, CaptureRules
from .outcome import Outcome
from .program import Program
from .round import DiceRolled, end_round
from .rules import DEFAULT_RULES, RuleSettings
from .setups import setup
from .state import State

FORMAT = "asteroyds/game@1"
PHASES: tuple[str, ...] = ("roll", "plan", "asteroids", "fly", "end", "over")


class _Pending(Exception):
    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.question)
        self.decision = decision


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
    """

    def __init__(
        self,
        initial: State,
        seed: int = 0,
        policy: Decide | None = None,
        capture_rules: CaptureRules | None = None,
    ) -> None:
        initial.validate("game setup")
        # A board can be valid but not playable (a capture team short of a craft).
        mode_of(initial).check_playable(initial, "game setup")
        self.initial = initial
        self.seed = seed
        self.policy = policy
        self.capture_rules = capture_rules or DEFAULT_CAPTURE_RULES
        self.inputs: list[dict[str, Any]] = []
        self._reset()

    # --- creation ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        mode: str = "racing",
        players: Sequence[str] = ("blue",),
        pilots: Sequence[str | None] | None = None,
        seed: int = 0,
        rules: RuleSettings = DEFAULT_RULES,
        policy: Decide | None = None,
        remove: Sequence[str] = (),
    ) -> Game:
        """A game on a built-in setup; the same seed gives the same layout and dice.

        ``remove`` takes asteroids out (the "fewer asteroids" variant).
        """
        state = setup(mode, seed=seed, players=list(players), pilots=pilots, rules=rules, remove=remove)
        return cls(state, seed=seed, policy=policy)

    @classmethod
    def from_scenario(
        cls, state_or_path: State | str | Path, seed: int = 0, policy: Decide | None = None
    ) -> Game:
        state = state_or_path if isinstance(state_or_path, State) else scenario.load(state_or_path)
        return cls(state, seed=seed, policy=policy)

    @classmethod
    def capture(
        cls,
        teams: int | Sequence[str] = 2,
        crafts_per_team: int | Mapping[str, int] = 2,
        seed: int = 0,
        policy: Decide | None = None,
        capture_rules: CaptureRules | None = None,
        **options: Any,
    ) -> Game:
        """A "Capture the Asteroyd" game on the default layout (RULES §11).

        ``options`` go to :func:`asteroyds.modes.capture.setup` (``blue_asteroids``,
        ``pilots``, ``players``, ``duel``, ``rules``).
        """
        state = capture_setup(teams=teams, crafts_per_team=crafts_per_team, seed=seed, **options)
        return cls(state, seed=seed, policy=policy, capture_rules=capture_rules)

    def _reset(self) -> None:
        self.state: State = self.initial
        self.phase: str = "roll"
        self.dice: Dice | None = None
        self.order: tuple[str, ...] = phase_order()
        self.programs: dict[str, Program] = {}
        self.round_events: list[Event] = []
        self.log: list[tuple[int, str, Event]] = []
        self.outcome: Outcome | None = None
        self.pending: Decision | None = None
        self._pending_phase: str | None = None
        self._answers: dict[str, bool] = {}
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
        return self.phase == "over"

    def waiting_for(self) -> tuple[str, ...]:
        """Players still expected to submit a program (crafts still flying)."""
        if self.phase != "plan":
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
        self._expect("roll")
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
        self._expect("plan")
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
        self._expect("plan", "asteroids")
        return self._run_phase("asteroids")

    def fly(self) -> list[Event]:
        self._expect("fly")
        return self._run_phase("fly")

    def end_round(self) -> list[Event]:
        self._expect("end")
        return self._apply({"end": True})

    def answer(self, yes: bool) -> list[Event]:
        """Answer the pending decision and finish the phase that asked it."""
        if self.pending is None or self._pending_phase is None:
            raise DecisionError(_("no decision is pending"))
        if not isinstance(yes, bool):
            raise DecisionError(_("the answer must be True or False, got {yes!r}", yes=yes))
        self._answers[self.pending.key] = yes
        phase = self._pending_phase
        self.pending = None
        self._pending_phase = None
        return self._run_phase(phase)

    def play_phases(self) -> list[Event]:
        """Run every remaining phase of this round (stops early at a pending decision)."""
        events: list[Event] = []
        while self.pending is None and self.phase in ("plan", "asteroids", "fly", "end"):
            step = {
                "plan": self.resolve_asteroids,
                "asteroids": self.resolve_asteroids,
                "fly": self.fly,
                "end": self.end_round,
            }[self.phase]
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

    def _run_phase(self, phase: str) -> list[Event]:
        try:
            return self._apply({phase: True, "answers": dict(sorted(self._answers.items()))})
        except _Pending as pending:
            self.pending = pending.decision
            self._pending_phase = phase
            return []

    def _decide(self, decision: Decision) -> bool:
        if decision.key in self._answers:
            return self._answers[decision.key]
        if self.policy is not None and not self._replaying:
            value = bool(self.policy(decision))
            self._answers[decision.key] = value
            return value
        raise _Pending(decision)

    _replaying = False

    def _expect(self, *phases: str) -> None:
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
        if not self._replaying:
            self.inputs.append(item)
        return events

    def _execute(self, item: dict[str, Any]) -> list[Event]:
        if "roll" in item:
            self.dice = Dice.of(item["roll"])
            self.order = tuple(item.get("order", phase_order()))
            self.programs = {}
            self.round_events = []
            self.phase = "plan"
            self.state, started = start_round(self.state)
            events: list[Event] = [DiceRolled(self.round, *self.dice.as_tuple(), self.order), *started]
            self._log("roll", events)
            return events
        if "program" in item:
            player = item["program"]
            self.programs[player] = self._validated(player, item["text"])
            return []
        if "answers" in item:
            self._answers = dict(item["answers"])
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
                decide=self._decide,
                mode_rules=self.capture_rules,
            )
            self.programs = done.programs
            self._finish_phase(item, done.state, done.phase, done.events, next_phase=done.next_phase)
            return done.events
        if "fly" in item:
            live = {p: prog for p, prog in self.programs.items() if self.state.craft(p).cell is not None}
            state, events = fly(self.state, live, decide=self._decide)
            self._finish_phase(item, state, "fly", events, next_phase="end")
            return events
        if "end" in item:
            state, events, result = end_round(self.state, self.round_events)
            self._log("end", events)  # logged under the round that ends
            self.state = state
            self.history.append(state)
            self.outcome = result
            self.phase = "over" if result is not None else "roll"
            self.dice = None
            self.programs = {}
            return events
        raise ScenarioError(_("unknown game input {item!r}", item=item))

    def _finish_phase(
        self, item: dict[str, Any], state: State, phase: str, events: list[Event], next_phase: str
    ) -> None:
        # Record every answer the phase used (a policy's included), so replay needs no policy.
        item["answers"] = dict(sorted(self._answers.items()))
        self.state = state
        self._answers = {}
        self._log(phase, events)
        self.phase = next_phase

    # --- undo, rewind, save, load ------------------------------------------------
    def replay(self, inputs: Sequence[dict[str, Any]]) -> None:
        """Reset to the setup and apply these inputs (raises if one is invalid)."""
        self._reset()
        self._replaying = True
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
            self._replaying = False
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
            self.pending = None
            self._pending_phase = None
            self._answers = {}
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
        if round_number == count + 1 and self.phase == "roll":
            return
        raise RuleError(_("round {round_number} has not started", round_number=round_number))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "seed": self.seed,
            "setup": scenario.to_dict(self.initial),
            "inputs": [dict(item) for item in self.inputs],
        }
        key = mode_of(self.initial).own_rules_key  # capture saves its rules (RULES §11)
        if key is not None:
            data[key] = self.capture_rules.to_dict()
        return data

    def dumps(self) -> str:
        """The saved game as JSON text: one input per line, stable bytes."""
        data = self.to_dict()
        setup_text = scenario.dumps(self.initial).rstrip("\n").replace("\n", "\n  ")
        inputs = ",\n    ".join(json.dumps(item, sort_keys=True) for item in data["inputs"])
        extra = ""
        key = mode_of(self.initial).own_rules_key
        if key is not None:
            extra = f'  "{key}": {json.dumps(data[key], sort_keys=True)},\n'
        body = f'{{\n  "format": "{FORMAT}",\n  "seed": {self.seed},\n  "setup": {setup_text},\n{extra}'
        body += f'  "inputs": [\n    {inputs}\n  ]\n}}\n' if inputs else '  "inputs": []\n}\n'
        return body

    def save(self, path: str | Path) -> None:
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def from_dict(cls, data: Any, where: str = "game", policy: Decide | None = None) -> Game:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ScenarioError(
                _("{where}: not a saved game (format must be {FORMAT!r})", where=where, FORMAT=FORMAT)
            )
        untrusted.check_tree(data, where)  # strings, numbers and depth, also for data built in Python
        seed = data.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ScenarioError(
                _("{where}: seed must be a whole number, got {seed!r}", where=where, seed=seed)
            )
        inputs = data.get("inputs", [])
        if not isinstance(inputs, list) or not all(isinstance(i, dict) for i in inputs):
            raise ScenarioError(_("{where}: inputs must be a list of objects", where=where))
        capture_rules = data.get("capture_rules")
        if capture_rules is not None and not isinstance(capture_rules, dict):
            raise ScenarioError(_("{where}: capture_rules must be an object", where=where))
        game = cls(
            scenario.from_dict(data.get("setup"), where=f"{where}: setup"),
            seed=seed,
            policy=policy,
            capture_rules=None if capture_rules is None else CaptureRules.from_dict(capture_rules),
        )
        try:
            game.replay(inputs)
        except AsteroydsError as exc:
            raise ScenarioError(
                _("{where}: the inputs do not replay: {error}", where=where, error=exc)
            ) from None
        return game

    @classmethod
    def loads(cls, text: str, where: str = "game", policy: Decide | None = None) -> Game:
        data = untrusted.parse_json(text, where, "a saved game")
        return cls.from_dict(data, where=where, policy=policy)

    @classmethod
    def load(cls, path: str | Path, policy: Decide | None = None) -> Game:
        text = untrusted.read_text(path, "a saved game")
        return cls.loads(text, where=untrusted.printable(str(path)), policy=policy)

    def export_scenario(self) -> str:
        """The current state as a scenario file's text."""
        return scenario.dumps(self.state)

    def _repr_svg_(self) -> str:
        return self.state._repr_svg_()

    def __repr__(self) -> str:
        return (
            f"<Game {self.state.mode} round {self.round} phase {self.phase!r} players {list(self.players)}>"
        )


Policy = Callable[[Decision], bool]
