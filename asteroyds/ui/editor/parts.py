"""The scenario editor's public parts: its sections' widgets and actions by name.

Tests (and a notebook that drives the editor from Python) set its menus and
read its links through :class:`EditorParts` (``ScenarioEditor.parts``), not
through the view's private attributes, so a widget can move from one section
to another without breaking them. Every section is built with the view, so
the parts are plain fields.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as widgets

from .files_panel import FilesPanel
from .palette import ToolPalette
from .selection_panel import SelectionPanel


@dataclass(frozen=True, slots=True)
class EditorParts:
    """The widgets a user sets or reads in the editor's three sections, and the actions of its buttons
    (each runs as the button does: an error is shown as the editor's message, never raised)."""

    # the tool palette: what a click on a hex does
    tools: widgets.ToggleButtons
    colour: widgets.Widget
    symbol: widgets.Dropdown
    facing: widgets.Dropdown
    priority: widgets.Widget
    team: widgets.Dropdown
    number: widgets.Widget
    target_box: widgets.VBox
    # the selected piece
    selection: widgets.HTML
    damage: widgets.Widget
    pilot: widgets.Dropdown
    tokens: widgets.Text
    apply_craft: Callable[[], None]
    # the board's files: a built-in setup, the mode, the JSON, the links
    setup: widgets.Widget
    mode: widgets.Dropdown
    json: widgets.Textarea
    download: widgets.HTML
    share: widgets.HTML
    play: widgets.HTML
    new_board: Callable[[], None]
    uploaded: Callable[[object], None]
    show_json: Callable[..., None]

    @classmethod
    def of(cls, palette: ToolPalette, selected: SelectionPanel, files: FilesPanel) -> EditorParts:
        """The parts of the editor made of these sections."""
        return cls(
            tools=palette.tools,
            colour=palette.colour,
            symbol=palette.symbol,
            facing=palette.facing,
            priority=palette.priority,
            team=palette.team,
            number=palette.number,
            target_box=palette.target_box,
            selection=selected.selection,
            damage=selected.damage,
            pilot=selected.pilot,
            tokens=selected.tokens,
            apply_craft=selected.apply_craft,
            setup=files.setup,
            mode=files.mode,
            json=files.json,
            download=files.download,
            share=files.share,
            play=files.play,
            new_board=files.new_board,
            uploaded=files.uploaded,
            show_json=files.show_json,
        )


__all__ = ["EditorParts"]
