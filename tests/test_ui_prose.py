"""A chapter's words in widgets: notes, tables, links and an editor's answers, escaped and marked."""

from __future__ import annotations

import doctest

from asteroyds.ui.share.markup import tag
from asteroyds.ui.teach import prose, rule_board
from asteroyds.ui.teach.prose import answers, answers_html, link_html, note, table, table_html


def test_the_modules_examples_run():
    for module in (prose, rule_board):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_a_note_escapes_text_and_keeps_markup():
    widget = note(tag("b", "Verdict:"), " red <wins> & blue", css="asteroyds-verdict")
    expected = '<div class="asteroyds-note asteroyds-verdict"><b>Verdict:</b> red &lt;wins&gt; &amp; blue'
    assert expected in widget.value
    assert "<style>" in widget.value  # the look travels with the widget (a repeat is harmless)


def test_a_table_has_a_header_row_and_one_row_per_item():
    html = table_html(["Craft", "Damage"], [["blue", 2], ["red", tag("b", "1")]], caption="After <the> round")
    assert html.count("<tr>") == 3 and html.count('<th scope="col">') == 2
    assert "<caption>After &lt;the&gt; round</caption>" in html
    assert "<td><b>1</b></td>" in html and "<td>2</td>" in html
    demos = table(["§"], [[4]], css="asteroyds-demo-table")
    assert 'class="asteroyds-table asteroyds-demo-table"' in demos.value


def test_answers_keep_their_order_and_mark_the_refused_ones():
    html = answers_html([(True, "Added blue asteroid #1"), (False, "(6, 6) already holds <it>")])
    first, second = html.split("</li>")[:2]
    assert 'data-ok="true"' in first and "✔" in first and "Added blue asteroid #1" in first
    assert 'data-ok="false"' in second and "⚠" in second and "&lt;it&gt;" in second
    # The mark comes first: a sentence that starts with a space's coordinates never starts a line.
    assert second.index("⚠") < second.index("(6, 6)")
    titled = answers([(True, "Done")], title="The editor's answers").value
    assert "The editor&#x27;s answers" in titled and "asteroyds-answers" in titled


def test_a_link_opens_in_a_new_tab_only_when_asked():
    assert link_html("?demo=x", "x") == '<a href="?demo=x" class="asteroyds-link">x</a>'
    new_tab = link_html('?demo="x"', "x", new_tab=True)
    assert 'target="_blank"' in new_tab and 'rel="noopener"' in new_tab and "&quot;x&quot;" in new_tab
