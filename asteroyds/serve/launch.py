"""A class server on a free local port for as long as a ``with`` block lasts (tests, benchmarks), and ports.

>>> 1024 <= free_port() <= 65535
True
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from os import PathLike

from ..i18n import _
from .settings import READY_PATH, SERVER_TIMEOUT, ServeSettings, voila_command

__all__ = ["answers", "free_port", "port_is_free", "serve"]

LOG_TAIL = 3000  # characters of the server's log quoted when it fails to start


def port_is_free(port: int, ip: str = "127.0.0.1") -> bool:
    """Whether a server could listen on ``ip:port`` now (nobody else listens there)."""
    with socket.socket() as s:
        s.setsockopt(
            socket.SOL_SOCKET, socket.SO_REUSEADDR, 1
        )  # as the server will: TIME_WAIT is no obstacle
        try:
            s.bind((ip, port))
        except OSError:
            return False
    return True


def free_port() -> int:
    """A local TCP port nobody listens on now (the system picks it), for a server started next."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(base_url: str) -> bool:
    """Whether the class server at ``base_url`` is up (its ready address: no page, no kernel started)."""
    try:
        with urllib.request.urlopen(base_url + READY_PATH, timeout=2) as response:
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
    settings: ServeSettings | None = None,
    options: Sequence[str] = (),
) -> Iterator[str]:
    """Serve ``root`` with Voila on a free local port; yield its base URL once it answers; stop it after.

    The server writes to ``log_path`` (a file, never a pipe: a full pipe blocks
    the server). If it exits, or does not answer within ``timeout`` seconds,
    :class:`RuntimeError` says so with the end of its log.
    """
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = voila_command(root, port, settings=settings, options=options)
    with open(log_path, "wb") as log:
        server = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + timeout
            while not answers(url):
                if server.poll() is not None:
                    raise RuntimeError(
                        _(
                            "Voila exited with {returncode}:\n{tail}",
                            returncode=server.returncode,
                            tail=_tail(log_path),
                        )
                    )
                if time.monotonic() > deadline:
                    raise RuntimeError(
                        _(
                            "Voila did not answer in {timeout:.0f} s:\n{tail}",
                            timeout=timeout,
                            tail=_tail(log_path),
                        )
                    )
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
