"""The status chart widget: drops, clicks and the program the engine receives.

The rules: docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots.

Drags are simulated the way the browser sends them: bqplot's front end first
syncs the dropped point into ``x``/``y``, then sends the custom message
``{"event": "drag_end", "point": {"x": .., "y": ..}, "index": i}``, which the
Scatter dispatches to the chart's ``on_drag_end`` handler. Tests go through
that real wiring (``Scatter._handle_custom_msgs``), not through the controller.
"""

from __future__ import annotations

import doctest
import importlib

import numpy as np
import pytest

import asteroyds.ui.chart.status.view as status_chart_module
from asteroyds.errors import ProgramError
from asteroyds.flight import fly
from asteroyds.pieces import Craft
from asteroyds.program import Program, parse_program, validate_program
from asteroyds.rules import RuleSettings
from asteroyds.setups import racing
from asteroyds.ui.chart.status.view import (
    LOCKED_MESSAGE,
    PILOT_BOX,
    StatusChart,
    StatusChartController,
    cell_centre,
    locate,
    tray_slot,
)

SHIELD, PILOT = 6, 7  # token indices: 0-5 transparent, 6 the red column's token, 7 the pilot token


def craft(pilot: str | None = None, power_used: bool = False, damage: int = 0) -> Craft:
    return Craft("blue", (6, 7), 3, pilot=pilot, damage=damage, power_used=power_used)


def make(mode: str = "racing", **kw: object) -> StatusChart:
    return StatusChart(craft(**kw), mode)  # type: ignore[arg-type]


def drag(chart: StatusChart, index: int, x: float, y: float) -> None:
    """What the browser does on drag end: sync the dropped point, then send the drag_end message."""
    mark = chart.marks["tokens"]
    xs, ys = np.array(mark.x, dtype=float), np.array(mark.y, dtype=float)
    xs[index], ys[index] = x, y
    with mark.hold_sync():
        mark.x, mark.y = xs, ys
    content = {"event": "drag_end", "point": {"x": x, "y": y}, "index": index}
    mark._handle_custom_msgs(mark, content, None)


def drag_to(chart: StatusChart, index: int, column: int, action: str, jitter: float = 0.0) -> None:
    x, y = cell_centre(column, action)
    drag(chart, index, x + jitter, y - jitter)


def drawn(chart: StatusChart, index: int) -> tuple[float, float]:
    """Where the Scatter draws token ``index`` (the snapped position written back by the view)."""
    mark = chart.marks["tokens"]
    return (float(mark.x[index]), float(mark.y[index]))


def program_text(chart: StatusChart) -> str:
    value = chart.parts["program"].value
    return value.removeprefix("<code>").removesuffix("</code>")


# --- placing, moving, snapping --------------------------------------------------------------


def test_a_new_chart_is_empty_with_the_shield_on():
    chart = make()
    assert str(chart.program) == ". . . . . . S"
    assert chart.shield_on
    assert chart.controller.kinds == ("action",) * 6 + ("shield",)
    assert [drawn(chart, i) for i in range(6)] == [tray_slot(i) for i in range(6)]
    assert drawn(chart, SHIELD) == cell_centre(7, "S")
    assert "Shield ON" in chart.parts["shield"].value


def test_drag_snaps_a_tray_token_to_the_nearest_cell():
    chart = make()
    drag_to(chart, 0, 1, "F", jitter=0.3)  # dropped off-centre
    assert drawn(chart, 0) == cell_centre(1, "F")
    assert str(chart.program) == "F . . . . . S"
    assert chart.message == "Column 1: Forward."


def test_drag_moves_a_placed_token_to_another_cell():
    chart = make()
    drag_to(chart, 0, 1, "F")
    drag_to(chart, 0, 3, "L", jitter=-0.2)
    assert drawn(chart, 0) == cell_centre(3, "L")
    assert str(chart.program) == ". . L . . . S"


