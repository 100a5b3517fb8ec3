"""The coach in the sandbox, kernel side: figures printed, never asserted (python benchmarks/coach_ui.py).

What a class server pays for issue 13's app part, per sandbox page:

- widgets built when a game starts, and when the danger map is first switched
  on (each widget is messages through the class server);
- the kernel time of one click's redraw (``Sandbox._refresh``) while a human
  plans, with the danger map off and on;
- the one-off cost of switching the danger map on (216 asteroid phases, drawn)
  and of "Show me the best plan" (the search, the ghost, the path, the sentences).

The baselines, each measured in the same run (``benchmarks/_report.py``):

- for the widgets at game start and the redraws, the same page without the
  coach's panel (its controller told that the coach does not apply, so the
  panel is never built nor refreshed), its redraws alternating with the
  coached page's: the ratio is the coach's cost on the page it is part of;
- for the widgets of the danger map, the coached page's widgets at game start:
  the ratio is what switching it on adds, in pages' worth;
- for the danger map and the best plan, the engine's own call on the same
  board (``danger_map``, ``best_plan``, on a copy with empty caches), right
  after the page's: the ratio is what the page adds to the engine's answer.
"""

from __future__ import annotations

import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import ipywidgets as widgets  # noqa: E402
from _report import arguments, figure, header, paired  # noqa: E402

from asteroyds.coach import danger_map  # noqa: E402
from asteroyds.ui.sandbox import Sandbox, SandboxSetup  # noqa: E402
from asteroyds.ui.sandbox.setup import Seat  # noqa: E402

SETUP = SandboxSetup(mode="racing", seats=(Seat("blue", "human"), Seat("red", "greedy")), seed=1)
WITHOUT = "the same page, no coach panel"


def widgets_built(action: Callable[[], object]) -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Widget.widgets: the registry we count
        before = len(widgets.Widget.widgets)
        action()
        return len(widgets.Widget.widgets) - before


def without_coach(sandbox: Sandbox) -> Sandbox:
    """The baseline page: its controller says the coach never applies (before the game starts)."""
    controller = sandbox.controller
    controller.__class__ = type(
        "UncoachedController", (type(controller),), {"coaches": property(lambda _self: False)}
    )
    return sandbox


def planning_sandbox(danger: bool, coached: bool = True) -> Sandbox:
    sandbox = Sandbox(SETUP)
    if not coached:
        without_coach(sandbox)
    sandbox.start_game()
    if danger:
        sandbox.coach.set_danger(True)
    sandbox.controller.roll()
    sandbox.controller.show_chart()
    if ("_coach" in sandbox.__dict__) != coached:
        raise SystemExit("the coach panel is built where it should not be, or not where it should")
    return sandbox


def ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def one_offs(repeat: int) -> tuple[list[float], list[float], list[float], list[float]]:
    """Each on a fresh page: the danger map switched on, then the best plan shown; and the engine's."""
    danger, danger_engine, plan, plan_engine = [], [], [], []
    for _ in range(repeat):
        sandbox = planning_sandbox(False)
        state = sandbox.controller.danger_state()
        start = time.perf_counter()
        sandbox.coach.set_danger(True)
        danger.append(ms(start))
        start = time.perf_counter()
        danger_map(state.replace(), rules=state.rules)
        danger_engine.append(ms(start))
        question = sandbox.controller.coach_question()
        start = time.perf_counter()
        sandbox.coach.show_best_plan()
        plan.append(ms(start))
        q = question
        engine = sandbox.coach.plan
        start = time.perf_counter()
        engine.engine.best_plan(
            q.state.replace(),
            q.dice,
            q.player,
            destroy=q.destroy,
            rules=q.rules,
            order=q.order,
            style=engine.style,
        )
        plan_engine.append(ms(start))
    return danger, danger_engine, plan, plan_engine


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--repeat", type=int, default=60, help="redraws per median (default 60)")
    parser.add_argument("--one-offs", type=int, default=5, help="fresh pages for the one-off costs (5)")
    args = parser.parse_args()
    repeat, fresh = (3, 1) if args.quick else (args.repeat, args.one_offs)
    header("the coach's panel in the sandbox (kernel side)", args.quick)

    coached, plain = Sandbox(SETUP), without_coach(Sandbox(SETUP))
    opened = widgets_built(lambda: Sandbox(SETUP))
    started = widgets_built(coached.start_game)
    started_plain = widgets_built(plain.start_game)
    switched = widgets_built(lambda: coached.coach.set_danger(True))
    print(f"widgets built when the page opens: {opened} (the coach's panel is built with the game)")
    figure("widgets built at game start", started, "widgets", WITHOUT, started_plain)
    figure("widgets built, danger map first on", switched, "widgets", "widgets built at game start", started)

    baseline = planning_sandbox(False, coached=False)
    for danger in (False, True):
        sandbox = planning_sandbox(danger)
        whole, base = paired(sandbox._refresh, baseline._refresh, repeat)
        share = statistics.median(_times(sandbox.coach.refresh, repeat))
        figure(
            f"one click's redraw, planning, danger map {'on' if danger else 'off'}",
            whole * 1000,
            "ms",
            WITHOUT,
            base * 1000,
            f"the coach panel's own refresh {share:.2f} ms",
        )

    danger, danger_engine, plan, plan_engine = one_offs(fresh)
    figure(
        "danger map switched on (216 rolls, drawn)",
        statistics.median(danger),
        "ms",
        "the engine's danger_map alone",
        statistics.median(danger_engine),
        f"median of {fresh} fresh pages",
    )
    figure(
        "Show me the best plan (search, ghost, path)",
        statistics.median(plan),
        "ms",
        "the engine's best_plan alone",
        statistics.median(plan_engine),
        f"median of {fresh} fresh pages",
    )


def _times(fn: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(ms(start))
    return times


if __name__ == "__main__":
    main()
