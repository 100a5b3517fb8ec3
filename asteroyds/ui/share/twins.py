"""The French twins of the chapters: same code cells as the English notebook, French prose.

``notebooks/fr/NN_name.ipynb`` is the twin of ``notebooks/NN_name.ipynb``. The
two share every code cell but the first, the language cell
(``page_language("en")`` / ``page_language("fr")``,
:mod:`asteroyds.ui.share.language`), so a chapter cannot behave differently in
French; only the Markdown cells differ. ``tests/test_notebook_twins.py``
checks this with :func:`check`.

When an English chapter changes, a maintainer runs::

    python -m asteroyds.ui.share.twins check      # what differs, one line per problem
    python -m asteroyds.ui.share.twins sync       # copy the English code into the twins

:func:`sync` aligns the two notebooks on their code cells (``difflib``):

- a code cell changed in place (same position among unchanged neighbours) is
  copied over and the French prose around it is kept;
- code cells added in English are inserted with the English Markdown that comes
  before them, marked ``<!-- à traduire -->`` so the translator finds them;
- code cells removed in English are removed from the twin with the Markdown
  that introduced them;
- a missing twin is created as a copy of the English notebook, every Markdown
  cell marked.

It prints what it did, one line per change, and which cells need a translator.
The notebooks are written stripped (``nbstripout``). The engine never imports
this module; it only reads and writes notebook files (nbformat).
"""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ...i18n import _
from .learning_path import CHAPTER, TWIN_FOLDERS, check_links, sync_links, write_notebook

# The pages outside the learner's numbering (so a new chapter never renumbers them); twinned too.
OTHER_PAGES: tuple[str, ...] = ("sandbox", "practice", "class_room", "join", "teachers_tools")
TO_TRANSLATE = "<!-- à traduire -->"
LANGUAGE_CELL = 'from asteroyds.ui.share.language import page_language\n\npage_language("{lang}")'
LANGUAGE_CALL = re.compile(r'^page_language\("([a-z]{2})"\)\s*$', re.MULTILINE)


def language_cell(lang: str) -> str:
    """The source of the first code cell of a notebook written in ``lang``."""
    return LANGUAGE_CELL.format(lang=lang)


def is_page(name: str) -> bool:
    """Whether ``name`` is a page of the course (a chapter or another page), not a developers' demo."""
    stem, dot, ext = name.rpartition(".")
    return bool(CHAPTER.match(name)) or (dot == "." and ext == "ipynb" and stem in OTHER_PAGES)


def chapters(notebooks: Path) -> list[Path]:
    """The English pages that have (or must have) a twin: the numbered chapters in order, then the others."""
    numbered = sorted(p for p in notebooks.iterdir() if CHAPTER.match(p.name))
    others = [notebooks / f"{name}.ipynb" for name in OTHER_PAGES]
    return numbered + [p for p in others if p.exists()]


def twin_path(english: Path, lang: str = "fr") -> Path:
    return english.parent / TWIN_FOLDERS[lang] / english.name


def _read(path: Path) -> dict:
    import nbformat

    return nbformat.read(path, as_version=4)


def _code(nb: dict) -> list[str]:
    return [cell.source for cell in nb.cells if cell.cell_type == "code"]


def check_pair(english: Path, twin: Path, lang: str = "fr") -> list[str]:
    """What keeps ``twin`` from being ``english``'s twin: one message per problem (none: twins)."""
    if not twin.exists():
        return [f"{twin}: missing (the twin of {english.name})"]
    en, tw = _code(_read(english)), _code(_read(twin))
    problems = []
    if not en or en[0] != language_cell("en"):
        problems.append(f"{english}: the first code cell is not {language_cell('en')!r}")
    if not tw or tw[0] != language_cell(lang):
        problems.append(f"{twin}: the first code cell is not {language_cell(lang)!r}")
    if en[1:] != tw[1:]:
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=en[1:], b=tw[1:], autojunk=False).get_opcodes():
            if tag != "equal":
                problems.append(
                    f"{twin}: code cells {j1 + 2}..{j2 + 1} differ from {english.name}'s "
                    f"{i1 + 2}..{i2 + 1} ({tag}; run `python -m asteroyds.ui.share.twins sync`)"
                )
    return problems


def check(notebooks: Path, lang: str = "fr") -> list[str]:
    """Every problem between the chapters in ``notebooks`` and their ``lang`` twins."""
    problems = []
    for english in chapters(notebooks):
        problems += check_pair(english, twin_path(english, lang), lang)
    folder = notebooks / TWIN_FOLDERS[lang]
    if folder.exists():
        for orphan in sorted(folder.glob("*.ipynb")):
            if is_page(orphan.name) and not (notebooks / orphan.name).exists():
                problems.append(f"{orphan}: no English chapter {orphan.name} (renamed or removed?)")
    return problems


@dataclass
class _Segment:
    """The Markdown cells before a code cell, and the code cell (None: the Markdown after the last)."""

    markdown: list = field(default_factory=list)
    code: object | None = None


def _segments(nb: dict) -> list[_Segment]:
    out, current = [], _Segment()
    for cell in nb.cells:
        if cell.cell_type == "code":
            current.code = cell
            out.append(current)
            current = _Segment()
        else:
            current.markdown.append(cell)
    out.append(current)  # the trailing Markdown (code None)
    return out


