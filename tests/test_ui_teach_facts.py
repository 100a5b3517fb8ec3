"""Chapter 1's facts as tables (not printed tuples): the table builder, the facts, the tile explorer's row."""

from __future__ import annotations

import pytest

import asteroyds
from asteroyds.i18n import use_language
from asteroyds.pieces import die_direction
from asteroyds.ui.share.markup import Markup
from asteroyds.ui.teach.facts import die_rows, piece_counts, piece_label, priority_rows
from asteroyds.ui.teach.tables import FactTable, table_html
from asteroyds.ui.teach.tile_explorer import TileExplorer

from .helpers import craft, fixed, state, tile


def test_a_table_escapes_its_text_heads_its_rows_and_marks_columns():
    html = table_html(
        ["<piece>", "n"],
        [["a & b", 2], [Markup("<b>c</b>"), 3]],
        caption="Pods",
        row_headings=True,
        marked=(1,),
    )
    assert "&lt;piece&gt;" in html and "a &amp; b" in html and "<b>c</b>" in html
    assert html.count('<th scope="row"') == 2 and html.count('class="asteroyds-marked"') == 3
    assert "<caption>Pods</caption>" in html
    with pytest.raises(ValueError, match="2 headings"):
        table_html(["a", "b"], [["only one"]])


def test_a_fact_table_widget_replaces_its_table_and_carries_its_sheet():
    table = FactTable(["die", "1"], [["goes", "E"]])
    assert "<style" in table.value and ">E</td>" in table.value
    table.show(["die", "1"], [["goes", "W"]])
    assert ">W</td>" in table.value and ">E</td>" not in table.value


def test_a_setup_is_counted_by_kind_and_colour_with_its_crafts():
    board = asteroyds.setup("racing", seed=1, players=["blue"])
    counts = dict(piece_counts(board))
    assert sum(counts.values()) == len(board.pieces) + len(board.crafts)
    assert counts["white/red asteroid"] == len([p for p in board.pieces if p.colour == "white/red"])
    assert counts["public pod"] == 6 and counts["blue craft"] == 1
    labels = [label for label, _n in piece_counts(board)]
    assert labels.index("red asteroid") < labels.index("red gate") < labels.index("public pod")


def test_priority_rows_are_the_smallest_numbers_first_with_their_facing():
    field = state(
        [tile("W9", "asteroid", "white", (3, 3), "NE", 9), tile("G2", "gate", "red", (5, 5), "SW", 2, "A")],
        [craft("blue", (6, 6), "E")],
    )
    assert priority_rows(field) == [("#2", "red gate", "SW"), ("#9", "white asteroid", "NE")]
    assert priority_rows(field, first=1) == [("#2", "red gate", "SW")]


def test_the_die_table_is_the_engine_s_rule_in_the_reader_s_language():
    assert [way for _die, way in die_rows(2)] == [
        ["E", "SE", "SW", "W", "NW", "NE"][die_direction(2, d)] for d in range(1, 7)
    ]
    with use_language("fr"):
        assert dict(die_rows(0))[2] == "NO" and dict(die_rows(0))[6] == "O"  # nord-ouest, ouest
        assert piece_label(fixed("P1", "pod", (1, 1))) == "pod de public"
        assert piece_label(tile("W1", "gate", "white", (1, 1), "E", 24, "D")) == "porte blanche"


def test_the_tile_explorer_shows_every_die_and_marks_the_one_rolled():
    explorer = TileExplorer(colour="red", orientation=0, die=4)
    table = explorer._table.value
    assert '<td class="asteroyds-marked">NE</td>' in table  # die 4 on a tile facing E goes NE
    explorer.rotate(+1)
    explorer.roll(1)
    assert '<td class="asteroyds-marked">SE</td>' in explorer._table.value  # the "1" edge now faces SE
    with use_language("fr"):
        french = TileExplorer(colour="white/red", orientation=2, die=1)
        assert "SO" in french._text.value and "SO" in french._table.value  # sud-ouest, not SW
        assert ("blanc/rouge", "white/red") in french._colour.options
