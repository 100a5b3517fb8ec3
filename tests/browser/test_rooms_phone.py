"""A class room played from a phone (390x844 portrait, 844x390 landscape, touch) and shown on a projector.

The student's page is opened in a phone context (``is_mobile``, ``has_touch``):
join by code, tap a seat, the teacher rolls (the room's Python API, as the
room CLI does), the student fills ``F F R . . . S`` by tapping the chart's cells
only and submits by a tap. At every stage the page is measured: no visible
element's right edge passes the screen, every visible button is at least 44 px
tall, the board and the chart are within the screen's width, and the
student's craft is inside the part of the board in view (also zoomed in).
The chart's SVG words and numbers are drawn at 16 px or more. During the
resolution on a portrait phone, the board and the round player's phase and
step buttons (pinned to the bottom of the screen) are each whole and
uncovered on one screen, and a tap on "step" steps without scrolling.
The projector's page (1920x1080) shows the board and the round player's step
button in one screen during a resolution. With ``ASTEROYDS_README_IMAGES=1`` the portrait and
projector runs save the README's screenshots into ``notebooks/images/``.
"""

from __future__ import annotations

import pytest

from asteroyds import setup
from asteroyds.rooms import Room, SQLiteStore
from asteroyds.ui.board.layers import FONTS, HEX_SIZE
from asteroyds.ui.board.view import extent
from asteroyds.ui.chart.status.view import cell_centre
from asteroyds.ui.rooms.pages import RoomChoices, TeacherPage

from .conftest import RENDER_TIMEOUT, readme_image, screenshot

pytestmark = pytest.mark.ui

DATA = ".asteroyds-room-values"
TIMEOUT = 60_000  # ms a wait may last (a bound, not a speed check): tests run side by side
PROGRAM = "F F R . . . S"
TAPS = ((1, "F"), (2, "F"), (3, "R"))  # the shield token is on Shield from the start

# What a phone must never show: an element past the screen's right edge, a button under 44 px.
MEASURE = """() => {
  const W = window.innerWidth, wide = [], small = [], cut = [], tiny = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;  // marks: clipped by their figure
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const s = getComputedStyle(el);
    if (s.visibility === 'hidden' || s.display === 'none') continue;
    const css = el.className && el.className.baseVal !== undefined ? el.className.baseVal : el.className;
    const name = css || el.tagName;
    if (r.right > W + 1) wide.push(String(name).slice(0, 80) + ' ' + Math.round(r.right));
    if (el.tagName === 'BUTTON' && r.height < 44)
      small.push((el.innerText || String(name)).slice(0, 30) + ' ' + Math.round(r.height));
    if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) cut.push(el.innerText.slice(0, 30));
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (text && !el.closest('.asteroyds-room-data, .asteroyds-room-values') && parseFloat(s.fontSize) < 16)
      tiny.push(el.textContent.trim().slice(0, 30) + ' ' + s.fontSize);
  }
  // the status chart's SVG words and numbers, at the size they are drawn on the screen
  const labels = [];
  for (const t of document.querySelectorAll('.asteroyds-room-student .asteroyds-chart-figure text')) {
    const r = t.getBoundingClientRect();
    if (!t.textContent.trim() || r.width === 0 || getComputedStyle(t).display === 'none') continue;
    const scale = t.getScreenCTM() ? Math.hypot(t.getScreenCTM().a, t.getScreenCTM().b) : 1;
    const size = parseFloat(getComputedStyle(t).fontSize) * scale;
    if (size < 16) labels.push(t.textContent.trim().slice(0, 20) + ' ' + size.toFixed(1));
  }
  const box = (sel) => { const e = document.querySelector(sel); if (!e) return null;
    const r = e.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; };
  return {wide, small, cut, tiny, labels, width: W, scroll: document.documentElement.scrollWidth,
          board: box('.asteroyds-room-student .asteroyds-board'),
          chart: box('.asteroyds-room-student .asteroyds-chart-figure')};
}"""


