"""What every benchmark prints: each figure on one line with its same-run baseline and their ratio.

A figure alone says little on a shared machine: the same code takes twice as
long while another process runs. Each benchmark therefore measures, in the
same run and as close in time as it can, a baseline of the same unit (the same
work without the part being measured, or the floor it cannot go below), and
prints the figure as a ratio to it. One line per figure, in this format::

    figure: NAME = VALUE UNIT | baseline: NAME = VALUE UNIT | ratio: R× | NOTE

(``ratio: n/a`` when the baseline is 0; the note, with a goal, is optional).
Every other line a benchmark prints is context (settings, counts, a table).
``tests/test_benchmarks.py`` runs each ``benchmarks/*.py`` with ``--quick`` and
reads its figure lines with :func:`parse`; ``benchmarks/README.md`` says more.
"""

from __future__ import annotations

import argparse
import math
import re
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

NAME_WIDTH = 46  # the figures' names padded so a run's values line up
BASELINE_WIDTH = 34

_NUMBER = r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
FIGURE = re.compile(
    rf"^figure: (?P<name>\S.*?) += +(?P<value>{_NUMBER}) (?P<unit>\S+)"
    rf" \| baseline: (?P<baseline>\S.*?) += +(?P<base_value>{_NUMBER}) (?P=unit)"
    rf" \| ratio: (?:(?P<ratio>{_NUMBER})×|n/a)(?: \| (?P<note>.*))?$"
)


@dataclass(frozen=True)
class Figure:
    """One figure line, read back."""

    name: str
    value: float
    unit: str
    baseline: str
    base_value: float
    ratio: float | None  # None: the baseline was 0
    note: str


def arguments(doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's argument parser (its docstring's first line), with the ``--quick`` every one has."""
    parser = argparse.ArgumentParser(description=(doc or "").splitlines()[0])
    parser.add_argument(
        "--quick",
        action="store_true",
        help="a smoke run: few repetitions, small sizes (the test suite's; its figures are not to compare)",
    )
    return parser


def header(title: str, quick: bool) -> None:
    print(f"== {title} ==")
    if quick:
        print("(--quick: few repetitions and small sizes; a smoke run, not figures to compare)")


def number(value: float) -> str:
    """Four significant digits, no exponent in the usual ranges."""
    if not math.isfinite(value):
        raise ValueError(f"a figure must be a finite number, not {value}")
    if abs(value) >= 1000:
        return f"{value:.0f}"
    return f"{value:.4g}"


def figure_line(name: str, value: float, unit: str, baseline: str, base_value: float, note: str = "") -> str:
    """The line of one figure (see the module's docstring); the ratio is ``value / base_value``."""
    if base_value == 0:
        ratio = "n/a"
    else:
        r = value / base_value
        ratio = f"{r:.3f}×" if abs(r) < 10 else f"{r:.1f}×"
    line = (
        f"figure: {name:<{NAME_WIDTH}} = {number(value):>8} {unit} | "
        f"baseline: {baseline:<{BASELINE_WIDTH}} = {number(base_value):>8} {unit} | ratio: {ratio}"
    )
    return f"{line} | {note}" if note else line


def figure(name: str, value: float, unit: str, baseline: str, base_value: float, note: str = "") -> None:
    """Print one figure with its baseline (same unit, same run) and their ratio."""
    print(figure_line(name, value, unit, baseline, base_value, note), flush=True)


def parse(line: str) -> Figure | None:
    """The figure a line prints, or None if it is not a figure line."""
    found = FIGURE.match(line.rstrip("\n"))
    if found is None:
        return None
    ratio = found["ratio"]
    return Figure(
        name=found["name"],
        value=float(found["value"]),
        unit=found["unit"],
        baseline=found["baseline"],
        base_value=float(found["base_value"]),
        ratio=None if ratio is None else float(ratio),
        note=found["note"] or "",
    )


def paired(
    measured: Callable[[], object],
    baseline: Callable[[], object],
    repeat: int,
    number: int = 1,
    clock: Callable[[], float] = time.perf_counter,
) -> tuple[float, float]:
    """Seconds per call of ``measured`` and of ``baseline``: medians over ``repeat`` rounds, each
    ``number`` calls of ``measured`` then the baseline for as long (:func:`for_as_long`), so a busy
    moment of the machine weighs on both alike."""
    ours: list[float] = []
    base: list[float] = []
    for _ in range(repeat):
        took = per_call(measured, number, clock)
        ours.append(took)
        base.append(for_as_long(baseline, took * number, clock))
    return statistics.median(ours), statistics.median(base)


def per_call(
    fn: Callable[[], object], number: int = 1, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Seconds per call of ``fn``, over ``number`` calls in a row."""
    start = clock()
    for _ in range(number):
        fn()
    return (clock() - start) / number


def for_as_long(
    fn: Callable[[], object], seconds: float, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Seconds per call of ``fn``, called again and again for at least ``seconds`` (once at least).

    A baseline timed for as long as its figure sees as many of the machine's busy moments, in
    proportion: a short baseline next to a long figure would mostly miss them, and the ratio
    would charge the load to the figure.
    """
    calls = 0
    start = clock()
    while True:
        fn()
        calls += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / calls


def python_work() -> int:
    """The plain-Python baseline of the engine's timings: a loop of 1,000 additions."""
    return sum(range(1000))
