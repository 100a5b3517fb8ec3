"""Message queues between a page's kernel and the server that never drop a message.

Why: ZeroMQ's publish-subscribe sockets (a kernel's IOPub, which carries every
widget's creation and change) keep at most 1,000 messages queued at each end and
silently drop the rest. A sandbox's Roll that builds two capture charts sends a
burst of about that many; when the server was slow to read them (a busy machine:
a class on two cores, or CI), messages were lost, so the page showed a stage
without its charts, or "Error displaying widget: model not found" (measured: the
server paused for 4 s after Roll lost the charts in 2 of 4 tries; with these
queues unbounded, 0 of 4). A page's messages are bounded by what the page does,
so the queues are too: nothing grows without end.

The server's sockets (every page's connection, Voila's own rendering client)
come from contexts set here (:func:`unbounded`); the kernel's IOPub is set by
:mod:`asteroyds.serve.kernel_app`, which the class server starts its kernels with.
"""

from __future__ import annotations

from typing import TypeVar

import zmq

ContextT = TypeVar("ContextT", bound=zmq.Context)  # type: ignore[type-arg]

__all__ = ["NO_LIMIT", "unbounded"]

NO_LIMIT = 0  # ZeroMQ's high-water mark that means "no limit"


def unbounded(context: ContextT) -> ContextT:
    """``context`` with no send or receive limit on the sockets it makes from now on."""
    context.setsockopt(zmq.SNDHWM, NO_LIMIT)
    context.setsockopt(zmq.RCVHWM, NO_LIMIT)
    return context
