"""Plan on this board (issue 34): wherever a learner plans, the board and the whole status chart are on
one screen, at 1366x900 and at 1280x720 — the checks, run on a page.

For each page that plans on a board (the sandbox while a human plans, the chapters' exercises and
planning boards in chapters 2, 4, 6 and 7, practice level 5, the whole round) the plan area (the
smallest box that holds the chart and its board) is scrolled into view, as a learner does, and then
every part must be on the screen and cut by no box around it that hides or scrolls what overflows:
the board's figure, the chart's figure (its 7 columns) and its picture, its program, its message,
and the sandbox's *Done*; and each figure's plot area (bqplot's clip rectangle) must fit its box, so
nothing is cut inside the picture either. The rectangles are the browser's, after the layout has
settled (two animation frames alike, and bqplot has laid its figures out again for their boxes,
which it does 300 ms after a resize). Under 1200 px (1024x768) the chapters' charts come under their
boards, each board as wide as the page. The screenshots go to ``test-artifacts/plan-*.png``.

:mod:`.test_every_page` runs :func:`check_plans` on the page it has already opened and played (one
page load for both kinds of checks: a page load costs the suite some 7 s of CPU).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from asteroyds.drills import generate
from asteroyds.ui.practice.whole_round import WholeRoundSession

from .conftest import open_sections, screenshot
from .test_sandbox import ROOT as SANDBOX
from .test_whole_round import ROOT as WHOLE_ROUND
from .test_whole_round import SEED as WHOLE_ROUND_SEED
from .test_whole_round import click_cell

SCREENS = ({"width": 1366, "height": 900}, {"width": 1280, "height": 720})
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
CHART = ".widget-vbox.asteroyds-status-chart"  # a status chart widget (its figure is a .bqplot)

# The parts that must be seen, inside a chart widget and inside its board view.
CHART_PARTS = {
    "the chart's figure": ".asteroyds-chart-figure",
    "the chart's picture": ".asteroyds-chart-figure svg.svg-figure",
    "the program": ".asteroyds-program",
    "the message": ".asteroyds-chart-message",
}
# an interactive board (bqplot) or a clickable picture (the practice page: its board beside the chart)
BOARD_VIEW = ".asteroyds-board-view, .asteroyds-board-picture-view"
BOARD_PARTS = {
    "the board's figure": ".asteroyds-board",
    "the board's picture": ".asteroyds-board svg.svg-figure, .asteroyds-board svg.asteroyds-board-svg",
}

# Measure one plan area: the n-th status chart under ``scope``, the closest board view that shares a box
# with it, and ``extra`` parts inside that box. Returns the problems found (empty: all in view, uncut).
MEASURE = """
([scope, index, chartParts, boardParts, extra, scroll]) => {
  const charts = document.querySelectorAll(scope + ' ' + CHART_SELECTOR);
  const chart = charts[index];
  if (!chart) { return {problems: ['no status chart number ' + index + ' under ' + scope], rects: ''}; }
  let area = chart.parentElement;
  while (area && !area.querySelector(BOARD_VIEW)) { area = area.parentElement; }
  if (!area) { return {problems: ['no board shares a box with the chart'], rects: ''}; }
  if (scroll) { area.scrollIntoView({block: 'start'}); }
  const board = area.querySelector(BOARD_VIEW);
  const parts = [];
  for (const [name, css] of Object.entries(chartParts)) { parts.push([name, chart.querySelector(css)]); }
  for (const [name, css] of Object.entries(boardParts)) { parts.push([name, board.querySelector(css)]); }
  for (const [name, css] of Object.entries(extra)) { parts.push([name, area.querySelector(css)]); }
  const W = window.innerWidth, H = window.innerHeight, slack = 1;
  const problems = [], rects = [];
  const round = Math.round;
  const show = r => `[${round(r.left)},${round(r.top)} ${round(r.width)}x${round(r.height)}]`;
  for (const [name, el] of parts) {
    if (!el) { problems.push(name + ': not on the page'); continue; }
    const r = el.getBoundingClientRect();
    rects.push(name + ' ' + show(r));
    if (r.width < 1 || r.height < 1) { problems.push(name + ': not shown ' + show(r)); continue; }
    const plot = el.matches('.bqplot.figure') ? el.querySelector('clipPath rect') : null;
    if (plot) {  // what bqplot draws: the plot area it laid out for this box (300 ms after a resize)
      const w = Number(plot.getAttribute('width')), h = Number(plot.getAttribute('height'));
      rects.push(`plot ${round(w)}x${round(h)}`);
      const fits = w <= r.width + 2 && h <= r.height + 2;
      if (!fits || (Math.abs(w - r.width) > 2 && Math.abs(h - r.height) > 2)) {
        problems.push(`${name}: drawn ${round(w)}x${round(h)} in a box ${show(r)}` + (fits ? '' : ': cut'));
      }
    }
    if (r.left < -slack || r.top < -slack || r.right > W + slack || r.bottom > H + slack) {
      problems.push(`${name}: ${show(r)} is not inside the ${W}x${H} screen`);
    }
    let cutX = false, cutY = false;
    for (let a = el.parentElement; a && a !== document.body && a !== document.documentElement;
         a = a.parentElement) {
      const style = getComputedStyle(a);
      const b = a.getBoundingClientRect();
      const label = a.className && a.className.toString ? a.className.toString().slice(0, 90) : a.tagName;
      if (!cutX && style.overflowX !== 'visible' && (r.left < b.left - slack || r.right > b.right + slack)) {
        cutX = true;  // the innermost box that cuts it says enough
        problems.push(`${name}: ${show(r)} cut across by "${label}" (overflow-x ${style.overflowX}, `
                      + `${show(b)})`);
      }
      if (!cutY && style.overflowY !== 'visible' && (r.top < b.top - slack || r.bottom > b.bottom + slack)) {
        cutY = true;
        problems.push(`${name}: ${show(r)} cut down by "${label}" (overflow-y ${style.overflowY}, `
                      + `${show(b)})`);
      }
    }
  }
  return {problems, rects: rects.join('; ')};
}
""".replace("CHART_SELECTOR", repr(CHART)).replace("BOARD_VIEW", repr(BOARD_VIEW))

SETTLED = """
async (args) => {
  const measure = MEASURE;
  const frame = () => new Promise(done => {  // two frames, or 250 ms where none is drawn (no endless wait)
    requestAnimationFrame(() => requestAnimationFrame(done));
    setTimeout(done, 250);
  });
  let last = null;
  const redrawn = m => !m.problems.some(p => p.includes(': drawn '));
  const end = Date.now() + 30000;  // a layout that never settles is measured as it is after 30 s
  for (let i = 0; i < 600 && Date.now() < end; i++) {
    await frame();
    const now = measure(args);  // scrolled into view again: the layout may still be moving
    if (last !== null && now.rects === last.rects && redrawn(now)) { return now; }
    last = now;
  }
  return last;
}
""".replace("MEASURE", MEASURE.strip())


def plan_area_problems(page, scope: str, index: int, extra: dict[str, str] | None = None) -> list[str]:
    """Scroll the plan area of the ``index``-th chart under ``scope`` into view; what is off screen or cut."""
    got = page.evaluate(SETTLED, [scope, index, CHART_PARTS, BOARD_PARTS, extra or {}, True])
    return list(got["problems"])


def check_every_screen(page, name: str, areas: list[tuple[str, int]], extra: dict[str, str] | None = None):
    """At each screen size, each plan area in view; a screenshot of each. All problems are reported."""
    problems: list[str] = []
    for screen in SCREENS:
        page.set_viewport_size(screen)
        size = f"{screen['width']}x{screen['height']}"
        for scope, index in areas:
            found = plan_area_problems(page, scope, index, extra)
            screenshot(page, f"plan-{name}-{index}-{size}")
            problems += [f"{size} {scope} chart {index}: {p}" for p in found]
    assert not problems, "\n".join(problems)
    assert getattr(page, "errors", []) == []


STACKED = """
([scope, index]) => {
  const chart = document.querySelectorAll(scope + ' ' + CHART_SELECTOR)[index];
  const layout = chart.closest('.asteroyds-plan-layout');
  const view = layout.querySelector('.asteroyds-plan-board .asteroyds-board-view');
  const board = view.querySelector('.asteroyds-board').getBoundingClientRect();
  const figure = chart.querySelector('.asteroyds-chart-figure').getBoundingClientRect();
  const style = getComputedStyle(view);
  const inside = view.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {board: [board.width, board.bottom], chart: figure.top, width: layout.getBoundingClientRect().width,
          view: [view.getBoundingClientRect().width, inside]};
}
""".replace("CHART_SELECTOR", repr(CHART))
NARROW = {"width": 1024, "height": 768}  # under 1200 px: one under the other


def check_stacked(page, name: str, scope: str, index: int) -> None:
    """Under 1200 px the chart comes under its board, and the board is as wide as the layout (fluid)."""
    page.set_viewport_size(NARROW)
    page.wait_for_function(
        f"() => {{ const s = ({STACKED})([{scope!r}, {index}]); return s.chart >= s.board[1] - 1; }}",
        timeout=TIMEOUT,
    )
    got = page.evaluate(STACKED, [scope, index])
    assert got["view"][0] >= got["width"] - 4, got  # the board's panel is as wide as the page
    assert got["board"][0] >= got["view"][1] - 4, got  # and the board fills its panel
    screenshot(page, f"plan-{name}-{index}-{NARROW['width']}x{NARROW['height']}")


def sandbox_plan(page, notebook: str) -> None:
    """The sandbox while a human plans (:func:`.fit_checks.play` has pressed Start and Roll): the board,
    the whole chart and *Done* on one screen."""
    page.locator(f"{SANDBOX} .asteroyds-chart-figure").first.wait_for(timeout=TIMEOUT)
    name = notebook.replace("/", "-")
    check_every_screen(page, name, [(SANDBOX, 0)], {"Done": ".asteroyds-submit"})


def chapter_plan(page, notebook: str, charts: list[int], sections: tuple[int, list[int]]) -> None:
    """A chapter's exercises and planning boards, built when the learner opens their sections."""
    open_sections(page, *sections)
    page.locator(CHART).nth(charts[-1]).wait_for(timeout=TIMEOUT)
    check_every_screen(page, notebook, [("body", n) for n in charts])
    check_stacked(page, notebook, "body", charts[0])