def wait_data(page, name: str, value: str) -> None:
    page.wait_for_function(
        "([sel, name, value]) => document.querySelector(sel)?.getAttribute('data-' + name) === value",
        arg=[DATA, name, value],
        timeout=TIMEOUT,
    )


def check_layout(page, stage: str, chart: bool) -> dict:
    """Nothing past the screen's edge, every button a touch target, the figures within the width."""
    got = page.evaluate(MEASURE)
    width = got["width"]
    assert got["wide"] == [], f"{stage}: elements past the screen's right edge: {got['wide']}"
    assert got["scroll"] <= width, f"{stage}: the page scrolls sideways ({got['scroll']} > {width})"
    assert got["small"] == [], f"{stage}: buttons under 44 px tall: {got['small']}"
    assert got["cut"] == [], f"{stage}: buttons whose words are cut: {got['cut']}"
    assert got["tiny"] == [], f"{stage}: text under 16 px: {got['tiny']}"
    board = got["board"]
    assert board is not None and board[0] >= 0 and board[1] <= width + 1, f"{stage}: board {board}"
    if chart:
        assert got["labels"] == [], f"{stage}: the chart's labels under 16 px: {got['labels']}"
        box = got["chart"]
        assert box is not None and box[0] >= 0 and box[1] <= width + 1, f"{stage}: chart {box}"
    return got


def craft_in_view(page, seat: str) -> None:
    """The seat's craft is inside the part of the board in view, and that part is on the screen."""
    board = page.locator(".asteroyds-room-student .asteroyds-board-data")
    points = dict(
        item.split(":", 1) for item in (board.get_attribute("data-craft-points") or "").split() if ":" in item
    )
    assert seat in points, points
    x, y = (float(v) for v in points[seat].split(","))
    x0, x1, y0, y1 = (float(v) for v in (board.get_attribute("data-window") or "").split(","))
    assert x0 <= x <= x1 and y0 <= y <= y1, (
        f"{seat}'s craft at {x},{y} is out of the view {x0}-{x1}, {y0}-{y1}"
    )


# During a resolution on a portrait phone: the board, and the phase and step buttons, each whole on the
# screen and uncovered (what is at each one's centre is itself).
ONE_SCREEN = """() => {
  const scope = '.asteroyds-room-student ';
  const out = {};
  for (const [name, sel] of [['board', '.asteroyds-board'], ['step', '.asteroyds-btn-next'],
                             ['back', '.asteroyds-btn-back'], ['fly', '.asteroyds-btn-fly'],
                             ['bar', '.asteroyds-rp-controls']]) {
    const e = document.querySelector(scope + sel);
    if (!e) { out[name] = null; continue; }
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    out[name] = {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                 own: !!hit && (e === hit || e.contains(hit)), position: getComputedStyle(e).position,
                 cls: e.className};
  }
  // what pins a fixed element to a box rather than the screen (Voila's panels are "contain: strict")
  const chain = [];
  const bar = document.querySelector(scope + '.asteroyds-rp-controls');
  for (let e = bar?.parentElement; e; e = e.parentElement) {
    const c = getComputedStyle(e);
    if (c.transform !== 'none' || c.filter !== 'none' || (c.contain && c.contain !== 'none'))
      chain.push(e.className + ': ' + c.transform + ' ' + c.filter + ' ' + c.contain);
  }
  out.chain = chain;
  return out;
}"""