def test_dropping_on_an_occupied_column_sends_the_old_token_back_to_the_tray():
    chart = make()
    drag_to(chart, 0, 2, "F")
    result = chart.drop(1, *cell_centre(2, "R"))
    assert result.accepted and result.returned == (0,)
    assert drawn(chart, 0) == tray_slot(0) and drawn(chart, 1) == cell_centre(2, "R")
    assert str(chart.program) == ". R . . . . S"
    assert "transparent token 1 went back" in chart.message


def test_drop_outside_the_chart_goes_back_to_the_tray_with_a_message():
    chart = make()
    drag(chart, 2, -1.5, 5.9)  # above the row names
    assert drawn(chart, 2) == tray_slot(2)
    assert "outside the chart" in chart.message and "went back to the tray" in chart.message
    assert str(chart.program) == ". . . . . . S"
    assert "asteroyds-refused" in chart.parts["message"].value


def test_a_placed_token_dropped_outside_goes_back_to_its_cell():
    chart = make()
    drag_to(chart, 0, 4, "R")
    drag(chart, 0, 8.1, 5.0)  # right of the red column
    assert drawn(chart, 0) == cell_centre(4, "R")
    assert str(chart.program) == ". . . R . . S"
    assert "went back to column 4, Right" in chart.message


def test_dropping_a_placed_token_on_the_tray_clears_its_column():
    chart = make()
    drag_to(chart, 3, 5, "U")
    drag(chart, 3, 2.0, -1.3)
    assert drawn(chart, 3) == tray_slot(3)
    assert str(chart.program) == ". . . . . . S"
    assert chart.message == "Column 5 cleared: transparent token 4 is back in the tray."


def test_locate_maps_chart_points_to_cells_tray_and_pilot_box():
    assert locate(1.2, 4.1) == ("cell", (1, "F"))
    assert locate(7.2, 1.2) == ("cell", (7, "S"))
    assert locate(6.8, 3.0) == ("cell", (7, "R"))  # the gap belongs to the nearest column
    assert locate(3.0, -1.5) == ("tray", None)
    assert locate(*PILOT_BOX) == ("pilot", None)
    assert locate(3.0, -0.2)[0] == "outside"  # the damage row is not for tokens
    assert locate(float("nan"), 1.0)[0] == "outside"


# --- the shield token (the red column) ----------------------------------------------------


def test_shield_token_dragged_to_forward_turns_the_shield_off_and_gives_a_7th_action():
    chart = make()
    assert "Shield ON" in chart.parts["shield"].value
    drag_to(chart, SHIELD, 7, "F")
    assert drawn(chart, SHIELD) == cell_centre(7, "F")
    assert not chart.shield_on
    assert str(chart.program) == ". . . . . . F"
    assert "7th action" in chart.message and "shield is off" in chart.message
    badge = chart.parts["shield"]
    assert "Shield OFF" in badge.value and 'data-shield="off"' in badge.value
    assert "asteroyds-shield-off" in badge._dom_classes and "asteroyds-shield-on" not in badge._dom_classes
    drag_to(chart, SHIELD, 7, "S")
    assert chart.shield_on and "asteroyds-shield-on" in badge._dom_classes


def test_shield_token_dropped_on_the_tray_goes_back_on_shield():
    chart = make()
    drag_to(chart, SHIELD, 7, "L")
    drag(chart, SHIELD, 4.0, -1.4)
    assert chart.shield_on and drawn(chart, SHIELD) == cell_centre(7, "S")


def test_shield_token_stays_in_the_red_column():
    chart = make()
    drag_to(chart, SHIELD, 2, "F")
    assert chart.shield_on and drawn(chart, SHIELD) == cell_centre(7, "S")
    assert "stays in the red column" in chart.message


def test_transparent_tokens_stay_out_of_the_red_column():
    chart = make()
    drag_to(chart, 0, 7, "F")
    assert drawn(chart, 0) == tray_slot(0)
    assert "transparent tokens go in the blue columns" in chart.message


