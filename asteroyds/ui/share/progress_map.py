"""The welcome page's map of the course: each chapter with its stars, *Continue where you left off*, practice
levels, and *Reset my progress*.

A thin view over :class:`~asteroyds.ui.share.progress.Progress` (the rules:
done, stars, which chapter to continue) and two browser stores, the chapters'
(``progress``) and the practice page's (``practice``), both read from the
learner's browser when the page appears (nothing leaves it). The chapters and
their order are the welcome page's table (:func:`~asteroyds.ui.share.learning_path.course`),
each chapter's exercises counted in its own notebook
(:func:`~asteroyds.ui.share.progress.exercise_count`).

CSS classes for browser tests: ``asteroyds-progress-map`` (the widget),
``asteroyds-progress-chapter`` (``data-chapter``, ``data-stars``, ``data-done``),
``asteroyds-progress-continue`` (a link, ``data-chapter``), ``asteroyds-progress-level``
(``data-level``, ``data-stars``, ``data-mastered``), ``asteroyds-progress-reset``,
``asteroyds-progress-confirm``, ``asteroyds-progress-cancel``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from ...i18n import _, ngettext
from ..theme import sheet
from .browser_store import BrowserStore
from .learning_path import WELCOME, course, heading
from .markup import Markup, join, tag
from .progress import KEY, MAX_STARS, Progress, exercise_count, level_stars, mastered, star_text

PRACTICE_KEY = "practice"  # the practice page's store (asteroyds/ui/practice/view.py)
PRACTICE_LEVELS = (1, 2, 3, 4, 5)
EMPTY_PRACTICE: dict[str, Any] = {"streak": 0, "best": 0, "levels": {}, "seeds": {}}
CSS = sheet("progress")


def stars_html(stars: int, out_of: int = MAX_STARS) -> Markup:
    """Stars with words for a screen reader ("2 stars of 3")."""
    said = _("{stars} stars of {out_of}", stars=stars, out_of=out_of)
    return tag("span", star_text(stars, out_of), class_="asteroyds-stars", role="img", aria_label=said)


def levels_html(best_runs: Mapping[str, int]) -> Markup:
    """Each practice level's stars, and *mastered* (the practice page and the welcome page show it)."""
    items = []
    for level in PRACTICE_LEVELS:
        run = best_runs.get(str(level), 0)
        label = _("level {level}", level=level)
        parts: list[object] = [label, " ", stars_html(level_stars(run))]
        if mastered(run):
            parts += [" ", tag("b", _("mastered"))]
        items.append(
            tag(
                "li",
                *parts,
                class_="asteroyds-progress-level",
                data_level=level,
                data_stars=level_stars(run),
                data_mastered=str(mastered(run)).lower(),
            )
        )
    return tag("ul", *items, class_="asteroyds-progress-levels")


