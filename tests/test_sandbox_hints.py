"""A sandbox that trains (issue 35.5), without a browser: the numbers on the tiles, the coach's tools as
hints (counted, switchable off by a teacher, never on the clock), no hand-over screen for one human,
the end of a game in words, and a chapter's *Play this race* link."""

from __future__ import annotations

import doctest
import importlib

import pytest

from asteroyds import RuleError, ScenarioError
from asteroyds.i18n import use_language
from asteroyds.outcome import Finisher, Outcome
from asteroyds.ui.chart.stopwatch import StopwatchController
from asteroyds.ui.sandbox.hints import ENVIRONMENT, Hints, hints_allowed
from asteroyds.ui.sandbox.query import play_link, sandbox_query
from asteroyds.ui.sandbox.summary import outcome_words
from asteroyds.ui.sandbox.view import Sandbox, SandboxController, SandboxSetup, Seat

ONE_HUMAN = SandboxSetup(seats=(Seat("blue", "human"), Seat("red", "greedy")), seed=3)


@pytest.mark.parametrize(
    "name", ["asteroyds.ui.sandbox.hints", "asteroyds.ui.sandbox.summary", "asteroyds.ui.sandbox.query"]
)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0


def planning_view(**options) -> Sandbox:
    """A sandbox page whose one human (blue) plans round 1 against a bot."""
    view = Sandbox(ONE_HUMAN, start=True, **options)
    view.controller.roll()
    assert view.controller.stage == "planning"
    return view


# --- numbers on the tiles -----------------------------------------------------------------------------
def test_the_game_board_shows_the_numbers_on_the_tiles_by_default():
    view = planning_view()
    assert view.board._numbers_box.value is True and view.board._figure.numbers is True
    assert "blue is planning." in view._toolbar.status.value  # alone: no other chart to hide


# --- the stopwatch pauses while the coach computes ------------------------------------------------------
def test_the_stopwatch_pauses_while_the_coach_computes_and_resumes_after():
    c = SandboxController(ONE_HUMAN)
    c.new_game()
    c.roll()
    clock = c.clock = StopwatchController(50)
    clock.start()
    clock.tick(5)
    seen = []

    def compute():  # the coach's work: time passing meanwhile is not the planner's
        seen.append(clock.running)
        clock.tick(10)
        return "plan"

    assert c.ask_coach("best-plan", compute) == "plan"
    assert seen == [False] and clock.running and clock.remaining == 45
    assert (c.hints.used, c.hints.used_by("blue")) == (1, 1)


def test_a_paused_stopwatch_stays_paused_after_the_coach():
    hints, clock = Hints(), StopwatchController(50)
    assert hints.ask("danger-map", "blue", lambda: clock.running, clock) is False
    assert not clock.running and hints.used == 1


def test_the_coach_panel_pauses_the_page_stopwatch_and_counts_its_hints(monkeypatch):
    view = planning_view()
    c = view.controller
    clock = c.clock
    assert clock is not None and clock.running  # one human: the chart and its stopwatch at once
    coach = view.coach
    running_while_computing = []
    ask = type(coach.plan).ask_about

    def ask_about(plan, question):
        running_while_computing.append(clock.running)
        return ask(plan, question)

    monkeypatch.setattr(type(coach.plan), "ask_about", ask_about)
    coach._button.click()  # Show me the best plan
    assert running_while_computing == [False] and clock.running and view.error == ""
    coach._toggle.value = True  # the danger map: a second hint
    assert coach.danger.on and c.hints.used == 2
    coach._style.value = "bold"  # the same plan in another style: no new hint
    assert c.hints.used == 2 and running_while_computing == [False, False]
    assert 'data-hints="2"' in view._data.value


def test_the_danger_map_is_off_again_at_the_next_hand_over():
    view = Sandbox(SandboxSetup(seats=(Seat("blue"), Seat("red")), seed=3), start=True)
    c = view.controller
    c.roll()
    assert c.stage == "handover"
    c.show_chart()
    view.coach.set_danger(True)
    assert view.coach.danger.on and c.hints.used_by("blue") == 1
    c.submit()  # blue is done: the device goes to red, who asks for their own hints
    assert c.stage == "handover" and not view.coach.danger.on


