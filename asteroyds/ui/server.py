"""How Voila serves the app: a kernel websocket that sends small messages at once.

A widget interaction is a burst of small messages from the kernel: a busy
status, a few ``comm_msg`` updates, an idle status. Jupyter Server writes them
on a websocket that keeps Nagle's algorithm on, so after the first small
packet the next ones wait for its acknowledgement, which the browser delays
by up to 40 ms (delayed ACK). A bare bqplot drag echoed into a label took
52 ms instead of 21 ms because of it (``benchmarks/ui_latency.py``, floor
line). Setting ``TCP_NODELAY`` on the kernel websocket removes that wait; it
costs nothing at our message rates.

Every way this project starts Voila builds its command with
:func:`voila_command`, which passes :data:`VOILA_ARGS`: the ``asteroyds app``
command, and :func:`serve` (a server on a free port for as long as a
``with`` block lasts) for the browser tests' fixture and the latency
benchmark. Binder reads the same setting from
``binder/jupyter_server_config.json``.

>>> voila_command("notebooks", 8866)[1:5]
['-m', 'voila', 'notebooks', '--no-browser']
>>> 1024 <= free_port() <= 65535
True
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from os import PathLike

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["VOILA_ARGS", "LowLatencyWebsocketConnection", "free_port", "serve", "voila_command"]

SERVER_TIMEOUT = 90.0  # seconds for a fresh Voila to answer (it imports a lot the first time)
LOG_TAIL = 3000  # characters of the server's log quoted when it fails to start


class LowLatencyWebsocketConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection with ``TCP_NODELAY`` set when it opens."""

    def connect(self) -> asyncio.Future[None] | None:
        handler = self.websocket_handler
        if handler is not None and handler.ws_connection is not None:
            handler.set_nodelay(True)
        return super().connect()


_CLASS = f"{LowLatencyWebsocketConnection.__module__}.{LowLatencyWebsocketConnection.__qualname__}"

# Command-line options for ``voila``: standalone Voila configures its own kernel websocket class.
VOILA_ARGS: tuple[str, ...] = (f"--Voila.kernel_websocket_connection_class={_CLASS}",)


def voila_command(
    root: str | PathLike[str], port: int, *, ip: str = "127.0.0.1", options: Sequence[str] = ()
) -> list[str]:
    """The command that serves the notebooks under ``root`` as this project does (with :data:`VOILA_ARGS`).

    ``options`` are more Voila options (``--show_tracebacks=True`` for tests).
    """
    return [
        sys.executable,
        "-m",
        "voila",
        str(root),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
        *options,
        *VOILA_ARGS,
    ]


def free_port() -> int:
    """A local TCP port nobody listens on now (the system picks it), for a server started next."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextmanager
def serve(
    root: str | PathLike[str],
    *,
    log_path: str | PathLike[str],
    timeout: float = SERVER_TIMEOUT,
    cwd: str | PathLike[str] | None = None,
    options: Sequence[str] = (),
) -> Iterator[str]:
    """Serve ``root`` with Voila on a free local port; yield its base URL once it answers; stop it after.

    The server writes to ``log_path`` (a file, never a pipe: a full pipe blocks
    the server). If it exits, or does not answer within ``timeout`` seconds,
    :class:`RuntimeError` says so with the end of its log.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = voila_command(root, port, options=options)
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + timeout
            while not _answers(url + "/"):
                if server.poll() is not None:
                    raise RuntimeError(f"Voila exited with {server.returncode}:\n{_tail(log_path)}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not answer in {timeout:.0f} s:\n{_tail(log_path)}")
                time.sleep(0.25)
            yield url
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=5)


def _tail(log_path: str | PathLike[str]) -> str:
    with open(log_path, encoding="utf-8", errors="replace") as log:
        return log.read()[-LOG_TAIL:]