def whole_round_plan(page) -> None:
    """Chapter 4's whole round (its section already open): mark where each asteroid ends, then plan."""
    page.set_viewport_size(SCREENS[0])  # side by side (check_stacked left the page at 1024 px)
    page.locator(f"{WHOLE_ROUND} .asteroyds-board").first.wait_for(timeout=TIMEOUT)
    session = WholeRoundSession(generate(5, WHOLE_ROUND_SEED))
    for pid in session.pieces:  # step 1: where each asteroid ends (the engine's answer)
        page.wait_for_function(
            f"document.querySelector('{WHOLE_ROUND} .asteroyds-whole-round-body').dataset.asking == '{pid}'",
            timeout=TIMEOUT,
        )
        click_cell(page, session.end_of(pid))
    page.locator(f"{WHOLE_ROUND}.asteroyds-whole-round-plan").wait_for(timeout=TIMEOUT)  # step 2: plan
    page.locator(f"{WHOLE_ROUND} .asteroyds-chart-figure").wait_for(timeout=TIMEOUT)
    check_every_screen(page, "whole-round", [(WHOLE_ROUND, 0)])


def flying_plans(page) -> None:
    """Chapter 4: the gate A exercise (the 6th of 8 closed sections) and the whole round (the 8th)."""
    chapter_plan(page, "04_flying", [0], (8, [5, 7]))
    whole_round_plan(page)


