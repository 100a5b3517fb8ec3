"""The French pages say one thing with one word (issue 33, item 8).

A learner who reads *planifiez* on one page and *programmez* on the next, or *trajectoire
fantôme* here and *trajet fantôme* there, wonders whether they are two things. The chosen
words are listed in ``asteroyds/locale/GLOSSARY.md`` ("One word per idea"); this test reads
what a French learner or teacher sees and fails on the variants the glossary rejects:

- the French chapters' and tools' markdown (``notebooks/fr/*.ipynb``; code is hidden);
- every translation of the French catalog (``msgstr``, all plural forms);
- the French docs (``docs/fr/*.md``);
- the demonstrations' French titles and explanations (``asteroyds/data/demos/*.json``).

A *drill* (the practice page's and the chapters' drill sets) is not an *exercice*: that word
belongs to the chapters' exercises. The English says which is which, so a French text may
say *exercice* no more often than its English original says *exercise* (per catalog entry,
per twin markdown cell, per demonstration text).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from asteroyds import i18n
from asteroyds.demos import DEMO_DIR
from asteroyds.event_text import capitalised, named_text
from asteroyds.i18n import ngettext, use_language
from asteroyds.named import Named

ROOT = Path(__file__).resolve().parents[1]
FRENCH_NOTEBOOKS = ROOT / "notebooks" / "fr"
FRENCH_DOCS = ROOT / "docs" / "fr"
DEMOS = ROOT / "asteroyds" / DEMO_DIR
NBSP = "\u00a0"
ENGLISH_DOCS = {"enseignants.md": "teachers.md"}  # a French page and the page it translates

#: (name, pattern, what to write instead). Each pattern is a variant the glossary rejects.
BANNED: tuple[tuple[str, str, str], ...] = (
    ("programmer", r"(?i)planifi", "programmer (programmez, programmé): one verb for filling the chart"),
    ("tableau-de-bord", r"(?i)fiche d'état|\bla fiche\b", "le tableau de bord (the status chart)"),
    ("etape", r"\b[Pp]as ▶|◀ pas\b", "Étape ▶ / ◀ étape (the step buttons)"),
    ("bouclier", r"(?i)bouclier (?:est )?(?:dés)?activé|\bsans bouclier", "bouclier levé / bouclier baissé"),
    ("trajet-fantome", r"(?i)trajectoire fantôme|chemin fantôme", "le trajet fantôme"),
    ("point-de-dommage", r"\b1 points\b|points de dommages", "1 point de dommage, 2 points de dommage"),
    (
        "count-in-points",
        r"(?:\b\d+|\})\s+dommages?\b",
        "N point(s) de dommage: a count of damage is in points",
    ),
    ("degats", r"(?i)dégât", "dommage (one noun for damage)"),
    ("shield-up", r"\b0 bouclier", "0 avec le bouclier levé"),
    ("numero", r"n°(?!\u00a0[\d{])", "n° and a non-breaking space before the number: n°\u00a08"),
    (
        "franchir",
        r"(?i)\btravers\w*(?: la| une| les)? portes?\b|\bpass\w* par (?:la|une) porte",
        "franchir une porte",
    ),
    ("cliquez-sur", r"(?i)\bcliquez (?:une|la|les) case", "cliquez sur une case"),
    ("remettre", r"\bRemettre\b(?! à zéro| tout le temps)", "Remettre à zéro (the stopwatch's Reset)"),
    ("suivant", r"\bSuite :|\bSuivant:", "Suivant : (the next chapter's link, a space before the colon)"),
    ("comma", r"[ \t\u00a0\u202f],", "no space before a comma (bleu, rouge)"),
    ("chrono", r"(?i)chronomètre", "le chrono (the stopwatch)"),
)
DRILL = re.compile(r"(?i)exercice")
ENGLISH_EXERCISE = re.compile(r"(?i)exercise")


def _markdown_cells(path: Path) -> list[tuple[int, str, str]]:
    """(index, type, text) of every cell of a notebook."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(i, c["cell_type"], "".join(c["source"])) for i, c in enumerate(cells)]


