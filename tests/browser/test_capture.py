"""Chapter 8 in a real browser: the round-by-round demonstration follows its slider."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import open_notebook, screenshot

pytestmark = pytest.mark.ui

NOTEBOOK = "08_capture"
DEMO_DATA = ".capture-demo .asteroyds-board-state .asteroyds-board-data"


def demo_data(page, name: str) -> str:
    return page.locator(DEMO_DATA).get_attribute(f"data-{name}") or ""


def test_moving_the_slider_steps_through_the_turn(page, voila_url):
    open_notebook(page, voila_url, NOTEBOOK, wait_for=".capture-demo")
    demo = page.locator(".capture-demo")
    expect(demo).to_be_visible()
    page.wait_for_function(f"() => document.querySelector({DEMO_DATA!r}) !== null", timeout=15_000)
    before = demo_data(page, "crafts")
    updates = int(demo_data(page, "updates"))
    handle = demo.locator(".capture-demo-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("End")  # the last event: the state the engine returned
    page.wait_for_function(
        f"() => Number(document.querySelector({DEMO_DATA!r}).dataset.updates) > {updates}", timeout=15_000
    )
    expect(demo.locator(".widget-readout").first).not_to_have_text("0")
    after = demo_data(page, "crafts")
    assert after != before
    assert demo_data(page, "scores") == "red:0 white:2"
    assert not page.errors, page.errors
    screenshot(demo, "08_capture-demo")
