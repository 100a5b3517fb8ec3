"""The editor's tool palette: what a click on a hex does, and the options of what it adds.

:class:`ToolPalette` owns the palette's widgets (the tool buttons, colour,
symbol, facing, priority, and the Team/Number menus of the Target tool or of
a capture team's piece) and keeps them in step with the controller's tool:
a change in a menu chooses a tool (:meth:`EditorController.select_tool
<asteroyds.ui.editor.controller.EditorController.select_tool>`), and
:meth:`ToolPalette.sync` shows the options the tool and the board's mode use.
It is its own object because those menus redraw one another (a tool's
colours replace the colour menu), and its ``syncing`` flag keeps a redraw from
being read as a choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from ...event_text import colour_text, direction_text, team_text
from ...hexgrid import direction_name
from ...i18n import N_, _
from ...modes import mode_named
from ...modes.targets import SIDES
from ...pieces import TILE_COLOURS
from ..share.markup import tag
from .controller import EditorController
from .controls import Run, sized, title
from .targets import SET_SIZE
from .tools import (
    CAPTURE_TEAMS,
    SYMBOL_TOOLS,
    SYMBOLS,
    TARGET_TOOL,
    TEAM_TOOLS,
    TOOL_COLOURS,
    TOOL_LABELS,
    tools_for,
)

TARGET_TIP = N_(
    "Targets mode: click a white-bearing asteroid to put this target on it; click it again to take "
    "the target off."
)
TEAM_TIP = N_("Capture: what you add belongs to this team (a platform takes its colour).")
DIRECTION_OPTIONS: list[tuple[str, int]] = [(direction_name(d), d) for d in range(6)]
# The Target tool's numbers: 0 is "the next free one" (a Dropdown value cannot be None).
NUMBER_OPTIONS: list[tuple[str, int]] = [(N_("next free"), 0), *((str(n), n) for n in range(1, SET_SIZE + 1))]


def colour_options(colours: Sequence[str]) -> list[tuple[str, str]]:
    """A colour menu: each colour in the page's language, its id as the value."""
    return [(colour_text(c), c) for c in colours]


def team_options(teams: Sequence[str]) -> list[tuple[str, str]]:
    """A team menu (targets' sides, capture's colours): "team left", "équipe de gauche"."""
    return [(_("team {team}", team=team_text(t)), t) for t in teams]


def direction_options() -> list[tuple[str, int]]:
    """The Facing menu: the compass names in the page's language (``SO`` in French)."""
    return [(direction_text(d), d) for d in range(6)]


def tool_options(mode: str) -> list[tuple[str, str]]:
    """The palette's buttons: the tools of the board's mode."""
    return [(_(TOOL_LABELS[t]), t) for t in tools_for(mode)]


