"""A French reader in Voila: welcome page → Français → the planning chapter, whose status chart speaks French.

The expected words come from the French catalog (``asteroyds.i18n``), not
from this file: the test fails if the chart's labels are not translated, and
keeps passing when a translator improves a wording.
"""

from __future__ import annotations

import pytest

from asteroyds.i18n import _, use_language

from .conftest import LAZY_OPEN, RENDER_TIMEOUT, open_notebook, open_sections, screenshot
from .page_checks import english_on_french
from .test_status_chart import DOTS, FIGURE, TIMEOUT

pytestmark = pytest.mark.ui

CHART = ".asteroyds-panel.asteroyds-status-chart"
# The status chart's own labels: the button under it, the word on its red column and a row (SVG text).
BUTTON = "Clear chart"
RED_COLUMN = "Shield"
ROW = "Forward"  # a row of the chart, after its glyph: "↑  Forward"


def french(message: str) -> str:
    """``message`` as the French catalog says it; an untranslated label fails the test here."""
    with use_language("fr"):
        text = _(message)
    assert text != message, f"{message!r} has no French translation in the catalog"
    return text


def wait_rendered(page) -> None:
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    open_sections(page, 3, [0])  # the chapter's chart is its first closed section (Open the chart)
    page.wait_for_selector(DOTS, timeout=RENDER_TIMEOUT)
    page.locator(FIGURE).first.scroll_into_view_if_needed()


def chart_texts(page) -> tuple[str, list[str]]:
    """The first status chart's widget text and the words drawn in its figure."""
    chart = page.locator(CHART).first
    drawn = chart.locator(f"{FIGURE} text").all_text_contents()
    return chart.inner_text(), [word.strip() for word in drawn]


def test_switch_to_french_then_plan_on_a_french_status_chart(page, voila_url):
    button, shield = french(BUTTON), french(RED_COLUMN)
    open_notebook(page, voila_url, "00_welcome", ".asteroyds-board-picture")
    page.get_by_role("link", name="Français", exact=True).click()
    page.wait_for_url("**/fr/00_welcome.ipynb", timeout=RENDER_TIMEOUT)
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    assert page.get_by_text("Bienvenue, pilote").count() >= 1
    assert page.get_by_role("link", name="English", exact=True).count() == 1  # and back

    page.get_by_role("link", name="Programmer sur le tableau de bord", exact=True).click()  # the table's link
    page.wait_for_url("**/fr/02_planning.ipynb", timeout=RENDER_TIMEOUT)
    wait_rendered(page)
    assert page.get_by_text("Le programme par écrit").count() >= 1  # the French prose
    text, drawn = chart_texts(page)
    assert button in text and BUTTON not in text
    assert shield in drawn and RED_COLUMN not in drawn
    assert any(word.endswith(french(ROW)) for word in drawn) and not any(w.endswith(ROW) for w in drawn)
    screenshot(page, "french-planning")


def test_lang_in_the_address_opens_the_french_twin_of_an_english_page(page, voila_url):
    """``?lang=fr`` on an English chapter opens its French twin: prose and widgets in French."""
    shield = french(RED_COLUMN)
    page.goto(f"{voila_url}/voila/render/02_planning.ipynb?lang=fr", timeout=RENDER_TIMEOUT)
    page.wait_for_url("**/fr/02_planning.ipynb", timeout=RENDER_TIMEOUT)
    wait_rendered(page)
    assert page.get_by_text("Le programme par écrit").count() >= 1  # the twin's prose
    assert page.get_by_text("The program in writing").count() == 0
    text, drawn = chart_texts(page)
    assert french(BUTTON) in text and shield in drawn
    assert page.errors == []  # type: ignore[attr-defined]


