"""The checks a contributor's pre-commit runs, run by CI too: ruff, mypy and the import contracts.

They run here, as tests, so that CI's one command (the README's test command,
which ``.ci/run`` calls) covers them: a fresh clone cannot go green with a
layer broken, a module mypy rejects, or code ruff would change.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    tool = shutil.which(command[0]) or pytest.fail(f"{command[0]} is not installed: pip install -e '.[test]'")
    return subprocess.run([tool, *command[1:]], cwd=ROOT, capture_output=True, text=True, timeout=timeout)


def test_ruff_finds_nothing_to_fix_and_nothing_to_reformat():
    lint = run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout[-3000:]
    layout = run("ruff", "format", "--check", ".")
    assert layout.returncode == 0, layout.stdout[-3000:]


@pytest.mark.slow
def test_mypy_passes_on_the_package():
    checked = run("mypy")  # its settings and the modules it excludes: pyproject.toml [tool.mypy]
    assert checked.returncode == 0, checked.stdout[-4000:]


def test_the_import_contracts_hold():
    contracts = run("lint-imports", "--no-cache")
    assert contracts.returncode == 0, contracts.stdout[-4000:]
    assert "broken" not in contracts.stdout.lower().replace("0 broken", "")
