"""Translations: English in the code, French (and any later language) in gettext catalogs.

Why this shape:

- The English text is the message id, as in every gettext project, so the
  code reads as the English app and a missing translation falls back to it.
- Messages are whole sentences with named placeholders
  (``_("The {player} craft moves forward to {cell}", player=p, cell=c)``),
  never sentences glued from pieces: French puts words in another order.
- The catalog is the ``.po`` file itself
  (``asteroyds/locale/<lang>/LC_MESSAGES/asteroyds.po``), compiled when it is
  first used, so a translator edits one text file and there is no build step
  (no ``.mo`` to forget). Fuzzy entries are not used.
- The language is one setting per process: a Voila kernel serves one page,
  the command line one run. ``use_language`` changes it for a block (tests,
  a page that switches). Translation happens when text is shown, never at
  import time: module-level texts are marked with :func:`N_` and translated
  where they are displayed.

>>> with use_language("en"):
...     _("{n} damage", n=2)
'2 damage'
>>> with use_language("en"):
...     ngettext("{n} space", "{n} spaces", 1, n=1)
'1 space'
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr")  # English first: the language of the message ids
DEFAULT = "en"
DOMAIN = "asteroyds"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}

_lock = threading.Lock()
_current = DEFAULT


def po_path(lang: str) -> Path:
    """Where the catalog of ``lang`` lives (the file translators edit)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def normalise(lang: str | None) -> str | None:
    """``fr``, ``fr_FR.UTF-8``, ``FR-ca`` → ``fr``; an unknown language → None.

    >>> normalise("fr_FR.UTF-8"), normalise("en-GB"), normalise("de"), normalise("C")
    ('fr', 'en', None, None)
    """
    if not lang:
        return None
    code = lang.strip().lower().replace("-", "_").split(".")[0].split("_")[0].split("@")[0]
    return code if code in LANGUAGES else None


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: ``ASTEROYDS_LANG``, then gettext's own order.

    gettext reads ``LANGUAGE`` (a colon-separated list), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG``, first set wins; we follow it so
    ``LANG=fr_FR.UTF-8 asteroyds …`` speaks French as any French desktop expects.

    >>> language_from_env({"LANG": "fr_FR.UTF-8"}), language_from_env({"LANG": "C.UTF-8"})
    ('fr', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("ASTEROYDS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if not value:
            continue
        for part in value.split(":"):
            found = normalise(part)
            if found:
                return found
        return DEFAULT  # the first variable that is set decides, as in gettext
    return DEFAULT


def language() -> str:
    """The language texts are shown in now."""
    return _current


def set_language(lang: str | None) -> str:
    """Show texts in ``lang`` from now on (None: what the environment asks for); returns it.

    An unknown language is refused with a message naming the ones we have, so a
    typo in ``--lang`` or ``?lang=`` is not silently English.
    """
    global _current
    chosen = language_from_env() if lang is None else normalise(lang)
    if chosen is None:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    with _lock:
        _current = chosen
    return chosen


@contextmanager
def use_language(lang: str | None) -> Iterator[str]:
    """Show texts in ``lang`` inside the block, then go back to the language before."""
    before = _current
    chosen = set_language(lang)
    try:
        yield chosen
    finally:
        set_language(before)


def _unquote(text: str) -> str:
    """The value of one quoted .po string (C escapes: ``\\n``, ``\\t``, ``\\"``, ``\\\\``)."""
    body = text.strip()
    if len(body) < 2 or body[0] != '"' or body[-1] != '"':
        raise ValueError(f"not a quoted .po string: {text!r}")
    out, chars, i = [], body[1:-1], 0
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
    while i < len(chars):
        ch = chars[i]
        if ch == "\\" and i + 1 < len(chars):
            out.append(escapes.get(chars[i + 1], chars[i + 1]))
            i += 2
            continue
        out.append(ch)
        i += 1
    return "".join(out)


def parse_po(text: str) -> list[dict[str, object]]:
    """The entries of a .po file: ``msgid``, ``msgid_plural``, ``msgstr`` (a list), ``fuzzy``, ``context``.

    A small reader for the subset gettext tools write (no obsolete ``#~``
    entries are returned), so the package needs no compiler at run time.
    """
    entries: list[dict[str, object]] = []
    entry: dict[str, object] = {}
    field: str | None = None

    def flush() -> None:
        nonlocal entry
        if "msgid" in entry:
            entries.append(entry)
        entry = {}

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            flush()
            field = None
            continue
        if line.startswith("#,"):
            if "msgid" in entry:
                flush()
            entry["fuzzy"] = "fuzzy" in line[2:].replace(" ", "").split(",")
            continue
        if line.startswith("#"):
            if "msgid" in entry and field is not None and field.startswith("msgstr"):
                flush()
                field = None
            continue
        if line.startswith('"'):
            if field is None:
                raise ValueError(f"a continued string with nothing to continue: {raw!r}")
            _append_to(entry, field, _unquote(line))
            continue
        keyword, _sep, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid") and "msgid" in entry:
            flush()
        if keyword in ("msgctxt", "msgid", "msgid_plural"):
            field = "context" if keyword == "msgctxt" else keyword
            entry[field] = _unquote(rest)
        elif keyword.startswith("msgstr"):
            index = int(keyword[7:-1]) if keyword.startswith("msgstr[") else 0
            strs = entry.setdefault("msgstr", [])
            assert isinstance(strs, list)
            while len(strs) <= index:
                strs.append("")
            strs[index] = _unquote(rest)
            field = f"msgstr[{index}]"
        else:
            raise ValueError(f"a .po line we cannot read: {raw!r}")
    flush()
    return entries


def _append_to(entry: dict[str, object], field: str, text: str) -> None:
    if field.startswith("msgstr["):
        strs = entry["msgstr"]
        assert isinstance(strs, list)
        strs[int(field[7:-1])] += text
    else:
        entry[field] = str(entry[field]) + text


def entry_strs(entry: Mapping[str, object]) -> list[str]:
    """A :func:`parse_po` entry's translations (``msgstr``, one per plural form); [] if it has none."""
    strs = entry.get("msgstr", [])
    assert isinstance(strs, list)  # parse_po makes it a list of str
    return strs


@cache
def _catalog(lang: str) -> dict[tuple[str, str], tuple[str, ...]]:
    """``(context, msgid) → translations`` for ``lang``, fuzzy and empty entries left out."""
    path = po_path(lang)
    if lang == DEFAULT or not path.exists():
        return {}
    table: dict[tuple[str, str], tuple[str, ...]] = {}
    for entry in parse_po(path.read_text(encoding="utf-8")):
        msgid = str(entry["msgid"])
        strs = tuple(str(s) for s in entry_strs(entry))
        if not msgid or entry.get("fuzzy") or not strs or not all(strs):
            continue
        table[(str(entry.get("context", "")), msgid)] = strs
    return table


def _plural_index(lang: str, n: int) -> int:
    """Which plural form: French counts 0 and 1 as singular, English only 1."""
    if lang == "fr":
        return 0 if n in (0, 1) else 1
    return 0 if n == 1 else 1


def _fill(text: str, fields: Mapping[str, object]) -> str:
    return text.format(**fields) if fields else text


def _(message: str, /, **fields: object) -> str:
    """``message`` in the current language, with its ``{named}`` placeholders filled."""
    found = _catalog(_current).get(("", message))
    return _fill(found[0] if found else message, fields)


def pgettext(context: str, message: str, /, **fields: object) -> str:
    """Like :func:`_` for a short word whose translation depends on where it stands ("Left")."""
    found = _catalog(_current).get((context, message))
    return _fill(found[0] if found else message, fields)


def ngettext(singular: str, plural: str, n: int, /, **fields: object) -> str:
    """The singular or plural sentence for ``n`` in the current language, placeholders filled."""
    found = _catalog(_current).get(("", singular))
    if found and len(found) > 1:
        text = found[min(_plural_index(_current, n), len(found) - 1)]
    else:
        text = singular if n == 1 else plural
    return _fill(text, fields)


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; :func:`_` translates it where shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for translation; :func:`pgettext` translates it where shown."""
    return message


_RELOADS = 0  # how many times the catalogs were reloaded (texts_version)


def texts_version() -> tuple[str, int]:
    """What a translated text depends on besides its message and fields: the language, the catalogs' reloads.

    A text worked out often (the engine's ram question) may be kept under this key: the same
    message in the same language from the same catalogs is the same text.
    """
    return _current, _RELOADS


def reload_catalogs() -> None:
    """Forget the compiled catalogs (after a translator edited a .po file in a running kernel)."""
    global _RELOADS
    _catalog.cache_clear()
    _RELOADS += 1


__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "NP_",
    "N_",
    "_",
    "language",
    "language_from_env",
    "entry_strs",
    "ngettext",
    "normalise",
    "parse_po",
    "pgettext",
    "po_path",
    "reload_catalogs",
    "texts_version",
    "set_language",
    "use_language",
]
