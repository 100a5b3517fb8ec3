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
(:func:`asteroyds.ui.share.links.query_string`). A pre-heated kernel of the
class server has run its chapter before any page asked for it, so it keeps the
chapter's own language and does not wait: the class server gives a request with
``?lang=`` a kernel of its own instead
(:meth:`asteroyds.serve.handlers.CappedVoilaHandler.should_use_rendered_notebook`),
and every other page stays instant. In JupyterLab and under nbval there is no
query string.

>>> language_from_query("lang=fr&voila-theme=dark", "en")
'fr'
>>> language_from_query("", "fr"), language_from_query("demo=pilot-hector", "en")
('fr', 'en')
"""

from __future__ import annotations

import os
from urllib.parse import parse_qs

from ... import untrusted
from ...i18n import LANGUAGE_NAMES, LANGUAGES, _, normalise, set_language
from . import links

QUERY_KEY = "lang"


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
                lang=untrusted.printable(values[0][:40]),  # a link is anyone's text
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

    A kernel in the class server's pool keeps ``default`` without waiting for
    its request (see the module's docstring). A bad ``?lang=`` does not break
    the page: it stays in ``default`` and a one-line message says why (in that
    language).
    """
    lang = set_language(_checked(default))  # first, so a message about a bad link is in it too
    if _preheated():  # run before any request: requests with ?lang= get a kernel of their own
        return
    try:
        lang = language_from_query(links.query_string(), lang)
    except LanguageError as exc:
        name = LANGUAGE_NAMES[lang]
        print(_("{error}; the page stays in its own language ({name}).", error=exc, name=name))
        return
    set_language(lang)


__all__ = ["QUERY_KEY", "LanguageError", "language_from_query", "page_language"]
