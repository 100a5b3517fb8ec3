"""Small tables of facts for a chapter: the pilots, where each craft stands in a race, a die's six
directions, a setup's pieces, a program written out.

Why: a notebook printed these as columns padded with spaces (``f"{name:9} …"``)
or as Python tuples and lists (``['E', 'NW', …]``), which a web page shows as
code output. A table says the same in the page's language, in the page's type,
and reads on a phone. :class:`FactTable` is a table a page can replace (one that
follows another widget: the tile explorer's die, a status chart's program).

>>> html = table_html(["die", "1", "2"], [["goes", "E", "NW"]], row_headings=True, marked=(1,))
>>> '<th scope="row">goes</th>' in html, '<td class="asteroyds-marked">E</td>' in html
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...event_text import capitalised, player_text
from ...events import Event, TokenTaken
from ...i18n import _
from ...pilots import PILOT_TABLE
from ...program import Program, as_program
from ...state import State
from ..share.markup import Markup, join, tag
from ..theme import sheet
from .facts import program_table

CSS = sheet("fact_table")
NONE = "—"


def table_html(
    headers: Sequence[object],
    rows: Sequence[Sequence[object]],
    *,
    caption: str = "",
    row_headings: bool = False,
    marked: Sequence[int] = (),
) -> Markup:
    """An HTML table (every cell escaped unless it is Markup); ``caption`` above it; with
    ``row_headings`` each row's first cell heads its row; the ``marked`` columns stand out."""
    for row in rows:
        if len(row) != len(headers):
            raise ValueError(
                _("a table row has {n} cells but the table has {width} headings: {row!r}",
                  n=len(row), width=len(headers), row=list(row))
            )  # fmt: skip

    def cls(i: int) -> str | None:
        return "asteroyds-marked" if i in marked else None

    def cell(i: int, value: object) -> Markup:
        if row_headings and i == 0:
            return tag("th", value, scope="row", class_=cls(i))
        return tag("td", value, class_=cls(i))

    head = tag("tr", *(tag("th", h, scope="col", class_=cls(i)) for i, h in enumerate(headers)))
    body = join(*(tag("tr", *(cell(i, value) for i, value in enumerate(row))) for row in rows))
    return tag(
        "table",
        tag("caption", caption) if caption else "",
        tag("thead", head),
        tag("tbody", body),
        class_="asteroyds-fact-table",
    )


def fact_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], *, caption: str = ""
) -> widgets.HTML:
    """A table as a widget (with its style sheet)."""
    table = widgets.HTML(join(CSS, table_html(headers, rows, caption=caption)))
    table.add_class("asteroyds-fact")
    return table


def pilot_rows() -> list[tuple[str, str, str]]:
    """Each pilot: name, the tokens it plays (— for Lawrence, whose power takes no column), its power."""
    return [
        (name, ", ".join(pilot.tokens) or NONE, _(pilot.description)) for name, pilot in PILOT_TABLE.items()
    ]


def pilots_table() -> widgets.HTML:
    """The pilots and their powers, from the engine's own table (docs/rules.md#9-pilots)."""
    return fact_table([_("pilot"), _("token"), _("power")], pilot_rows())


def standings_rows(state: State, events: Sequence[Event] | None = None) -> list[tuple[str, ...]]:
    """Each craft: its player, the gate tokens it holds, its damage (or that it is destroyed).

    With the round's ``events``, a column between the tokens and the damage says in which column
    the craft took its last token that round: the first tie-break of a race (docs/rules.md#8-victory).
    """
    last: dict[str, int] = {}
    for event in events or ():
        if isinstance(event, TokenTaken):
            last[event.player] = event.column
    rows: list[tuple[str, ...]] = []
    for craft in state.crafts:
        damage = _("destroyed") if craft.cell is None else str(craft.damage)
        row = [capitalised(player_text(craft.player)), " ".join(craft.tokens) or NONE]
        if events is not None:
            row.append(NONE if craft.player not in last else token_column_text(last[craft.player]))
        rows.append((*row, damage))
    return rows


def token_column_text(column: int) -> str:
    """A token's column as a tie-break reads it: ``2``, ``7 (red column)``, ``0 (asteroid phase)``."""
    if column == 0:
        return _("0 (asteroid phase)")
    return _("7 (red column)") if column == 7 else str(column)


def standings_html(state: State, caption: str = "", events: Sequence[Event] | None = None) -> Markup:
    """Where each craft stands: gate tokens and damage; with the round's ``events``, the column of
    each craft's last token that round."""
    headers = [_("craft"), _("gate tokens"), _("damage")]
    if events is not None:
        headers.insert(2, _("column of its last token this round"))
    return join(CSS, table_html(headers, standings_rows(state, events), caption=caption))


class FactTable(widgets.HTML):
    """A table of facts on a page; :meth:`show` replaces it (a table that follows another widget).

    Each row's first cell heads its row (``th scope="row"``): a screen reader says which row a
    cell is in.
    """

    def __init__(
        self,
        headers: Sequence[object],
        rows: Sequence[Sequence[object]],
        *,
        caption: str = "",
        marked: Sequence[int] = (),
    ) -> None:
        super().__init__()
        self.add_class("asteroyds-fact")
        self.show(headers, rows, caption=caption, marked=marked)

    def show(
        self,
        headers: Sequence[object],
        rows: Sequence[Sequence[object]],
        *,
        caption: str = "",
        marked: Sequence[int] = (),
    ) -> None:
        self.value = join(CSS, table_html(headers, rows, caption=caption, row_headings=True, marked=marked))


class ProgramTable(FactTable):
    """A program written out column by column (token and action), and whether the shield is up.

    Chapter 2 wires it to its status chart (``chart.on_change(table.show_program)``): the chart
    and the line of writing are the same thing, and the page shows them changing together.
    """

    def __init__(self, program: Program | str) -> None:
        super().__init__([], [])
        self.add_class("asteroyds-program-table")
        self.show_program(program)

    @property
    def program(self) -> Program:
        """The program written out (a chart built after the table starts from it: chapter 2's)."""
        return self._program

    def show_program(self, program: Program | str) -> None:
        self._program = as_program(program)
        headers, rows, caption = program_table(self._program)
        self.show(headers, rows, caption=caption, marked=(len(headers) - 1,))


__all__ = [
    "FactTable",
    "ProgramTable",
    "fact_table",
    "pilot_rows",
    "pilots_table",
    "standings_html",
    "standings_rows",
    "table_html",
    "token_column_text",
]
