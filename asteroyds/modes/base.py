"""The :class:`Mode` object: everything a game mode is, in one place, so nothing else asks which mode it is.

In the spirit of OpenSpiel's registered games and boardgame.io's game
definition, a mode is a value: its name, how its turn is planned and
resolved (:class:`Turn`: the chart a seat plans on, one round or several, a
player or a whole team planning together), its setup, its start- and
end-of-round steps, its victory rule, the checks of its boards, its own
rules (:attr:`Mode.rules_type`), its replay rules, which variants apply,
and the words its views show. Its bots and the coach's objective are the
players layer's, registered by mode name (:func:`asteroyds.bot.bots_for`,
:func:`asteroyds.coach.objective.objective_for`). The engine, the players
layer and the UI ask the mode (``mode_of(state).turn.planning``) and never
compare a mode's name: a new mode is one new package with one
``Mode(...)``, registered once (:func:`asteroyds.modes.register`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..checks import ModeChecks
from ..i18n import NP_
from ..phases import Phase, TextEnum
from ..program import Program, as_program
from ..rules import DEFAULT_PLANNING_SECONDS

if TYPE_CHECKING:
    from ..events import Event
    from ..hexgrid import Cell
    from ..outcome import Outcome
    from ..pieces import Craft
    from ..state import State

OutcomeRule = Callable[["State", "Sequence[Event]"], "Outcome | None"]
StartRule = Callable[["State"], "tuple[State, list[Event]]"]
FinishRule = Callable[["State", "Sequence[Event]"], "tuple[State, list[Event]]"]
# A replay rule gets the events of the type it is keyed by: Any, since mypy cannot tie a key to its value.
Replay = Callable[["State", Any], "State"]


class Planning(TextEnum):
    """Who plans together in a turn: each player alone (a hot seat per player) or a whole team."""

    PLAYER = "player"
    TEAM = "team"


class TurnWord(TextEnum):
    """What a game calls one of its turns, in the views: a ``round`` (racing) or a ``turn`` (capture's six).

    The views say it with ``pgettext("log", word)``: both are marked here.
    """

    ROUND = "round"
    TURN = "turn"


_TURN_WORDS = (NP_("log", "round"), NP_("log", "turn"))  # marked for the catalog (see TurnWord)


@dataclass(frozen=True)
class Resolution:
    """What the resolution after planning produced, and which game phase comes next."""

    programs: dict[str, Any]  # the validated programs (a missing one became an empty chart)
    state: State
    events: list[Event]
    phase: str  # the name the game logs these events under (Phase.ASTEROIDS, or the turn's own phase)
    next_phase: str  # Phase.FLY (one round per turn), or Phase.END (the whole turn is resolved)


@dataclass(frozen=True)
class Turn:
    """How a mode's turn is planned and resolved: one round (asteroids, then flight) or capture's six.

    - ``validate(state, craft, program)``: one player's program (text or value),
      checked and returned as the mode's program type, or ProgramError;
    - ``programs_for(state, programs)``: every flying craft's program, all or nothing;
    - ``resolve(state, dice, programs, order=, decide=, mode_rules=)``: the step
      after planning, as a :class:`Resolution`;
    - ``play(state, dice, programs, decide, order)``: a whole turn, end of round
      included (``(state, events, outcome)``, :func:`asteroyds.round.play_round`).

    What the drivers need to run any turn the same way is declared, not guessed:
    ``program_type`` (the chart a seat plans on; ``parse`` reads one from text),
    ``phases`` (what follows planning, in order, each a round player's
    action: asteroids then flight, or capture's one phase for the whole
    turn; the first is what the game logs the resolution under),
    ``planning`` (a player or a team plans at once),
    ``word`` (round or turn), ``asteroid_phase`` (planning may forecast an
    asteroid phase: the coach's forecast and danger map), and ``texts`` (the
    views' sentences for a stage, where this turn says them differently).
    """

    rounds: int
    validate: Callable[[State, Craft, Any], Any]
    programs_for: Callable[[State, Mapping[str, Any]], dict[str, Any]]
    resolve: Callable[..., Resolution]
    play: Callable[..., tuple[State, list[Event], Outcome | None]]
    program_type: Any = Program  # a class with empty(), e.g. Program or CaptureProgram
    parse: Callable[..., Any] = as_program  # (value, player) -> program_type
    phases: tuple[str, ...] = (Phase.ASTEROIDS, Phase.FLY)
    planning: Planning = Planning.PLAYER
    word: TurnWord = TurnWord.ROUND
    asteroid_phase: bool = True
    texts: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # Where the event at a cursor stands in a turn of rounds ("Round 3 of 6 · lasers"); None: one round.
    step_at: Callable[[Sequence[Event], int], Any] | None = None
    # The pieces out of play so far in a turn (capture's disabled turrets), for the board to cross out.
    disabled_cells: Callable[[Sequence[Event]], tuple[Cell, ...]] = field(default=lambda events: ())
    # What the dice do with nothing planned, (state, dice) -> Resolution: the editor's preview.
    preview: Callable[..., Resolution] = field(default=lambda state, dice: _no_preview(state))

    def seat_of(self, craft: Craft) -> str:
        """Who plans this craft's chart: its team where a whole team plans at once (capture), else its
        player. A seat's hand-over, its Done and its bot style are by this name."""
        return (craft.team or craft.player) if self.planning is Planning.TEAM else craft.player

    def team_seats(self, crafts: Iterable[Craft]) -> bool:
        """Does a seat plan for a team rather than for one player (one hand-over, one Done and one bot
        per team, a log that tags crafts by team)? Read from :meth:`seat_of`, so a mode says it once."""
        return any(self.seat_of(craft) != craft.player for craft in crafts)

    @property
    def phase(self) -> str:
        """The phase the game logs the resolution after planning under (the first declared)."""
        return self.phases[0]

    def empty(self) -> Any:
        """The chart as a turn starts (nothing planned)."""
        return self.program_type.empty()

    @property
    def resolves_at_once(self) -> bool:
        """Is the whole turn resolved by one step after planning (capture), not asteroids then flight?"""
        return self.phase != Phase.ASTEROIDS


def _no_preview(state: State) -> Resolution:
    """A turn that declares no preview: the dice change nothing the editor could show."""
    return Resolution({}, state, [], Phase.ASTEROIDS, Phase.FLY)


def _no_start(state: State) -> tuple[State, list[Event]]:
    """Nothing happens before the dice are used (racing)."""
    return state, []


def _no_finish(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event]]:
    """Nothing is cleaned up at the end of the round (racing)."""
    return state, []


@dataclass(frozen=True)
class SetupOption:
    """One option of a mode's own setup that the command line's ``play`` offers (capture's ``--teams``).

    ``keyword`` is the setup's argument it fills, ``parse`` reads it from text (an argparse type:
    a bad value is refused before the game starts), ``help`` is its line in ``play --help``.
    """

    flag: str
    keyword: str
    parse: Callable[[str], Any]
    default: Any
    help: str

    @property
    def dest(self) -> str:
        """The name the parsed value has (``--teams`` → ``teams``)."""
        return self.flag.lstrip("-").replace("-", "_")


@dataclass(frozen=True)
class Mode:
    """One game mode. Instances live in :mod:`asteroyds.modes` and are registered by name.

    The modes' rules: docs/rules.md#7-shooting, docs/rules.md#8-victory and
    docs/rules.md#11-capture-the-asteroyd.

    The flags say what the shared rules code does differently; the callables
    are the mode's own rules; what its views show of it is :mod:`asteroyds.ui.modes`'s.
    """

    name: str
    title: str
    turn: Turn
    outcome: OutcomeRule
    setup: Callable[..., State]
    # (seats, seed=, crafts=) -> the setup for these seat names (a room's seats); None: a player per seat
    seat_setup: Callable[..., State] | None = None
    options: tuple[SetupOption, ...] = ()  # its setup's own options the command line's play offers
    # --- pieces ---------------------------------------------------------------------------
    # Its own checks of a board, after the general ones (asteroyds.checks): what a board never holds,
    # the pieces it has no part for, what a game needs (a craft), whether a game refuses one without.
    checks: ModeChecks = ModeChecks()
    crosses_gates: bool = False  # racing: gates are crossed (and stood on), not obstacles
    shooting: bool = True  # Shoot 'X' may be programmed
    shoots_targets: bool = False  # targets: a hit target leaves the board with its set
    rewarded_kind: str | None = None  # the kind of piece a laser hit gives a token from
    # --- the round ------------------------------------------------------------------------
    start_round: StartRule = _no_start
    finish_round: FinishRule = _no_finish
    replay: Mapping[str, Replay] = field(default_factory=lambda: MappingProxyType({}))
    # The mode's own rule settings (capture's: docs/rules.md#11-capture-the-asteroyd): a class with
    # to_dict/from_dict and the key ``KEY`` a game saves them under (:attr:`rules_key`); None: the
    # shared RuleSettings are all there is.
    rules_type: Any = None
    variants: tuple[str, ...] = ("random_dice_order",)  # the RuleSettings switches that apply
    planning_seconds: Mapping[str, int] = field(default_factory=lambda: DEFAULT_PLANNING_SECONDS)
    # --- words ----------------------------------------------------------------------------
    short_title: str | None = None  # where the title is too long (a mode button); None: the title

    @property
    def turn_word(self) -> str:
        """``ROUND`` or ``TURN``: the scoreboard's word (translated where shown)."""
        return self.turn.word.upper()

    def for_seats(self, seats: Sequence[str], seed: int = 0, crafts: int = 1) -> State:
        """The mode's setup for a table whose seats are these names (a class room's seats).

        One player per seat, unless the mode says otherwise (:attr:`seat_setup`: capture's seats
        are teams, with ``crafts`` crafts each, or the crafts themselves).
        """
        if self.seat_setup is not None:
            return self.seat_setup(seats, seed=seed, crafts=crafts)
        return self.setup(seed=seed, players=list(seats))

    @property
    def rules_key(self) -> str | None:
        """The key a saved game keeps the mode's own rule settings under (None: it has none)."""
        return None if self.rules_type is None else str(self.rules_type.KEY)

    def default_rules(self) -> Any:
        """The mode's own rule settings as the rules give them (None: it has none)."""
        return None if self.rules_type is None else self.rules_type()

    def rules_from(self, data: Any, where: str = "game") -> Any:
        """The mode's own rule settings from a saved game's ``rules_key`` value (None: the defaults)."""
        if self.rules_type is None or data is None:
            return self.default_rules()
        return self.rules_type.from_dict(data)

    def __str__(self) -> str:
        return self.name


__all__ = ["Mode", "Planning", "Resolution", "SetupOption", "Turn", "TurnWord"]
