"""How Voila serves the app: a kernel websocket that sends small messages at once.

A widget interaction is a burst of small messages from the kernel: a busy
status, a few ``comm_msg`` updates, an idle status. Jupyter Server writes them
on a websocket that keeps Nagle's algorithm on, so after the first small
packet the next ones wait for its acknowledgement, which the browser delays
by up to 40 ms (delayed ACK). A bare bqplot drag echoed into a label took
52 ms instead of 21 ms because of it (``benchmarks/ui_latency.py``, floor
line). Setting ``TCP_NODELAY`` on the kernel websocket removes that wait; it
costs nothing at our message rates.

Every way this project starts Voila passes :data:`VOILA_ARGS`: the
``asteroyds app`` command, the browser tests' fixture and the benchmark.
Binder reads the same setting from ``binder/jupyter_server_config.json``.
"""

from __future__ import annotations

import asyncio

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection

__all__ = ["VOILA_ARGS", "LowLatencyWebsocketConnection"]


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
