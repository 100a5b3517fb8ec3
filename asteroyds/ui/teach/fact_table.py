"""Small tables of facts for a chapter: a die's six directions, the pieces of a setup, a program.

Why a widget: a chapter used to print Python tuples and lists ("['E', 'NW', …]",
"[(1, 'white asteroid #1'), …]"); a web page shows a learner a table with
headings in their language instead. The HTML is built by :func:`table_html`
(escaped, pure, tested) and shown by :func:`fact_table`; the look is in
``asteroyds/ui/static/fact_table.css``.

>>> html = table_html(["die", "1", "2"], [["goes", "E", "NW"]], marked=(1,))
>>> html.count("<tr>"), '<th scope="row">goes</th>' in html, '<td class="asteroyds-marked">E</td>' in html
(2, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...i18n import _
from ...program import Program, as_program
from ..share.markup import Markup, join, tag
from ..theme import sheet
from .facts import program_table

CSS = sheet("fact_table")


def table_html(
    headers: Sequence[object],
    rows: Sequence[Sequence[object]],
    *,
    caption: str = "",
    marked: Sequence[int] = (),
) -> Markup:
    """A table: ``headers`` over ``rows``; each row's first cell is its heading; ``marked`` columns stand out.

    Every cell is escaped text unless it is :class:`~asteroyds.ui.share.markup.Markup`.
    """
    width = len(headers)
    for row in rows:
        if len(row) != width:
            raise ValueError(
                _("a table row has {n} cells but the table has {width} headings: {row!r}",
                  n=len(row), width=width, row=list(row))
            )  # fmt: skip

    def cls(i: int) -> str | None:
        return "asteroyds-marked" if i in marked else None

    head = tag("tr", *(tag("th", h, scope="col", class_=cls(i)) for i, h in enumerate(headers)))
    body = [
        tag(
            "tr",
            tag("th", row[0], scope="row", class_=cls(0)),
            *(tag("td", cell, class_=cls(i)) for i, cell in enumerate(row[1:], 1)),
        )
        for row in rows
    ]
    parts: list[object] = [tag("caption", caption)] if caption else []
    return tag(
        "table", join(*parts, tag("thead", head), tag("tbody", join(*body))), class_="asteroyds-fact-table"
    )


class FactTable(widgets.HTML):
    """A table of facts on a page; :meth:`show` replaces it (a table that follows another widget)."""

    def __init__(
        self,
        headers: Sequence[object],
        rows: Sequence[Sequence[object]],
        *,
        caption: str = "",
        marked: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.add_class("asteroyds-fact-table-widget")
        self.show(headers, rows, caption=caption, marked=marked)

    def show(
        self,
        headers: Sequence[object],
        rows: Sequence[Sequence[object]],
        *,
        caption: str = "",
        marked: Sequence[int] = (),
    ) -> None:
        self.value = join(CSS, table_html(headers, rows, caption=caption, marked=marked))


class ProgramTable(FactTable):
    """A program written out column by column (token and action), and whether the shield is up.

    Chapter 2 wires it to its status chart (``chart.on_change(table.show_program)``): the chart
    and the line of writing are the same thing, and the page shows it as they change together.
    """

    def __init__(self, program: Program | str) -> None:
        super().__init__([], [])
        self.add_class("asteroyds-program-table")
        self.show_program(program)

    def show_program(self, program: Program | str) -> None:
        headers, rows, caption = program_table(as_program(program))
        self.show(headers, rows, caption=caption, marked=(len(headers) - 1,))


__all__ = ["FactTable", "ProgramTable", "table_html"]
