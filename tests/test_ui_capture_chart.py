"""The capture chart: the controller's operations, refusals, the widget, and the Game.

The rules: docs/rules.md#11-capture-the-asteroyd.

The controller is plain Python; the widget is driven through its buttons'
real ``click()`` (what the browser's click message runs), and the programs
it makes are submitted to a capture :class:`~asteroyds.game.Game`.
"""

from __future__ import annotations

import doctest
import html

import pytest

import asteroyds.ui.chart.capture.view as capture_chart_module
from asteroyds.errors import ProgramError
from asteroyds.game import Game
from asteroyds.modes.capture.program import CaptureProgram, legal_column_tokens, validate_capture_program
from asteroyds.pieces import Craft
from asteroyds.ui.chart.capture import (
    LOCKED_MESSAGE,
    CaptureChart,
    CaptureChartController,
    CaptureResult,
    token_css_name,
)


def craft(pilot: str | None = None, power_used: bool = False, player: str = "red1") -> Craft:
    return Craft(player, (6, 1), 0, pilot=pilot, power_used=power_used, team=player.rstrip("0123456789"))


def program_text(chart: CaptureChart) -> str:
    """The notation the widget shows (the text of its ``asteroyds-program`` element)."""
    value = chart.parts["program"].value
    return html.unescape(value.split(">", 1)[1].rsplit("<", 1)[0])


