"""The scenario editor without a browser: the controller's edits, refusals, undo/redo, files."""

from __future__ import annotations

import doctest
import html
import json
from dataclasses import replace

import pytest

from asteroyds import ScenarioError, demos, scenario, setup
from asteroyds.dice import Dice
from asteroyds.game import Game
from asteroyds.hexgrid import direction_name
from asteroyds.modes import capture
from asteroyds.modes.capture import boards as capture_layout
from asteroyds.modes.capture import turret_aims
from asteroyds.modes.capture.events import LaserFired
from asteroyds.modes.targets import targets_left
from asteroyds.shooting import TargetEliminated
from asteroyds.ui.editor import EditorController, ScenarioEditor, empty_state, parse_tokens
from asteroyds.ui.editor.tools import SETUP_CHOICES, tools_for
from asteroyds.ui.share import links
from tests.helpers import downloaded_text


@pytest.fixture
def editor() -> EditorController:
    return EditorController()


def place(editor: EditorController, tool: str, cell, **options):
    editor.select_tool(tool, **options)
    result = editor.click(cell)
    assert result.ok, result.message
    return result


def orientation(editor, pid) -> str:
    return direction_name(editor.state.piece(pid).orientation)


# --- adding ------------------------------------------------------------------------------
def test_every_tool_adds_its_piece_with_ids_priorities_and_symbols(editor):
    place(editor, "asteroid", (6, 5), colour="red", orientation="SW")
    place(editor, "asteroid", (6, 6), colour="white/blue")
    place(editor, "gate", (6, 7), colour="white", symbol="D")
    place(editor, "pod", (7, 7))
    place(editor, "platform", (8, 7), colour="green", orientation="W")
    place(editor, "turret", (9, 7), symbol="B")
    place(editor, "drone", (9, 7))  # inside its turret: it takes the turret's symbol
    place(editor, "craft", (8, 7), colour="green", orientation="NE")  # on its platform
    s = editor.state
    assert [p.id for p in s.pieces] == ["R1", "WB1", "GD", "P1", "L1", "T1", "D1"]
    assert [s.piece(i).priority for i in ("R1", "WB1", "GD", "D1")] == [1, 2, 3, 4]
    assert orientation(editor, "R1") == "SW"
    assert s.piece("GD").symbol == "D" and s.piece("GD").colour == "white"
    assert s.piece("D1").symbol == "B" and s.piece("D1").colour == "white/red"
    assert s.piece("L1").colour == "green" and orientation(editor, "L1") == "W"
    assert s.craft("green").cell == (8, 7) and direction_name(s.craft("green").facing) == "NE"
    assert s.player_order == ("green",)
    assert editor.selected == ("craft", "green")  # the last piece added is selected
    s.validate("test")


def test_a_racing_gate_may_share_a_craft_s_space_but_an_asteroid_may_not(editor):
    place(editor, "craft", (6, 6), colour="blue")
    place(editor, "gate", (6, 6))
    editor.select_tool("asteroid", colour="red")
    result = editor.click((6, 7))
    assert result.ok
    assert editor.move("R1", (6, 6)).message == "(6, 6) already holds red gate #1"


# --- refused edits leave the state unchanged ----------------------------------------------
@pytest.mark.parametrize(
    ("action", "message"),
    [
        (
            lambda e: e.select_tool("asteroid", colour="red") and e.click((6, 6)),
            "(6, 6) already holds red asteroid #1",
        ),
        (lambda e: e.select_tool("pod") and e.click((0, 0)), "(0, 0) is off the board"),
        (
            lambda e: e.select_tool("pod") and e.click((6, 8)),
            "(6, 8) holds the blue craft: a pod cannot share",
        ),
        (lambda e: e.add_craft("blue", (6, 9)), "the blue craft is already on the board at (6, 8): move it"),
        (lambda e: e.add_craft("red", (6, 6)), "(6, 6) holds red asteroid #1: a craft cannot stand there"),
        (lambda e: e.add_craft("mauve", (7, 7)), "no player colour 'mauve'"),
        (lambda e: e.rotate((7, 7)), "(7, 7) is empty: nothing there"),
        (lambda e: e.rotate("P1"), "Pod P1 has no orientation"),
        (lambda e: e.set_priority("P1", 3), "Pod P1 has no priority number"),
        (lambda e: e.set_priority("R1", 0), "a priority number is a whole number from 1"),
        (lambda e: e.set_priority("blue", 3), "a craft has no priority number"),
        (lambda e: e.move("R1", (6, 4)), "(6, 4) already holds pod P1"),
        (lambda e: e.move("blue", (6, 4)), "(6, 4) holds pod P1: a craft cannot stand there"),
        (lambda e: e.set_damage("blue", 6), "damage is 0..5 (6 destroys the craft)"),
        (lambda e: e.set_damage("red", 1), "no red craft on the board"),
        (lambda e: e.set_pilot("blue", "Zorro"), "no pilot 'Zorro'"),
        (lambda e: e.set_tokens("blue", "A A"), "a token is listed twice"),
        (lambda e: e.remove(None), "Select a piece or a craft first"),
        (lambda e: e.set_mode("chess"), "no mode 'chess'"),
        (lambda e: e.set_rule("warp_drive", True), "rule 'warp_drive'"),
        (lambda e: e.set_dice((1, 2, 9)), "the blue die must show 1..6"),
    ],
)
def test_a_refused_edit_changes_nothing_and_says_why(action, message):
    editor = EditorController()
    place(editor, "asteroid", (6, 6), colour="red")
    place(editor, "pod", (6, 4))
    place(editor, "craft", (6, 8), colour="blue")
    editor.select((1, 3))  # an empty space: nothing selected
    before, undo, dice = editor.state, editor.can_undo, editor.dice
    result = action(editor)  # select_tool(...) and click(...) gives the click's result
    assert not result.ok
    assert message in result.message
    assert editor.state is before and editor.dice == dice and editor.can_undo == undo
    assert not editor.ok and editor.message == result.message


