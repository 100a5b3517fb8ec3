"""The coach in a sandbox game: the forecast a human plans on, and the review of the humans' programs.

Plain Python. :func:`forecast` is the board a human plans on with the coach on
(the asteroids after this round's dice) and their ghost path on it: worked out
from the game and the chart, it keeps nothing. :class:`CoachReview` is its own object, owned by
:class:`~asteroyds.ui.sandbox.controller.SandboxController` (one per game),
because it remembers what the game moves past: the board a round was planned on
(the danger map stays that one while the asteroids and the crafts move) and
each human's program as they pressed *Done*, with the board and dice it was
planned for, to compare with the coach's best plan once nobody plans in secret
any more (issue 13).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ...asteroids import resolve_asteroids
from ...damage import never
from ...game import Game
from ...modes import mode_of
from ...preview import PathPreview, planned_path
from ...program import Program, as_program
from ...state import State
from ..coach.plan import Question
from .hints import Clock, Hints

T = TypeVar("T")


def forecast(
    game: Game, player: str | None, program: Any, *, coach: bool
) -> tuple[State, PathPreview | None]:
    """The planning board and ghost path of ``player`` planning ``program`` (None: an empty chart).

    With the coach on, the board after this round's asteroid phase (a forecast: the player's
    own shield, no decisions) and the program flown on it alone; off, the board as it stands
    and no path. Not planning now, or a turn with no asteroid phase (capture): the board as it
    stands, no path.
    """
    if (
        player is None
        or game.dice is None
        or game.phase != "plan"
        or not mode_of(game.state).turn.asteroid_phase
    ):
        return game.state, None
    program = as_program(Program.empty() if program is None else program, player)
    if not coach:
        return game.state, None
    after, _events = resolve_asteroids(
        game.state, game.dice, shields={player: program.shielded}, order=game.order, decide=never
    )
    if after.craft(player).cell is None:
        return after, None
    return after, planned_path(after, player, program)


@dataclass(frozen=True)
class Submitted:
    """A human's program as pressed Done on, with the board and dice it was planned for (the coach
    compares it with its best plan after the round)."""

    round: int
    question: Question
    program: Any


class CoachReview:
    """What the coach's panel reads of one game: its danger board, its question, the programs to review."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.submitted: dict[str, Submitted] = {}  # each human's latest Done
        self.planned_on: State | None = None  # the board this round was planned on (after its roll)

    @property
    def applies(self) -> bool:
        """Does the coach's panel apply (a mode with an asteroid phase, a game not over)?"""
        return mode_of(self.game.state).turn.asteroid_phase and not self.game.is_over

    def rolled(self) -> None:
        """The dice were rolled: this board is the one the round is planned on."""
        self.planned_on = self.game.state

    def danger_state(self) -> State | None:
        """The board whose danger map the overlay shows: this round's, before its asteroid phase."""
        game = self.game
        if not self.applies:
            return None
        if game.phase in ("roll", "plan"):
            return game.state
        planned = self.planned_on
        return planned if planned is not None and planned.round == game.round else game.history[-1]

    def question(self, player: str | None) -> Question | None:
        """What "Show me the best plan" asks for ``player`` planning now: their craft, this board, dice."""
        game = self.game
        if not self.applies or player is None or game.dice is None:
            return None
        return Question(game.state, game.dice, player, game.rules, order=tuple(game.order))

    def record(self, player: str, program: Any) -> None:
        """``player`` pressed Done with ``program``: kept for the review after the round."""
        game = self.game
        if self.applies and game.dice is not None:
            question = Question(game.state, game.dice, player, game.rules, order=tuple(game.order))
            self.submitted[player] = Submitted(game.round, question, program)

    def reviews(self) -> tuple[Submitted, ...]:
        """The humans' programs of the latest round planned (the caller asks once nobody plans in secret)."""
        if not self.applies or not self.submitted:
            return ()
        latest = max(s.round for s in self.submitted.values())
        return tuple(s for _p, s in sorted(self.submitted.items()) if s.round == latest)


class CoachParts:
    """The coach's side of :class:`~asteroyds.ui.sandbox.controller.SandboxController`: what its panel
    asks (the review's), and the hints (:mod:`.hints`). A part of the controller's class of its own so
    each stays readable; it reads the controller's game, stage and current player."""

    review: CoachReview | None
    hints: Hints
    clock: Clock | None
    _notify: Callable[[], None]  # the controller's (Observable's): the page follows

    @property
    def stage(self) -> str:
        raise NotImplementedError

    @property
    def current_player(self) -> str | None:
        raise NotImplementedError

    # --- the coach (issue 13: the danger map, the best plan): the review's ---------------------
    @property
    def coaches(self) -> bool:
        """Does the coach's panel apply (a game of a mode with an asteroid phase, not over)?"""
        return self.review is not None and self.review.applies

    @property
    def submitted(self) -> dict[str, Submitted]:
        """Each human's latest Done, kept for the coach's review (none before a game)."""
        return {} if self.review is None else self.review.submitted

    def danger_state(self) -> State | None:
        """The board whose danger map the overlay shows: this round's, before its asteroid phase."""
        return None if self.review is None else self.review.danger_state()

    def coach_question(self) -> Question | None:
        """What "Show me the best plan" asks: the planning human's craft, this board, these dice."""
        if self.review is None or self.stage != "planning":
            return None
        return self.review.question(self.current_player)

    def reviews(self) -> tuple[Submitted, ...]:
        """The humans' programs of the latest round planned, to compare with the coach's once every
        human is done (never while someone still plans in secret)."""
        if self.review is None or self.stage in ("handover", "planning"):
            return ()
        return self.review.reviews()

    def ask_coach(self, kind: str | None, compute: Callable[[], T]) -> T:
        """The coach computes a hint (``danger-map``, ``best-plan``; None: the same one again in another
        style) for the human planning now, the stopwatch paused meanwhile; the hint is counted."""
        result = self.hints.ask(kind, self.current_player, compute, self.clock)
        if kind is not None:
            self._notify()  # the page's count of hints follows
        return result


__all__ = ["CoachParts", "CoachReview", "Submitted", "forecast"]
