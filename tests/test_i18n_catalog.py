"""The French catalog is complete and the package's user-facing text is marked (issue 15).

Three checks, each able to fail:

- extraction: every message marked in the package (``_``, ``ngettext``,
  ``pgettext``, ``N_``, ``NP_``; :mod:`asteroyds.i18n_tools`) is in
  ``asteroyds/locale/fr/LC_MESSAGES/asteroyds.po``, translated and not fuzzy,
  and the catalog holds no message the code no longer has;
- placeholders: a translation uses exactly the ``{named}`` fields of its
  English message (a missing or misspelt field would raise or lose a value);
- unmarked text: :func:`asteroyds.i18n_tools.unmarked_strings` finds no
  user-facing literal left unmarked (its docstring defines the rule: raised
  error messages, widget descriptions/tooltips/placeholders/titles and
  Label/HTML values, strings returned by ``text``/``__str__``).
"""

from __future__ import annotations

import string

import pytest

from asteroyds import i18n, i18n_tools
from asteroyds.events import EVENT_TYPES

MESSAGES = i18n_tools.extract()
CATALOG = i18n.parse_po(i18n.po_path("fr").read_text(encoding="utf-8"))

#: Modules whose unmarked strings are allowed, and why. Keep it short.
ALLOWED = {
    # The catalog reader's own errors: they are about a broken .po file, read
    # by the translator (in English, the language of the message ids), and
    # they cannot be translated by the catalog they fail to read.
    "asteroyds/i18n.py": "errors about the catalog itself",
}

#: Modules not translated yet: the test names them so what remains is visible,
#: and fails when one of them no longer has unmarked strings (the list only shrinks).
PENDING: frozenset[str] = frozenset()


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def test_the_package_has_messages_to_translate():
    assert len(MESSAGES) > 300
    assert any(m.msgid == "{tile} moves {n} space {heading} to {cell}" for m in MESSAGES)


def test_every_message_is_translated_and_none_is_fuzzy_or_obsolete():
    problems = i18n_tools.check("fr", MESSAGES)
    assert problems == [], "\n".join(problems[:40])


@pytest.mark.parametrize("entry", [e for e in CATALOG if e["msgid"]], ids=lambda e: str(e["msgid"])[:50])
def test_translations_keep_the_placeholders(entry):
    wanted = _fields(str(entry["msgid"]))
    for form in entry["msgstr"]:
        assert _fields(str(form)) == wanted, f"{entry['msgid']!r} → {form!r}"


def test_no_user_facing_string_is_left_unmarked():
    found = i18n_tools.unmarked_in_package()
    left = {path: lines for path, lines in found.items() if path not in ALLOWED and path not in PENDING}
    assert left == {}, "\n".join(line for lines in left.values() for line in lines)
    assert sorted(p for p in PENDING if p not in found) == [], "translated: remove from PENDING"


def test_the_checker_flags_unmarked_text_and_passes_marked_text():
    source = """
from asteroyds.i18n import _
def f(x):
    if x:
        raise ValueError(f"bad value {x!r} for the craft")
    raise ValueError(_("bad value {x!r}", x=x))
w = Button(description="Roll the dice", tooltip=_("Roll"))
h = HTML(value="<b>{n}</b>")
l = Label(value="Ready")
class E:
    def text(self):
        return "The craft " + self.player
    def __str__(self):
        return _("ok")
"""
    found = i18n_tools.unmarked_strings(source, "x.py")
    assert [line.split(":")[1] for line in found] == ["5", "7", "9", "12"]


def test_the_checker_flags_text_put_into_widgets_later_and_built_html():
    """Issue 26: the editor's share link, Not playable line and mode message reached French pages in
    English because they were assigned to ``.value``, returned by an ``*_html`` function or refused."""
    source = """
from asteroyds.i18n import _
def play_html(problems):
    if problems:
        return f"<span class='c'>Not playable yet: {problems[0]}</span>"
    return f"<span>{_('Ready')}</span>"
class Panel:
    def sync(self, link):
        self.share.value = f'<a href="{link}">Share link</a>'
        self.share.value = f'<a href="{link}">{_("Share link")}</a>'
        self.tip = HTML("<span class='x'>Mode: how this board is played</span>")
        raise Refused(f"rule {link!r}: bad")
        self.button.description = "<b>{n}</b>"
        self.toggle.description = "Pause" if playing else _("Play")
        return [title("SELECTED"), title(_("SELECTED")), _section("Variants")]
def save_html(c):
    def cls(i):
        return "asteroyds-marked"
    return download_link(c.text(), c.name(), "⬇ Save")
"""
    found = i18n_tools.unmarked_strings(source, "x.py")
    assert [line.split(":")[1] for line in found] == ["5", "9", "11", "12", "14", "15", "15", "19"]


