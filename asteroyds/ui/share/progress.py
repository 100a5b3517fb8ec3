"""A learner's progress through the course, as plain data: a chapter's record, its stars, what comes next.

Everything here stays in the learner's browser (``localStorage``, through
:class:`~asteroyds.ui.share.browser_store.BrowserStore` under the key
:data:`KEY`); nothing leaves it. The English and French pages keep one record:
a chapter is named by its notebook's file name without ``.ipynb``
(``01_board_and_pieces``), the same in ``notebooks/`` and ``notebooks/fr/``,
and an exercise by its order on its page (0, 1, …: the order the chapter
builds them, the order of its cells, the same in both languages).

The decisions where the issue left a choice:

- **An exercise's record** is two flags: *right at the first try* (its first
  answer on this browser was right) and *right* (answered right at some
  point). An answer after *Show the answer* or *Show a solution* still counts
  as right, never as a first try.
- **A chapter is done** when every one of its exercises has been answered right.
- **Stars** (only for a chapter done): ★★★ when every exercise was right at the
  first try, ★★ when at least half were, ★ otherwise.
- **Continue where you left off** opens the chapter the learner last worked in
  when it is not done yet; once it is done, the first chapter after it that is
  not done (then the first not done from the start); chapter 1 for a newcomer.
  Nothing to continue when every chapter is done.
- **Practice**: a level's stars come from its best run of drills right at the
  first try in a row: ★ for 1, ★★ for 3, ★★★ for 5, which is *mastered*. The
  level suggested next is the first one after it not mastered.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

KEY = "progress"  # the browser's localStorage key (``asteroyds:progress``)
VERSION = 1
MAX_STARS = 3
MASTERED = 5  # drills right at the first try in a row that master a practice level
LEVEL_STAR_RUNS = (1, 3, MASTERED)  # the best run that earns each practice star
#: One exercise built in a chapter's code: the exercise classes of ``asteroyds.ui.teach.exercises``.
EXERCISE_CALL = re.compile(r"\b(?:Click|Program|Choice)Exercise\(")
_PAGE = re.compile(r"^[0-9a-z_]{1,60}$")


def page_of(path: str) -> str | None:
    """A page's id from its address or file name (``/voila/render/fr/02_planning.ipynb``: ``02_planning``)."""
    name = path.split("?")[0].split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    name = name[: -len(".ipynb")] if name.endswith(".ipynb") else name
    return name if _PAGE.match(name) else None


@dataclass(frozen=True)
class Answer:
    """One exercise's record: right at the first try, and right at all."""

    first_try: bool
    right: bool


