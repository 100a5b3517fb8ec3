"""The widgets speak the page's language: built in French, they show French words (issue 15)."""

from __future__ import annotations

import pytest

from asteroyds import setups
from asteroyds.dice import Dice
from asteroyds.i18n import use_language
from asteroyds.round import play_round
from asteroyds.ui.chart.status.view import StatusChart
from asteroyds.ui.chart.stopwatch import Stopwatch
from asteroyds.ui.player.event_log import log_html
from asteroyds.ui.sandbox.scoreboard import Scoreboard, scoreboard_html


def test_scoreboard_headers_follow_the_language():
    state = setups.racing(seed=1, players=["blue", "red"])
    with use_language("fr"):
        french = scoreboard_html(state)
        board = Scoreboard(state)
    english = scoreboard_html(state)
    assert "DOMMAGES" in french and "POUVOIR DU PILOTE" in french and "DAMAGE" not in french
    assert "DAMAGE" in english
    assert "TABLEAU DES SCORES" in board._title.value


def test_capture_scoreboard_in_french():
    from asteroyds.modes import capture

    state = capture.setup(seed=1)
    with use_language("fr"):
        text = scoreboard_html(state)
    assert "ÉQUIPE · VAISSEAUX" in text and "équipe rouge" in text


def test_stopwatch_and_status_chart_in_french():
    state = setups.racing(seed=1, players=["blue"])
    with use_language("fr"):
        watch = Stopwatch(60)
        chart = StatusChart(state.craft("blue"))
    assert watch._buttons["start"].description == "Démarrer"
    assert "TEMPS DE PROGRAMMATION" in watch.children[1].value
    assert "TABLEAU DE BORD" in chart._title.value and "Bouclier" in chart._shield.value


def test_event_log_in_french():
    state = setups.racing(seed=1, players=["blue"])
    _after, events, _result = play_round(state, Dice(3, 5, 2), {"blue": "F F . . . . S"})
    with use_language("fr"):
        text = log_html(events, 1)
    assert "événement 2 sur" in text and "Le dé rouge indique 3" in text


