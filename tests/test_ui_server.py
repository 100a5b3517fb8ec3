"""The kernel websocket the app is served with sends small messages at once (TCP_NODELAY)."""

from __future__ import annotations

import subprocess

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

from asteroyds.cli import main
from asteroyds.ui.server import VOILA_ARGS, LowLatencyWebsocketConnection


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
