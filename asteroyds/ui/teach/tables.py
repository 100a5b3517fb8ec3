"""Small tables of facts for a chapter: the pilots, where each craft stands in a race.

Why: a notebook printed these as columns padded with spaces (``f"{name:9} …"``),
which a web page shows as code output. A table says the same in the page's
language, in the page's type, and reads on a phone.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from ...event_text import capitalised, player_text
from ...i18n import _
from ...pilots import PILOT_TABLE
from ...state import State
from ..share.markup import Markup, join, tag
from ..theme import sheet

CSS = sheet("fact_table")
NONE = "—"


def table_html(headers: Sequence[str], rows: Sequence[Sequence[object]], *, caption: str = "") -> Markup:
    """An HTML table (every cell escaped); ``caption`` above it."""
    head = tag("tr", *(tag("th", h, scope="col") for h in headers))
    body = join(*(tag("tr", *(tag("td", cell) for cell in row)) for row in rows))
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
    """The pilots and their powers, from the engine's own table (RULES §9)."""
    return fact_table([_("pilot"), _("token"), _("power")], pilot_rows())


def standings_rows(state: State) -> list[tuple[str, str, str]]:
    """Each craft: its player, the gate tokens it holds, its damage (or that it is destroyed)."""
    return [
        (
            capitalised(player_text(craft.player)),
            " ".join(craft.tokens) or NONE,
            _("destroyed") if craft.cell is None else str(craft.damage),
        )
        for craft in state.crafts
    ]


def standings_html(state: State, caption: str = "") -> Markup:
    """Where each craft stands: gate tokens and damage."""
    return join(
        CSS, table_html([_("craft"), _("gate tokens"), _("damage")], standings_rows(state), caption=caption)
    )


__all__ = ["fact_table", "pilot_rows", "pilots_table", "standings_html", "standings_rows", "table_html"]
