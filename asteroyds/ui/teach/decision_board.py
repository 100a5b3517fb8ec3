"""A rule that stops for a question: the demo plays up to the decision, two buttons answer it on the board.

Why a widget of its own: destroying an asteroid and Lawrence's emergency shield
are decided when the collision or the damage happens, not while planning
(docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots). A page teaches that
best by stopping the board at that very moment and letting the learner answer — then answer
the other way, as often as they like. A notebook printed the pending ``Decision`` and, after one answer, could
only say "run the cell above again"; here each answer is played from the same
start and *Again* asks the question anew.

The moment of the question is found, not guessed: the demo's game is played
once for each answer, and the events both answers share are what happened
before the question (the collision itself, for Lawrence). The question is
asked at that moment: it appears when the board is stepped (or played) up to
it, not before, and once answered it gives way to the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...damage import DESTROY_ASTEROID, EMERGENCY_SHIELD, Decision
from ...event_text import capitalised, crafts_text, piece_text
from ...events import Event
from ...flight import COLLISION_DAMAGE, DESTROY_DAMAGE
from ...game import Game
from ...hexgrid import Cell
from ...i18n import _, ngettext
from ...snapshots import snapshots
from ...state import State
from ..share.markup import tag
from ..theme import sheet
from .rule_board import RuleBoard

Ask = Callable[[], Game]
CSS = sheet("decision_board")


def question_text(decision: Decision, state: State) -> str:
    """The question in the reader's language, for the board as it stands when it is asked (no cell named:
    the board outlines them)."""
    craft = capitalised(crafts_text((decision.player,)))
    if decision.kind == DESTROY_ASTEROID and decision.piece and state.has_piece(decision.piece):
        cost = decision.amount
        return ngettext(
            "{craft} is about to hit {asteroid} (outlined): destroy it instead of bouncing off? "
            "Once per game; it costs {cost} damage point instead of {bounce}, and the craft has "
            "{damage} (6 destroys it).",
            "{craft} is about to hit {asteroid} (outlined): destroy it instead of bouncing off? "
            "Once per game; it costs {cost} damage points instead of {bounce}, and the craft has "
            "{damage} (6 destroys it).",
            cost,
            craft=craft,
            asteroid=piece_text(state.piece(decision.piece)),
            cost=cost,
            bounce=cost - (DESTROY_DAMAGE - COLLISION_DAMAGE),
            damage=state.craft(decision.player).damage,
        )
    if decision.kind == EMERGENCY_SHIELD:
        return ngettext(
            "{craft} is about to take {n} damage point: use Lawrence's emergency shield to cancel it? "
            "Once per game.",
            "{craft} is about to take {n} damage points: use Lawrence's emergency shield to cancel 1 "
            "of them? Once per game.",
            decision.amount,
            craft=craft,
            n=decision.amount,
        )
    return decision.question  # a kind this page does not know: the engine's own words


def question_cells(decision: Decision, state: State) -> tuple[Cell, ...]:
    """The cells the question is about: the craft's, and the asteroid's it may destroy."""
    cells: list[Cell] = []
    craft = state.craft(decision.player)
    if craft.cell is not None:
        cells.append(craft.cell)
    if decision.kind == DESTROY_ASTEROID and decision.piece and state.has_piece(decision.piece):
        cells.append(state.piece(decision.piece).cell)
    return tuple(cells)


def shared_start(first: Sequence[Event], second: Sequence[Event]) -> tuple[Event, ...]:
    """The events two answers share, from the start: what happened before the question."""
    shared: list[Event] = []
    for a, b in zip(first, second, strict=False):  # stops at the shorter
        if a != b:
            break
        shared.append(a)
    return tuple(shared)


def _round_events(game: Game) -> list[Event]:
    return [event for rnd, _phase, event in game.log if rnd == game.round]


def _answered(ask: Ask, yes: bool) -> list[Event]:
    """The demo's round with the first question answered ``yes`` (any later one: no)."""
    game = ask()
    game.answer(yes)
    while game.pending is not None:
        game.answer(False)
    return _round_events(game)


