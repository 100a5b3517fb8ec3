"""The translation layer: .po reading, language choice, plurals, fallbacks (asteroyds.i18n)."""

from __future__ import annotations

import pytest

from asteroyds import i18n
from asteroyds.i18n import _, ngettext, use_language


def test_french_catalog_translates_with_named_placeholders():
    message = "The {player} craft moves forward to {cell}"
    with use_language("fr"):
        assert _(message, player="rouge", cell="(3, 4)") == "Le vaisseau rouge avance jusqu'en (3, 4)"
    with use_language("en"):
        assert _(message, player="red", cell="(3, 4)") == "The red craft moves forward to (3, 4)"


def test_context_separates_a_word_used_twice():
    with use_language("fr"):
        assert (i18n.pgettext("masculine", "white"), i18n.pgettext("feminine", "white")) == (
            "blanc",
            "blanche",
        )
        assert i18n.pgettext("compass", "SW") == "SO"
    with use_language("en"):
        assert i18n.pgettext("feminine", "white") == "white"


def test_french_plural_counts_zero_and_one_as_singular():
    # "{n} space" is a real message of the package (asteroyds.event_text.spaces_text).
    with use_language("fr"):
        assert [ngettext("{n} space", "{n} spaces", n, n=n) for n in (0, 1, 2)] == [
            "0 case",
            "1 case",
            "2 cases",
        ]
    with use_language("en"):
        assert [ngettext("{n} space", "{n} spaces", n, n=n) for n in (0, 1, 2)] == [
            "0 spaces",
            "1 space",
            "2 spaces",
        ]


def test_a_message_without_translation_falls_back_to_english():
    with use_language("fr"):
        assert _("no such message {x}", x=1) == "no such message 1"


def test_use_language_restores_the_language_before():
    before = i18n.language()
    with use_language("fr"):
        assert i18n.language() == "fr"
    assert i18n.language() == before


def test_unknown_language_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown language 'de'.*en, fr"):
        i18n.set_language("de")


@pytest.mark.parametrize(
    "env, expected",
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"}, "fr"),
        ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
        ({"ASTEROYDS_LANG": "fr", "LANG": "en_GB.UTF-8"}, "fr"),
    ],
)
def test_language_from_env_follows_gettext_order(env, expected):
    assert i18n.language_from_env(env) == expected


def test_po_reader_handles_continuations_escapes_fuzzy_and_context():
    text = "\n".join(
        [
            'msgid ""',
            'msgstr ""',
            '"Language: fr\\n"',
            "",
            "#, fuzzy",
            'msgid "Left"',
            'msgstr "Gauche"',
            "",
            'msgctxt "action"',
            'msgid "Left"',
            'msgstr "À gauche"',
            "",
            'msgid ""',
            '"a \\"quoted\\" "',
            '"line\\n"',
            'msgstr "une ligne \\"citée\\"\\n"',
        ]
    )
    entries = i18n.parse_po(text)
    assert [e["msgid"] for e in entries] == ["", "Left", "Left", 'a "quoted" line\n']
    assert entries[1]["fuzzy"] is True and "context" not in entries[1]
    assert entries[2]["context"] == "action" and entries[2]["msgstr"] == ["À gauche"]
    assert entries[3]["msgstr"] == ['une ligne "citée"\n']