def board_and_steps_on_one_screen(page, height: int) -> None:
    got = page.evaluate(ONE_SCREEN)
    board, bar = got["board"], got["bar"]
    assert board is not None and bar is not None, got
    for name in ("step", "back", "fly"):
        box = got[name]
        on_screen = box is not None and box["top"] >= 0 and box["bottom"] <= height + 1
        assert on_screen, f"the {name} button is off the screen: {box}; its block {bar}, {got['chain']}"
        assert box["own"], f"the {name} button is covered: {got}"
    assert board["top"] >= -1 and board["bottom"] <= bar["top"] + 1, (
        f"the board is not whole above the step buttons: board {board}, buttons {bar}"
    )
    assert board["own"], "the board's centre is covered"
    data = page.locator(".asteroyds-round-data [data-cursor]")
    before = data.get_attribute("data-cursor")
    page.locator(".asteroyds-room-student .asteroyds-btn-next").tap()  # without scrolling
    page.wait_for_function(
        "old => document.querySelector('.asteroyds-round-data [data-cursor]')?.getAttribute('data-cursor')"
        " !== old",
        arg=before,
        timeout=TIMEOUT,
    )
    assert page.evaluate(ONE_SCREEN)["board"]["top"] == board["top"], "stepping scrolled the page"


def tap_cell(page, column: int, action: str) -> None:
    """A finger on a chart cell (its place on the screen, from the chart's own coordinates)."""
    figure = page.locator(".asteroyds-room-student .asteroyds-chart-figure")
    figure.scroll_into_view_if_needed()
    data = page.locator(".asteroyds-room-student .asteroyds-chart-data-values")
    (x0, x1), (y0, y1) = (
        tuple(float(v) for v in (data.get_attribute(f"data-{axis}-range") or "").split(",")) for axis in "xy"
    )
    box = figure.bounding_box()
    assert box is not None
    x, y = cell_centre(column, action)
    page.touchscreen.tap(
        box["x"] + (x - x0) / (x1 - x0) * box["width"], box["y"] + (y1 - y) / (y1 - y0) * box["height"]
    )