def test_doctests():
    result = doctest.testmod(capture_chart_module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


# --- the controller -----------------------------------------------------------------------------


def test_set_column_and_anticipation_build_the_program():
    chart = CaptureChartController(craft())
    assert chart.program == CaptureProgram.empty()
    for column, token in enumerate(["F", "F", "X", "L"], 1):
        result = chart.set_column(column, token)
        assert isinstance(result, CaptureResult) and result.ok and result.accepted and result
        assert result.program == chart.program
    result = chart.set_anticipation("S", 3)
    assert result.ok and result.message == "Anticipation: Shield in round 3."
    assert str(chart.program) == "F F X L . . S3"
    assert chart.set_column(2, "r").ok and chart.program.token(2) == "R"  # case-insensitive
    assert chart.set_anticipation("shoot", 5).ok and chart.program.anticipation == "X5"
    assert chart.set_anticipation(None).ok and chart.program.anticipation == "-"
    assert chart.message.startswith("No anticipation")


def test_clear_clear_all_and_load():
    chart = CaptureChartController(craft(), "F F X L . . S3")
    assert chart.clear(1).ok and str(chart.program) == ". F X L . . S3"
    assert chart.set_column(2, "none").ok and chart.set_column(3, None).ok
    assert str(chart.program) == ". . . L . . S3"
    assert chart.clear_all().ok and chart.program == CaptureProgram.empty()
    loaded = chart.load("u x . . f r x2")
    assert loaded.ok and str(chart.program) == "U X . . F R X2" == str(loaded.program)
    assert chart.load(CaptureProgram.parse("F . . . . . -")).ok and str(chart.program) == "F . . . . . -"


@pytest.mark.parametrize(
    ("act", "words"),
    [
        (lambda c: c.set_column(0, "F"), ["column 0", "1-6"]),
        (lambda c: c.set_column(7, "F"), ["column 7", "1-6"]),
        (lambda c: c.set_column(True, "F"), ["column True"]),
        (lambda c: c.set_column(2, "Q"), ["column 2", "'Q'"]),
        (lambda c: c.set_column(2, 5), ["column 2", "5"]),
        (lambda c: c.set_column(3, "P"), ["column 3", "'P'", "no pilot"]),
        (lambda c: c.set_anticipation("S", 9), ["anticipation", "round 9", "1-6"]),
        (lambda c: c.set_anticipation("S", 0), ["anticipation", "round 0"]),
        (lambda c: c.set_anticipation("S", 2.5), ["anticipation", "2.5"]),
        (lambda c: c.set_anticipation("Q", 2), ["anticipation", "'Q'", "Shield", "Shoot"]),
        (lambda c: c.set_anticipation("S"), ["anticipation", "round"]),
        (lambda c: c.set_anticipation("S", (2, 5)), ["anticipation", "only Lawrence", "two rounds"]),
        (lambda c: c.load("F F F"), ["7 tokens", "'F F F'"]),
        (lambda c: c.load("hello world"), ["hello world"]),
        (lambda c: c.load("F F F F F F Q9"), ["anticipation", "'Q9'"]),
        (lambda c: c.load("P . . . . . -"), ["column 1", "no pilot"]),
        (lambda c: c.load(42), ["42"]),
    ],
)
def test_refusals_name_the_problem_and_leave_the_program_unchanged(act, words):
    chart = CaptureChartController(craft(), "F F X L . . S3")
    seen = []
    chart.on_change(seen.append)
    before = chart.program
    result = act(chart)
    assert not result and not result.ok and chart.refused
    assert result.program == before == chart.program and not seen
    assert result.message == chart.message and result.message.startswith("red1")
    for word in words:
        assert word in result.message, (word, result.message)


def test_lock_blocks_changes_until_unlock_or_reset():
    chart = CaptureChartController(craft(), "F . . . . . S1")
    chart.lock()
    assert chart.locked and chart.message == LOCKED_MESSAGE
    for result in (
        chart.set_column(2, "F"),
        chart.set_anticipation("X", 2),
        chart.set_anticipation(None),
        chart.mark_anticipation("S", 4),
        chart.clear(1),
        chart.clear_all(),
    ):
        assert not result.ok and result.message == LOCKED_MESSAGE
        assert str(chart.program) == "F . . . . . S1"
    assert chart.load("R . . . . . -").ok  # how a game shows the program it received
    chart.unlock()
    assert not chart.locked and chart.set_column(2, "F").ok
    chart.lock()
    assert chart.reset() == CaptureProgram.empty() and not chart.locked and chart.message == ""


def test_on_change_reports_each_change_once_and_can_be_removed():
    chart = CaptureChartController(craft())
    seen: list[str] = []

    def callback(program: CaptureProgram) -> None:
        seen.append(str(program))

    chart.on_change(callback)
    chart.set_column(1, "F")
    chart.set_column(1, "F")  # no change: no call
    chart.set_anticipation("S", 2)
    chart.set_column(9, "F")  # refused: no call
    chart.reset()
    assert seen == ["F . . . . . -", "F . . . . . S2", ". . . . . . -"]
    chart.on_change(callback, remove=True)
    chart.set_column(1, "U")
    assert len(seen) == 3


def test_legal_comes_from_the_engine_and_the_pilot_token_goes_in_one_column():
    hector = craft("Hector")
    chart = CaptureChartController(hector)
    assert chart.legal(2) == legal_column_tokens(hector, 2) == (".", "F", "R", "L", "U", "X", "P")
    assert chart.tokens() == ("F", "R", "L", "U", "X", "P", ".")
    assert chart.set_column(2, "P").ok
    assert "P" not in chart.legal(4) and "P" in chart.legal(2)
    refused = chart.set_column(4, "P")
    assert not refused.ok and "one pilot token" in refused.message and "column 2" in refused.message
    assert chart.why_not(4, "P") == refused.message and chart.why_not(4, "F") is None
    assert CaptureChartController(craft()).tokens() == ("F", "R", "L", "U", "X", ".")
    assert CaptureChartController(craft("Hector", power_used=True)).tokens()[-2:] == ("X", ".")


def test_lawrence_marks_one_or_two_shield_rounds_and_never_shoot():
    chart = CaptureChartController(craft("Lawrence"))
    assert chart.stances() == ("S",) and chart.max_rounds == 2
    assert chart.mark_anticipation("S", 2).ok and chart.mark_anticipation("S", 5).ok
    assert chart.program.anticipation == "S2,5"
    third = chart.mark_anticipation("S", 3)
    assert not third.ok and "at most two rounds" in third.message and chart.program.anticipation == "S2,5"
    assert chart.mark_anticipation("S", 2).ok and chart.program.anticipation == "S5"  # lifts round 2
    assert chart.mark_anticipation("S", 5).ok and chart.program.anticipation == "S5"  # the last one stays
    shoot = chart.set_anticipation("X", 3)
    assert not shoot.ok and "always in Shield" in shoot.message
    assert chart.set_anticipation("S", (1, 6)).ok and chart.program.anticipation == "S1,6"


def test_other_crafts_replace_their_single_anticipation():
    chart = CaptureChartController(craft())
    assert chart.stances() == ("S", "X") and chart.max_rounds == 1
    chart.mark_anticipation("S", 2)
    chart.mark_anticipation("S", 4)
    assert chart.program.anticipation == "S4"
    chart.mark_anticipation("X", 4)
    assert chart.program.anticipation == "X4"
    chart.mark_anticipation(None)
    assert chart.program.anticipation == "-"


def test_reset_with_the_craft_after_the_turn_updates_the_pilot_token():
    chart = CaptureChartController(craft())
    assert "P" not in chart.legal(1)
    assert chart.reset(craft("Hector")) == CaptureProgram.empty()
    assert "P" in chart.legal(1) and chart.set_column(1, "P").ok
    chart.reset(craft("Hector", power_used=True))
    assert "P" not in chart.legal(1) and not chart.set_column(1, "P").ok
    with pytest.raises(TypeError):
        chart.reset("red1")  # type: ignore[arg-type]


def test_constructor_checks_its_inputs():
    with pytest.raises(TypeError):
        CaptureChartController("red1")  # type: ignore[arg-type]
    with pytest.raises(ProgramError, match="red1"):
        CaptureChartController(craft(), "P . . . . . -")
    with pytest.raises(TypeError):
        CaptureChart()


# --- the widget -----------------------------------------------------------------------------------


def test_the_widget_has_a_button_per_legal_token_and_column_with_stable_classes():
    chart = CaptureChart(craft("M'Hand"))
    assert "asteroyds-capture-chart" in chart._dom_classes
    for column in range(1, 7):
        for token in chart.controller.legal(column):
            button = chart.cell_button(column, token)
            assert f"asteroyds-capture-cell-{column}-{token_css_name(token)}" in button._dom_classes
            assert button.layout.width == "auto" and button.tooltip
    assert (
        chart.cell_button(3, "PL").tooltip == "Round 3: M'Hand's power (PL): pivot left twice, then forward"
    )
    assert chart.cell_button(1, "F").tooltip.startswith("Round 1: Forward (F)")
    assert "asteroyds-capture-cell-4-none" in chart.cell_button(4, "none")._dom_classes
    for stance in "SX":
        for round_number in range(1, 7):
            button = chart.anticipation_button(stance, round_number)
            assert f"asteroyds-capture-anticipation-{stance}{round_number}" in button._dom_classes
    assert "asteroyds-capture-anticipation-none" in chart.anticipation_button(None)._dom_classes
    assert "red1" in chart.parts["title"].value and "red team" in chart.parts["title"].value
    with pytest.raises(KeyError):
        chart.cell_button(1, "P")  # M'Hand writes PL / PR


def test_buttons_change_the_program_its_text_and_the_highlight():
    chart = CaptureChart(craft())
    seen: list[CaptureProgram] = []
    chart.on_change(seen.append)
    assert program_text(chart) == ". . . . . . -"
    chart.cell_button(1, "F").click()
    chart.cell_button(3, "X").click()
    chart.anticipation_button("S", 3).click()
    assert str(chart.program) == "F . X . . . S3" == program_text(chart) and len(seen) == 3
    assert "asteroyds-selected" in chart.cell_button(1, "F")._dom_classes
    assert "asteroyds-selected" not in chart.cell_button(1, ".")._dom_classes
    assert "asteroyds-selected" in chart.anticipation_button("S", 3)._dom_classes
    assert chart.click(1, "L").ok and chart.anticipate("X", 6).ok
    assert program_text(chart) == "L . X . . . X6"
    assert "asteroyds-selected" not in chart.cell_button(1, "F")._dom_classes
    chart.anticipation_button(None).click()
    chart.parts["clear"].click()
    assert program_text(chart) == ". . . . . . -" and chart.program == CaptureProgram.empty()


def test_a_refusal_shows_in_the_message_line_and_changes_nothing():
    chart = CaptureChart(craft("Lawrence"), "F . . . . . S2")
    result = chart.anticipate("X", 2)
    assert not result.ok and "always in Shield" in chart.message
    assert (
        "asteroyds-refused" in chart.parts["message"].value
        and "always in Shield" in chart.parts["message"].value
    )
    assert program_text(chart) == "F . . . . . S2"
    with pytest.raises(KeyError):
        chart.anticipation_button("X", 2)  # Lawrence's line has no Shoot buttons
    assert not chart.click(7, "F").ok and "column 7" in chart.message
    assert not chart.load("garbage").ok and program_text(chart) == "F . . . . . S2"
    assert chart.click(2, "U").ok and "asteroyds-accepted" in chart.parts["message"].value


def test_lock_greys_out_the_widget_and_blocks_the_buttons():
    chart = CaptureChart(craft(), "F . . . . . -")
    chart.lock()
    assert chart.locked and "asteroyds-locked" in chart._dom_classes
    assert chart.cell_button(2, "F").disabled and chart.anticipation_button("S", 1).disabled
    assert not chart.click(2, "F").ok and chart.message == LOCKED_MESSAGE
    assert program_text(chart) == "F . . . . . -"
    chart.unlock()
    assert "asteroyds-locked" not in chart._dom_classes and not chart.cell_button(2, "F").disabled
    chart.lock()
    chart.controller.unlock()  # a shared controller: the view follows
    assert "asteroyds-locked" not in chart._dom_classes


def test_widget_reset_offers_the_pilot_token_per_the_engine():
    chart = CaptureChart(craft())
    with pytest.raises(KeyError):
        chart.cell_button(1, "P")
    chart.click(1, "F")
    chart.lock()
    assert chart.reset(craft("Dolorosa")) == CaptureProgram.empty() and not chart.locked
    assert program_text(chart) == ". . . . . . -"
    assert "Dolorosa" in chart.cell_button(2, "P").tooltip
    chart.cell_button(2, "P").click()
    assert str(chart.program) == ". P . . . . -"
    assert "asteroyds-illegal" in chart.cell_button(5, "P")._dom_classes  # one pilot token per program
    chart.cell_button(5, "P").click()
    assert str(chart.program) == ". P . . . . -" and "only one pilot token" in chart.message
    chart.reset(craft("Dolorosa", power_used=True))
    with pytest.raises(KeyError):
        chart.cell_button(2, "P")


def test_a_shared_controller_and_a_title():
    controller = CaptureChartController(craft(player="white2"))
    chart = CaptureChart(controller=controller, program="F . . . . . X1", title="Plan white2")
    assert chart.controller is controller and str(controller.program) == "F . . . . . X1"
    assert "Plan white2" in chart.parts["title"].value
    controller.set_column(2, "R")
    assert program_text(chart) == "F R . . . . X1"


# --- the Game accepts what the chart makes ------------------------------------------------------


def test_the_programs_the_charts_make_are_played_by_a_capture_game():
    game = Game.new("capture", seed=3, pilots={"red1": "Hector"})
    game.roll((2, 5, 4))
    charts = {player: CaptureChart(game.state.craft(player)) for player in game.players}
    red1 = charts["red1"]
    assert "P" in red1.controller.legal(1)
    for token, column in (("P", 1), ("F", 2), ("X", 3)):
        red1.cell_button(column, token).click()
    red1.anticipation_button("S", 2).click()
    charts["white1"].click(1, "F")
    charts["white1"].anticipate("X", 1)
    for player, chart in charts.items():
        chart.lock()
        validate_capture_program(chart.program, game.state.craft(player))
        game.submit(player, chart.program)
    assert str(game.programs["red1"]) == "P F X . . . S2"
    game.play_phases()
    assert game.round == 2
    after = game.state.craft("red1")
    if game.phase != "over":
        game.roll((1, 1, 1))
    red1.reset(after)
    assert after.power_used == ("P" not in red1.controller.legal(1))


def test_the_chart_registry_finds_a_mode_s_chart_by_its_program_type():
    """Issue 21: a seat's chart is its mode's (:mod:`asteroyds.ui.chart`), never asked by name."""
    import asteroyds.ui.chart as charts
    import asteroyds.ui.chart.capture.table as table_module
    from asteroyds.modes.capture import setup
    from asteroyds.setups import racing
    from asteroyds.ui.chart import chart_kind, new_chart

    for module in (charts, table_module):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0 and result.attempted > 0, module.__name__
    capture = setup(teams=2)
    assert isinstance(new_chart(capture, "red1"), CaptureChartController)
    assert chart_kind(capture).inspector_of() is not None and chart_kind(racing()).inspector_of() is None
    assert type(new_chart(racing(players=["blue"]), "blue")).__name__ == "StatusChartController"
