"""Exercises with instant feedback: click a hex, build a program, pick an answer.

The right answer always comes from the engine (the notebook asks "where does
red asteroid #3 end up?" and the engine works it out), never from a number
typed into the notebook. Each exercise is a checker (plain Python, tested
directly) plus a small view that shows the feedback.

A wrong answer says why when it can: a click on the wrong space is marked on
the board and diagnosed by the engine (:mod:`asteroyds.drills.mistakes`:
the misreading whose replay ends there), a wrong choice gives its reason.
A verdict never lies: an answer or a solution *shown* (not found) is marked
as shown, not as right or wrong, and showing the answer after a right one
keeps the right verdict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ...dice import Dice
from ...drills.mistakes import diagnose
from ...events import Event
from ...hexgrid import Cell
from ...i18n import _
from ...program import Program, as_program
from ...state import State
from ..share.markup import tag
from ..share.page_progress import page_progress
from ..theme import CSS, error_html

if TYPE_CHECKING:  # a page that imports the exercises pays for bqplot only when it builds a board
    from ..board.view import BoardView


@dataclass(frozen=True)
class Feedback:
    """The verdict on one attempt: ``correct`` and a sentence for the learner.

    ``shown`` is a verdict on an answer the page showed (*Show the answer*, *Show a solution*),
    not one the learner gave: it is drawn as shown, never as the learner's success or failure.
    """

    correct: bool
    message: str
    shown: bool = False


Diagnose = Callable[[Cell], "str | None"]  # a wrong cell -> the likely mistake, in words (None: unknown)


def piece_mistakes(state: State, dice: Dice | Sequence[int], piece_id: str) -> Diagnose:
    """The diagnosis of a wrong click for "where does this piece end after the asteroid phase?"
    (None when no misreading explains it: the question's hint is given instead)."""
    rolled = Dice.of(dice)

    def said(cell: Cell) -> str | None:
        mistake = diagnose(state, rolled, piece_id, cell)
        return None if mistake is None else mistake.message

    return said


class CellQuestion:
    """Which cell? ``answers`` holds the right cells; ``explain`` says why, after an attempt.

    ``diagnose`` (e.g. :func:`piece_mistakes`) names the likely mistake of a wrong cell; the
    ``hint`` is given when it names none.
    """

    def __init__(
        self, answers: Iterable[Cell], explain: str, hint: str = "", diagnose: Diagnose | None = None
    ) -> None:
        self.answers = tuple((*a,) for a in answers)
        if not self.answers:
            raise ValueError(_("a cell question needs at least one right answer"))
        self.explain = explain
        self.hint = hint
        self.diagnose = diagnose
        self.attempts: list[Cell] = []

    def check(self, cell: Cell) -> Feedback:
        cell = (int(cell[0]), int(cell[1]))
        self.attempts.append(cell)
        if cell in self.answers:
            return Feedback(True, _("Right. {explain}", explain=self.explain))
        reason = self.diagnose(cell) if self.diagnose is not None else None
        if reason:
            return Feedback(False, _("Not there. {reason} Try again.", reason=reason))
        if self.hint:
            return Feedback(False, _("Not there: try again. Hint: {hint}", hint=self.hint))
        return Feedback(False, _("Not there: try again."))

    def reveal(self) -> Feedback:
        return Feedback(
            False, _("The answer is outlined on the board. {explain}", explain=self.explain), shown=True
        )


class ProgramQuestion:
    """Is this program a solution? ``judge(program) -> (ok, why)`` runs the engine."""

    def __init__(self, judge: Callable[[Program], tuple[bool, str]]) -> None:
        self.judge = judge
        self.attempts: list[Program] = []

    def check(self, program: Program) -> Feedback:
        self.attempts.append(program)
        ok, why = self.judge(program)
        return Feedback(ok, (_("Well flown! ") if ok else _("Not yet: ")) + why)

    def shown(self, program: Program) -> Feedback:
        """The verdict on a solution the page put into the chart (not an attempt of the learner's)."""
        ok, why = self.judge(program)
        return Feedback(ok, (_("A solution, flown: ") if ok else _("Not yet: ")) + why, shown=True)


class ChoiceQuestion:
    """Multiple choice; ``explain`` is shown with the verdict, ``reasons[option]`` with a wrong one."""

    def __init__(
        self, options: Sequence[str], answer: str, explain: str, reasons: Mapping[str, str] | None = None
    ) -> None:
        if answer not in options:
            raise ValueError(_("the answer {answer!r} is not one of the options", answer=answer))
        self.options = tuple(options)
        self.answer = answer
        self.explain = explain
        self.reasons = dict(reasons or {})
        unknown = [option for option in self.reasons if option not in self.options]
        if unknown:
            raise ValueError(_("a reason for {option!r}, which is not one of the options", option=unknown[0]))

    def check(self, choice: str) -> Feedback:
        if choice == self.answer:
            return Feedback(True, _("Right. {explain}", explain=self.explain))
        reason = self.reasons.get(choice)
        if reason:
            return Feedback(False, _("Not {choice!r}: {reason} Try again.", choice=choice, reason=reason))
        return Feedback(False, _("Not {choice!r}. Try again.", choice=choice))


def feedback_html(feedback: Feedback | None) -> str:
    if feedback is None:
        return ""
    kind = "shown" if feedback.shown else "right" if feedback.correct else "wrong"
    mark = "➜" if feedback.shown else "✔" if feedback.correct else "✘"
    return tag(
        "div",
        mark,
        " ",
        feedback.message,
        class_=f"asteroyds-feedback asteroyds-feedback-{kind}",
        data_correct=str(feedback.correct).lower(),
        data_shown=str(feedback.shown).lower(),
    )


class _ExerciseView(widgets.VBox):
    def __init__(self, prompt: str, children: Sequence[widgets.Widget]) -> None:
        self._prompt = widgets.HTML(
            tag("div", tag("b", _("Exercise.")), " ", prompt, class_="asteroyds-exercise-prompt")
        )
        self._feedback = widgets.HTML("")
        self._progress = page_progress().register(self)  # the page's record: each answer, kept in the browser
        super().__init__([self._prompt, *children, self._feedback, self._progress])
        self.add_class("asteroyds-exercise")
        self.last: Feedback | None = None

    def _show(self, feedback: Feedback) -> Feedback:
        self.last = feedback
        self._feedback.value = feedback_html(feedback)
        if feedback.shown:  # an answer or solution shown is never a first try
            self._progress.revealed()
        else:
            self._progress.answered(feedback.correct)
        return feedback

    @property
    def feedback_text(self) -> str:
        return "" if self.last is None else self.last.message


def replay(state: State, events: Sequence[Event], title: str = "") -> Callable[[], widgets.Widget]:
    """*Show me why* for a question about what the engine does: its real events, stepped on a
    rule board (built when asked)."""

    def board() -> widgets.Widget:
        from .rule_board import RuleBoard  # a rule board's picture code only when a learner asks why

        return RuleBoard(state, events, title=title or _("What really happens, one step at a time:"))

    return board


class ClickExercise(_ExerciseView):
    """Click the right hex on a board; the board's clicks are answers while this exercise listens.

    ``why`` (e.g. :func:`replay`) builds what *Show me why* shows: offered once the learner has
    answered (before, it would give the answer away), built on the first press.
    """

    def __init__(
        self,
        board: BoardView,
        prompt: str,
        question: CellQuestion,
        why: Callable[[], widgets.Widget] | None = None,
    ) -> None:
        self.board = board
        self.question = question
        self._reveal = widgets.Button(description=_("Show the answer"))
        self._reveal.add_class("asteroyds-reveal")
        self._reveal.on_click(lambda _b: self.reveal())
        self._why, self._why_part = why, widgets.VBox()
        self._why_button = widgets.Button(description=_("Show me why"), layout=widgets.Layout(display="none"))
        self._why_button.add_class("asteroyds-exercise-why")
        self._why_button.on_click(lambda _b: self.show_why())
        buttons = widgets.HBox([self._reveal, self._why_button])
        super().__init__(prompt, [board, buttons, self._why_part])
        board.on_hex_click(self.answer)

    def show_why(self) -> widgets.Widget | None:
        """The engine's own replay under the exercise (once; a second press hides or shows it again)."""
        if self._why is None:
            return None
        if not self._why_part.children:
            try:
                self._why_part.children = (self._why(),)
            except Exception as exc:  # shown in the widget, never a traceback in Voila
                self._feedback.value = error_html(exc)
                return None
        else:
            shown = self._why_part.layout.display != "none"
            self._why_part.layout.display = "none" if shown else None
        return self._why_part.children[0]

    def _show(self, feedback: Feedback) -> Feedback:
        if self._why is not None:
            self._why_button.layout.display = None  # answered: why is worth asking now
        return super()._show(feedback)

    def answer(self, cell: Cell) -> Feedback:
        """A click: right, outlined; wrong, marked on the board and answered with the likely mistake."""
        feedback = self._show(self.question.check(cell))
        if feedback.correct:
            self.board.mark_wrong(())
            self.board.highlight([(*cell,)])
        else:
            self.board.mark_wrong([(int(cell[0]), int(cell[1]))])
        return feedback

    def reveal(self) -> Feedback:
        """The answer outlined; after a right answer the verdict stays the learner's (it was right)."""
        self.board.highlight(self.question.answers)
        if self.last is not None and self.last.correct and not self.last.shown:
            return self.last
        return self._show(self.question.reveal())


class ProgramExercise(_ExerciseView):
    """Build a program on a status chart, then press "Check"."""

    def __init__(
        self,
        prompt: str,
        question: ProgramQuestion,
        chart: widgets.Widget,
        program: Callable[[], Program],
        extra: Sequence[widgets.Widget] = (),
        *,
        solution: str | Program | None = None,
        load: Callable[[Program], object] | None = None,
    ) -> None:
        self.question = question
        self._program = program
        self._check = widgets.Button(description=_("Check my program"), button_style="primary")
        self._check.add_class("asteroyds-check")
        self._check.on_click(lambda _b: self.check())
        buttons = [self._check]
        # A solution goes into the chart (``load``), where the learner sees and flies it: a web
        # page cannot run the code a notebook would print.
        self._solution = None if solution is None else as_program(solution)
        self._load = load
        if self._solution is not None and load is not None:
            show = widgets.Button(description=_("Show a solution"))
            show.add_class("asteroyds-show-solution")
            show.on_click(lambda _b: self.show_solution())
            buttons.append(show)
        super().__init__(prompt, [*extra, chart, widgets.HBox(buttons)])

    def show_solution(self) -> Feedback:
        """Put the solution into the chart and check it (the learner sees it fly)."""
        if self._solution is None or self._load is None:
            raise ValueError(_("this exercise has no solution to show"))
        self._load(self._solution)
        try:
            return self._show(self.question.shown(self._program()))
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._feedback.value = error_html(exc)
            return Feedback(False, str(exc), shown=True)

    def check(self) -> Feedback:
        try:
            return self._show(self.question.check(self._program()))
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._feedback.value = error_html(exc)
            return Feedback(False, str(exc))


class ChoiceExercise(_ExerciseView):
    """Pick one answer among buttons."""

    def __init__(self, prompt: str, question: ChoiceQuestion) -> None:
        self.question = question
        buttons = []
        for option in question.options:
            button = widgets.Button(description=option, layout=widgets.Layout(width="auto"))
            button.add_class("asteroyds-choice")
            button.add_class("asteroyds-wrap-words")  # a sentence on a phone: on two lines, not cut
            button.on_click(lambda b: self.choose(b.description))
            buttons.append(button)
        choices = widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px"))
        super().__init__(prompt, [widgets.HTML(CSS), choices])

    def choose(self, choice: str) -> Feedback:
        return self._show(self.question.check(choice))
