"""A page's kernel: IPython's kernel whose IOPub queue never drops a message.

The class server starts its kernels with ``python -m asteroyds.serve.kernel_app``
instead of ``ipykernel_launcher`` (:class:`asteroyds.serve.kernels.PageKernelManager`);
see :mod:`asteroyds.serve.queues` for why. In JupyterLab nothing changes.

ipykernel is imported only when this module runs as the kernel: importing it
replaces the ``comm`` package's factory in the importing process, which would
change how widgets made there send their state (a test process imports every module).
"""

from __future__ import annotations

import sys

__all__ = ["main"]


def main() -> None:
    """Start the kernel as ``ipykernel_launcher`` does, its IOPub socket made without a high-water mark."""
    import zmq
    from ipykernel.kernelapp import IPKernelApp

    from .queues import unbounded

    class PageKernelApp(IPKernelApp):  # type: ignore[misc]
        def init_iopub(self, context: zmq.Context) -> None:  # type: ignore[type-arg]
            super().init_iopub(unbounded(context))

    if sys.path and sys.path[0] == "":  # as ipykernel_launcher: the kernel's folder is not the server's
        del sys.path[0]
    PageKernelApp.launch_instance()


if __name__ == "__main__":
    main()
