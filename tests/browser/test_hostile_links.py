"""Issue 14 in a real browser: a hostile ``?scenario=`` link gives a friendly message, and the tools work."""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from playwright.sync_api import expect

from asteroyds import scenario, setup

from .test_teacher import EDITOR, PRESENTER, board_data, click_hex, no_traceback, open_tools, wait_for_data

pytestmark = pytest.mark.ui


def hostile_link() -> str:
    """A shared scenario whose round has 5,000 digits (it used to break the page at cell [2])."""
    text = json.dumps(scenario.to_dict(setup("racing", seed=1)))
    text = text.replace('"round": 1', '"round": ' + "9" * 5000)
    packed = base64.urlsafe_b64encode(zlib.compress(text.encode("utf-8"), 9)).decode("ascii").rstrip("=")
    return f"scenario={packed}"


def test_a_hostile_scenario_link_opens_the_editor_empty_with_a_message(page, voila_url):
    open_tools(page, voila_url, hostile_link())
    message = page.locator(f"{PRESENTER} .asteroyds-presenter-message")
    expect(message).to_contain_text("This page's link cannot be opened: round: a number with 5000 digits")
    editor_message = page.locator(f"{EDITOR} .asteroyds-editor-message")
    expect(editor_message).to_contain_text("a number with 5000 digits")
    assert editor_message.locator("[data-ok='false']").count() == 1  # in the app's "refused" style
    assert board_data(page, EDITOR, "pieces") == ""  # the editor opened empty
    editor = page.locator(EDITOR)
    editor.scroll_into_view_if_needed()
    editor.locator(".asteroyds-editor-tools button", has_text="Asteroid").click()
    click_hex(page, EDITOR, (4, 9))  # and it is usable
    wait_for_data(page, EDITOR, "pieces", "v.split(' ').includes('R1@4,9')")
    expect(editor_message).to_contain_text("Added red asteroid #1 at (4, 9)")
    no_traceback(page)