def test_priority_inspector_in_french():
    from asteroyds.asteroids import resolve_asteroids
    from asteroyds.ui.player.inspector import priority_table
    from asteroyds.ui.player.inspector_view import table_html

    state = setups.racing(seed=1, players=["blue"])
    _after, events = resolve_asteroids(state, Dice(3, 5, 2))
    with use_language("fr"):
        table = priority_table(events, len(events) // 2, state)
        text = table_html(table)
    english = table_html(priority_table(events, len(events) // 2, state))
    assert "éléments, le plus petit numéro d&#x27;abord" in text and "résultat · pourquoi" in text  # escaped
    assert "avancé" in text and "moved" not in text
    assert "smallest number first" in english


def test_the_editor_describes_the_selection_in_french():
    """The selection line is built from translated clauses, with names and compass points in French."""
    from asteroyds.ui.editor.controller import EditorController

    editor = EditorController(setups.racing(seed=1, players=["blue"]))
    asteroid = next(p for p in sorted(editor.state.pieces, key=lambda p: p.id) if p.kind == "asteroid")
    craft = editor.state.craft("blue")
    with use_language("fr"):
        piece_line = editor.describe(("piece", asteroid.id))
        craft_line = editor.describe(("craft", "blue"))
    assert piece_line.startswith(f"L'astéroïde {_french_colour(asteroid.colour)} n° {asteroid.priority} en ")
    assert "bord « 1 » vers " in piece_line and " at " not in piece_line
    assert craft_line.startswith(f"Le vaisseau bleu en {craft.cell}, tourné vers ")
    assert "facing" not in craft_line


def _french_colour(colour: str) -> str:
    """The masculine French colour of an asteroid (the rulebook's words, see GLOSSARY.md)."""
    words = {"red": "rouge", "white": "blanc", "blue": "bleu"}
    return "/".join(words[part] for part in colour.split("/"))


def test_the_board_caption_names_the_mode_and_the_players_in_french():
    from asteroyds.ui.board.view import BoardView

    state = setups.racing(seed=1, players=["blue", "red"])
    with use_language("fr"):
        caption = BoardView(state)._default_caption()
    assert "Course" in caption and "<b>bleu</b>, <b>rouge</b>" in caption
    assert "Racing" not in caption and "blue" not in caption


# --- issue 26 item 6: what the editor, the coach and the pilots say on a French page --------------
#: English words that have no business in a French sentence (and are not French words themselves).
ENGLISH = ("the", "and", "with", "yet", "link", "share", "blue", "white", "red", "craft", "asteroid")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (tags and attributes left out), to show in a failure."""
    import re

    plain = re.sub(r"<[^>]*>", " ", text)
    return [w for w in re.findall(r"[A-Za-z]+", plain) if w.lower() in ENGLISH]


def test_the_editor_speaks_french_in_its_menus_links_and_messages():
    from asteroyds.ui.editor.view import ScenarioEditor

    with use_language("fr"):
        view = ScenarioEditor(page_url="http://x/voila/render/fr/teachers_tools.ipynb")
        files, palette = view._files, view._palette
        texts = [files.share.value, files.play.value, files.mode_tip.value, view._redo.description]
        texts += [label for label, _value in files.mode.options] + [
            label for label, _v in files.setup.options
        ]
        texts += [label for label, _value in palette.tools.options]
        texts += [label for label, _value in palette.colour.options]
        mode = view._controller.set_mode("targets").message
        placed = view._controller.add("asteroid", (6, 6), colour="white").message
        again = view._controller.add("asteroid", (6, 6), colour="white").message
    assert "Lien de partage" in files.share.value and "Cibles" in mode and "Mode : " in mode
    assert ("Astéroïde", "asteroid") in palette.tools.options and ("blanc", "white") in palette.colour.options
    assert "Pas encore jouable" in files.play.value or "Jouer ce plateau" in files.play.value
    for text in [*texts, mode, placed, again]:
        assert english_words(text) == [], text


def test_a_not_playable_board_says_why_in_french():
    from asteroyds.ui.editor.controller import EditorController
    from asteroyds.ui.editor.files_panel import play_html

    editor = EditorController()  # an empty racing board: no craft yet
    with use_language("fr"):
        text = play_html(editor, "http://x/")
    assert "Pas encore jouable" in text and english_words(text) == [], text


def test_the_coach_names_crafts_pieces_and_powers_in_french():
    from asteroyds.coach.plan import best_plan
    from asteroyds.pieces import Craft
    from asteroyds.ui.coach.danger import DangerOverlay

    state = setups.racing(seed=1, players=["blue"])
    craft = state.craft("blue")
    state = state.update_crafts({"blue": Craft("blue", craft.cell, craft.facing, pilot="Hector")})
    with use_language("fr"):
        overlay = DangerOverlay(state)
        overlay.switch(True)
        legend = overlay.legend()
        plan = best_plan(state, Dice(3, 5, 2), "blue")
        lines = list(plan.explanation)
    assert legend.startswith("Le vaisseau bleu ") and english_words(legend) == [], legend
    for line in lines:
        assert english_words(line) == [], line


def test_pilot_refusals_are_french():
    from asteroyds.errors import ProgramError
    from asteroyds.pilots import PILOT_TABLE

    with use_language("fr"):
        with pytest.raises(ProgramError) as hector:
            PILOT_TABLE["Hector"].steps("PL")
        with pytest.raises(ProgramError) as mhand:
            PILOT_TABLE["M'Hand"].steps("P")
        with pytest.raises(ProgramError) as lawrence:
            PILOT_TABLE["Lawrence"].steps("P")
    assert str(hector.value) == "Hector ne prend pas de direction : écrivez 'P', et non 'PL'"
    assert str(mhand.value).endswith(": écrivez l'un de 'PL', 'PR', et non 'P'")
    assert "ne peut donc pas être joué" in str(lawrence.value)
