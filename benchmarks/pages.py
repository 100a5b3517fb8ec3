"""Each chapter and tool page until its widgets are steady, against a one-button page (benchmarks/pages.py).

What a learner waits for after a click on a chapter's link, with ``asteroyds app``
as it starts on one's own machine (a local address: no pre-heated kernel, each
page starts its own; :func:`asteroyds.serve.settings.voila_command`'s defaults),
in Debian's Chromium driven by Playwright, as the browser tests drive it.

**Widgets steady** is the moment a page stops changing: Voila's ``#loading``
overlay is gone, the page shows a widget view if its outputs hold any (Voila
may remove ``#loading`` before the kernel connects and the views render), and
then neither a widget view (an element of class ``jupyter-widgets``) nor any
other DOM change (a node added or removed, an attribute, a text) happens for
:data:`QUIET_MS` ms. The time printed is from
the navigation's start to the last DOM change before that quiet spell (a
``MutationObserver`` installed before the page's own scripts, times read
with ``performance.now()`` inside the page). A page that is never quiet for
:data:`QUIET_MS` ms within :data:`TIMEOUT` fails the run (a ticking page would
hide its real readiness).

The baseline is ``benchmarks/one_button.ipynb`` (a kernel, one cell, one
button: Voila's own floor for any page), measured the same way on the same
server and browser, loaded right before each page so a busy moment of the
machine weighs on both: each page's figure is the median of its loads over
the median of the one-button loads paired with them. Each line's note also
gives what the page builds (widget views, bqplot figures, DOM nodes, its
height in pixels at 1366×900). Goal: every page at most :data:`GOAL` × the
one-button page.

``--quick``: one chapter, one load (a smoke run: the suite's); ``--pages`` picks pages
by name (``03_moving_asteroids sandbox``); ``-n`` sets the loads per page.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _report import arguments, figure, header  # noqa: E402

from asteroyds.serve.launch import serve  # noqa: E402
from asteroyds.serve.settings import ServeSettings  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
ONE_BUTTON = "benchmarks/one_button.ipynb"
NOTEBOOKS = ROOT / "notebooks"
TOOLS = ("sandbox", "practice", "teachers_tools")  # the tool pages the welcome page links
QUICK = ("03_moving_asteroids",)  # a chapter with closed sections, rule boards and an exercise
VIEWPORT = {"width": 1366, "height": 900}
QUIET_MS = 500
GOAL = 1.5
TIMEOUT = 180_000  # ms a page may take to load and go quiet (a bound for a stuck page, not a goal)

# Before the page's own scripts: the time of the last DOM change (a new widget view is one).
PROBE = """
window.__steady = { last: 0, widgets: false };
new MutationObserver(() => { window.__steady.last = performance.now(); })
  .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
document.addEventListener('DOMContentLoaded', () => {  // the cells' outputs, as Voila sent them
  const outputs = document.querySelectorAll('script[type="application/vnd.voila.cell-output+json"]');
  window.__steady.widgets = [...outputs].some(s => s.textContent.includes('widget-view+json'));
});
"""
# True once #loading is gone, a page whose outputs are widgets shows one (the kernel may connect after
# #loading goes: a quiet spell before any view is not steady), and nothing has changed for QUIET_MS ms.
STEADY = f"""() => document.readyState === 'complete' && !document.querySelector('#loading')
  && (!window.__steady.widgets || document.querySelector('.jupyter-widgets') !== null)
  && performance.now() - window.__steady.last >= {QUIET_MS}"""
COUNTS = """() => ({
  views: document.querySelectorAll('.jupyter-widgets').length,
  figures: document.querySelectorAll('.bqplot.figure').length,
  nodes: document.getElementsByTagName('*').length,
  height: [...document.querySelectorAll('body *')].reduce((h, e) => Math.max(h, e.scrollHeight), 0),
  errors: document.querySelectorAll('[data-mime-type="application/vnd.jupyter.stderr"]').length,
  steady: window.__steady.last,
})"""


@dataclass(frozen=True)
class Load:
    """One page load: when it went steady (ms from navigation start), and what it built."""

    steady: float
    views: int
    figures: int
    nodes: int
    height: int
    errors: int  # error outputs on the page (a failed cell, a dead kernel): such a load is not the page's


def pages(names: list[str] | None, quick: bool) -> list[str]:
    """The pages to measure, as paths under the repository: every chapter, then the tool pages."""
    chapters = sorted(p.stem for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    every = [*chapters, *TOOLS]
    chosen = names or (list(QUICK) if quick else every)
    unknown = [name for name in chosen if name not in every]
    if unknown:
        raise SystemExit(f"no such page: {', '.join(unknown)} (the pages: {', '.join(every)})")
    return [f"notebooks/{name}.ipynb" for name in chosen]


@contextmanager
def app_server() -> Iterator[str]:
    """The class server as ``asteroyds app`` starts it on a local address: no pool, each page its kernel."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "voila.log"
        with serve(ROOT, log_path=log, cwd=ROOT, settings=ServeSettings(pool=0)) as url:
            yield url


