"""Links that open a scenario: ``?demo=NAME`` and ``?scenario=<zlib + base64url JSON>``."""

from __future__ import annotations

import base64
import zlib

import pytest

from asteroyds import demos, setup
from asteroyds.dice import Dice
from asteroyds.errors import ScenarioError
from asteroyds.ui.share import links


@pytest.fixture
def racing():
    return setup("racing", seed=5, players=["blue", "red"], pilots=["Hector", None])


def query(link: str) -> str:
    return link.split("?", 1)[1]


def test_share_link_round_trips_the_state_and_the_dice(racing):
    link = links.share_link(racing, "http://127.0.0.1:8866/voila/render/teachers_tools.ipynb", dice=(3, 5, 2))
    assert link.startswith("http://127.0.0.1:8866/voila/render/teachers_tools.ipynb?scenario=")
    assert link.endswith("&dice=3,5,2")
    request = links.read_query(query(link))
    assert request.state == racing and request.demo is None
    assert request.dice == Dice(3, 5, 2)
    assert links.scenario_from_query(query(link)) == racing
    assert links.scenario_from_query("?" + query(link)) == racing  # with or without the "?"


def test_the_link_is_short_url_safe_and_replaces_an_old_query(racing):
    link = links.share_link(racing, "http://host/nb.ipynb?demo=pilot-hector#top")
    assert link.startswith("http://host/nb.ipynb?scenario=") and "demo=" not in link and "#" not in link
    value = query(link).removeprefix("scenario=")
    assert set(value) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(link) < 1500  # a whole racing board fits in a chat message
    assert links.share_link(racing).startswith("?scenario=")


def test_every_demo_round_trips_through_a_link():
    for demo in demos.all_demos():
        link = links.share_link(demo.state, dice=demo.dice)
        request = links.read_query(query(link))
        assert request.state == demo.state and request.dice == demo.dice, demo.name


def test_demo_parameter_opens_a_gallery_demo():
    request = links.read_query("demo=rulebook-white-6-before-gate-24&voila-theme=dark")
    assert request.demo is demos.load_demo("rulebook-white-6-before-gate-24")
    assert links.scenario_from_query("demo=pilot-hector") == demos.load_demo("pilot-hector").state
    assert links.demo_link("pilot-hector", "http://h/x.ipynb") == "http://h/x.ipynb?demo=pilot-hector"


@pytest.mark.parametrize("text", [None, "", "?", "voila-theme=dark", "foo=1&bar"])
def test_no_parameter_means_no_scenario(text):
    assert links.scenario_from_query(text) is None
    assert links.read_query(text).empty


def _packed(text: bytes) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text)).decode().rstrip("=")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("demo=no-such-demo", "no demo named 'no-such-demo'"),
        ("demo=pilot-hektor", "did you mean 'pilot-hector'"),
        ("demo=../../etc/passwd", "is not a demo name"),
        ("demo=", "the demo parameter is empty"),
        ("scenario=", "the scenario parameter is empty"),
        ("scenario=%%%%", "not URL-safe base64"),
        ("scenario=abc$def", "not URL-safe base64"),
        ("scenario=" + base64.urlsafe_b64encode(b"plain text").decode(), "not a compressed scenario"),
        ("scenario=" + _packed(b"{not json"), "link: not valid JSON"),
        (
            "scenario=" + _packed(b'{"format": "asteroyds/scenario@1", "pieces": 3}'),
            "'pieces' must be a list",
        ),
        ("scenario=" + _packed(b"\xff\xfe"), "not UTF-8"),
        ("scenario=" + _packed(b" " * 2_000_000), "larger than"),
        ("demo=pilot-hector&scenario=abc", "not both"),
        ("demo=pilot-hector&demo=pilot-1634", "demo is given 2 times"),
        ("demo=pilot-hector&dice=7,1,1", "dice must be three numbers 1..6"),
        ("demo=pilot-hector&dice=1,2", "dice must be three numbers"),
    ],
)
def test_a_bad_parameter_gives_a_clear_message(text, message):
    with pytest.raises(ScenarioError) as info:
        links.scenario_from_query(text)
    assert message in str(info.value)


def test_a_cut_link_is_refused(racing):
    value = query(links.share_link(racing)).removeprefix("scenario=")
    with pytest.raises(ScenarioError, match="cut"):
        links.scenario_from_query("scenario=" + value[: len(value) // 2])


def test_query_string_reads_voila_s_environment(monkeypatch):
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert links.query_string() == ""
    monkeypatch.setenv("QUERY_STRING", "demo=pilot-hector")
    assert links.query_string() == "demo=pilot-hector"
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # what Voila sets in a kernel started for a request
    assert links.query_string() == "demo=pilot-hector"


def test_query_string_waits_for_the_request_in_a_preheated_kernel(monkeypatch):
    calls = []

    def fake_wait(url=None):
        calls.append(url)
        monkeypatch.setenv("QUERY_STRING", "demo=pilot-1634")  # what Voila does once the page is requested

    # tests/test_request_info.py reads a real Voila-like socket; here only the waiting once matters
    monkeypatch.setattr(links, "wait_for_request", fake_wait)
    monkeypatch.setattr(links, "_waited", False)  # a fresh kernel
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    assert links.query_string() == "demo=pilot-1634"
    assert calls == [None]
    # A second cell reads the link again: Voila sends the request once, so it must not wait again.
    assert links.query_string() == "demo=pilot-1634"
    assert calls == [None]


def test_page_url_drops_the_query(monkeypatch):
    monkeypatch.delenv("VOILA_REQUEST_URL", raising=False)
    assert links.page_url() == ""
    monkeypatch.setenv("VOILA_REQUEST_URL", "http://h:1/voila/render/teachers_tools.ipynb?demo=pilot-hector")
    assert links.page_url() == "http://h:1/voila/render/teachers_tools.ipynb"


def test_a_preheated_page_takes_its_address_from_the_request_voila_sends(monkeypatch):
    # The kernel was started for an earlier page (its VOILA_REQUEST_URL); the request came later.
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_REQUEST_URL", "https://old:1/voila/render/teachers_tools.ipynb?demo=x")
    monkeypatch.delenv("SCRIPT_NAME", raising=False)
    assert links.page_url() == "https://old:1/voila/render/teachers_tools.ipynb"  # before the request
    monkeypatch.setenv("SCRIPT_NAME", "/voila/render/sandbox.ipynb")
    monkeypatch.setenv("SERVER_NAME", "school.example")
    monkeypatch.setenv("SERVER_PORT", "8866")
    assert links.page_url() == "https://school.example:8866/voila/render/sandbox.ipynb"
