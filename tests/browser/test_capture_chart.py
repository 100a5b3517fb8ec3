"""Chapter 10 in a real browser: clicking the capture chart's buttons changes the program it shows."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import LAZY_OPEN, open_notebook, open_sections, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "10_capture"
CHART = ".asteroyds-capture-chart"


def test_clicking_cells_and_the_anticipation_line_changes_the_program(page, voila_url):
    open_notebook(page, voila_url, NOTEBOOK, wait_for=LAZY_OPEN)
    open_sections(page, 2, [0])  # the chart: the chapter's first closed section (the exercise, the second)
    chart = page.locator(CHART).first
    expect(chart).to_be_visible()
    program = chart.locator(".asteroyds-program code")
    # The chart was asked for a refused anticipation as it was built: still the planned program.
    expect(program).to_have_text("F F X L . . S3")
    expect(chart.locator(".asteroyds-chart-message")).to_contain_text("only Lawrence")

    chart.locator(".asteroyds-capture-cell-5-F").click()
    expect(program).to_have_text("F F X L F . S3", timeout=15_000)
    expect(chart.locator(".asteroyds-capture-cell-5-F")).to_have_class(re.compile(r"\basteroyds-selected\b"))
    chart.locator(".asteroyds-capture-anticipation-X6").click()
    expect(program).to_have_text("F F X L F . X6", timeout=15_000)
    chart.locator(".asteroyds-capture-cell-1-none").click()
    expect(program).to_have_text(". F X L F . X6", timeout=15_000)
    expect(chart.locator(".asteroyds-chart-message")).to_contain_text("Column 1")

    # Labels fit their buttons (an earlier chart truncated them at fixed widths).
    for selector in (".asteroyds-capture-cell-1-U", ".asteroyds-capture-anticipation-S1",
                     ".asteroyds-capture-anticipation-none"):  # fmt: skip
        fits = chart.locator(selector).evaluate("b => b.scrollWidth <= b.clientWidth + 1")
        assert fits, selector
    assert not page.errors, page.errors
    screenshot(chart, "10_capture-chart")
