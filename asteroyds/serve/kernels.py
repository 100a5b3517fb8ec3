"""The class server's kernel manager: a page's kernel goes when its page has gone, never while it is open.

A kernel whose page connected and then lost every connection is shut down
after ``disconnected_timeout`` seconds (the backstop for a page that vanished
without its goodbye); one whose page never connected, after Jupyter Server's
``cull_idle_timeout`` (the app's ``--idle-timeout``). A quiet page with an open
connection is kept: a student may read for a long time.
"""

from __future__ import annotations

import time
from datetime import datetime

import zmq.asyncio
from jupyter_client.asynchronous import AsyncKernelClient
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from traitlets import Integer, default

from .queues import unbounded
from .websocket import touch_kernel

__all__ = ["ClassroomKernelManager", "PageKernelManager", "is_kernel_command"]

LAUNCHER = "ipykernel_launcher"  # the module a Python kernel spec starts
PAGE_KERNEL = "asteroyds.serve.kernel_app"  # ours: the same kernel, IOPub without a limit


def is_kernel_command(command: list[str]) -> bool:
    """Is this process's command line a page's kernel (ours, or IPython's as JupyterLab starts it)?

    >>> is_kernel_command(["python", "-m", PAGE_KERNEL, "-f", "k.json"]), is_kernel_command(["voila"])
    (True, False)
    """
    return any(part in (PAGE_KERNEL, LAUNCHER) or "ipykernel" in part for part in command)


class PageKernelManager(ServerKernelManager):  # type: ignore[misc]
    """One page's kernel, started and read through queues that never drop a message (``serve.queues``)."""

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        return unbounded(super()._context_default())

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        """The kernel spec's command with our kernel app for IPython's launcher (other kernels unchanged)."""
        command = list(super().format_kernel_cmd(extra_arguments))
        return [PAGE_KERNEL if part == LAUNCHER else part for part in command]

    def client(self, **kwargs: object) -> AsyncKernelClient:  # type: ignore[override]  # async, as its base
        """A client on this manager's context (Voila renders the page through it): unbounded queues too."""
        kwargs.setdefault("context", self.context)
        return super().client(**kwargs)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, culling a page's kernel by the time it has had no page.

    Voila wraps this class with its pre-heated pool; kernels waiting in the pool
    are never culled (Voila skips them). A pool kernel has been idle since it
    ran the notebook, so when one is handed to a page its idle clock restarts the
    first time the culler meets it outside the pool: a page that takes a few
    seconds to connect is not culled under its feet.
    """

    disconnected_timeout = Integer(
        60, config=True, help="Shut a kernel down this many seconds after its page's last connection closed."
    )

    @default("kernel_manager_class")
    def _default_kernel_manager_class(self) -> str:
        return f"{__name__}.PageKernelManager"

    @default("context")
    def _context_default(self) -> zmq.asyncio.Context:
        return unbounded(super()._context_default())

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._seen: dict[str, datetime] = {}
        self._left: dict[str, float] = {}  # kernel -> when its page's last connection closed (monotonic)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._left.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._left[kernel_id] = time.monotonic()

    def initialize_culler(self) -> None:
        """Jupyter Server's culler, also when only the disconnected timeout is set (``--idle-timeout 0``)."""
        if self.cull_idle_timeout <= 0 < self.disconnected_timeout:
            self.cull_idle_timeout = 10**9  # "never", for pages that never connect
        super().initialize_culler()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        for gone in [k for k in self._seen if k not in self._kernels]:
            del self._seen[gone]
        for gone in [k for k in self._left if k not in self._kernels]:
            del self._left[gone]
        if kernel_id not in self._seen:
            self._seen[kernel_id] = touch_kernel(self, kernel_id)
        left = self._left.get(kernel_id)
        if (
            left is not None
            and self.disconnected_timeout > 0
            and time.monotonic() - left >= self.disconnected_timeout
            and not self._kernel_connections.get(kernel_id, 0)
        ):
            self.log.warning(
                "Culling kernel %s: its page left %d s ago", kernel_id, int(time.monotonic() - left)
            )
            self._left.pop(kernel_id, None)
            await self.shutdown_kernel(kernel_id)
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    def pool_kernel_ids(self) -> list[str]:
        """The kernels waiting in Voila's pre-heated pool (none without a pool)."""
        ids = []
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.append(task.result()["kernel_id"])
        return sorted(ids)

    def page_kernel_count(self) -> int:
        """Kernels serving a page now: every kernel but the pool's."""
        pool = set(self.pool_kernel_ids())
        return sum(1 for kernel_id in self.list_kernel_ids() if kernel_id not in pool)
