"""Small, escaping builders for the HTML fragments the widgets show.

A widget's text often carries what a user typed or a file gave (a board's
title, a player's name, an error's message): built by hand with f-strings,
one forgotten ``html.escape`` lets it break the page. Here every text is
escaped unless it is :class:`Markup` (HTML already built by these helpers),
so a fragment is safe by construction and the views read as structure.
This is the one way the views write markup: ``tests/test_markup_one_way.py``
fails on an f-string that starts a tag anywhere in ``asteroyds/ui``.

>>> tag("b", "<3 & 4>")
'<b>&lt;3 &amp; 4&gt;</b>'
>>> tag("span", tag("b", "Fly"), " now", class_="asteroyds-caption")
'<span class="asteroyds-caption"><b>Fly</b> now</span>'
>>> tag("a", "go", href='x" onclick="y')
'<a href="x&quot; onclick=&quot;y">go</a>'
>>> void("br"), void("circle", r="2", fill="red", closed=True)
('<br>', '<circle r="2" fill="red"/>')
>>> style(color="red", max_width="40px")
'color:red;max-width:40px'
>>> fill("<b>{who}</b> moves", who="<Ann>")
'<b>&lt;Ann&gt;</b> moves'
"""

from __future__ import annotations

import html


class Markup(str):
    """A string that is already HTML (built here, or trusted markup such as a rendered SVG)."""

    __slots__ = ()


def esc(value: object) -> Markup:
    """``value`` as text in HTML (a :class:`Markup` passes unchanged)."""
    if isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value), quote=True))


def join(*parts: object) -> Markup:
    """The parts side by side, each escaped unless it is Markup."""
    return Markup("".join(esc(part) for part in parts))


def _attributes(attrs: dict[str, object]) -> str:
    """`` a="v"`` for each attribute: ``class_`` is ``class``, ``data_x`` is ``data-x``; None or
    False leaves it out, True writes the bare name."""
    written = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = key.rstrip("_").replace("_", "-")
        written.append(" " + attr if value is True else " " + attr + '="' + esc(value) + '"')
    return "".join(written)


def tag(name: str, *content: object, **attrs: object) -> Markup:
    """``<name attrs>content</name>``; an attribute ``class_`` is ``class``, ``data_x`` is ``data-x``
    (a name with a dash passes as ``**{"data-x": …}``); an attribute whose value is None or False
    is left out, True writes the bare name."""
    return Markup("<" + name + _attributes(attrs) + ">" + join(*content) + "</" + name + ">")


def void(name: str, *, closed: bool = False, **attrs: object) -> Markup:
    """An element without content: ``<br>``, ``<img …>``; ``closed`` writes ``<circle …/>``, as an
    SVG shape needs inside HTML (there an unclosed one would swallow its siblings)."""
    return Markup("<" + name + _attributes(attrs) + ("/>" if closed else ">"))


def style(**props: object) -> str:
    """A ``style`` attribute's value from keywords (``max_width`` is ``max-width``), None left out;
    the value is escaped where it is written, like every attribute."""
    return ";".join(
        key.replace("_", "-") + ":" + str(value) for key, value in props.items() if value is not None
    )


def fill(template: str, /, **values: object) -> Markup:
    """``template`` (trusted markup, e.g. a translated message with its ``<b>``) with its ``{named}``
    slots filled by the values, each escaped unless it is Markup."""
    return Markup(template.format(**{key: esc(value) for key, value in values.items()}))


__all__ = ["Markup", "esc", "fill", "join", "style", "tag", "void"]
