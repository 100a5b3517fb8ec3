"""The class server's refusals, on the server itself (no hub in front): a page runs its code, no other.

A Voila page's kernel websocket must carry widget messages only: code sent
over it by a visitor (an ``execute_request``) is dropped by the server
(Voila's ``allowed_message_types``) and logged, while ``kernel_info`` is
answered; another site's page cannot open that websocket at all (Jupyter
Server's Origin check, 403); and none of Jupyter Server's contents,
terminals, kernels or sessions APIs answers. ``tests/browser/test_jupyterhub.py``
checks the same behind JupyterHub; here it is ``asteroyds app`` as a teacher
starts it (no pool), and the same class server with a pre-heated pool (whose
kernels ran their page before anyone asked: a different road to the page's
kernel), over a folder of one page so that the pool heats one kernel.

The clients are plain: Tornado's websocket client and urllib, with the
page's own cookie and ``_xsrf`` token, as the page's script would send them.
"""

from __future__ import annotations

import asyncio
import json
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from asteroyds.serve.settings import ServeSettings

from .class_server import App, app, class_server
from .helpers import run_in_own_loop

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
PAGE = "00_welcome.ipynb"  # a light page: a picture and a few facts, no widget to wait for
REFUSED_CODE = 'Received message of type "execute_request", which is not allowed. Ignoring.'
CROSS_ORIGIN = "Blocking Cross Origin WebSocket Attempt"
FOREIGN = "http://evil.example"
REPLY_TIMEOUT = 45  # seconds for each message (a loaded machine); run_in_own_loop allows 60 in all


@dataclass
class OpenPage:
    """A page a student opened: its server, its kernel, the cookie and token its render set."""

    server: App
    kernel: str
    xsrf: str

    @property
    def cookie(self) -> str:
        return f"_xsrf={self.xsrf}"


