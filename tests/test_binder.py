"""The Binder environment, approximated without Docker (docs/serving.md).

repo2docker installs ``binder/requirements.txt`` from the repository root into a
fresh environment and ignores pyproject.toml. This test does the same in a fresh
virtual environment and serves the welcome chapter with Voila from it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from asteroyds.serve.launch import free_port
from asteroyds.serve.settings import IDLE_TIMEOUT, cull_interval

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow


def test_binder_requirements_install_and_serve_the_welcome_chapter(tmp_path):
    venv = tmp_path / "binder-env"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        # --no-compile: what this test checks is what installs and serves; byte-compiling every installed
        # module (jupyterlab, pandas ...) cost 17 s of a core for files the server never imports.
        [str(python), "-m", "pip", "install", "-q", "--no-compile", "-r", "binder/requirements.txt"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    # The project came from the requirements file, not from the test's own environment.
    where = subprocess.run(
        [str(python), "-c", "import asteroyds, voila, bqplot, ipywidgets; print(asteroyds.__file__)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(venv) in where.stdout or str(ROOT) in where.stdout
    # binder/start puts the app's server settings on the Jupyter config path (the kernel websocket).
    settings = subprocess.run(
        [
            "bash",
            "binder/start",
            str(python),
            "-c",
            "from jupyter_server.serverapp import ServerApp; app = ServerApp(); app.load_config_file(); "
            "print(app.kernel_websocket_connection_class.__name__); "
            "from jupyter_server.services.kernels.kernelmanager import MappingKernelManager as M; "
            "m = M(config=app.config); print(m.cull_idle_timeout, m.cull_interval, m.cull_connected)",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    websocket, culling = settings.stdout.split("\n")[:2]
    assert websocket == "LowLatencyWebsocketConnection", settings.stderr[-2000:]
    # Kernels of pages left open go away as under `asteroyds app` (Binder's own culling aside).
    assert culling.split() == [str(IDLE_TIMEOUT), str(cull_interval(IDLE_TIMEOUT)), "False"]

    port = free_port()
    log = (tmp_path / "voila.log").open("w")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    server = subprocess.Popen(
        [
            str(python),
            "-m",
            "voila",
            "notebooks/00_welcome.ipynb",
            "--no-browser",
            f"--port={port}",
            "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
        ],
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
        env=env,
    )
    try:
        page = ""
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as response:
                    page = response.read().decode("utf-8", "replace")
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.5)
        assert "Asteroyds Academy" in page, (tmp_path / "voila.log").read_text()[-3000:]
        assert "Traceback" not in page
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