def test_turn_back_is_refused_in_the_red_column():
    chart = make()
    result = chart.place(SHIELD, 7, "U")
    assert not result.accepted
    assert "Turn back" in result.message and "red column" in result.message
    assert chart.shield_on


# --- Shoot and the mode ------------------------------------------------------------------


def test_shoot_is_refused_in_racing():
    chart = make("racing")
    drag_to(chart, 0, 3, "X")
    assert drawn(chart, 0) == tray_slot(0)
    assert chart.message == "blue, column 3: Shoot is not allowed in racing mode"
    drag_to(chart, SHIELD, 7, "X")
    assert chart.shield_on and "not allowed in racing mode" in chart.message


def test_one_shot_per_turn_refuses_a_second_shoot_while_placing():
    chart = StatusChart(craft(), "shooting", rules=RuleSettings(one_shot_per_turn=True))
    drag_to(chart, 0, 3, "X")
    assert str(chart.program) == ". . X . . . S"
    drag_to(chart, 1, 5, "X")
    assert drawn(chart, 1) == tray_slot(1)
    assert "only one shot per turn" in chart.message
    assert "X" not in chart.controller.legal(5) and "X" in chart.controller.legal(3)
    drag_to(chart, SHIELD, 7, "X")
    assert chart.shield_on and str(chart.program) == ". . X . . . S"
    chart.load("X . X . . . S")
    assert "only one shot per turn" in chart.message
    assert str(chart.program) == ". . X . . . S"
    with pytest.raises(ProgramError, match="only one shot per turn"):
        chart.controller.load("X . X . . . S")


def test_without_the_variant_two_shots_are_fine():
    chart = make("shooting")
    drag_to(chart, 0, 3, "X")
    drag_to(chart, 1, 5, "X")
    assert str(chart.program) == ". . X . X . S"
    assert "X" in chart.controller.legal(5)


def test_shoot_is_allowed_in_shooting_mode():
    chart = make("shooting")
    drag_to(chart, 0, 3, "X")
    drag_to(chart, SHIELD, 7, "X")
    assert str(chart.program) == ". . X . . . X"
    assert drawn(chart, 0) == cell_centre(3, "X")


# --- the pilot token -----------------------------------------------------------------------


def test_pilot_token_goes_in_a_blue_column():
    chart = make(pilot="Hector")
    assert chart.controller.pilot_index == PILOT
    assert drawn(chart, PILOT) == PILOT_BOX
    assert list(chart.marks["tokens"].names) == [""] * 7 + ["P"]
    drag_to(chart, PILOT, 2, "L")
    assert str(chart.program) == ". P . . . . S"
    assert drawn(chart, PILOT) == cell_centre(2, "L")
    assert "Hector's power (forward twice)" in chart.message


def test_pilot_token_is_refused_in_the_red_column():
    chart = make(pilot="Hector")
    result = chart.place(PILOT, 7, "F")
    assert not result.accepted
    assert "goes in a blue column" in result.message
    assert drawn(chart, PILOT) == PILOT_BOX


def test_there_is_only_one_pilot_token():
    chart = make(pilot="Hector")
    drag_to(chart, PILOT, 2, "F")
    drag_to(chart, PILOT, 5, "F")  # the same token moves: never two P
    assert str(chart.program) == ". . . . P . S"
    chart.click(3, "F", pilot=True)
    assert str(chart.program) == ". . P . . . S"


def test_pilot_token_replaces_a_transparent_token_and_back():
    chart = make(pilot="Dolorosa")
    drag_to(chart, 0, 4, "F")
    drag_to(chart, PILOT, 4, "R")
    assert str(chart.program) == ". . . P . . S" and drawn(chart, 0) == tray_slot(0)
    drag_to(chart, 0, 4, "F")
    assert str(chart.program) == ". . . F . . S" and drawn(chart, PILOT) == PILOT_BOX
    drag(chart, PILOT, *PILOT_BOX)
    assert drawn(chart, PILOT) == PILOT_BOX


