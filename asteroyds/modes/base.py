"""The :class:`Mode` object: everything a game mode changes, in one place.

In the spirit of OpenSpiel's registered games and boardgame.io's game
definition, a mode is a value: its name, how its turn is planned and
resolved (:class:`Turn`), its start- and end-of-round steps, its victory
rule, the validation of its pieces, its bot, the words its scoreboard uses,
and which editor tools apply. The engine and the UI ask
:func:`asteroyds.modes.mode_of` (``mode_of(state).shooting``…) instead of
comparing a mode's name, so a new mode is one new instance, registered once.

This module imports no rules code (only types), so that :mod:`asteroyds.state`
can ask a state's mode to check its pieces without an import circle.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..i18n import N_
from ..pieces import ASTEROYD

if TYPE_CHECKING:  # types only: the rules modules import this one
    from ..events import Event
    from ..outcome import Outcome
    from ..pieces import Craft
    from ..state import State

Check = Callable[["State", str], Any]
OutcomeRule = Callable[["State", "Sequence[Event]"], "Outcome | None"]
StartRule = Callable[["State"], "tuple[State, list[Event]]"]
FinishRule = Callable[["State", "Sequence[Event]"], "tuple[State, list[Event]]"]
Objective = Callable[["State", "State | None", "int | None"], "list[str]"]
Counted = Callable[["State"], "tuple[tuple[str, ...] | None, int]"]


@dataclass(frozen=True)
class Resolution:
    """What the resolution after planning produced, and which game phase comes next."""

    programs: dict[str, Any]  # the validated programs (a missing one became an empty chart)
    state: State
    events: list[Event]
    phase: str  # the name the game logs these events under ("asteroids", "capture")
    next_phase: str  # "fly" (one round per turn), or "end" (the whole turn is resolved)


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
    """

    rounds: int
    validate: Callable[[State, Craft, Any], Any]
    programs_for: Callable[[State, Mapping[str, Any]], dict[str, Any]]
    resolve: Callable[..., Resolution]
    play: Callable[..., tuple[State, list[Event], Outcome | None]]


def _nothing_to_check(state: State, where: str) -> None:
    """Most modes add nothing to the general checks of :meth:`State.validate`."""


def _no_start(state: State) -> tuple[State, list[Event]]:
    """Nothing happens before the dice are used (racing)."""
    return state, []


def _no_finish(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event]]:
    """Nothing is cleaned up at the end of the round (racing)."""
    return state, []


def _no_objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    return []


def _every_token(state: State) -> tuple[tuple[str, ...] | None, int]:
    return None, 0


@dataclass(frozen=True)
class Mode:
    """One game mode (RULES §8–§11). Instances live in :mod:`asteroyds.modes` and are registered by name.

    The flags say what the shared rules code does differently; the callables
    are the mode's own rules; the words are what the views show.
    """

    name: str
    title: str
    turn: Turn
    outcome: OutcomeRule
    setup: Callable[..., State]
    # --- pieces ---------------------------------------------------------------------------
    check: Check = _nothing_to_check  # mode rules of a board, after State.validate's general ones
    check_playable: Check = _nothing_to_check  # what a Game needs beyond a valid board
    crosses_gates: bool = False  # racing: gates are crossed (and stood on), not obstacles
    shooting: bool = True  # Shoot 'X' may be programmed
    shoots_targets: bool = False  # targets: a hit target leaves the board with its set
    teams: bool = False  # capture: crafts fly for teams that score points (team charts, one bot)
    # --- the round ------------------------------------------------------------------------
    start_round: StartRule = _no_start
    finish_round: FinishRule = _no_finish
    # --- bots and the coach ---------------------------------------------------------------
    greedy: Callable[[State, str], Any] | None = None  # the greedy bot's program for one player
    objective: Objective = _no_objective  # what each side is after, in sentences (coach hook)
    counted: Counted = _every_token  # the symbols that count towards victory (None: all), and how many win
    # --- words and tools for the views ------------------------------------------------
    progress_name: str = N_("tokens")  # the scoreboard's progress legend (translated where shown)
    token_head: str = N_("GATE TOKENS")  # the scoreboard's token column
    turn_word: str = "ROUND"
    team_column: bool = False  # the scoreboard shows each craft's team (targets' sides)
    unused_tools: tuple[str, ...] = (ASTEROYD,)  # editor tools with no use here (asteroyd: capture's)
    own_rules_key: str | None = None  # a saved game's key for the mode's own rules (capture_rules)

    def __str__(self) -> str:
        return self.name


__all__ = ["Mode", "Resolution", "Turn"]