def phone(browser, width: int, height: int):
    context = browser.new_context(
        viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return context, page


def play_on_a_phone(browser, voila_url, rooms_store, width: int, height: int, lang: str = "") -> dict:
    """The whole flow on one phone; returns the paths of its screenshots."""
    with SQLiteStore(rooms_store) as store:
        teacher = TeacherPage(store)
        code = teacher.create(
            RoomChoices(mode="racing", seats=("blue", "red"), bots=("red",), seed=2, planning_seconds=0)
        )
        context, page = phone(browser, width, height)
        shots = {}
        try:
            folder = f"{lang}/" if lang else ""
            page.goto(f"{voila_url}/voila/render/{folder}join.ipynb", timeout=RENDER_TIMEOUT)
            page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
            page.locator(".asteroyds-room-open").wait_for(timeout=TIMEOUT)
            # the first screen: the code box and its button, whole (not "O…")
            button = page.locator(".asteroyds-room-open")
            assert button.evaluate("b => b.scrollWidth <= b.clientWidth"), "the Open button's words are cut"
            page.locator(".asteroyds-room-code-input input").fill(code.lower())
            button.tap()
            seat = page.locator(".asteroyds-room-seat-blue")
            seat.wait_for(timeout=TIMEOUT)
            page.locator(".asteroyds-room-name input").fill("Ann")
            seat.tap()
            wait_data(page, "seat", "blue")
            teacher.session.poll()
            teacher.roll(dice=(3, 5, 2))  # the teacher starts round 1
            wait_data(page, "phase", "plan")
            page.wait_for_selector(
                ".asteroyds-room-student .asteroyds-chart-figure .object_grp", timeout=TIMEOUT
            )
            check_layout(page, "planning", chart=True)
            craft_in_view(page, "blue")
            board_text_fits_its_hexes(page, zoom=1.0)
            programs = page.locator(".asteroyds-room-student .asteroyds-chart-data-values")
            for column, action in TAPS:
                before = programs.get_attribute("data-program")
                tap_cell(page, column, action)
                page.wait_for_function(
                    "([sel, old]) => document.querySelector(sel)?.getAttribute('data-program') !== old",
                    arg=[".asteroyds-room-student .asteroyds-chart-data-values", before],
                    timeout=TIMEOUT,
                )
            assert programs.get_attribute("data-program") == PROGRAM
            # zoom in on the craft: closer, and the craft still in view
            zoom_in = page.locator(".asteroyds-room-student .asteroyds-board-zoom-in")
            zoom_in.scroll_into_view_if_needed()
            zoom_in.tap()
            board = page.locator(".asteroyds-room-student .asteroyds-board-data")
            page.wait_for_function(
                "sel => document.querySelector(sel)?.getAttribute('data-zoom') === '1.5'",
                arg=".asteroyds-room-student .asteroyds-board-data",
                timeout=TIMEOUT,
            )
            craft_in_view(page, "blue")
            board_text_fits_its_hexes(page, zoom=1.5)
            check_layout(page, "planning, zoomed in", chart=True)
            page.locator(".asteroyds-room-student .asteroyds-chart-figure").evaluate(
                "e => e.scrollIntoView()"
            )
            shots["planning"] = screenshot(page, f"room_phone_{width}x{height}{lang}_planning")
            page.locator(".asteroyds-room-student .asteroyds-board").evaluate("e => e.scrollIntoView()")
            shots["board"] = screenshot(page, f"room_phone_{width}x{height}{lang}_board")
            submit = page.locator(".asteroyds-room-submit")
            submit.scroll_into_view_if_needed()
            submit.tap()
            wait_data(page, "resolved", "1")  # the bot has played red: the round resolves
            game = Room.open(store, code).view.game
            assert {item["program"]: item["text"] for item in game.inputs if "program" in item}[
                "blue"
            ] == PROGRAM
            page.locator(".asteroyds-round-player").wait_for(timeout=TIMEOUT)
            check_layout(page, "resolution", chart=False)
            craft_in_view(page, "blue")
            assert board.get_attribute("data-zoom") == "1.5"
            page.locator(".asteroyds-btn-asteroids").tap()
            page.wait_for_function(
                "document.querySelector('.asteroyds-round-data [data-phase]')?.getAttribute('data-phase')"
                " === 'asteroids'",
                timeout=TIMEOUT,
            )
            check_layout(page, "resolution, asteroids", chart=False)
            page.locator(".asteroyds-room-student .asteroyds-board").evaluate("e => e.scrollIntoView()")
            if height > width:  # portrait: the board and the step buttons on one screen, and the step works
                board_and_steps_on_one_screen(page, height)
            shots["resolution"] = screenshot(page, f"room_phone_{width}x{height}{lang}_resolution")
            if width > height:  # landscape: the chart and the board side by side
                teacher.session.poll()
                teacher.roll(dice=(1, 2, 3))
                wait_data(page, "phase", "plan")
                page.wait_for_selector(".asteroyds-room-student .asteroyds-chart-figure", timeout=TIMEOUT)
                got = check_layout(page, "landscape planning", chart=True)
                chart, board_box = got["chart"], got["board"]
                assert board_box[0] >= chart[1] - 1, f"the board is not beside the chart: {chart} {board_box}"
                shots["planning2"] = screenshot(page, f"room_phone_{width}x{height}{lang}_side_by_side")
            assert page.errors == []
        finally:
            context.close()
    return shots


def board_text_fits_its_hexes(page, zoom: float) -> None:
    """The page told the kernel the board's width on screen (template part 8), and the tiles' text
    is sized for that width, not for a desktop's 700 px (where it spilled over the hexes)."""
    fig = ".asteroyds-room-student .asteroyds-board-fluid"
    inbox = ".asteroyds-room-student .asteroyds-board-width-inbox input"
    page.wait_for_function(
        "([fig, inbox]) => { const f = document.querySelector(fig), i = document.querySelector(inbox);"
        " return f && i && i.value === String(Math.round(f.getBoundingClientRect().width)); }",
        arg=[fig, inbox],
        timeout=TIMEOUT,
    )
    width = page.evaluate("sel => document.querySelector(sel).getBoundingClientRect().width", fig)
    width_units, _ = extent(setup("racing", seed=1, players=["blue"]).board)
    largest = FONTS["labels"] * width / width_units * HEX_SIZE * zoom  # the biggest text: a priority
    page.wait_for_function(
        "([fig, most]) => Math.max(...[...document.querySelector(fig).querySelectorAll('text')]"
        ".filter(t => t.getClientRects().length > 0 && t.textContent.trim())"  # hidden or empty: not shown
        ".map(t => parseFloat(getComputedStyle(t).fontSize) || 0)) <= most",
        arg=[fig, largest + 1],
        timeout=TIMEOUT,
    )


def test_a_portrait_phone_plays_a_round_by_taps(browser, voila_url, rooms_store):
    shots = play_on_a_phone(browser, voila_url, rooms_store, 390, 844)
    readme_image(shots["planning"], "room-phone-planning.png")
    readme_image(shots["board"], "room-phone-board.png")
    readme_image(shots["resolution"], "room-phone-resolution.png")


def test_a_landscape_phone_has_the_chart_beside_the_board(browser, voila_url, rooms_store):
    play_on_a_phone(browser, voila_url, rooms_store, 844, 390)


def test_a_french_phone_plays_a_round_by_taps(browser, voila_url, rooms_store):
    play_on_a_phone(browser, voila_url, rooms_store, 390, 844, lang="fr")


def test_the_projector_shows_the_board_and_the_step_button_together(browser, voila_url, rooms_store):
    with SQLiteStore(rooms_store) as store:
        teacher = TeacherPage(store)
        code = teacher.create(
            RoomChoices(
                mode="racing", seats=("blue", "red"), bots=("blue", "red"), seed=3, planning_seconds=0
            )
        )
        teacher.roll(dice=(3, 5, 2))  # the bots play: the round resolves
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, device_scale_factor=1)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    try:
        page.goto(f"{voila_url}/voila/render/class_room.ipynb?room={code}", timeout=RENDER_TIMEOUT)
        page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
        wait_data(page, "resolved", "1")
        step = page.locator(".asteroyds-room-teacher .asteroyds-btn-next")
        step.wait_for(timeout=TIMEOUT)
        page.locator(".asteroyds-room-teacher .asteroyds-btn-asteroids").click()
        page.wait_for_function(
            "document.querySelector('.asteroyds-round-data [data-phase]')?.getAttribute('data-phase')"
            " === 'asteroids'",
            timeout=TIMEOUT,
        )
        board = page.locator(".asteroyds-room-teacher .asteroyds-board")
        board.scroll_into_view_if_needed()
        page.evaluate("document.querySelector('.asteroyds-room-teacher .asteroyds-board').scrollIntoView()")
        b, s = board.bounding_box(), step.bounding_box()
        caption = page.locator(
            ".asteroyds-room-teacher .asteroyds-board-view .asteroyds-caption"
        ).bounding_box()
        inspector = page.locator(".asteroyds-room-teacher .asteroyds-pi-head").bounding_box()
        assert b is not None and s is not None and caption is not None and inspector is not None
        shown = (
            ("board", b),
            ("step button", s),
            ("caption", caption),
            ("priority inspector's head", inspector),
        )
        for name, box in shown:
            assert box["y"] >= 0 and box["y"] + box["height"] <= 1080 + 1, f"{name} out of the screen: {box}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= 1920 + 1, f"{name} out of the screen: {box}"
        data = page.locator(".asteroyds-room-teacher .asteroyds-board-data")
        width_units = float((data.get_attribute("data-extent") or "0,0").split(",")[0])
        hex_px = 2 * HEX_SIZE * b["width"] / width_units  # a craft fills a hex
        assert hex_px >= 60, f"a craft is {hex_px:.0f} px across on the projector"
        shot = screenshot(page, "room_projector_resolution")
        readme_image(shot, "room-projector.png")
        assert page.errors == []
    finally:
        context.close()
