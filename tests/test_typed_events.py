"""Typed events (issue 36): events keep what they name as facts, and nothing reads English back.

A name is a :class:`~asteroyds.named.Named` (a tile by colour and priority, a
pod by id, the border, crafts …) and a cause or reason a
:class:`~asteroyds.named.Phrase`; :mod:`asteroyds.event_text` writes them in
the reader's language. The JSON keeps the English form it always had.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from asteroyds import event_text
from asteroyds.events import CraftDamaged, Event, TileBlocked, TokenTaken
from asteroyds.i18n import use_language
from asteroyds.modes.capture.events import CraftShot, LaserFired
from asteroyds.named import (
    ARE_BEHIND,
    BEING_HIT_BY,
    BORDER_BEHIND,
    HITTING,
    NO_CRAFT_DAMAGE,
    Named,
    Phrase,
)
from asteroyds.pieces import Piece
from asteroyds.registry import mode_named
from asteroyds.simulate import play_bot_game, play_capture_game

PACKAGE = Path(__file__).resolve().parents[1] / "asteroyds"
NBSP = "\u00a0"


@pytest.mark.parametrize(
    ("name", "english", "french"),
    [
        (
            Named("asteroid", colour="white/red", priority=6),
            "white/red asteroid #6",
            f"l'astéroïde blanc/rouge n°{NBSP}6",
        ),
        (Named("gate", colour="red", priority=21), "red gate #21", f"la porte rouge n°{NBSP}21"),
        (Named("pod", id="P1"), "pod P1", "le pod de public P1"),
        (Named("platform", id="L3"), "platform L3", "la plate-forme L3"),
        (Named("asteroyd", colour="red"), "red asteroyd", "l'asteroyd rouge"),
        (Named.border(), "the border", "le bord du plateau"),
        (Named.crafts(("red1", "white2")), "the red1 and white2 crafts", "les vaisseaux rouge1 et blanc2"),
        (Named.team_turret("white", "TW1"), "the white turret TW1", "la tourelle blanche TW1"),
        (
            Named.team_asteroyd("blue", home=True),
            "the blue asteroyd (its home space)",
            "l'asteroyd bleu (sur sa case de base)",
        ),
    ],
)
def test_a_name_is_written_in_both_languages(name: Named, english: str, french: str) -> None:
    assert name.english() == english
    with use_language("en"):
        assert event_text.named_text(name) == english  # English comes from the catalog too
    with use_language("fr"):
        assert event_text.named_text(name) == french


def test_a_phrase_is_written_in_both_languages() -> None:
    cases = [
        (Phrase(HITTING, Named.border()), "hitting the border", "avoir heurté le bord du plateau"),
        (
            Phrase(BEING_HIT_BY, Named("asteroid", colour="red", priority=3)),
            "being hit by red asteroid #3",
            f"avoir été percuté par l'astéroïde rouge n°{NBSP}3",
        ),
        (Phrase(BORDER_BEHIND), "the border is behind it", "le bord du plateau est derrière"),
        (
            Phrase(ARE_BEHIND, Named.each_craft(("red1", "white2"))),
            "the red1 craft and the white2 craft are behind it",
            "le vaisseau rouge1 et le vaisseau blanc2 sont derrière",
        ),
        (
            Phrase(NO_CRAFT_DAMAGE),
            "crafts take no damage in capture mode",
            "les vaisseaux ne subissent aucun dommage en mode capture",
        ),
    ]
    for phrase, english, french in cases:
        assert phrase.english() == english
        with use_language("en"):
            assert event_text.phrase_said(phrase) == english
        with use_language("fr"):
            assert event_text.phrase_said(phrase) == french


def test_a_piece_s_name_is_what_describe_always_said() -> None:
    """The JSON keeps ``Piece.describe()``: a Named made from a piece writes exactly that, every kind."""
    kinds = set()
    launched = [  # drones are launched in play, and a board nothing validated may lack a priority
        Piece("D1", "drone", (5, 5), colour="white/red", orientation=0, priority=101, symbol="1"),
        Piece("A9", "asteroid", (5, 6), colour="white/blue", orientation=2),
        Piece("A8", "asteroid", (5, 7)),
        Piece("AY", "asteroyd", (5, 8)),
    ]
    for mode in ("racing", "shooting", "targets", "drones", "capture"):
        for seed in range(3):
            for piece in [*mode_named(mode).setup(seed=seed).pieces, *launched]:
                assert Named.piece(piece).english() == piece.describe()
                kinds.add(piece.kind)
    assert kinds >= {"asteroid", "gate", "drone", "pod", "platform", "turret", "asteroyd"}


def _bot_events() -> list[Event]:
    events: list[Event] = []
    for mode in ("racing", "shooting", "targets", "drones"):
        game = play_bot_game(("blue", "red", "green"), seed=1, mode=mode, max_rounds=12)
        events += [item[2] for item in game.log]
    for turn in play_capture_game(teams=2, crafts_per_team=2, seed=2, max_turns=6, blue_asteroids=2).events:
        events += turn
    return events


@pytest.fixture(scope="module")
def bot_events() -> list[Event]:
    return _bot_events()


def test_the_engine_makes_typed_names_and_phrases(bot_events: list[Event]) -> None:
    """Facts, not sentences: the engine's events hold Named and Phrase values, never English strings."""
    seen = {TileBlocked: 0, CraftDamaged: 0, TokenTaken: 0, LaserFired: 0, CraftShot: 0}
    for e in bot_events:
        if isinstance(e, TileBlocked):
            assert isinstance(e.blocker_name, Named)
            assert e.detail == "" or isinstance(e.detail, Phrase)
        elif isinstance(e, CraftDamaged):
            assert isinstance(e.cause, Phrase)
        elif isinstance(e, TokenTaken):
            assert isinstance(e.source, Named)
        elif isinstance(e, LaserFired):
            assert isinstance(e.shooter_name, Named) and isinstance(e.blocker_name, Named)
        elif isinstance(e, CraftShot):
            assert all(isinstance(n, Named) for n in e.by_names)
        else:
            continue
        seen[type(e)] += 1
    assert all(seen.values()), seen  # the games showed every kind checked


