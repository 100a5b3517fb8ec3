"""Words on a chapter's page: the facts a code cell used to print, as a short note, a table or a link.

Why: on a web page a cell's printed text or raw result is a notebook leaking
through (``(['red1', 'white1'], {'red': 0})``, an editor's log in a ``<pre>``).
The chapters say those facts as sentences, a small table or a link instead,
built here so every one is escaped (:mod:`asteroyds.ui.share.markup`), looks
the same on every page, and carries a CSS class a browser test can find.
An editor's answers keep the editor's own marks (✔ done, ⚠ refused), so a
scripted edit reads like the editor's message line.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import ipywidgets as widgets

from ..share.markup import Markup, join, tag
from ..theme import sheet

CSS = sheet("prose")
Row = Sequence[object]


def note_html(*content: object, css: str = "") -> Markup:
    """A short paragraph (text escaped, :class:`Markup` kept) with the chapter's note look."""
    return tag("div", *content, class_=" ".join(filter(None, ("asteroyds-note", css))))


def note(*content: object, css: str = "") -> widgets.HTML:
    """A widget saying a fact in words (what a cell used to print)."""
    return widgets.HTML(join(CSS, note_html(*content, css=css)))


def table_html(headers: Sequence[str], rows: Iterable[Row], *, caption: str = "", css: str = "") -> Markup:
    """A small table: ``headers`` over ``rows`` (each cell text or :class:`Markup`).

    >>> html = table_html(["Team", "Aims at"], [["left", 4]])
    >>> html.startswith('<table class="asteroyds-table"><thead><tr><th scope="col">Team</th>')
    True
    >>> html.endswith("<tbody><tr><td>left</td><td>4</td></tr></tbody></table>")
    True
    """
    head = tag("thead", tag("tr", *(tag("th", h, scope="col") for h in headers)))
    body = tag("tbody", *(tag("tr", *(tag("td", cell) for cell in row)) for row in rows))
    parts = [tag("caption", caption)] if caption else []
    return tag("table", *parts, head, body, class_=" ".join(filter(None, ("asteroyds-table", css))))


def table(headers: Sequence[str], rows: Iterable[Row], *, caption: str = "", css: str = "") -> widgets.HTML:
    """A widget holding :func:`table_html`."""
    return widgets.HTML(join(CSS, table_html(headers, rows, caption=caption, css=css)))


def link_html(href: str, text: str, *, css: str = "", new_tab: bool = False) -> Markup:
    """A link; ``new_tab`` opens it in another tab (the page the learner reads stays)."""
    return tag(
        "a",
        text,
        href=href,
        class_=" ".join(filter(None, ("asteroyds-link", css))),
        target="_blank" if new_tab else None,
        rel="noopener" if new_tab else None,
    )


def answers_html(answers: Iterable[tuple[bool, str]], *, css: str = "") -> Markup:
    """Answers as the editor gives them, one a line, in order: ``(ok, sentence)`` → ✔ or ⚠ and the sentence.

    Each line starts with its mark, so a sentence that starts with a space's
    coordinates never reads as code on the page.
    """
    items = []
    for ok, text in answers:
        kind, mark = ("asteroyds-ok", "✔") if ok else ("asteroyds-refused", "⚠")
        items.append(
            tag(
                "li",
                tag("span", mark, class_="asteroyds-mark"),
                " ",
                text,
                class_=kind,
                data_ok=str(bool(ok)).lower(),
            )
        )
    return tag("ol", *items, class_=" ".join(filter(None, ("asteroyds-answers", css))))


def answers(answers: Iterable[tuple[bool, str]], *, title: str = "", css: str = "") -> widgets.HTML:
    """A widget holding :func:`answers_html`, under an optional title."""
    head = tag("div", title, class_="asteroyds-note-title") if title else ""
    return widgets.HTML(join(CSS, head, answers_html(answers, css=css)))


__all__ = [
    "answers",
    "answers_html",
    "link_html",
    "note",
    "note_html",
    "table",
    "table_html",
]
