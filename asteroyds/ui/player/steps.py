"""The round player's values: the phase being stepped, a mark before an action, and who acts at a step.

Plain Python, pure: :func:`actor_cells` says which cells an event's actor was
in, before and after; :class:`_View` is the phase on show and its cursor, made
from the game's log by :func:`phase_view` (after an action) or :func:`idle_view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ...errors import ScenarioError
from ...events import Event, PhaseStarted
from ...game import Game
from ...hexgrid import Cell
from ...i18n import N_
from ...modes import mode_of
from ...pieces import Craft
from ...snapshots import snapshots
from ...state import State

# The round player's actions; a turn resolved at once adds its own (its phase: capture's "capture").
ACTIONS: tuple[str, ...] = ("roll", "plan", "asteroids", "fly", "end")
# Phases whose events are stepped from the start (and a turn's own resolution); the others open at their end.
STEPPED_PHASES: frozenset[str] = frozenset({"asteroids", "fly"})
DEFAULT_SPEED = 3.0  # events per second when playing
SPEED_RANGE: tuple[float, float] = (0.5, 12.0)
TICK_SECONDS = 0.05
PHASE_NAMES: dict[str, str] = {
    "roll": N_("dice rolled"),
    "asteroids": N_("moving the asteroids"),
    "fly": N_("flying"),
    "end": N_("end of round"),
}


class Chart(Protocol):
    """What the round player needs of a status chart (a controller or the widget)."""

    @property
    def program(self) -> Any: ...  # the mode's program (a Program, a CaptureProgram...)

    def reset(self, craft: Craft | None = None) -> Any: ...


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


def _replace_cursor(view: _View, cursor: int) -> _View:
    return _View(view.phase, view.round, view.events, view.states, cursor, view.round_events, view.offset)


def round_log(game: Game, round_number: int) -> tuple[Event, ...]:
    """Every event the game logged in round ``round_number``."""
    return tuple(e for r, _phase, e in game.log if r == round_number)


def idle_view(game: Game) -> _View:
    """Nothing played yet (or taken back): the game's board, no phase's events on show."""
    state = game.state
    return _View(None, state.round, (), (state,), 0, round_log(game, state.round), 0)


def phase_view(game: Game, mark: _Mark) -> _View:
    """The events ``mark.action`` logged, with the board after each of them, and the cursor on them.

    The phases worth stepping (and a turn resolved at once) open at their start, the others at
    their end.
    """
    logged = game.log[mark.log :]
    round_number = logged[0][0] if logged else game.state.round
    events = tuple(e for _r, _phase, e in logged)
    states = snapshots(mark.before, events)
    if mark.action in ("roll", "end"):
        # The round's bookkeeping (round number, player one) has no event: take the game's board.
        states[-1] = game.state
    round_events = round_log(game, round_number)
    stepped = mark.action in STEPPED_PHASES or mark.action == mode_of(game.state).turn.phase
    cursor = 0 if stepped else len(events)
    offset = len(round_events) - len(events)
    return _View(mark.action, round_number, events, tuple(states), cursor, round_events, offset)


__all__ = ["ACTIONS", "PHASE_NAMES", "STEPPED_PHASES", "Chart", "actor_cells"]
