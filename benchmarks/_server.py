"""The app's server as a child process, and what its process tree spends (``benchmarks/classroom.py``).

CPU and memory are summed over the server, its kernels and the kernels it has
already reaped, so a page's cost includes the kernel it started and stopped.
"""

from __future__ import annotations

import http.client
import subprocess
import tempfile
import time
from pathlib import Path

import psutil

from asteroyds.serve.kernels import is_kernel_command
from asteroyds.serve.launch import free_port
from asteroyds.serve.settings import READY_PATH, ServeSettings, voila_command

ROOT = Path(__file__).resolve().parents[1]


class Server:
    """The app's server as a child process, and what its process tree spends."""

    def __init__(self, options: list[str], settings: ServeSettings | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tempfile.NamedTemporaryFile("wb", suffix=".log", delete=False)  # noqa: SIM115
        command = voila_command(ROOT, self.port, settings=settings, options=options)
        self.process = subprocess.Popen(command, cwd=ROOT, stdout=self.log, stderr=subprocess.STDOUT)
        self.ps = psutil.Process(self.process.pid)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.listens():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.25)
        raise SystemExit(f"the server did not start; its log: {self.log.name}")

    def listens(self) -> bool:
        """Any answer at the ready address (404 from an older server): no page rendered, no kernel."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
        try:
            connection.request("GET", READY_PATH)
            connection.getresponse().read()
            return True
        except OSError:
            return False
        finally:
            connection.close()

    def tree(self) -> list[psutil.Process]:
        try:
            return [self.ps, *self.ps.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def cpu(self) -> float:
        """CPU-seconds of the tree so far, reaped children included (they add to their parent's)."""
        total = 0.0
        for proc in self.tree():
            try:
                t = proc.cpu_times()
            except psutil.NoSuchProcess:
                continue
            total += t.user + t.system + t.children_user + t.children_system
        return total

    def rss_mb(self) -> float:
        total = 0
        for proc in self.tree():
            try:
                total += proc.memory_info().rss
            except psutil.NoSuchProcess:
                continue
        return total / 2**20

    def kernels(self) -> int:
        count = 0
        for proc in self.tree():
            try:
                if is_kernel_command(proc.cmdline()):
                    count += 1
            except psutil.NoSuchProcess:
                continue
        return count

    def idle(self, quiet: float = 2.0, limit: float = 240.0, pages: int = 0) -> None:
        """Wait until the tree is quiet for ``quiet`` seconds (a pool refilled, a page rendered).

        Quiet is under 2% of a core, plus 3% for each open page whose planning
        stopwatch may be ticking.
        """
        deadline = time.monotonic() + limit
        last, since = self.cpu(), time.monotonic()
        threshold = (0.02 + 0.03 * pages) * 0.5  # CPU-seconds per half-second sample
        while time.monotonic() < deadline:
            time.sleep(0.5)
            now = self.cpu()
            if now - last > threshold:
                since = time.monotonic()
            last = now
            if time.monotonic() - since >= quiet:
                return

    def background_rate(self, seconds: float = 3.0) -> float:
        """CPU-seconds per second the tree spends with nobody clicking (a stopwatch ticking)."""
        before = self.cpu()
        time.sleep(seconds)
        return (self.cpu() - before) / seconds

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
