"""Maintainer tools for translations: extract the marked messages, merge them into the catalogs.

Run from the repository::

    python -m asteroyds.i18n_tools extract        # writes asteroyds/locale/asteroyds.pot
    python -m asteroyds.i18n_tools update         # merges it into every asteroyds.po
    python -m asteroyds.i18n_tools check          # untranslated, fuzzy, obsolete: exit 1 if any
    python -m asteroyds.i18n_tools unmarked       # user-facing strings not marked for translation

Why our own extractor rather than ``pybabel``: the marks are four plain
functions (:func:`~asteroyds.i18n._`, ``ngettext``, ``pgettext``, ``N_``)
and the standard library's :mod:`ast` finds them exactly, so the package
and its tests need nothing installed; the ``.pot`` and ``.po`` files it
writes are ordinary gettext files that Poedit, Weblate or ``msgmerge`` read.

An entry that is no longer in the code is kept at the end of the ``.po`` as
an obsolete ``#~`` entry (a translator may reuse it); a new one gets an empty
``msgstr`` for the translator to fill.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .i18n import DEFAULT, LANGUAGES, LOCALE_DIR, entry_strs, parse_po, po_path

PACKAGE_DIR = Path(__file__).parent
POT_PATH = LOCALE_DIR / "asteroyds.pot"
NOTEBOOKS_DIR = PACKAGE_DIR.parent / "notebooks"  # the chapters, in a checkout

#: The marking functions and where their message arguments stand:
#: name → (index of the context or None, index of the msgid, index of the plural or None).
KEYWORDS: dict[str, tuple[int | None, int, int | None]] = {
    "_": (None, 0, None),
    "N_": (None, 0, None),
    "ngettext": (None, 0, 1),
    "pgettext": (0, 1, None),
    "NP_": (0, 1, None),
}

HEADER = (
    "Project-Id-Version: asteroyds 0.1.0\n"
    "Language: {lang}\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: {plural}\n"
)
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "en": "nplurals=2; plural=(n != 1);"}


@dataclass
class Message:
    """One message of the code: its id, context, plural and where it is used."""

    msgid: str
    context: str = ""
    plural: str | None = None
    places: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.msgid)


def _callee(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _literal(args: Sequence[ast.expr], index: int | None) -> str | None:
    if index is None or index >= len(args):
        return None
    arg = args[index]
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


def extract_source(source: str, filename: str = "<source>") -> list[Message]:
    """The messages marked in one module's source, in the order they appear."""
    found: list[tuple[int, Message]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        name = _callee(node)
        if name not in KEYWORDS:
            continue
        ctx_i, id_i, plural_i = KEYWORDS[name]
        msgid = _literal(node.args, id_i)
        if msgid is None:  # _(variable): a lookup of a message marked elsewhere with N_()
            continue
        context = _literal(node.args, ctx_i) if ctx_i is not None else ""
        plural = _literal(node.args, plural_i)
        found.append((node.lineno, Message(msgid, context or "", plural, [filename])))
    found.sort(key=lambda pair: pair[0])
    return [msg for _, msg in found]


def notebook_sources(notebooks: Path) -> list[tuple[str, str]]:
    """``(place, source)`` of every code cell of the English pages (``notebooks/NN_*.ipynb``, the sandbox …).

    The chapters' exercises and captions speak to the reader too; their
    French twins (``notebooks/fr/``) share the same code cells, so the English
    chapters hold every message of both.
    """
    import json

    sources = []
    from .ui.share.twins import chapters  # the chapters and the other pages, not the developers' demos

    for path in chapters(notebooks):
        rel = path.relative_to(notebooks.parent).as_posix()
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] == "code":
                sources.append((rel, "".join(cell["source"])))
    return sources


def extract(package: Path = PACKAGE_DIR, notebooks: Path | None = NOTEBOOKS_DIR) -> list[Message]:
    """Every marked message of the package (and the chapters' code cells), merged by (context, msgid)."""
    merged: dict[tuple[str, str], Message] = {}
    root = package.parent
    sources = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "i18n.py":  # its doctest examples are not messages of the app
            continue
        sources.append((path.relative_to(root).as_posix(), path.read_text(encoding="utf-8")))
    if notebooks is not None and notebooks.is_dir():  # not in an installed package
        sources += notebook_sources(notebooks)
    for rel, source in sources:
        for msg in extract_source(source, rel):
            known = merged.get(msg.key)
            if known is None:
                merged[msg.key] = msg
            else:
                known.places.extend(msg.places)
                known.plural = known.plural or msg.plural
    return list(merged.values())


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped or escaped.endswith("\n") and escaped.count("\n") == 1:
        return '"' + escaped.replace("\n", "\\n") + '"'
    lines = escaped.split("\n")
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{p}"' for p in parts)


