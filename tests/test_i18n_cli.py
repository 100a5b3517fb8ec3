"""The command line in French: --lang before or after the command, LANG, bad languages (issue 15)."""

from __future__ import annotations

from asteroyds import i18n
from asteroyds.cli import WELCOME, language_of, main, welcome_page

ARGS = ["asteroids", "racing", "--seed", "1", "--dice", "3", "5", "2"]
FRENCH = "L'astéroïde blanc/rouge n° 4 avance de 2 cases vers le NO jusqu'en (5, 11)"


def test_lang_fr_after_the_command_prints_french_events(capsys):
    assert main([*ARGS, "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert FRENCH in out.splitlines()
    assert "Le dé rouge indique 3 : 10 éléments se déplacent par ordre de priorité" in out
    assert i18n.language() == "en"  # the run does not leave the process in French


def test_lang_before_the_command_and_lang_equals(capsys):
    assert main(["--lang", "fr", *ARGS]) == 0
    assert FRENCH in capsys.readouterr().out
    assert main([*ARGS, "--lang=fr"]) == 0
    assert FRENCH in capsys.readouterr().out


def test_english_stays_the_default(capsys, monkeypatch):
    for name in ("ASTEROYDS_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    assert main(ARGS) == 0
    assert "White/red asteroid #4 moves 2 spaces NW to (5, 11)" in capsys.readouterr().out


def test_lang_environment_is_honoured(capsys, monkeypatch):
    monkeypatch.delenv("ASTEROYDS_LANG", raising=False)
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert main(ARGS) == 0
    assert FRENCH in capsys.readouterr().out
    assert main([*ARGS, "--lang", "en"]) == 0  # the option wins over the environment
    assert "White/red asteroid #4" in capsys.readouterr().out


def test_errors_are_french_and_exit_2(capsys):
    assert main(["asteroids", "no-such-file", "--dice", "3", "5", "2", "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asteroyds : erreur : no-such-file : aucun fichier de scénario")


def test_unknown_language_is_a_usage_error(capsys):
    assert main([*ARGS, "--lang", "de"]) == 2
    assert "unknown language 'de' (choose one of en, fr)" in capsys.readouterr().err


def test_language_of_reads_the_option_or_the_environment(monkeypatch):
    monkeypatch.setenv("ASTEROYDS_LANG", "fr")
    assert language_of(["play"]) == "fr"
    assert language_of(["play", "--lang", "en"]) == "en"
    assert language_of(["--", "--lang", "en"]) == "fr"  # after "--" nothing is an option


def test_app_opens_the_french_welcome_page_when_it_exists(tmp_path):
    (tmp_path / WELCOME).write_text("{}")
    assert welcome_page(tmp_path, "fr") == WELCOME  # no French notebooks: the English page
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / WELCOME).write_text("{}")
    assert welcome_page(tmp_path, "fr") == f"fr/{WELCOME}"
    assert welcome_page(tmp_path, "en") == WELCOME
