"""Every board, board picture and status chart fits the screen it is shown on: the checks, run on a page.

:mod:`.test_every_page` renders each page the app serves (the chapters, practice, the sandbox, the
teacher's tools, the class room and join pages as they render without a room, in English and French)
once, then looks at it on a laptop (1366x900), a small laptop or projector (1280x720) and a phone's
width (390x844), resizing the same page as a phone turned or a window narrowed does. On each, no
board, board picture or status chart may be cut: its rectangle must lie inside every box above it that
clips what overflows it (``overflow`` hidden, clip, auto or scroll: a box that scrolls sideways hides
part of the board until the learner finds the scroll) and within the page's width; and the page itself
must not scroll sideways; no button may cut its words. The sandbox is checked while a human plans
(Start, Roll, *Show my chart*), the practice page on level 5 (a plan against the dice: board and chart
together).
"""

from __future__ import annotations

from pathlib import PurePosixPath

from .conftest import readme_image, screenshot

SCREENS = {"1366x900": (1366, 900), "1280x720": (1280, 720), "phone": (390, 844)}
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side

# What must fit: the interactive board (bqplot's figure, or the engine's SVG picture carrying the same
# class), a board drawn as a picture, a status chart.
FIGURES = ".asteroyds-board, svg.asteroyds-board-picture, .asteroyds-chart-figure"

# Every figure that is cut, one line each: what it is, where it is (the section's heading, the part
# it belongs to) and what cuts it. Then the page's own sideways scroll, with the widest things in it.
CUT = """(figures) => {
  const tolerance = 1;
  const width = document.documentElement.clientWidth;
  const classes = (el) => {
    const css = el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className;
    return String(css || '').trim().split(/\\s+/).filter(Boolean);
  };
  const name = (el) => {
    const own = classes(el).filter(c => /^(asteroyds-|jp-|widget-|bqplot|figure|lm-)/.test(c)).slice(0, 4);
    return el.tagName.toLowerCase() + own.map(c => '.' + c).join('');
  };
  const headings = [...document.querySelectorAll('h1, h2, h3')];
  const section = (el) => {
    let last = '';
    for (const h of headings) {
      if (h.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) {
        last = (h.innerText || '').replace(/\\s+/g, ' ').replace(/¶$/, '').trim().slice(0, 60);
      }
    }
    return last;
  };
  const part = (el) => {  // the nearest named part above the figure (a rule board, the sandbox...)
    for (let a = el.parentElement; a; a = a.parentElement) {
      const own = classes(a).filter(c => c.startsWith('asteroyds-') &&
        !/^asteroyds-(panel|board-view|board-picture-svg)$/.test(c));
      if (own.length) return own[0];
    }
    return '';
  };
  const round = (v) => Math.round(v);
  const cut = [];
  document.querySelectorAll(figures).forEach((el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') return;  // not shown
    const by = [];
    let boxed = false;
    if (r.left < -tolerance || r.right > width + tolerance) {
      by.push(`the screen's edge (it spans ${round(r.left)}..${round(r.right)} px of ${width})`);
    }
    // What must fit in the next box up: the figure, where it is; up and down, past a box that scrolls, the
    // figure brought to the top of that box's view (the learner scrolls it there).
    const fit = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
    for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
      const s = getComputedStyle(a);
      const clipsX = s.overflowX !== 'visible', clipsY = s.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const b = a.getBoundingClientRect();
      const left = b.left + a.clientLeft, top = b.top + a.clientTop;
      const right = left + a.clientWidth, bottom = top + a.clientHeight;
      const scrollsX = /auto|scroll/.test(s.overflowX), scrollsY = /auto|scroll/.test(s.overflowY);
      let outX = false, outY = false;
      if (clipsX) {  // sideways, a box that scrolls cuts what does not fit its view at its start
        const x0 = fit.left - left + (scrollsX ? a.scrollLeft : 0);
        outX = x0 < -tolerance || x0 + (fit.right - fit.left) > a.clientWidth + tolerance;
      }
      if (clipsY) {  // up and down, a box that scrolls (the page's own scroller) only cuts what is taller
        outY = scrollsY ? fit.bottom - fit.top > a.clientHeight + tolerance
                        : fit.top < top - tolerance || fit.bottom > bottom + tolerance;
        if (scrollsY && a.scrollHeight > a.clientHeight + tolerance) {
          fit.bottom = top + (fit.bottom - fit.top);
          fit.top = top;
        }
      }
      if ((outX || outY) && !boxed) {  // the innermost box that cuts it says enough
        boxed = true;
        by.push(`${name(a)} (overflow ${s.overflowX}/${s.overflowY}: ${round(a.clientWidth)}x` +
                `${round(a.clientHeight)} px around a ${round(r.width)}x${round(r.height)} px figure)`);
      }
    }
    if (by.length) {
      cut.push(`${name(el)} in ${part(el) || 'the page'}` + (section(el) ? ` under "${section(el)}"` : '') +
               ': cut by ' + by.join('; '));
    }
  });
  // The page's scroller: the document's, or (Voila's page) a box as wide as the screen that scrolls.
  const scrollers = [document.scrollingElement, ...document.querySelectorAll('body *')].filter(e =>
    e === document.scrollingElement ||
    (e.clientWidth >= window.innerWidth - tolerance && /auto|scroll/.test(getComputedStyle(e).overflowX)));
  const scroller = scrollers.find(e => e.scrollWidth > (e === document.scrollingElement ?
                                                        window.innerWidth : e.clientWidth + tolerance));
  if (scroller) {
    const wide = [];
    for (const el of document.querySelectorAll('[class*="asteroyds-"]')) {  // outermost parts past the edge
      if (wide.length >= 3) break;
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + tolerance && r.width > 0 &&
          !wide.some(w => w.el.contains(el))) wide.push({el, right: r.right});
    }
    cut.push(`the page scrolls sideways (${name(scroller)}: ${scroller.scrollWidth} px in ` +
             `${window.innerWidth}): widest ` +
             wide.map(w => `${name(w.el)} to ${round(w.right)} px`).join(', '));
  }
  return cut;
}"""

