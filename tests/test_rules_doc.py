"""The project states its own rules: docs/rules.md (and its French twin), cited by the code.

The code, the tests and the test data cite a rule as ``docs/rules.md#<anchor>`` (GitHub's slug
of the section heading, e.g. ``docs/rules.md#4-moving-the-asteroids``): every such anchor must be
a heading of the page. Nothing cites the old rules file by its name, and a page a learner reads
(a notebook, a translated message) cites no rules file at all: it says the rule in words. The
two languages keep the same numbered sections and the same decisions, section by section.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.test_docs import anchors

ROOT = Path(__file__).resolve().parents[1]
ENGLISH_DOC = ROOT / "docs" / "rules.md"
FRENCH_DOC = ROOT / "docs" / "fr" / "regles.md"
FOLDERS = ("asteroyds", "tests", "docs", "notebooks", "benchmarks")
SUFFIXES = {".py", ".md", ".json", ".ipynb", ".po", ".pot", ".txt", ".toml", ".html", ".js", ".css"}
CITATION = re.compile(r"rules\.md#([\w-]+)")
# Built from pieces so that this file does not match itself.
OLD_CITATION = re.compile("RULES" + r"(\.md|\s*§)|" + "DESIGN" + r"(\.md|\s*§)|" + "STACK" + "-NOTES")
SECTION = re.compile(r"^## (\d+)\. ", re.MULTILINE)


def project_files() -> list[Path]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml"]
    for folder in FOLDERS:
        files += [
            p
            for p in sorted((ROOT / folder).rglob("*"))
            if p.is_file() and p.suffix in SUFFIXES and ".ipynb_checkpoints" not in p.parts
        ]
    return files


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace")


def sections(text: str) -> dict[int, str]:
    """Section number -> its text (up to the next numbered section)."""
    found = list(SECTION.finditer(text))
    ends = [m.start() for m in found[1:]] + [len(text)]
    return {int(m.group(1)): text[m.start() : end] for m, end in zip(found, ends, strict=True)}


def test_every_cited_anchor_is_a_heading_of_the_rules():
    headings = anchors(ENGLISH_DOC)
    cited: dict[str, list[str]] = {}
    for path in project_files():
        for anchor in CITATION.findall(read(path)):
            cited.setdefault(anchor, []).append(str(path.relative_to(ROOT)))
    assert len(cited) >= 10, "the code cites the rules by section"
    missing = {anchor: sorted(set(where))[:3] for anchor, where in cited.items() if anchor not in headings}
    assert not missing, f"docs/rules.md has no heading for {missing}"


def test_the_anchor_check_sees_a_wrong_section():
    assert "4-moving-the-asteroids" in anchors(ENGLISH_DOC)
    assert "4-moving-asteroids" not in anchors(ENGLISH_DOC)


def test_no_file_of_the_project_cites_the_old_rules_file_or_design_notes():
    """The project's users have docs/ only: the private design notes are never cited either."""
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in project_files()
        for number, line in enumerate(read(path).split("\n"), 1)
        if OLD_CITATION.search(line)
    ]
    assert not found, f"cite docs/rules.md#<section> instead: {found[:10]}"


def test_a_page_never_cites_a_rules_file():
    pages = sorted((ROOT / "notebooks").rglob("*.ipynb"))
    assert len(pages) > 20
    for page in pages:
        for cell in json.loads(read(page))["cells"]:
            text = "".join(cell["source"])
            assert "rules.md" not in text, f"{page.relative_to(ROOT)}: say the rule in words"
    catalogs = sorted((ROOT / "asteroyds" / "locale").rglob("*.po*"))
    assert catalogs
    for catalog in catalogs:
        assert "rules.md" not in read(catalog), f"{catalog.relative_to(ROOT)}: a message a learner reads"
    for demo in sorted((ROOT / "asteroyds" / "data" / "demos").glob("*.json")):
        data = json.loads(read(demo))
        shown = [data["title"], data["rule"], data["explain"], json.dumps(data.get("translations", {}))]
        assert not any("rules.md" in text for text in shown), f"{demo.name}: the presenter shows it"


@pytest.mark.parametrize("doc", [ENGLISH_DOC, FRENCH_DOC], ids=["en", "fr"])
def test_the_rules_doc_names_no_file_outside_the_project(doc):
    text = read(doc)
    for word in ("seeds", "RULES" + ".md", "../shared"):
        assert word not in text, f"{doc.name} mentions {word!r}"


def test_both_languages_have_the_same_sections_and_every_decision():
    english, french = sections(read(ENGLISH_DOC)), sections(read(FRENCH_DOC))
    assert list(english) == list(range(1, 13))
    assert list(french) == list(english)
    assert "## 11. Capture the Asteroyd" in english[11]
    en = {n: len(re.findall(r"^\*\*Decision\*\*", text, re.MULTILINE)) for n, text in english.items()}
    fr = {n: len(re.findall(r"^\*\*Décision\*\*", text, re.MULTILINE)) for n, text in french.items()}
    assert en == fr
    assert sum(en.values()) >= 20
    # every decision gives its reason
    for text, why in ((read(ENGLISH_DOC), "*Why:*"), (read(FRENCH_DOC), "*Pourquoi :*")):
        paragraphs = [p for p in text.split("\n\n") if p.startswith(("**Decision**", "**Décision**"))]
        assert all(why in p for p in paragraphs), [p[:60] for p in paragraphs if why not in p]


def test_the_no_friendly_fire_decision_is_stated_in_both_languages():
    assert "**Decision** (no friendly fire)" in sections(read(ENGLISH_DOC))[11]
    assert "**Décision** (pas de tir ami)" in sections(read(FRENCH_DOC))[11]
