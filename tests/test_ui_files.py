"""Download links and uploads, shared by the scenario editor and the sandbox."""

from __future__ import annotations

import doctest
from types import SimpleNamespace

import pytest

import asteroyds.ui.share.files as files_module
from asteroyds.errors import ScenarioError
from asteroyds.ui.share.files import download_link, uploaded_text
from tests.helpers import downloaded_text


def test_a_download_link_carries_its_text_and_escapes_its_attributes():
    link = download_link('{"name": "Hélène"}', 'a"b.json', "⬇ Save", css="asteroyds-save", title="it's <b>")
    assert downloaded_text(link) == '{"name": "Hélène"}'
    assert 'download="a&quot;b.json"' in link and 'title="it&#x27;s &lt;b&gt;"' in link
    assert "title=" not in download_link("x", "x.json", "x", css="c")


def test_an_upload_gives_the_first_file_as_text_in_either_front_end_shape():
    item = SimpleNamespace(name="game.json", content=memoryview(b"{}"))
    assert uploaded_text((item,), "a saved game") == ("{}", "game.json")
    assert uploaded_text(None, "a saved game") is None
    with pytest.raises(ScenarioError, match=r"bad.json: not a text file \(a scenario is JSON\)"):
        uploaded_text([{"name": "bad.json", "content": b"\xff\xfe"}], "a scenario")


def test_module_doctests():
    assert doctest.testmod(files_module).failed == 0
