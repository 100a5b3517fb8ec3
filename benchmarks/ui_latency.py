"""Widget latency in a real browser, against bare-ipywidgets baselines (run: python benchmarks/ui_latency.py).

Starts its own Voila server over the repository on a free port (with the
options ``asteroyds app`` uses, :data:`asteroyds.serve.settings.VOILA_ARGS`) and drives
Debian's Chromium with Playwright, like the browser tests. In one run it measures:

- (a) drag end on the status chart → the chart's program text and the board's
  ghost path updated (``notebooks/widgets_demo.ipynb``: a token dragged onto
  column 1 Forward, then back to the tray);
- (b) a click on the round player's "step ▶" → the board updated (the board
  at the new cursor, its caption and the round player's cursor);
- the baseline of both: a click on a bare ``Button`` echoed into a ``Label``
  (``benchmarks/echo.ipynb``), on the same server;
- for reference, the floor of any bqplot drag: one bare ``Scatter`` point dragged
  and dropped, the kernel writing where it landed into a ``Label``
  (``benchmarks/drag_floor.ipynb``): what (a) costs before Asteroyds does anything;
- Voila's time to the first rendered widget of the demo against a one-button
  notebook (``benchmarks/one_button.ipynb``), each loaded in a fresh page.

The interactions are interleaved (echo, floor, drag, step, echo, ...), one page
each, so a busy moment of the machine weighs on the baseline and the widgets
alike; still, run it on an otherwise idle machine: the widgets need CPU where
the echo barely does, so contention raises their ratios.

Times are taken inside the page (``performance.now()``): from the ``mouseup``
that ends a drag or a click to the DOM mutation that shows the answer, and
from navigation start to the first widget in the DOM. Medians are printed
with their ratios to the baselines and the goals (interactions under 3×,
first render under 2×); the script prints, it does not assert.

The baselines (``benchmarks/_report.py``): the echo for every interaction, the
one-button notebook for the first render. Each is the least any widget costs
on the same server and browser at the same moments (the same messages, the
same round trip, nothing drawn), so the ratio is what Asteroyds adds to
Voila's own floor, and the machine's load weighs on both sides alike.
``--quick``: 2 interactions of each kind and 1 load of each page (a smoke run).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _report import arguments, figure, header  # noqa: E402

from asteroyds.serve.launch import serve  # noqa: E402
from asteroyds.ui.chart.status.view import CELLS, X_RANGE, Y_RANGE, cell_centre, tray_slot  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
DEMO = "notebooks/widgets_demo.ipynb"
ECHO = "benchmarks/echo.ipynb"
ONE_BUTTON = "benchmarks/one_button.ipynb"
DRAG_FLOOR = "benchmarks/drag_floor.ipynb"
FLOOR_DOT = ".bench-drag-figure .object_grp path.dot"
GOALS = {"interaction": 3.0, "first_render": 2.0}
TIMEOUT = 120_000  # ms

# In every page, before anything else: a probe that times one interaction from the mouseup that
# starts it to the first DOM mutation after which a condition holds, and the first widget's arrival.
PROBE = """
window.__bench = { t0: null, t1: null, cond: null, observer: null, firstWidget: null };
window.__bench.arm = function (source) {
  const b = window.__bench;
  b.t0 = null; b.t1 = null; b.cond = new Function('return (' + source + ');');
  if (b.observer) b.observer.disconnect();
  const check = () => {
    if (b.t0 !== null && b.t1 === null) {
      let ok = false;
      try { ok = !!b.cond(); } catch (e) { ok = false; }
      if (ok) { b.t1 = performance.now(); b.observer.disconnect(); }
    }
  };
  b.observer = new MutationObserver(check);
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  b.observer.observe(document.body, all);
};
// On the window, in the capture phase, registered first: d3-drag stops the mouseup of a drag there.
window.addEventListener('mouseup', () => {
  const b = window.__bench; if (b.cond && b.t0 === null) b.t0 = performance.now();
}, true);
new MutationObserver((_m, obs) => {
  if (document.querySelector('.jupyter-widgets')) {
    window.__bench.firstWidget = performance.now(); obs.disconnect();
  }
}).observe(document, { subtree: true, childList: true });
"""

CHART_DATA = ".asteroyds-chart-data-values"
BOARD_DATA = ".asteroyds-board-state .asteroyds-board-data"
ROUND_DATA = ".asteroyds-round-player .asteroyds-round-values"
DOTS = ".asteroyds-chart-figure .object_grp path.dot"
FIRST_TOKEN = len(CELLS)  # the chart's dots: one tap square per cell (under the tokens), then the tokens


# --- the server and the browser --------------------------------------------------------------------
@contextmanager
def voila_server() -> Iterator[str]:
    """``voila ROOT`` on a free port, as ``asteroyds app`` serves it, logging to a temporary file."""
    with tempfile.TemporaryDirectory() as tmp, serve(ROOT, log_path=Path(tmp) / "voila.log", cwd=ROOT) as url:
        yield url


def open_page(browser, url: str, notebook: str, wait_for: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, device_scale_factor=1)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{url}/voila/render/{notebook}", timeout=TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
    page.wait_for_selector(wait_for, timeout=TIMEOUT)
    return context, page


def timed(page, condition: str, act: Callable[[], object]) -> float:
    """Milliseconds from the mouseup of ``act`` to the DOM showing ``condition`` (a JS expression)."""
    page.evaluate("c => window.__bench.arm(c)", condition)
    act()
    page.wait_for_function("() => window.__bench.t1 !== null", timeout=30_000)
    return page.evaluate("() => window.__bench.t1 - window.__bench.t0")


# --- the measurements ---------------------------------------------------------------------------------
def chart_point(page, x: float, y: float) -> tuple[float, float]:
    box = page.locator(".asteroyds-chart-figure .plotarea_background").bounding_box()
    (x0, x1), (y0, y1) = X_RANGE, Y_RANGE
    return (box["x"] + (x - x0) / (x1 - x0) * box["width"], box["y"] + (y1 - y) / (y1 - y0) * box["height"])


def drag(page, index: int, target: tuple[float, float]) -> None:
    """Drag the chart's token ``index`` (not a tap square: those are the first dots) to ``target``."""
    mouse_drag(page, DOTS, FIRST_TOKEN + index, chart_point(page, *target))


