"""Texts the engine keeps once worked out (the ram question, a piece's name) follow language and catalogs."""

from __future__ import annotations

from asteroyds import setup
from asteroyds.flight import _ram_question
from asteroyds.i18n import reload_catalogs, texts_version, use_language
from asteroyds.named import Named


def _an_asteroid():
    state = setup("racing", seed=1, players=["blue"])
    return next(p for p in state.pieces if p.kind == "asteroid")


def test_the_ram_question_is_said_in_the_language_of_the_moment():
    asteroid = _an_asteroid()
    name = Named.piece(asteroid)
    with use_language("en"):
        english = _ram_question("red", asteroid, name, 4, 2, 1)
    with use_language("fr"):
        french = _ram_question("red", asteroid, name, 4, 2, 1)
    with use_language("en"):
        again = _ram_question("red", asteroid, name, 4, 2, 1)
        other = _ram_question("red", asteroid, name, 4, 2, 3)
    assert english.startswith("red: destroy") and "has 1" in english
    assert french != english and "rouge" in french
    assert again == english
    assert "has 3" in other


def test_reloading_the_catalogs_is_a_new_texts_version():
    before = texts_version()
    reload_catalogs()
    assert texts_version() != before and texts_version()[0] == before[0]


def test_a_piece_keeps_one_name_and_it_says_the_piece():
    asteroid = _an_asteroid()
    name = Named.piece(asteroid)
    assert Named.piece(asteroid) is name
    assert name.english() == asteroid.describe()
