"""Small, escaping builders for the HTML fragments the widgets show.

A widget's text often carries what a user typed or a file gave (a board's
title, a player's name, an error's message): built by hand with f-strings,
one forgotten ``html.escape`` lets it break the page. Here every text is
escaped unless it is :class:`Markup` (HTML already built by these helpers),
so a fragment is safe by construction and the views read as structure.

>>> tag("b", "<3 & 4>")
'<b>&lt;3 &amp; 4&gt;</b>'
>>> tag("span", tag("b", "Fly"), " now", class_="asteroyds-caption")
'<span class="asteroyds-caption"><b>Fly</b> now</span>'
>>> tag("a", "go", href='x" onclick="y')
'<a href="x&quot; onclick=&quot;y">go</a>'
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


def tag(name: str, *content: object, **attrs: object) -> Markup:
    """``<name attrs>content</name>``; an attribute ``class_`` is ``class``, ``data_x`` is ``data-x``;
    an attribute whose value is None or False is left out, True writes the bare name."""
    written = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        attr = key.rstrip("_").replace("_", "-")
        written.append(f" {attr}" if value is True else f' {attr}="{esc(value)}"')
    return Markup(f"<{name}{''.join(written)}>{join(*content)}</{name}>")


__all__ = ["Markup", "esc", "join", "tag"]