def test_pilot_token_absent_when_the_power_was_used():
    chart = make(pilot="Hector", power_used=True)
    assert chart.controller.pilot_index is None
    assert len(chart.marks["tokens"].x) == 7
    result = chart.click(2, "F", pilot=True)
    assert not result.accepted and "already used" in result.message
    assert chart.marks["pilot_label"].text[0] == "Hector (used)"


def test_lawrence_has_no_pilot_token():
    chart = make(pilot="Lawrence")
    assert chart.controller.pilot_index is None
    assert "no column power" in chart.controller.click(1, "F", pilot=True).message


def test_transparent_token_refused_in_the_pilot_box():
    chart = make(pilot="Hector")
    drag(chart, 0, *PILOT_BOX)
    assert drawn(chart, 0) == tray_slot(0)
    assert "pilot box holds only the pilot token" in chart.message


def test_mhand_direction_is_chosen_in_the_dropdown():
    chart = make(pilot="M'Hand")
    dropdown = chart.parts["pilot_direction"]
    assert [v for _, v in dropdown.options] == ["PL", "PR"] and dropdown.value == "PL"
    assert dropdown.layout.display != "none" and not dropdown.disabled
    drag_to(chart, PILOT, 1, "F")
    assert str(chart.program) == "PL . . . . . S"
    dropdown.value = "PR"
    assert str(chart.program) == "PR . . . . . S"
    assert list(chart.marks["tokens"].names)[PILOT] == "PR"
    assert chart.message == "Pilot power: PR, pivot right twice, then forward."


def test_1634_offers_four_directions():
    controller = StatusChartController(craft(pilot="1634"), "racing")
    assert [t for t, _ in controller.pilot_directions] == ["PL", "PR", "PLL", "PRR"]
    controller.pilot_direction = "PRR"
    controller.place(PILOT, 6, "U")
    assert str(controller.program) == ". . . . . PRR S"
    with pytest.raises(ValueError, match="1634 has no pilot token 'P'"):
        controller.pilot_direction = "P"


# --- locking, reset, observers --------------------------------------------------------------


def test_lock_refuses_every_move():
    chart = make(pilot="Hector")
    drag_to(chart, 0, 1, "F")
    chart.lock()
    assert chart.locked and "asteroyds-locked" in chart._dom_classes
    assert chart.marks["tokens"].enable_move is False
    assert all(chart.cell_button(k).disabled for k in ("1F", "3X", "7S"))
    drag_to(chart, 1, 2, "F")
    assert drawn(chart, 1) == tray_slot(1)
    assert chart.message.startswith("Time is up")
    for result in (
        chart.controller.place(2, 3, "F"),
        chart.controller.click(3, "F"),
        chart.controller.clear(1),
        chart.controller.drop(SHIELD, *cell_centre(7, "F")),
    ):
        assert not result.accepted and result.message == LOCKED_MESSAGE
    assert str(chart.program) == "F . . . . . S"
    chart.unlock()
    assert chart.marks["tokens"].enable_move is True and "asteroyds-locked" not in chart._dom_classes


def test_reset_puts_every_token_back_and_unlocks():
    chart = make(pilot="Hector")
    drag_to(chart, 0, 1, "F")
    drag_to(chart, PILOT, 2, "F")
    drag_to(chart, SHIELD, 7, "R")
    chart.lock()
    assert str(chart.reset()) == ". . . . . . S"
    assert not chart.locked and chart.shield_on
    assert [drawn(chart, i) for i in range(6)] == [tray_slot(i) for i in range(6)]
    assert drawn(chart, SHIELD) == cell_centre(7, "S") and drawn(chart, PILOT) == PILOT_BOX
    # After a round in which Hector used the power, the pilot token is gone.
    chart.reset(craft(pilot="Hector", power_used=True, damage=2))
    assert chart.controller.pilot_index is None and len(chart.marks["tokens"].x) == 7
    assert chart.parts["picker"].layout.display == "none"
    assert chart.marks["damage_boxes"].fill_colors[2] != chart.marks["damage_boxes"].fill_colors[3]