def test_the_checker_ignores_markup_symbols_and_placeholders():
    assert not i18n_tools.has_words("<div class='x'></div>")
    assert not i18n_tools.has_words("{n} / {total} ✓")
    assert i18n_tools.has_words("Move {kind}")


def test_extraction_reads_contexts_and_plurals():
    source = 'pgettext("compass", "SW")\nngettext("{n} case", "{n} cases", n, n=n)\n_(name)\n'
    found = i18n_tools.extract_source(source, "x.py")
    assert [(m.context, m.msgid, m.plural) for m in found] == [
        ("compass", "SW", None),
        ("", "{n} case", "{n} cases"),
    ]


def test_catalogs_name_files_not_lines_so_a_new_message_changes_only_its_own_lines():
    """A line number in a ``#:`` reference moves whenever code above it moves: one new message used to
    rewrite ~35 unrelated lines of the ``.po`` and ``.pot``. References name the file, once."""
    shifted = i18n_tools.extract_source('x = 1\n_("first")\n_("second")\n_("first")\n', "m.py")
    text = i18n_tools.render_catalog(shifted, None)
    assert "#: m.py\n" in text and "m.py:" not in text
    assert [m.msgid for m in shifted] == ["first", "second", "first"]  # still in the order of the code
    for path in (i18n_tools.POT_PATH, i18n.po_path("fr")):
        refs = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#: ")]
        assert refs, path
        numbered = [line for line in refs if any(p.rsplit(":", 1)[-1].isdigit() for p in line[3:].split())]
        assert numbered == [], f"{path}: {numbered[:3]}"
        repeated = [line for line in refs if len(set(line[3:].split())) != len(line[3:].split())]
        assert repeated == [], f"{path}: {repeated[:3]}"


def test_catalog_rendering_keeps_translations_and_marks_the_obsolete():
    old = i18n.parse_po('msgid "kept"\nmsgstr "gardé"\n\nmsgid "gone"\nmsgstr "parti"\n')
    text = i18n_tools.render_catalog([i18n_tools.Message("kept"), i18n_tools.Message("new")], "fr", old)
    entries = {e["msgid"]: e["msgstr"] for e in i18n.parse_po(text)}
    assert entries["kept"] == ["gardé"] and entries["new"] == [""] and "gone" not in entries
    assert '#~ msgid "gone"' in text


def test_every_event_speaks_french_when_asked():
    """Each event type's sentence changes language: no event is left with English-only text."""
    from tests.test_i18n_samples import sample_events

    events = sample_events()
    assert {e.TYPE for e in events} == set(EVENT_TYPES) - {"event"}
    for event in events:
        with i18n.use_language("en"):
            english = event.text()
        with i18n.use_language("fr"):
            french = str(event)
        assert french != english, event.TYPE


def test_every_demo_has_its_french_title_rule_and_explanation():
    from asteroyds import demos

    for name in demos.list_demos():
        demo = demos.load_demo(name)
        for key in demos.TRANSLATED_KEYS:
            french = demo.shown(key, "fr")
            assert french and french != getattr(demo, key), (name, key)
        with i18n.use_language("fr"):
            assert demo.shown_title == demo.shown("title", "fr")
        assert demo.shown_title == demo.title  # English stays the default


def test_demo_translations_are_checked():
    from asteroyds import demos
    from asteroyds.errors import ScenarioError

    data = demos.to_dict(demos.load_demo("pilot-hector"))
    assert data["translations"]["fr"]["title"] == "Hector : avancer deux fois"
    assert demos.from_dict(data, "pilot-hector").shown("title", "fr") == "Hector : avancer deux fois"
    for wrong in ({"de": {"title": "x"}}, {"fr": {"notes": "x"}}, {"fr": {"title": ""}}, ["fr"]):
        with pytest.raises(ScenarioError, match="translations"):
            demos.from_dict({**data, "translations": wrong}, "pilot-hector")


def test_every_ngettext_names_its_two_messages_literally():
    """``ngettext(singular, plural, n)`` with variables finds no plural entry in the catalog (the
    extractor cannot see them): the coach's scores stayed English on French pages that way (issue 26)."""
    import ast

    found = []
    for path in sorted(i18n_tools.PACKAGE_DIR.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ngettext":
                literal = [isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args[:2]]
                if literal != [True, True]:
                    found.append(f"{path.name}:{node.lineno}")
    assert found == [], found
