"""The class server (``asteroyds app``) for real: kernels that go away, a cap, and a clean stop.

Each test starts ``asteroyds app`` as a student's teacher would, in its own
process group, and watches its process tree with psutil: a kernel is a child
process running ``ipykernel``.
"""

from __future__ import annotations

import json
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

import nbformat
import psutil
import pytest

from asteroyds.ui.server import free_port, port_is_free, voila_command

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ("01_board_and_pieces", "02_planning", "05_racing_game")


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
                if "ipykernel" in " ".join(child.cmdline()):
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
def app(tmp_path: Path, *options: str) -> Iterator[App]:
    port = free_port()
    log = tmp_path / f"app-{port}.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "asteroyds.cli", "app", "--port", str(port), "--no-browser", *options],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    server = App(process, port, log)
    try:
        server.wait_until(lambda: "is running at" in log.read_text(), 120, "the app did not answer")
        yield server
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


def test_kernels_of_pages_fetched_and_left_go_away_after_the_idle_timeout(tmp_path):
    with app(tmp_path, "--idle-timeout", "15", "--pool", "0") as server:
        before = len(server.kernels())
        for chapter in CHAPTERS:  # like `curl`: the page renders, nobody ever connects to its kernel
            status, page, _ = server.get(f"/voila/render/{chapter}.ipynb")
            assert status == 200, page[-500:]
        assert len(server.kernels()) == before + len(CHAPTERS)
        # Over unix sockets, not TCP ports that kernels starting together could both pick.
        for kernel in server.kernels():
            connection = kernel.cmdline()[kernel.cmdline().index("-f") + 1]
            assert json.loads(Path(connection).read_text())["transport"] == "ipc"
        # 15 s idle + one cull interval (5 s) + the shutdown itself
        server.wait_until(lambda: len(server.kernels()) == before, 45, "the idle kernels were not shut down")
        assert "Culling 'idle' kernel" in server.log_tail()


def test_beyond_the_cap_a_page_gets_503_and_the_friendly_page(tmp_path):
    with app(tmp_path, "--max-kernels", "2", "--pool", "0") as server:
        assert "serving up to 2 pages" in server.log.read_text()
        for chapter in CHAPTERS[:2]:
            status, _, _ = server.get(f"/voila/render/{chapter}.ipynb")
            assert status == 200
        status, page, headers = server.get(f"/voila/render/{CHAPTERS[2]}.ipynb")
        assert status == 503
        assert "The class server is full — try again in a minute" in page
        assert "Traceback" not in page
        assert headers["Retry-After"] == "60"
        assert len(server.kernels()) == 2  # no kernel was started for the refused page
        # The folder's listing starts no kernel and stays reachable.
        assert server.get("/")[0] == 200


def test_the_default_cap_is_printed_at_start_up(tmp_path):
    with app(tmp_path, "--pool", "0") as server:
        line = next(x for x in server.log.read_text().splitlines() if "serving up to" in x)
        pages = int(line.split("serving up to ", 1)[1].split()[0])
        assert pages >= 1


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_killing_the_app_stops_the_server_and_every_kernel(tmp_path, sig):
    with app(tmp_path, "--pool", "1") as server:
        for chapter in CHAPTERS[:2]:
            assert server.get(f"/voila/render/{chapter}.ipynb")[0] == 200
        # Two pages' kernels and pool kernels, some of them perhaps still starting: all must go.
        server.wait_until(lambda: len(server.kernels()) >= 4, 240, "the pool did not start")
        tree = [server.ps, *server.ps.children(recursive=True)]
        os.kill(server.process.pid, sig)  # the app's own pid, as `kill PID` (or Ctrl-C) does
        server.process.wait(timeout=120)
        gone, alive = psutil.wait_procs(tree, timeout=30)
        assert alive == [], [p.pid for p in alive]
        assert port_is_free(server.port)
        # the whole log: a kernel ended mid-message may print a traceback after the line
        assert "stopping the server and its kernels" in server.log.read_text(errors="replace")


def test_a_busy_port_is_refused_in_one_line(tmp_path):
    with app(tmp_path, "--pool", "0") as server:
        again = subprocess.run(
            [sys.executable, "-m", "asteroyds.cli", "app", "--port", str(server.port), "--no-browser"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert again.returncode == 2
    assert again.stderr.strip() == (
        f"asteroyds: error: port {server.port} is busy (is the app already running? try --port)"
    )


def read_page(url: str, deadline_seconds: float) -> str:
    """The whole page, or a failure once ``deadline_seconds`` pass (Voila's keep-alive snippets
    would defeat a socket timeout: a page that never ends still sends bytes)."""
    deadline = time.monotonic() + deadline_seconds
    body = b""
    with urllib.request.urlopen(url, timeout=30) as response:
        while chunk := response.read1(65536):
            body += chunk
            if time.monotonic() > deadline:
                pytest.fail(f"the page did not end within {deadline_seconds:.0f} s: {body[-300:]!r}")
    return body.decode("utf-8", "replace")


def test_a_page_whose_kernel_dies_while_starting_ends_with_a_sentence(tmp_path):
    # A kernel that exits at once: the page's kernel_info never comes (as when two kernels
    # started together and one lost its port). Voila alone would keep the page loading for ever.
    spec = tmp_path / "jupyter" / "kernels" / "dies"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-c", "import sys; sys.exit(3)", "-f", "{connection_file}"],
                "display_name": "dies",
                "language": "python",
            }
        )
    )
    pages = tmp_path / "pages"
    pages.mkdir()
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print('never runs')")],
        metadata={"kernelspec": {"name": "dies", "display_name": "dies", "language": "python"}},
    )
    nbformat.write(notebook, pages / "dies.ipynb")
    port = free_port()
    log = tmp_path / "server.log"
    env = {**os.environ, "JUPYTER_PATH": str(tmp_path / "jupyter")}
    with log.open("w") as out:
        process = subprocess.Popen(
            voila_command(pages, port), stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 120
        while "is running at" not in log.read_text():
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.5)
        page = read_page(f"http://127.0.0.1:{port}/voila/render/dies.ipynb", 90)
        assert "asteroyds-kernel-failed" in page
        assert "Reload the page" in page
        assert "never runs" not in page.split("asteroyds-kernel-failed")[1]
        # the server goes on serving: the next request is answered too
        assert "asteroyds-kernel-failed" in read_page(f"http://127.0.0.1:{port}/voila/render/dies.ipynb", 90)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
