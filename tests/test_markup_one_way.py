"""Markup one way (issue 36, item 5): no f-string writes a tag in ``asteroyds/ui``.

Every fragment is built with the escaping builder (:mod:`asteroyds.ui.share.markup`), so a
text from a user or a file cannot break a page by a forgotten ``html.escape``. The scan
reads the syntax tree, so it also finds an f-string that starts with spaces, is triple
quoted, or is glued to a plain ``"<…"`` literal before it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import asteroyds
from asteroyds.ui.share.markup import Markup, fill, style, tag, void

UI = Path(asteroyds.__file__).parent / "ui"
STARTS_A_TAG = re.compile(r"\s*<")
A_TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9-]*[\s/>]")  # <b>, </td>, <span class=…, <br/>


def markup_f_strings(source: str) -> list[int]:
    """The lines of the f-strings in ``source`` that write markup: the first literal text starts a
    tag, or a literal part holds one (``f"{mode} · <b>{n}</b>"``)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr) and node.values:
            first = node.values[0]
            starts = isinstance(first, ast.Constant) and STARTS_A_TAG.match(str(first.value))
            literal = "".join(str(v.value) for v in node.values if isinstance(v, ast.Constant))
            if starts or A_TAG.search(literal):
                found.append(node.lineno)
    return found


def test_the_scan_finds_markup_f_strings_in_every_form():
    source = "\n".join(
        [
            'a = f"<b>{x}</b>"',
            "b = f'  <i>{x}</i>'",
            'c = f"""\n<div>{x}</div>"""',
            'd = "<td>" f"{x}</td>"',
            'e = f"{x} · <b>{n}</b>"',
            'f = f"a < {x}"',  # a comparison in words, no tag
            'g = "<b>x</b>"',  # no f-string: a translated message's own markup
            'h = f"{x}<{y}"',
        ]
    )
    assert markup_f_strings(source) == [1, 2, 3, 5, 6]  # c spans lines 3-4


def test_no_f_string_writes_markup_in_the_ui():
    found = [
        f"{path.relative_to(UI.parent.parent)}:{line}"
        for path in sorted(UI.rglob("*.py"))
        for line in markup_f_strings(path.read_text("utf-8"))
    ]
    assert found == []


def test_the_builder_escapes_slots_and_attributes_but_not_markup():
    assert void("img", alt="<x>", data_run="1") == '<img alt="&lt;x&gt;" data-run="1">'
    assert void("circle", r="2.0", closed=True) == '<circle r="2.0"/>'
    assert tag("span", style=style(color="red", max_width=None)) == '<span style="color:red"></span>'
    assert style(background='x" onclick="y') == 'background:x" onclick="y'
    assert (
        tag("i", style=style(background='x" onclick="y'))
        == '<i style="background:x&quot; onclick=&quot;y"></i>'
    )
    assert fill("<b>{n}</b> {who}", n=3, who=Markup("<i>Ann</i>")) == "<b>3</b> <i>Ann</i>"
    assert fill("<b>{who}</b>", who="<script>") == "<b>&lt;script&gt;</b>"
    assert (
        tag("div", **{"data-hints-allowed": "no", "data-round": ""})
        == '<div data-hints-allowed="no" data-round=""></div>'
    )