def mouse_drag(page, dots: str, index: int, to: tuple[float, float]) -> None:
    """Drag dot ``index`` of ``dots`` to the page point ``to`` in 12 mouse moves, like a hand."""
    box = page.locator(dots).nth(index).bounding_box()
    sx, sy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    tx, ty = to
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move((sx + tx) / 2, (sy + ty) / 2, steps=6)
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()


def settled(page, index: int, target: tuple[float, float]) -> None:
    """Wait until the dragged dot stands at ``target`` (the kernel's snap has been drawn)."""
    tx, ty = chart_point(page, *target)
    page.wait_for_function(
        """([sel, i, tx, ty]) => { const r = document.querySelectorAll(sel)[i].getBoundingClientRect();
            return Math.abs(r.x + r.width / 2 - tx) < 3 && Math.abs(r.y + r.height / 2 - ty) < 3; }""",
        arg=[DOTS, FIRST_TOKEN + index, tx, ty],
        timeout=30_000,
    )


# Each probe opens its page once; ``one()`` times one interaction. The run interleaves the probes
# (echo, floor, drag, step, echo, ...) so that a busy moment of the machine weighs on the baseline
# and on the widgets alike: the ratios compare like with like.
class EchoProbe:
    """A click on a bare ``Button`` until its ``Label`` shows the click count."""

    def __init__(self, browser, url: str) -> None:
        self.context, self.page = open_page(browser, url, ECHO, ".bench-echo-button")
        self.clicks = 0

    def one(self) -> float:
        self.clicks += 1
        condition = f"document.querySelector('.bench-echo-label').innerText.trim() === '{self.clicks}'"
        return timed(self.page, condition, lambda: self.page.locator(".bench-echo-button").click())


class FloorProbe:
    """The bare bqplot point dropped at x = 7 then x = 2, until the label says where it landed."""

    def __init__(self, browser, url: str) -> None:
        self.context, self.page = open_page(browser, url, DRAG_FLOOR, FLOOR_DOT)
        self.box = self.page.locator(".bench-drag-figure .plotarea_background").bounding_box()
        self.drops = 0

    def one(self) -> float:
        x = 7 if self.drops % 2 == 0 else 2
        self.drops += 1
        box = self.box
        target = (box["x"] + x / 10 * box["width"], box["y"] + box["height"] / 2)
        condition = f"document.querySelector('.bench-drag-label').innerText.trim() === '{x}'"
        return timed(self.page, condition, lambda: mouse_drag(self.page, FLOOR_DOT, 0, target))


class DragProbe:
    """Token 0 onto column 1 Forward, then back to the tray: each drop updates the program and the path."""

    def __init__(self, browser, url: str) -> None:
        self.context, self.page = open_page(browser, url, DEMO, DOTS)
        self.page.wait_for_function(f"document.querySelectorAll({DOTS!r}).length >= {FIRST_TOKEN + 7}")
        self.page.locator(".asteroyds-chart-figure").scroll_into_view_if_needed()
        self.drops = 0

    def one(self) -> float:
        program = f"document.querySelector('{CHART_DATA}').dataset.program"
        path = f"document.querySelector('{BOARD_DATA}').dataset.path.split(' ').length"
        if self.drops % 2 == 0:
            target, condition = cell_centre(1, "F"), f"{program} === 'F . . . . . S' && {path} === 2"
        else:
            target, condition = tray_slot(0), f"{program} === '. . . . . . S' && {path} === 1"
        self.drops += 1
        ms = timed(self.page, condition, lambda: drag(self.page, 0, target))
        settled(self.page, 0, target)
        return ms


