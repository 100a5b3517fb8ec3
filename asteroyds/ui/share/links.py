"""Open a scenario by URL: ``?demo=NAME`` (a gallery demo) or ``?scenario=...`` (a shared board).

Voila passes the page's query string to the kernel in the environment
variable ``QUERY_STRING`` (without the ``?``). With preheated kernels
(``--preheat_kernel=True``) the kernel starts before the request, so the
variable is only filled in once the notebook calls
``voila.utils.wait_for_request()``: :func:`query_string` does that when it
runs in a preheated kernel, and returns ``""`` outside Voila (JupyterLab,
nbval).

A shared scenario travels in the link itself: its canonical JSON
(:mod:`asteroyds.scenario`), zlib-compressed, in URL-safe base64 without
padding; ``&dice=R,W,B`` may follow. No server storage, nothing to upload.

>>> from asteroyds import setup
>>> state = setup("racing", seed=3, players=["blue"])
>>> link = share_link(state, "http://localhost:8866/voila/render/teachers_tools.ipynb", dice=(3, 5, 2))
>>> link.split("?")[1][:9], len(link) < 1500
('scenario=', True)
>>> scenario_from_query(link.split("?", 1)[1]) == state
True
>>> scenario_from_query("demo=rulebook-white-6-before-gate-24").piece("W6").cell
(6, 5)
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode, urlsplit, urlunsplit

from ... import demos, scenario, untrusted
from ...dice import Dice
from ...errors import AsteroydsError, ScenarioError
from ...i18n import _
from ...state import State
from .request_info import wait_for_request

QUERY_KEYS: tuple[str, ...] = ("demo", "scenario", "dice")
MAX_SCENARIO_BYTES = 1_000_000  # a decompressed scenario larger than this is refused (zip bombs)
MAX_PARAMETER_CHARS = 60_000
MAX_QUERY_CHARS = 100_000  # the whole query string (a scenario parameter and Voila's own)
SANDBOX_NOTEBOOK = "sandbox.ipynb"  # where sandbox_link opens a scenario as a new game


@dataclass(frozen=True)
class LinkRequest:
    """What a page's query string asks for: a gallery demo, or a shared scenario (with dice)."""

    demo: demos.Demo | None = None
    state: State | None = None
    dice: Dice | None = None

    @property
    def empty(self) -> bool:
        return self.demo is None and self.state is None


