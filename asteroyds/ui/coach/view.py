"""The coach beside a board: the danger-map switch and "Show me the best plan", as one small widget.

:class:`CoachPanel` is a thin view over :class:`DangerOverlay` and
:class:`BestPlanController`. It draws the heat map on a
:class:`~asteroyds.ui.board.BoardView` (:meth:`BoardView.show_danger`), lays
the coach's program over a :class:`~asteroyds.ui.chart.status.view.StatusChart`
as a ghost (:meth:`StatusChart.show_ghost`), draws the best plan's path on the
board and lists the coach's sentences, one per column. The page that holds
it says what to ask about (``question``: a board, a roll and a craft, or None
while there is nothing to ask) and which board the danger map is of
(``danger_state``); it calls :meth:`refresh` when those change.

Nothing is computed until the learner asks: the danger map when the switch is
first turned on, the best plan when the button is pressed; the explanation
list is built the first time there is something to put in it.

CSS classes for browser tests: ``asteroyds-coach`` (the panel),
``asteroyds-danger-toggle`` (the switch), ``asteroyds-best-plan`` (the
button), ``asteroyds-coach-style`` (careful or bold: careful first, a beginner's),
``asteroyds-coach-explanation`` (the sentences, an ``<ol>`` with
``data-program``), ``asteroyds-coach-comparison``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import ipywidgets as widgets

from ...coach.objective import BOLD, CAREFUL
from ...event_text import player_text
from ...i18n import _
from ...program import Program
from ...state import State
from .. import theme
from ..share.markup import join, tag
from .danger import DangerOverlay
from .plan import BestPlanController, Question

if TYPE_CHECKING:  # a sandbox page builds its board (bqplot) only once a game starts
    from ..board.view import BoardView

ChartLike = Any  # a StatusChart (anything with show_ghost)
Thinking = Callable[[str | None, Callable[[], Any]], Any]  # (hint kind or None, the coach's work) → result

# The coach's two styles in one sentence each (asked when shown: the page's language).
STYLE_TEXTS: dict[str, Callable[[], str]] = {
    CAREFUL: lambda: _(
        "Careful: a round without damage first, then gate tokens, then the distance to the next gate;"
        " it never spends the once-a-game destroy for a token a plain program also takes."
    ),
    BOLD: lambda: _(
        "Bold: the most gate tokens and the nearest gate first, damage last; it may ram or destroy"
        " an asteroid to get there."
    ),
}


class Review(Protocol):
    """A program a learner played, with the question it was planned for (the sandbox's Submitted)."""

    question: Question
    program: Program


class CoachPanel(widgets.VBox):
    """The danger-map switch and the best-plan button for one board (and one status chart)."""

    def __init__(
        self,
        board: BoardView,
        *,
        question: Callable[[], Question | None] | None = None,
        chart: Callable[[], ChartLike | None] | None = None,
        danger_state: Callable[[], State | None] | None = None,
        danger: DangerOverlay | None = None,
        plan: BestPlanController | None = None,
        reviews: Callable[[], Sequence[Review]] | None = None,
        mine: Callable[[], Program] | None = None,
        thinking: Thinking | None = None,
        hints: bool = True,
    ) -> None:
        super().__init__()
        # thinking(kind, compute): how the page runs the coach's work (the sandbox counts hints and pauses
        # its stopwatch meanwhile); hints False: a teacher switched the coach's tools off (the review stays)
        self._thinking: Thinking = thinking or (lambda _kind, compute: compute())
        self._board = board
        self._question = question
        self._chart = chart or (lambda: None)
        self._danger_state = danger_state or (lambda: board.state)
        self.danger = danger or DangerOverlay(self._danger_state())
        self.plan = plan or BestPlanController()
        self._ghosted: list[ChartLike] = []
        self._drawn_path: tuple[tuple[int, int], ...] = ()
        self._danger_drawn: tuple[int, int] | None = None
        self._comparison_text = ""
        self._parts: dict[str, widgets.HTML] = {}
        self._toggle = widgets.Checkbox(
            value=self.danger.on,
            description=_("Danger map"),
            indent=False,
            layout=widgets.Layout(width="auto"),
        )
        self._toggle.add_class("asteroyds-danger-toggle")
        self._toggle.observe(self._on_toggle, names="value")
        row: list[widgets.Widget] = [self._toggle]
        self._button: widgets.Button | None = None
        self._style: widgets.ToggleButtons | None = None
        if question is not None:
            self._button = widgets.Button(
                description=_("Show me the best plan"),
                tooltip=_("The coach searches the best program for these dice and explains it"),
                layout=widgets.Layout(width="auto"),
            )
            self._button.add_class("asteroyds-best-plan")
            self._button.on_click(lambda _b: self._safely(self._ask_best_plan))
            row.append(self._button)
            self._style = widgets.ToggleButtons(
                options=[(_("Careful"), CAREFUL), (_("Bold"), BOLD)],
                value=self.plan.style,
                tooltips=[STYLE_TEXTS[CAREFUL](), STYLE_TEXTS[BOLD]()],
                layout=widgets.Layout(width="auto"),
                style={"button_width": "auto"},
            )
            self._style.add_class("asteroyds-coach-style")
            self._style.observe(
                lambda change: self._safely(lambda: self._restyle(change["new"])),
                names="value",
            )
            row.append(self._style)
        self._reviews = reviews
        self._review_plans: dict[tuple[int, str], BestPlanController] = {}
        self._shown_reviews: tuple[Any, ...] = ()
        self._compare_button: widgets.Button | None = None  # built when there is a first plan to compare
        if mine is not None and question is not None:  # a tutorial: compare the chart's program at once
            mine_button = widgets.Button(
                description=_("Compare my plan"),
                tooltip=_("The engine scores your program and the coach's best one for the same dice"),
                layout=widgets.Layout(width="auto"),
            )
            mine_button.add_class("asteroyds-compare-mine")
            mine_button.on_click(lambda _b: self._safely(lambda: self.compare(mine())))
            row.append(mine_button)
        self._row = widgets.HBox(
            row, layout=widgets.Layout(align_items="center", grid_gap="10px", flex_flow="row wrap")
        )
        self.children: tuple[widgets.Widget, ...] = (self._row,)
        if question is not None:
            self._part("style-note").value = self._style_note()
        self.danger.observe(lambda _d: self._safely(self._draw_danger))
        self.add_class("asteroyds-coach")
        self.hints = True
        self.allow_hints(hints)
        self.refresh()

    # --- reading ------------------------------------------------------------------------
    @property
    def explanation_html(self) -> str:
        part = self._parts.get("explanation")
        return "" if part is None else part.value

    @property
    def comparison(self) -> str:
        """The last comparison sentence shown (plain text)."""
        return self._comparison_text

    # --- actions (the widgets call these; tests may too) ---------------------------------
    def _ask_best_plan(self) -> None:
        self._thinking("best-plan", self.show_best_plan)

    def _restyle(self, style: str) -> None:
        self._thinking(None, lambda: self.set_style(style))  # the same hint in another style

    def allow_hints(self, allowed: bool) -> None:
        """Show the coach's tools (the danger map, the best plan and its style), or not: a teacher's switch;
        the comparison after the round stays (it reviews, it does not plan for anyone)."""
        self.hints = bool(allowed)
        shown = "" if allowed else "none"
        for tool in (self._toggle, self._button, self._style):
            if tool is not None:
                tool.layout.display = shown
        if "style-note" in self._parts:
            self._parts["style-note"].layout.display = shown
        if not allowed:
            self.set_danger(False)
            self.forget_plan()

    def set_danger(self, on: bool) -> None:
        """Switch the danger map on or off (the checkbox follows)."""
        self._toggle.value = bool(on)

    def show_best_plan(self) -> Any:
        """Ask the coach; lay its program on the chart, its path on the board, its sentences below."""
        if self._question is None:
            raise ValueError(_("this page has no plan to ask the coach about"))
        q = self._question()
        if q is None:
            raise ValueError(
                _("nothing to plan yet: the coach needs a craft on the board and the dice rolled")
            )
        plan = self.plan.ask_about(q)
        chart = self._chart()
        if chart is not None:
            chart.show_ghost(plan.program)
            self._ghosted.append(chart)
        start = getattr(plan, "start", None) or q.state.craft(q.player).cell  # after the asteroid phase
        cells = ([start] if start is not None else []) + [tuple(c) for c in plan.path]
        self._board.show_path(cells, colour=None)
        self._drawn_path = self._board.path
        self._board.set_caption(self.plan.summary())
        items = (tag("li", sentence) for sentence in plan.explanation)
        self._part("explanation").value = join(
            tag("div", self.plan.summary(), class_="asteroyds-note"),
            tag("ol", *items, class_="asteroyds-coach-steps", data_program=plan.program),
        )
        return plan

    def set_style(self, style: str) -> None:
        """Coach carefully or boldly; a plan on show is asked again in the new style."""
        shown = self.plan.plan is not None
        self.plan.set_style(style)
        self._review_plans = {}
        if self._style is not None and self._style.value != style:
            self._style.value = style
        self._part("style-note").value = self._style_note()
        if "comparison" in self._parts:
            self._parts["comparison"].value = ""
        self._comparison_text = ""
        if shown:
            self.show_best_plan()

    def _style_note(self) -> str:
        return tag("div", STYLE_TEXTS[self.plan.style](), class_="asteroyds-note")

    def compare(self, program: Program | str) -> str:
        """Show and return the comparison of ``program`` with the coach's best for the question."""
        if self._question is not None and self.plan.question is None:
            q = self._question()
            if q is not None:
                self.plan.ask_about(q)
        text = self.plan.compare(program)
        self._comparison_text = text
        self._part("comparison").value = tag("div", text, class_="asteroyds-card")
        return text

    def compare_reviews(self) -> list[str]:
        """After the round: each learner's program against the coach's best for the same board and dice."""
        if self._reviews is None:
            return []
        lines = []
        reviews = tuple(self._reviews())
        asked = {id(review.question) for review in reviews}
        self._review_plans = {k: v for k, v in self._review_plans.items() if k[0] in asked}  # this round's
        for review in reviews:
            q = review.question
            key = (id(q), str(review.program))
            if key not in self._review_plans:
                controller = BestPlanController(self.plan.engine, style=self.plan.style)
                controller.ask_about(q)
                self._review_plans[key] = controller
            sentence = self._review_plans[key].compare(review.program)
            lines.append(_("{player}, round {round}: {comparison}", player=player_text(q.player),
                           round=q.state.round, comparison=sentence))  # fmt: skip
        self._comparison_text = " ".join(lines)
        self._part("comparison").value = tag(
            "div", *(tag("div", line) for line in lines), class_="asteroyds-card"
        )
        return lines

    def refresh(self) -> None:
        """The page changed (a new board, a new roll, another player): follow it."""
        self.danger.set_state(self._danger_state())
        q = self._question() if self._question is not None else None
        if self._button is not None:
            self._button.disabled = q is None
        if self.plan.question is not None and (q is None or _key(q) != _key(self.plan.question)):
            self.forget_plan()
        if self._reviews is not None:
            reviews = tuple(self._reviews())
            if reviews and self._compare_button is None:
                self._compare_button = self._new_compare_button()
            if self._compare_button is not None:
                self._compare_button.layout.display = "" if reviews else "none"
            if reviews != self._shown_reviews:
                self._shown_reviews = reviews
                if "comparison" in self._parts:
                    self._parts["comparison"].value = ""
                self._comparison_text = ""
        self._draw_danger()

    def _new_compare_button(self) -> widgets.Button:
        button = widgets.Button(
            description=_("Compare my plan with the coach's"),
            tooltip=_("The engine scores your program and the coach's best one for the same dice"),
            layout=widgets.Layout(width="auto"),
        )
        button.add_class("asteroyds-compare")
        button.on_click(lambda _b: self._safely(self.compare_reviews))
        self._row.children = (*self._row.children, button)
        return button

    def forget_plan(self) -> None:
        """Hide the ghost, the sentences and the comparison (the question changed)."""
        self.plan.clear()
        if self._drawn_path and self._board.path == self._drawn_path:  # still ours: take it away
            self._board.show_path(())
        self._drawn_path = ()
        for chart in self._ghosted:
            chart.show_ghost(None)
        self._ghosted = []
        for name in ("explanation", "comparison", "error"):
            if name in self._parts:
                self._parts[name].value = ""
        self._comparison_text = ""

    def _on_toggle(self, change: dict[str, Any]) -> None:
        on = bool(change["new"])
        if on != self.danger.on:  # switched on: a hint (the map is computed then)
            self._safely(lambda: self._thinking("danger-map" if on else None, lambda: self.danger.switch(on)))

    # --- drawing ------------------------------------------------------------------------
    def _draw_danger(self) -> None:
        if self._toggle.value != self.danger.on:
            self._toggle.value = self.danger.on
        if self.danger.on and self.danger.state is not None:
            key = (id(self.danger.danger), id(self.danger.state))
            if key != self._danger_drawn:  # a click that changes nothing here sends nothing
                self._board.show_danger(self.danger.counts, self.danger.rolls, self.danger.legend())
                self._danger_drawn = key
        elif self._danger_drawn:
            self._board.clear_danger()
            self._danger_drawn = None

    def _part(self, name: str) -> widgets.HTML:
        """An HTML area of the panel, made the first time something is shown in it."""
        if name not in self._parts:
            part = widgets.HTML()
            part.add_class(f"asteroyds-coach-{name}")
            self._parts[name] = part
            self.children = (*self.children, part)
        return self._parts[name]

    def _safely(self, action: Callable[[], object]) -> None:
        if "error" in self._parts:
            self._parts["error"].value = ""
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._part("error").value = theme.error_html(exc)


def _key(q: Question) -> tuple[int, Any, str]:
    return (id(q.state), q.dice, q.player)


__all__ = ["CoachPanel"]
