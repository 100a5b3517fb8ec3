"""The learning path: the chapters in the order the welcome page lists them, and each one's *Next* link.

The welcome page's table of chapters is the one list of the course. Every
chapter ends by leading to the one after it in that table ("Next: [chapter 3 —
moving the asteroids](03_moving_asteroids.ipynb)."); those links are derived
from the table, not kept by hand, so a new chapter is a row in the table and
``python -m asteroyds.ui.share.twins sync`` rewrites the link of the chapter
before it (in every language). ``tests/test_learning_path.py`` fails while a
link disagrees with the table (:func:`check_links`).

The link's words come from the next chapter's own first heading ("# 3 · Moving
the asteroids" gives "chapter 3 — moving the asteroids"), in the page's language.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from ...i18n import _

TWIN_FOLDERS: dict[str, str] = {"fr": "fr"}  # language -> folder under notebooks/
CHAPTER = re.compile(r"^\d\d_[a-z0-9_]+\.ipynb$")  # the learner's numbered chapters: 00_welcome … 10_capture
WELCOME = "00_welcome.ipynb"
NEXT_LABEL = {"en": "Next:", "fr": "Suivant :"}
CHAPTER_WORD = {"en": "chapter", "fr": "chapitre"}
#: The *Next* link as the chapters write it: the label, white space (a line break too), then the link.
NEXT_LINK = re.compile(
    r"(?P<label>Next:|Suivant :)(?P<space>\s+)\[(?P<text>[^\]]*)\]\((?P<target>\d\d_[a-z0-9_]+\.ipynb)\)"
)
LINKED_CHAPTER = re.compile(r"\]\((\d\d_[a-z0-9_]+\.ipynb)\)")
HEADING = re.compile(r"^#\s+(?P<number>\d+)\s*·\s*(?P<title>.+?)\s*$", re.MULTILINE)


def folder_of(notebooks: Path, lang: str) -> Path:
    """Where the chapters of ``lang`` are: ``notebooks/`` for English, ``notebooks/fr/`` for French."""
    return notebooks if lang == "en" else notebooks / TWIN_FOLDERS[lang]


def _markdown(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]


def course(folder: Path) -> list[str]:
    """The chapters in the order the welcome page links them, the welcome page first (none without it)."""
    if not (folder / WELCOME).exists():
        return []
    order = [WELCOME]
    for text in _markdown(folder / WELCOME):
        for name in LINKED_CHAPTER.findall(text):
            if name not in order and CHAPTER.match(name) and (folder / name).exists():
                order.append(name)
    return order


def heading(folder: Path, name: str) -> tuple[str, str]:
    """Chapter ``name``'s number and title, from its first heading ("# 3 · Moving the asteroids")."""
    match = HEADING.search(_markdown(folder / name)[0])
    if match is None:
        raise ValueError(_("{path}: its first cell has no heading '# N · Title'", path=folder / name))
    return match["number"], match["title"]


def next_link(folder: Path, name: str, lang: str) -> str:
    """The Markdown link to chapter ``name``, worded from its first heading in ``lang``."""
    number, title = heading(folder, name)
    return f"[{CHAPTER_WORD[lang]} {number} — {title[0].lower() + title[1:]}]({name})"


def expected_links(folder: Path, lang: str) -> dict[str, str]:
    """Each chapter (but the last) → the link to the chapter after it in the welcome table."""
    order = course(folder)
    return {here: next_link(folder, after, lang) for here, after in zip(order, order[1:], strict=False)}


def _found(text: str) -> re.Match[str] | None:
    found = list(NEXT_LINK.finditer(text))
    return found[-1] if found else None


def check_links(notebooks: Path, lang: str = "en") -> list[str]:
    """Every chapter whose *Next* link is missing or disagrees with the welcome table, one line each."""
    folder = folder_of(notebooks, lang)
    problems = []
    for name, link in expected_links(folder, lang).items():
        found = [m for text in _markdown(folder / name) if (m := _found(text))]
        written = f"[{found[-1]['text']}]({found[-1]['target']})" if found else None
        if written != link:
            problems.append(f"{folder / name}: {NEXT_LABEL[lang]} {written or '(no link)'}, not {link}")
    return problems


def sync_links(notebooks: Path, lang: str = "en") -> list[str]:
    """Rewrite every chapter's *Next* link from the welcome table (one is added where there is none)."""
    import nbformat  # the notebook files' own library (a UI dependency)

    folder = folder_of(notebooks, lang)
    report = []
    for name, link in expected_links(folder, lang).items():
        path = folder / name
        nb = nbformat.read(path, as_version=4)
        markdown = [cell for cell in nb.cells if cell.cell_type == "markdown"]
        holder = next((cell for cell in reversed(markdown) if _found(cell.source)), None)
        if holder is None:
            markdown[-1].source = markdown[-1].source.rstrip() + f"\n\n{NEXT_LABEL[lang]} {link}."
        else:
            match = _found(holder.source)
            assert match is not None
            new = f"{match['label']}{match['space']}{link}"
            if match.group(0) == new:
                continue
            holder.source = holder.source[: match.start()] + new + holder.source[match.end() :]
        write_notebook(nb, path)
        report.append(f"{path}: {NEXT_LABEL[lang]} {link}")
    return report


def write_notebook(nb: Any, path: Path) -> None:
    """Write ``nb`` stripped of outputs, its cells numbered as nbstripout numbers them."""
    import nbformat

    path.parent.mkdir(parents=True, exist_ok=True)
    for number, cell in enumerate(nb.cells):  # cells copied from the English keep no clashing id
        cell.id = str(number)
    nbformat.write(nb, path)
    subprocess.run([sys.executable, "-m", "nbstripout", str(path)], check=True)
