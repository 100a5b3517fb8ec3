"""The package's docstrings and comments name modules that exist (issue 36: six named modules
that had moved, ``asteroyds.ui.round_player``, ``asteroyds.ui.sandbox_setup`` ...).

A dotted name ``asteroyds.a.b.c`` is read as the longest module it starts with and the name after
it, which that module must have (``asteroyds.modes.Mode.setup``: the module ``asteroyds.modes``
has ``Mode``; a field of it is not checked). A file named as ``asteroyds/x/y.py`` must exist.
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "asteroyds"
MODULES = {
    ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
    for path in PACKAGE.rglob("*.py")
}
DOTTED = re.compile(r"\basteroyds(?:\.[A-Za-z_]\w*)+")
FILE = re.compile(r"\basteroyds/[\w/]+\.py\b")
CATALOGS = {"asteroyds.po", "asteroyds.pot"}  # the translation catalogs' file names, not modules
PLACEHOLDERS = {"asteroyds/x.py"}  # "a module's path", in i18n_tools


def prose(source: str) -> list[tuple[int, str]]:
    """(line, text) of each docstring and comment of a module's source."""
    found = [
        (node.body[0].lineno, text)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and (text := ast.get_docstring(node, clean=False))
    ]
    lines = enumerate(source.splitlines(), 1)
    return found + [(number, line[line.index("#") :]) for number, line in lines if "#" in line]


def missing(dotted: str) -> bool:
    """Is ``dotted`` neither a module nor a name of the longest module it starts with?"""
    parts = dotted.split(".")
    end = len(parts)
    while end and ".".join(parts[:end]) not in MODULES:
        end -= 1
    if end == len(parts):
        return False
    return not hasattr(importlib.import_module(".".join(parts[:end])), parts[end])


def exists(file: str) -> bool:
    return file in PLACEHOLDERS or (PACKAGE.parent / file).exists()


def stale(sources: dict[str, str]) -> list[str]:
    """Each dotted name or file a docstring or comment names that does not exist, as ``file:line: name``."""
    out = []
    for where, source in sources.items():
        for line, text in prose(source):
            out += [f"{where}:{line}: {d}" for d in DOTTED.findall(text) if d not in CATALOGS and missing(d)]
            out += [f"{where}:{line}: {f}" for f in FILE.findall(text) if not exists(f)]
    return out


def test_docstrings_and_comments_name_modules_that_exist():
    sources = {
        str(path.relative_to(PACKAGE.parent)): path.read_text(encoding="utf-8")
        for path in sorted(PACKAGE.rglob("*.py"))
    }
    assert len(sources) > 100
    assert stale(sources) == []


def test_a_moved_module_and_a_missing_file_are_found():
    source = (
        '"""A view of :class:`~asteroyds.ui.round_player.RoundPlayerController`,\n'
        'as asteroyds/ui/nowhere.py."""\n'
        "\n"
        "# asteroyds.ui.player.controller.RoundPlayerController, asteroyds.modes.Mode.setup\n"
        "# asteroyds/state.py\n"
    )
    assert stale({"sample.py": source}) == [
        "sample.py:1: asteroyds.ui.round_player.RoundPlayerController",
        "sample.py:1: asteroyds/ui/nowhere.py",
    ]