def test_a_french_chapter_s_exercise_answers_in_french(page, voila_url):
    # The engine's verdict for chapter 5's tie: red took its last token in an earlier column.
    explanation = french("The earliest column decides first; damage only breaks a tie in the same column.")
    right, wrong = french("red"), french("blue")
    open_notebook(page, voila_url, "fr/05_racing_game", wait_for=".asteroyds-choice")
    exercise = page.locator(".asteroyds-exercise", has=page.locator(".asteroyds-choice")).first
    exercise.scroll_into_view_if_needed()
    assert french("Blue: last token in column 5, damage 2. Red: column 3, damage 4. The winner is…") in (
        exercise.inner_text()
    )
    exercise.locator(".asteroyds-choice", has_text=wrong).click()
    feedback = exercise.locator(".asteroyds-feedback")
    feedback.wait_for(timeout=TIMEOUT)
    assert feedback.get_attribute("data-correct") == "false"
    exercise.locator(".asteroyds-choice", has_text=right).click()
    page.wait_for_function(
        "[...document.querySelectorAll('.asteroyds-feedback')].some(f => f.dataset.correct === 'true')",
        timeout=TIMEOUT,
    )
    assert explanation in exercise.locator(".asteroyds-feedback").inner_text()


# --- issue 26 item 6: what the widgets say after a click is French too ---------------------------------
def no_english(page) -> None:
    """The page's visible text has no word of an English sentence (tests/browser/page_checks.py)."""
    found = english_on_french(page)
    assert found == [], "\n".join(found)


def test_the_french_editor_answers_in_french(page, voila_url):
    """Mode menu, Undo, Redo and the preview: every answer of the editor (and its share and play
    lines) is French; the mode's name in the menu and in the message is the catalog's."""
    targets = french("Targets")
    open_notebook(page, voila_url, "fr/teachers_tools", wait_for=LAZY_OPEN)
    open_sections(page, 2, [0])  # the editor: the page's first closed section
    page.wait_for_selector(".asteroyds-editor-mode select", timeout=TIMEOUT)
    message = page.locator(".asteroyds-editor-message").first
    page.locator(".asteroyds-editor-mode select").first.select_option(label=targets)
    page.wait_for_function(
        "t => document.querySelector('.asteroyds-editor-message').innerText.includes(t)",
        arg=targets,
        timeout=TIMEOUT,
    )
    assert french("↗ Share link") in page.locator(".asteroyds-editor-share").first.inner_text()
    for css, said in ((".asteroyds-editor-undo", "Undone"), (".asteroyds-editor-redo", "Redone")):
        page.locator(css).first.click()
        page.wait_for_function(
            "t => document.querySelector('.asteroyds-editor-message').innerText.includes(t)",
            arg=french(said),
            timeout=TIMEOUT,
        )
    page.locator(".asteroyds-editor-preview").first.click()
    page.wait_for_selector(".asteroyds-editor-preview-log ol", timeout=TIMEOUT)
    assert message.inner_text().strip() != ""
    no_english(page)


def test_the_french_coach_and_pilots_speak_french(page, voila_url):
    """Chapter 6's coach (best plan, its sentences and the danger legend) and chapter 7's pilot menu."""
    open_notebook(page, voila_url, "fr/06_coach", wait_for=LAZY_OPEN)
    open_sections(page, 3, [2])  # the planning board, built when the learner opens it
    best = page.locator(".asteroyds-best-plan").first
    best.scroll_into_view_if_needed()
    best.click()
    page.wait_for_selector(".asteroyds-coach-steps li", timeout=TIMEOUT)
    no_english(page)

    open_notebook(page, voila_url, "fr/07_pilot_powers", wait_for=LAZY_OPEN)
    open_sections(page, 2, [0])  # the field, the pilot menu and the chart: the chapter's first closed section
    page.wait_for_selector(".asteroyds-status-chart", timeout=TIMEOUT)
    picker = page.locator("select").first
    for pilot in ("Dolorosa", "M'Hand", "1634", "Hector"):
        picker.select_option(label=pilot)
        # The caption of the menu's board (in the box that holds the menu and a board: the plan layout)
        # names the pilot once the kernel has drawn its chart and path.
        page.wait_for_function(
            "p => { let box = document.querySelector('select').closest('.widget-dropdown');"
            " while (box && !box.querySelector('.asteroyds-board-view')) { box = box.parentElement; }"
            " const e = box && box.querySelector('.asteroyds-board-view .asteroyds-caption');"
            " return !!e && e.innerText.startsWith(p + ' ') && e.innerText.includes('—'); }",
            arg=pilot,
            timeout=TIMEOUT,
        )
        no_english(page)
