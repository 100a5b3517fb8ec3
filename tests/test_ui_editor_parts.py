"""The scenario editor's parts (issue 21, item 5): objects that own their state, edits as functions.

The controller is composed, not mixed in: the board and its undo/redo steps
(``history``), what is selected or moved (``selection``), the tool in hand
(``tool_choice``) and the demonstration dice (``demonstration``) are objects it
creates and reaches through attributes; the edits, the files and the lookups are
functions of a board. The widget's sections (palette, selection, files) build and
redraw their own widgets. These tests check each part on its own, and that the
editor package stays small.
"""

from __future__ import annotations

import ast
import doctest
import importlib
from pathlib import Path

import pytest

from asteroyds.modes import capture
from asteroyds.ui.editor import EditorController, ScenarioEditor, board_files, edits, empty_state, lookups
from asteroyds.ui.editor.demonstration import Demonstration
from asteroyds.ui.editor.files_panel import FilesPanel
from asteroyds.ui.editor.history import EditHistory
from asteroyds.ui.editor.palette import ToolPalette
from asteroyds.ui.editor.selection import EditorSelection
from asteroyds.ui.editor.selection_panel import SelectionPanel
from asteroyds.ui.editor.tool_choice import ToolChoice
from asteroyds.ui.editor.tools import Refused
from asteroyds.ui.observers import Observable

EDITOR = Path(importlib.import_module("asteroyds.ui.editor").__file__).parent
PARTS = [
    "board_files",
    "controller",
    "demonstration",
    "edits",
    "history",
    "lookups",
    "selection",
    "tool_choice",
]


@pytest.mark.parametrize("name", PARTS)
def test_every_part_s_examples_run(name):
    module = importlib.import_module(f"asteroyds.ui.editor.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, name


def test_the_controller_is_composed_not_mixed_in():
    assert EditorController.__bases__ == (Observable,)  # the observers' contract, and no mixin
    editor_classes = [c for c in EditorController.__mro__ if c.__module__.startswith("asteroyds.ui.editor")]
    assert editor_classes == [EditorController]
    editor = EditorController()
    assert isinstance(editor.history, EditHistory) and isinstance(editor.selection, EditorSelection)
    assert isinstance(editor.tool_choice, ToolChoice) and isinstance(editor.demonstration, Demonstration)
    # What the controller answers is what its parts hold.
    assert editor.state is editor.history.state and editor.dice == editor.demonstration.dice
    assert editor.tool is editor.tool_choice.tool and editor.selected is editor.selection.selected


def test_an_undo_takes_back_the_board_but_not_the_tool_the_selection_or_the_dice():
    editor = EditorController()
    editor.select_tool("pod")
    editor.click((6, 6))
    editor.select_tool("select")
    editor.click((6, 6))
    editor.set_dice((2, 3, 4))
    assert editor.undo().ok and editor.state.pieces == ()
    assert editor.tool.name == "select" and str(editor.dice) == "red 2, white 3, blue 4"
    assert editor.selected is None  # the pod it pointed at is gone with the undo
    assert editor.redo().ok and [p.id for p in editor.state.pieces] == ["P1"]


def test_the_history_keeps_at_most_its_limit_and_a_new_change_forgets_the_undone():
    history = EditHistory(empty_state(), limit=3)
    boards = [empty_state(mode) for mode in ("targets", "drones", "shooting", "capture")]
    for board in boards:
        history.record(board)
    assert len(history.past) == 3 and history.past[0] is boards[0]
    assert history.undo() and history.undo() and history.can_redo
    history.record(empty_state())
    assert not history.can_redo and history.state.mode == "racing"
    assert [s.mode for s in history.past] == ["targets", "drones"]


def test_the_selection_cycles_through_a_capture_platform_and_its_crafts_and_forgets_what_is_gone():
    board = capture.layout(2)
    platform = next(p for p in board.pieces if p.kind == "platform" and p.team == "red")
    selection = EditorSelection()
    seen = [selection.cycle(board, platform.cell) for _ in range(3)]
    assert seen == [("piece", platform.id), ("craft", "red1"), ("craft", "red2")]
    assert selection.cycle(board, platform.cell) == ("piece", platform.id)  # and round again
    selection.moving = ("craft", "red2")
    gone = edits.remove(board, ("craft", "red2")).state
    selection.forget_gone(gone)
    assert selection.moving is None and selection.selected == ("piece", platform.id)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        (None, "Select a piece or a craft first (Select tool, then click it)"),
        ("X9", "no piece or craft 'X9' on the board"),
        (("craft", "green"), "no craft 'green' on the board"),
    ],
)
def test_the_selection_says_why_there_is_nothing_to_act_on(target, message):
    with pytest.raises(Refused) as refused:
        EditorSelection().resolve(empty_state(), target)
    assert refused.value.message == message


