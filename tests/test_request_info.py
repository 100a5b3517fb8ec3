"""A pre-heated kernel reads its page's request from a real Tornado websocket, as Voila sends it."""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from tornado import web, websocket

from asteroyds.serve.launch import free_port
from asteroyds.ui.share import request_info

REQUEST = {
    "QUERY_STRING": "demo=pilot-hector&lang=fr",
    "SERVER_PORT": "8866",
    "SCRIPT_NAME": "/voila/render/x",
}


class Query(websocket.WebSocketHandler):
    """Voila's request-info socket: one text message once the page is asked for (later: a ping first)."""

    def open(self, kernel_id: str) -> None:
        self.application.settings["opened"].append(kernel_id)
        loop = asyncio.get_event_loop()
        if self.application.settings["ping"]:
            self.ping(b"still there?")
        big = json.dumps({**REQUEST, "PADDING": "x" * 70_000})  # a 64-bit length, like a long address
        loop.call_later(
            0.2, self.write_message, big if self.application.settings["big"] else json.dumps(REQUEST)
        )


@pytest.fixture(params=[(False, False), (True, False), (False, True)], ids=["plain", "ping", "long"])
def server(request):
    ping, big = request.param
    port = free_port()
    ready, stop = threading.Event(), {}
    opened: list[str] = []

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        app = web.Application([(r"/voila/query/(.*)", Query)], opened=opened, ping=ping, big=big)
        app.listen(port, "127.0.0.1")
        stop["loop"] = loop
        ready.set()
        loop.run_forever()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    yield port, opened, big
    stop["loop"].call_soon_threadsafe(stop["loop"].stop)
    thread.join(10)


def test_the_kernel_reads_its_request_into_its_environment(server, monkeypatch):
    port, opened, big = server
    for key, value in {
        "VOILA_PREHEAT": "True",
        "VOILA_APP_IP": "127.0.0.1",
        "VOILA_APP_PORT": str(port),
        "VOILA_SERVER_URL": "/",
        "VOILA_KERNEL_ID": "k-123",
    }.items():
        monkeypatch.setenv(key, value)
    for key in [*REQUEST, "PADDING"]:
        monkeypatch.delenv(key, raising=False)
    assert request_info.wait_for_request() is True
    assert opened == ["k-123"]
    import os

    assert {key: os.environ[key] for key in REQUEST} == REQUEST
    assert len(os.environ.get("PADDING", "")) == (70_000 if big else 0)


def test_a_kernel_that_is_not_pre_heated_or_cannot_reach_the_server_goes_on(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")
    assert request_info.wait_for_request() is False
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.setenv("VOILA_APP_PORT", str(free_port()))  # nobody listens there
    assert request_info.wait_for_request() is False
