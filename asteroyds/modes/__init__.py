"""Mode rules: what differs between racing, shooting, targets, drones and capture.

A mode plugs into the round through three registries (racing needs only the
first):

- ``OUTCOMES[mode](state, round_events) -> Outcome | None``: checked at the
  end of every round (RULES §8);
- ``START_ROUND[mode](state) -> (state, events)``: before the dice are used
  (drones mode launches its drones here);
- ``FINISH_ROUND[mode](state, round_events) -> (state, events)``: at the end
  of the round, before the victory check (shot drones leave the board).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..events import Event
from ..outcome import Outcome
from ..state import State
from . import capture, drones, racing, targets

OutcomeRule = Callable[[State, Sequence[Event]], "Outcome | None"]
StartRule = Callable[[State], "tuple[State, list[Event]]"]
FinishRule = Callable[[State, Sequence[Event]], "tuple[State, list[Event]]"]

START_ROUND: dict[str, StartRule] = {"drones": drones.start_round, "targets": targets.start_round}
FINISH_ROUND: dict[str, FinishRule] = {"drones": drones.finish_round}

OUTCOMES: dict[str, OutcomeRule] = {
    "racing": racing.outcome,
    "shooting": racing.outcome,
    "targets": targets.outcome,
    "drones": drones.outcome,
    "capture": capture.outcome,
}


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The end of the game after this round, or None if play goes on."""
    try:
        rule = OUTCOMES[state.mode]
    except KeyError:
        raise NotImplementedError(f"mode {state.mode!r} has no victory rule yet") from None
    return rule(state, round_events)


def start_round(state: State) -> tuple[State, list[Event]]:
    """The mode's start-of-round step (nothing for racing)."""
    rule = START_ROUND.get(state.mode)
    return (state, []) if rule is None else rule(state)


def finish_round(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event]]:
    """The mode's end-of-round clean-up, before the victory check (nothing for racing)."""
    rule = FINISH_ROUND.get(state.mode)
    return (state, []) if rule is None else rule(state, round_events)