def test_a_change_the_engine_refuses_is_refused_with_its_message(editor):
    place(editor, "asteroid", (6, 6))
    editor.set_mode("racing")
    place(editor, "craft", (7, 7), colour="blue")
    place(editor, "gate", (7, 7))  # racing: a gate may stand on a craft
    before = editor.state
    result = editor.set_mode("shooting")  # …but not in shooting mode: the validation says so
    assert not result.ok and result.message == "craft 'blue': cell (7, 7) holds red gate #2 ('GA')"
    assert editor.state is before


# --- rotate, remove, priority, move -------------------------------------------------------
def test_rotate_turns_tiles_and_crafts_both_ways(editor):
    place(editor, "asteroid", (6, 6), colour="blue", orientation="E")
    assert editor.rotate(turns=1).message == "Blue asteroid #1 now has its “1” edge facing SE"
    editor.rotate((6, 6), -1)
    editor.rotate("B1", -1)
    assert orientation(editor, "B1") == "NE"
    place(editor, "craft", (7, 7), colour="red", orientation="W")
    editor.select_tool("rotate")
    assert editor.click((7, 7)).message == "The red craft now faces NW"
    place(editor, "platform", (8, 8), colour="red", orientation="E")
    assert editor.rotate("L1", 1).message == "Platform L1 faces SE"


def test_remove_takes_the_top_thing_first(editor):
    place(editor, "platform", (6, 6), colour="blue")
    place(editor, "craft", (6, 6), colour="blue")
    editor.select_tool("remove")
    assert editor.click((6, 6)).message == "Removed the blue craft from (6, 6)"
    assert editor.state.crafts == () and editor.state.player_order == ()
    assert editor.click((6, 6)).message == "Removed platform L1 from (6, 6)"
    assert editor.state.pieces == ()
    assert not editor.click((6, 6)).ok


def test_priority_is_unique_and_swaps(editor):
    for cell in ((6, 5), (6, 6), (6, 7)):
        place(editor, "asteroid", cell, colour="white")
    result = editor.set_priority("W1", 3)
    assert result.message == "White asteroid #1 is now #3; white asteroid #3 took #1"
    assert [editor.state.piece(i).priority for i in ("W1", "W2", "W3")] == [3, 2, 1]
    editor.select_tool("priority", priority=24)
    assert editor.click((6, 6)).message == "White asteroid #2 is now #24"
    assert editor.set_priority("W2", 24).message == "White asteroid #24 already has priority 24"
    priorities = [p.priority for p in editor.state.pieces]
    assert len(set(priorities)) == len(priorities)


def test_the_move_tool_picks_up_then_puts_down(editor):
    place(editor, "asteroid", (6, 6), colour="red")
    place(editor, "pod", (6, 8))
    editor.select_tool("move")
    assert editor.click((5, 5)).message == "Nothing to move at (5, 5)"
    assert editor.click((6, 6)).message == "Moving red asteroid #1: click where it goes"
    assert editor.moving == ("piece", "R1")
    refused = editor.click((6, 8))
    assert not refused.ok and editor.moving == ("piece", "R1")  # still in hand: click elsewhere
    assert editor.click((7, 7)).message == "Moved red asteroid #1 to (7, 7)"
    assert editor.state.piece("R1").cell == (7, 7) and editor.moving is None
    editor.click((7, 7))
    assert editor.click((7, 7)).message == "Move cancelled"


def test_craft_damage_pilot_and_tokens(editor):
    place(editor, "craft", (6, 6), colour="yellow")
    assert editor.set_damage("yellow", 4).ok
    assert editor.set_pilot("yellow", "Dolorosa").ok
    assert editor.set_tokens("yellow", "a, c").message == "The yellow craft holds A C"
    craft = editor.state.craft("yellow")
    assert (craft.damage, craft.pilot, craft.tokens) == (4, "Dolorosa", ("A", "C"))
    assert parse_tokens("ABD") == ("A", "B", "D") and parse_tokens(["B"]) == ("B",)
    assert editor.describe() == "The yellow craft at (6, 6) facing E, damage 4, pilot Dolorosa, tokens A C"
    editor.set_pilot("yellow", None)
    assert editor.state.craft("yellow").pilot is None


# --- undo / redo ------------------------------------------------------------------------
def test_undo_and_redo_walk_through_the_edits(editor):
    states = [editor.state]
    place(editor, "asteroid", (6, 6), colour="red")
    states.append(editor.state)
    editor.rotate("R1", 1)
    states.append(editor.state)
    editor.remove("R1")
    states.append(editor.state)
    for expected in reversed(states[:-1]):
        assert editor.undo().ok
        assert editor.state == expected
    assert editor.undo().message == "Nothing to undo"
    for expected in states[1:]:
        assert editor.redo().ok
        assert editor.state == expected
    assert not editor.redo().ok
    editor.undo()
    place(editor, "pod", (1, 3))  # a new edit forgets the redo list
    assert not editor.can_redo


def test_a_refused_edit_is_not_an_undo_step(editor):
    place(editor, "pod", (6, 6))
    place(editor, "pod", (6, 7))
    editor.click((6, 7))  # refused
    editor.undo()
    assert [p.id for p in editor.state.pieces] == ["P1"]


# --- files --------------------------------------------------------------------------------
def test_json_round_trip(editor):
    place(editor, "asteroid", (6, 6), colour="white/red", orientation="NW")
    place(editor, "craft", (7, 7), colour="red")
    editor.set_rule("return_to_platform", True)
    text = editor.to_json()
    assert json.loads(text)["format"] == "asteroyds/scenario@1"
    assert scenario.loads(text) == editor.state
    other = EditorController()
    assert other.load_json(text).ok
    assert other.state == editor.state and other.to_json() == text
    assert other.state.rules.return_to_platform


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "pasted text: not valid JSON (line 1, column 2"),
        ("[1, 2]", "a scenario is a JSON object"),
        ('{"format": "asteroyds/game@1"}', "format must be 'asteroyds/scenario@1'"),
        ('{"format": "asteroyds/scenario@1", "pieces": [{"id": "R1", "kind": "asteroid"}]}', "piece 'R1'"),
        ('{"format": "asteroyds/demo@1", "title": "x"}', "rule must be a non-empty string"),
        ("[" * 100_000, "nested too deeply"),
    ],
)
def test_a_broken_file_is_refused_and_changes_nothing(editor, text, message):
    place(editor, "pod", (6, 6))
    before = editor.state
    result = editor.load_json(text)
    assert not result.ok and message in result.message
    assert editor.state is before