class ProgressMap(widgets.VBox):
    """The course's map on the welcome page (see the module's docstring)."""

    def __init__(self, folder: Path | str = ".") -> None:
        super().__init__()
        self.folder = Path(folder)
        self.chapters = [name for name in course(self.folder) if name != WELCOME]
        self.pages = [name[: -len(".ipynb")] for name in self.chapters]
        pairs = list(zip(self.pages, self.chapters, strict=True))
        self.totals = {page: exercise_count(self.folder / name) for page, name in pairs}
        self.titles = {page: heading(self.folder, name) for page, name in pairs}
        self.progress = Progress()
        self.practice: dict[str, Any] = {}
        self.store = BrowserStore(KEY)
        self.store.on_restore(self._restored)
        self.practice_store = BrowserStore(PRACTICE_KEY)
        self.practice_store.on_restore(self._practice_restored)
        self._map = widgets.HTML()
        self._map.add_class("asteroyds-progress-body")
        self._reset = widgets.Button(
            description=_("Reset my progress"), layout=widgets.Layout(width="auto", align_self="flex-start")
        )
        self._reset.add_class("asteroyds-progress-reset")
        self._reset.on_click(lambda _b: self.ask_reset())
        asked = _("Forget every star and the practice record in this browser?")
        self._question = widgets.HTML(tag("span", asked))
        self._confirm = widgets.Button(
            description=_("Yes, forget them"), button_style="danger", layout=widgets.Layout(width="auto")
        )
        self._confirm.add_class("asteroyds-progress-confirm")
        self._confirm.on_click(lambda _b: self.reset())
        self._cancel = widgets.Button(description=_("Cancel"), layout=widgets.Layout(width="auto"))
        self._cancel.add_class("asteroyds-progress-cancel")
        self._cancel.on_click(lambda _b: self._asking(False))
        self._ask = widgets.HBox(
            [self._question, self._confirm, self._cancel],
            layout=widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="8px"),
        )
        self._asking(False)
        stores = [self.store, self.practice_store]
        self.children = [widgets.HTML(CSS), *stores, self._map, self._reset, self._ask]
        self.add_class("asteroyds-progress-map")
        self.draw()

    # --- actions -----------------------------------------------------------------------------
    def ask_reset(self) -> None:
        """*Reset my progress* asks first."""
        self._asking(True)

    def reset(self) -> None:
        """Forget the chapters' record and the practice record, here and in the browser."""
        self.progress = Progress()
        self.practice = dict(EMPTY_PRACTICE)
        self.store.save(self.progress.to_json())
        self.practice_store.save(self.practice)
        self._asking(False)
        self.draw()

    # --- drawing -----------------------------------------------------------------------------
    def continue_to(self) -> str | None:
        return self.progress.continue_to(self.pages, self.totals)

    def draw(self) -> None:
        rows = []
        for page, name in zip(self.pages, self.chapters, strict=True):
            number, title = self.titles[page]
            total = self.totals[page]
            stars = self.progress.stars(page, total)
            done = self.progress.done(page, total)
            right = sum(a.right for i, a in self.progress.chapters.get(page, {}).items() if i < total)
            if done or page not in self.progress.chapters:
                state: object = stars_html(stars)
            else:
                state = ngettext(
                    "{right} of {n} exercise right",
                    "{right} of {n} exercises right",
                    total,
                    right=right,
                    n=total,
                )
            rows.append(
                tag(
                    "li",
                    tag("a", f"{number} · {title}", href=name),
                    " ",
                    tag("span", state, class_="asteroyds-progress-state"),
                    class_="asteroyds-progress-chapter",
                    data_chapter=page,
                    data_stars=stars,
                    data_done=str(done).lower(),
                )
            )
        parts: list[object] = [
            self._continue_html(),
            tag("ol", *rows, class_="asteroyds-progress-chapters"),
        ]
        runs = self.practice.get("best_runs")
        if isinstance(runs, Mapping) and runs:
            parts += [tag("p", _("Practice:"), class_="asteroyds-progress-practice"), levels_html(runs)]
        parts.append(tag("p", _("Your progress is kept in this browser only."), class_="asteroyds-caption"))
        self._map.value = str(join(*parts))

    def _continue_html(self) -> Markup:
        page = self.continue_to()
        if page is None:
            return tag("p", _("Every chapter done. Well flown!"), class_="asteroyds-progress-continue-none")
        number, title = self.titles[page]
        chapter = _("chapter {number} — {title}", number=number, title=title)
        if self.progress.chapters:
            words = _("Continue where you left off: {chapter}", chapter=chapter)
        else:
            words = _("Start here: {chapter}", chapter=chapter)
        return tag(
            "p",
            tag(
                "a",
                words,
                href=page + ".ipynb",
                class_="asteroyds-progress-continue",
                data_chapter=page,
            ),
        )

    def _asking(self, asking: bool) -> None:
        self._ask.layout.display = "" if asking else "none"
        self._reset.layout.display = "none" if asking else ""

    def _restored(self, data: Mapping[str, Any]) -> None:
        self.progress = Progress.from_json(data)
        self.draw()

    def _practice_restored(self, data: Mapping[str, Any]) -> None:
        runs = data.get("best_runs")  # the browser's text: only small counts of known levels are taken
        runs = runs if isinstance(runs, Mapping) else {}
        found = {str(level): runs.get(str(level)) for level in PRACTICE_LEVELS}
        kept = {level: run for level, run in found.items() if isinstance(run, int) and 0 < run < 10**9}
        self.practice = {**data, "best_runs": kept}
        self.draw()


def progress_map(folder: Path | str = ".") -> ProgressMap:
    """The welcome page's map (a notebook cell's one call: the folder is the page's own)."""
    return ProgressMap(folder)


__all__ = ["ProgressMap", "levels_html", "progress_map", "stars_html"]