class StepProbe:
    """Roll, plan, move the asteroids, then time "step ▶" until the board shows the new cursor."""

    def __init__(self, browser, url: str) -> None:
        self.context, self.page = open_page(browser, url, DEMO, ".asteroyds-round-player")
        page = self.page
        for name, condition in (
            ("roll", "d.gamePhase === 'plan'"),
            ("plan", "d.expected === 'asteroids'"),
            ("asteroids", "d.phase === 'asteroids'"),
        ):
            page.locator(f".asteroyds-btn-{name}").click()
            page.wait_for_function(
                f"() => {{ const d = document.querySelector('{ROUND_DATA}').dataset; return {condition}; }}",
                timeout=30_000,
            )
        page.locator(".asteroyds-round-player").scroll_into_view_if_needed()
        self.events = int(page.evaluate(f"() => document.querySelector('{ROUND_DATA}').dataset.count"))
        self.cursor = 0

    def one(self) -> float:
        if self.cursor >= self.events:
            raise SystemExit(f"the demo round has {self.events} events: ask for fewer repetitions")
        self.cursor += 1
        caption = "document.querySelector('.asteroyds-board-view .asteroyds-caption').innerText.trim()"
        text = "document.querySelector('.asteroyds-rp-text').innerText.trim()"
        cursor = f"document.querySelector('{ROUND_DATA}').dataset.cursor === '{self.cursor}'"
        condition = f"{cursor} && {caption} === {text}"
        return timed(self.page, condition, lambda: self.page.locator(".asteroyds-btn-next").click())


def interleaved(probes: dict[str, object], n: int) -> dict[str, list[float]]:
    """``n`` rounds of one interaction per probe, after one untimed round that warms the pages up."""
    times: dict[str, list[float]] = {name: [] for name in probes}
    for round_number in range(n + 1):
        for name, probe in probes.items():
            ms = probe.one()  # type: ignore[attr-defined]
            if round_number > 0:
                times[name].append(ms)
    return times


def first_render(browser, url: str, notebooks: list[str], n: int) -> dict[str, list[float]]:
    """Fresh pages (a new kernel each), the notebooks in turn: navigation start → first widget in the DOM."""
    times: dict[str, list[float]] = {notebook: [] for notebook in notebooks}
    for _ in range(n):
        for notebook in notebooks:
            context, page = open_page(browser, url, notebook, ".jupyter-widgets")
            page.wait_for_function("() => window.__bench.firstWidget !== null", timeout=TIMEOUT)
            times[notebook].append(page.evaluate("() => window.__bench.firstWidget"))
            context.close()
    return times


# --- the report ----------------------------------------------------------------------------------------
def spread(values: list[float]) -> str:
    q = statistics.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return f"IQR {q[0]:.1f}-{q[2]:.1f} ms, n={len(values)}"


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("-n", "--repeat", type=int, default=12, help="repetitions per measure (default 12)")
    parser.add_argument("--loads", type=int, default=10, help="page loads per notebook (default 10)")
    args = parser.parse_args()
    if args.quick:
        args.repeat, args.loads = 2, 1
    from playwright.sync_api import sync_playwright

    header("UI latency (Voila + Chromium, times inside the page)", args.quick)
    with voila_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            probes = {
                "echo": EchoProbe(browser, url),
                "floor": FloorProbe(browser, url),
                "drag": DragProbe(browser, url),
                "step": StepProbe(browser, url),
            }
            timed_runs = interleaved(probes, args.repeat)
            for probe in probes.values():
                probe.context.close()
            loads = first_render(browser, url, [ONE_BUTTON, DEMO], args.loads)
        finally:
            browser.close()
    echo, floor, drags, steps = (timed_runs[k] for k in ("echo", "floor", "drag", "step"))
    one_load, demo_load = loads[ONE_BUTTON], loads[DEMO]
    echo_name = "Button -> Label echo"

    def goal(ratio: float, aim: float) -> str:
        return f"goal < {aim:g}×: {'ok' if ratio < aim else 'MISSED'}"

    drag_ratio, step_ratio = median(drags) / median(echo), median(steps) / median(echo)
    render_ratio = median(demo_load) / median(one_load)
    figure(
        "floor: bare bqplot drag end -> Label",
        median(floor),
        "ms",
        echo_name,
        median(echo),
        f"bqplot's own share of a drag; {spread(floor)}",
    )
    figure(
        "(a) chart drag end -> program + ghost path",
        median(drags),
        "ms",
        echo_name,
        median(echo),
        f"{goal(drag_ratio, GOALS['interaction'])}; {spread(drags)}",
    )
    figure(
        "(b) round player step > -> board updated",
        median(steps),
        "ms",
        echo_name,
        median(echo),
        f"{goal(step_ratio, GOALS['interaction'])}; {spread(steps)}",
    )
    figure(
        "demo notebook, first widget",
        median(demo_load),
        "ms",
        "one-button notebook, first widget",
        median(one_load),
        f"{goal(render_ratio, GOALS['first_render'])}; {spread(demo_load)}",
    )


def median(values: list[float]) -> float:
    return statistics.median(values)


if __name__ == "__main__":
    main()