def _marked(cells: list) -> list:
    import copy

    marked = []
    for cell in cells:
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown" and TO_TRANSLATE not in cell.source:
            cell.source = f"{TO_TRANSLATE}\n{cell.source}"
        marked.append(cell)
    return marked


def sync_pair(english: Path, twin: Path, lang: str = "fr") -> list[str]:
    """Make ``twin``'s code cells ``english``'s (language cell aside); returns what it did."""
    import copy

    import nbformat

    en_nb = _read(english)
    report: list[str] = []
    if not _code(en_nb) or _code(en_nb)[0] != language_cell("en"):
        _set_language_cell(en_nb, "en")
        write_notebook(en_nb, english)
        report.append(f"{english}: language cell {language_cell('en')!r} put first among its code cells")
    if not twin.exists():
        nb = copy.deepcopy(en_nb)
        nb.cells = _marked(nb.cells)
        _set_language_cell(nb, lang)
        write_notebook(nb, twin)
        return [*report, f"{twin}: created from {english.name}; translate every cell marked {TO_TRANSLATE}"]
    tw_nb = _read(twin)
    before = nbformat.writes(tw_nb)
    en_seg, tw_seg = _segments(en_nb), _segments(tw_nb)
    en_code = [s.code.source for s in en_seg[1:-1]]  # the language cell (segment 0) and the tail aside
    tw_code = [s.code.source for s in tw_seg[1:-1]] if len(tw_seg) > 1 else []
    if len(tw_seg) < 2:  # a twin without code: start again from the English
        tw_seg = [_Segment(list(tw_seg[0].markdown), None), _Segment()]
    out: list = []
    head = tw_seg[0]
    out += head.markdown
    keep = head.code is not None and head.code.source == language_cell(lang)
    out.append(head.code if keep else nbformat.v4.new_code_cell(language_cell(lang)))
    matcher = difflib.SequenceMatcher(a=en_code, b=tw_code, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        en_part, tw_part = en_seg[1 + i1 : 1 + i2], tw_seg[1 + j1 : 1 + j2]
        if tag == "equal":
            for seg in tw_part:
                out += seg.markdown + [seg.code]
        elif tag == "replace" and len(en_part) == len(tw_part):
            for n, (e, t) in enumerate(zip(en_part, tw_part, strict=True)):
                out += t.markdown + [copy.deepcopy(e.code)]
                report.append(
                    f"{twin}: code cell {j1 + n + 2} updated from English; check the prose around it"
                )
        else:
            for n in range(len(tw_part)):
                report.append(
                    f"{twin}: code cell {j1 + n + 2} and the prose before it removed (gone in English)"
                )
            for n, seg in enumerate(en_part):
                out += _marked(seg.markdown) + [copy.deepcopy(seg.code)]
                report.append(
                    f"{twin}: code cell {i1 + n + 2} of {english.name} inserted with its English prose "
                    f"(marked {TO_TRANSLATE})"
                )
    out += tw_seg[-1].markdown
    tw_nb.cells = out
    if nbformat.writes(tw_nb) != before:
        write_notebook(tw_nb, twin)
    return report


def _set_language_cell(nb: dict, lang: str) -> None:
    import nbformat

    for cell in nb.cells:
        if cell.cell_type == "code":
            if LANGUAGE_CALL.search(cell.source):
                cell.source = language_cell(lang)
                return
            break
    index = next((i for i, c in enumerate(nb.cells) if c.cell_type == "code"), len(nb.cells))
    nb.cells.insert(index, nbformat.v4.new_code_cell(language_cell(lang)))


def sync(notebooks: Path, lang: str = "fr") -> list[str]:
    """Bring every ``lang`` twin's code in line with its English chapter; what was done."""
    report = []
    for english in chapters(notebooks):
        report += sync_pair(english, twin_path(english, lang), lang)
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m asteroyds.ui.share.twins",
        description=_("Keep the code cells of the translated chapters equal to the English ones."),
    )
    parser.add_argument("command", choices=("check", "sync"))
    parser.add_argument("--notebooks", type=Path, default=Path("notebooks"), help="default: ./notebooks")
    parser.add_argument("--lang", default="fr", choices=sorted(TWIN_FOLDERS))
    args = parser.parse_args(argv)
    if not args.notebooks.is_dir():
        parser.error(f"{args.notebooks} is not a folder of notebooks")
    languages = ("en", args.lang)  # each chapter's Next link, from the welcome table (learning_path)
    if args.command == "check":
        lines = check(args.notebooks, args.lang) + [
            p for lang in languages for p in check_links(args.notebooks, lang)
        ]
    else:
        lines = sync(args.notebooks, args.lang) + [
            p for lang in languages for p in sync_links(args.notebooks, lang)
        ]
    for line in lines:
        print(line)
    if args.command == "sync":
        lines = check(args.notebooks, args.lang) + [
            p for lang in languages for p in check_links(args.notebooks, lang)
        ]
        for line in lines:
            print(f"still: {line}")
    pending = sorted(
        str(p)
        for p in (args.notebooks / TWIN_FOLDERS[args.lang]).glob("*.ipynb")
        if TO_TRANSLATE in p.read_text()
    )
    for path in pending:
        print(f"{path}: has prose marked {TO_TRANSLATE}")
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
