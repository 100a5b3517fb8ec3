"""The every-page check's patterns (tests/browser/page_checks.py), without a browser: each can fail.

Issue 26's acceptance: "the catalog test catches an English literal reaching a French page". The
browser test reads a French page's visible text (not what is marked ``lang="en"``) with these
patterns; here they meet the English the last review found on French pages, and French that must pass.
"""

from __future__ import annotations

import pytest

from tests.browser.page_checks import ENGLISH_WORD

FOUND_ON_FRENCH_PAGES = [
    "Pas encore jouable : Not playable yet: there is no craft on the board",
    "↗ Share link opens this board and these dice (right-click it to copy it)",
    "Mode: how this board is played (an empty new board takes it too)",
    "⚠ Red asteroid #2 cannot carry a target: targets sit on white-bearing asteroids",
    "Hector takes no direction: write 'P', not 'PL'",
    "the mode's stopwatch",
]
FRENCH = [
    "Pas encore jouable : il n'y a aucun vaisseau sur le plateau : ajoutez-en un avec l'outil Vaisseau",
    "↗ Lien de partage ouvre ce plateau et ces dés (clic droit pour le copier)",
    "Le vaisseau bleu est touché dans 13 des 216 lancers.",
    # a demo's name (the last column) is an identifier
    "5\tCollisions des vaisseaux : 2 points de dommage\tcraft-collision-and-shield",
    "…/voila/render/fr/teachers_tools.ipynb?demo=rulebook-white-6-before-gate-24",
    "Capturer l'asteroyd · tour 1 · rouge1, blanc1 · Round 2 · Anticipation",
]


@pytest.mark.parametrize("text", FOUND_ON_FRENCH_PAGES)
def test_english_sentences_are_caught(text):
    assert ENGLISH_WORD.search(text) is not None, text


@pytest.mark.parametrize("text", FRENCH)
def test_french_sentences_and_identifiers_pass(text):
    assert ENGLISH_WORD.search(text) is None, ENGLISH_WORD.search(text)
