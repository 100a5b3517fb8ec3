"""The French chapters are twins of the English ones: same code cells (the language cell aside).

The real notebooks are checked first; then :func:`asteroyds.ui.share.twins.sync`
on small made-up notebooks (a changed, an added, a removed code cell).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from asteroyds.ui.share import twins
from asteroyds.ui.share.twins import TO_TRANSLATE, language_cell

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
FRENCH = NOTEBOOKS / "fr"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_every_english_chapter_has_a_french_twin_with_the_same_code():
    names = [p.name for p in twins.chapters(NOTEBOOKS)]
    assert "00_welcome.ipynb" in names and "sandbox.ipynb" in names
    assert "widgets_demo.ipynb" not in names  # the developers' demos have no twin
    assert twins.check(NOTEBOOKS) == []


def test_chapters_and_twins_are_stored_stripped():
    files = [str(p) for p in twins.chapters(NOTEBOOKS)] + [str(p) for p in sorted(FRENCH.glob("*.ipynb"))]
    done = subprocess.run(
        [sys.executable, "-m", "nbstripout", "--verify", *files], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr


def _markdown(path: Path) -> str:
    return "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")


@pytest.mark.parametrize("twin", sorted(FRENCH.glob("*.ipynb")), ids=lambda p: p.stem)
def test_a_twin_is_translated_and_its_links_stay_in_french(twin):
    text = _markdown(twin)
    assert TO_TRANSLATE not in text, f"{twin.name} has prose still to translate"
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "#", "mailto:")):
            continue
        path = target.split("#")[0].split("?")[0]
        assert (twin.parent / path).exists(), f"{twin.name}: broken link {target}"
        if path.endswith(".ipynb") and path != "../00_welcome.ipynb":  # the switch back to English
            assert (twin.parent / path).resolve().parent == FRENCH, (
                f"{twin.name}: {target} leaves the French chapters"
            )


def test_the_welcome_pages_switch_language():
    assert "(fr/00_welcome.ipynb)" in _markdown(NOTEBOOKS / "00_welcome.ipynb")
    assert "(../00_welcome.ipynb)" in _markdown(FRENCH / "00_welcome.ipynb")


# --- sync on made-up notebooks ---------------------------------------------------------------


def _notebook(path: Path, cells: list[tuple[str, str]]) -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
        for kind, src in cells
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _cells(path: Path) -> list[tuple[str, str]]:
    return [
        ("md" if c.cell_type == "markdown" else "code", c.source)
        for c in nbformat.read(path, as_version=4).cells
    ]


@pytest.fixture
def pair(tmp_path):
    english = _notebook(
        tmp_path / "03_x.ipynb",
        [("md", "# Three"), ("code", language_cell("en")), ("md", "One."), ("code", "a = 1"), ("md", "Two."),
         ("code", "b = 2"), ("md", "The end.")],
    )  # fmt: skip
    twin = _notebook(
        tmp_path / "fr" / "03_x.ipynb",
        [("md", "# Trois"), ("code", language_cell("fr")), ("md", "Un."), ("code", "a = 1"), ("md", "Deux."),
         ("code", "b = 2"), ("md", "Fin.")],
    )  # fmt: skip
    return english, twin


def test_twins_in_step_are_left_alone(pair):
    english, twin = pair
    before = twin.read_text()
    assert twins.check(english.parent) == []
    assert twins.sync(english.parent) == []
    assert twin.read_text() == before


def test_a_changed_code_cell_is_copied_and_the_french_prose_kept(pair):
    english, twin = pair
    _notebook(english, [(k, "a = 10" if s == "a = 1" else s) for k, s in _cells(english)])
    problems = twins.check(english.parent)
    assert len(problems) == 1 and "code cells 2..2 differ" in problems[0]
    report = twins.sync(english.parent)
    assert len(report) == 1 and "code cell 2 updated" in report[0]
    fr = ("code", language_cell("fr"))
    assert _cells(twin) == [("md", "# Trois"), fr, ("md", "Un."), ("code", "a = 10"),
                            ("md", "Deux."), ("code", "b = 2"), ("md", "Fin.")]  # fmt: skip
    assert twins.check(english.parent) == []


def test_an_added_code_cell_comes_with_its_english_prose_marked(pair):
    english, twin = pair
    cells = _cells(english)
    _notebook(english, cells[:4] + [("md", "## Coach"), ("code", "coach = 3")] + cells[4:])
    report = twins.sync(english.parent)
    assert any("inserted with its English prose" in line for line in report)
    assert _cells(twin)[4:6] == [("md", f"{TO_TRANSLATE}\n## Coach"), ("code", "coach = 3")]
    assert _cells(twin)[2:4] == [("md", "Un."), ("code", "a = 1")] and _cells(twin)[-1] == ("md", "Fin.")
    assert twins.check(english.parent) == []


def test_a_removed_code_cell_goes_with_the_prose_that_introduced_it(pair):
    english, twin = pair
    _notebook(english, [c for c in _cells(english) if c not in (("md", "One."), ("code", "a = 1"))])
    report = twins.sync(english.parent)
    assert any("removed" in line for line in report)
    fr = ("code", language_cell("fr"))
    assert _cells(twin) == [("md", "# Trois"), fr, ("md", "Deux."), ("code", "b = 2"), ("md", "Fin.")]


def test_a_new_english_chapter_gets_its_language_cell_and_a_twin_to_translate(tmp_path):
    english = _notebook(tmp_path / "11_rooms.ipynb", [("md", "# Rooms"), ("code", "x = 1")])
    assert "missing" in twins.check(tmp_path)[0]
    twins.sync(tmp_path)
    assert _cells(english) == [("md", "# Rooms"), ("code", language_cell("en")), ("code", "x = 1")]
    assert _cells(tmp_path / "fr" / "11_rooms.ipynb") == [
        ("md", f"{TO_TRANSLATE}\n# Rooms"), ("code", language_cell("fr")), ("code", "x = 1")
    ]  # fmt: skip
    assert twins.check(tmp_path) == []


def test_the_command_line_fails_while_twins_differ(pair):
    english, _twin = pair
    _notebook(english, [(k, "b = 20" if s == "b = 2" else s) for k, s in _cells(english)])
    assert twins.main(["check", "--notebooks", str(english.parent)]) == 1
    assert twins.main(["sync", "--notebooks", str(english.parent)]) == 0
    assert twins.main(["check", "--notebooks", str(english.parent)]) == 0