def test_an_edit_leaves_the_board_it_was_given_as_it_was():
    board = empty_state()
    change = edits.add_piece(board, "asteroid", (6, 6), colour="red", orientation="SE")
    assert board.pieces == () and change.state.piece("R1").orientation == 1
    turned = edits.rotate(change.state, ("piece", "R1"), -1)
    assert change.state.piece("R1").orientation == 1 and turned.state.piece("R1").orientation == 0
    same = edits.set_priority(turned.state, ("piece", "R1"), 1)
    assert same.state is None and same.message == "Red asteroid #1 already has priority 1"
    with pytest.raises(Refused, match=r"\(6, 6\) already holds red asteroid #1"):
        edits.add_piece(change.state, "pod", (6, 6))


def test_a_change_the_engine_refuses_is_not_recorded():
    editor = EditorController()
    before = editor.state
    bad = edits.add_piece(before, "pod", (6, 6))  # valid alone…
    twice = bad.state.with_pieces((*bad.state.pieces, bad.state.piece("P1")))  # …a duplicated id is not
    result = editor._apply(lambda: edits.Change(twice, "never said"))
    assert not result.ok and "P1" in result.message
    assert editor.state is before and not editor.can_undo


def test_the_tool_choice_refuses_a_bad_option_and_keeps_its_tool():
    choice = ToolChoice()
    choice.choose("asteroid", colour="white/red")
    with pytest.raises(ValueError, match="a gate cannot be 'purple'"):
        choice.choose("gate", colour="purple")
    assert choice.tool.name == "asteroid" and choice.tool.colour == "white/red"
    assert choice.choose("gate").colour == "red"  # a colour gates do not have gives way to theirs
    assert not choice.fit("racing") and choice.fit("capture") and choice.tool.name == "select"


def test_the_board_files_round_trip_and_a_broken_file_is_refused():
    board = edits.add_piece(empty_state("targets"), "pod", (6, 6)).state
    assert board_files.read_text(board_files.scenario_json(board), "x").state == board
    demo = board_files.demo_json(board, Demonstration((2, 4, 6)).dice, "Title", "Why")
    loaded = board_files.read_text(demo, "demo.json")
    assert loaded.state == board and loaded.dice.as_tuple() == (2, 4, 6) and "Title" in loaded.message
    with pytest.raises(Refused, match="unknown setup .nowhere."):
        board_files.built_in("nowhere")


def test_lookups_name_what_a_cell_holds_top_first():
    board = capture.layout(2)
    platform = next(p for p in board.pieces if p.kind == "platform" and p.team == "white")
    assert lookups.top(board, platform.cell) == ("piece", platform.id)  # capture: the platform first
    assert lookups.piece_name(board, platform) == f"white platform {platform.id}"
    assert lookups.names(lookups.waiting_on(board, platform)) == "the white1 and white2 crafts"


def test_the_view_s_sections_redraw_from_the_controller():
    editor = EditorController()
    runs = []
    palette = ToolPalette(editor, runs.append)
    selected = SelectionPanel(editor, runs.append, priority=lambda: 1)
    files = FilesPanel(editor, runs.append, page_url="")
    editor.select_tool("target")
    palette.sync(editor)
    assert palette.tools.value == "target" and palette.target_box.layout.display == ""
    assert [v for _label, v in palette.team.options] == ["left", "right"]
    editor.load_setup("racing", seed=1)
    editor.select_tool("select")
    editor.click(editor.state.craft("blue").cell)
    selected.sync(editor)
    assert selected.craft_box.layout.display == "" and "blue craft" in selected.selection.value
    files.sync(editor)
    assert files.json.value == editor.to_json() and files.mode.value == "racing"
    files.json.value = "my notes"
    editor.undo()
    files.sync(editor)
    assert files.json.value == "my notes"  # what someone typed is kept
    palette.tools.value = "pod"  # a choice in the palette is one controller call, run by the view
    assert len(runs) == 1 and editor.tool.name == "select"
    runs[0]()
    assert editor.tool.name == "pod"


def test_the_widget_shows_its_sections_widgets_under_its_own_names():
    view = ScenarioEditor(page_url="")
    assert view.parts.tools is view._palette.tools and view.parts.json is view._files.json
    assert view.parts.damage is view._selection_panel.damage


def test_every_editor_module_is_under_600_lines_and_every_class_under_400():
    too_big = []
    for path in sorted(EDITOR.glob("*.py")):
        text = path.read_text("utf-8")
        if len(text.splitlines()) > 600:
            too_big.append(f"{path.name}: {len(text.splitlines())} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > 400:
                too_big.append(f"{path.name}: class {node.name}")
    assert too_big == []
