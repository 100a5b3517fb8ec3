"""The round player's playback: the phase on show, the reader's place in it, and playing it at a speed.

Plain Python. :class:`Playback` is its own object, owned by
:class:`~asteroyds.ui.player.controller.RoundPlayerController`, because moving
through the events never touches the game: the controller's actions (roll, fly,
undo...) put a new phase on show (:meth:`Playback.show`), and everything else
here only moves the cursor over what was loaded. The phase on show is a frozen
:class:`~asteroyds.ui.player.steps._View`: a move replaces it, never edits it.

>>> from asteroyds import resolve_asteroids, setup
>>> from asteroyds.snapshots import snapshots
>>> from asteroyds.ui.player.steps import _View
>>> before = setup("racing", seed=1, players=["blue"])
>>> after, events = resolve_asteroids(before, (3, 5, 2))
>>> shown = _View("asteroids", 1, tuple(events), tuple(snapshots(before, events)), 0, tuple(events), 0)
>>> moves = []
>>> playback = Playback(shown, changed=lambda: moves.append(1))
>>> playback.step_forward(), playback.current_event.text()
(True, 'Red die shows 3: 10 elements move in priority order')
>>> playback.play(); playback.tick(1.0), playback.cursor  # 3 events a second
(3, 4)
>>> playback.to_end(); playback.current_state == after
True
>>> playback.tick(0.5), playback.playing, len(moves)  # at the end it stops; each change was told
(0, False, 8)
"""

from __future__ import annotations

from collections.abc import Callable

from ...events import Event
from ...i18n import _
from ...state import State
from .steps import DEFAULT_SPEED, SPEED_RANGE, _replace_cursor, _View


class Playback:
    """Seek, step, play and pause over one phase's events (the boards around them come with them).

    ``changed`` is called after every move (the owner tells its observers); :meth:`show` does not
    call it, because the owner that loads a phase says what happened once it is done.
    """

    def __init__(self, shown: _View, changed: Callable[[], None], speed: float = DEFAULT_SPEED) -> None:
        self._shown = shown
        self._changed = changed
        self._speed = DEFAULT_SPEED
        self.playing = False
        self._carry = 0.0  # the part of an event the ticks have played so far
        self.speed = speed

    # --- what is on show ------------------------------------------------------------------
    @property
    def shown(self) -> _View:
        """The phase on show and the cursor (kept by an undo, to come back to)."""
        return self._shown

    def show(self, shown: _View) -> None:
        """Put another phase (or the same phase at another cursor) on show."""
        self._shown = shown

    @property
    def phase(self) -> str | None:
        """The phase whose events are loaded (roll, asteroids, fly, capture, end), or None."""
        return self._shown.phase

    @property
    def round(self) -> int:
        """The round the loaded events belong to."""
        return self._shown.round

    @property
    def events(self) -> tuple[Event, ...]:
        return self._shown.events

    @property
    def states(self) -> tuple[State, ...]:
        """The board before the phase, then after each event (one more than :attr:`events`)."""
        return self._shown.states

    @property
    def cursor(self) -> int:
        """How many of the phase's events have happened on the board shown (0..len(events))."""
        return self._shown.cursor

    @property
    def current_event(self) -> Event | None:
        """The last event applied at the cursor (None at the start)."""
        c = self._shown.cursor
        return self._shown.events[c - 1] if c else None

    @property
    def current_state(self) -> State:
        """The board at the cursor: after :attr:`cursor` events."""
        return self._shown.states[self._shown.cursor]

    @property
    def previous_state(self) -> State:
        """The board just before the current event (the current state at the start)."""
        return self._shown.states[max(0, self._shown.cursor - 1)]

    @property
    def at_start(self) -> bool:
        return self._shown.cursor == 0

    @property
    def at_end(self) -> bool:
        return self._shown.cursor == len(self._shown.events)

    @property
    def round_events(self) -> tuple[Event, ...]:
        """Every event logged in the shown round so far (the loaded phase's come last)."""
        return self._shown.round_events

    @property
    def round_index(self) -> int | None:
        """Where the current event is in :attr:`round_events` (None before the phase's first event)."""
        c = self._shown.cursor
        if c == 0:
            return self._shown.offset - 1 if self._shown.offset else None
        return self._shown.offset + c - 1

    @property
    def phase_offset(self) -> int:
        """Where the loaded phase starts in :attr:`round_events`."""
        return self._shown.offset

    # --- moving -----------------------------------------------------------------------------
    def seek(self, cursor: int) -> None:
        """Put the cursor after ``cursor`` events (clamped to the phase)."""
        cursor = max(0, min(len(self._shown.events), int(cursor)))
        if cursor != self._shown.cursor:
            self._shown = _replace_cursor(self._shown, cursor)
            self._changed()

    def step_forward(self) -> bool:
        """One event forward; False at the end."""
        if self.at_end:
            return False
        self.seek(self.cursor + 1)
        return True

    def step_back(self) -> bool:
        """One event back; False at the start."""
        if self.at_start:
            return False
        self.seek(self.cursor - 1)
        return True

    def to_start(self) -> None:
        self.seek(0)

    def to_end(self) -> None:
        self.seek(len(self.events))

    # --- playing ----------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        """Events per second while playing."""
        return self._speed

    @speed.setter
    def speed(self, value: float) -> None:
        low, high = SPEED_RANGE
        if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
            raise ValueError(
                _(
                    "the speed must be {low}-{high} events per second, got {value!r}",
                    low=low,
                    high=high,
                    value=value,
                )
            )
        self._speed = float(value)
        self._changed()

    def play(self) -> None:
        """Play the events at :attr:`speed` (from the start when at the end); :meth:`tick` advances."""
        if not self.events:
            return
        if self.at_end:
            self.to_start()
        self.playing, self._carry = True, 0.0
        self._changed()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self._changed()

    def tick(self, seconds: float) -> int:
        """Let ``seconds`` pass while playing; return how many events the cursor moved."""
        if not self.playing or seconds <= 0:
            return 0
        self._carry += seconds * self._speed
        steps = int(self._carry)
        self._carry -= steps
        moved = 0
        for _step in range(steps):
            if not self.step_forward():
                break
            moved += 1
        if self.at_end:
            self.playing = False
            self._changed()
        return moved


__all__ = ["Playback"]
