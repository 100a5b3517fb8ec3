"""axe-core's WCAG 2.1 A/AA audit, injected into a rendered page by Playwright.

axe-core is the accessibility engine browsers' own tools use; `.ci/run` installs it
with npm (`npm install -g axe-core@4`). Only serious and critical violations fail
a page: those stop someone from using it (a control with no name, text that
cannot be read, a link told apart by colour alone).
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

import pytest

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
FAILING = ("serious", "critical")


def axe_script() -> Path:
    """axe.min.js from the global npm folder (or ``ASTEROYDS_AXE``); skip or fail when missing."""
    path = _axe_path()
    if path is not None:
        return path
    message = "axe-core is not installed (npm install -g axe-core@4)"
    if os.environ.get("ASTEROYDS_REQUIRE_BROWSER"):
        pytest.fail(message)
    pytest.skip(message)


@functools.cache
def _axe_path() -> Path | None:
    """Looked up once per test worker: ``npm root -g`` starts Node (a third of a second of CPU)."""
    given = os.environ.get("ASTEROYDS_AXE")
    candidates = [Path(given)] if given else []
    npm = shutil.which("npm")
    if npm:
        root = subprocess.run([npm, "root", "-g"], capture_output=True, text=True, check=False).stdout.strip()
        if root:
            candidates.append(Path(root) / "axe-core" / "axe.min.js")
    for path in candidates:
        if path.is_file():
            return path
    return None


def violations(page: object, script: Path) -> list[str]:
    """The page's serious and critical WCAG 2.1 A/AA violations, one line each with its elements."""
    page.add_script_tag(path=str(script))  # type: ignore[attr-defined]
    result = page.evaluate(  # type: ignore[attr-defined]
        # page.evaluate has no timeout of its own: an audit that never settles fails rather than waits
        """async (tags) => {
          const late = new Promise((_, fail) =>
            setTimeout(() => fail(new Error('axe: no result in 120 s')), 120000));
          const audit = axe.run(document, {runOnly: {type: 'tag', values: tags}});
          return (await Promise.race([audit, late])).violations;
        }""",
        TAGS,
    )
    lines = []
    for v in result:
        if v.get("impact") in FAILING:
            targets = ", ".join(" ".join(map(str, node["target"])) for node in v["nodes"][:4])
            lines.append(f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}×: {targets})")
    return lines
