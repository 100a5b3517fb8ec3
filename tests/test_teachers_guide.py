"""The teacher's guides plan lessons the app can hold (issue 33, item 6).

``tests/test_docs.py`` checks that the guides name pages, sections and demonstrations by their
titles. These tests check what a teacher would find out in front of the class:

- the groups fit the class room's seats: the seats the guide types make a room (racing: six, the
  most a racing room takes; capture: three teams of three crafts), and a class of 30 in groups
  of the size the guide says fills them;
- each lesson table covers its 45 minutes, row after row, and a class room game of under ten
  minutes is one round, not "two or three";
- the racing lesson uses chapter 3's and chapter 4's drill sets, chapter 4's whole round and the
  practice page (their sections found from the notebooks' code, not copied here);
- no page says every chapter ends with an exercise; what the pages say instead is true;
- the experts' stopwatch the guide suggests exists, in the chapters and in the class room.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from asteroyds.i18n import _, use_language
from asteroyds.modes import mode_named
from asteroyds.pieces import PLAYER_COLOURS
from asteroyds.ui.rooms.teacher_view import STOPWATCH_CHOICES
from asteroyds.ui.rooms.views import TeacherRoom

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GUIDES = {"en": ROOT / "docs" / "teachers.md", "fr": ROOT / "docs" / "fr" / "enseignants.md"}
CLASS = 30
RACING_SEATS = "blue,red,green,yellow,orange,purple"
CAPTURE_TEAMS = "red,white,blue"
#: How each guide says the groups (the numbers are checked against the seats below).
GROUPS = {
    "en": ("6 groups of 5", "three teams of 10, each in three groups\n(3, 3 and 4 students)"),
    "fr": ("6 groupes de 5", "trois équipes de\n10, chacune en trois groupes (3, 3 et 4 élèves)"),
}
ONE_ROUND = {"en": "one round", "fr": "un tour"}


def text(lang: str) -> str:
    return GUIDES[lang].read_text(encoding="utf-8")


def lesson_tables(lang: str) -> list[list[list[str]]]:
    """The guide's lesson tables (those whose first column is the minutes), as rows of cells."""
    tables, rows = [], None
    for line in text(lang).split("\n"):
        if not line.startswith("|"):
            rows = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if rows is None:
            rows = [] if cells[0] == "minutes" else None
            if rows is not None:
                tables.append(rows)
        elif not set(cells[0]) <= set("-: "):
            rows.append(cells)
    return tables


def minutes(row: list[str]) -> tuple[int, int]:
    start, end = re.fullmatch(r"(\d+)–(\d+)", row[0]).groups()  # type: ignore[union-attr]
    return int(start), int(end)


