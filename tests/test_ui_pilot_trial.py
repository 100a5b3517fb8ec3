"""Chapter 7's "Try them": changing the pilot replaces the status chart, it does not pile charts up.

The test runs the chapter's own cells (imports and "Try them", English and French twins) and turns the
pilot menu many times: the number of live widgets must not grow (issue 26: the old chart stayed alive).
"""

from __future__ import annotations

import gc
import json
import warnings
from pathlib import Path

import ipywidgets as widgets
import pytest

from asteroyds.i18n import use_language
from asteroyds.ui.chart.status.view import StatusChart
from asteroyds.ui.share.closing import swap_children

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def live_widgets() -> int:
    gc.collect()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the registry of live models
        return len(widgets.Widget.widgets)


def _descendants(widget) -> list:
    found = [widget]
    for child in getattr(widget, "children", ()):
        found += _descendants(child)
    return found


def try_them(path: Path) -> dict:
    """The chapter's "Try them" field as the learner opens it: its import cell and its cell run, then
    its closed section's builder called (*Open the chart*); its pilot menu and the chart's holder."""
    cells = [c for c in json.loads(path.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    sources = ["".join(c["source"]) for c in cells]
    imports = next(s for s in sources if "from asteroyds.pilots import PILOT_TABLE" in s)
    trial = next(s for s in sources if "picker = widgets.Dropdown(" in s)
    namespace: dict = {}
    exec(compile(imports, str(path), "exec"), namespace)  # noqa: S102 - the project's own notebook
    exec(compile(trial, str(path), "exec"), namespace)  # noqa: S102
    opened = _descendants(namespace["pilots_field"]())
    picker = next(w for w in opened if isinstance(w, widgets.Dropdown))
    holder = next(w for w in opened if any(isinstance(c, StatusChart) for c in getattr(w, "children", ())))
    return {"picker": picker, "holder": holder}


@pytest.mark.parametrize("twin", ["07_pilot_powers.ipynb", "fr/07_pilot_powers.ipynb"])
def test_changing_the_pilot_many_times_does_not_grow_the_live_widgets(twin):
    with use_language("fr" if twin.startswith("fr/") else "en"):
        ns = try_them(NOTEBOOKS / twin)
        picker, holder = ns["picker"], ns["holder"]
        pilots = list(picker.options)
        assert len(pilots) >= 4
        counts = []
        for _turn in range(4):
            for pilot in pilots[1:] + pilots[:1]:
                picker.value = pilot
            counts.append(live_widgets())
            charts = [c for c in holder.children if isinstance(c, StatusChart)]
            assert len(charts) == 1 and charts[0].comm is not None  # one chart, the current pilot's
    assert counts == [counts[0]] * len(counts), counts


def test_swap_children_closes_the_old_children_and_keeps_the_new_and_the_kept():
    shared = widgets.Layout(width="20px")
    old = widgets.VBox([widgets.Button(description="old", layout=shared)])
    again = widgets.HTML("shown again")
    box = widgets.VBox([old, again])
    new = widgets.HTML("new")
    closed = swap_children(box, [new, again], keep=[shared])
    assert list(box.children) == [new, again]
    assert old.comm is None and old.children[0].comm is None
    assert again.comm is not None and new.comm is not None and shared.comm is not None
    assert closed == 4  # the VBox and its layout, the button and its style (not the shared layout)
