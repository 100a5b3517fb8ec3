"""A TCP proxy in front of a test's PostgreSQL that can lose a statement's answer on purpose.

The fault the rooms must survive: the connection dies after the server
committed an append but before the client read the answer, so the client
cannot know whether its entry is in the log. :class:`CuttingProxy` makes that
happen deterministically: clients connect to it (plain TCP,
``sslmode=disable``) and it relays to the server's unix socket, reading the
server's messages (type byte, length); once :meth:`CuttingProxy.arm` is
called, the next client message that contains the marker (a value of the
insert's parameters: psycopg sends a statement's text only until it prepares
it) is relayed, the server's whole answer up to its
ReadyForQuery (sent after the commit) is held back and dropped, the backend
is killed from the server side (``pg_terminate_backend``, by the callback),
and what the server says next (its FATAL "terminating connection due to
administrator command") reaches the client, which then finds its connection
closed.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from collections.abc import Callable
from pathlib import Path


class CuttingProxy:
    """Relay 127.0.0.1:``port`` to a PostgreSQL unix socket; cut one armed statement's answer."""

    def __init__(self, server_socket: Path) -> None:
        self.server_socket = str(server_socket)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = self._listener.getsockname()[1]
        self._lock = threading.Lock()
        self._armed: tuple[bytes, Callable[[int], object]] | None = None
        self.cut: list[int] = []  # the backends whose answer was dropped
        self._sockets: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, database: str = "postgres", user: str = "postgres") -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}?sslmode=disable&gssencmode=disable"

    def arm(self, marker: bytes, on_cut: Callable[[int], object]) -> None:
        """The next client message holding ``marker`` loses its answer; ``on_cut(backend_pid)`` runs then."""
        with self._lock:
            self._armed = (marker, on_cut)

    def close(self) -> None:
        self._closed = True
        for sock in [self._listener, *self._sockets]:
            with contextlib.suppress(OSError):
                sock.close()

    # --- relaying -------------------------------------------------------------------------------
    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _addr = self._listener.accept()
            except OSError:
                return
            server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            server.connect(self.server_socket)
            self._sockets += [client, server]
            link = _Link(self, client, server)
            threading.Thread(target=link.client_to_server, daemon=True).start()
            threading.Thread(target=link.server_to_client, daemon=True).start()

    def _take_armed(self, data: bytes) -> Callable[[int], object] | None:
        with self._lock:
            if self._armed is not None and self._armed[0] in data:
                on_cut = self._armed[1]
                self._armed = None
                return on_cut
        return None


class _Link:
    """One client's connection: two relay threads and the cut, if this connection gets it."""

    def __init__(self, proxy: CuttingProxy, client: socket.socket, server: socket.socket) -> None:
        self.proxy, self.client, self.server = proxy, client, server
        self.backend_pid = 0
        self.on_cut: Callable[[int], object] | None = None
        self.cutting = threading.Event()

    def client_to_server(self) -> None:
        try:
            while data := self.client.recv(65536):
                on_cut = self.proxy._take_armed(data)
                if on_cut is not None:
                    self.on_cut = on_cut
                    self.cutting.set()
                self.server.sendall(data)
        except OSError:
            pass
        finally:
            _shut(self.server)

    def server_to_client(self) -> None:
        buffer = b""
        dropping = False
        try:
            while data := self.server.recv(65536):
                buffer += data
                while len(buffer) >= 5:
                    kind = buffer[:1]
                    length = struct.unpack("!I", buffer[1:5])[0]
                    if len(buffer) < 1 + length:
                        break
                    message, buffer = buffer[: 1 + length], buffer[1 + length :]
                    if kind == b"K":  # BackendKeyData: the backend's process id
                        self.backend_pid = struct.unpack("!I", message[5:9])[0]
                    if self.cutting.is_set() and self.on_cut is not None:
                        dropping = True
                        if kind == b"Z":  # ReadyForQuery: the statement is committed; its answer is lost
                            on_cut, self.on_cut = self.on_cut, None
                            self.proxy.cut.append(self.backend_pid)
                            on_cut(self.backend_pid)
                        continue
                    if dropping and kind not in (b"E", b"N"):  # after the cut only the server's last words
                        continue
                    self.client.sendall(message)
        except OSError:
            pass
        finally:
            _shut(self.client)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