def test_on_change_gets_each_new_program_and_not_refusals():
    chart = make()
    seen: list[str] = []
    chart.on_change(lambda program: seen.append(str(program)))
    drag_to(chart, 0, 1, "F")
    drag_to(chart, 1, 2, "X")  # refused in racing
    drag_to(chart, SHIELD, 7, "L")
    drag(chart, 0, -1.0, 6.0)  # outside: refused
    chart.clear(1)
    assert seen == ["F . . . . . S", "F . . . . . L", ". . . . . . L"]


def test_an_error_in_an_observer_is_shown_in_the_widget():
    chart = make()

    def broken(_program: Program) -> None:
        raise RuntimeError("board not ready")

    chart.on_change(broken)
    drag_to(chart, 0, 1, "F")
    assert "board not ready" in chart.parts["message"].value
    assert drawn(chart, 0) == cell_centre(1, "F")  # the token still snapped


def test_a_malformed_drag_message_changes_nothing():
    chart = make()
    mark = chart.marks["tokens"]
    mark._handle_custom_msgs(mark, {"event": "drag_end", "point": None, "index": 0}, None)
    assert str(chart.program) == ". . . . . . S" and drawn(chart, 0) == tray_slot(0)


# --- what the engine receives ----------------------------------------------------------------


def test_the_program_is_what_the_engine_receives():
    chart = make(pilot="Hector")
    for index, (column, action) in enumerate([(1, "F"), (2, "R"), (3, "L"), (4, "U"), (6, "F")]):
        drag_to(chart, index, column, action, jitter=0.2)
    drag_to(chart, PILOT, 5, "X")
    drag_to(chart, SHIELD, 7, "L")
    program = chart.program
    assert str(program) == "F R L U P F L"
    assert program_text(chart) == "F R L U P F L"
    assert parse_program(str(program)) == program
    assert validate_program(str(program), chart.controller.craft, "racing") == program
    state = racing(seed=1, players=["blue"], pilots=["Hector"])
    after, events = fly(state, {"blue": chart.program})
    assert events[0].program == "F R L U P F L"


def test_program_html_and_shield_badge_change_after_a_drop():
    chart = make()
    before_program, before_badge = chart.parts["program"].value, chart.parts["shield"].value
    drag_to(chart, 0, 1, "F")
    assert chart.parts["program"].value != before_program
    assert program_text(chart).startswith("F")
    drag_to(chart, SHIELD, 7, "F")
    assert chart.parts["shield"].value != before_badge
    assert "Shield OFF" in chart.parts["shield"].value
    data = chart.parts["data"].value
    assert 'data-program="F . . . . . F"' in data and 'data-shield="off"' in data
    assert "0:action:1.000,4.000" in data


# --- the click-to-place grid ------------------------------------------------------------------


def test_click_grid_places_moves_and_clears():
    chart = make(pilot="Hector")
    assert chart.cell_button("1F").description == "1F"
    assert chart.cell_button("7S").tooltip == "Column 7 (red): Shield (S)"
    chart.cell_button("1F").click()
    assert str(chart.program) == "F . . . . . S" and drawn(chart, 0) == cell_centre(1, "F")
    chart.cell_button("1R").click()  # the same token moves within its column
    assert str(chart.program) == "R . . . . . S" and drawn(chart, 1) == tray_slot(1)
    chart.cell_button("2L").click()
    assert str(chart.program) == "R L . . . . S"
    chart.cell_button("1R").click()  # clicking the token's own cell clears the column
    assert str(chart.program) == ". L . . . . S"
    chart.cell_button("7F").click()
    assert str(chart.program) == ". L . . . . F" and not chart.shield_on
    chart.parts["picker"].value = "pilot"
    chart.cell_button("3U").click()
    assert str(chart.program) == ". L P . . . F"
    chart.parts["picker"].value = "action"
    chart.cell_button("4X").click()
    assert "not allowed in racing mode" in chart.message
    chart.parts["clear"].click()
    assert str(chart.program) == ". . . . . . S"


