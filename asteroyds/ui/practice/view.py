"""The practice page: pick a level, answer on the board (or on the status chart), see why.

A thin view over :class:`~.session.PracticeSession`: the board of the drill
(no arrows: reading the dice is the skill practised) as a clickable picture
(:class:`~asteroyds.ui.board.clickable.ClickableBoardPicture`: the page opens
without a bqplot figure; level 5's status chart is imported when shown), the pieces asked about
outlined, the verdict at once, *Show me why* playing the real asteroid phase
on a rule board with the priority inspector beside it, and the learner's
record kept in the browser (:class:`~asteroyds.ui.share.browser_store.BrowserStore`).

CSS classes for browser tests: ``asteroyds-practice`` (the page),
``asteroyds-practice-level`` (the level buttons), ``asteroyds-practice-new``,
``asteroyds-practice-question`` (``data-level``, ``data-seed``, ``data-asking``),
``asteroyds-practice-record`` (``data-streak``), ``asteroyds-practice-stars`` (each level's
stars and *mastered*, :func:`~asteroyds.ui.share.progress_map.levels_html`), ``asteroyds-practice-next-level``
(shown once the level on show is mastered), ``asteroyds-practice-fly``,
``asteroyds-practice-why``; the verdict is an ``asteroyds-feedback`` with ``data-correct``; a wrong
answer's space is the board's ``data-wrong`` (crossed on the board) and the verdict names the likely
mistake (:mod:`asteroyds.drills.mistakes`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...drills import PLAN
from ...drills import generate as engine_drill
from ...i18n import _
from ..board.clickable import ClickableBoardPicture
from ..share.browser_store import BrowserStore
from ..share.closing import close_tree
from ..share.markup import tag
from ..share.plan_layout import PlanLayout
from ..share.progress import mastered, next_level
from ..share.progress_map import CSS as PROGRESS_CSS
from ..share.progress_map import levels_html
from ..teach.exercises import feedback_html
from ..theme import sheet
from .session import LEVELS, Generate, PracticeSession
from .why import BoardCursor, InspectedRuleBoard, SafeActions, explanation_html, question_html, why_board

if TYPE_CHECKING:  # imported when level 5 is shown: a page opened on levels 1-4 imports no bqplot
    from ..chart.status.view import StatusChart

STORE_KEY = "practice"
CSS = sheet("practice")


class PracticePage(SafeActions, widgets.VBox):
    """The whole practice page (see the module's docstring)."""

    def __init__(self, generate: Generate | None = None, level: int = 1) -> None:
        super().__init__()
        self.session = PracticeSession(generate or engine_drill, level)
        self._suggested: int | None = None
        self.store = BrowserStore(STORE_KEY)
        self.store.on_restore(self._restored)
        self._levels = widgets.ToggleButtons(
            options=[(f"{n} · {_(name)}", n) for n, name in LEVELS.items()],
            value=level,
            description="",
            style={"button_width": "auto"},
        )
        self._levels.add_class("asteroyds-practice-level")
        self._levels.observe(
            lambda change: self._safely(lambda: self.new_drill(change["new"])), names="value"
        )
        self._new = self._button(_("New drill"), "asteroyds-practice-new", lambda: self.new_drill())
        self._record = widgets.HTML()
        self._record.add_class("asteroyds-practice-record")
        self._stars = widgets.HTML()
        self._stars.add_class("asteroyds-practice-stars")
        self._next_level = self._button("", "asteroyds-practice-next-level", self._to_next_level)
        self._next_level.button_style = "primary"
        self._next_level.layout.display = "none"
        self._question = widgets.HTML()
        self._question.add_class("asteroyds-practice-question")
        self._verdict = widgets.HTML()
        self._error = widgets.HTML()
        self._why_button = self._button(_("Show me why"), "asteroyds-practice-why", self.show_why)
        self._fly = self._button(_("Fly it"), "asteroyds-practice-fly", self.fly)
        self._back = self._button(_("Back to the question"), "asteroyds-practice-back", self.back_to_question)
        self._back.layout.display = "none"
        self._board_box = widgets.Box()
        self._chart_box = widgets.Box()
        self._inspector_box = widgets.Box()
        self.board: ClickableBoardPicture | None = None
        self.chart: StatusChart | None = None
        self.why_board: InspectedRuleBoard | None = None
        self.inspector: Any = None  # the why board's PriorityInspector
        buttons = widgets.HBox([self._why_button, self._back], layout=widgets.Layout(grid_gap="8px"))
        self._side = widgets.VBox(
            [
                self._question,
                self._chart_box,
                self._fly,
                self._verdict,
                buttons,
                self._error,
                self._inspector_box,
            ]
        )
        self._side.add_class("asteroyds-practice-side")
        # the board and the side (the question, level 5's chart) on one screen (PlanLayout)
        self._plan = PlanLayout(self._board_box, [self._side])
        self.children = [
            widgets.HTML(CSS + PROGRESS_CSS),
            self.store,
            widgets.HBox([self._levels], layout=widgets.Layout(flex_flow="row wrap")),
            self._stars,
            widgets.HBox(
                [self._new, self._record, self._next_level],
                layout=widgets.Layout(align_items="center", grid_gap="10px", flex_flow="row wrap"),
            ),
            self._plan,
        ]
        self.add_class("asteroyds-practice")
        self.new_drill(level)

    # --- actions (the widgets call these; tests may too) ---------------------------------------
    def new_drill(self, level: int | None = None) -> None:
        """The next drill of ``level`` (or of the level on show)."""
        self._clear_why()
        self.session.new_drill(level)
        if self._levels.value != self.session.level:
            self._levels.value = self.session.level
        self._draw_drill()

    def click(self, cell: tuple[int, int]) -> None:
        """A click on the board (levels 1-4)."""
        self._safely(lambda: self.session.answer_cell(cell))
        self._after_answer()

    def fly(self) -> None:
        """Level 5: fly the program on the chart."""
        if self.chart is None:
            return
        chart = self.chart
        self._safely(lambda: self.session.answer_program(chart.program))
        self._after_answer()

    def show_why(self) -> None:
        """Play the real asteroid phase (level 5: and the flight) on a rule board with the inspector."""
        why = why_board(self.session)
        self._clear_why()
        self.why_board, self.inspector = why, why.inspector
        self._board_box.children = [why]
        self._plan.follow(None)  # a rule board keeps its own size
        self._inspector_box.children = [why.inspector]
        self._back.layout.display = ""
        coordinates = self.board is not None and bool(self.board.coordinates)
        self._verdict.value = explanation_html(self.session, coordinates)
        why.play(0)

    def back_to_question(self) -> None:
        """The drill's own board again (to answer it after seeing why)."""
        self._clear_why()

    # --- drawing -----------------------------------------------------------------------------
    def _draw_drill(self) -> None:
        session = self.session
        assert session.state is not None
        drill = session.drill
        assert drill is not None
        plan = drill.kind == PLAN
        if self.board is None:
            # a picture whose spaces are buttons: the page opens without a bqplot figure (issue 34)
            self.board = ClickableBoardPicture(session.state, size="compact")
            self.board.on_hex_click(lambda cell: self.click(cell))
            self._board_box.children = [self.board]
        with self.board.hold():  # the new state, its outlines and its wrong space: one redraw
            self.board.update(session.state)
            self._outline()
        self.board.clickable = not plan  # level 5: the board is only watched, the plan is on the chart
        if self.chart is not None:
            close_tree(self.chart)
            self.chart = None
        if plan:
            from ..chart.status.view import StatusChart  # bqplot: only for a plan (see the imports)

            craft = session.state.craft(str(drill.player))
            self.chart = StatusChart(craft, session.state.mode, rules=session.state.rules)
            self._chart_box.children = [self.chart]
        else:
            self._chart_box.children = []
        self._fly.layout.display = "" if plan else "none"
        self._verdict.value = ""
        self._error.value = ""
        self._draw_question()
        self._draw_record()

    def _draw_question(self) -> None:
        self._question.value = question_html(self.session)

    def _draw_record(self) -> None:
        record = self.session.record
        right, tried = record.levels.get(str(self.session.level), [0, 0])
        text = _(
            "Streak {streak} (best {best}) · level {level}: {right} of {tried} right at the first try",
            streak=record.streak, best=record.best, level=self.session.level, right=right, tried=tried,
        )  # fmt: skip
        self._record.value = str(tag("span", text, class_="asteroyds-caption", data_streak=record.streak))
        self._stars.value = str(levels_html(record.best_runs))
        level = self.session.level
        suggested = next_level(list(LEVELS), record.best_runs, level)
        if mastered(record.best_runs.get(str(level), 0)) and suggested is not None:
            said = _("Level {level} mastered: try level {next}", level=level, next=suggested)
            self._next_level.description = said
            self._next_level.tooltip = _(LEVELS[suggested])
            self._next_level.layout.display = ""
            self._suggested = suggested
        else:
            self._next_level.layout.display = "none"
            self._suggested = None

    def _to_next_level(self) -> None:
        if self._suggested is not None:
            self.new_drill(self._suggested)

    def _outline(self) -> None:
        session = self.session
        assert self.board is not None and session.state is not None
        cells = [p.cell for p in session.state.pieces if p.id in (session.asking,)]
        with self.board.hold():  # one redraw of the picture
            self.board.highlight(cells + list(session.found))
            wrong = [] if session.wrong is None else [session.wrong]
            self.board.mark_wrong(wrong)  # the wrong answer's space, crossed

    def _after_answer(self) -> None:
        self._verdict.value = feedback_html(self.session.feedback)
        self._outline()
        self._draw_question()
        self._draw_record()
        self.store.save(self.session.record.to_json())

    def _restored(self, data: Mapping[str, Any]) -> None:
        self.session.restore(data)
        self._draw_record()

    def _clear_why(self) -> None:
        if self.why_board is not None:
            close_tree(self.why_board)
            if self.inspector is not None:
                close_tree(self.inspector)
            self._inspector_box.children = []
            self._board_box.children = [self.board] if self.board is not None else []
            self._plan.follow(None)  # a picture keeps its own aspect (and its widest fits the screen)
        self.why_board, self.inspector = None, None
        self._back.layout.display = "none"


__all__ = ["BoardCursor", "InspectedRuleBoard", "PracticePage"]
