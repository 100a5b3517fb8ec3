"""A class arriving at once: what the server spends per student (run: python benchmarks/classroom.py).

Starts the app's server over the repository on a free port (as ``asteroyds app``
serves it: :func:`asteroyds.serve.settings.voila_command`), then for each class size
N (default 1, 5, 10) opens N students' pages at the same moment in real
Chromium pages (Playwright, Debian's Chromium), first the one-button notebook
(``benchmarks/one_button.ipynb``, the baseline), then the welcome page (the
first page a whole class opens), then the sandbox (``notebooks/sandbox.ipynb``).
For each it prints:

- the time from the request to the rendered page (median and max over the N pages);
- the server's CPU-seconds per page: user + system time of the server's whole
  process tree (the server, its kernels, and the kernels it has already reaped),
  from before the requests until the server is idle again (a pre-heated pool
  refilling itself is counted: it is work the page caused);
- the server's CPU per click of the clicks a student repeats all game: a roll,
  a token dropped on the chart (click-to-place, the controller call a drag
  makes) and a step of the round player, against a click on a bare button
  echoed into a label (``benchmarks/echo.ipynb``); the one-time clicks (start
  the game, show my chart the first time, Done and the asteroid phase) are
  printed apart;
- the CPU a page costs with nobody clicking (the planning stopwatch ticks),
  measured before each click and taken out of the click's figure;
- MB of server memory per student (resident memory of the tree, after minus
  before, divided by N);
- the kernels still alive after each notebook's pages close (as a person closes
  a tab: the page's unload events run), with the app's own settings: the page's
  goodbye frees its kernel at once, the backstops are the app's defaults
  (``--disconnected-timeout`` 60 s, ``--idle-timeout`` 600 s). The benchmark
  waits up to ``--linger`` seconds, measuring nothing, for them to go (pool
  kernels not counted), so one notebook's leftovers never charge the next one.

Then **the walk**, the way a class really moves: N students (Chromium
contexts) each open four chapters in a row by direct link in one tab (the join
link, a teacher's link, a bookmark: no file listing first), then leave the
app. It prints the kernels alive per open page after each chapter and 10 s
after the students left, and the server's memory at the end of the walk and
after. A server whose pages cannot say goodbye holds a kernel for every
chapter visited (4 per student) until its culler comes.

Before measuring, one page of each notebook is opened and closed (not
measured): the server's first-time work (templates, its own lazy imports)
would otherwise be charged to the first page measured, the baseline's. A
notebook that runs out of its ``--budget`` at one N (ten pages and ten
browsers on two cores) prints the figures it has and the run goes on.

Every figure is printed against a baseline measured in the same run, on the same
server (``benchmarks/_report.py``): a page's CPU, time to render and memory
against the one-button notebook's at the same class size (the least any page
costs the server: a kernel, Voila's template, one widget), so the ratio is what
Asteroyds adds to Voila's own floor; the sandbox's CPU per click against a
click on the echo notebook's bare button (the least a click costs: one message
each way). The goals: CPU per sandbox or welcome page at most 1.5× the
one-button notebook's, CPU per sandbox click at most 30 ms. The browsers run on
this machine and share its CPU with the server (in a class they run on the
students' devices), so times to render are pessimistic; the CPU figures are
the server's own. The script prints, it does not assert. ``--quick``: one
student, no welcome page, no warm-up and no walk (tests/browser/test_class_walk.py walks),
short waits (a smoke run: every figure printed once, the first ones charged with the server's own
warm-up).
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
import statistics
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _report import arguments, figure, header  # noqa: E402
from _server import Server  # noqa: E402

from asteroyds.serve.settings import (  # noqa: E402
    DISCONNECTED_TIMEOUT,
    IDLE_TIMEOUT,
    ServeSettings,
    cull_interval,
)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
ONE_BUTTON = "benchmarks/one_button.ipynb"
WELCOME = "notebooks/00_welcome.ipynb"
ECHO = "benchmarks/echo.ipynb"
SANDBOX = "notebooks/sandbox.ipynb"
GOALS = {"page": 1.5, "click_ms": 30.0}
TIMEOUT = 300_000  # ms: ten pages at once on two cores take a while
SB = ".asteroyds-sandbox"
VALUES = f"{SB} .asteroyds-sandbox-values"
ROUND = ".asteroyds-round-player .asteroyds-round-values"


# --- the students -----------------------------------------------------------------------------------
async def open_pages(browser, url: str, notebook: str, n: int, ready: str):
    """N fresh contexts request ``notebook`` at once; return (pages, seconds to rendered each)."""

    async def one():
        context = await browser.new_context(viewport={"width": 1280, "height": 1000})
        page = await context.new_page()
        t0 = time.monotonic()
        await page.goto(f"{url}/voila/render/{notebook}", timeout=TIMEOUT)
        await page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)
        await page.wait_for_selector(ready, timeout=TIMEOUT)
        return page, time.monotonic() - t0

    results = await asyncio.gather(*(one() for _ in range(n)), return_exceptions=True)
    rendered = [r for r in results if not isinstance(r, BaseException)]
    if not rendered:
        raise next(r for r in results if isinstance(r, BaseException))
    if len(rendered) < n:
        print(
            f"    only {len(rendered)} of {n} pages of {notebook} rendered in {TIMEOUT // 1000} s", flush=True
        )
    return [p for p, _ in rendered], [t for _, t in rendered]


async def close_pages(pages) -> None:
    """The students close their tabs, as a person does (the page's unload events run)."""
    for page in pages:
        await leave(page.context)


async def leave(context, linger: float = 2.0) -> None:
    """Close the student's tabs (unload events run), then, ``linger`` s later, the browser itself.

    A person's browser stays open after a tab is closed; the page's goodbye is a
    beacon the browser sends as the tab goes, and closing the whole browser at
    once could cut it.
    """
    for page in context.pages:
        await page.close(run_before_unload=True)
    await asyncio.sleep(linger)
    await context.close()


def _waits(page):
    async def wait(condition: str, selector: str = VALUES) -> None:
        await page.wait_for_function(
            f"() => {{ const e = document.querySelector({selector!r}); const d = e && e.dataset; "
            f"return !!d && ({condition}); }}",
            timeout=TIMEOUT,
        )

    async def click(css: str) -> None:
        await page.locator(f"{SB} {css}").first.click()

    return wait, click


async def sandbox_start(page) -> int:
    """Start the game (builds the round's widgets once): not one of the measured clicks.

    The planning time is set to 600 s first, so a slow moment of the benchmark
    never locks a chart before its token is dropped.
    """
    wait, click = _waits(page)
    setup = page.locator(f"{SB} .asteroyds-sandbox-setup")
    await setup.get_by_role("button", name="Custom").click()
    seconds = setup.locator(".widget-inline-hbox:not(.asteroyds-seed) input[type=number]:visible").first
    await seconds.fill("600")
    await seconds.press("Enter")
    await click(".asteroyds-start")
    await wait("d.stage === 'roll'")
    return 1


async def sandbox_roll(page) -> int:
    wait, click = _waits(page)
    await click(".asteroyds-dice .asteroyds-roll")
    await wait("d.stage === 'handover' || d.stage === 'planning'")
    return 1


async def sandbox_show_chart(page) -> int:
    """Take the device: the player's status chart is built on first use (not a measured click)."""
    wait, click = _waits(page)
    if (await page.locator(f"{SB} .asteroyds-handover-ready").count()) == 0:
        return 0
    await click(".asteroyds-handover-ready")
    await wait("d.stage === 'planning'")
    return 1


async def sandbox_drop(page) -> int:
    """A token dropped on column 1, Forward (click-to-place: the same controller call as a drag)."""
    _, click = _waits(page)
    await click(".asteroyds-cell-1F")
    await page.wait_for_function(
        "() => (document.querySelector('.asteroyds-sandbox .asteroyds-program')?.innerText || '')"
        ".trim().startsWith('F')",
        timeout=TIMEOUT,
    )
    return 1


async def sandbox_to_asteroids(page) -> int:
    """Done, then the asteroid phase in the round player (not measured clicks)."""
    wait, click = _waits(page)
    await click(".asteroyds-submit")
    await wait("d.stage === 'asteroids'")
    await click(".asteroyds-btn-asteroids")
    await wait("d.phase === 'asteroids' && d.cursor === '0'", ROUND)
    return 2


async def sandbox_steps(page, steps: int = 3) -> int:
    wait, click = _waits(page)
    for step in range(1, steps + 1):
        await click(".asteroyds-btn-next")
        await wait(f"Number(d.cursor) >= {step}", ROUND)
    return steps


# (what, play one page, counted in the per-click goal): the clicks are roll, drop, step.
SANDBOX_CLICKS = [
    ("start", sandbox_start, False),
    ("roll", sandbox_roll, True),
    ("show chart", sandbox_show_chart, False),
    ("drop", sandbox_drop, True),
    ("done + asteroids", sandbox_to_asteroids, False),
    ("step", sandbox_steps, True),
]


async def echo_clicks(page, n: int = 8) -> int:
    for i in range(1, n + 1):
        await page.locator(".bench-echo-button").click()
        await page.wait_for_function(
            f"() => document.querySelector('.bench-echo-label').innerText.trim() === '{i}'",
            timeout=TIMEOUT,
        )
    return n


async def measure(server: Server, browser, notebook: str, ready: str, n: int, clicks, result: dict) -> None:
    """N pages at once, then each phase of clicks on every page at once, CPU charged per phase.

    The figures go into ``result`` as they are measured, so a set that runs out of time still
    shows what it got.
    """
    server.idle()
    cpu0, rss0 = server.cpu(), server.rss_mb()
    pages, times = await open_pages(browser, server.url, notebook, n, ready)
    rss1 = server.rss_mb()
    server.idle()
    result.update(
        median_s=statistics.median(times),
        max_s=max(times),
        cpu_page=(server.cpu() - cpu0) / n,
        mb_page=(rss1 - rss0) / n,
        pages=pages,
    )
    counted_cpu = counted_clicks = 0.0
    rate_before = server.background_rate()
    for name, play, counted in clicks:
        before, started = server.cpu(), time.monotonic()
        done = sum(await asyncio.gather(*(play(p) for p in pages)))
        server.idle(pages=n)
        elapsed = time.monotonic() - started
        spent = server.cpu() - before
        # What the pages spend with nobody clicking (a planning stopwatch ticking) is not the clicks'
        # work: taken out where it ran all through the phase (measured before and after it).
        rate_after = server.background_rate()
        spent -= min(rate_before, rate_after) * elapsed
        rate_before = rate_after
        result["phases"][name] = 1000 * spent / max(done, 1)
        result["background_ms_per_s"] = max(result.get("background_ms_per_s", 0.0), 1000 * rate_after / n)
        if counted:
            counted_cpu, counted_clicks = counted_cpu + spent, counted_clicks + done
            result["cpu_click_ms"] = 1000 * counted_cpu / counted_clicks


async def gone(server: Server, baseline: int, limit: float) -> tuple[int, float]:
    """Wait up to ``limit`` s for the closed pages' kernels to be culled: (kernels left, seconds waited)."""
    started = time.monotonic()
    while time.monotonic() - started < limit:
        if server.kernels() <= baseline:
            break
        await asyncio.sleep(1.0)
    return server.kernels() - baseline, time.monotonic() - started


async def warm_up(server: Server, browser) -> None:
    """One page of each notebook, not measured: the server's own first-time work (templates,
    lazy imports) would otherwise be charged to whichever page the benchmark opens first."""
    for notebook, ready, _clicks in NOTEBOOKS:
        pages, _ = await open_pages(browser, server.url, notebook, 1, ready)
        await close_pages(pages)
    server.idle()


NOTEBOOKS = (
    (ONE_BUTTON, ".bench-one-button", []),
    (ECHO, ".bench-echo-button", [("echo", echo_clicks, True)]),
    (WELCOME, ".asteroyds-board, .asteroyds-board-picture", []),  # its board, a widget or a picture
    (SANDBOX, f"{SB} .asteroyds-start", SANDBOX_CLICKS),
)
NAMES = {ONE_BUTTON: "one-button", ECHO: "echo", WELCOME: "welcome", SANDBOX: "sandbox"}
WALK = tuple(
    f"notebooks/{name}.ipynb"
    for name in ("01_board_and_pieces", "02_planning", "03_moving_asteroids", "04_flying")
)


async def walk(server: Server, browser, n: int, budget: float) -> None:
    """N students each open the walk's chapters in a row by direct link in one tab, then leave."""
    server.idle()
    baseline, rss0 = server.kernels(), server.rss_mb()
    contexts = [await browser.new_context(viewport={"width": 1280, "height": 1000}) for _ in range(n)]
    pages = [await context.new_page() for context in contexts]
    per_page: list[str] = []

    async def step(page, notebook: str) -> None:
        await page.goto(f"{server.url}/voila/render/{notebook}", timeout=TIMEOUT)
        await page.wait_for_selector("#loading", state="detached", timeout=TIMEOUT)

    try:
        for notebook in WALK:
            await asyncio.wait_for(asyncio.gather(*(step(p, notebook) for p in pages)), budget)
            await asyncio.sleep(2.0)  # the last page's goodbye, if it was heard
            per_page.append(f"{(server.kernels() - baseline) / n:.1f}")
        rss_walk = server.rss_mb()
        for page in pages:  # the students leave the app: another site in the same tab
            await page.goto("about:blank")
        await asyncio.sleep(10.0)
        left = server.kernels() - baseline
    finally:
        for context in contexts:
            await context.close()
    print(
        f"{n:>3} walk: kernels per open page after chapters 1-{len(WALK)}: {' / '.join(per_page)}; "
        f"10 s after leaving: {left} kernels ({left / n:.1f} per student); server memory "
        f"+{rss_walk - rss0:.0f} MB during the walk, +{server.rss_mb() - rss0:.0f} MB after",
        flush=True,
    )
    await gone(server, baseline, 120)  # the next figures start clean


def report(n: int, results: dict[str, dict]) -> tuple[float, float] | None:
    """The figures of one class size, each against the one-button page (a click: the echo's click)."""
    base = results.get("one-button")
    if base is None:
        print(f"    N={n}: the one-button page has no figures, so nothing has its baseline", flush=True)
        return None
    for name in ("echo", "welcome", "sandbox"):
        r = results.get(name)
        if r is None:
            continue
        partial = " (partial: out of its budget)" if r.get("partial") else ""
        aim = ""
        if name != "echo":
            ratio = r["cpu_page"] / base["cpu_page"] if base["cpu_page"] else float("inf")
            aim = f"goal ≤ {GOALS['page']}×: {_verdict(ratio <= GOALS['page'])}"
        figure(f"N={n} {name}: server CPU per page{partial}", r["cpu_page"], "s", BASE, base["cpu_page"], aim)
        figure(
            f"N={n} {name}: time to render, median",
            r["median_s"],
            "s",
            BASE,
            base["median_s"],
            f"max {r['max_s']:.2f} s, the one-button's {base['max_s']:.2f} s",
        )
        figure(f"N={n} {name}: server memory per page", r["mb_page"], "MB", BASE, base["mb_page"])
    sand, echo = results.get("sandbox"), results.get("echo")
    if sand is None or "cpu_click_ms" not in sand:
        return None
    phases = ", ".join(f"{k} {v:.0f}" for k, v in sand["phases"].items())
    print(f"    sandbox server CPU ms per click, each kind: {phases}")
    print(
        "    sandbox in the background (a planning stopwatch ticking): "
        f"{sand.get('background_ms_per_s', 0):.1f} ms of CPU per second per page"
    )
    click = sand["cpu_click_ms"]
    if echo is not None and "cpu_click_ms" in echo:
        figure(
            f"N={n} sandbox: server CPU per click (roll, drop, step)",
            click,
            "ms",
            "a click echoed",
            echo["cpu_click_ms"],
            f"goal ≤ {GOALS['click_ms']:.0f} ms: {_verdict(click <= GOALS['click_ms'])}",
        )
    return sand["cpu_page"] / base["cpu_page"] if base["cpu_page"] else float("inf"), click


BASE = "the one-button page"


async def run(
    sizes: list[int],
    options: list[str],
    linger: float,
    settings: ServeSettings,
    budget: float,
    walk_sizes: list[int],
    warm: bool = True,
    notebooks: tuple = NOTEBOOKS,
) -> None:
    from playwright.async_api import async_playwright

    print(
        "Server CPU and memory are the server's own (its process tree); the browsers share this "
        f"machine's {psutil.cpu_count()} cores, so times to render are pessimistic (in class, pages "
        "render on the students' devices)."
    )
    print(
        f"server: idle timeout {settings.idle_timeout} s, disconnected timeout "
        f"{getattr(settings, 'disconnected_timeout', 'none')} s, pool {settings.pool}, options "
        f"{' '.join(options) or '(none)'}; after each notebook's pages close, the benchmark waits up to "
        f"{linger:.0f} s for the culler (not measured) and shows the kernels still alive"
    )
    server = Server(options, settings)
    summary = []
    try:
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            if warm:  # a smoke run (--quick) skips it: its first figures then include the server's warm-up
                await warm_up(server, browser)
                # The warm-up pages' kernels go before anything is measured (their shutdown is work too).
                if settings.pool == 0:
                    await gone(server, 0, linger)
                else:  # pool kernels stay: wait out the backstop once
                    await asyncio.sleep(
                        settings.disconnected_timeout + cull_interval(settings.disconnected_timeout) + 5
                    )
            for n in sizes:
                server.idle()
                pool = server.kernels()
                results: dict[str, dict] = {}
                for notebook, ready, clicks in notebooks:
                    name = NAMES[notebook]
                    result: dict = {"pages": [], "phases": {}}
                    try:
                        await asyncio.wait_for(
                            measure(server, browser, notebook, ready, n, clicks, result), budget
                        )
                    except (asyncio.TimeoutError, Exception) as exc:  # partial figures, not a hang
                        what = "timed out" if "Timeout" in type(exc).__name__ else type(exc).__name__
                        print(
                            f"    {name} at N={n}: {what} (budget {budget:.0f} s); its figures so far follow",
                            flush=True,
                        )
                        result["partial"] = True
                    for context in list(browser.contexts):  # the students leave (also pages a timeout left)
                        await leave(context)
                    left, waited = await gone(server, pool, linger)
                    result["left"] = f"{left} after {waited:.0f} s"
                    if "cpu_page" in result:
                        results[name] = result
                    print(
                        f"{n:>3} {name:<10} pages rendered, then closed: kernels left {result['left']}",
                        flush=True,
                    )
                ratios = report(n, results)
                if ratios is not None:
                    summary.append((n, *ratios))
            if walk_sizes:
                print("the walk: each student opens chapters 1-4 by link in one tab, then leaves", flush=True)
            for n in walk_sizes:
                try:
                    await walk(server, browser, n, budget)
                except (asyncio.TimeoutError, Exception) as exc:
                    print(f"  walk at N={n}: {type(exc).__name__} (budget {budget:.0f} s)", flush=True)
                for context in list(browser.contexts):
                    await context.close()
            await browser.close()
    finally:
        server.stop()
    if summary:
        print("summary: " + "; ".join(f"N={n}: page {r:.2f}×, click {c:.1f} ms" for n, r, c in summary))


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


def _interrupted(_signum: int, _frame: object) -> None:
    raise KeyboardInterrupt


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument(
        "--sizes", type=int, nargs="*", default=[1, 5, 10], help="class sizes (1 5 10; none: the walk only)"
    )
    parser.add_argument(
        "--linger", type=float, default=90.0, help="seconds to wait for closed pages' kernels to go (90)"
    )
    parser.add_argument(
        "--idle-timeout", type=int, default=IDLE_TIMEOUT, help=f"the server's (the app's: {IDLE_TIMEOUT})"
    )
    parser.add_argument(
        "--disconnected-timeout",
        type=int,
        default=DISCONNECTED_TIMEOUT,
        help=f"the server's (the app's: {DISCONNECTED_TIMEOUT})",
    )
    parser.add_argument(
        "--walk",
        type=int,
        nargs="*",
        default=None,
        help="class sizes of the walk (default: --sizes; none: skip)",
    )
    parser.add_argument("--pool", type=int, default=0, help="pre-heated kernels per notebook (0)")
    parser.add_argument(
        "--budget",
        type=float,
        default=600.0,
        help="seconds for one notebook at one N before its partial figures (600)",
    )
    parser.add_argument(
        "--server-option",
        action="append",
        default=[],
        help="an option for the server (repeatable), e.g. --server-option=--idle-timeout=30",
    )
    args = parser.parse_args()
    if args.quick:  # one student, a short linger; the walk is the browser tests' (test_class_walk.py)
        args.sizes, args.walk, args.linger, args.budget = [1], [], 10.0, 300.0
    header("a class arriving at once (server side)", args.quick)
    signal.signal(signal.SIGTERM, _interrupted)  # `kill` stops the server and its kernels too
    options = {"idle_timeout": args.idle_timeout, "max_pages": -1, "pool": args.pool}
    if "disconnected_timeout" in {f.name for f in dataclasses.fields(ServeSettings)}:  # not before it existed
        options["disconnected_timeout"] = args.disconnected_timeout
    settings = ServeSettings(**options)
    walk_sizes = args.sizes if args.walk is None else args.walk
    asyncio.run(
        run(
            args.sizes,
            args.server_option,
            args.linger,
            settings,
            args.budget,
            walk_sizes,
            warm=not args.quick,
            # a smoke run leaves out the welcome page (a page and no click: the sandbox's code path)
            notebooks=tuple(n for n in NOTEBOOKS if n[0] != WELCOME) if args.quick else NOTEBOOKS,
        )
    )


if __name__ == "__main__":
    main()
