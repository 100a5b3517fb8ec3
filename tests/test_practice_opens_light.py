"""The practice page opens without bqplot (issue 34): its board is a clickable picture and the status
chart of level 5 (bqplot) is imported when that level is shown. Run in a fresh interpreter: another
test may have imported bqplot already."""

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
notebook = json.load(open("notebooks/practice.ipynb", encoding="utf-8"))
scope = {}
for cell in notebook["cells"]:
    if cell["cell_type"] == "code":
        exec("".join(cell["source"]), scope)  # the page's cells, as Voila runs them
from asteroyds.ui.practice.view import PracticePage
page = PracticePage()
opened = "bqplot" in sys.modules or "pandas" in sys.modules
board = type(page.board).__name__
page.new_drill(5)
print(json.dumps({"opened": opened, "board": board, "level_5": "bqplot" in sys.modules,
                  "chart": type(page.chart).__name__}))
"""


def test_the_page_imports_no_bqplot_until_level_5():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got == {"opened": False, "board": "ClickableBoardPicture", "level_5": True, "chart": "StatusChart"}
