"""Plan on this board (issue 34): wherever a learner plans, the board and the whole status chart are on
one screen, at 1366x900 and at 1280x720.

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
"""

from __future__ import annotations

import pytest

from asteroyds.drills import generate
from asteroyds.ui.practice.whole_round import WholeRoundSession

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot
from .test_sandbox import ROOT as SANDBOX
from .test_sandbox import wait_stage
from .test_whole_round import ROOT as WHOLE_ROUND
from .test_whole_round import SEED as WHOLE_ROUND_SEED
from .test_whole_round import click_cell

pytestmark = pytest.mark.ui
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
BOARD_PARTS = {
    "the board's figure": ".asteroyds-board",
    "the board's picture": ".asteroyds-board svg.svg-figure",
}

# Measure one plan area: the n-th status chart under ``scope``, the closest board view that shares a box
# with it, and ``extra`` parts inside that box. Returns the problems found (empty: all in view, uncut).
MEASURE = """
([scope, index, chartParts, boardParts, extra, scroll]) => {
  const charts = document.querySelectorAll(scope + ' ' + CHART_SELECTOR);
  const chart = charts[index];
  if (!chart) { return {problems: ['no status chart number ' + index + ' under ' + scope], rects: ''}; }
  let area = chart.parentElement;
  while (area && !area.querySelector('.asteroyds-board-view')) { area = area.parentElement; }
  if (!area) { return {problems: ['no board shares a box with the chart'], rects: ''}; }
  if (scroll) { area.scrollIntoView({block: 'start'}); }
  const board = area.querySelector('.asteroyds-board-view');
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
""".replace("CHART_SELECTOR", repr(CHART))

SETTLED = """
async (args) => {
  const measure = MEASURE;
  const frame = () => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
  let last = null;
  const redrawn = m => !m.problems.some(p => p.includes(': drawn '));
  for (let i = 0; i < 600; i++) {
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
    assert page.errors == []


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


@pytest.mark.parametrize("notebook", ["sandbox", "fr/sandbox"])
def test_the_sandbox_while_a_human_plans(page, voila_url, notebook):
    page.set_viewport_size(SCREENS[0])
    open_notebook(page, voila_url, notebook, wait_for=f"{SANDBOX} .asteroyds-start")
    page.locator(f"{SANDBOX} .asteroyds-start").click()
    wait_stage(page, "roll")
    page.locator(f"{SANDBOX} .asteroyds-dice .asteroyds-roll").click()
    wait_stage(page, "planning")  # one human: no hand-over screen
    page.locator(f"{SANDBOX} .asteroyds-chart-figure").first.wait_for(timeout=TIMEOUT)
    name = notebook.replace("/", "-")
    check_every_screen(page, name, [(SANDBOX, 0)], {"Done": ".asteroyds-submit"})


@pytest.mark.parametrize(
    ("notebook", "charts", "sections"),
    [
        ("02_planning", [0, 2], (1, [0])),  # the chart that draws its ghost path; the gate D exercise
        ("04_flying", [0], (3, [0])),  # the gate A exercise, the first of three closed sections
        ("06_coach", [0], (2, [1])),  # the coach's page: plan against the dice, the best plan beside
        ("07_pilot_powers", [0, 1], (1, [0])),  # a pilot's chart on its field; the Hector exercise
    ],
)
def test_the_chapters_boards_that_plan(page, voila_url, notebook, charts, sections):
    page.set_viewport_size(SCREENS[0])
    if sections is None:
        open_notebook(page, voila_url, notebook, wait_for=".asteroyds-chart-figure")
    else:  # the exercise is built when the learner opens it
        open_notebook(page, voila_url, notebook, wait_for=LAZY_OPEN)
        open_sections(page, *sections)
    page.locator(CHART).nth(charts[-1]).wait_for(timeout=TIMEOUT)
    check_every_screen(page, notebook, [("body", n) for n in charts])
    check_stacked(page, notebook, "body", charts[0])


def test_practice_level_5(page, voila_url):
    root = ".asteroyds-practice"
    page.set_viewport_size(SCREENS[0])
    open_notebook(page, voila_url, "practice", wait_for=f"{root} .asteroyds-board")
    page.locator(f"{root} .asteroyds-practice-level button").nth(4).click()  # level 5: plan on the chart
    page.locator(f"{root} .asteroyds-chart-figure").wait_for(timeout=TIMEOUT)
    check_every_screen(page, "practice-5", [(root, 0)])


def test_the_whole_round_while_planning(page, voila_url):
    page.set_viewport_size(SCREENS[0])
    open_notebook(page, voila_url, "04_flying", wait_for=LAZY_OPEN)
    open_sections(page, 3, [2])  # the whole round is the chapter's third closed section
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