def open_page(server: App) -> OpenPage:
    """GET the page as a browser does (a direct link); its kernel id and ``_xsrf`` cookie."""
    with urllib.request.urlopen(f"{server.url}/voila/render/{PAGE}", timeout=180) as reply:
        page = reply.read().decode("utf-8", "replace")
        cookies = [c.split(";", 1)[0] for c in reply.headers.get_all("Set-Cookie", [])]
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    assert found, page[-500:]
    (token,) = [c.split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")]
    return OpenPage(server, found.group(1), token)


@pytest.fixture(scope="module", params=["app", "pool"])
def opened(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[OpenPage]:
    """A page open on ``asteroyds app`` (no pool), then on the class server with one pre-heated kernel."""
    tmp_path = tmp_path_factory.mktemp(request.param)
    if request.param == "app":
        with app(tmp_path, "--pool", "0") as server:
            yield open_page(server)
        return
    folder = tmp_path / "notebooks"
    folder.mkdir()
    shutil.copy(ROOT / "notebooks" / PAGE, folder / PAGE)
    with class_server(tmp_path, folder, ServeSettings(pool=1, max_pages=-1)) as server:
        server.wait_until(lambda: "Kernel pool of" in server.log.read_text(), 180, "the pool did not fill")
        page = open_page(server)
        assert f"Using pre-heated kernel: {page.kernel} for" in server.log.read_text()
        yield page


def message(msg_type: str, content: dict) -> dict:
    """A Jupyter message on the shell channel, in the websocket's JSON form (no subprotocol)."""
    header = {
        "msg_id": f"{msg_type}-{uuid.uuid4().hex}",
        "username": "probe",
        "session": "probe",
        "msg_type": msg_type,
        "version": "5.3",
        "date": "2026-01-01T00:00:00Z",
    }
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell"}


def channels(page: OpenPage, origin: str) -> HTTPRequest:
    """The page's kernel websocket, opened from a page of ``origin`` with the page's cookie."""
    url = f"ws://127.0.0.1:{page.server.port}/api/kernels/{page.kernel}/channels?session_id=probe"
    return HTTPRequest(url, headers={"Origin": origin, "Cookie": page.cookie}, request_timeout=60)


async def send_code(page: OpenPage, code: str) -> list[tuple[str, str, dict]]:
    """Send kernel_info, then ``code`` to execute, then kernel_info; what came back until the last reply.

    Each message is ``(which request it answers, its type, its content)``.
    The kernel handles shell requests in order, so had the code run, its reply
    (and the file it writes) would have come before the second kernel_info's.
    """
    before = message("kernel_info_request", {})
    execute = message(
        "execute_request",
        {
            "code": code,
            "silent": False,
            "store_history": False,
            "user_expressions": {},
            "allow_stdin": False,
            "stop_on_error": True,
        },
    )
    after = message("kernel_info_request", {})
    names = {before["header"]["msg_id"]: "before", execute["header"]["msg_id"]: "execute"}
    names[after["header"]["msg_id"]] = "after"
    connection = await websocket_connect(channels(page, page.server.url))
    seen: list[tuple[str, str, dict]] = []
    try:
        for sent in (before, execute, after):
            await connection.write_message(json.dumps(sent))
        while ("after", "kernel_info_reply") not in [(of, kind) for of, kind, _ in seen]:
            raw = await asyncio.wait_for(connection.read_message(), REPLY_TIMEOUT)
            assert raw is not None, f"the server closed the websocket; seen {seen}"
            reply = json.loads(raw)
            of = names.get(reply["parent_header"].get("msg_id"), "other")
            seen.append((of, reply["header"]["msg_type"], reply["content"]))
    finally:
        connection.close()
    return seen


def test_the_pages_websocket_answers_kernel_info_and_never_runs_code_sent_over_it(opened, tmp_path):
    marker = tmp_path / "ran"
    code = f"open({str(marker)!r}, 'w').write('code sent over the websocket ran')"
    # The control: this code, run by this machine's Python (as the kernel would), writes the file.
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and marker.exists(), done.stderr
    marker.unlink()

    seen = run_in_own_loop(lambda: send_code(opened, code))
    kinds = [(of, kind) for of, kind, _ in seen]
    (info,) = [content for of, kind, content in seen if (of, kind) == ("before", "kernel_info_reply")]
    assert info["status"] == "ok" and info["language_info"]["name"] == "python"  # the kernel is there
    assert ("after", "kernel_info_reply") in kinds  # ... and answered what came after the code
    assert not marker.exists(), kinds
    assert [kind for of, kind in kinds if of == "execute"] == []  # no busy, no input, no reply
    assert REFUSED_CODE in opened.server.log.read_text()


async def refused_status(page: OpenPage, origin: str) -> int:
    """The status of the websocket's opening handshake from ``origin`` (101: it opened)."""
    try:
        connection = await websocket_connect(channels(page, origin))
    except HTTPClientError as error:
        return error.code
    connection.close()
    return 101


def test_a_websocket_opened_from_another_sites_page_is_refused(opened):
    assert run_in_own_loop(lambda: refused_status(opened, opened.server.url)) == 101  # the page's own
    assert run_in_own_loop(lambda: refused_status(opened, FOREIGN)) == 403
    assert f"{CROSS_ORIGIN}.  Origin: {FOREIGN}" in opened.server.log.read_text()


def request(page: OpenPage, method: str, path: str) -> int:
    """The status of an API request with the page's own cookie, token and origin (no redirect followed)."""
    headers = {"Cookie": page.cookie, "X-XSRFToken": page.xsrf, "Origin": page.server.url}
    data = b"{}" if method in ("POST", "PUT", "PATCH") else None
    if data is not None:
        headers["Content-Type"] = "application/json"
    sent = urllib.request.Request(f"{page.server.url}/{path}", data=data, headers=headers, method=method)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(sent, timeout=60) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """Report a redirect as its status instead of following it."""

    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        return None


def test_the_contents_terminals_kernels_and_sessions_apis_are_refused(opened):
    kernel = opened.kernel
    attempts = {
        (method, path): request(opened, method, path)
        for method, path in (
            ("GET", "api/contents"),
            ("GET", f"api/contents/{PAGE}"),
            ("PUT", "api/contents/planted.py"),
            ("GET", "api/terminals"),
            ("POST", "api/terminals"),
            ("GET", "api/kernels"),
            ("POST", "api/kernels"),
            ("POST", f"api/kernels/{kernel}/restart"),
            ("POST", f"api/kernels/{kernel}/interrupt"),
            ("GET", "api/sessions"),
            ("POST", "api/sessions"),
            ("GET", "lab"),
            ("GET", "tree"),
        )
    }
    assert all(status in (403, 404) for status in attempts.values()), attempts
    # The control: the same client, cookie and token are heard where the server answers (Voila's
    # model of the page's own kernel).
    assert request(opened, "GET", f"api/kernels/{kernel}") == 200
