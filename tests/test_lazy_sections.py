"""What a page builds only when the learner opens it is built, and works, here.

nbval runs a chapter's cells, but a closed section (:class:`~asteroyds.ui.share.lazy.LazySection`)
builds its exercise or drills only on the learner's press, so nothing else would catch a broken
builder before a learner pressed *Open the exercise*. Each page's code cells run here as its kernel
would run them; then every section the page made is opened, and every exercise in it that offers
*Show me why* is answered wrong and asked why: each must build without an error.
"""

from __future__ import annotations

import json
from pathlib import Path

import ipywidgets as widgets
import pytest

from asteroyds.ui.share import lazy
from asteroyds.ui.teach.exercises import ClickExercise

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PAGES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if "LazySection" in p.read_text(encoding="utf-8"))

pytestmark = pytest.mark.slow  # each runs a whole page's cells, as nbval does


def _walk(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


@pytest.mark.parametrize("name", PAGES)
def test_every_closed_section_opens_and_every_why_plays(name, monkeypatch):
    made: list[lazy.LazySection] = []
    init = lazy.LazySection.__init__

    def recorded(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(lazy.LazySection, "__init__", recorded)
    cells = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__main__"}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), f"{name}[{cell['id']}]", "exec"), namespace)
    assert made, f"{name} makes no closed section"
    asked = 0
    for section in made:
        part = section.open_part()
        assert part is not None, f"{name}: a section failed to build: {section._error.value}"
        for exercise in (w for w in _walk(part) if isinstance(w, ClickExercise) and w._why is not None):
            wrong = next(c for c in exercise.board.state.board.cells if c not in exercise.question.answers)
            exercise.answer(wrong)
            assert exercise._why_button.layout.display != "none"  # offered once answered
            shown = exercise.show_why()
            assert shown is not None and "asteroyds-error" not in exercise._feedback.value, name
            asked += 1
    with_why = "why=" in (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert (asked > 0) == with_why, f"{name}: {asked} exercise(s) answered why"