def _entry(
    msg: Message, strs: Sequence[str], fuzzy: bool = False, obsolete: bool = False, refs: bool = True
) -> str:
    lines: list[str] = []
    if refs and msg.places:  # files only, no line numbers: a new message changes only its own lines
        lines.append("#: " + " ".join(dict.fromkeys(msg.places)))
    flags = (["fuzzy"] if fuzzy else []) + (["python-brace-format"] if "{" in msg.msgid else [])
    if flags:
        lines.append("#, " + ", ".join(flags))  # one line: the reader keeps the last flags line
    if msg.context:
        lines.append(f"msgctxt {_quote(msg.context)}")
    lines.append(f"msgid {_quote(msg.msgid)}")
    if msg.plural is not None:
        lines.append(f"msgid_plural {_quote(msg.plural)}")
        forms = list(strs) + [""] * (2 - len(strs))
        lines.extend(f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(forms))
    else:
        lines.append(f"msgstr {_quote(strs[0] if strs else '')}")
    if obsolete:
        lines = [line if line.startswith("#") else "#~ " + line.replace("\n", "\n#~ ") for line in lines]
    return "\n".join(lines)


def render_catalog(
    messages: Iterable[Message],
    lang: str | None,
    old: Sequence[dict[str, object]] = (),
) -> str:
    """A .pot (``lang`` None) or a .po keeping the translations of ``old`` entries."""
    known = {(str(e.get("context", "")), str(e["msgid"])): e for e in old if e["msgid"]}
    head = HEADER.format(lang=lang or "", plural=PLURAL_FORMS.get(lang or "", PLURAL_FORMS["fr"]))
    title = "Asteroyds Academy: messages" if lang is None else f"Asteroyds Academy in {lang}"
    out = [
        f"# {title}.\n# The game's own words: see asteroyds/locale/GLOSSARY.md.",
        'msgid ""\nmsgstr ""\n' + "\n".join(_quote(line + "\n") for line in head.splitlines()),
    ]
    seen: set[tuple[str, str]] = set()
    for msg in messages:
        seen.add(msg.key)
        entry = known.get(msg.key, {})
        strs = [str(s) for s in entry_strs(entry)] if lang else []
        out.append(_entry(msg, strs, fuzzy=bool(entry.get("fuzzy")) and bool(lang)))
    if lang:
        for key, entry in known.items():
            if key in seen or not any(entry_strs(entry)):
                continue
            gone = Message(key[1], key[0], entry.get("msgid_plural"))  # type: ignore[arg-type]
            strs = [str(s) for s in entry_strs(entry)]
            out.append(_entry(gone, strs, obsolete=True, refs=False))
    return "\n\n".join(out) + "\n"


# --- unmarked user-facing strings ---------------------------------------------------

#: Keyword arguments whose text a person reads in a widget.
TEXT_KEYWORDS = frozenset({"description", "tooltip", "placeholder", "title"})
#: Widgets whose ``value=`` (or first argument) is text a person reads.
TEXT_WIDGETS = frozenset({"Label", "HTML", "HTMLMath"})
#: Widget attributes a person reads when text is assigned to them (``self.share.value = "…"``).
TEXT_ATTRIBUTES = frozenset({"value", "description", "tooltip", "placeholder"})
#: The project's helpers that put their argument (by position) on the page as a title or a label.
TEXT_HELPERS = {"title": 0, "_section": 0, "_check": 1, "download_link": 2}
#: Exception classes whose message a person reads (the editor's refusals are shown on the page).
SHOWN_EXCEPTIONS = ("Error", "Exception", "Warning", "Refused")
_FIELD = re.compile(r"\{[^{}]*\}")
_TAG = re.compile(r"<[^>]*>|&[a-z]+;|&#\d+;")
_WORD = re.compile(r"[A-Za-z]{2,}")