def french_texts() -> Iterator[tuple[str, str, str]]:
    """(where, French text, its English original or "" when there is none to pair it with)."""
    for path in sorted(FRENCH_NOTEBOOKS.glob("*.ipynb")):
        french = _markdown_cells(path)
        english = _markdown_cells(path.parent.parent / path.name)
        paired = [kind for _i, kind, _t in french] == [kind for _i, kind, _t in english]
        for (index, kind, text), (_j, _k, original) in zip(
            french, english if paired else french, strict=True
        ):
            if kind == "markdown":
                yield f"notebooks/fr/{path.name} cell {index}", text, original if paired else ""
    catalog = i18n.parse_po(i18n.po_path("fr").read_text(encoding="utf-8"))
    for entry in catalog:
        msgid = str(entry["msgid"])
        original = msgid + " " + str(entry.get("msgid_plural") or "")
        for form in entry["msgstr"]:  # type: ignore[union-attr]
            yield f"asteroyds.po msgid {msgid[:60]!r}", str(form), original
    for path in sorted(FRENCH_DOCS.glob("*.md")):
        english = ROOT / "docs" / ENGLISH_DOCS.get(path.name, "")
        original = english.read_text(encoding="utf-8") if english.is_file() else ""
        yield f"docs/fr/{path.name}", path.read_text(encoding="utf-8"), original
    for path in sorted(DEMOS.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for key, text in data.get("translations", {}).get("fr", {}).items():
            yield f"demo {path.stem} {key}", text, str(data.get(key, ""))


TEXTS = list(french_texts())


def test_the_french_texts_are_found():
    """The scan reads what it means to: the pages, the catalog, the docs and the demos."""
    places = {where.split(" ")[0] for where, _t, _o in TEXTS}
    assert {"asteroyds.po", "docs/fr/enseignants.md", "demo"} <= places
    assert sum(where.startswith("notebooks/fr/") for where, _t, _o in TEXTS) > 100
    assert sum(where.startswith("asteroyds.po") for where, _t, _o in TEXTS) > 1000


@pytest.mark.parametrize(("pattern", "instead"), [b[1:] for b in BANNED], ids=[b[0] for b in BANNED])
def test_no_variant_the_glossary_rejects(pattern: str, instead: str) -> None:
    found = [
        f"{where}: …{text[max(0, m.start() - 40) : m.end() + 40]}…"
        for where, text, _o in TEXTS
        for m in re.finditer(pattern, text)
    ]
    assert found == [], f"write {instead}:\n" + "\n".join(found)


def test_a_drill_is_not_an_exercice():
    """Where the English says *drill*, the French says *question d'entraînement*, not *exercice*."""
    found = [
        where
        for where, text, original in TEXTS
        if original and len(DRILL.findall(text)) > len(ENGLISH_EXERCISE.findall(original))
    ]
    assert found == [], "an exercice the English calls a drill:\n" + "\n".join(found)


def test_the_practice_page_has_no_exercice():
    cells = _markdown_cells(FRENCH_NOTEBOOKS / "practice.ipynb")
    text = "\n".join(t for _i, kind, t in cells if kind == "markdown")
    assert "entraînement" in text and not DRILL.search(text)


def test_every_chapter_leads_on_with_suivant():
    """The next-chapter link reads the same at the end of every French chapter."""
    numbered = sorted(p for p in FRENCH_NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    for path, following in zip(numbered, numbered[1:], strict=False):
        text = "\n".join(t for _i, kind, t in _markdown_cells(path) if kind == "markdown")
        links = re.findall(r"(\S+(?: \S+)?)\s+\[[^\]]*\]\(" + re.escape(following.name) + r"\)", text)
        assert links and links[-1] == "Suivant :", (
            f"{path.name}: the last link to {following.name} follows {links}"
        )


def test_engine_text_reads_with_the_chosen_words():
    """What the event log says: n° held to its number, a damage count in points."""
    with use_language("fr"):
        name = capitalised(named_text(Named("gate", colour="white", priority=24)))
        one = ngettext("it takes {n} damage", "it takes {n} damage", 1, n=1)
    assert name == f"La porte blanche n°{NBSP}24"
    assert one.endswith("1 point de dommage")
