"""A kernel websocket without Nagle's algorithm, and a kernel's idle clock restarted when its page leaves.

A widget interaction is a burst of small messages from the
kernel: a busy status, a few ``comm_msg`` updates, an idle status. Jupyter
Server writes them on a websocket that keeps Nagle's algorithm on, so after
the first small packet the next ones wait for its acknowledgement, which the
browser delays by up to 40 ms (delayed ACK). A bare bqplot drag echoed into a
label took 52 ms instead of 21 ms because of it (``benchmarks/ui_latency.py``,
floor line). :class:`LowLatencyWebsocketConnection` sets ``TCP_NODELAY``
(:data:`asteroyds.serve.settings.VOILA_ARGS`); Binder reads the same setting from
``binder/jupyter/jupyter_server_config.json``.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["LowLatencyWebsocketConnection", "touch_kernel"]


class LowLatencyWebsocketConnection(ZMQChannelsWebsocketConnection):
    """Jupyter Server's kernel websocket connection with ``TCP_NODELAY`` set when it opens.

    When it closes, the kernel's idle clock restarts (:func:`touch_kernel`), so a
    culler set to N seconds shuts a kernel down N seconds after its page went
    away, not N seconds after the page's last click.
    """

    def connect(self) -> asyncio.Future[None] | None:
        handler = self.websocket_handler
        if handler is not None and handler.ws_connection is not None:
            handler.set_nodelay(True)
        return super().connect()

    def disconnect(self) -> None:
        touch_kernel(self.multi_kernel_manager, self.kernel_id)
        return super().disconnect()


def touch_kernel(manager: object, kernel_id: str) -> datetime:
    """Restart a kernel's idle clock (Jupyter Server's ``last_activity``); return the time set."""
    now = utcnow()
    kernel = getattr(manager, "_kernels", {}).get(kernel_id)
    if kernel is not None and getattr(kernel, "last_activity", now) < now:
        kernel.last_activity = now
    return now
