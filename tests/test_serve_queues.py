"""The class server's message queues never drop a message (asteroyds.serve.queues).

ZeroMQ's publish-subscribe sockets drop what is over their high-water mark; a kernel's IOPub
carries every widget's creation and change, so a burst the server was slow to read lost widgets
(a sandbox's charts, "model not found"). The first test shows the loss with ZeroMQ's defaults
and none with :func:`unbounded`; the others check that the server and its kernels use it.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest
import zmq

from asteroyds.serve.kernels import LAUNCHER, PAGE_KERNEL, ClassroomKernelManager, PageKernelManager
from asteroyds.serve.queues import unbounded

from .helpers import run_in_own_loop

BURST = 5_000  # messages: more than ZeroMQ's default 1,000 at each end


def _received_of_a_burst(publisher_context: zmq.Context, subscriber_context: zmq.Context) -> int:
    """Publish BURST messages while the subscriber reads nothing, then count what it gets."""
    publisher = publisher_context.socket(zmq.PUB)
    subscriber = subscriber_context.socket(zmq.SUB)
    try:
        port = publisher.bind_to_random_port("tcp://127.0.0.1")
        subscriber.setsockopt(zmq.SUBSCRIBE, b"")
        subscriber.connect(f"tcp://127.0.0.1:{port}")
        for _attempt in range(200):  # a subscription takes a moment: until one message gets through
            publisher.send(b"hello")
            if subscriber.poll(50):
                break
        else:
            pytest.fail("the subscriber never connected")
        while subscriber.poll(0):
            subscriber.recv()
        for i in range(BURST):
            publisher.send(b"%d" % i, copy=True)
        received = 0
        while subscriber.poll(1_000):
            subscriber.recv()
            received += 1
        return received
    finally:
        publisher.close(linger=0)
        subscriber.close(linger=0)


def test_zeromq_drops_a_burst_by_default_and_an_unbounded_queue_keeps_it():
    with zmq.Context() as plain_pub, zmq.Context() as plain_sub:
        assert _received_of_a_burst(plain_pub, plain_sub) < BURST
    with unbounded(zmq.Context()) as pub, unbounded(zmq.Context()) as sub:
        assert _received_of_a_burst(pub, sub) == BURST


def test_the_server_reads_its_kernels_through_unbounded_queues():
    manager = ClassroomKernelManager()
    assert manager.kernel_manager_class == "asteroyds.serve.kernels.PageKernelManager"
    for option in (zmq.SNDHWM, zmq.RCVHWM):
        socket = manager.context.socket(zmq.SUB)
        try:
            assert socket.getsockopt(option) == 0
        finally:
            socket.close(linger=0)
    kernel = manager.kernel_manager_factory(kernel_name="python3", parent=manager, context=manager.context)
    assert isinstance(kernel, PageKernelManager)
    assert kernel.client().context is manager.context  # Voila renders the page through this client


def test_python_kernels_start_with_the_page_kernel_app_and_others_as_they_are():
    kernel = PageKernelManager(kernel_name="python3")
    command = kernel.format_kernel_cmd()
    assert PAGE_KERNEL in command and LAUNCHER not in command
    assert command[command.index(PAGE_KERNEL) - 1] == "-m"


@pytest.mark.timeout(120)
def test_a_page_kernel_sends_a_whole_burst_through_an_unbounded_iopub():
    """A real kernel started as the server starts it: its IOPub has no limit and a burst arrives whole."""
    printed, shown = run_in_own_loop(_a_burst_from_a_page_kernel)
    assert "hwm 0" in printed
    assert shown == BURST


async def _a_burst_from_a_page_kernel() -> tuple[str, int]:
    kernel = PageKernelManager(kernel_name="python3")
    await kernel.start_kernel()
    client = kernel.client()
    try:
        client.start_channels()
        await client.wait_for_ready(timeout=50)
        code = (
            "import zmq\n"
            "print('hwm', get_ipython().kernel.iopub_thread.socket.getsockopt(zmq.SNDHWM))\n"
            f"for i in range({BURST}): display(i)\n"
        )
        msg_id = client.execute(code)
        await asyncio.sleep(2)  # the burst piles up unread, as behind a busy server
        shown, printed = 0, ""
        while True:
            msg = await client.get_iopub_msg(timeout=30)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind = msg["msg_type"]
            if kind == "display_data":
                shown += 1
            elif kind == "stream":
                printed += msg["content"]["text"]
            elif kind == "status" and msg["content"]["execution_state"] == "idle":
                return printed, shown
    finally:
        client.stop_channels()
        await kernel.shutdown_kernel(now=True)


def test_importing_the_kernel_app_leaves_widgets_in_this_process_alone():
    """ipykernel replaces the comm package's factory when imported; only the kernel's own process may."""
    script = (
        "import comm\n"
        "factory = comm.create_comm\n"
        "import asteroyds.serve.kernel_app\n"
        "assert comm.create_comm is factory, comm.create_comm\n"
        "import ipykernel.ipkernel\n"
        "assert comm.create_comm is not factory  # the check can see a replaced factory\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
