"""The sandbox's coach bot (issue 13): it plays the coach's plan and answers questions from it."""

from __future__ import annotations

from asteroyds.bot import coach_plan
from asteroyds.damage import DESTROY_ASTEROID, Decision
from asteroyds.ui.sandbox.controller import SandboxController
from asteroyds.ui.sandbox.setup import KINDS, SandboxSetup, Seat


def test_a_coach_seat_plays_the_coach_plan_and_its_answers():
    assert "coach" in KINDS
    sandbox = SandboxController(
        SandboxSetup(mode="racing", seats=(Seat("blue", "coach"), Seat("red", "greedy")), seed=3)
    )
    game = sandbox.new_game()
    state = game.state
    sandbox.roll((3, 5, 2))
    expected = coach_plan(state, "blue", (3, 5, 2), order=game.order)
    sandbox.play_round()
    rp = sandbox._rp()
    assert rp.coach_answers["blue"] == expected.decisions
    yes = Decision(DESTROY_ASTEROID, "blue", "r1:fly:blue:c9:s1:destroy", "?")
    rp.coach_answers["blue"] = (yes.key,)
    assert sandbox.bot_answer(yes) is True
    assert sandbox.bot_answer(Decision(DESTROY_ASTEROID, "blue", "r1:fly:blue:c8:s1:destroy", "?")) is False


def test_a_capture_team_of_coach_seats_plays_the_coach_team_plan():
    from asteroyds.coach.capture import plan_team

    sandbox = SandboxController(
        SandboxSetup(mode="capture", seats=(Seat("red", "human"), Seat("white", "coach")), seed=4)
    )
    game = sandbox.new_game()
    state = game.state
    sandbox.roll((3, 5, 2))
    sandbox.show_chart()
    sandbox.submit()  # the red humans keep their empty charts; the bots plan at once
    expected = plan_team(state, (3, 5, 2), "white", predict=True)
    assert set(expected) == {"white1", "white2"}
    assert {p: game.programs[p] for p in expected} == expected


def test_the_sandbox_panel_offers_the_coach_for_a_capture_craft():
    from asteroyds.ui.sandbox.view import Sandbox

    view = Sandbox()
    view._panel._mode.value = "capture"
    view._panel._ensure_section()
    view._panel._ensure_section()._capture_kinds["white1"].value = "coach"
    view.start_game()
    assert view.error == "" and view.controller.kinds["white1"] == "coach"
