"""A page's kernel: IPython's kernel whose IOPub queue never drops a message.

The class server starts its kernels with ``python -m asteroyds.serve.kernel_app``
instead of ``ipykernel_launcher`` (:class:`asteroyds.serve.kernels.PageKernelManager`);
see :mod:`asteroyds.serve.queues` for why. In JupyterLab nothing changes.
"""

from __future__ import annotations

import sys

import zmq
from ipykernel.kernelapp import IPKernelApp

from .queues import unbounded

__all__ = ["PageKernelApp"]


class PageKernelApp(IPKernelApp):  # type: ignore[misc]
    """``IPKernelApp`` with its IOPub socket made without a high-water mark."""

    def init_iopub(self, context: zmq.Context) -> None:  # type: ignore[type-arg]
        super().init_iopub(unbounded(context))


if __name__ == "__main__":
    if sys.path and sys.path[0] == "":  # as ipykernel_launcher: the kernel's folder is not the server's
        del sys.path[0]
    PageKernelApp.launch_instance()