class DecisionBoard(RuleBoard):
    """A demo that stops for a question; *yes* and *no* play the answer on the board, *Again* starts over.

    ``ask()`` returns a fresh :class:`~asteroyds.game.Game` stopped at its pending decision
    (it is called once per answer, so every answer starts from the same board). ``yes`` and
    ``no`` are the buttons' labels.
    """

    def __init__(self, ask: Ask, *, yes: str, no: str, title: str = "", size: str = "compact") -> None:
        game = ask()
        if game.pending is None:
            raise ValueError(_("this demo asks no question: its game has no pending decision"))
        self.decision: Decision = game.pending
        self._start = game.history[-1]  # the round's start
        self._played = {True: _answered(ask, True), False: _answered(ask, False)}
        self._asked = shared_start(self._played[True], self._played[False])
        at_question = snapshots(self._start, self._asked)[-1]
        self.question = question_text(self.decision, at_question)
        self._question_cells = question_cells(self.decision, at_question)
        self.answer: bool | None = None
        self._labels = {True: yes, False: no}
        self._buttons = {choice: self._answer_button(choice) for choice in (True, False)}
        self._verdict = widgets.HTML()
        self._verdict.add_class("asteroyds-decision-verdict")
        self._asking = widgets.HTML(tag("div", self.question, class_="asteroyds-decision-question"))
        self._waiting = widgets.HTML(
            tag(
                "div",
                _("Step ▶ (or ↺ Again): the question comes at the moment it is decided."),
                class_="asteroyds-decision-waiting",
            )
        )
        self._answers = widgets.HBox([self._buttons[True], self._buttons[False]])
        ask_panel = widgets.VBox(
            [widgets.HTML(CSS), self._waiting, self._asking, self._answers, self._verdict]
        )
        ask_panel.add_class("asteroyds-decision")
        super().__init__(self._start, self._asked, title=title, size=size, extra=[ask_panel])
        self.add_class("asteroyds-decision-board")

    def _answer_button(self, choice: bool) -> widgets.Button:
        button = widgets.Button(description=self._labels[choice], layout=widgets.Layout(width="auto"))
        button.add_class("asteroyds-decision-yes" if choice else "asteroyds-decision-no")
        button.on_click(lambda _b: self.choose(choice))
        return button

    @property
    def asked_at(self) -> int:
        """How many events are played when the question is asked."""
        return len(self._asked)

    def choose(self, yes: bool) -> None:
        """Answer: the board plays on from the question with this answer (either answer, any time)."""
        self.answer = bool(yes)
        self.show(self._start, self._played[self.answer])
        for choice, button in self._buttons.items():
            button.button_style = "info" if choice == self.answer else ""
        self._verdict.value = tag(
            "div", _("Your answer: {answer}. ↺ Again asks it again.", answer=self._labels[self.answer])
        )
        self.play(self.asked_at)

    def again(self) -> None:
        """Start over: the board back at the start, the question not answered yet, then play to it."""
        self.answer = None
        for button in self._buttons.values():
            button.button_style = ""
        self._verdict.value = ""
        self.show(self._start, self._asked)
        self.play(0)

    @property
    def asking(self) -> bool:
        """Is the question on show (the board at its moment, not answered yet)?"""
        return self.answer is None and self.index == self.asked_at

    def go(self, index: int) -> None:
        # the question first: a page that sees the counter move (RuleBoard.go sets it last) sees it right
        self._draw_ask(max(0, min(int(index), len(self.events))))
        with self.board.hold():  # the step and the question's outline drawn as one picture
            super().go(index)
            if self.asking:  # the moment of the question
                self.board.highlight(self._question_cells)

    def _draw_ask(self, index: int) -> None:
        """The question at its moment only; before it, a line saying it will come; after an answer,
        the answer (the buttons stay, to answer the other way)."""
        answered = self.answer is not None
        asking = not answered and index == self.asked_at
        self._asking.layout.display = "" if asking else "none"
        self._answers.layout.display = "" if asking or answered else "none"
        self._waiting.layout.display = "none" if asking or answered else ""


__all__ = ["DecisionBoard", "question_cells", "question_text", "shared_start"]