def test_an_event_s_json_round_trips_unchanged(bot_events: list[Event]) -> None:
    """The JSON keeps the English name; read back, the event is equal and writes the same JSON."""
    for e in bot_events:
        with use_language("en"):
            data = e.to_dict()
            text = json.dumps(data)
            back = Event.from_dict(json.loads(text))
            assert back == e, e.TYPE
            assert json.dumps(back.to_dict()) == text, e.TYPE
    blocked = next(e for e in bot_events if isinstance(e, TileBlocked) and isinstance(e.detail, Phrase))
    data = blocked.to_dict()
    assert data["blocker_name"] == blocked.blocker_name.english() and isinstance(data["detail"], str)


def test_a_name_read_back_from_json_is_shown_as_written() -> None:
    """Nothing parses an English name: a plain string (an event read from JSON) is shown as it is."""
    with use_language("fr"):
        assert event_text.named_text("white gate #24") == "white gate #24"
        assert event_text.phrase_said("hitting the border") == "hitting the border"
        assert (
            event_text.named_text(Named("gate", colour="white", priority=24))
            == f"la porte blanche n°{NBSP}24"
        )


def test_no_module_reads_an_english_name_back() -> None:
    """The old translators by regex are gone from the package, and so is any call to them."""
    assert not hasattr(event_text, "name_text") and not hasattr(event_text, "phrase_text")
    pattern = re.compile(r"\b(name_text|phrase_text|names_text|names_or_name)\b")
    offenders = [
        str(path.relative_to(PACKAGE))
        for path in sorted(PACKAGE.rglob("*.py"))
        if pattern.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
