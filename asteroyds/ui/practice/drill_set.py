"""A chapter's closing drills: a short fixed set of the engine's drills, answered one after another.

A chapter ends by making the learner *do* what it taught: three drills of the
practice page (:mod:`asteroyds.drills`, the real board, the engine's answer),
fixed by their level and seed so every learner of a class meets the same
ones. It reuses the practice page's session (:class:`~.session.PracticeSession`:
the answers, the verdicts) and its parts (:mod:`.why`: the dice, *Show me
why* with the priority inspector); what it adds is the order of the set and
the tally at the end. No streak: a chapter's set is a closing check, not the
practice page; its first answers are kept in the browser with the chapter's
exercises (:mod:`asteroyds.ui.share.page_progress`), so a reload goes on from
the first drill not yet answered.

CSS classes for browser tests: ``asteroyds-drill-set`` (the widget),
``asteroyds-drill-set-progress`` (``data-index``, from 1), the question body
of the practice page (``asteroyds-practice-question-body``: ``data-level``,
``data-seed``, ``data-asking``), ``asteroyds-drill-set-why``,
``asteroyds-drill-set-back``, ``asteroyds-drill-set-next``,
``asteroyds-drill-set-tally`` (``data-right``, ``data-total``, once every
drill is answered); the verdict is an ``asteroyds-feedback`` with ``data-correct``.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...drills import END_CELL, Drill
from ...drills import generate as engine_drill
from ...i18n import _, ngettext
from ...state import State
from ..board.view import BoardView
from ..share.closing import close_tree
from ..share.markup import tag
from ..share.page_progress import page_progress
from ..teach.exercises import Feedback, feedback_html
from ..theme import sheet
from .session import Generate, PracticeSession
from .why import InspectedRuleBoard, SafeActions, explanation_html, question_html, why_board

CSS = sheet("practice")


class DrillSetRun:
    """The set's order and score, with no widget (tested directly): which drill is on show, the
    first answer to each, and the tally."""

    def __init__(
        self, levels: Sequence[int], seeds: Sequence[int], generate: Generate = engine_drill
    ) -> None:
        pairs = list(zip(levels, seeds, strict=False))
        if not pairs or len(levels) != len(seeds):
            raise ValueError(
                _(
                    "a drill set needs as many seeds as levels, at least one of each;"
                    " got {levels} levels and {seeds} seeds",
                    levels=len(levels),
                    seeds=len(seeds),
                )
            )
        for level, seed in pairs:
            made = generate(int(level), int(seed))  # a bad level or seed fails here, before anything shows
            if made.kind != END_CELL:
                raise ValueError(
                    _(
                        "a drill set is answered on the board: level {level} is not (levels 1 to 4)",
                        level=level,
                    )
                )
        self.pairs: tuple[tuple[int, int], ...] = tuple((int(lv), int(sd)) for lv, sd in pairs)
        self.session = PracticeSession(generate)
        self.results: list[bool | None] = [None] * len(self.pairs)
        self.index = 0
        self.session.show(*self.pairs[0])

    @property
    def drill(self) -> Drill:
        assert self.session.drill is not None
        return self.session.drill

    @property
    def total(self) -> int:
        return len(self.pairs)

    @property
    def right(self) -> int:
        """Drills right at the first try."""
        return sum(1 for r in self.results if r)

    @property
    def answered(self) -> bool:
        """Has the drill on show had its first answer (the learner may go on)?"""
        return self.results[self.index] is not None

    @property
    def done(self) -> bool:
        """Every drill of the set answered at least once."""
        return all(r is not None for r in self.results)

    @property
    def last(self) -> bool:
        return self.index == self.total - 1

    def answer(self, cell: tuple[int, int]) -> Feedback:
        """A click on the board: the session's verdict; the first answer scores the drill."""
        feedback = self.session.answer_cell(cell)
        if self.results[self.index] is None:
            self.results[self.index] = self.session.first_try
        return feedback

    def restore(self, kept: Sequence[bool | None]) -> bool:
        """Take the first answers kept by the browser (answers of this visit stay); go to the first
        drill not answered. False when nothing changed."""
        merged = [
            now if now is not None else (kept[i] if i < len(kept) else None)
            for i, now in enumerate(self.results)
        ]
        if merged == self.results:
            return False
        self.results = merged
        unanswered = [i for i, r in enumerate(merged) if r is None]
        if self.index not in unanswered or self.session.first_try is not None:
            self.index = unanswered[0] if unanswered else self.total - 1
            self.session.show(*self.pairs[self.index])
        return True

    def next(self) -> Drill:
        """The set's next drill (only once this one is answered)."""
        if not self.answered:
            raise ValueError(_("answer this drill first: click the space where the piece ends"))
        if self.last:
            raise ValueError(_("this was the set's last drill"))
        self.index += 1
        return self.session.show(*self.pairs[self.index])

    def tally(self) -> str:
        """\"2 of 3 right at the first try\", in the page's language."""
        return ngettext(
            "{n} of {total} right at the first try",
            "{n} of {total} right at the first try",
            self.right,
            n=self.right,
            total=self.total,
        )


