"""A learner's progress (issue 35, part 6): the record, stars, done, *Continue*, practice levels, and the
widgets that keep it in the browser (their stores driven here as the page would drive them)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import ipywidgets as widgets
import pytest

from asteroyds.i18n import set_language
from asteroyds.ui.share import page_progress as page_progress_module
from asteroyds.ui.share.browser_store import BrowserStore
from asteroyds.ui.share.learning_path import course
from asteroyds.ui.share.page_progress import PageProgress
from asteroyds.ui.share.progress import (
    Answer,
    Progress,
    exercise_count,
    level_stars,
    mastered,
    next_level,
    page_of,
)
from asteroyds.ui.share.progress_map import PRACTICE_LEVELS, ProgressMap
from asteroyds.ui.teach.exercises import ChoiceExercise, ChoiceQuestion

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
COURSE = ["01_a", "02_b", "03_c"]
TOTALS = {"01_a": 1, "02_b": 2, "03_c": 2}


def test_only_the_first_answer_decides_the_first_try():
    progress = Progress()
    assert progress.answer("01_a", 0, False) == Answer(first_try=False, right=False)
    assert progress.answer("01_a", 0, True) == Answer(first_try=False, right=True)
    assert progress.answer("01_a", 0, False) == Answer(first_try=False, right=True)  # right stays right
    progress.reveal("02_b", 0)  # the solution shown before any answer
    assert progress.answer("02_b", 0, True) == Answer(first_try=False, right=True)
    assert progress.answer("02_b", 1, True, revealed=True).first_try is False
    assert progress.last == "02_b"


@pytest.mark.parametrize(
    ("answers", "stars"),
    [
        ([True, True, True, True], 3),
        ([True, True, False, False], 2),  # half at the first try
        ([True, False, False, False], 1),
        ([False, False, False, False], 1),  # done, if never at the first try
    ],
)
def test_a_chapter_done_earns_stars_by_its_first_tries(answers, stars):
    progress = Progress()
    for index, first in enumerate(answers):
        progress.answer("04_d", index, first)
        if not first:
            assert progress.stars("04_d", len(answers)) == 0 or index < len(answers) - 1
            progress.answer("04_d", index, True)
    assert progress.done("04_d", len(answers))
    assert progress.stars("04_d", len(answers)) == stars


def test_a_chapter_is_done_only_when_every_exercise_is_right():
    progress = Progress()
    progress.answer("02_b", 0, True)
    assert not progress.done("02_b", 2) and progress.stars("02_b", 2) == 0
    progress.answer("02_b", 1, False)
    assert not progress.done("02_b", 2)
    progress.answer("02_b", 1, True)
    assert progress.done("02_b", 2) and progress.stars("02_b", 2) == 2
    assert not progress.done("09_z", 0)  # a chapter with no exercise counted is never done by accident


def test_continue_goes_to_the_chapter_worked_in_or_the_next_not_done():
    progress = Progress()
    assert progress.continue_to(COURSE, TOTALS) == "01_a"  # a newcomer starts at the start
    progress.answer("01_a", 0, True)
    assert progress.continue_to(COURSE, TOTALS) == "02_b"  # chapter 1 done: the next
    progress.answer("03_c", 0, True)  # skipped ahead, not finished: back there
    assert progress.continue_to(COURSE, TOTALS) == "03_c"
    progress.answer("03_c", 1, True)  # done: the first not done after it, from the start
    assert progress.continue_to(COURSE, TOTALS) == "02_b"
    progress.answer("02_b", 0, True)
    progress.answer("02_b", 1, True)
    assert progress.continue_to(COURSE, TOTALS) is None


def test_the_browsers_record_round_trips_and_junk_is_dropped():
    progress = Progress()
    progress.answer("01_a", 0, True)
    progress.answer("02_b", 1, False)
    again = Progress.from_json(json.loads(json.dumps(progress.to_json())))
    assert again == progress
    junk = {
        "chapters": {
            "../etc": {"0": [1, 1]},
            "01_a": {"0": [1, 0], "x": [1, 1], "1": [2, 1], "2": "yes"},  # first try without right: dropped
            "02_b": [1, 1],
        },
        "last": "<script>",
    }
    kept = Progress.from_json(junk)
    assert kept.chapters == {"01_a": {0: Answer(False, False)}} and kept.last == ""
    assert Progress.from_json({"chapters": "no"}).chapters == {}


def test_a_page_is_named_by_its_file_name_in_both_languages():
    assert page_of("/voila/render/01_board_and_pieces.ipynb") == "01_board_and_pieces"
    assert page_of("/voila/render/fr/01_board_and_pieces.ipynb?lang=fr") == "01_board_and_pieces"
    assert page_of("01_board_and_pieces.ipynb") == "01_board_and_pieces"
    assert page_of("/voila/render/") == "render"
    assert page_of("<b>.ipynb") is None and page_of("") is None


def test_practice_levels_earn_stars_by_runs_and_suggest_the_next():
    assert [level_stars(run) for run in (0, 1, 2, 3, 4, 5, 9)] == [0, 1, 1, 2, 2, 3, 3]
    assert not mastered(4) and mastered(5)
    assert next_level([1, 2, 3, 4, 5], {"1": 5}, 1) == 2
    assert next_level([1, 2, 3, 4, 5], {"1": 5, "2": 6}, 1) == 3
    assert next_level([1, 2, 3, 4, 5], {"5": 5}, 5) == 1  # after the last: the first not mastered
    assert next_level([1, 2], {"1": 5, "2": 5}, 2) is None


def test_the_practice_session_counts_runs_per_level():
    from asteroyds.drills import generate
    from asteroyds.ui.practice.session import LEVELS, PracticeSession, Record

    session = PracticeSession(generate)
    for _ in range(5):
        drill = session.new_drill(1)
        for piece in drill.pieces:
            session.answer_cell(tuple(drill.cells[piece]))
    assert session.record.runs == {"1": 5} and session.record.best_runs == {"1": 5}
    drill = session.new_drill(1)
    right = tuple(drill.cells[drill.pieces[0]])
    session.answer_cell((right[0] + 3, right[1]) if right[0] < 6 else (right[0] - 3, right[1]))
    assert "1" not in session.record.runs and session.record.best_runs == {"1": 5}  # the best stays
    again = Record.from_json(json.loads(json.dumps(session.record.to_json())))
    assert again == session.record
    assert Record.from_json({"best_runs": {"1": "x", "9": 4, "2": 3}}).best_runs == {"2": 3}
    assert tuple(LEVELS) == PRACTICE_LEVELS  # the welcome page's list of levels (it imports no drills)


def test_each_chapters_exercise_count_is_what_it_builds():
    """The welcome page counts a chapter's exercises from its file: one per exercise built."""
    for name in course(NOTEBOOKS)[1:]:
        path = NOTEBOOKS / name
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        call = r"^\s*(?:return\s+|lambda:\s*|\w+\s*=\s*)?(?:Click|Program|Choice)Exercise\("
        built = len(re.findall(call, code, re.M))
        assert exercise_count(path) == built >= 1, name
        assert exercise_count(NOTEBOOKS / "fr" / name) == built, name  # the twin builds the same