def test_load_shows_a_program_and_refuses_an_illegal_one():
    chart = make(pilot="M'Hand")
    chart.load("F PR . L . . R")
    assert str(chart.program) == "F PR . L . . R"
    assert chart.pilot_direction == "PR"
    assert chart.parts["pilot_direction"].value == "PR"
    assert drawn(chart, 0) == cell_centre(1, "F") and drawn(chart, PILOT) == cell_centre(2, "F")
    chart.load("X . . . . . S")  # refused: the chart keeps its program
    assert str(chart.program) == "F PR . L . . R"
    assert "Shoot is not allowed in racing mode" in chart.message


def test_the_controller_checks_its_inputs():
    with pytest.raises(TypeError):
        StatusChartController("blue", "racing")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown mode 'chess'"):
        StatusChartController(craft(), "chess")
    controller = StatusChartController(craft(), "racing")
    with pytest.raises(IndexError, match="no token 9"):
        controller.drop(9, 1.0, 4.0)
    assert "no column 9" in controller.place(0, 9, "F").message
    assert "no 'Q' pictogram" in controller.place(0, 1, "Q").message
    assert "Shield is only in the red column" in controller.place(0, 1, "S").message


def test_module_doctests():
    assert doctest.testmod(status_chart_module).failed == 0


@pytest.mark.parametrize("part", ["controller", "geometry", "tokens", "messages", "ghost"])
def test_the_parts_doctests(part):
    """The chart's parts (issue 21: split out of the controller and the view) keep their examples."""
    module = importlib.import_module(f"asteroyds.ui.chart.status.{part}")
    assert doctest.testmod(module).failed == 0


def test_a_drop_whose_update_comes_after_its_drag_end_still_goes_back(monkeypatch):
    """bqplot sends a drop as the tokens' new x/y, then a drag end; ipywidgets may hold the first back
    (a model's earlier update unanswered on a busy kernel), never the second. A refused drop must
    still send the token back on the page, and the late update must not leave it where it was dropped."""
    chart = make("racing")
    mark = chart.marks["tokens"]
    sent: list[dict] = []
    monkeypatch.setattr(mark, "_send", lambda msg, buffers=None: sent.append(msg))

    def told_the_page() -> bool:
        return any(m.get("method") == "update" and {"x", "y"} <= set(m["state"]) for m in sent)

    home = drawn(chart, 0)
    x, y = cell_centre(3, "X")
    mark._handle_custom_msgs(mark, {"event": "drag_end", "point": {"x": x, "y": y}, "index": 0}, None)
    assert "not allowed in racing" in chart.message
    assert drawn(chart, 0) == home and told_the_page()  # the kernel saw no change, yet says where it is
    sent.clear()
    dropped_x, dropped_y = [float(v) for v in mark.x], [float(v) for v in mark.y]
    dropped_x[0], dropped_y[0] = x, y
    mark.set_state({"x": dropped_x, "y": dropped_y})  # the page's update, late
    assert drawn(chart, 0) == home and told_the_page()
    assert str(chart.program) == ". . . . . . S"
    sent.clear()
    drag_to(chart, 0, 1, "F")  # a drop in the usual order afterwards: answered once
    assert drawn(chart, 0) == cell_centre(1, "F") and program_text(chart).startswith("F")
    mark.set_state({"x": [float(v) for v in mark.x], "y": [float(v) for v in mark.y]})  # no late update due
    assert drawn(chart, 0) == cell_centre(1, "F")