# Every button shown whose words do not fit it (a widget's button cuts its label with an ellipsis):
# a phone's French "Remettre à zéro" was one.
CUT_WORDS = """() => [...document.querySelectorAll('button')].filter(b => {
    const r = b.getBoundingClientRect();
    return r.width > 0 && getComputedStyle(b).visibility !== 'hidden' && b.scrollWidth > b.clientWidth + 1;
  }).map(b => `a button's words are cut: "${(b.innerText || '').trim()}" ` +
              `(${b.scrollWidth} px of words in ${b.clientWidth} px)`)"""

SHOW_FIRST = """(figures) => {
  const shown = [...document.querySelectorAll(figures)].find(e => e.getBoundingClientRect().width > 0);
  if (shown) shown.scrollIntoView({block: 'start'});
}"""


# Every board or chart figure in view is drawn for its box: bqplot's plot area (its clip rectangle, the
# figures have no margins) as wide or as tall as the figure (their aspect is fixed). A figure out of
# view is skipped: bqplot lays it out when it comes into view.
DRAWN = """() => [...document.querySelectorAll('.bqplot.figure.asteroyds-board, .asteroyds-chart-figure')]
  .every(f => {
    const r = f.getBoundingClientRect();
    if (r.width < 1 || r.bottom <= 0 || r.top >= window.innerHeight) return true;
    const plot = f.querySelector('clipPath rect');
    if (!plot) return true;
    return Math.abs(Number(plot.getAttribute('width')) - r.width) <= 2 ||
           Math.abs(Number(plot.getAttribute('height')) - r.height) <= 2;
  })"""


# Two animation frames, or one second if the page draws none: ``page.evaluate`` has no timeout, and a
# page Chromium stops drawing (hidden, or its renderer busy) would otherwise wait forever.
TWO_FRAMES = """() => new Promise(done => {
  requestAnimationFrame(() => requestAnimationFrame(done));
  setTimeout(done, 1000);
})"""


def settled(page) -> None:
    """The layout the last resize or kernel message asked for is done: two animation frames, then
    the figures' rectangles unchanged over two polls 200 ms apart (a fluid board redraws at its new
    width a moment after the page tells the kernel)."""
    page.evaluate(TWO_FRAMES)
    page.wait_for_function(
        """(figures) => {
          const now = JSON.stringify([...document.querySelectorAll(figures)].map(e => {
            const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }));
          const same = window.__asteroydsFit === now;
          window.__asteroydsFit = now;
          return same;
        }""",
        arg=FIGURES,
        polling=200,
        timeout=TIMEOUT,
    )


def wait_values(page, selector: str, condition: str) -> None:
    """Wait until the published values ``d`` of ``selector`` satisfy a JS condition."""
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({selector!r}); const d = e && e.dataset; "
        f"return !!d && ({condition}); }}",
        timeout=TIMEOUT,
    )


def plan_in_the_sandbox(page) -> None:
    """Start, Roll: the board and the human's chart while they plan (one human: no hand-over screen)."""
    values = ".asteroyds-sandbox-values"
    page.locator(".asteroyds-sandbox .asteroyds-start").click()
    wait_values(page, values, "d.stage === 'roll'")
    page.locator(".asteroyds-sandbox .asteroyds-dice .asteroyds-roll").click()
    wait_values(page, values, "d.stage === 'planning'")
    page.locator(".asteroyds-sandbox .asteroyds-chart-figure").first.wait_for(timeout=TIMEOUT)


def practise_level_5(page) -> None:
    """Level 5: a plan against the dice, on a board and a status chart."""
    page.locator(".asteroyds-practice .asteroyds-practice-level button").nth(4).click()
    wait_values(page, ".asteroyds-practice-question-body", "d.level === '5'")
    page.locator(".asteroyds-practice .asteroyds-chart-figure").first.wait_for(timeout=TIMEOUT)


PLAYED = {"sandbox": plan_in_the_sandbox, "practice": practise_level_5}
# The README's phone pictures are these pages' phone screenshots (refreshed with ASTEROYDS_README_IMAGES=1).
README_PHONE = {
    "sandbox": "sandbox-phone.png",
    "practice": "practice-phone.png",
    "03_moving_asteroids": "chapter3-phone.png",
}


def play(page, name: str) -> None:
    """Put a page where a learner plans on it (the sandbox, practice), if it is one of those."""
    played = PLAYED.get(PurePosixPath(name).stem)
    if played is not None:
        played(page)


def cut_on_every_screen(page, name: str) -> list[str]:
    """Every cut figure of the page at each of :data:`SCREENS`, one line each (the page resized)."""
    problems: list[str] = []
    for screen, (width, height) in SCREENS.items():
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        problems += [f"{screen}: {line}" for line in page.evaluate(CUT, FIGURES) + page.evaluate(CUT_WORDS)]
        if screen == "phone":  # what a phone shows of the page's first board
            page.evaluate(SHOW_FIRST, FIGURES)
            settled(page)
            # bqplot redraws a figure 300 ms after it comes into view (debounced): wait for that drawing
            page.wait_for_function(DRAWN, timeout=TIMEOUT)
            shot = screenshot(page, "fits-phone-" + name.replace("/", "-").removesuffix(".ipynb"))
            if name.removesuffix(".ipynb") in README_PHONE:  # the English page (a French one has fr/)
                readme_image(shot, README_PHONE[name.removesuffix(".ipynb")])
    return problems