@pytest.fixture
def fresh_page(monkeypatch):
    """A kernel's page record of its own (one page per kernel)."""
    monkeypatch.setattr(page_progress_module, "_THIS_PAGE", PageProgress())
    return page_progress_module.page_progress()


def choice(answer: str = "b") -> ChoiceExercise:
    return ChoiceExercise("Which?", ChoiceQuestion(["a", "b", "c"], answer, "because"))


def saved(store: BrowserStore) -> dict:
    return json.loads(re.search(r'data-value="([^"]*)"', store.children[1].value)[1].replace("&quot;", '"'))


def test_exercises_are_numbered_and_their_answers_kept_once_the_page_is_known(fresh_page):
    first, second = choice(), choice("c")
    first.choose("a")  # before the browser names the page: kept in the kernel only
    assert fresh_page.store.value == {}
    fresh_page.page_inbox.value = "02_planning.ipynb"  # what the page template does
    assert saved(fresh_page.store)["chapters"] == {"02_planning": {"0": [0, 0]}}
    first.choose("b")
    second.choose("c")
    kept = saved(fresh_page.store)
    assert kept["chapters"] == {"02_planning": {"0": [0, 1], "1": [1, 1]}} and kept["last"] == "02_planning"


def test_a_reload_shows_what_was_answered_and_replays_answers_given_before_it(fresh_page):
    set_language("en")
    first, _second, third = choice(), choice(), choice()
    third.choose("b")  # answered in this visit before the browser's record arrived
    fresh_page.page_inbox.value = "/voila/render/fr/03_moving_asteroids.ipynb"
    fresh_page.store.restore(
        json.dumps(
            {"v": 1, "chapters": {"03_moving_asteroids": {"0": [1, 1], "1": [0, 0]}, "01_x": {"0": [1, 1]}}}
        )
    )
    notes = [slot._note.value for slot in fresh_page.slots]
    assert 'data-first-try="true" data-right="true"' in notes[0] and "first try" in notes[0]
    assert 'data-right="false"' in notes[1] and "not yet right" in notes[1]
    assert notes[2] == ""  # answered in this visit: its own verdict shows
    kept = saved(fresh_page.store)["chapters"]
    assert kept["03_moving_asteroids"] == {"0": [1, 1], "1": [0, 0], "2": [1, 1]} and kept["01_x"] == {
        "0": [1, 1]
    }
    first.choose("a")  # a new answer replaces the note with the verdict
    assert fresh_page.slots[0]._note.value == "" and first.last is not None


