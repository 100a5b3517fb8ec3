"""The teacher's tools in a real browser: a demo link, Next/Back, the editor's clicks, files and links."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from asteroyds import STANDARD_BOARD, demos, scenario
from asteroyds.ui.board.scene import cell_key
from asteroyds.ui.board.view import cell_fraction
from asteroyds.ui.editor import EditorController
from asteroyds.ui.share import links

from .conftest import ARTIFACTS, LAZY_OPEN, RENDER_TIMEOUT, open_sections, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "teachers_tools"
DEMO = "rulebook-white-6-before-gate-24"
PRESENTER = ".asteroyds-presenter"
EDITOR = ".asteroyds-editor"


def open_tools(page, base_url: str, query: str = "", linked: bool | None = None, editor: bool = True) -> None:
    """Load the notebook (with a query string) and wait until it ran and the editor rendered.

    The editor is a closed section, open at once when a link, good or bad (``linked``: by default,
    any query), opened the page; else it is opened here, as a teacher presses *Open the scenario
    editor* (the page's first closed section, the exercise the second), unless ``editor`` is False.
    The window is as tall as a projector page, so the large board fits in the screenshots.
    """
    page.set_viewport_size({"width": 1280, "height": 1500})
    suffix = f"?{query}" if query else ""
    page.goto(f"{base_url}/voila/render/{NOTEBOOK}.ipynb{suffix}", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    if not (bool(query) if linked is None else linked):
        page.wait_for_selector(LAZY_OPEN, timeout=RENDER_TIMEOUT)
        if not editor:
            return
        open_sections(page, 2, [0])
    page.wait_for_selector(f"{EDITOR} .asteroyds-board", timeout=RENDER_TIMEOUT)


def board_data(page, root: str, name: str) -> str:
    return page.locator(f"{root} .asteroyds-board-state .asteroyds-board-data").first.get_attribute(
        f"data-{name}"
    )


def wait_for_data(page, root: str, name: str, condition: str, timeout: float = 15_000) -> None:
    """Wait until ``data-NAME`` of the board under ``root`` satisfies a JS condition on ``v``."""
    selector = f"{root} .asteroyds-board-state .asteroyds-board-data"
    page.wait_for_function(
        f"() => {{ const e = document.querySelector({selector!r}); const v = e && e.dataset[{name!r}]; "
        f"return v !== undefined && ({condition}); }}",
        timeout=timeout,
    )


def click_hex(page, root: str, cell) -> None:
    """Click a hex of the board under ``root`` at its pixel position (from the figure's box)."""
    figure = page.locator(f"{root} .asteroyds-board svg.svg-figure").first
    box = figure.bounding_box()
    fx, fy = cell_fraction(cell, STANDARD_BOARD)
    figure.click(position={"x": fx * box["width"], "y": fy * box["height"]})


def summary_of(state) -> str:
    """What a board publishes as ``data-pieces`` for this state."""
    return " ".join(f"{p.id}@{cell_key(p.cell)}" for p in state.pieces)


def no_traceback(page) -> None:
    assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0
    assert not page.errors, page.errors


@pytest.fixture
def tools(page, voila_url):
    open_tools(page, voila_url, f"demo={DEMO}")
    return page


def test_a_demo_link_opens_the_demo_in_the_presenter(tools):
    page = tools
    demo = demos.load_demo(DEMO)
    title = page.locator(f"{PRESENTER} .asteroyds-presenter-title")
    expect(title).to_have_text(demo.title)
    assert title.get_attribute("data-demo") == DEMO
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-explain")).to_contain_text("smaller number")
    expect(page.locator(f"{PRESENTER} .asteroyds-board")).to_be_visible()
    page.wait_for_function(  # the large board's picture is drawn: one polygon per hex
        f"() => document.querySelectorAll('{PRESENTER} .asteroyds-board svg .hexes polygon').length >= 158",
        timeout=15_000,
    )
    assert board_data(page, PRESENTER, "pieces") == "G24@6,7 W6@6,5"
    picked = page.locator(f"{PRESENTER} .asteroyds-presenter-picker select").input_value()
    assert picked == f"§4 · {demo.title}"  # the picker lists the gallery by rules section
    box = page.locator(f"{PRESENTER} .asteroyds-board").first.bounding_box()
    assert box["width"] > 1100  # the large board, for a projector
    no_traceback(page)
    screenshot(page.locator(PRESENTER), "teacher-presenter-start")


def test_next_and_back_step_through_the_demo(tools):
    page = tools
    counter = page.locator(f"{PRESENTER} .asteroyds-presenter-counter")
    expect(counter).to_have_attribute("data-step", "0")
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-back")).to_be_disabled()
    page.locator(f"{PRESENTER} .asteroyds-presenter-next").click()
    expect(counter).to_have_attribute("data-step", "1")
    # both white movers; the highlight is a widget message of its own, after the counter's
    wait_for_data(page, PRESENTER, "highlight", "v === '6,5 6,7'")
    page.locator(f"{PRESENTER} .asteroyds-presenter-next").click()
    wait_for_data(page, PRESENTER, "pieces", "v === 'G24@6,7 W6@6,6'")  # the board changed
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-step")).to_contain_text(
        "White asteroid #6 moves 1 space E"  # no "(6, 6)": the board shows no coordinates, it outlines
    )
    page.locator(f"{PRESENTER} .asteroyds-presenter-next").click()
    wait_for_data(page, PRESENTER, "collisions", "v === '6,6'")
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-next")).to_be_disabled()
    expect(page.locator(f"{PRESENTER} tr.asteroyds-current")).to_contain_text("White gate #24 is blocked")
    screenshot(page.locator(PRESENTER), "teacher-presenter-last-step")
    page.locator(f"{PRESENTER} .asteroyds-presenter-back").click()
    page.locator(f"{PRESENTER} .asteroyds-presenter-back").click()
    wait_for_data(page, PRESENTER, "pieces", "v === 'G24@6,7 W6@6,5'")
    expect(counter).to_have_attribute("data-step", "1")


def test_the_picker_switches_demo(tools):
    page = tools
    dolorosa = demos.load_demo("pilot-dolorosa-rulebook-example")
    picker = page.locator(f"{PRESENTER} .asteroyds-presenter-picker select")
    picker.select_option(label=f"§9 · {dolorosa.title}")
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-title")).to_have_text(dolorosa.title)
    wait_for_data(page, PRESENTER, "crafts", "v === 'blue@6,6:E:3'")  # the demo file's start
    page.locator(f"{PRESENTER} .asteroyds-presenter-last").click()
    # the rulebook's result: turned back and forward, Left, Right blocked by the pod: 3 + 2 - 1 damage
    wait_for_data(page, PRESENTER, "crafts", "v === 'blue@7,4:W:4'")
    screenshot(page.locator(PRESENTER), "teacher-presenter-dolorosa")


def test_the_editor_adds_a_piece_where_the_hex_is_clicked(tools):
    page = tools
    editor = page.locator(EDITOR)
    editor.scroll_into_view_if_needed()
    # The page was opened with ?demo=: the editor holds that demo, ready to change.
    wait_for_data(page, EDITOR, "pieces", "v === 'G24@6,7 W6@6,5'")
    editor.locator(".asteroyds-editor-tools button", has_text="Asteroid").click()
    expect(editor.locator(".asteroyds-editor-colour")).to_be_visible()
    click_hex(page, EDITOR, (4, 9))
    wait_for_data(page, EDITOR, "pieces", "v.split(' ').includes('R1@4,9')")
    message = editor.locator(".asteroyds-editor-message")
    expect(message).to_contain_text("Added red asteroid #1 at (4, 9)")
    assert board_data(page, EDITOR, "highlight") == "4,9"  # the new piece is selected
    click_hex(page, EDITOR, (4, 9))  # again: refused, nothing changes
    expect(message).to_contain_text("(4, 9) already holds red asteroid #1")
    assert message.locator("[data-ok='false']").count() == 1
    editor.locator(".asteroyds-editor-rotate-right").click()
    expect(editor.locator(".asteroyds-editor-selection")).to_contain_text("“1” edge SE")
    screenshot(editor, "teacher-editor-added")
    editor.locator(".asteroyds-editor-undo").click()
    editor.locator(".asteroyds-editor-undo").click()
    wait_for_data(page, EDITOR, "pieces", "v === 'G24@6,7 W6@6,5'")
    no_traceback(page)


def test_the_editor_previews_downloads_and_shares(tools):
    page = tools
    editor = page.locator(EDITOR)
    editor.locator(".asteroyds-editor-preview").click()
    wait_for_data(page, EDITOR, "pieces", "v === 'G24@6,7 W6@6,6'")  # the engine moved W6
    expect(editor.locator(".asteroyds-editor-preview-log")).to_contain_text("White gate #24 is blocked")
    screenshot(editor, "teacher-editor-preview")
    editor.locator(".asteroyds-editor-preview").click()  # back to editing
    wait_for_data(page, EDITOR, "pieces", "v === 'G24@6,7 W6@6,5'")
    with page.expect_download() as info:
        editor.locator(".asteroyds-editor-download-link").click()
    download = info.value
    assert download.suggested_filename == "asteroyds-scenario.json"
    with open(download.path(), encoding="utf-8") as file:
        text = file.read()
    assert scenario.loads(text) == demos.load_demo(DEMO).state
    href = editor.locator(".asteroyds-editor-share-link").get_attribute("href")
    assert links.scenario_from_query(href.split("?", 1)[1]) == demos.load_demo(DEMO).state


def test_a_pasted_broken_file_is_refused_on_the_page(tools):
    page = tools
    editor = page.locator(EDITOR)
    editor.locator(".asteroyds-editor-json textarea").fill('{"format": "asteroyds/scenario@1", "pieces": 7}')
    editor.locator(".asteroyds-editor-load-text").click()
    expect(editor.locator(".asteroyds-editor-message")).to_contain_text("'pieces' must be a list")
    assert board_data(page, EDITOR, "pieces") == "G24@6,7 W6@6,5"
    no_traceback(page)


def test_a_shared_scenario_link_opens_in_both_tools(page, voila_url):
    state = demos.load_demo("bicolour-moves-in-both-phases").state
    open_tools(page, voila_url, links.share_link(state, dice=(1, 1, 1)).lstrip("?"))
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-title")).to_have_text("A shared scenario")
    assert board_data(page, PRESENTER, "pieces") == "WR1@6,5 WB1@8,5"
    assert board_data(page, EDITOR, "pieces") == "WR1@6,5 WB1@8,5"
    page.locator(f"{PRESENTER} .asteroyds-presenter-last").click()
    wait_for_data(page, PRESENTER, "pieces", "v === 'WR1@6,8 WB1@8,7'")
    no_traceback(page)


def test_a_bad_link_gives_a_message_not_a_traceback(page, voila_url):
    open_tools(page, voila_url, "demo=pilot-hektor")  # a bad link opens the editor too, empty
    message = page.locator(f"{PRESENTER} .asteroyds-presenter-message")
    expect(message).to_contain_text("no demo named 'pilot-hektor'")
    expect(message).to_contain_text("did you mean 'pilot-hector'")
    # The presenter still shows a demo to start from.
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-title")).to_have_text(demos.load_demo(DEMO).title)
    no_traceback(page)
    screenshot(page.locator(PRESENTER).locator(".asteroyds-presenter-message"), "teacher-bad-link")


def test_the_page_as_a_whole(page, voila_url):
    open_tools(page, voila_url)
    expect(page.locator(f"{PRESENTER} .asteroyds-presenter-title")).to_have_text(demos.load_demo(DEMO).title)
    # The gallery is a table: each demo's title, and its name as a link that opens it in the presenter.
    rows = page.locator(".asteroyds-demo-table tbody tr")
    expect(rows).to_have_count(len(demos.list_demos()))
    table_links = page.locator(".asteroyds-demo-table a").all()
    links_to = {link.inner_text(): link.get_attribute("href") for link in table_links}
    assert sorted(links_to) == sorted(demos.list_demos())
    assert all(href.endswith(f"teachers_tools.ipynb?demo={name}") for name, href in links_to.items())
    dolorosa = demos.load_demo("pilot-dolorosa-rulebook-example")
    row = page.locator(".asteroyds-demo-table tr", has_text="pilot-dolorosa-rulebook-example")
    expect(row).to_contain_text(dolorosa.title)
    link = page.locator(".asteroyds-demo-link a")
    assert link.get_attribute("href").endswith("?demo=pilot-dolorosa-rulebook-example")
    no_traceback(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "teacher-page.png"), full_page=True)


