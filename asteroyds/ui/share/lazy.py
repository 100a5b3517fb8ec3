"""A section of a page whose widgets are built when the learner opens it.

Why: a page opens only once the browser has made every widget its cells built,
shown or not. An exercise at the bottom of a chapter (an interactive board and
a status chart: some 260 widgets, and bqplot's import in the kernel) made the
whole chapter open twice as slowly as a page of one button, for a part the
learner reaches minutes later. A :class:`LazySection` shows its heading and one
button (*Open the exercise*); the first press builds the part (``build()``) and
shows it in place of the button, for good: the part then lives as if its cell
had built it. A builder that fails shows the error in the section, never a
traceback in Voila, and the button stays to try again.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from contextvars import ContextVar

import ipywidgets as widgets

from ...i18n import _
from ..theme import error_html
from .markup import tag

# Sections are numbered in the order the page makes them (its cells run top to bottom, the same at
# every visit), so what a section builds can be told apart from what another builds, whichever the
# learner opens first: a page's exercises keep their numbers (``page_progress``) across visits.
_NUMBERS = itertools.count(1)
_BUILDING: ContextVar[int] = ContextVar("asteroyds_lazy_section", default=0)


def building_section() -> int:
    """The number of the section whose part is being built now; 0 outside any (a cell's own widgets)."""
    return _BUILDING.get()


class LazySection(widgets.VBox):
    """``build()`` made on the first press of *``label``* (or :meth:`open_part`), shown instead of it.

    ``title`` is a line above the button, kept once the part is open (say what the part is).
    A section whose part holds no exercise (a demonstration, a tool) is made with ``numbered=False``:
    it takes no number (0, as a cell's own widgets), so closing a part of a page never renumbers
    the exercises of the sections after it, by which a learner's saved progress is read.
    ``preview`` is shown above the button while the section is closed and gives way to the part
    (a board's picture, until the learner opens the board they click).
    """

    def __init__(
        self,
        build: Callable[[], widgets.Widget],
        label: str = "",
        *,
        title: str = "",
        numbered: bool = True,
        preview: widgets.Widget | None = None,
    ) -> None:
        self._build = build
        self.number = next(_NUMBERS) if numbered else 0
        self._part: widgets.Widget | None = None
        self._heading = [widgets.HTML(tag("div", title, class_="asteroyds-lazy-title"))] if title else []
        self._label = label or _("Open the exercise")
        # as wide as its words (a French label is longer than the default button: cut on a phone)
        self._button = widgets.Button(
            description=self._label,
            button_style="primary",
            layout=widgets.Layout(width="auto", max_width="100%", align_self="flex-start"),
        )
        self._button.add_class("asteroyds-lazy-open")
        self._button.on_click(lambda _b: self.open_part())
        self._error = widgets.HTML("")
        self._preview = [preview] if preview is not None else []
        super().__init__([*self._heading, *self._preview, self._button, self._error])
        self.add_class("asteroyds-lazy")

    @property
    def part(self) -> widgets.Widget | None:
        """The part once built (None while the section is closed)."""
        return self._part

    def open_part(self) -> widgets.Widget | None:
        """Build the part if it is not yet built and show it; returns it (None if the builder failed)."""
        if self._part is None:
            self._button.disabled = True  # a second click while it builds must not build it twice
            self._button.description = _("Opening…")  # sent at once: the build may take a second
            label = self._label
            building = _BUILDING.set(self.number)
            try:
                part = self._build()
            except Exception as exc:  # shown in the section, never a traceback in Voila
                self._error.value = error_html(exc)
                self._button.disabled = False
                self._button.description = label
                return None
            finally:
                _BUILDING.reset(building)
            self._part = part
            self._button.close()
            self._error.close()
            for shown in self._preview:
                shown.close()
            self.children = [*self._heading, part]
            self.add_class("asteroyds-lazy-opened")
        return self._part


__all__ = ["LazySection", "building_section"]
