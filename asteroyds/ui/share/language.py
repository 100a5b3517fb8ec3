"""The language of a page: each chapter says which language it is written in, ``?lang=`` may override it.

Every tutorial notebook starts with one code cell, ``page_language("en")`` in
``notebooks/`` and ``page_language("fr")`` in its French twin under
``notebooks/fr/`` (the only code cell where the twins differ, see
:mod:`asteroyds.ui.share.twins`). It sets the kernel's language
(:func:`asteroyds.i18n.set_language`) before any widget is built, so the
widgets' labels, the engine's events and its errors speak the page's language.
A kernel serves one page, so one process-wide setting is enough.

``?lang=fr`` (or ``?lang=en``) in the page's address wins over the notebook's
own language: a teacher can hand out an English chapter with French widgets,
or the reverse. Voila gives the query string to the kernel
(:func:`asteroyds.ui.share.links.query_string`); a pre-heated kernel only learns
it when its page is requested, so there the cell waits for the request, after
importing the widget libraries every chapter needs (the pool still saves the
kernel's start and those imports). In JupyterLab and under nbval there is no
query string and nothing waits.

>>> language_from_query("lang=fr&voila-theme=dark", "en")
'fr'
>>> language_from_query("", "fr"), language_from_query("demo=pilot-hector", "en")
('fr', 'en')
"""

from __future__ import annotations

import importlib
import os
from urllib.parse import parse_qs

from ...i18n import LANGUAGE_NAMES, LANGUAGES, _, normalise, set_language
from . import links

QUERY_KEY = "lang"
# Imported before a pre-heated kernel waits for its page: what every chapter's widgets need.
WARM_MODULES: tuple[str, ...] = ("ipywidgets", "bqplot", "asteroyds.ui.board.view")


class LanguageError(ValueError):
    """``?lang=`` names a language the app does not have (the message names the ones it has)."""


def language_from_query(query_string: str | None, default: str) -> str:
    """The language a page's query string asks for (``lang=``), else ``default``.

    ``fr``, ``FR`` and ``fr-CA`` all mean French. An unknown or repeated
    ``lang`` raises :class:`LanguageError` with a one-line message.
    """
    params = parse_qs((query_string or "").lstrip("?"), keep_blank_values=True)
    values = params.get(QUERY_KEY, [])
    if not values:
        return _checked(default)
    if len(values) > 1:
        raise LanguageError(_("link: {key} is given {n} times", key=QUERY_KEY, n=len(values)))
    found = normalise(values[0])
    if found is None:
        raise LanguageError(
            _(
                "link: unknown language '{lang}': choose one of {choices}",
                lang=values[0][:40],
                choices=", ".join(LANGUAGES),
            )
        )
    return found


def _checked(lang: str) -> str:
    found = normalise(lang)
    if found is None:
        choices = ", ".join(LANGUAGES)
        message = _("unknown page language '{lang}': choose one of {choices}", lang=lang, choices=choices)
        raise ValueError(message)
    return found


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT", "False") not in ("", "False")


def page_language(default: str) -> None:
    """Speak ``default`` on this page, or the language its ``?lang=`` asks for.

    A bad ``?lang=`` does not break the page: it stays in ``default`` and a
    one-line message says why (in that language).
    """
    lang = set_language(_checked(default))  # first, so a message about a bad link is in it too
    if _preheated():
        for name in WARM_MODULES:  # paid while the kernel waits in the pool, not by the pupil
            importlib.import_module(name)
    try:
        lang = language_from_query(links.query_string(), lang)
    except LanguageError as exc:
        name = LANGUAGE_NAMES[lang]
        print(_("{error}; the page stays in its own language ({name}).", error=exc, name=name))
        return
    set_language(lang)


__all__ = ["QUERY_KEY", "LanguageError", "language_from_query", "page_language"]