def encode_scenario(state: State) -> str:
    """The ``scenario=`` value of a link: compact JSON, zlib, URL-safe base64 without padding."""
    text = json.dumps(scenario.to_dict(state), separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode_scenario(value: str) -> State:
    """The state in a ``scenario=`` value; :class:`ScenarioError` says what is wrong with it."""
    where = "link"
    value = value.strip()
    if not value:
        raise ScenarioError(_("{where}: the scenario parameter is empty", where=where))
    if len(value) > MAX_PARAMETER_CHARS:
        raise ScenarioError(
            _("{where}: the scenario parameter is too long ({n} characters)", where=where, n=len(value))
        )
    try:
        packed = base64.b64decode(value + "=" * (-len(value) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise ScenarioError(
            _(
                "{where}: the scenario parameter is not URL-safe base64 text (was the link cut or changed?)",
                where=where,
            )
        ) from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_SCENARIO_BYTES)
    except zlib.error:
        raise ScenarioError(
            _(
                "{where}: the scenario parameter is not a compressed scenario (was the link cut or changed?)",
                where=where,
            )
        ) from None
    if inflater.unconsumed_tail:
        raise ScenarioError(
            _(
                "{where}: the scenario is larger than {MAX_SCENARIO_BYTES} bytes",
                where=where,
                MAX_SCENARIO_BYTES=MAX_SCENARIO_BYTES,
            )
        )
    if not inflater.eof:
        raise ScenarioError(
            _("{where}: the scenario parameter is incomplete (was the link cut?)", where=where)
        )
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ScenarioError(_("{where}: the scenario is not UTF-8 text", where=where)) from None
    return scenario.loads(text, where=where)


def _dice(value: str) -> Dice:
    parts = value.replace(" ", ",").split(",")
    try:
        return Dice.of([int(p) for p in parts if p])
    except (ValueError, AsteroydsError):
        raise ScenarioError(
            _("link: dice must be three numbers 1..6 like 3,5,2, got {value!r}", value=value)
        ) from None


def read_query(query_string: str | None) -> LinkRequest:
    """Parse a page's query string; an empty one asks for nothing.

    Raises :class:`ScenarioError` with a message for the page when a
    parameter is bad (unknown demo, broken scenario, bad dice, both demo and
    scenario). Other parameters (Voila's own, such as ``voila-theme``) are ignored.
    """
    query = (query_string or "").lstrip("?")
    if len(query) > MAX_QUERY_CHARS:
        raise ScenarioError(_("link: the address is too long ({n:,} characters)", n=len(query)))
    params = parse_qs(query, keep_blank_values=True)
    for key in QUERY_KEYS:
        if len(params.get(key, [])) > 1:
            raise ScenarioError(_("link: {key} is given {n} times", key=key, n=len(params[key])))
    first = {key: values[0] for key, values in params.items() if key in QUERY_KEYS}
    if "demo" in first and "scenario" in first:
        raise ScenarioError(_("link: give either ?demo=NAME or ?scenario=..., not both"))
    dice = _dice(first["dice"]) if "dice" in first else None
    if "demo" in first:
        name = untrusted.check_string(first["demo"].strip(), "link: demo")
        if not name:
            raise ScenarioError(_("link: the demo parameter is empty (try ?demo=pilot-hector)"))
        return LinkRequest(demo=demos.load_demo(demos.check_name(name)), dice=dice)
    if "scenario" in first:
        return LinkRequest(state=decode_scenario(first["scenario"]), dice=dice)
    return LinkRequest(dice=dice)


def scenario_from_query(query_string: str | None) -> State | None:
    """The board a query string asks for (a demo's or a shared scenario), or None if it asks for none.

    A bad parameter raises :class:`ScenarioError` with a clear message.
    """
    request = read_query(query_string)
    if request.demo is not None:
        return request.demo.state
    return request.state


def link_error(exc: BaseException) -> str:
    """A bad link's error as one sentence for the page."""
    text = untrusted.printable(str(exc).removeprefix("link: "))
    return _("This page's link cannot be opened: {error}", error=text)


def share_link(state: State, base_url: str = "", *, dice: Dice | Sequence[int] | None = None) -> str:
    """A link that opens ``state`` (and the dice) in the teacher's tools notebook.

    ``base_url`` is the notebook's address (its own query string is replaced);
    with ``""`` the link is relative (``?scenario=...``), which works from
    the page it was made on.
    """
    params = {"scenario": encode_scenario(state)}
    if dice is not None:
        params["dice"] = ",".join(map(str, Dice.of(dice).as_tuple()))
    return _with_query(base_url, urlencode(params, safe=","))


def sandbox_link(state: State, base_url: str = "") -> str:
    """A link that opens ``state`` as a new game in the sandbox notebook (:data:`SANDBOX_NOTEBOOK`).

    ``base_url`` is the address of a page next to it (the teacher's tools:
    the sandbox is its neighbour in ``notebooks/``); with ``""`` the link is
    relative to the page it is on.

    >>> from asteroyds.modes.capture import layout
    >>> link = sandbox_link(layout(2), "http://localhost:8866/voila/render/teachers_tools.ipynb")
    >>> link.split("?")[0]
    'http://localhost:8866/voila/render/sandbox.ipynb'
    >>> scenario_from_query(link.split("?", 1)[1]) == layout(2)
    True
    """
    parts = urlsplit(base_url)
    folder = parts.path.rsplit("/", 1)[0] + "/" if "/" in parts.path else ""
    page = urlunsplit((parts.scheme, parts.netloc, folder + SANDBOX_NOTEBOOK, "", ""))
    return _with_query(page, urlencode({"scenario": encode_scenario(state)}))


def demo_link(name: str, base_url: str = "") -> str:
    """A link that opens a gallery demo in the presenter."""
    return _with_query(base_url, urlencode({"demo": demos.check_name(name)}))


def _with_query(base_url: str, query: str) -> str:
    parts = urlsplit(base_url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


_waited = False  # a pre-heated kernel waits for its request once: Voila sends it once


def query_string() -> str:
    """This page's query string under Voila (``""`` elsewhere); waits for it in a preheated kernel.

    Only the first call waits: Voila hands the request to the kernel's first
    waiting socket and keeps no copy, so a second wait (two cells that read
    the link) would never end.
    """
    global _waited
    if os.environ.get("VOILA_PREHEAT", "False") not in ("", "False") and not _waited:
        _waited = True
        try:
            wait_for_request()
        except (OSError, ValueError):  # no query string is better than a broken page
            return ""
    return os.environ.get("QUERY_STRING", "")


def page_url() -> str:
    """This page's address without its query string, when Voila tells it; else ``""``.

    A pre-heated kernel ran before its page was asked for: Voila gives it the
    request (``SERVER_NAME``, ``SERVER_PORT``, ``SCRIPT_NAME``) once
    :func:`query_string` has waited for it, and its ``VOILA_REQUEST_URL`` is
    another page's, good only for the scheme.
    """
    env = os.environ
    url = env.get("VOILA_REQUEST_URL", "")
    scheme = urlsplit(url).scheme or "http"
    if env.get("VOILA_PREHEAT", "False") not in ("", "False") and env.get("SCRIPT_NAME"):
        port = env.get("SERVER_PORT", "")
        netloc = env.get("SERVER_NAME", "localhost") + (f":{port}" if port else "")
        return urlunsplit((scheme, netloc, env["SCRIPT_NAME"], "", ""))
    if url:
        parts = urlsplit(url)
        return urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
    return ""


__all__ = [
    "LinkRequest",
    "decode_scenario",
    "demo_link",
    "encode_scenario",
    "link_error",
    "page_url",
    "query_string",
    "read_query",
    "sandbox_link",
    "scenario_from_query",
    "share_link",
]