def test_a_capture_layout_is_rearranged_previewed_and_played_in_the_sandbox(page, voila_url):
    """Issue 7: "teams may rearrange pods and turrets in the editor", then play that layout."""
    open_tools(page, voila_url)
    editor = page.locator(EDITOR)
    editor.scroll_into_view_if_needed()
    editor.locator(".asteroyds-editor-setup select").select_option(
        label="Capture"
    )  # the menu says the mode in words
    editor.locator(".asteroyds-editor-new").click()
    wait_for_data(page, EDITOR, "pieces", "v.split(' ').includes('TR1@4,4')")
    message = editor.locator(".asteroyds-editor-message")
    expect(message).to_contain_text("The capture layout: 2 teams (red, white), 2 crafts each")
    expect(editor.locator(".asteroyds-editor-tools button", has_text="Gate")).to_have_count(0)
    # Move the red turret forward by two clicks, then turn it: it keeps its team.
    editor.locator(".asteroyds-editor-tools button[data-value='Move']").click()
    click_hex(page, EDITOR, (4, 4))
    expect(message).to_contain_text("Moving red turret TR1")
    click_hex(page, EDITOR, (3, 5))
    wait_for_data(page, EDITOR, "pieces", "v.split(' ').includes('TR1@3,5')")
    expect(message).to_contain_text("Moved red turret TR1 to (3, 5)")
    editor.locator(".asteroyds-editor-rotate-left").click()
    expect(editor.locator(".asteroyds-editor-selection")).to_contain_text(
        "Red turret TR1 at (3, 5), “1” edge SE"
    )
    # A new white turret: the Team menu says whose it is.
    editor.locator(".asteroyds-editor-tools button[data-value='Turret']").click()
    editor.locator(".asteroyds-editor-team select").select_option(label="team white")
    click_hex(page, EDITOR, (6, 11))
    expect(message).to_contain_text("Added white turret TW3 at (6, 11)")
    click_hex(page, EDITOR, (6, 3))  # refused: the red asteroyd's space
    expect(message).to_contain_text("(6, 3) already holds red asteroyd")
    assert message.locator("[data-ok='false']").count() == 1
    # The preview is the turrets' turn: lasers outlined, the log says where each one fires.
    editor.locator(".asteroyds-editor-preview").click()
    expect(editor.locator(".asteroyds-editor-preview-log")).to_contain_text(
        "white turret TW3 at (6, 11) fires"
    )
    wait_for_data(page, EDITOR, "highlight", "v.length > 0")
    screenshot(editor, "teacher-editor-capture-preview")
    editor.locator(".asteroyds-editor-preview").click()  # back to editing
    # Play it: the link opens the sandbox with this board as a new game.
    play = editor.locator(".asteroyds-editor-play-link")
    expect(play).to_be_visible()
    href = play.get_attribute("href")
    assert "/sandbox.ipynb?scenario=" in href
    state = links.scenario_from_query(href.split("?", 1)[1])
    assert state.piece("TR1").cell == (3, 5) and state.piece("TW3").team == "white"
    no_traceback(page)
    page.set_viewport_size({"width": 1280, "height": 2300})
    page.goto(href, timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    sandbox = ".asteroyds-sandbox"
    page.wait_for_function(
        "() => { const e = document.querySelector('.asteroyds-sandbox .asteroyds-sandbox-values'); "
        "return !!e && e.dataset.stage === 'roll'; }",
        timeout=RENDER_TIMEOUT,
    )
    pieces = page.locator(f"{sandbox} .asteroyds-board-data").first.get_attribute("data-pieces").split()
    assert "TR1@3,5" in pieces and "TW3@6,11" in pieces
    expect(page.locator(f"{sandbox} .asteroyds-message").first).to_contain_text(
        "New capture game on the loaded scenario"
    )
    no_traceback(page)
    screenshot(page.locator(sandbox), "sandbox-edited-capture-layout")


def test_a_scripted_board_shows_the_editors_answers_and_opens_in_the_editor(page, voila_url):
    """The chapter's scripts: the editor's answers under the board (one refused), the board's link."""
    script = EditorController()
    script.select_tool("asteroid", colour="blue", orientation="E")
    script.click((6, 5))
    script.select_tool("asteroid", colour="white", orientation="W")
    script.click((6, 6))
    open_tools(page, voila_url, editor=False)  # the editor stays closed: the button opens it
    assert page.locator(EDITOR).count() == 0
    answers = page.locator(".asteroyds-answers").first
    answers.scroll_into_view_if_needed()
    expect(answers.locator("li")).to_have_count(4)
    expect(answers.locator("li[data-ok='false']")).to_have_count(1)
    expect(answers.locator("li[data-ok='false']")).to_contain_text("(6, 6) already holds white asteroid")
    # The share link carries the scripted board.
    href = page.locator(".asteroyds-share-link a").get_attribute("href")
    assert links.scenario_from_query(href.split("?", 1)[1]) == script.state
    # "Open in the editor": the editor above now holds the scripted board, ready to change.
    page.locator(".asteroyds-open-in-editor").first.click()
    wait_for_data(page, EDITOR, "pieces", f"v === {summary_of(script.state)!r}")
    expect(page.locator(f"{EDITOR} .asteroyds-editor-message")).to_contain_text("Loaded the scripted board")
    no_traceback(page)