class DrillSet(SafeActions, widgets.VBox):
    """A chapter's closing drill set (see the module's docstring)."""

    def __init__(
        self, levels: Sequence[int], seeds: Sequence[int], title: str, generate: Generate | None = None
    ) -> None:
        super().__init__()
        self.run = DrillSetRun(levels, seeds, generate or engine_drill)
        self._title = widgets.HTML(str(tag("p", title, class_="asteroyds-drill-set-title")))
        self._progress = widgets.HTML()
        self._question = widgets.HTML()
        self._verdict = widgets.HTML()
        self._error = widgets.HTML()
        self._tally = widgets.HTML()
        self._why_button = self._button(_("Show me why"), "asteroyds-drill-set-why", self.show_why)
        self._back = self._button(
            _("Back to the question"), "asteroyds-drill-set-back", self.back_to_question
        )
        self._next = self._button(_("Next drill"), "asteroyds-drill-set-next", self.next)
        self._board_box = widgets.Box()
        self._inspector_box = widgets.Box()
        self.board = BoardView(self.run.session.state or self.run.drill.state, size="compact")
        self.board.on_hex_click(lambda cell: self.click(cell))
        self._board_box.children = [self.board]
        self.why_board: InspectedRuleBoard | None = None
        buttons = widgets.HBox(
            [self._why_button, self._back, self._next], layout=widgets.Layout(grid_gap="8px")
        )
        side = widgets.VBox(
            [
                self._progress,
                self._question,
                self._verdict,
                buttons,
                self._error,
                self._tally,
                self._inspector_box,
            ]
        )
        side.add_class("asteroyds-practice-side")
        self.children = [
            widgets.HTML(CSS),
            self._title,
            widgets.HBox(
                [self._board_box, side],
                layout=widgets.Layout(flex_flow="row wrap", grid_gap="16px", align_items="flex-start"),
            ),
        ]
        self._kept = page_progress().register_drills(self)  # the first answers, kept in the browser
        self.children = [*self.children, self._kept]
        self.add_class("asteroyds-drill-set")
        self._draw()
        self._kept.restore()  # a set built after the record arrived takes it at once

    # --- actions (the widgets call these; tests may too) ---------------------------------------
    def click(self, cell: tuple[int, int]) -> None:
        """A click on the board: the verdict at once (a click on a solved drill changes nothing)."""
        if self.run.session.solved:
            return
        first = self.run.results[self.run.index] is None
        self._safely(lambda: self.run.answer(cell))
        if first and self.run.results[self.run.index] is not None:
            self._kept.answered(self.run.index, bool(self.run.results[self.run.index]), self.run.total)
        self._verdict.value = feedback_html(self.run.session.feedback)
        self._draw_state()

    def show_why(self) -> None:
        """The real asteroid phase of the drill's dice, stepped with the priority inspector."""
        why = why_board(self.run.session)
        self._clear_why()
        self.why_board = why
        self._board_box.children = [why]
        self._inspector_box.children = [why.inspector]
        self._verdict.value = explanation_html(self.run.session, bool(self.board.coordinates))
        self._draw_state()
        why.play(0)

    def back_to_question(self) -> None:
        """The drill's own board again (to answer it after seeing why)."""
        self._clear_why()
        self._draw_state()

    def next(self) -> None:
        """The set's next drill."""
        self._safely(self.run.next)
        self._draw()

    def restore_results(self, results: list[bool | None]) -> None:
        """The browser's record of this set (a reload): on from the first drill not answered."""
        if self.run.restore(results):
            self._draw()

    # --- drawing -----------------------------------------------------------------------------
    def _draw(self) -> None:
        self._clear_why()
        state: State | None = self.run.session.state
        assert state is not None
        self.board.update(state)
        self._verdict.value = ""
        self._draw_state()

    def _draw_state(self) -> None:
        run = self.run
        session = run.session
        # The question before the progress: a page (or a test) that sees "Drill 2" sees drill 2's question.
        self._question.value = question_html(session)
        self._progress.value = str(
            tag(
                "p",
                _("Drill {index} of {total}", index=run.index + 1, total=run.total),
                class_="asteroyds-caption asteroyds-drill-set-progress",
                data_index=run.index + 1,
            )
        )
        assert session.state is not None
        cells = [p.cell for p in session.state.pieces if p.id == session.asking]
        self.board.highlight(cells + list(session.found))
        self.board.mark_wrong([] if session.wrong is None else [session.wrong])  # the wrong answer's space
        showing_why = self.why_board is not None
        self._back.layout.display = "" if showing_why else "none"
        self._next.layout.display = "" if run.answered and not run.last else "none"
        if run.done:
            self._tally.value = str(
                tag(
                    "p",
                    run.tally(),
                    class_="asteroyds-drill-set-tally",
                    data_right=run.right,
                    data_total=run.total,
                )
            )
        else:
            self._tally.value = ""

    def _clear_why(self) -> None:
        if self.why_board is not None:
            close_tree(self.why_board.inspector)
            close_tree(self.why_board)
        self.why_board = None
        self._inspector_box.children = []
        self._board_box.children = [self.board]


__all__ = ["DrillSet", "DrillSetRun"]
