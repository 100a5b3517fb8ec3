"""A chapter page's exercises, remembered in the browser: each answer is kept, and shown again on a reload.

A thin layer over :class:`~asteroyds.ui.share.progress.Progress` (the record
and its rules) and :class:`~asteroyds.ui.share.browser_store.BrowserStore`
(the browser's ``localStorage``). A kernel serves one page, so one
:class:`PageProgress` per kernel (:func:`page_progress`) numbers the page's
exercises in the order they are built, those of a section built when the learner opens it
(:class:`~asteroyds.ui.share.lazy.LazySection`) by the section's number: the
exercises of section 2 are 200, 201…, whichever section is opened first. Every exercise view
(``asteroyds.ui.teach.exercises``) carries an :class:`ExerciseSlot`: a note
for an answer given on an earlier visit, and the page's store and page name.
A chapter's closing drill set (``asteroyds.ui.practice.drill_set``) carries a
:class:`DrillSetSlot`: its drills answered on an earlier visit come back, and
the set goes on from the first drill not yet answered.

The kernel does not know which notebook it runs (a pre-heated kernel ran it
before any page asked for it), the page does: the app's page template puts
the page's file name in the hidden ``.asteroyds-page-inbox`` (part 7 of
``asteroyds/serve/template/index.html.j2``). Until it does (and in
JupyterLab, where nobody does) answers are kept in the kernel only.

Answers given before the browser's record arrives are replayed on it, so a
late restore never loses them. CSS classes for browser tests:
``asteroyds-exercise-remembered`` (``data-first-try``, ``data-right``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

import ipywidgets as widgets

from ...i18n import _
from .browser_store import BrowserStore
from .lazy import building_section
from .markup import tag
from .progress import KEY, Answer, Progress, page_of


class _Answerable(Protocol):
    """What a slot needs of its exercise view: its verdict in this visit, None before any answer."""

    last: Any


class _DrillSetView(Protocol):
    """What a slot needs of a drill set's view: to take the results kept by the browser."""

    def restore_results(self, results: list[bool | None]) -> None: ...


class PageProgress:
    """The page's exercises and the record they feed (one per kernel: :func:`page_progress`)."""

    def __init__(self) -> None:
        self.progress = Progress()
        self.page: str | None = None
        self.store = BrowserStore(KEY)
        self.store.on_restore(self._restored)
        self.page_inbox = widgets.Text(value="", description="", continuous_update=True)
        self.page_inbox.add_class("asteroyds-page-inbox")
        self.page_inbox.layout.display = "none"
        self.page_inbox.observe(lambda change: self.set_page(str(change["new"])), names="value")
        self.slots: list[ExerciseSlot] = []
        self.drill_slots: list[DrillSetSlot] = []
        self._events: list[tuple[int, bool, bool]] = []  # this visit's (index, correct, revealed)
        self._drill_events: list[tuple[int, int, bool, int]] = []  # (set, drill, first try, size)

    def register(self, view: _Answerable) -> ExerciseSlot:
        """A new exercise of the page: it takes the next number (0, 1, …; in section 2: 200, 201, …)."""
        slot = ExerciseSlot(self, view, _next_number([s.index for s in self.slots], 100))
        self.slots.append(slot)
        slot.draw()  # an exercise built after the record arrived (a section built late) shows it at once
        return slot

    def register_drills(self, view: _DrillSetView) -> DrillSetSlot:
        """A new drill set of the page: it takes the next number (0, 1, …; in section 2: 20, 21, …)."""
        slot = DrillSetSlot(self, view, _next_number([s.index for s in self.drill_slots], 10))
        self.drill_slots.append(slot)
        return slot  # its view takes the record once it is built (DrillSet calls restore)

    def record_drill(self, set_index: int, index: int, first_try: bool, size: int) -> None:
        self._drill_events.append((set_index, index, first_try, size))
        if self.page is not None:
            self.progress.drill(self.page, set_index, index, first_try, size)
            self._save()

    def set_page(self, address: str) -> None:
        """The page's file name (or address), told by the browser."""
        page = page_of(address)
        if page is None or page == self.page:
            return
        self.page = page
        self._replay(save=bool(self._events or self._drill_events))

    def record(self, index: int, correct: bool, revealed: bool = False) -> None:
        self._events.append((index, correct, revealed))
        if self.page is not None:
            if correct or not revealed:
                self.progress.answer(self.page, index, correct, revealed=revealed)
            else:
                self.progress.reveal(self.page, index)
            self._save()

    def remembered(self, index: int) -> Answer | None:
        return None if self.page is None else self.progress.of(self.page, index)

    def _restored(self, data: Mapping[str, Any]) -> None:
        self.progress = Progress.from_json(data)
        self._replay(save=bool(self._events or self._drill_events))

    def _replay(self, save: bool) -> None:
        if self.page is None:
            return
        for index, correct, revealed in self._events:
            if correct or not revealed:
                self.progress.answer(self.page, index, correct, revealed=revealed)
            else:
                self.progress.reveal(self.page, index)
        for set_index, index, first_try, size in self._drill_events:
            self.progress.drill(self.page, set_index, index, first_try, size)
        if save:
            self._save()
        for slot in self.slots:
            slot.draw()
        for drill_slot in self.drill_slots:
            drill_slot.restore()

    def _save(self) -> None:
        self.store.save(self.progress.to_json())