def room(tmp_path: Path, mode: str, seats: str, crafts: int = 1, planning: int = 0) -> TeacherRoom:
    """A class room created on the teacher's form, as the guide tells the teacher to fill it."""
    projector = TeacherRoom(str(tmp_path / "rooms.sqlite3"), query="")
    projector._mode.value, projector._seats.value = mode, seats
    projector._crafts.value, projector._planning.value = crafts, planning
    projector.create()
    assert projector.error == "", projector.error
    return projector


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_groups_fill_the_class_rooms_seats(lang, tmp_path):
    guide = text(lang)
    assert f"`{RACING_SEATS}`" in guide and f"`{CAPTURE_TEAMS}`" in guide
    racing = room(tmp_path / "racing", "racing", RACING_SEATS)
    seats = list(racing.page.session.room.view.seats)
    assert len(seats) == len(PLAYER_COLOURS) == 6  # every craft colour: the most a racing room holds
    racing_groups, capture_groups = GROUPS[lang]
    assert racing_groups in guide and racing_groups.split()[-1] == str(CLASS // len(seats))
    capture = room(tmp_path / "capture", "capture", CAPTURE_TEAMS, crafts=3)
    crafts = list(capture.page.session.room.view.seats)
    assert len(crafts) == 9 and capture._crafts.max == 3  # three teams of three crafts at most
    assert capture_groups in guide
    sizes = [int(n) for n in re.findall(r"\d+", capture_groups.split("(")[1])]
    assert sum(sizes) * 3 == CLASS and len(sizes) * 3 == len(crafts)  # one group per craft


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_each_lesson_covers_its_45_minutes_row_after_row(lang):
    tables = lesson_tables(lang)
    assert len(tables) == 3  # racing; capture lessons 1 and 2
    for rows in tables:
        spans = [minutes(row) for row in rows]
        assert spans[0][0] == 0 and spans[-1][1] == 45
        assert all(end == following for (_s, end), (following, _e) in zip(spans, spans[1:], strict=False))


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_a_class_room_game_of_under_ten_minutes_is_one_round(lang):
    racing = lesson_tables(lang)[0]
    game = [row for row in racing if "class_room.ipynb" in row[1]]
    assert len(game) == 1
    start, end = minutes(game[0])
    assert end - start < 10 and ONE_ROUND[lang] in game[0][2]
    assert not re.search(r"(?i)two or three|deux ou trois", text(lang))


def section_before(notebook: Path, code: str) -> str:
    """The heading of the section whose code cell builds ``code`` (a drill set, a whole round)."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    heading = ""
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            found = [line.lstrip("#").strip() for line in source.split("\n") if line.startswith("#")]
            heading = found[-1] if found else heading
        elif code in source:
            return heading
    raise AssertionError(f"{notebook.name} has no {code}")


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_racing_lesson_has_the_drill_sets_the_whole_round_and_the_practice_page(lang):
    folder = NOTEBOOKS / "fr" if lang == "fr" else NOTEBOOKS
    wanted = [
        section_before(folder / "03_moving_asteroids.ipynb", "DrillSet("),
        section_before(folder / "04_flying.ipynb", "DrillSet("),
        section_before(folder / "04_flying.ipynb", "WholeRound("),
    ]
    projector = "\n".join(row[1] for row in lesson_tables(lang)[0])
    assert [f"*{section}*" in projector for section in wanted] == [True, True, True], wanted
    assert "(../notebooks/practice.ipynb)" in projector or "(../../notebooks/fr/practice.ipynb)" in projector
    assert "sandbox.ipynb" not in projector  # the whole round is the lesson's practice round now


def chapters(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("[0-9][0-9]_*.ipynb") if p.name != "00_welcome.ipynb")


def test_no_page_says_every_chapter_ends_with_an_exercise():
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    claim = re.compile(r"(?i)(every|each) chapter (ends|ending) with|chaque chapitre (se termine|finit) par")
    assert [p.name for p in pages if claim.search(p.read_text(encoding="utf-8"))] == []


@pytest.mark.parametrize(("folder", "word"), [(NOTEBOOKS, "Exercise"), (NOTEBOOKS / "fr", "Exercice")])
def test_what_the_pages_say_instead_is_true(folder, word):
    """Chapters 1-10 each have an exercise; chapters 3 and 4, and only they, a drill set."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "each chapter with at least one exercise" in readme and "chapters 3 and 4" in readme
    names = chapters(folder)
    assert [p.name[:2] for p in names] == [f"{n:02d}" for n in range(1, 11)]
    for path in names:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        assert re.search(rf"(?m)^#+ {word}", markdown), f"{path.name} has no {word} section"
    with_drills = [p.name[:2] for p in names if "DrillSet(" in p.read_text(encoding="utf-8")]
    assert with_drills == ["03", "04"]


@pytest.mark.parametrize("lang", sorted(GUIDES))
def test_the_guide_suggests_the_experts_stopwatch_and_the_room_offers_it(lang, tmp_path):
    expert = mode_named("racing").planning_seconds["expert"]
    assert mode_named("capture").planning_seconds["expert"] == expert  # the guide says 20 s for both
    with use_language(lang):
        label = _("Expert {n} s", n=expert)  # the chapters' and the sandbox's stopwatch
    guide = text(lang)
    assert f"*{label}*" in guide and f"**{expert} s**" in guide
    assert (f"{expert} s", expert) in STOPWATCH_CHOICES
    fast = room(tmp_path, "racing", "blue,red", planning=expert)
    assert fast.page.session.room.view.planning_seconds == expert