def test_the_welcome_map_shows_stars_continue_and_practice_and_resets(tmp_path):
    set_language("en")
    progress_map = ProgressMap(NOTEBOOKS)
    assert progress_map.pages[0] == "01_board_and_pieces" and "00_welcome" not in progress_map.pages
    assert 'data-chapter="01_board_and_pieces">Start here' in progress_map._map.value
    progress_map.store.restore(
        json.dumps({"chapters": {"01_board_and_pieces": {"0": [1, 1]}}, "last": "01_board_and_pieces"})
    )
    body = progress_map._map.value
    assert 'data-chapter="01_board_and_pieces" data-stars="3" data-done="true"' in body
    assert 'href="02_planning.ipynb" class="asteroyds-progress-continue"' in body
    assert "Continue where you left off: chapter 2" in body
    progress_map.practice_store.restore(json.dumps({"streak": 5, "best_runs": {"1": 5, "2": 3, "3": "x"}}))
    body = progress_map._map.value
    assert 'data-level="1" data-stars="3" data-mastered="true"' in body
    assert 'data-level="2" data-stars="2" data-mastered="false"' in body
    assert 'data-level="3" data-stars="0"' in body
    progress_map.ask_reset()
    assert progress_map._ask.layout.display == "" and progress_map._reset.layout.display == "none"
    progress_map.reset()
    assert saved(progress_map.store)["chapters"] == {}
    assert saved(progress_map.practice_store)["levels"] == {}
    assert 'data-stars="3"' not in progress_map._map.value and "Start here" in progress_map._map.value


def test_the_french_map_has_the_same_chapters_in_french():
    set_language("fr")
    try:
        progress_map = ProgressMap(NOTEBOOKS / "fr")
        assert progress_map.pages == ProgressMap(NOTEBOOKS).pages
        assert progress_map.totals == ProgressMap(NOTEBOOKS).totals
        assert "Commencer ici : chapitre 1 — Le plateau" in progress_map._map.value, progress_map._map.value[
            :300
        ]
        assert 'aria-label="0 étoiles sur 3"' in progress_map._map.value
    finally:
        set_language("en")