def test_one_human_asks_for_the_danger_map_again_each_round():
    view = planning_view()
    c = view.controller
    view.coach.set_danger(True)
    assert view.coach.danger.on and c.hints.used == 1
    c.submit()
    c.play_round()
    c.roll()
    assert c.stage == "planning" and c.game.round == 2 and not view.coach.danger.on


# --- hints in the game's summary ------------------------------------------------------------------------
def play_out(c: SandboxController) -> None:
    while c.stage != "over" and c.game.round < 80:
        if c.stage == "planning":
            c.submit()
        else:
            c.play_round()


def test_the_game_summary_counts_the_hints_zero_too():
    c = SandboxController(ONE_HUMAN)
    c.new_game()
    c.roll()
    c.ask_coach("best-plan", lambda: None)
    c.ask_coach("danger-map", lambda: None)
    c.ask_coach(None, lambda: None)  # the same hint in another style
    play_out(c)
    assert c.summary().endswith(" 2 hints used.")
    c.new_game()
    play_out(c)
    assert c.summary().endswith(" 0 hints used.")


def test_two_humans_each_see_their_hints_in_the_summary():
    c = SandboxController(SandboxSetup(seats=(Seat("blue"), Seat("red")), seed=3))
    c.new_game()
    c.roll()
    c.show_chart()
    c.ask_coach("best-plan", lambda: None)
    assert c.hints.summary(c.humans) == "1 hint used (blue 1, red 0)"