_THIS_PAGE: PageProgress | None = None


def _next_number(taken: list[int], block: int) -> int:
    """The next number in the block of the section being built (``block`` numbers a section)."""
    start = building_section() * block
    return start + sum(start <= number < start + block for number in taken)


def page_progress() -> PageProgress:
    """This kernel's page (made on first use: a page with no exercise builds none)."""
    global _THIS_PAGE
    if _THIS_PAGE is None:
        _THIS_PAGE = PageProgress()
    return _THIS_PAGE


class ExerciseSlot(widgets.VBox):
    """An exercise's part of the record: its number, its note from an earlier visit, the page's store."""

    def __init__(self, page: PageProgress, view: _Answerable, index: int) -> None:
        self._page = page
        self._view = view
        self.index = index
        self._note = widgets.HTML("")
        # the page's store and name box ride along (hidden); the page template finds them wherever they are
        super().__init__([self._note, page.store, page.page_inbox])
        self.add_class("asteroyds-exercise-progress")

    def answered(self, correct: bool) -> None:
        """The exercise's view judged an answer (its ``_show``)."""
        self._page.record(self.index, correct)
        self.draw()

    def revealed(self) -> None:
        """The learner asked for the solution: no first try after this."""
        self._page.record(self.index, False, revealed=True)

    def draw(self) -> None:
        kept = self._page.remembered(self.index)
        answered_now = getattr(self._view, "last", None) is not None  # this visit's verdict shows instead
        if kept is None or answered_now:
            self._note.value = ""
            return
        if kept.right and kept.first_try:
            text = _("✔ Done on an earlier visit: right at the first try.")
        elif kept.right:
            text = _("✔ Done on an earlier visit: right after another try.")
        else:
            text = _("Tried on an earlier visit, not yet right.")
        self._note.value = str(
            tag(
                "div",
                text,
                class_="asteroyds-exercise-remembered asteroyds-caption",
                data_first_try=str(kept.first_try).lower(),
                data_right=str(kept.right).lower(),
            )
        )


class DrillSetSlot(widgets.VBox):
    """A drill set's part of the record: its number, the page's store (hidden)."""

    def __init__(self, page: PageProgress, view: _DrillSetView, index: int) -> None:
        self._page = page
        self._view = view
        self.index = index
        super().__init__([page.store, page.page_inbox])
        self.layout.display = "none"

    def answered(self, drill: int, first_try: bool, size: int) -> None:
        """The set's ``drill`` had its first answer."""
        self._page.record_drill(self.index, drill, first_try, size)

    def restore(self) -> None:
        if self._page.page is not None:
            self._view.restore_results(self._page.progress.drill_results(self._page.page, self.index))


__all__ = ["DrillSetSlot", "ExerciseSlot", "PageProgress", "page_progress"]
