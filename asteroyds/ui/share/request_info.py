"""A pre-heated kernel learns which page it serves: Voila's request info, read with the standard library.

Voila runs a pre-heated kernel's notebook before any page is asked for, then,
when a page takes that kernel, sends the page's request (its query string, its
address) on a websocket the kernel opened, ``/voila/query/<kernel id>``, and
keeps no copy. Voila's own helper (``voila.utils.wait_for_request``) reads it
with the ``websockets`` library; this module reads the one message with a plain
socket, so the widgets' package imports no web server (the layers contract in
``pyproject.toml``) and the kernel needs nothing Voila does not already give it.

Only what Voila's server sends is implemented: an unmasked text message,
perhaps in fragments, perhaps after a ping (answered).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import BinaryIO

__all__ = ["read_message", "wait_for_request"]

CONNECT_TIMEOUT = 5.0  # seconds to reach the server (Voila's helper waits as long)
TEXT, CONTINUATION, CLOSE, PING, PONG = 0x1, 0x0, 0x8, 0x9, 0xA


def wait_for_request() -> bool:
    """Wait until a page takes this pre-heated kernel; put its request into ``os.environ``.

    Returns False (and leaves the environment alone) when this kernel is not
    pre-heated or the server cannot be reached.
    """
    env = os.environ
    if env.get("VOILA_PREHEAT", "False") in ("", "False"):
        return False
    host = env.get("VOILA_APP_IP", "127.0.0.1")
    port = int(env.get("VOILA_APP_PORT", "8866"))
    base = env.get("VOILA_WS_BASE_URL", env.get("VOILA_SERVER_URL", "/"))
    path = f"{base}voila/query/{env.get('VOILA_KERNEL_ID', '')}"
    try:
        with socket.create_connection((host, port), timeout=CONNECT_TIMEOUT) as connection:
            text = read_message(connection, host, port, path)
    except OSError:
        return False
    if text is None:
        return False
    for key, value in json.loads(text).items():
        env[key] = value
    return True


def read_message(connection: socket.socket, host: str, port: int, path: str) -> str | None:
    """Open a websocket on ``connection`` and return its first text message (None if it closes first)."""
    key = base64.b64encode(os.urandom(16)).decode()
    connection.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    reader = connection.makefile("rb")
    status = reader.readline()
    if b" 101 " not in status:
        return None
    while reader.readline() not in (b"\r\n", b"\n", b""):  # the rest of the handshake's headers
        pass
    connection.settimeout(None)  # now wait as long as it takes a page to take this kernel
    parts: list[bytes] = []
    while True:
        opcode, final, payload = _frame(reader)
        if opcode == CLOSE or opcode is None:
            return None
        if opcode == PING:
            connection.sendall(_masked(PONG, payload))
        elif opcode in (TEXT, CONTINUATION):
            parts.append(payload)
            if final:
                return b"".join(parts).decode("utf-8")


def _frame(reader: BinaryIO) -> tuple[int | None, bool, bytes]:
    head = reader.read(2)
    if len(head) < 2:
        return None, True, b""
    final, opcode = bool(head[0] & 0x80), head[0] & 0x0F
    masked, length = bool(head[1] & 0x80), head[1] & 0x7F
    if length == 126:
        (length,) = struct.unpack("!H", reader.read(2))
    elif length == 127:
        (length,) = struct.unpack("!Q", reader.read(8))
    mask = reader.read(4) if masked else b""
    payload = reader.read(length)
    if masked:
        payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return opcode, final, payload


def _masked(opcode: int, payload: bytes) -> bytes:
    """A client's frame (clients must mask what they send)."""
    mask = os.urandom(4)
    data = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + data