PLANS = {
    "sandbox.ipynb": lambda page: sandbox_plan(page, "sandbox"),
    "fr/sandbox.ipynb": lambda page: sandbox_plan(page, "fr/sandbox"),
    # the chart and its ghost path; the gate D exercise (3rd of 3 closed sections)
    "02_planning.ipynb": lambda page: chapter_plan(page, "02_planning", [0, 1], (3, [0, 2])),
    "04_flying.ipynb": flying_plans,  # the gate A exercise, after five closed rule boards; the whole round
    # the coach's page: plan against the dice, the best plan beside
    "06_coach.ipynb": lambda page: chapter_plan(page, "06_coach", [0], (3, [2])),
    # a pilot's chart on its field; the Hector exercise
    "07_pilot_powers.ipynb": lambda page: chapter_plan(page, "07_pilot_powers", [0, 1], (2, [0, 1])),
    # level 5 (:func:`.fit_checks.play` has chosen it): a plan against the dice, board and chart together
    "practice.ipynb": lambda page: check_every_screen(page, "practice-5", [(".asteroyds-practice", 0)]),
}


def check_plans(page, name: str) -> None:
    """The plan checks of page ``name`` (a path under notebooks/), if it plans on a board; the page is
    open at 1366x900 and, for the sandbox, already planning."""
    check = PLANS.get(PurePosixPath(name).as_posix())
    if check is not None:
        check(page)