def test_a_drill_sets_first_answers_are_kept_and_round_trip():
    progress = Progress()
    progress.drill("03_c", 0, 1, True, 3)
    progress.drill("03_c", 0, 1, False, 3)  # only the first answer counts
    progress.drill("03_c", 0, 0, False, 3)
    assert progress.drill_results("03_c", 0) == [False, True, None] and progress.last == "03_c"
    again = Progress.from_json(json.loads(json.dumps(progress.to_json())))
    assert again == progress
    junk = {"drills": {"03_c": {"0": [1, 2], "1": [None, 1], "x": [1]}, "<p>": {"0": [1]}}}
    assert Progress.from_json(junk).drills == {"03_c": {1: [None, True]}}


def test_a_chapters_drill_set_goes_on_from_the_first_drill_not_answered(fresh_page):
    from asteroyds.drills import generate
    from asteroyds.ui.practice.drill_set import DrillSet

    drills = DrillSet(levels=[1, 1, 1], seeds=[1, 2, 3], title="Drills")
    first = generate(1, 1)
    for piece in first.pieces:
        drills.click(tuple(first.cells[piece]))
    assert drills.run.results == [True, None, None]
    fresh_page.page_inbox.value = "03_moving_asteroids.ipynb"
    assert saved(fresh_page.store)["drills"] == {"03_moving_asteroids": {"0": [1, None, None]}}
    # a reload: the browser kept drills 1 and 2; the set shows drill 3
    again = DrillSet(levels=[1, 1, 1], seeds=[1, 2, 3], title="Drills")
    fresh_page.store.restore(json.dumps({"drills": {"03_moving_asteroids": {"1": [1, 0, None]}}}))
    assert again.run.results == [True, False, None] and again.run.index == 2
    assert again.run.session.seed == 3 and not again.run.done
    third = generate(1, 3)
    for piece in third.pieces:
        again.click(tuple(third.cells[piece]))
    assert saved(fresh_page.store)["drills"]["03_moving_asteroids"]["1"] == [1, 0, 1]
    assert 'data-right="2" data-total="3"' in again._tally.value


def test_an_exercise_or_drill_set_built_after_the_record_arrived_shows_it_at_once(fresh_page):
    """A section built late (below the fold) meets a record the page already has."""
    from asteroyds.ui.practice.drill_set import DrillSet

    set_language("en")
    fresh_page.page_inbox.value = "04_flying.ipynb"
    fresh_page.store.restore(
        json.dumps({"chapters": {"04_flying": {"0": [0, 1]}}, "drills": {"04_flying": {"0": [1, None]}}})
    )
    late = choice()
    assert 'data-first-try="false" data-right="true"' in fresh_page.slots[0]._note.value and late.last is None
    drills = DrillSet(levels=[4, 4], seeds=[3, 1], title="Drills")
    assert drills.run.results == [True, None] and drills.run.index == 1


def test_an_exercise_keeps_its_number_whichever_closed_section_is_opened_first(monkeypatch):
    """Exercises built when the learner opens a section are numbered by their section, not by when."""
    from asteroyds.ui.share import lazy

    numbers = []
    for order in ((0, 1), (1, 0)):  # two visits of one page, its two sections opened in either order
        monkeypatch.setattr(page_progress_module, "_THIS_PAGE", PageProgress())
        monkeypatch.setattr(lazy, "_NUMBERS", iter(range(1, 10)))  # a new kernel: sections from 1
        top = choice()
        sections = [
            lazy.LazySection(lambda: choice()),
            lazy.LazySection(lambda: widgets.VBox([choice(), choice()])),
        ]
        for index in order:
            sections[index].open_part()
        slots = page_progress_module.page_progress().slots
        numbers.append(sorted((slot.index, slot._view is top) for slot in slots))
    assert numbers[0] == numbers[1] == [(0, True), (100, False), (200, False), (201, False)]


def test_a_chapter_is_done_when_as_many_exercises_as_it_has_are_right():
    progress = Progress()
    for index in (0, 100, 200):
        progress.answer("04_flying", index, True)
    assert progress.done("04_flying", 3) and progress.stars("04_flying", 3) == 3
    assert not progress.done("04_flying", 4) and progress.stars("04_flying", 4) == 0
