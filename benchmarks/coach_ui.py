"""The coach in the sandbox, kernel side: figures printed, never asserted (python benchmarks/coach_ui.py).

What a class server pays for issue 13's app part, per sandbox page:

- widgets built when the page opens, when a game starts, and when the danger
  map is first switched on (each widget is messages through the class server);
- the kernel time of one click's redraw (``Sandbox._refresh``) while a human
  plans, and the coach panel's share of it, with the danger map off and on;
- the one-off cost of switching the danger map on (216 asteroid phases) and of
  "Show me the best plan" (the search).

The baseline, measured in the same run, is the same redraw without the coach
panel's part (its refresh is timed on its own and subtracted).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets as widgets  # noqa: E402

from asteroyds.ui.sandbox import Sandbox, SandboxSetup  # noqa: E402
from asteroyds.ui.sandbox.setup import Seat  # noqa: E402

SETUP = SandboxSetup(mode="racing", seats=(Seat("blue", "human"), Seat("red", "greedy")), seed=1)


def widgets_built(action) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the registry we count
        before = len(widgets.Widget.widgets)
        action()
        return len(widgets.Widget.widgets) - before


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def planning_sandbox(danger: bool) -> Sandbox:
    sandbox = Sandbox(SETUP, start=True)
    if danger:
        sandbox.coach.set_danger(True)
    sandbox.controller.roll()
    sandbox.controller.show_chart()
    return sandbox


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=60, help="redraws per median (default 60)")
    args = parser.parse_args()

    holder: dict[str, Sandbox] = {}
    opened = widgets_built(lambda: holder.setdefault("s", Sandbox(SETUP)))
    started = widgets_built(holder["s"].start_game)
    switched = widgets_built(lambda: holder["s"].coach.set_danger(True))
    print(f"widgets built: page open {opened}, game start {started} (the coach panel included), "
          f"danger map first on {switched}")  # fmt: skip

    for danger in (False, True):
        sandbox = planning_sandbox(danger)
        whole = median_ms(sandbox._refresh, args.repeat)
        coach = median_ms(sandbox.coach.refresh, args.repeat)
        label = "on " if danger else "off"
        print(f"one click's redraw while planning, danger map {label}: {whole:.2f} ms; "
              f"the coach's share {coach:.2f} ms ({coach / whole:.0%}); "
              f"baseline without it {whole - coach:.2f} ms")  # fmt: skip

    sandbox = planning_sandbox(False)
    start = time.perf_counter()
    sandbox.coach.set_danger(True)
    print(f"switching the danger map on (216 rolls, drawn): {(time.perf_counter() - start) * 1000:.1f} ms")
    start = time.perf_counter()
    sandbox.coach.show_best_plan()
    took = (time.perf_counter() - start) * 1000
    print(f"Show me the best plan (search, ghost, path, sentences): {took:.1f} ms")


if __name__ == "__main__":
    main()
