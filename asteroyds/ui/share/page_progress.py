"""A chapter page's exercises, remembered in the browser: each answer is kept, and shown again on a reload.

A thin layer over :class:`~asteroyds.ui.share.progress.Progress` (the record
and its rules) and :class:`~asteroyds.ui.share.browser_store.BrowserStore`
(the browser's ``localStorage``). A kernel serves one page, so one
:class:`PageProgress` per kernel (:func:`page_progress`) numbers the page's
exercises in the order they are built. Every exercise view
(``asteroyds.ui.teach.exercises``) carries an :class:`ExerciseSlot`: a note
for an answer given on an earlier visit, and the page's store and page name.

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
from .markup import tag
from .progress import KEY, Answer, Progress, page_of


class _Answerable(Protocol):
    """What a slot needs of its exercise view: its verdict in this visit, None before any answer."""

    last: Any


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
        self._events: list[tuple[int, bool, bool]] = []  # this visit's (index, correct, revealed)

    def register(self, view: _Answerable) -> ExerciseSlot:
        """A new exercise of the page: it takes the next number (0, 1, …)."""
        slot = ExerciseSlot(self, view, len(self.slots))
        self.slots.append(slot)
        return slot

    def set_page(self, address: str) -> None:
        """The page's file name (or address), told by the browser."""
        page = page_of(address)
        if page is None or page == self.page:
            return
        self.page = page
        self._replay(save=bool(self._events))

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
        self._replay(save=bool(self._events))

    def _replay(self, save: bool) -> None:
        if self.page is None:
            return
        for index, correct, revealed in self._events:
            if correct or not revealed:
                self.progress.answer(self.page, index, correct, revealed=revealed)
            else:
                self.progress.reveal(self.page, index)
        if save:
            self._save()
        for slot in self.slots:
            slot.draw()

    def _save(self) -> None:
        self.store.save(self.progress.to_json())


_THIS_PAGE: PageProgress | None = None


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
        if kept is None or self._view.last is not None:  # an answer in this visit shows its own verdict
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


__all__ = ["ExerciseSlot", "PageProgress", "page_progress"]
