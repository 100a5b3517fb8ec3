"""Every benchmark runs: ``python benchmarks/NAME.py --quick`` exits 0 and prints its figures.

A benchmark that nothing runs rots (``ui_latency.py`` stopped working when the
status chart changed, and nobody knew). Each ``benchmarks/*.py`` (not the
``_``-prefixed helpers) is run here in its smoke mode, found by the folder's
listing, so a new benchmark is tested without a line added here. Only that it
ran and printed its figures in the common format (``benchmarks/_report.py``:
each figure with its same-run baseline and their ratio) is asserted, never a
figure's value: a speed bound is not a correctness test.

A benchmark that drives a browser (its source imports Playwright) is ``ui`` and
follows the browser tests' policy: skipped when ``/usr/bin/chromium`` is
missing, unless ``ASTEROYDS_REQUIRE_BROWSER`` is set. One whose smoke run
takes more than a few seconds is ``slow`` (:data:`SLOW`); the others are in
the quick loop.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .browser.conftest import _browser_available

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "benchmarks"
BENCHMARKS = sorted(path for path in FOLDER.glob("*.py") if not path.name.startswith("_"))
# A benchmark whose smoke run needs more than ~5 s of CPU: none yet (analysis.py and coach_ui.py take
# 3-4 s, the others under 1 s; measured with /usr/bin/time on 2 shared cores).
SLOW: set[str] = set()
TIMEOUT = {"ui": 1500, "other": 300}  # seconds: a smoke run that hangs fails instead


def _load_report():
    spec = importlib.util.spec_from_file_location("benchmarks_report", FOLDER / "_report.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # a dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


report = _load_report()


def _drives_a_browser(path: Path) -> bool:
    return "playwright" in path.read_text("utf-8")


def _case(path: Path):
    marks = []
    if _drives_a_browser(path):
        marks.append(pytest.mark.ui)
    if path.name in SLOW:
        marks.append(pytest.mark.slow)
    return pytest.param(path, marks=marks, id=path.stem)


def check_figures(output: str) -> list:
    """The figures of a run's output, each checked: a figure line in the format, its ratio its own.

    Raises AssertionError naming the line at fault.
    """
    figures = []
    for line in output.splitlines():
        if not line.startswith("figure:"):
            continue
        found = report.parse(line)
        assert found is not None, f"a figure line not in the format of benchmarks/_report.py: {line!r}"
        if found.base_value == 0:
            assert found.ratio is None, f"a ratio to a baseline of 0: {line!r}"
        else:
            expected = found.value / found.base_value
            # Both printed to 4 significant digits, the ratio to 3 decimals or 1.
            assert found.ratio == pytest.approx(expected, rel=2e-3, abs=0.06), f"a wrong ratio: {line!r}"
        figures.append(found)
    assert figures, "no figure printed (benchmarks/_report.py's figure())"
    return figures


@pytest.mark.parametrize("script", [_case(path) for path in BENCHMARKS])
def test_a_benchmark_runs_quick_and_prints_its_figures(script: Path) -> None:
    browser = _drives_a_browser(script)
    if browser:
        _browser_available()  # the browser tests' policy: skip, or fail when a browser is required
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    done = subprocess.run(
        [sys.executable, str(script), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=TIMEOUT["ui" if browser else "other"],
        check=False,
    )
    assert done.returncode == 0, (
        f"{script.name} --quick exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    )
    check_figures(done.stdout)


def test_the_benchmarks_are_found():
    names = {path.name for path in BENCHMARKS}
    assert {"engine.py", "ui_latency.py"} <= names and "_report.py" not in names
    assert _drives_a_browser(FOLDER / "ui_latency.py") and not _drives_a_browser(FOLDER / "engine.py")


# --- the format itself ------------------------------------------------------------------------------
def test_a_figure_line_reads_back_as_printed():
    line = report.figure_line("asteroid phase", 61.25, "µs", "plain Python", 8.1, "goal < 100 µs")
    found = report.parse(line)
    assert found is not None
    assert (found.name, found.value, found.unit) == ("asteroid phase", 61.25, "µs")
    assert (found.baseline, found.base_value, found.note) == ("plain Python", 8.1, "goal < 100 µs")
    assert found.ratio == pytest.approx(61.25 / 8.1, abs=0.06)
    assert check_figures(f"context\n{line}\n") == [found]


def test_a_baseline_of_zero_has_no_ratio():
    found = report.parse(report.figure_line("wins", 25.0, "%", "a greedy bot in its seat", 0.0))
    assert found is not None and found.ratio is None and found.note == ""


@pytest.mark.parametrize(
    "line",
    [
        "figure: idle poll = 6 µs",  # no baseline
        "figure: idle poll = 6 µs | baseline: the query = 5 ms | ratio: 1.2×",  # not the same unit
        "figure: idle poll = 6 µs | baseline: the query = 5 µs",  # no ratio
    ],
)
def test_a_figure_without_its_baseline_or_ratio_is_refused(line):
    assert report.parse(line) is None
    with pytest.raises(AssertionError, match="not in the format"):
        check_figures(line)


def test_a_ratio_that_is_not_the_figures_is_refused():
    line = "figure: idle poll = 6 µs | baseline: the query = 5 µs | ratio: 2.000×"
    with pytest.raises(AssertionError, match="a wrong ratio"):
        check_figures(line)


def test_a_run_without_figures_is_refused():
    with pytest.raises(AssertionError, match="no figure printed"):
        check_figures("idle poll: 6 µs CPU\n")


def test_a_figure_is_a_finite_number():
    with pytest.raises(ValueError, match="finite"):
        report.figure_line("click", float("nan"), "ms", "echo", 1.0)


def test_a_paired_baseline_runs_for_as_long_as_its_figure():
    now = [0.0]
    calls = {"measured": 0, "baseline": 0}

    def work(name: str, seconds: float):
        def call() -> None:
            calls[name] += 1
            now[0] += seconds

        return call

    ours, base = report.paired(work("measured", 10.0), work("baseline", 1.0), 3, clock=lambda: now[0])
    assert (ours, base) == (10.0, 1.0)
    assert calls == {"measured": 3, "baseline": 30}  # ten baseline calls for each 10-second figure