@dataclass
class Progress:
    """Every chapter's exercises (page → exercise index → :class:`Answer`), its closing drill sets
    (page → set index → each drill right at the first try, None before its first answer) and the
    chapter last worked in."""

    chapters: dict[str, dict[int, Answer]] = field(default_factory=dict)
    last: str = ""
    drills: dict[str, dict[int, list[bool | None]]] = field(default_factory=dict)

    # --- recording ---------------------------------------------------------------------------
    def answer(self, page: str, index: int, correct: bool, *, revealed: bool = False) -> Answer:
        """An answer to exercise ``index`` of ``page``: only the first one decides the first try."""
        answers = self.chapters.setdefault(page, {})
        before = answers.get(index)
        if before is None:
            now = Answer(first_try=correct and not revealed, right=correct)
        else:
            now = Answer(first_try=before.first_try, right=before.right or correct)
        answers[index] = now
        self.last = page
        return now

    def reveal(self, page: str, index: int) -> None:
        """The answer was shown before any answer: the exercise can no longer be right at the first try."""
        answers = self.chapters.setdefault(page, {})
        if index not in answers:
            answers[index] = Answer(first_try=False, right=False)
        self.last = page

    def drill(self, page: str, set_index: int, index: int, first_try: bool, size: int) -> None:
        """Drill ``index`` of the page's set ``set_index`` (``size`` drills): its first answer counts."""
        results = self.drills.setdefault(page, {}).setdefault(set_index, [None] * size)
        results.extend([None] * (size - len(results)))
        if 0 <= index < len(results) and results[index] is None:
            results[index] = first_try
        self.last = page

    def drill_results(self, page: str, set_index: int) -> list[bool | None]:
        return list(self.drills.get(page, {}).get(set_index, []))

    def of(self, page: str, index: int) -> Answer | None:
        return self.chapters.get(page, {}).get(index)

    # --- judging -----------------------------------------------------------------------------
    def done(self, page: str, total: int) -> bool:
        """Every exercise of ``page`` (``total`` of them) answered right."""
        return total > 0 and sum(answer.right for answer in self.chapters.get(page, {}).values()) >= total

    def stars(self, page: str, total: int) -> int:
        """0 until the chapter is done; then 3 all at the first try, 2 at least half, else 1."""
        if not self.done(page, total):
            return 0
        first = min(total, sum(answer.first_try for answer in self.chapters[page].values()))
        if first == total:
            return MAX_STARS
        return 2 if 2 * first >= total else 1

    def continue_to(self, course: Sequence[str], totals: Mapping[str, int]) -> str | None:
        """The chapter *Continue where you left off* opens (see the module's docstring); None: all done."""
        if not course:
            return None
        if self.last in course and not self.done(self.last, totals.get(self.last, 0)):
            return self.last
        start = course.index(self.last) + 1 if self.last in course else 0
        for page in [*course[start:], *course[:start]]:
            if not self.done(page, totals.get(page, 0)):
                return page
        return None

    # --- the browser's JSON ------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        chapters = {
            page: {str(i): [int(a.first_try), int(a.right)] for i, a in sorted(answers.items())}
            for page, answers in sorted(self.chapters.items())
        }
        drills = {
            page: {
                str(i): [None if r is None else int(r) for r in results]
                for i, results in sorted(sets.items())
            }
            for page, sets in sorted(self.drills.items())
        }
        return {"v": VERSION, "chapters": chapters, "last": self.last, "drills": drills}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Progress:
        """A record from what the browser kept: anything malformed is dropped, not trusted."""
        progress = cls()
        raw = data.get("chapters")
        if isinstance(raw, Mapping):
            for page, answers in list(raw.items())[:200]:
                if not isinstance(page, str) or not _PAGE.match(page) or not isinstance(answers, Mapping):
                    continue
                kept: dict[int, Answer] = {}
                for index, pair in list(answers.items())[:100]:
                    if not (isinstance(index, str) and index.isdigit() and len(index) < 4):
                        continue
                    if isinstance(pair, list) and len(pair) == 2 and all(v in (0, 1) for v in pair):
                        right = bool(pair[1])
                        kept[int(index)] = Answer(first_try=bool(pair[0]) and right, right=right)
                if kept:
                    progress.chapters[page] = kept
        raw_drills = data.get("drills")
        if isinstance(raw_drills, Mapping):
            for page, sets in list(raw_drills.items())[:200]:
                if not isinstance(page, str) or not _PAGE.match(page) or not isinstance(sets, Mapping):
                    continue
                found = {
                    int(i): [None if r is None else bool(r) for r in results]
                    for i, results in list(sets.items())[:20]
                    if isinstance(i, str)
                    and i.isdigit()
                    and len(i) < 3
                    and isinstance(results, list)
                    and len(results) <= 20
                    and all(r in (None, 0, 1) for r in results)
                }
                if found:
                    progress.drills[page] = found
        last = data.get("last")
        progress.last = last if isinstance(last, str) and _PAGE.match(last) else ""
        return progress


def exercise_count(notebook: Path) -> int:
    """How many exercises a chapter builds: its code cells' calls of an exercise class.

    The welcome page counts them here, from the chapter's own file (the course's
    one source), so a chapter is judged done even before the learner opens it
    again. ``tests/test_progress.py`` checks the count against the exercises
    the chapters really build.
    """
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    code = ("".join(cell["source"]) for cell in cells if cell["cell_type"] == "code")
    return sum(len(EXERCISE_CALL.findall(text)) for text in code)


# --- practice levels --------------------------------------------------------------------------
def level_stars(best_run: int) -> int:
    """A practice level's stars from its best run of first-try rights in a row (1, 3, 5)."""
    return sum(best_run >= need for need in LEVEL_STAR_RUNS)


def mastered(best_run: int) -> bool:
    return best_run >= MASTERED


def next_level(levels: Sequence[int], best_runs: Mapping[str, int], after: int) -> int | None:
    """The level to suggest once ``after`` is mastered: the first after it not mastered, else the first."""
    later = [level for level in levels if level > after] + [level for level in levels if level <= after]
    return next((level for level in later if not mastered(best_runs.get(str(level), 0))), None)


def star_text(stars: int, out_of: int = MAX_STARS) -> str:
    """Stars as the learner sees them: filled then empty (★★☆)."""
    return "★" * stars + "☆" * (out_of - stars)


__all__ = [
    "KEY",
    "MASTERED",
    "Answer",
    "Progress",
    "exercise_count",
    "level_stars",
    "mastered",
    "next_level",
    "page_of",
    "star_text",
]