def load(browser: object, url: str, notebook: str) -> Load:
    """Open ``notebook`` in a fresh page (a new kernel) and wait until its widgets are steady."""
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=1)  # type: ignore[attr-defined]
    try:
        context.add_init_script(PROBE)
        page = context.new_page()
        page.goto(f"{url}/voila/render/{notebook}", timeout=TIMEOUT)
        page.wait_for_function(STEADY, timeout=TIMEOUT, polling=100)
        counts = page.evaluate(COUNTS)
    finally:
        context.close()
    return Load(
        counts["steady"],
        counts["views"],
        counts["figures"],
        counts["nodes"],
        counts["height"],
        counts["errors"],
    )


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("-n", "--loads", type=int, default=3, help="loads per page (default 3)")
    parser.add_argument("--pages", nargs="*", help="page names to measure (default: every chapter and tool)")
    args = parser.parse_args()
    if args.quick:
        args.loads = 1
    chosen = pages(args.pages, args.quick)
    from playwright.sync_api import sync_playwright

    header("Pages: widgets steady, against a one-button page (Voila + Chromium, the app's local defaults)",
           args.quick)  # fmt: skip
    print(f"steady: #loading gone, a widget view shown (if any), then no DOM change for {QUIET_MS} ms; "
          f"{args.loads} load(s) per page, each after a one-button load; viewport 1366×900")  # fmt: skip
    results: dict[str, tuple[list[Load], list[Load]]] = {}
    with app_server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            load(browser, url, ONE_BUTTON)  # untimed: the server's and the browser's first page
            for _round in range(args.loads):
                for notebook in chosen:
                    base = load(browser, url, ONE_BUTTON)
                    ours = load(browser, url, notebook)
                    print(
                        f"load: {Path(notebook).stem} {ours.steady:.0f} ms ({ours.views} views, "
                        f"{ours.errors} errors), one-button {base.steady:.0f} ms",
                        flush=True,
                    )
                    paired_loads = results.setdefault(notebook, ([], []))
                    paired_loads[0].append(ours)
                    paired_loads[1].append(base)
        finally:
            browser.close()
    missed = []
    for notebook, (ours, base) in results.items():
        name = Path(notebook).stem
        steady = statistics.median(load.steady for load in ours)
        floor = statistics.median(load.steady for load in base)
        last = max(ours, key=lambda load: load.views)  # what the page builds (a failed load builds less)
        ok = steady <= GOAL * floor
        if not ok:
            missed.append(name)
        figure(
            f"{name}, widgets steady",
            steady,
            "ms",
            "one-button page, widgets steady",
            floor,
            f"goal ≤ {GOAL:g}×: {'ok' if ok else 'MISSED'}; {last.views} views, "
            f"{last.figures} bqplot figures, {last.nodes} DOM nodes, {last.height} px; n={len(ours)}",
        )
    print(f"pages over {GOAL:g}×: {', '.join(missed) if missed else 'none'}")
    failed = [
        Path(notebook).stem for notebook, (ours, _base) in results.items() if any(o.errors for o in ours)
    ]
    if failed:
        print(f"pages with an error output in a load (their times are not a page's): {', '.join(failed)}")


if __name__ == "__main__":
    main()