def test_a_gallery_demo_loads_with_its_dice_and_saves_as_a_demo(editor):
    demo = demos.load_demo("rulebook-red-stopped-by-pod")
    assert (
        editor.load_json(demos.dumps(demo)).message
        == "Loaded the demo “A red asteroid is stopped by a pod after one space”"
    )
    assert editor.state == demo.state and editor.dice == Dice(2, 1, 1)
    again = demos.loads(editor.to_demo_json("Mine", "Two sentences. For the class."), name="mine")
    assert again.state == demo.state and again.dice == demo.dice and again.title == "Mine"


def test_new_board_and_built_in_setups(editor):
    assert editor.load_setup("racing", seed=4, players=["blue", "red"]).ok
    assert editor.state == setup("racing", seed=4, players=["blue", "red"])
    assert not editor.load_setup("racing", players=["mauve"]).ok
    assert editor.state == setup("racing", seed=4, players=["blue", "red"])
    assert not editor.load_setup("chess").ok
    assert editor.new_board("drones").ok and editor.state == empty_state("drones")
    editor.undo()
    assert editor.state == setup("racing", seed=4, players=["blue", "red"])


def test_preview_runs_the_engine_and_keeps_the_board(editor):
    demo = demos.load_demo("rulebook-blue-pushes-white")
    editor.load_state(demo.state, dice=demo.dice)
    preview = editor.preview()
    assert preview.state.piece("B1").cell == (6, 6) and preview.state.piece("W1").cell == (6, 7)
    assert "Blue asteroid #1 pushes white asteroid #2 from (6, 6) to (6, 7)" in preview.lines
    assert editor.state == demo.state


def test_share_link_opens_the_same_board_and_dice(editor):
    place(editor, "asteroid", (6, 6), colour="blue")
    editor.set_dice((4, 5, 6))
    request = links.read_query(editor.share_link("http://h/09.ipynb").split("?", 1)[1])
    assert request.state == editor.state and request.dice == Dice(4, 5, 6)


def test_tool_options_are_checked(editor):
    with pytest.raises(ValueError, match="no tool 'paint'"):
        editor.select_tool("paint")
    with pytest.raises(ValueError, match="a gate cannot be 'blue'"):
        editor.select_tool("gate", colour="blue")
    with pytest.raises(ValueError, match="symbol must be one of A B C D"):
        editor.select_tool("gate", symbol="Z")
    with pytest.raises(ValueError, match="unknown tool option 'size'"):
        editor.select_tool("pod", size=3)
    assert editor.select_tool("gate").colour == "red"  # a colour the tool allows
    assert editor.select_tool("craft").colour == "red"  # red is a player colour too: kept
    editor.select_tool("pod")
    assert editor.select_tool("craft").colour == "blue"  # else the first player colour


def test_observers_hear_every_change(editor):
    heard = []
    editor.observe(lambda c: heard.append(c.message))
    place(editor, "pod", (6, 6))
    editor.click((6, 6))
    assert heard[-2:] == ["Added pod P1 at (6, 6)", "(6, 6) already holds pod P1"]


# --- the view (no browser) ----------------------------------------------------------------
def test_the_view_follows_the_controller():
    view = ScenarioEditor(page_url="http://h/teachers_tools.ipynb")
    c = view.controller
    assert "asteroyds-editor" in view._dom_classes
    c.select_tool("asteroid", colour="red")
    view.board.click((6, 6))  # what a click on the board does
    assert "R1@6,6" in view.board.summary()
    assert view.board.highlighted == ((6, 6),)
    assert 'data-ok="true"' in view._message.value
    view.board.click((6, 6))
    assert 'data-ok="false"' in view._message.value and "already holds" in view._message.value
    assert downloaded_text(view.parts.download.value) == c.to_json()
    assert "http://h/teachers_tools.ipynb?scenario=" in view.parts.share.value
    assert not view._undo.disabled and view._redo.disabled


def test_the_view_preview_shows_the_result_then_goes_back():
    view = ScenarioEditor(demos.load_demo("rulebook-red-stopped-by-pod").state, dice=(2, 1, 1))
    view.preview()
    assert "R1@6,7" in view.board.summary()
    assert "stopped by pod P1" in view._preview_log.value
    view.board.click((3, 3))  # a click goes back to editing, nothing is added
    assert "R1@6,6" in view.board.summary() and view._preview_log.value == ""
    assert view.controller.state == demos.load_demo("rulebook-red-stopped-by-pod").state


def test_the_view_loads_a_file_from_the_upload_and_from_the_text():
    view = ScenarioEditor()
    text = demos.dumps(demos.load_demo("pilot-hector"))
    view.parts.uploaded([{"name": "hector.json", "content": memoryview(text.encode())}])
    assert view.controller.state == demos.load_demo("pilot-hector").state
    view.parts.uploaded([{"name": "bad.json", "content": b"\xff\xfe"}])
    assert "not a text file" in view._message.value
    view.parts.json.value = "{broken"
    view._run(lambda: view.controller.load_json(view.parts.json.value))
    assert "not valid JSON" in view._message.value
    assert view.controller.state == demos.load_demo("pilot-hector").state


def test_the_view_opens_a_shared_link_and_explains_a_bad_one():
    state = demos.load_demo("gate-crosses-craft").state
    view = ScenarioEditor()
    assert view.open_query(links.share_link(state, dice=(3, 3, 3)).lstrip("?")).ok
    assert view.controller.state == state and view.controller.dice == Dice(3, 3, 3)
    assert view.open_query("") is None
    result = view.open_query("scenario=%%%")
    assert not result.ok
    assert result.message == (
        "This page's link cannot be opened: the scenario parameter is not URL-safe base64 text "
        "(was the link cut or changed?)"
    )
    assert view.controller.state == state


