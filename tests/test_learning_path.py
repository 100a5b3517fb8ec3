"""The first three chapters stay short (issue 22, "the learning path"): a learner reads them in
minutes, the boards carry the ideas, and nothing is used before it is taught."""

import json
import re
import shutil
from pathlib import Path

import pytest

from asteroyds.ui.share import learning_path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
BUDGET = {"01_board_and_pieces.ipynb": 380, "02_planning.ipynb": 400}
WELCOME_TABLE = "## The chapters"  # rewritten with the chapters' numbering; counted apart
TOO_EARLY = ("priority inspector", "push", "gate token", "danger map shows", "coach")


def markdown(name: str, lang: str = "en") -> list[str]:
    folder = NOTEBOOKS / "fr" if lang == "fr" else NOTEBOOKS
    cells = json.loads((folder / name).read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]


def words(texts: list[str]) -> int:
    return sum(len(text.split()) for text in texts)


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_chapters_1_and_2_keep_to_their_word_budget(name):
    assert words(markdown(name)) <= BUDGET[name]


def test_the_welcome_page_says_little_besides_its_table_of_chapters():
    prose = [text for text in markdown("00_welcome.ipynb") if not text.startswith(WELCOME_TABLE)]
    assert len(prose) == len(markdown("00_welcome.ipynb")) - 1
    assert words(prose) <= 90


@pytest.mark.parametrize("name", sorted(BUDGET))
def test_the_french_twins_are_cut_as_short(name):
    """French runs ~15% longer than English; a twin left at its old length (678, 730) shows here."""
    assert words(markdown(name, "fr")) <= BUDGET[name] * 1.15


@pytest.mark.parametrize("name", ["00_welcome.ipynb", "01_board_and_pieces.ipynb", "02_planning.ipynb"])
def test_the_first_chapters_use_no_idea_taught_later(name):
    prose = "\n".join(text for text in markdown(name) if not text.startswith(WELCOME_TABLE)).lower()
    prose = re.sub(r"\]\([^)]*\.ipynb[^)]*\)", "]", prose)  # a link's address is not prose
    assert [term for term in TOO_EARLY if term in prose] == []


def test_chapter_1_exercise_names_every_die_it_rolls():
    text = markdown("01_board_and_pieces.ipynb")[-2]
    assert "## Exercise" in text and all(die in text for die in ("red **4**", "white 1", "blue 1"))
    cells = json.loads((NOTEBOOKS / "01_board_and_pieces.ipynb").read_text(encoding="utf-8"))["cells"]
    code = "".join(cells[-2]["source"])
    assert "Dice(4, 1, 1)" in code and "Dice red 4, white 1, blue 1:" in code


NUMBERED = re.compile(r"^(\d\d)_[a-z_]+\.ipynb$")
TOOLS = ("sandbox", "practice", "teachers_tools", "class_room", "join")
FIRST_CHAPTERS_LIMIT = {"": 2_500, "fr": 2_900}  # French runs about 15 % longer


def prose_words(path: Path) -> int:
    """Words of the markdown cells: what a learner reads (code is hidden in the app)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum(len("".join(c["source"]).split()) for c in cells if c["cell_type"] == "markdown")


def chapters(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.ipynb") if NUMBERED.match(p.name))


@pytest.mark.parametrize("language", ["", "fr"])
def test_the_first_six_chapters_are_short(language: str) -> None:
    folder = NOTEBOOKS / language
    first = [p for p in chapters(folder) if int(p.name[:2]) <= 5]
    assert [p.name[:2] for p in first] == ["00", "01", "02", "03", "04", "05"]
    words = {p.name: prose_words(p) for p in first}
    assert sum(words.values()) < FIRST_CHAPTERS_LIMIT[language], words


@pytest.mark.parametrize("language", ["", "fr"])
def test_chapters_are_numbered_in_order_and_tools_are_not(language: str) -> None:
    folder = NOTEBOOKS / language
    numbers = [int(p.name[:2]) for p in chapters(folder)]
    assert numbers == list(range(len(numbers))), numbers
    for tool in TOOLS:
        assert (folder / f"{tool}.ipynb").exists(), tool
        assert not list(folder.glob(f"[0-9][0-9]_{tool}.ipynb")), tool


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_chapter_leads_to_the_next_one_of_the_welcome_table(language: str) -> None:
    """The Next links are derived from the welcome table (``python -m asteroyds.ui.share.twins sync``)."""
    folder = learning_path.folder_of(NOTEBOOKS, language)
    assert learning_path.course(folder) == [p.name for p in chapters(folder)]  # the table lists them in order
    assert learning_path.check_links(NOTEBOOKS, language) == []


def test_a_new_chapter_is_a_row_in_the_welcome_table_and_the_links_follow(tmp_path: Path) -> None:
    """A contributor adds a chapter and its row; sync rewrites the Next link of the chapter before it."""
    import nbformat

    shutil.copytree(NOTEBOOKS, tmp_path / "notebooks", ignore=shutil.ignore_patterns("images"))
    folder = tmp_path / "notebooks"
    new = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# 11 · Sprint races\n\nFast.")])
    learning_path.write_notebook(new, folder / "11_sprint.ipynb")
    welcome = nbformat.read(folder / "00_welcome.ipynb", as_version=4)
    table = next(c for c in welcome.cells if c.cell_type == "markdown" and "(10_capture.ipynb)" in c.source)
    table.source += "\n| 11 | [Sprint races](11_sprint.ipynb) | the toy mode |"
    learning_path.write_notebook(welcome, folder / "00_welcome.ipynb")
    assert learning_path.course(folder)[-1] == "11_sprint.ipynb"
    assert learning_path.check_links(tmp_path / "notebooks") == [
        f"{folder / '10_capture.ipynb'}: Next: (no link), not [chapter 11 — sprint races](11_sprint.ipynb)"
    ]
    assert len(learning_path.sync_links(folder)) == 1
    assert learning_path.check_links(folder) == []
    assert "Next: [chapter 11 — sprint races](11_sprint.ipynb)." in (folder / "10_capture.ipynb").read_text()


@pytest.mark.parametrize("language", ["", "fr"])
def test_the_welcome_table_lists_every_chapter(language: str) -> None:
    folder = NOTEBOOKS / language
    welcome = (folder / "00_welcome.ipynb").read_text(encoding="utf-8")
    for chapter in chapters(folder)[1:]:
        assert f"({chapter.name})" in welcome, chapter.name
