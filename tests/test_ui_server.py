"""How the app is served: the Voila command, a server for tests and benchmarks, a TCP_NODELAY websocket."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

import asteroyds.ui.server as server_module
from asteroyds.cli import main
from asteroyds.ui.server import VOILA_ARGS, LowLatencyWebsocketConnection, free_port, serve, voila_command


class Handler(KernelWebsocketHandler):
    """A kernel websocket handler that only records ``set_nodelay`` (no server, no socket)."""

    def __init__(self, open_socket: bool = True) -> None:
        self.ws_connection = object() if open_socket else None
        self.nodelay: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


def test_the_connection_turns_nagle_off_then_connects_as_jupyter_server_does(monkeypatch):
    connected = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: connected.append(self))
    handler = Handler()
    connection = LowLatencyWebsocketConnection(websocket_handler=handler)
    connection.connect()
    assert handler.nodelay == [True]
    assert connected == [connection]


def test_a_socket_already_closed_is_left_alone(monkeypatch):
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: None)
    handler = Handler(open_socket=False)
    LowLatencyWebsocketConnection(websocket_handler=handler).connect()
    assert handler.nodelay == []


def test_voila_args_name_an_importable_connection_class():
    (option,) = VOILA_ARGS
    name, _, path = option.partition("=")
    assert name == "--Voila.kernel_websocket_connection_class"
    module, _, cls = path.rpartition(".")
    assert getattr(__import__(module, fromlist=[cls]), cls) is LowLatencyWebsocketConnection


def test_the_app_command_serves_with_these_options(monkeypatch):
    commands = []
    monkeypatch.setattr(subprocess, "call", lambda command: commands.append(command) or 0)
    assert main(["app", "--port", "1", "--no-browser"]) == 0
    (command,) = commands
    assert command[1:3] == ["-m", "voila"]
    assert all(option in command for option in VOILA_ARGS)


def test_the_command_serves_a_folder_on_a_port_with_the_project_options():
    command = voila_command(Path("notebooks"), 8123, options=("--show_tracebacks=True",))
    assert command[:5] == [sys.executable, "-m", "voila", "notebooks", "--no-browser"]
    assert "--port=8123" in command and "--Voila.ip=127.0.0.1" in command
    assert command[-len(VOILA_ARGS) - 1 :] == ["--show_tracebacks=True", *VOILA_ARGS]


def test_a_free_port_can_be_bound_at_once():
    port = free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))


def test_serve_says_why_voila_did_not_start_with_the_end_of_its_log(tmp_path, monkeypatch):
    log_path = tmp_path / "voila.log"
    broken = [sys.executable, "-c", "import sys; print('no such folder'); sys.exit(3)"]
    monkeypatch.setattr(server_module, "voila_command", lambda root, port, **options: broken)
    with (
        pytest.raises(RuntimeError, match=r"(?s)Voila exited with 3:.*no such folder"),
        serve(tmp_path, log_path=log_path, timeout=30),
    ):
        pass


def test_serve_gives_up_after_the_timeout_and_stops_the_server(tmp_path, monkeypatch):
    log_path = tmp_path / "voila.log"
    started = []

    def silent(root, port, **options):
        started.append(port)
        return [sys.executable, "-c", "import time; print('still starting', flush=True); time.sleep(60)"]

    monkeypatch.setattr(server_module, "voila_command", silent)
    begun = time.monotonic()
    with (
        pytest.raises(RuntimeError, match=r"(?s)did not answer in 1 s:.*still starting"),
        serve(tmp_path, log_path=log_path, timeout=1),
    ):
        pass
    assert started and time.monotonic() - begun < 20