def test_the_view_applies_craft_settings():
    view = ScenarioEditor()
    c = view.controller
    c.add_craft("red", (6, 6))
    view.parts.damage.value, view.parts.pilot.value, view.parts.tokens.value = 3, "Hector", "B D"
    view.parts.apply_craft()
    craft = c.state.craft("red")
    assert (craft.damage, craft.pilot, craft.tokens) == (3, "Hector", ("B", "D"))


def test_the_text_box_follows_the_board_until_someone_types_in_it():
    view = ScenarioEditor()
    c = view.controller
    c.add("pod", (6, 6))
    assert view.parts.json.value == c.to_json()
    view.parts.json.value = "my notes"
    c.add("pod", (6, 7))
    assert view.parts.json.value == "my notes"  # not overwritten
    view.parts.show_json(force=True)  # "Show this board's JSON"
    assert view.parts.json.value == c.to_json()


# --- targets mode: the Target tool (docs/rules.md#7-shooting) ---------------------------------------------
@pytest.fixture
def targets_board() -> EditorController:
    """An empty targets-mode board with a white, a white/red, a red asteroid and a pod."""
    editor = EditorController(empty_state("targets"))
    place(editor, "asteroid", (6, 5), colour="white")
    place(editor, "asteroid", (6, 6), colour="white/red")
    place(editor, "asteroid", (6, 7), colour="red")
    place(editor, "pod", (6, 8))
    return editor


def test_the_target_tool_puts_a_target_of_the_chosen_team_and_number_on_an_asteroid(targets_board):
    editor = targets_board
    before = editor.state.piece("WR1")
    editor.select_tool("target", team="right", number=3)
    result = editor.click((6, 6))
    assert result.ok and result.message == "Put target R3 on white/red asteroid #2 at (6, 6)"
    piece = editor.state.piece("WR1")
    assert (piece.target, piece.team) == ("right-3", "right")
    assert piece._replace(target=None, team=None) == before  # only the target changed
    assert editor.selected == ("piece", "WR1")
    assert editor.describe() == "White/red asteroid #2 at (6, 6), “1” edge E, target R3"
    assert editor.undo().ok and editor.state.piece("WR1").target is None  # undoable like any edit


def test_without_a_number_the_target_tool_takes_the_team_s_next_free_one(targets_board):
    editor = targets_board
    place(editor, "asteroid", (7, 7), colour="white/blue")
    editor.select_tool("target")  # team "left" by default, number: the next free one
    assert editor.tool.team == "left" and editor.tool.number is None
    assert editor.click((6, 5)).message == "Put target L1 on white asteroid #1 at (6, 5)"
    assert editor.click((6, 6)).message == "Put target L2 on white/red asteroid #2 at (6, 6)"
    editor.select_tool("target", team="right")
    assert editor.click((7, 7)).message == "Put target R1 on white/blue asteroid #4 at (7, 7)"
    assert targets_left(editor.state, "left") == ("left-1", "left-2")
    assert targets_left(editor.state, "right") == ("right-1",)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ((3, 3), "(3, 3) is empty: a target goes on a white-bearing asteroid"),
        ((6, 8), "Pod P1 cannot carry a target: only an asteroid does"),
        (
            (6, 7),
            "Red asteroid #3 cannot carry a target: targets sit on white-bearing asteroids "
            "(white, white/red, white/blue)",
        ),
        ((1, 3), "the blue craft cannot carry a target: only an asteroid does"),
        ((6, 6), "target L1 is already on white asteroid #1 at (6, 5): pick another number"),
    ],
)
def test_the_target_tool_refuses_a_cell_that_cannot_carry_it_and_changes_nothing(
    targets_board, cell, message
):
    editor = targets_board
    place(editor, "craft", (1, 3), colour="blue")
    editor.add_target((6, 5), "left", 1)
    editor.select_tool("target", team="left", number=1)
    before, undo = editor.state, len(editor.history.past)
    result = editor.click(cell)
    assert not result.ok and result.message == message
    assert editor.state is before and len(editor.history.past) == undo


def test_the_same_number_may_be_used_by_each_team_but_not_twice_by_one(targets_board):
    editor = targets_board
    assert editor.add_target((6, 5), "left", 2).ok
    assert editor.add_target((6, 6), "right", 2).ok  # right-2 is another target than left-2
    assert {editor.state.piece(i).target for i in ("W1", "WR1")} == {"left-2", "right-2"}
    place(editor, "asteroid", (7, 7), colour="white")
    assert editor.add_target((7, 7), "right", 2).message == (
        "target R2 is already on white/red asteroid #2 at (6, 6): pick another number"
    )


def test_targets_are_refused_outside_targets_mode():
    editor = EditorController()  # racing
    place(editor, "asteroid", (6, 6), colour="white")
    editor.select_tool("target")
    result = editor.click((6, 6))
    assert not result.ok
    assert (
        result.message
        == "targets count only in targets mode (this board is racing): set the mode to targets first"
    )
    assert editor.set_mode("targets").ok
    assert editor.click((6, 6)).ok


def test_a_second_click_or_remove_target_takes_the_target_off_and_keeps_the_asteroid(targets_board):
    editor = targets_board
    bare = editor.state
    editor.select_tool("target", team="right", number=5)
    editor.click((6, 5))
    result = editor.click((6, 5))  # again: off
    assert result.message == "Took target R5 off white asteroid #1 at (6, 5)"
    assert editor.state == bare
    editor.click((6, 5))
    assert editor.remove_target("W1").message == "Took target R5 off white asteroid #1 at (6, 5)"
    assert editor.state == bare
    refused = editor.remove_target((6, 5))
    assert not refused.ok and refused.message == "White asteroid #1 carries no target"
    editor.click((6, 5))
    editor.select_tool("remove")  # the Remove tool takes the asteroid away, its target with it
    assert editor.click((6, 5)).message == "Removed white asteroid #1 from (6, 5)"
    assert targets_left(editor.state, "right") == ()


