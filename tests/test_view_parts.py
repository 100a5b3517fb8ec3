"""The views' public parts (issue 36, item 5): what tests reach of the sandbox and the editor.

``Sandbox.parts`` and ``ScenarioEditor.parts`` name the widgets a user clicks or reads and the
views' file actions, so tests no longer read private attributes kept "by the names the tests
have used". Here: each part is a widget on the page, a lazy part is built only when asked for,
an action does what its button does, and the views keep no private property for tests.
"""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as widgets
import pytest

from asteroyds.ui.editor import ScenarioEditor
from asteroyds.ui.editor.parts import EditorParts
from asteroyds.ui.sandbox.parts import SandboxParts
from asteroyds.ui.sandbox.view import Sandbox, SandboxController, SandboxSetup, Seat


def shown(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    """``widget`` and every widget under it."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from shown(child)


def on_page(view: widgets.Widget, part: widgets.Widget) -> bool:
    return any(w is part for w in shown(view))


def with_class(view: widgets.Widget, css: str) -> list[widgets.Widget]:
    return [w for w in shown(view) if css in getattr(w, "_dom_classes", ())]


def test_the_sandbox_parts_are_widgets_of_its_page():
    view = Sandbox()
    parts = view.parts
    assert isinstance(parts, SandboxParts)
    for part in (parts.save, parts.picture, parts.board_slot, parts.on_scenario):
        assert on_page(view, part)
    view.start_game()
    assert on_page(view, parts.dice)  # built when the game first shows them
    parts.dice.roll()  # the game's seeded roll
    assert view.controller.stage == "planning" and on_page(view, parts.submit)
    parts.submit.click()
    assert view.controller.stage == "asteroids"


def test_reading_the_load_box_builds_it_and_nothing_else():
    view = Sandbox()
    assert with_class(view, "asteroyds-load-box") == []  # a page nobody loads from has no upload widgets
    box = view.parts.load_box
    assert with_class(view, "asteroyds-load-box") == [box] and box.layout.display == "none"
    assert on_page(view, view.parts.load_text)


def test_the_sandbox_file_actions_run_the_page_way():
    saved = SandboxController(SandboxSetup(mode="racing", seats=(Seat("blue", "greedy"),), seed=3))
    saved.new_game()
    saved.play_round()
    view = Sandbox()
    view.parts.run(lambda: view.parts.load(saved.save_text(), "saved.json"))
    assert view.error == "" and view.controller.game.state == saved.game.state
    game = view.controller.game
    view.parts.run(lambda: view.parts.load("{broken", "the pasted text"))
    assert "the pasted text" in view.error and view.controller.game is game  # shown, and nothing changed
    with pytest.raises(Exception, match="the pasted text"):  # outside run, the error is raised
        view.parts.load("{broken", "the pasted text")


def test_the_editor_parts_are_its_sections_widgets_and_actions():
    editor = ScenarioEditor(page_url="")
    parts = editor.parts
    assert isinstance(parts, EditorParts)
    for name, value in ((f, getattr(parts, f)) for f in EditorParts.__dataclass_fields__):
        if isinstance(value, widgets.Widget):
            assert on_page(editor, value), name
        else:
            assert callable(value), name
    parts.json.value = "typed over"
    parts.show_json(force=True)  # "Show this board's JSON"
    assert parts.json.value == editor.controller.to_json()


@pytest.mark.parametrize("view", [Sandbox, ScenarioEditor])
def test_the_views_keep_no_private_property_for_tests(view):
    own = [cls for cls in view.__mro__ if cls.__module__.startswith("asteroyds.")]
    private = [
        name
        for cls in own
        for name, member in vars(cls).items()
        if isinstance(member, property) and name.startswith("_") and not name.startswith("__")
    ]
    assert private == []
