"""A real ``asteroyds app`` for tests: started in its own process group, its kernels watched with psutil."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest

from asteroyds.serve.kernels import is_kernel_command
from asteroyds.serve.launch import free_port
from asteroyds.serve.settings import ServeSettings, voila_command


class App:
    """A running ``asteroyds app`` and what it has started."""

    def __init__(self, process: subprocess.Popen, port: int, log: Path) -> None:
        self.process, self.port, self.log = process, port, log
        self.url = f"http://127.0.0.1:{port}"
        self.ps = psutil.Process(process.pid)

    def kernels(self) -> list[psutil.Process]:
        found = []
        for child in self.ps.children(recursive=True):
            try:
                if is_kernel_command(child.cmdline()):
                    found.append(child)
            except psutil.NoSuchProcess:
                continue
        return found

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=120) as response:
                return response.status, response.read().decode("utf-8", "replace"), dict(response.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode("utf-8", "replace"), dict(error.headers)

    def wait_until(self, condition, timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                pytest.fail(f"{what} within {timeout:.0f} s; the server's log ends:\n{self.log_tail()}")
            time.sleep(0.5)

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:]


@contextmanager
def app(tmp_path: Path, *options: str, lang: tuple[str, ...] = ()) -> Iterator[App]:
    """``asteroyds app`` as a teacher starts it (the tutorial's notebooks), on a free port."""
    port = free_port()
    command = [sys.executable, "-m", "asteroyds.cli", *lang, "app", "--port", str(port), "--no-browser"]
    with running([*command, *options], port, tmp_path) as server:
        yield server


@contextmanager
def class_server(tmp_path: Path, folder: Path, settings: ServeSettings) -> Iterator[App]:
    """The class server ``asteroyds app`` runs (the same command and options) over another folder.

    A pool heats every chapter of the folder it serves: a folder of one page
    keeps one kernel warm instead of the tutorial's fourteen.
    """
    port = free_port()
    with running(voila_command(folder, port, settings=settings), port, tmp_path) as server:
        yield server


@contextmanager
def running(command: list[str], port: int, tmp_path: Path) -> Iterator[App]:
    """Run ``command`` in its own process group until the ``with`` block ends (then kill the group)."""
    log = tmp_path / f"app-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            command, cwd=tmp_path, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    server = App(process, port, log)
    try:
        server.wait_until(lambda: "is running at" in log.read_text(), 120, "the app did not answer")
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)