def test_the_target_tool_options_are_checked(editor):
    with pytest.raises(ValueError, match="a target belongs to the left or right set, got 'middle'"):
        editor.select_tool("target", team="middle")
    with pytest.raises(ValueError, match="a target number is a whole number from 1, got 0"):
        editor.select_tool("target", number=0)
    assert editor.select_tool("target", team="right", number=2).team == "right"
    assert editor.select_tool("asteroid").team is None  # only the Target tool has a team


def test_crafts_play_on_their_colour_s_side_in_targets_mode():
    editor = EditorController()
    place(editor, "craft", (6, 6), colour="yellow")
    assert editor.state.craft("yellow").team is None  # racing: no teams
    assert editor.set_mode("targets").message == "Mode: Targets (teams: yellow left)"
    place(editor, "craft", (6, 8), colour="green")
    assert {c.player: c.team for c in editor.state.crafts} == {"yellow": "left", "green": "right"}
    assert editor.describe(("craft", "green")).endswith(", right team")


def test_the_targets_setup_s_targets_can_be_taken_off_and_put_back(editor):
    editor.load_setup("targets", seed=3, players=["red", "blue"])
    original = editor.state
    carrier = next(p for p in original.pieces if p.target == "right-4")
    editor.select_tool("target")
    assert editor.click(carrier.cell).ok  # off
    assert "right-4" not in targets_left(editor.state, "right")
    editor.select_tool("target", team="right")  # next free: 4 again
    assert editor.click(carrier.cell).message.startswith("Put target R4 on")
    assert editor.state == original


def test_targets_round_trip_through_the_scenario_file(targets_board):
    editor = targets_board
    editor.add_target((6, 5), "left", 1)
    editor.add_target((6, 6), "right", 6)
    place(editor, "craft", (1, 3), colour="red")
    text = editor.to_json()
    pieces = {p["id"]: p for p in json.loads(text)["pieces"]}
    assert (pieces["W1"]["target"], pieces["W1"]["team"]) == ("left-1", "left")
    assert (pieces["WR1"]["target"], pieces["WR1"]["team"]) == ("right-6", "right")
    assert "target" not in pieces["R1"]
    assert json.loads(text)["crafts"][0]["team"] == "left"
    assert scenario.loads(text) == editor.state
    other = EditorController()
    assert other.load_json(text).ok and other.state == editor.state and other.to_json() == text
    request = links.read_query(editor.share_link().split("?", 1)[1])
    assert request.state == editor.state


def test_a_targets_game_built_from_the_edited_scenario_plays_a_round():
    editor = EditorController()
    editor.set_mode("targets")
    editor.add("asteroid", (6, 5), colour="white", orientation="E")
    editor.add("asteroid", (3, 12), colour="white/blue", orientation="E")
    editor.select_tool("target", team="left")
    editor.click((6, 5))
    editor.select_tool("target", team="right")
    editor.click((3, 12))
    editor.add_craft("blue", (6, 9), facing="W")  # the right team: it aims at the left set
    editor.add_craft("red", (1, 3), facing="E")
    game = Game.from_scenario(scenario.loads(editor.to_json()), seed=1)
    # White 1 moves white asteroid #1 one space E, to (6, 6); blue shoots W in column 1.
    events = game.play_round({"blue": "X . . . . . S", "red": ". . . . . . S"}, dice=(1, 1, 1))
    eliminated = [e for e in events if isinstance(e, TargetEliminated)]
    assert [(e.player, e.target, e.side, e.cell, e.how) for e in eliminated] == [
        ("blue", "left-1", "left", (6, 6), "shot")
    ]
    assert game.state.craft("blue").tokens == ("left-1",)
    assert targets_left(game.state, "left") == () and targets_left(game.state, "right") == ("right-1",)
    assert game.is_over and game.outcome.winners == ("blue",)
    assert "The right team eliminated every left target" in game.outcome.reason


# --- targets in the view (no browser) -----------------------------------------------------
def badges(view: ScenarioEditor) -> list[str]:
    """The texts on the board's badges (a target's tag, a drone's symbol); an empty mark holds ""."""
    return [str(t) for t in view.board.marks["badge_text"].text if t]


def test_the_view_s_mode_team_and_number_drive_the_target_tool_and_the_board_shows_it():
    view = ScenarioEditor(page_url="")
    c = view.controller
    view.parts.mode.value = "targets"
    assert c.state.mode == "targets" and c.message == "Mode: Targets"
    c.add("asteroid", (6, 6), colour="white")
    assert view.parts.target_box.layout.display == "none"  # only the Target tool shows its options
    view.parts.tools.value = "target"
    assert view.parts.target_box.layout.display == "" and view.parts.colour.layout.display == "none"
    view.parts.team.value, view.parts.number.value = "right", 4
    assert (c.tool.name, c.tool.team, c.tool.number) == ("target", "right", 4)
    view.board.click((6, 6))
    assert c.state.piece("W1").target == "right-4"
    assert "Put target R4" in view._message.value and 'data-ok="true"' in view._message.value
    assert badges(view) == ["R4"]  # the board draws the target's badge
    assert "target R4" in view.parts.selection.value
    view.parts.number.value = 0  # "next free"
    assert c.tool.number is None
    view.board.click((6, 6))  # again: off, and the badge goes
    assert c.state.piece("W1").target is None and badges(view) == []


def test_the_view_s_mode_menu_shows_the_board_s_mode_after_a_refusal_or_a_new_board():
    view = ScenarioEditor(page_url="")
    c = view.controller
    c.add_craft("blue", (7, 7))
    c.add("gate", (7, 7))  # racing: a gate may stand on a craft…
    view.parts.mode.value = "shooting"  # …not in shooting mode: refused, the menu goes back
    assert not c.ok and c.state.mode == "racing" and view.parts.mode.value == "racing"
    c.load_setup("targets", seed=1, players=["red", "blue"])
    assert view.parts.mode.value == "targets"
    view.parts.setup.value, view.parts.mode.value = "empty", "drones"
    view.parts.new_board()
    assert c.state == empty_state("drones")


