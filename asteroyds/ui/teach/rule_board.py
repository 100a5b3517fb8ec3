"""A rule played on a board: the pieces move one event at a time, the sentence under the board.

Why a widget of its own: a chapter teaches a rule best by showing it happen — the
white asteroid blocked, the blue one pushing, the gate crossing the craft — not
by printing the engine's log. Each rule board owns its start, its events and its
frames (the board after each event, from :func:`asteroyds.snapshots.snapshots`),
so a later cell of the chapter cannot change what an earlier board narrates; and
*Again* replays it as often as the learner wants (never "run the cell").

The caption is the event's own sentence; every cell an event names (where a
piece went, what blocked it) is outlined on the board, so the words and the
picture point at the same place. The sentence leaves out the cells' ``(row,
col)`` unless the board's *Coordinates* toggle is on: a board that shows no
coordinates is pointed at by its outlines, not by numbers it never shows.
A laser event (any mode's: a craft's shot, a capture turret's) draws its beam
while it is the event shown; a turn resolved
at once (capture's six rounds) crosses out what its mode says is out of play so
far (the disabled turrets) and names the round and stage before the sentence —
all read from what the mode declares, so the board never asks which mode it
plays.

The board is a picture (:class:`~asteroyds.ui.board.picture.BoardPicture`): a
learner steps it and never clicks it, so one HTML output redrawn once per step
(:meth:`~asteroyds.ui.board.picture.BoardPicture.hold`) costs the page far less
than an interactive board, and it grows and shrinks with the panel.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

import ipywidgets as widgets

from ...dice import Dice
from ...event_text import without_cells
from ...events import Event
from ...hexgrid import Cell
from ...i18n import _
from ...registry import registered
from ...snapshots import snapshots
from ...state import State
from ..board.picture import BoardPicture
from ..share.markup import join, tag
from ..theme import CSS as THEME_CSS
from ..theme import sheet
from ..ticker import Ticker

CSS = sheet("rule_board")
# A laser's beam: the spaces it crossed, where it stopped (a piece id or a space; None: off the board),
# the shooter's space and its direction.
Beam = tuple[tuple[Cell, ...], "str | Cell | None", Cell, int]
PLAY_INTERVAL = 0.9  # seconds between two events while the board plays by itself


def named_cells(event: Event) -> tuple[Cell, ...]:
    """The cells an event names (its fields that are cells), in field order, each once.

    >>> from asteroyds.events import TileMoved
    >>> named_cells(TileMoved(piece="R1", colour="red", kind="asteroid", priority=3,
    ...                       phase="red", direction=1, start=(3, 3), end=(5, 4), steps=2))
    ((3, 3), (5, 4))
    """
    cells: list[Cell] = []
    for f in fields(event):
        value = getattr(event, f.name)
        if _is_cell(value) and value not in cells:
            cells.append(value)
        elif isinstance(value, tuple) and value and all(_is_cell(v) for v in value):
            cells.extend(v for v in value if v not in cells)
    return tuple(cells)


def beam(event: Event | None) -> Beam | None:
    """A laser event's beam as ``(path, stop, start, direction)``, or None for any other event.

    Any mode's laser: an event with a ``path``, a ``start`` and a ``direction``;
    it stopped on its ``hit`` piece (a craft's shot) or at its ``end`` space (a
    capture laser), None when it left the board.
    """
    if event is None or not all(hasattr(event, name) for name in ("path", "start", "direction")):
        return None
    stop = event.hit if hasattr(event, "hit") else getattr(event, "end", None)  # type: ignore[attr-defined]
    return tuple(event.path), stop, event.start, event.direction  # type: ignore[attr-defined]


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


class RuleBoard(widgets.VBox):
    """A board that plays ``events`` from ``state``: *Step*, *Back*, *Again* (plays it from the start).

    ``title`` is a short heading over the board; ``show`` replaces the demo (a
    decision's answer, another program) on the same board. ``dice`` draws, at the
    start only, the arrows of where each tile is headed (two tiles heading for one
    space is what a priority demo is about); ``above`` are widgets between the
    title and the board (a choice of scenes).
    """

    def __init__(
        self,
        state: State,
        events: Sequence[Event] = (),
        *,
        title: str = "",
        size: str = "compact",
        extra: Sequence[widgets.Widget] = (),
        dice: Dice | Sequence[int] | None = None,
        above: Sequence[widgets.Widget] = (),
    ) -> None:
        self.board = BoardPicture(state, size=size)  # watched, not clicked: a picture, redrawn each step
        heading = [widgets.HTML(tag("div", title, class_="asteroyds-rule-title"))] if title else []
        self._caption = widgets.HTML()
        self._caption.add_class("asteroyds-rule-caption")
        self._back = self._button("◀", _("Back one event"), "asteroyds-rule-back", lambda: self.step(-1))
        self._next = self._button(_("Step ▶"), _("Next event"), "asteroyds-rule-step", lambda: self.step(1))
        self._again = self._button(
            _("↺ Again"), _("Play it again from the start"), "asteroyds-rule-again", self.again
        )
        self._laser_shown = False
        self._counter = widgets.HTML()
        self._counter.add_class("asteroyds-rule-counter")
        self._ticker = Ticker(lambda _s: self._play_tick(), lambda: self._playing, interval=PLAY_INTERVAL)
        self._playing = False
        controls = widgets.HBox([self._again, self._back, self._next, self._counter])
        controls.add_class("asteroyds-rule-controls")
        super().__init__(
            [
                widgets.HTML(THEME_CSS + CSS),
                *heading,
                *above,
                self.board,
                controls,
                self._caption,
                *extra,
            ]
        )
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-rule-board")
        self.show(state, events, dice=dice)
        self.board.on_coordinates(lambda _on: self.go(self._index))  # the caption names cells or not

    @staticmethod
    def _button(label: str, tip: str, css: str, action: Callable[[], object]) -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tip, layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b: action())
        return button

    # --- what it shows ---------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    @property
    def index(self) -> int:
        """How many events have been played (0: the start)."""
        return self._index

    @property
    def state(self) -> State:
        """The board as it stands now."""
        return self._frames[self._index]

    @property
    def caption(self) -> str:
        """The sentence under the board (the current event's, or the start's)."""
        return self._caption_text

    def show(
        self, state: State, events: Sequence[Event] = (), *, dice: Dice | Sequence[int] | None = None
    ) -> None:
        """Play these events from this state on the same board (back at the start; ``dice``: the
        start's arrows)."""
        self._stop()
        self._dice = None if dice is None else Dice.of(dice)
        self._events = tuple(events)
        self._frames = snapshots(state, self._events)
        self.go(0)

    def go(self, index: int) -> None:
        """Show the board after ``index`` events (clamped to the demo's length)."""
        self._index = max(0, min(int(index), len(self._events)))
        event = self._events[self._index - 1] if self._index else None
        shot = beam(event)
        if shot is not None:  # the shooter and where the beam stopped; the beam itself is drawn
            path, stop, start, _direction = shot
            cells: tuple[Cell, ...] = (start, path[-1]) if path and stop is not None else (start,)
        else:
            cells = named_cells(event) if event else ()
        turn = self._turn()
        with self.board.hold():  # the step drawn once: pieces, outlines, arrows, beam, crossed-out cells
            self.board.show_step(self.state, highlight=cells, dice=self._dice if self._index == 0 else None)
            self._draw_laser(shot)
            if turn is not None:  # the pieces out of play so far in the turn (capture's turrets; else none)
                disabled = tuple(turn.disabled_cells(self._events[: self._index]))
                if disabled != self.board.disabled:
                    self.board.show_disabled(disabled)
        if event is None and self._dice is not None:
            self._caption_text = _(
                "The start: the arrows show where the dice send each tile. Press Step ▶ or Again."
            )
        elif event is None:
            self._caption_text = _("The start: press Step ▶ or Again.")
        elif turn is not None and getattr(turn, "step_at", None) is not None:  # "Round 3 of 6 · lasers"
            self._caption_text = _(
                "{step}: {event}", step=turn.step_at(self._events, self._index), event=self._said(event)
            )
        else:
            self._caption_text = self._said(event)
        self._caption.value = tag("div", self._caption_text)
        # The buttons before the counter: a page (or a test) that sees the counter move sees them right.
        self._back.disabled = self._index == 0
        self._next.disabled = self._index == len(self._events)
        names = [p.describe() for p in self.state.pieces] + [c.describe() for c in self.state.crafts]
        self._counter.value = join(
            tag(
                "span",
                _("{done} of {total}", done=self._index, total=len(self._events)),
                class_="asteroyds-caption",
            ),
            tag(
                "div", class_="asteroyds-rule-names", data_names="|".join(names), hidden=True
            ),  # browser tests
        )

    def _said(self, event: Event) -> str:
        """The event's sentence: with its cells' (row, col) only while the board shows coordinates
        (else the board outlines the cells it names, and the sentence names pieces and directions)."""
        text = event.text()
        return text if self.board.coordinates else without_cells(text)

    def _draw_laser(self, shot: Beam | None) -> None:
        if shot is not None:
            path, stop, start, direction = shot
            self.board.show_laser(path, stop, start=start, direction=direction)
        elif self._laser_shown:
            self.board.clear_laser()
        self._laser_shown = shot is not None

    def _turn(self) -> Any:
        """The turn of the board's mode (what it declares about stepping a turn), if the mode is known."""
        mode = registered().get(self.state.mode)
        return getattr(mode, "turn", None)

    def step(self, by: int = 1) -> None:
        """One event forward (or back with ``by=-1``); a learner's step stops the playing."""
        self._stop()
        self.go(self._index + by)

    def again(self) -> None:
        """Back to the start, then play every event, one every :data:`PLAY_INTERVAL` seconds."""
        self.play(0)

    def play(self, start: int = 0) -> None:
        """Show the board after ``start`` events, then play the rest by itself (a subclass resumes
        a demo mid-way: a decision's answer plays on from the question)."""
        self.go(start)
        self._playing = self._index < len(self._events)
        self._ticker.start()

    @property
    def playing(self) -> bool:
        return self._playing

    def _play_tick(self) -> None:
        if self._index >= len(self._events):
            self._playing = False
            return
        self.go(self._index + 1)
        self._playing = self._index < len(self._events)

    def _stop(self) -> None:
        self._playing = False
        self._ticker.stop()


__all__ = ["RuleBoard", "beam", "named_cells"]
