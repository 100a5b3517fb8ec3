"""`asteroyds app` (the README's run command) serves the welcome chapter."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from asteroyds.serve.launch import free_port

pytestmark = pytest.mark.slow


def test_app_serves_the_welcome_chapter(tmp_path):
    port = free_port()
    log = (tmp_path / "app.log").open("w")
    app = subprocess.Popen(
        [sys.executable, "-m", "asteroyds.cli", "app", "--port", str(port), "--no-browser"],
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        url = f"http://127.0.0.1:{port}/"  # the server's address is the welcome page
        page, deadline = "", time.monotonic() + 120
        while time.monotonic() < deadline and app.poll() is None:
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    page = response.read().decode("utf-8", "replace")
                break
            except OSError:
                time.sleep(0.5)
        assert "Asteroyds Academy" in page, (tmp_path / "app.log").read_text()[-2000:]
        deadline = time.monotonic() + 10
        while "is running at" not in (tmp_path / "app.log").read_text() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert f"Asteroyds Academy is running at {url}" in (tmp_path / "app.log").read_text()
    finally:
        os.killpg(app.pid, signal.SIGTERM)
        app.wait(timeout=30)
        log.close()


def test_app_refuses_a_busy_port(capsys):
    from asteroyds.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["app", "--port", str(port), "--no-browser"]) == 2
    assert f"port {port}" in capsys.readouterr().err
