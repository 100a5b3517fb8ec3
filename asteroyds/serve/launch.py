"""A class server on a free local port for as long as a ``with`` block lasts (tests, benchmarks), and ports.

>>> 1024 <= free_port() <= 65535
True
"""

from __future__ import annotations

import random
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
PORT_IN_USE = "already in use"  # what Voila logs when another process took its port first
START_ATTEMPTS = 3  # a server whose port was taken before it bound it starts again on another
LISTEN_PORTS = (20000, 32767)  # where servers listen when the system's ephemeral range is unknown


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
    """A local TCP port nobody listens on now, for a server started next.

    It is drawn below the system's ephemeral range: a port the system hands out
    (``bind(0)``) is also what any outgoing connection gets, so under load a
    browser's or a client's connection could take it before the server binds it.
    """
    low, high = _listening_range()
    draw = random.SystemRandom()
    for _attempt in range(200):
        port = draw.randint(low, high)
        if port_is_free(port):
            return port
    with socket.socket() as s:  # every drawn port was busy: let the system pick
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _listening_range() -> tuple[int, int]:
    """Ports under the ephemeral range (Linux's ``ip_local_port_range``), at least 1024 of them."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range", encoding="ascii") as f:
            ephemeral_low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return LISTEN_PORTS
    if ephemeral_low - 1 - 10000 < 1024:
        return LISTEN_PORTS
    return 10000, ephemeral_low - 1


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
    the server). A server whose port another process took before it could bind
    it starts again on another port (up to ``START_ATTEMPTS`` times). If it
    exits otherwise, or does not answer within ``timeout`` seconds,
    :class:`RuntimeError` says so with the end of its log.
    """
    for attempt in range(1, START_ATTEMPTS + 1):
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        command = voila_command(root, port, settings=settings, options=options)
        with open(log_path, "wb") as log:
            server = subprocess.Popen(command, cwd=cwd, stdout=log, stderr=subprocess.STDOUT)
            try:
                if not _started(server, url, log_path, timeout, retry=attempt < START_ATTEMPTS):
                    continue  # its port was taken between the draw and the bind: draw another
                yield url
                return
            finally:
                _stop(server)


def _started(
    server: subprocess.Popen[bytes],
    url: str,
    log_path: str | PathLike[str],
    timeout: float,
    *,
    retry: bool,
) -> bool:
    """Wait until ``server`` answers at ``url``; False if it lost its port and ``retry`` allows another."""
    deadline = time.monotonic() + timeout
    while not answers(url):
        if server.poll() is not None:
            tail = _tail(log_path)
            if retry and PORT_IN_USE in tail:
                return False
            raise RuntimeError(
                _("Voila exited with {returncode}:\n{tail}", returncode=server.returncode, tail=tail)
            )
        if time.monotonic() > deadline:
            raise RuntimeError(
                _("Voila did not answer in {timeout:.0f} s:\n{tail}", timeout=timeout, tail=_tail(log_path))
            )
        time.sleep(0.25)
    return True


def _stop(server: subprocess.Popen[bytes]) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(timeout=5)


def _tail(log_path: str | PathLike[str]) -> str:
    with open(log_path, encoding="utf-8", errors="replace") as log:
        return log.read()[-LOG_TAIL:]
