"""A hung test fails with its traceback, and the tests after it still run.

One hung test once held a whole CI run until CI's own limit stopped it, with no word of
which test it was. The suite's ``timeout`` (pyproject.toml, pytest-timeout) turns a hang
into a failure that names the test and the line it waited on.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

HUNG = """
import threading

def test_waits_for_what_never_comes():
    threading.Event().wait()  # a lock no one releases: as a server that never answers

def test_after_it():
    assert True
"""


def test_a_hung_test_fails_naming_where_it_waited_and_the_run_goes_on(tmp_path: Path) -> None:
    (tmp_path / "test_hung.py").write_text(HUNG)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-c",
            str(ROOT / "pyproject.toml"),
            "--rootdir",
            str(tmp_path),
            "-o",
            "addopts=",
            "-o",
            "timeout=2",
            "-p",
            "no:cacheprovider",
            str(tmp_path / "test_hung.py"),
        ],
        capture_output=True,
        text=True,
        timeout=120,  # a guard that did not fire would leave the hung test waiting: this ends it
        cwd=tmp_path,
        env={
            k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"
        },  # the caller's options are not its
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 failed, 1 passed" in done.stdout, done.stdout
    assert "Timeout" in done.stdout and "threading.Event().wait()" in done.stdout, done.stdout


def test_the_suite_sets_a_timeout_by_signal(pytestconfig) -> None:
    # "signal" raises in the hung test itself; "thread" would end its whole worker and the file's other tests
    assert float(pytestconfig.getini("timeout")) >= 300
    assert pytestconfig.getini("timeout_method") == "signal"
