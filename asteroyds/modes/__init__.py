"""Mode rules: what differs between racing, shooting, targets, drones and capture.

Each mode module offers ``outcome(state, round_events) -> Outcome | None``,
checked at the end of every round (RULES §8).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..events import Event
from ..outcome import Outcome
from ..state import State
from . import racing

OutcomeRule = Callable[[State, Sequence[Event]], "Outcome | None"]

OUTCOMES: dict[str, OutcomeRule] = {
    "racing": racing.outcome,
    "shooting": racing.outcome,
}


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The end of the game after this round, or None if play goes on."""
    try:
        rule = OUTCOMES[state.mode]
    except KeyError:
        raise NotImplementedError(f"mode {state.mode!r} has no victory rule yet") from None
    return rule(state, round_events)