# --- a teacher switches hints off -------------------------------------------------------------------------
def test_a_teacher_switches_hints_off_by_the_link_or_the_server(monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    assert hints_allowed() and hints_allowed("on") and not hints_allowed("off")
    assert not sandbox_query("hints=off").hints and sandbox_query("lang=fr").hints
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert not hints_allowed("on")  # a link cannot switch back on what the server switched off


def test_hints_off_hides_the_coach_tools_and_refuses_them(monkeypatch):
    monkeypatch.delenv(ENVIRONMENT, raising=False)
    view = Sandbox(ONE_HUMAN)
    view.open_query("players=blue,red&humans=blue&seed=3&hints=off")
    c = view.controller
    assert view.error == "" and c.stage == "roll" and not c.hints_allowed
    c.roll()
    coach = view.coach
    assert coach._button.layout.display == "none" and coach._toggle.layout.display == "none"
    with pytest.raises(RuleError, match="switched off"):
        c.ask_coach("best-plan", lambda: None)
    assert c.hints.used == 0 and 'data-hints-allowed="no"' in view._data.value
    c.new_game()  # a new game on the same page: still off
    assert not c.hints.allowed


def test_the_server_switch_reaches_a_new_page(monkeypatch):
    monkeypatch.setenv(ENVIRONMENT, "off")
    assert not Sandbox().controller.hints_allowed
    monkeypatch.setenv(ENVIRONMENT, "")
    assert Sandbox().controller.hints_allowed


# --- the hand-over screen only with two humans or more ----------------------------------------------------
def test_one_human_plans_with_no_hand_over_two_hand_over():
    alone = SandboxController(ONE_HUMAN)
    alone.new_game()
    alone.roll()
    assert (alone.stage, alone.current_player, alone.charts_shown) == ("planning", "blue", 1)
    assert not alone.hands_over
    two = SandboxController(SandboxSetup(seats=(Seat("blue"), Seat("red")), seed=3))
    two.new_game()
    two.roll()
    assert (two.stage, two.charts_shown) == ("handover", 0) and two.hands_over


def test_one_human_undo_takes_back_the_roll_not_a_hidden_chart():
    c = SandboxController(ONE_HUMAN)
    c.new_game()
    c.roll()
    assert c.undo() == "Undone: roll." or c.stage == "roll"
    assert c.stage == "roll"


# --- the end of a game in words ------------------------------------------------------------------------
def test_the_header_and_banner_say_the_round_the_game_was_won_in():
    view = Sandbox(SandboxSetup(seats=(Seat("blue", "greedy"),), seed=3), start=True)
    c = view.controller
    play_out(c)
    rolls = sum(1 for item in c.game.inputs if "roll" in item)
    assert c.stage == "over" and c.last_round == rolls == c.game.round - 1
    assert f"round <b>{rolls}</b>" in view._toolbar.status.value
    banner = view._banner.value
    assert f"in round {rolls}" in banner and "red column" not in banner and "0 hints used" in banner


@pytest.mark.parametrize(
    ("finishers", "winners", "words"),
    [
        ((Finisher("blue", 7, 0),), ("blue",), "Blue wins in round 5, finishing on the last of the"),
        ((Finisher("blue", 2, 0), Finisher("red", 4, 0)), ("blue",), "action 2 of the round’s 7, before red"),
        ((Finisher("blue", 3, 1), Finisher("red", 3, 2)), ("blue",), "like red, with less damage (1 against"),
        ((Finisher("blue", 3, 1), Finisher("red", 3, 1)), ("blue", "red"), "Blue and red share the victory"),
        ((Finisher("blue", 0, 0),), ("blue",), "while the asteroids moved"),
    ],
)  # fmt: skip
def test_outcome_words_name_no_column(finishers, winners, words):
    said = outcome_words(Outcome(winners, "engine's reason", finishers), 5)
    assert words in said and "column" not in said


def test_an_ending_with_no_finisher_keeps_the_engine_sentence_and_speaks_french():
    assert outcome_words(Outcome((), "Every craft is destroyed: nobody wins."), 3) == (
        "Every craft is destroyed: nobody wins"
    )
    with use_language("fr"):
        said = outcome_words(Outcome(("blue",), "", (Finisher("blue", 7, 0),)), 5)
    assert said.startswith("Bleu gagne au tour 5")


# --- a chapter's Play this race -------------------------------------------------------------------------
def test_play_this_race_opens_the_chapter_game_with_the_learner_against_bots():
    link = play_link(
        SandboxSetup(seats=(Seat("blue"), *(Seat(c, "greedy") for c in ("red", "green", "yellow"))), seed=7)
    )
    view = Sandbox()
    view.open_query(link.split("?", 1)[1])
    c = view.controller
    assert view.error == "" and c.stage == "roll" and c.game.seed == 7
    assert c.kinds == {"blue": "human", "red": "greedy", "green": "greedy", "yellow": "greedy"}
    assert view.read_setup().kinds == c.setup.kinds  # New game… plays it again


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=blue,pink", "pink"),
        ("players=blue&seed=x", "whole number"),
        ("players=blue,red&bots=ai", "unknown player kind"),
    ],
)
def test_a_bad_setup_link_is_refused(query, message):
    with pytest.raises(ScenarioError, match=message):
        sandbox_query(query)


def test_chapter_5_ends_with_play_this_race_in_both_languages():
    """The chapter's last cell links the sandbox to its own race (seed 7, its four crafts), blue human."""
    import json
    import re
    from pathlib import Path

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    for path in (notebooks / "05_racing_game.ipynb", notebooks / "fr" / "05_racing_game.ipynb"):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        code = "".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
        race = re.search(r"play_bot_game\((\[[^\]]*\]), seed=(\d+)\)", code)
        assert race is not None
        last = "".join(cells[-1]["source"])
        link = re.search(r"\]\((sandbox\.ipynb\?[^)]*)\)", last)
        assert link is not None, path
        asked = sandbox_query(link.group(1).split("?", 1)[1]).setup
        assert list(asked.players) == json.loads(race.group(1)) and asked.seed == int(race.group(2))
        assert [seat.kind for seat in asked.seats] == ["human", "greedy", "greedy", "greedy"]
