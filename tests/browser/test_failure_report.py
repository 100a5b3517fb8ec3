"""A failed browser test's report shows what its page showed (tests/browser/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT, _browser_available

FAILING = """
from tests.browser.conftest import *  # noqa: F403 (the fixtures and the report hook)

def test_a_page_that_fails(page):
    page.set_content("<p>half a board</p>")
    page.evaluate("console.warn('the kernel went quiet')")
    page.evaluate("setTimeout(() => { throw new Error('a widget broke'); })")
    page.wait_for_timeout(200)
    assert page.locator("p").inner_text() == "a whole board"
"""


def test_a_failed_page_is_reported_with_its_screenshot_errors_and_console(tmp_path: Path) -> None:
    _browser_available()
    (tmp_path / "conftest.py").write_text(FAILING.split("\n\ndef ")[0])
    (tmp_path / "test_fails.py").write_text("def " + FAILING.split("\n\ndef ", 1)[1])
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    )
    env.pop("PYTEST_ADDOPTS", None)  # the caller's options (-n 4, a plugin) are not this run's
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-o",
            "addopts=",
            "--rootdir",
            str(tmp_path),
            str(tmp_path / "test_fails.py"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert "page 0" in out and "address: about:blank" in out, out
    assert "page error: a widget broke" in out, out
    assert "console warning: the kernel went quiet" in out, out
    shot = next(line.split("screenshot: ", 1)[1] for line in out.splitlines() if "screenshot: " in line)
    assert Path(shot).stat().st_size > 1000, shot
    Path(shot).unlink()
