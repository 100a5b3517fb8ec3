"""A page's language: the notebook's own (``page_language("fr")``), overridden by ``?lang=``."""

from __future__ import annotations

import pytest

from asteroyds import i18n
from asteroyds.ui.share import links
from asteroyds.ui.share.language import LanguageError, language_from_query, page_language


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    """Each test starts outside Voila in English and leaves the process in English."""
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    monkeypatch.delenv("QUERY_STRING", raising=False)
    monkeypatch.setattr(links, "_waited", False)  # a fresh kernel
    before = i18n.set_language("en")
    yield
    i18n.set_language(before)


def test_the_query_wins_over_the_notebook_s_language():
    assert language_from_query("lang=fr", "en") == "fr"
    assert language_from_query("?lang=en", "fr") == "en"
    assert language_from_query("demo=pilot-hector&lang=FR-ca", "en") == "fr"


def test_without_lang_the_notebook_s_language_stays():
    assert language_from_query("", "fr") == "fr"
    assert language_from_query(None, "en") == "en"
    assert language_from_query("scenario=abc&dice=1,2,3", "fr") == "fr"


def test_a_bad_lang_is_refused_with_the_languages_we_have():
    with pytest.raises(LanguageError, match="unknown language 'de'.*en, fr"):
        language_from_query("lang=de", "en")
    with pytest.raises(LanguageError, match="lang is given 2 times"):
        language_from_query("lang=fr&lang=en", "en")
    with pytest.raises(LanguageError, match="unknown language ''"):
        language_from_query("lang=", "en")
    with pytest.raises(LanguageError) as refused:  # a link is anyone's text: no control characters echoed
        language_from_query("lang=%1b%5B2Jx", "en")
    assert "\x1b" not in str(refused.value)


def test_a_notebook_cannot_declare_an_unknown_language():
    with pytest.raises(ValueError, match="unknown page language 'klingon'"):
        page_language("klingon")
    assert i18n.language() == "en"


def test_page_language_sets_the_kernel_s_language_outside_voila():
    page_language("fr")
    assert i18n.language() == "fr"
    page_language("en")
    assert i18n.language() == "en"


def test_page_language_follows_voila_s_query_string(monkeypatch):
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # a kernel started for its request
    monkeypatch.setenv("QUERY_STRING", "lang=fr")
    page_language("en")
    assert i18n.language() == "fr"
    monkeypatch.setenv("QUERY_STRING", "lang=en&voila-theme=dark")
    page_language("fr")
    assert i18n.language() == "en"


def test_a_bad_lang_leaves_the_page_in_its_own_language_with_a_message(monkeypatch, capsys):
    monkeypatch.setenv("QUERY_STRING", "lang=xx")
    page_language("fr")
    assert i18n.language() == "fr"
    printed = capsys.readouterr().out.strip()
    assert len(printed.splitlines()) == 1 and "xx" in printed
    with i18n.use_language("fr"):
        assert printed == i18n._(  # said in the page's language
            "{error}; the page stays in its own language ({name}).",
            error=i18n._(
                "link: unknown language '{lang}': choose one of {choices}", lang="xx", choices="en, fr"
            ),  # noqa: E501
            name="Français",
        )
    assert not printed.startswith("link:")
    with i18n.use_language("en"):
        page_language("en")
    assert "stays in its own language (English)" in capsys.readouterr().out


def test_a_preheated_kernel_keeps_its_chapter_s_language_without_waiting(monkeypatch):
    # It runs before any request; the class server sends requests with ?lang= to a kernel of their own.
    import voila.utils

    def never(url=None):  # pragma: no cover - called only if the test fails
        raise AssertionError("a pool kernel waited for its request: the chapter would not be pre-rendered")

    monkeypatch.setattr(voila.utils, "wait_for_request", never)
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    page_language("fr")
    assert i18n.language() == "fr"
    page_language("en")
    assert i18n.language() == "en"


def test_the_class_server_gives_a_lang_request_a_kernel_of_its_own():
    from asteroyds.serve.handlers import uses_pool

    assert uses_pool({}) and uses_pool({"demo": [b"pilot-hector"], "dice": [b"1,2,3"]})
    assert not uses_pool({"lang": [b"fr"]}) and not uses_pool({"lang": [b"en"], "demo": [b"x"]})


def test_outside_voila_nothing_waits(monkeypatch):
    import voila.utils

    def never(url=None):  # pragma: no cover - called only if the test fails
        raise AssertionError("waited for a request outside a pre-heated kernel")

    monkeypatch.setattr(voila.utils, "wait_for_request", never)
    page_language("fr")  # JupyterLab / nbval: no VOILA_PREHEAT
    monkeypatch.setenv("VOILA_PREHEAT", "False")  # Voila, kernel started for the request
    page_language("fr")
    assert i18n.language() == "fr"