# --- the modules behind asteroyds.ui.editor -----------------------------------------------
def test_the_editor_s_public_names_and_examples():
    import asteroyds.ui as ui
    from asteroyds.ui import editor
    from asteroyds.ui.editor import controller as editor_controller
    from asteroyds.ui.editor import placement as editor_placement
    from asteroyds.ui.editor import targets as editor_targets
    from asteroyds.ui.editor import tools as editor_tools
    from asteroyds.ui.editor import view as editor_view

    assert ui.EditorController is editor.EditorController is editor_controller.EditorController
    assert ui.ScenarioEditor is editor.ScenarioEditor is editor_view.ScenarioEditor
    assert "target" in editor.TOOLS and editor.TARGET_TOOL == "target"
    for module in (editor, editor_tools, editor_placement, editor_targets, editor_controller):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# --- capture the asteroyd (docs/rules.md#11-capture-the-asteroyd): "teams may rearrange pods and turrets" ---
def capture_editor(teams: int = 2) -> EditorController:
    editor = EditorController()
    result = editor.load_setup("capture" if teams == 2 else "capture-3teams")
    assert result.ok, result.message
    return editor


def crafts_at(editor, cell) -> list[str]:
    return [c.player for c in editor.state.crafts_at(cell)]


@pytest.mark.parametrize(("name", "teams"), [("capture", 2), ("capture-3teams", 3)])
def test_the_capture_layouts_load_as_the_shipped_scenario_files(name, teams):
    editor = EditorController()
    result = editor.load_setup(name, seed=9, players=["blue"])  # no seed, no players: the layout is fixed
    names = ", ".join(("red", "white", "blue")[:teams])
    assert result.message == f"The capture layout: {teams} teams ({names}), 2 crafts each"
    assert editor.state == capture.layout(teams) == capture.setup(teams=teams)
    assert editor.play_problems() == () and editor.can_undo
    assert name in SETUP_CHOICES
    assert editor.to_json() == scenario.dumps(capture.layout(teams))


def test_moving_and_turning_a_turret_keeps_its_team_and_changes_its_aim():
    editor = capture_editor()
    aims = {a.turret: a.direction for a in turret_aims(editor.state, (3, 5, 2))}
    assert editor.move("TR1", (3, 5)).message == "Moved red turret TR1 to (3, 5)"
    assert editor.rotate("TR1", -1).message == "Red turret TR1 now has its “1” edge facing SE"
    turret = editor.state.piece("TR1")
    assert (turret.cell, turret.team, orientation(editor, "TR1")) == ((3, 5), "red", "SE")
    moved = {a.turret: a.direction for a in turret_aims(editor.state, (3, 5, 2))}
    assert moved["TR1"] == (aims["TR1"] - 1) % 6 and moved["TW1"] == aims["TW1"]  # the orientation matters
    assert editor.describe() == "Red turret TR1 at (3, 5), “1” edge SE"
    # By clicks: the Move tool picks it up and puts it down, the Rotate tool turns it.
    place(editor, "move", (3, 5))
    assert editor.click((2, 5)).message == "Moved red turret TR1 to (2, 5)"
    place(editor, "rotate", (2, 5))
    assert editor.state.piece("TR1")._replace(cell=(3, 5), orientation=1) == turret
    assert orientation(editor, "TR1") == "SW" and editor.state.piece("TR1").team == "red"
    editor.state.validate("test")


def test_moving_a_pod_and_the_preview_follows_the_layout():
    editor = capture_editor()
    assert editor.move("P3", (5, 6)).message == "Moved pod P3 to (5, 6)"
    assert editor.state.piece("P3").cell == (5, 6) and not editor.state.pieces_at((6, 6))
    editor.set_dice((3, 5, 2))
    lasers = {e.shooter: e for e in editor.preview().events if isinstance(e, LaserFired)}
    assert lasers  # the turrets still fire in the edited layout
    assert editor.undo().ok and editor.state == capture.layout(2)


def test_a_platform_takes_its_waiting_crafts_and_an_asteroyd_its_home():
    editor = capture_editor()
    editor.select((6, 1))  # capture: the platform comes first, then the crafts waiting on it
    assert editor.selected == ("piece", "LR")
    editor.select((6, 1))
    assert editor.selected == ("craft", "red1")
    editor.select((6, 1))
    editor.select((6, 1))
    assert editor.selected == ("piece", "LR")
    result = editor.move(None, (5, 1))
    assert result.message == "Moved red platform LR to (5, 1) with the red1 and red2 crafts"
    assert crafts_at(editor, (5, 1)) == ["red1", "red2"] and crafts_at(editor, (6, 14)) == [
        "white1",
        "white2",
    ]
    assert editor.rotate("LR", 1).message == "Red platform LR faces SE (with the red1 and red2 crafts)"
    assert {direction_name(c.facing) for c in editor.state.crafts if c.team == "red"} == {"SE"}
    assert editor.move("AR", (6, 4)).message == "Moved red asteroyd to (6, 4)"
    assert editor.state.piece("AR").home == (6, 4)
    # A craft selected on its platform moves alone (the Move tool takes the selection in that cell).
    editor.select((5, 1))
    editor.select((5, 1))
    assert editor.selected == ("craft", "red1")
    place(editor, "move", (5, 1))
    assert editor.click((5, 2)).message == "Moved the red1 craft to (5, 2)"
    assert crafts_at(editor, (5, 2)) == ["red1"] and crafts_at(editor, (5, 1)) == ["red2"]
    editor.state.validate("test")
    assert editor.play_problems() == ()


