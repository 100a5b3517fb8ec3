"""The JupyterHub recipe for real: a hub, its proxy, two students in Chromium, separate kernels.

Starts ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`` as the README
says (JupyterHub from PyPI, ``configurable-http-proxy`` from npm), with the
recipe's shared-password login and local-process spawner, on free ports and a
data folder of its own. Two students log in from separate browser contexts and
land on the welcome chapter, rendered with its widgets; each has a kernel of
their own that the other cannot see. The hub is stopped at the end, and
with it everything it started.

Policy: skipped only when JupyterHub or the proxy is missing and
``ASTEROYDS_REQUIRE_HUB`` is not set (CI sets it and installs both).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect

from asteroyds.serve.launch import free_port

from .conftest import RENDER_TIMEOUT, ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow]
RECIPE = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "asteroyds-class-2026"
STUDENTS = ("ada", "blaise")
SPAWN_TIMEOUT = 300_000  # ms: a student's first server starts Jupyter Server, Voila and a kernel


def hub_available() -> None:
    missing = [
        name
        for name, present in (
            ("jupyterhub (pip install -e '.[hub]')", importlib.util.find_spec("jupyterhub") is not None),
            ("jupyterhub-idle-culler", importlib.util.find_spec("jupyterhub_idle_culler") is not None),
            ("configurable-http-proxy (npm install -g)", shutil.which("configurable-http-proxy") is not None),
        )
        if not present
    ]
    if not missing:
        return
    if os.environ.get("ASTEROYDS_REQUIRE_HUB"):
        pytest.fail(f"the JupyterHub test needs {', '.join(missing)} (ASTEROYDS_REQUIRE_HUB is set)")
    pytest.skip(f"missing {', '.join(missing)} (set ASTEROYDS_REQUIRE_HUB=1 to make this a failure)")


@dataclass
class Hub:
    url: str
    log: Path
    process: psutil.Process


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    hub_available()
    data = tmp_path_factory.mktemp("hub")
    port = free_port()
    env = {
        **os.environ,
        "ASTEROYDS_HUB_PASSWORD": PASSWORD,
        "ASTEROYDS_HUB_IP": "127.0.0.1",
        "ASTEROYDS_HUB_PORT": str(port),
        "ASTEROYDS_HUB_API_PORT": str(free_port()),
        "ASTEROYDS_PROXY_API_PORT": str(free_port()),
        "ASTEROYDS_HUB_DATA": str(data),
    }
    log_path = data / "hub.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(RECIPE)],
            cwd=data,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    running = Hub(url, log_path, psutil.Process(process.pid))
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/hub/login", timeout=5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the hub did not start:\n{log_path.read_text(errors='replace')[-3000:]}")
                time.sleep(0.5)
        yield running
    finally:
        tree = [running.process, *running.process.children(recursive=True)]
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        _, alive = psutil.wait_procs(tree, timeout=30)
        for proc in alive:  # never leave a server behind, even when the assertion below fails
            proc.kill()
        assert alive == [], f"still running after the hub stopped: {[p.pid for p in alive]}"


def log_in(browser, hub_url: str, name: str):
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(f"{hub_url}/hub/login", timeout=RENDER_TIMEOUT)
    page.fill("#username_input", name)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit")
    # The hub spawns the student's server and sends them to the default URL: the welcome chapter.
    welcome = f"**/user/{name}/voila/render/notebooks/00_welcome.ipynb"
    page.wait_for_url(welcome, timeout=SPAWN_TIMEOUT, wait_until="commit")
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    page.wait_for_selector(".jupyter-widgets", timeout=RENDER_TIMEOUT)
    return page


def kernels_of(page, hub_url: str, name: str) -> tuple[int, list[str]]:
    response = page.request.get(f"{hub_url}/user/{name}/api/kernels")
    if response.status != 200:
        return response.status, []
    return 200, sorted(k["id"] for k in response.json())


def test_two_students_land_in_the_app_with_kernels_of_their_own(hub, browser):
    pages = {name: log_in(browser, hub.url, name) for name in STUDENTS}
    for page in pages.values():
        expect(page.locator("body")).to_contain_text("Asteroyds Academy")
        assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0
    ada, blaise = STUDENTS
    status_a, kernels_a = kernels_of(pages[ada], hub.url, ada)
    status_b, kernels_b = kernels_of(pages[blaise], hub.url, blaise)
    assert (status_a, status_b) == (200, 200)
    assert len(kernels_a) == 1 and len(kernels_b) == 1  # the welcome page's kernel, one each
    assert kernels_a != kernels_b
    # One student's session cannot reach the other's server.
    assert kernels_of(pages[ada], hub.url, blaise)[0] in (302, 403, 404)
    # The idle culler runs as a hub service.
    commands = [" ".join(p.cmdline()) for p in hub.process.children(recursive=True)]
    assert any("jupyterhub_idle_culler" in c for c in commands), commands
    for page in pages.values():
        page.context.close()
