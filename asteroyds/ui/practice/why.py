"""What every drill widget shows around the engine's drill: the dice, the question, and *why*.

The practice page (:mod:`.view`) and a chapter's closing drill set
(:mod:`.drill_set`) ask the same questions on the same boards; this holds the
parts they share so both say it the same way: the dice chips and the prompt
(:func:`question_html`), the engine's explanation (:func:`explanation_html`),
and the real asteroid phase stepped on a rule board with the priority
inspector following it (:func:`why_board`, :class:`InspectedRuleBoard`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...drills import PLAN
from ...event_text import colour_text, without_cells
from ...events import Event
from ...i18n import _
from ...pieces import DIE_COLOURS
from ...state import State
from ..observers import Observable
from ..player.inspector_view import PriorityInspector
from ..share.markup import Markup, tag
from ..teach.exercises import feedback_html
from ..teach.rule_board import RuleBoard
from ..theme import error_html
from .session import PracticeSession


def question_html(session: PracticeSession) -> str:
    """The drill's dice as coloured chips and the piece the next click answers for.

    The body carries ``data-level``, ``data-seed`` and ``data-asking`` so a
    browser test knows which engine drill is on show.
    """
    drill = session.drill
    question = drill.question if drill is not None and drill.kind == PLAN else ""
    chips = [
        tag("span", f"{colour_text(colour)} {value}", class_=f"asteroyds-die asteroyds-die-{colour}")
        for colour, value in zip(DIE_COLOURS, session.dice.as_tuple(), strict=True)
    ]
    asking = session.asking
    prompt = _("Click where {piece} ends.", piece=session.name(asking)) if asking else ""
    return str(
        tag(
            "div",
            tag("p", question) if question else "",
            tag("p", _("The dice:"), " ", *chips, class_="asteroyds-practice-dice"),
            tag("p", prompt, class_="asteroyds-practice-asking") if prompt else "",
            class_="asteroyds-practice-question-body",
            data_level=session.level,
            data_seed=session.seed,
            data_asking=asking or "",
        )
    )


def explanation_html(session: PracticeSession, coordinates: bool) -> str:
    """The verdict and the engine's explanation, one step a line (cells said only if shown)."""
    lines = session.drill.explanation if session.drill is not None else ()
    verdict = feedback_html(session.feedback)
    if not lines:
        return verdict
    items = "".join(str(tag("li", line if coordinates else without_cells(line))) for line in lines)
    return verdict + str(tag("ol", Markup(items), class_="asteroyds-practice-explanation"))


def why_board(session: PracticeSession) -> InspectedRuleBoard:
    """The drill's answer played out: the real asteroid phase (level 5: the round), one move a step."""
    state, events = session.why()
    title = _("Why: the asteroid phase, one move at a time")
    return InspectedRuleBoard(state, events, dice=session.dice, title=title)


class SafeActions:
    """The drill widgets' buttons: an action that fails says so in the widget's ``_error``
    line, never as a traceback in Voila."""

    _error: widgets.HTML

    def _button(self, label: str, css: str, action: Callable[[], object]) -> widgets.Button:
        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        button.add_class(css)
        button.on_click(lambda _b: self._safely(action))
        return button

    def _safely(self, action: Callable[[], object]) -> None:
        self._error.value = ""
        try:
            action()
        except Exception as exc:  # shown on the page, never a traceback in Voila
            self._error.value = error_html(exc)


class BoardCursor(Observable["BoardCursor"]):
    """A rule board's step as the priority inspector reads a round player's cursor."""

    def __init__(self, board: RuleBoard) -> None:
        super().__init__()
        self.board = board

    @property
    def events(self) -> tuple[Event, ...]:
        return self.board.events

    @property
    def states(self) -> tuple[State, ...]:
        return (self.board.start,)

    @property
    def cursor(self) -> int:
        return self.board.index

    @property
    def phase(self) -> str:
        done = self.events[: self.cursor]
        return "fly" if any(e.type == "column_played" for e in done) else "asteroids"

    def moved(self) -> None:
        self._notify()


class InspectedRuleBoard(RuleBoard):
    """A rule board with the priority inspector beside it, following its steps."""

    def __init__(self, state: State, *args: Any, **kwargs: Any) -> None:
        self.start = state
        self.cursor_model: BoardCursor | None = None
        super().__init__(state, *args, **kwargs)
        self.cursor_model = BoardCursor(self)
        self.inspector = PriorityInspector(self.cursor_model)

    def go(self, index: int) -> None:
        super().go(index)
        if self.cursor_model is not None:
            self.cursor_model.moved()


__all__ = [
    "BoardCursor",
    "InspectedRuleBoard",
    "SafeActions",
    "explanation_html",
    "question_html",
    "why_board",
]