def test_a_carried_asteroyd_goes_with_its_craft_and_drops_when_the_craft_goes():
    board = capture.layout(2)
    white = board.piece("AW")._replace(cell=(6, 10), carrier="red1")
    board = board.update_pieces({"AW": white}).update_crafts(
        {"red1": replace(board.craft("red1"), cell=(6, 10))}
    )
    editor = EditorController(board)
    assert (
        editor.move("AW", (6, 8)).message == "the white asteroyd is carried by the red1 craft: move the craft"
    )
    assert (
        editor.move("red1", (6, 8)).message
        == "Moved the red1 craft to (6, 8) with the white asteroyd it carries"
    )
    assert editor.state.piece("AW").cell == (6, 8) and editor.state.piece("AW").home == (6, 12)
    result = editor.remove("red1")
    assert result.message == "Removed the red1 craft from (6, 8); the white asteroyd it carried stays there"
    assert editor.state.piece("AW")._replace(carrier=None) == editor.state.piece("AW")
    assert editor.move("AW", (6, 7)).message == "Moved white asteroyd to (6, 7) (its home stays at (6, 12))"
    assert editor.move("P3", (6, 12)).message.endswith(
        "home space of the white asteroyd: nothing else may stand there"
    )


def test_a_new_capture_piece_belongs_to_the_tool_s_team():
    editor = capture_editor()
    tool = editor.select_tool("turret", team="white", orientation="W")
    assert (tool.team, tool.symbol) == ("white", None)
    assert editor.click((6, 11)).message == "Added white turret TW3 at (6, 11)"
    turret = editor.state.piece("TW3")
    assert (turret.team, orientation(editor, "TW3"), turret.symbol) == ("white", "W", None)
    assert editor.add("turret", (2, 7), team="red").message == "Added red turret TR3 at (2, 7)"
    editor.select_tool("craft", team="white", orientation="W")
    assert editor.click((6, 14)).message == "Added the white3 craft (white team) at (6, 14)"
    assert editor.state.craft("white3").team == "white" and editor.state.player_order[-1] == "white3"
    assert editor.select_tool("platform").team == "white"  # the team stays with the team tools
    assert editor.select_tool("pod").team is None
    # A third team: asteroyd, platform (its colour is the team's), a turret and a craft.
    editor.remove("TW3")
    steps = [
        editor.add("asteroyd", (2, 7), team="blue"),
        editor.add("platform", (1, 7), team="blue", orientation="SE"),
        editor.add_craft("blue", (1, 7), facing="SE"),
    ]
    assert [r.ok for r in steps] == [False, True, True]  # TR3 stands on (2, 7)
    assert steps[0].message == "(2, 7) already holds turret TR3"
    assert editor.play_problems() == (
        "platform LB belongs to the blue team, which has no asteroyd on this board",
        "the blue1 craft belongs to the blue team, which has no asteroyd on this board",
    )
    assert editor.add("asteroyd", (3, 7), team="blue").message == "Added blue asteroyd at (3, 7)"
    platform = editor.state.piece("LB")
    assert (platform.colour, platform.team, editor.state.piece("AB").home) == ("blue", "blue", (3, 7))
    assert editor.play_problems() == ()
    assert capture.teams(editor.state) == ("red", "white", "blue")


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda e: e.add("turret", (2, 7)), "in capture mode a turret belongs to a team: choose red, white"),
        (
            lambda e: e.add("platform", (2, 7), team="green"),
            "a platform belongs to a team: choose red, white",
        ),
        (lambda e: e.add("gate", (2, 7)), "this piece has no part in capture mode"),
        (lambda e: e.add("drone", (2, 7)), "this piece has no part in capture mode"),
        (
            lambda e: e.add("asteroid", (2, 7), colour="red"),
            "the only asteroids in capture mode are the blue",
        ),
        (lambda e: e.add_craft("green", (6, 5)), "in capture mode a craft belongs to a team"),
        (lambda e: e.add_craft("blue", (6, 5)), "craft 'blue1': the blue team needs exactly one platform"),
        (lambda e: e.move("TR2", (6, 3)), "(6, 3) already holds red asteroyd"),
        (lambda e: e.move("TR2", (6, 1)), "(6, 1) already holds platform LR"),
        (lambda e: e.move("P3", (6, 14)), "(6, 14) already holds platform LW"),
        (lambda e: e.move("P3", (0, 0)), "(0, 0) is off the board"),
        (lambda e: e.move("AR", (6, 1)), "(6, 1) already holds platform LR"),
        (lambda e: e.rotate("P3"), "Pod P3 has no orientation"),
        (lambda e: e.rotate("AR"), "Red asteroyd has no orientation"),
        (lambda e: e.remove("LW"), "craft 'white1': the white team needs exactly one platform (it has 0)"),
        (lambda e: e.set_mode("targets"), "in targets mode a craft plays on team 'left' or 'right'"),
    ],
)
def test_a_refused_capture_edit_changes_nothing_and_says_why(action, message):
    editor = capture_editor()
    editor.select((2, 2))  # nothing selected
    before, undo = editor.state, editor.can_undo
    result = action(editor)
    assert not result.ok and message in result.message
    assert editor.state is before and editor.can_undo == undo and editor.message == result.message


def test_an_asteroyd_belongs_to_capture_mode():
    editor = EditorController()
    result = editor.add("asteroyd", (6, 6), team="red")
    assert not result.ok and result.message == (
        "an asteroyd is a Capture the Asteroyd piece: this board is racing, set the mode to capture first"
    )
    assert editor.set_mode("capture").ok and editor.add("asteroyd", (6, 6), team="red").ok


def test_the_blue_asteroids_variant_is_for_two_teams():
    editor = capture_editor()
    assert (
        editor.add("asteroid", (3, 6), colour="blue", orientation="E").message
        == "Added blue asteroid #1 at (3, 6)"
    )
    three = capture_editor(3)
    result = three.add("asteroid", (3, 6), colour="blue")
    assert not result.ok and "the blue asteroids variant is for two teams" in result.message
    # A whole board is checked the same way when it is loaded.
    board = capture.layout(3).with_pieces((*capture.layout(3).pieces, editor.state.piece("B1")))
    assert not three.load_state(board).ok and "piece 'B1'" in three.message
    assert three.state == capture.layout(3)