class ToolPalette:
    """The tool buttons and the options of what a click adds (``asteroyds-editor-tools``, ``-colour``…)."""

    def __init__(self, controller: EditorController, run: Run) -> None:
        self._controller, self._run = controller, run
        self.syncing = False
        c = controller
        tools = widgets.ToggleButtons(
            options=tool_options(c.state.mode), value=c.tool.name, style={"button_width": "84px"}
        )
        self.tools = sized(tools, "100%", "asteroyds-editor-tools")
        colours = widgets.Dropdown(description=_("Colour"), options=colour_options(TILE_COLOURS))
        self.colour = sized(colours, "185px")
        self.symbol = sized(widgets.Dropdown(description=_("Symbol"), options=list(SYMBOLS)), "185px")
        self.facing = sized(widgets.Dropdown(description=_("Facing"), options=direction_options()), "185px")
        priority = widgets.BoundedIntText(value=1, min=1, max=99, description=_("Priority"))
        self.priority = sized(priority, "185px", "asteroyds-editor-priority")
        self.team = sized(widgets.Dropdown(description=_("Team"), options=team_options(SIDES)), "185px")
        self.number = sized(
            widgets.Dropdown(
                description=_("Number"),
                options=[(_(label) if not label.isdigit() else label, n) for label, n in NUMBER_OPTIONS],
            ),
            "185px",
        )
        for name in ("tools", "colour", "symbol", "facing", "priority", "team", "number"):
            getattr(self, name).observe(self._changed, names="value")
            getattr(self, name).add_class(f"asteroyds-editor-{name}")
        self.team_tip = widgets.HTML()
        self.target_box = widgets.VBox([widgets.HBox([self.team, self.number]), self.team_tip])

    def children(self) -> list[widgets.Widget]:
        """The palette's rows, in the side column's order."""
        return [
            title(_("TOOL: A CLICK ON A HEX…")),
            self.tools,
            widgets.HBox([self.colour, self.symbol]),
            widgets.HBox([self.facing, self.priority]),
            self.target_box,
        ]

    def sync(self, c: EditorController) -> None:
        """Show the controller's tool and the options it uses on this board (a redraw, not a choice)."""
        self.syncing = True
        try:
            tool = c.tool
            team_board = bool(mode_named(c.state.mode).team_kinds)  # its pieces belong to teams (capture)
            options = tool_options(c.state.mode)
            if self.tools.options != tuple(options):
                self.tools.options = options
            self.tools.value = tool.name
            team_tool = team_board and tool.name in TEAM_TOOLS
            coloured = tool.name in TOOL_COLOURS and not team_tool  # a team's piece takes the team's colour
            self.colour.layout.display = "" if coloured else "none"
            self.symbol.layout.display = "" if tool.name in SYMBOL_TOOLS and not team_board else "none"
            self.target_box.layout.display = "" if tool.name == TARGET_TOOL or team_tool else "none"
            self.number.layout.display = "" if tool.name == TARGET_TOOL else "none"
            teams = list(SIDES) if tool.name == TARGET_TOOL else list(CAPTURE_TEAMS)
            if [value for _label, value in self.team.options] != teams:
                self.team.options = team_options(teams)
            if tool.team in teams:
                self.team.value = tool.team
            tip = _(TARGET_TIP) if tool.name == TARGET_TOOL else _(TEAM_TIP)
            self.team_tip.value = tag("span", tip, class_="asteroyds-caption")
            kind, key = c.selected or ("", "")
            # The Priority box shows the selected tile's number (unless the Priority tool is typing one).
            if kind == "piece" and c.state.piece(key).priority is not None and tool.name != "priority":
                self.priority.value = min(c.state.piece(key).priority or 1, self.priority.max)
        finally:
            self.syncing = False

    def _changed(self, _change: dict) -> None:
        """A menu or a tool button changed: choose the tool with the options it uses."""
        if self.syncing:
            return
        name = self.tools.value
        options: dict[str, Any] = {"orientation": self.facing.value, "priority": int(self.priority.value)}
        if name in TOOL_COLOURS:
            allowed = TOOL_COLOURS[name]
            if tuple(value for _label, value in self.colour.options) != allowed:
                self.syncing = True
                try:
                    self.colour.options = colour_options(allowed)
                    self.colour.value = allowed[0]
                finally:
                    self.syncing = False
            options["colour"] = self.colour.value
        team_board = bool(mode_named(self._controller.state.mode).team_kinds)  # capture: a team, no symbol
        if name in SYMBOL_TOOLS and not team_board:
            options["symbol"] = self.symbol.value
        team = self.team.value
        if name == TARGET_TOOL:  # the menu may still list the capture teams: then the first set
            options["team"] = team if team in SIDES else None
            options["number"] = int(self.number.value) or None
        elif name in TEAM_TOOLS and team in CAPTURE_TEAMS:
            options["team"] = team
        self._run(lambda: self._controller.select_tool(name, **options))


__all__ = ["DIRECTION_OPTIONS", "NUMBER_OPTIONS", "TARGET_TIP", "TEAM_TIP", "ToolPalette", "tool_options"]
