"""Chapter 2 opens without bqplot, and its chart, once opened, is the chapter's chart (issue 34, item 4).

The page opened at twice a one-button page's time with two bqplot figures (a board the
learner only watched, and the chart). Its board is now a picture and its chart a closed
section (*Open the chart*) whose builder puts the interactive board in the picture's place.
What the learner had must all be there once the chart is open: the chart holding the program
in writing, the writing and the board's ghost path following it, the stopwatch locking it.
Run in a fresh interpreter: another test may have imported bqplot already.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]

SCRIPT = """
import json, sys
from tests.test_chapter_results import run

chapter = run("02_planning.ipynb")
before = "bqplot" in sys.modules
plan, writing, watch = chapter.output("def planning()"), chapter["writing"], chapter["watch"]
picture = plan.board_cell.children[0]
picture_path = [list(c) for c in picture.path]
section = plan.chart_cell.children[0]
section.open_part()
board = plan.board_cell.children[0]
chart = section.part.children[0]
opened = str(chart.program)
chart.click(4, "F")
watch.controller.start()
ran_out = watch.controller.tick(watch.controller.seconds)
print(json.dumps({
    "before": before,
    "after": "bqplot" in sys.modules,
    "board": type(board).__name__,
    "picture": type(picture).__name__,
    "picture_path": picture_path,
    "board_path": [list(c) for c in board.path],
    "opened": opened,
    "writing": str(writing.program),
    "chart": str(chart.program),
    "coach": [type(w).__name__ for w in section.part.children],
    "ran_out": ran_out,
    "locked": chart.locked,
}))
"""


@pytest.fixture(scope="module")
def opened() -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_page_imports_no_bqplot_until_the_chart_is_opened(opened):
    assert opened["before"] is False and opened["after"] is True
    assert (opened["picture"], opened["board"]) == ("BoardPicture", "BoardView")


def test_the_picture_shows_the_program_in_writing_s_ghost_path(opened):
    assert opened["picture_path"]  # F F R from the craft's platform: three spaces
    assert len(opened["picture_path"]) >= 3


def test_the_opened_chart_holds_the_writing_and_the_writing_follows_it(opened):
    assert opened["opened"] == "F F R . . . S"
    assert opened["chart"] == opened["writing"] == "F F R F . . S"
    assert len(opened["board_path"]) > len(opened["picture_path"])  # one more forward on the board
    assert opened["coach"] == ["StatusChart", "CoachPanel"]  # the Danger map switch under the chart


def test_the_stopwatch_locks_the_opened_chart(opened):
    assert opened["ran_out"] is True and opened["locked"] is True