def test_the_capture_preview_is_the_engine_s_turn_with_empty_charts():
    editor = capture_editor()
    editor.set_dice((3, 5, 2))
    before = editor.state
    preview = editor.preview()
    after, events = capture.resolve(before, (3, 5, 2), {})
    assert preview.capture and preview.state == after and preview.events == tuple(events)
    assert editor.state is before  # the board being edited is unchanged
    assert preview.lines[0] == "The red die shows 3: red turret TR1 at (4, 4) fires NW this turn"
    assert preview.title == "THE TURRETS' TURN (EVERY CHART EMPTY), STEP BY STEP"
    assert [str(a) for a in turret_aims(before, (3, 5, 2))] == ["TR1 NW", "TR2 E", "TW1 E", "TW2 SW"]
    stopped = {
        e.shooter: (e.stopped_by, e.blocker) for e in events if isinstance(e, LaserFired) and e.round == 1
    }
    assert stopped["TR2"] == ("turret", "TW1")  # TR2 fires E along row 8 onto the white turret…
    assert preview.disabled == (before.piece("TW1").cell,)  # …which stops firing for the turn
    assert set(preview.laser_cells) == {cell for path in preview.lasers for cell in path}
    assert after.crafts == before.crafts  # every craft waits on its platform, out of the lasers' way
    # A blue asteroid of the variant moves first, with the blue die.
    editor.add("asteroid", (3, 6), colour="blue", orientation="E")
    moved = editor.preview().state.piece("B1").cell
    assert moved != (3, 6) and editor.state.piece("B1").cell == (3, 6)
    # Racing boards still preview the asteroid phase.
    assert not EditorController().preview().capture


def test_an_edited_capture_layout_round_trips_through_the_file_and_plays():
    editor = capture_editor()
    editor.move("TR1", (3, 5))
    editor.rotate("TR1", -1)
    editor.move("P3", (5, 6))
    editor.add("turret", (6, 11), team="white", orientation="W")
    text = downloaded_text(ScenarioEditor(controller=editor, page_url="").parts.download.value)
    assert text == editor.to_json()
    loaded = scenario.loads(text)
    assert loaded == editor.state and loaded.piece("TW3").team == "white"
    other = EditorController()
    assert other.load_json(text, "my-capture.json").ok and other.state == editor.state
    assert links.scenario_from_query(editor.share_link().split("?", 1)[1]) == editor.state
    game = Game.from_scenario(loaded, seed=3)
    game.roll((3, 5, 2))
    events = game.play_phases()  # every chart empty: the turrets of the edited layout fire
    assert game.round == 2 and game.state.piece("TR1").cell == (3, 5)
    assert any(isinstance(e, LaserFired) and e.shooter == "TW3" for e in events)


def test_a_board_that_cannot_be_played_yet_says_why():
    editor = capture_editor()
    assert editor.remove("AW").ok  # a board being edited may lack a piece for a while
    assert editor.play_problems()[0] == (
        "capture is played by red and white, or red, white and blue: this board has asteroyds for red"
    )
    assert editor.add("asteroyd", (6, 12), team="white").ok and editor.play_problems() == ()
    assert EditorController().play_problems() == (
        "there is no craft on the board: add one with the Craft tool",
    )
    with pytest.raises(ScenarioError, match="cannot be played yet: the board has no asteroyd"):
        capture_layout.check_playable(empty_state("capture"), "x")


# --- capture in the view (no browser) -----------------------------------------------------
def test_the_view_shows_the_capture_tools_and_its_team_menu_drives_the_tools():
    view = ScenarioEditor(page_url="http://localhost:8866/voila/render/teachers_tools.ipynb")
    c = view.controller
    assert "asteroyd" not in [t for _label, t in view.parts.tools.options]
    view.parts.setup.value = "capture"
    view.parts.new_board()
    assert c.state == capture.layout(2) and view.parts.mode.value == "capture"
    assert [t for _label, t in view.parts.tools.options] == list(tools_for("capture"))
    assert "gate" not in tools_for("capture") and "asteroyd" in tools_for("capture")
    view.parts.tools.value = "turret"
    assert view.parts.target_box.layout.display == "" and view.parts.number.layout.display == "none"
    assert [v for _label, v in view.parts.team.options] == [
        "red",
        "white",
        "blue",
    ] and view.parts.symbol.layout.display == "none"
    view.parts.team.value = "white"
    view.parts.facing.value = 3
    assert (c.tool.name, c.tool.team, c.tool.orientation) == ("turret", "white", 3)
    view.board.click((6, 11))
    assert c.state.piece("TW3").team == "white" and "Added white turret TW3" in view._message.value
    view.parts.tools.value = "platform"
    assert view.parts.colour.layout.display == "none"  # a capture platform takes its team's colour
    # The play line: the engine says the board can be played, and the link opens it in the sandbox.
    assert 'data-ready="true"' in view.parts.play.value
    href = view.parts.play.value.split('href="', 1)[1].split('"', 1)[0]
    assert href.startswith("http://localhost:8866/voila/render/sandbox.ipynb?scenario=")
    assert links.scenario_from_query(html.unescape(href).split("?", 1)[1]) == c.state
    c.remove("AW")
    assert 'data-ready="false"' in view.parts.play.value and "Not playable yet" in view.parts.play.value
    # Back to targets: the Target tool's menu lists the sets again.
    c.new_board("targets")
    assert "asteroyd" not in [t for _label, t in view.parts.tools.options]
    view.parts.tools.value = "target"
    assert [v for _label, v in view.parts.team.options] == ["left", "right"] and c.tool.team == "left"


def test_the_view_previews_the_turrets_and_goes_back():
    view = ScenarioEditor(page_url="")
    c = view.controller
    c.load_setup("capture")
    c.set_dice((3, 5, 2))
    assert view._preview_button.description == "▶ Preview the turrets"
    preview = view.preview()
    assert view.board.state == preview.state and view.board.highlighted == preview.laser_cells
    assert view.board.disabled == preview.disabled == (c.state.piece("TW1").cell,)
    assert "The turrets' turn with these dice" in view.board._caption_text
    assert (
        "TURRETS&#x27; TURN" in view._preview_log.value
        and "TR1 at (4, 4) fires NW" in view._preview_log.value
    )
    view.board.click((6, 6))  # back to editing: the crosses go
    assert view.board.disabled == () and view._preview_log.value == "" and view.board.state == c.state