def _text_of(node: ast.expr) -> str | None:
    """The literal text of a string, an f-string (fields left out), a ``+`` of them or either branch of
    a conditional expression; None otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    if isinstance(node, ast.IfExp):  # "Pause" if playing else "Play": either branch is shown
        texts = [t for t in (_text_of(node.body), _text_of(node.orelse)) if t is not None]
        return " ".join(texts) if texts else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _text_of(node.left), _text_of(node.right)
        if left is None and right is None:
            return None
        return (left or "") + " " + (right or "")
    return None


def has_words(text: str) -> bool:
    """Does ``text`` hold words a person reads (not only markup, CSS, symbols or placeholders)?

    >>> has_words("<b>{name}</b>"), has_words("✓ 3/4"), has_words("Move the {kind}")
    (False, False, True)
    """
    return bool(_WORD.search(_TAG.sub(" ", _FIELD.sub(" ", text))))


def _callee_name(node: ast.Call) -> str:
    return _callee(node) or ""


def unmarked_strings(source: str, filename: str = "<source>") -> list[str]:
    """User-facing string literals that are not marked for translation, as ``file:line: text``.

    The rule (checked on the package by tests/test_i18n_catalog.py):

    1. the message of a raised exception: ``raise SomethingError("…")`` (or
       ``…Exception``, ``…Warning``, the editor's ``Refused``) whose first
       argument is a string, an f-string or a ``+`` of strings;
    2. a widget's text: the ``description=``, ``tooltip=``, ``placeholder=`` or
       ``title=`` argument of any call, and ``value=`` (or the first argument)
       of ``Label``, ``HTML`` and ``HTMLMath``;
    3. what an event says: a string returned by a method named ``text`` or
       ``__str__``;
    4. text put into a shown widget later: a string assigned to an attribute
       named ``value``, ``description``, ``tooltip`` or ``placeholder``
       (``self.share.value = f"<a …>Share link</a>"``);
    5. HTML built for the page: a string returned by a function whose name
       ends in ``_html``;
    6. the text given to the page's title and label helpers (:data:`TEXT_HELPERS`:
       ``title("SELECTED")``, ``_section("Variants")``, ``_check(on, "Pilots")``);

    count when their literal text (placeholders, HTML tags and entities left
    out) holds a word of two letters or more. ``_("…")``, ``ngettext(…)``
    and the like are calls, not literals, so marked text never counts; text
    without words (``"✓"``, ``"<br>"``, ``"{n}/{total}"``) never counts either.
    """
    found: list[str] = []

    def flag(node: ast.expr) -> None:
        text = _text_of(node)
        if text is not None and has_words(text):
            found.append(f"{filename}:{node.lineno}: {text.strip()[:70]!r}")

    tree = ast.parse(source, filename)
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
            name = _callee_name(node.exc)
            if name.endswith(SHOWN_EXCEPTIONS):
                flag(node.exc.args[0])
        elif isinstance(node, ast.Call):
            for kw in node.keywords:
                if kw.arg in TEXT_KEYWORDS or (kw.arg == "value" and _callee_name(node) in TEXT_WIDGETS):
                    flag(kw.value)
            if node.args and _callee_name(node) in TEXT_WIDGETS:
                flag(node.args[0])
            position = TEXT_HELPERS.get(_callee_name(node))
            if position is not None and len(node.args) > position:
                flag(node.args[position])
        elif isinstance(node, ast.Assign):
            if any(isinstance(t, ast.Attribute) and t.attr in TEXT_ATTRIBUTES for t in node.targets):
                flag(node.value)
        elif isinstance(node, ast.FunctionDef) and (
            node.name in ("text", "__str__") or node.name.endswith("_html")
        ):
            for sub in _own_returns(node):
                flag(sub)
    return sorted(found, key=lambda line: int(line.split(":")[1]))


def _own_returns(function: ast.FunctionDef) -> list[ast.expr]:
    """What ``function`` itself returns (not its nested helpers, e.g. a CSS class picker)."""
    found: list[ast.expr] = []
    stack: list[ast.AST] = list(function.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(node, ast.Return) and node.value is not None:
            found.append(node.value)
        stack.extend(ast.iter_child_nodes(node))
    return found


def unmarked_in_package(package: Path = PACKAGE_DIR) -> dict[str, list[str]]:
    """Module path (``asteroyds/x.py``) → its unmarked user-facing strings (only modules with some)."""
    root = package.parent
    out = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        found = unmarked_strings(path.read_text(encoding="utf-8"), rel)
        if found:
            out[rel] = found
    return out


def check(lang: str, messages: Sequence[Message] | None = None) -> list[str]:
    """The problems of ``lang``'s catalog: untranslated, fuzzy, missing or obsolete messages."""
    messages = extract() if messages is None else messages
    entries = {
        (str(e.get("context", "")), str(e["msgid"])): e for e in parse_po(po_path(lang).read_text("utf-8"))
    }
    problems = []
    for msg in messages:
        entry = entries.get(msg.key)
        if entry is None:
            problems.append(f"missing: {msg.msgid!r} ({msg.places[0]})")
        elif entry.get("fuzzy"):
            problems.append(f"fuzzy: {msg.msgid!r}")
        elif not all(entry_strs(entry)):
            problems.append(f"untranslated: {msg.msgid!r}")
    wanted = {m.key for m in messages}
    problems += [f"obsolete: {key[1]!r}" for key in entries if key[1] and key not in wanted]
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    verb = args[0] if args else "help"
    messages = extract()
    if verb == "extract":
        POT_PATH.write_text(render_catalog(messages, None), encoding="utf-8")
        print(f"{len(messages)} messages written to {POT_PATH}")
        return 0
    if verb == "update":
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            path = po_path(lang)
            old = parse_po(path.read_text("utf-8")) if path.exists() else []
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(render_catalog(messages, lang, old), encoding="utf-8")
            print(f"{path}: {len(check(lang, messages))} message(s) to translate or remove")
        return 0
    if verb == "unmarked":
        for lines in unmarked_in_package().values():
            print("\n".join(lines))
        return 0
    if verb == "check":
        failed = False
        for lang in LANGUAGES:
            if lang == DEFAULT:
                continue
            problems = check(lang, messages)
            for problem in problems:
                print(f"{lang}: {problem}")
            failed = failed or bool(problems)
        return 1 if failed else 0
    print(__doc__)
    return 0 if verb in ("help", "-h", "--help") else 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
