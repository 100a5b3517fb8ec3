"""Where each event of a capture turn stands: before the rounds, or round k's lasers or moves.

A capture turn's log (:func:`~asteroyds.modes.capture.resolve.resolve`) is
one flat list: the turrets' aims and the blue asteroids' moves first, then
for each of the 6 rounds a :class:`~asteroyds.modes.capture.events.RoundStarted`,
its lasers and what they hit, then the moves (from the round's first
``column_played``) and what they cause; a
:class:`~asteroyds.modes.capture.events.CaptureWon` may close it early.
:func:`turn_steps` labels every event with its round and stage, so a stepper
can say "Round 3 of 6 · lasers" without knowing the event types itself.

>>> from asteroyds.modes.capture import setup, resolve
>>> _, events = resolve(setup(teams=2), (3, 5, 2), {"red1": "F F X . . . X3"})
>>> steps = turn_steps(events)
>>> steps[0], steps[-1]
(TurnStep(round=0, stage='setup'), TurnStep(round=6, stage='lasers'))
>>> str(steps[0]), str(steps[5]), str(steps[11])
('Before the rounds', 'Round 1 of 6 · lasers', 'Round 1 of 6 · moves')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...events import ColumnPlayed, Event
from ...i18n import N_, _
from ...phases import TextEnum
from .events import CaptureWon, RoundStarted
from .program import ROUNDS


class Stage(TextEnum):
    """Where an event of a capture turn stands: before the rounds, a round's lasers or moves, the victory."""

    SETUP = "setup"
    LASERS = N_("lasers")
    MOVES = N_("moves")
    WON = "won"


SETUP, LASERS, MOVES, WON = Stage.SETUP, Stage.LASERS, Stage.MOVES, Stage.WON
STAGES: tuple[Stage, ...] = tuple(Stage)


@dataclass(frozen=True, slots=True)
class TurnStep:
    """The round (0 before round 1) and the stage (``setup``, ``lasers``, ``moves``, ``won``) of an event."""

    round: int
    stage: Stage

    def __str__(self) -> str:
        if self.stage == SETUP:
            return _("Before the rounds")
        if self.stage == WON:
            return _("Round {round} of {rounds} · victory", round=self.round, rounds=ROUNDS)
        return _("Round {round} of {rounds} · {stage}", round=self.round, rounds=ROUNDS, stage=_(self.stage))


BEFORE = TurnStep(0, SETUP)


def turn_steps(events: Sequence[Event]) -> tuple[TurnStep, ...]:
    """One :class:`TurnStep` per event of a capture turn, in order."""
    out: list[TurnStep] = []
    step = BEFORE
    for event in events:
        if isinstance(event, RoundStarted):
            step = TurnStep(event.round, LASERS)
        elif isinstance(event, ColumnPlayed) and step.stage == LASERS:
            step = TurnStep(step.round, MOVES)
        elif isinstance(event, CaptureWon):
            step = TurnStep(step.round, WON)
        out.append(step)
    return tuple(out)


def step_at(events: Sequence[Event], cursor: int) -> TurnStep:
    """The step of the last event applied after ``cursor`` events (:data:`BEFORE` at 0)."""
    if cursor <= 0 or not events:
        return BEFORE
    return turn_steps(events[: min(cursor, len(events))])[-1]


def round_span(events: Sequence[Event], round_number: int) -> tuple[int, int]:
    """``(start, end)``: the indices of round ``round_number``'s events (its RoundStarted first).

    ``(len(events), len(events))`` when the turn has no such round (it was won earlier).
    """
    steps = turn_steps(events)
    inside = [i for i, s in enumerate(steps) if s.round == round_number and s.stage != SETUP]
    if not inside:
        return len(events), len(events)
    return inside[0], inside[-1] + 1


__all__ = [
    "BEFORE",
    "LASERS",
    "MOVES",
    "SETUP",
    "STAGES",
    "Stage",
    "WON",
    "TurnStep",
    "round_span",
    "step_at",
    "turn_steps",
]
