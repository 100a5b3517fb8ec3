"""The address students can reach: a projector page opened as ``localhost`` says so and shows another.

A teacher who opens the class room page as ``http://localhost:8866/…`` (or
``127.0.0.1``) would hand the class a join link and a QR code that point at
each student's own phone. The page finds this machine's network address
instead and builds the link and the QR code with it, and says why.

The network address comes from the routing table, not from the network: a
UDP socket "connected" to a private address sends nothing but makes the
system choose the interface it would use; its own address is the one to
give out. Without a route (no network at all), the host name's address;
if that is a loopback too, there is none to give.

>>> is_local("http://127.0.0.1:8866/voila/render/join.ipynb?room=K7QXM2PA")
True
>>> is_local("http://school:8866/voila/render/join.ipynb")
False
>>> with_host("http://localhost:8866/voila/render/join.ipynb?room=K7QXM2PA", "192.168.1.23")
'http://192.168.1.23:8866/voila/render/join.ipynb?room=K7QXM2PA'
"""

from __future__ import annotations

import ipaddress
import os
import socket
from urllib.parse import urlsplit, urlunsplit

PROBE = ("10.255.255.255", 1)  # any private address: nothing is sent to it
LISTEN_VARIABLE = "ASTEROYDS_APP_IP"  # where `asteroyds app` says which address it listens on


def _loopback(host: str) -> bool:
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host.endswith(".localhost")


def is_local(url: str) -> bool:
    """Does ``url`` name this machine as only this machine knows it (localhost, 127.x, ::1)?"""
    parts = urlsplit(url)
    return bool(parts.scheme) and _loopback(parts.hostname or "")


def network_address() -> str | None:
    """This machine's address on its network (IPv4), or None when it has none but a loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(PROBE)
            address = str(probe.getsockname()[0])
        if not _loopback(address) and address != "0.0.0.0":
            return address
    except OSError:
        pass
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        return None
    return None if _loopback(address) or address == "0.0.0.0" else address


def with_host(url: str, host: str) -> str:
    """``url`` with its host replaced by ``host`` (the port, path and query kept)."""
    parts = urlsplit(url)
    netloc = host if parts.port is None else f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, netloc, parts.path, parts.query, parts.fragment))


def listens_locally() -> bool:
    """Did ``asteroyds app`` start on a loopback address (phones cannot reach it at all)?"""
    ip = os.environ.get(LISTEN_VARIABLE)
    return ip is not None and _loopback(ip)


__all__ = ["LISTEN_VARIABLE", "is_local", "listens_locally", "network_address", "with_host"]
