"""What a learner must never see on a page: the checks of issue 26, run on a rendered page.

A page made for the web shows boards, words and widgets. A code cell's raw
result (an execute result in text, anything printed), a Python repr or
container, a notebook instruction ("run the cell"), a program written as code
to type, a traceback: each is a sign that a notebook leaked through. On a French
page, an English word of the exercises is one too.
"""

from __future__ import annotations

import re

# The outputs Voila puts in the page for a cell's text result or printed text (JupyterLab's classes).
RAW_OUTPUTS = """() => {
  const found = [];
  for (const out of document.querySelectorAll('.jp-OutputArea-output')) {
    const mime = out.getAttribute('data-mime-type') || '';
    const text = (out.innerText || '').trim();
    const result = out.closest('.jp-OutputArea-executeResult') !== null;
    if (mime === 'application/vnd.jupyter.stdout' || mime === 'application/vnd.jupyter.stderr') {
      found.push('printed text: ' + text.slice(0, 160));
    } else if (result && mime === 'text/plain') {
      found.push('a cell\\'s raw result: ' + text.slice(0, 160));
    } else if (mime === 'application/vnd.jupyter.error') {
      found.push('an error: ' + text.slice(0, 160));
    }
  }
  return found;
}"""

# The engine's names of the rule settings (``RuleSettings``): on a page, each has its name in words.
ENGINE_NAMES = (
    "one_shot_per_turn",
    "return_to_platform",
    "random_dice_order",
    "planning_level",
    "targets_handicap",
)
# Patterns in the page's visible text.
LEAKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a Python repr", re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|')")),
    ("a program written as code", re.compile(r"\b(?:Program|CaptureProgram)\.parse\(|\.load\(\s*[\"']")),
    ("a notebook instruction", re.compile(r"\brun (?:the|this) cell\b|\bShift ?[-+ ] ?Enter\b", re.I)),
    ("a Python container", re.compile(r"^\s*[\[{(]\s*['\"(\[]?[\w'\"]+['\"]?\s*[:,]", re.M)),
    ("a bare True/False", re.compile(r"^\s*(?:True|False|None)\s*$", re.M)),
    ("a traceback", re.compile(r"Traceback \(most recent call last\)")),
    # Issue 35: a learner reads a variant's name in words, never the engine's setting it is stored in.
    ("an engine identifier", re.compile(r"\b(?:" + "|".join(ENGINE_NAMES) + r")\b")),
    # Python's None in a sentence ("blue on None", "a limit of None"); English "None of …" is a word.
    ("a Python None", re.compile(r"\bNone\b(?! of\b)")),
)
# Words of the exercises and the rule boards that must be French on a French page.
ENGLISH_ON_FRENCH = (
    "Exercise.",
    "Right.",
    "Hint:",
    "Check my program",
    "Show the answer",
    "Show a solution",
    "Not there",
    "Again",
    "Step ▶",
    "Try again",
    "Well flown",
)


# The words of an English sentence that French never uses: one of them on a French page is an English
# message that reached it (an unmarked literal, a name not put through the catalog). Words inside an
# identifier (``craft-collision-and-shield``, a demo's name) do not count, nor text the page marks
# as English (``<i lang="en">Play in class</i>``, a README section's title: WCAG 3.1.2).
ENGLISH_WORD = re.compile(
    r"(?<![\w/-])(?:the|and|with|yet|cannot|your|you|this|from|which|is|are|has|have|not|of|when|"
    r"there|what|click|press)(?![\w/-])",
    re.IGNORECASE,
)
FRENCH_TEXT = """() => {
  const parts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script, style, textarea')) { continue; }
    const tagged = el.closest('[lang]');  // the page's own language is on <html>; a part's on the part
    if (tagged && tagged !== document.documentElement && tagged.lang.startsWith('en')) { continue; }
    if (!el.getClientRects().length) { continue; }  // not shown
    parts.push(node.textContent);
  }
  return parts.join(' ');
}"""


def english_on_french(page: object) -> list[str]:
    """The English sentences' words on a French page, each with what is around it."""
    text: str = page.evaluate(FRENCH_TEXT)  # type: ignore[attr-defined]
    found = []
    for match in ENGLISH_WORD.finditer(text):
        around = text[max(0, match.start() - 50) : match.end() + 50].replace("\n", " ")
        found.append(f"English on a French page: {match.group(0)!r} in …{around}…")
    return found


def leaks(page: object, french: bool) -> list[str]:
    """Every problem of a rendered page, one line each (empty: the page is made for the web)."""
    found: list[str] = list(page.evaluate(RAW_OUTPUTS))  # type: ignore[attr-defined]
    text: str = page.inner_text("body")  # type: ignore[attr-defined]
    for what, pattern in LEAKS:
        for match in pattern.finditer(text):
            line = text[max(0, match.start() - 40) : match.end() + 60].replace("\n", " ")
            found.append(f"{what}: …{line}…")
    if french:
        found += [f"English on a French page: {word!r}" for word in ENGLISH_ON_FRENCH if word in text]
        found += english_on_french(page)
        language = page.evaluate("() => document.documentElement.lang")  # type: ignore[attr-defined]
        if language != "fr":  # WCAG 3.1.1: a screen reader reads the page in the page's language
            found.append(f"a French page says it is in {language!r} (<html lang>)")
    return found
