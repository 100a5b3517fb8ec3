"""The tool in the teacher's hand: what a click on a hex does, with the options of what it adds.

:class:`ToolChoice` is its own object because the tool is the one setting
that persists between clicks and belongs to no board: changing it never
adds an undo step, and its options are checked once, when it is chosen
(a bad colour or team is a :class:`ValueError` naming the choices), so a
click only reads them. When the board's mode has no use for the tool (a
gate on a capture board) it gives way to Select (:meth:`ToolChoice.fit`).

>>> choice = ToolChoice()
>>> choice.choose("gate", colour="white", orientation="SE")
Tool(name='gate', colour='white', symbol=None, orientation=1, priority=None, team=None, number=None)
>>> choice.choose("turret", team="green")
Traceback (most recent call last):
...
ValueError: a capture team is red, white, blue, got 'green'
>>> choice.tool.name  # a refused choice keeps the tool
'gate'
>>> choice.fit("capture"), choice.tool.name  # capture has no gates: Select instead
(True, 'select')
"""

from __future__ import annotations

from typing import Any

from ...i18n import _
from ...modes.targets import SIDES
from .tools import (
    CAPTURE_TEAMS,
    SYMBOLS,
    TARGET_TOOL,
    TEAM_TOOLS,
    TOOL_COLOURS,
    TOOL_OPTIONS,
    TOOLS,
    Tool,
    as_orientation,
    is_whole,
    tools_for,
)


class ToolChoice:
    """The current :class:`~asteroyds.ui.editor.tools.Tool` (``tool``), changed only by checked choices."""

    def __init__(self) -> None:
        self.tool = Tool()

    def choose(self, name: str, **options: Any) -> Tool:
        """Take tool ``name`` with these options; options not given keep the last tool's where they apply.

        Options: ``colour``, ``symbol``, ``orientation``, ``priority``; and
        the Target tool's (targets mode) ``team``, the set (``left`` or
        ``right``), and ``number``, the number in it (None: the next free one).
        For the Platform, Turret, Asteroyd and Craft tools ``team`` is the
        capture team (``red``, ``white``, ``blue``; red unless given) of what
        they add in capture mode; other modes do not use it.
        """
        if name not in TOOLS:
            raise ValueError(
                _("no tool {name!r} (expected one of {choices})", name=name, choices=", ".join(TOOLS))
            )
        unknown = sorted(set(options) - TOOL_OPTIONS)
        if unknown:
            raise ValueError(_("unknown tool option {unknown!r}", unknown=unknown[0]))
        colour = options.get("colour", self.tool.colour)
        allowed = TOOL_COLOURS.get(name)
        if allowed is not None and colour not in allowed:
            if "colour" in options:
                raise ValueError(
                    _(
                        "a {name} cannot be {colour!r} (expected one of {choices})",
                        name=name,
                        colour=colour,
                        choices=", ".join(allowed),
                    )
                )
            colour = allowed[0]
        symbol = options.get("symbol", self.tool.symbol)
        if symbol is not None and symbol not in SYMBOLS:
            raise ValueError(
                _("symbol must be one of {choices}, got {symbol!r}", choices=" ".join(SYMBOLS), symbol=symbol)
            )
        orientation = as_orientation(options.get("orientation", self.tool.orientation))
        priority = options.get("priority", self.tool.priority)
        if priority is not None and (isinstance(priority, bool) or not isinstance(priority, int)):
            raise ValueError(_("priority must be a whole number, got {priority!r}", priority=priority))
        team, number = self._team_and_number(name, options)
        self.tool = Tool(name, colour if allowed else None, symbol, orientation, priority, team, number)
        return self.tool

    def _team_and_number(self, name: str, options: dict[str, Any]) -> tuple[str | None, int | None]:
        """The Target tool's set and number, or the capture team of what a team's tool adds."""
        team, number = options.get("team", self.tool.team), options.get("number", self.tool.number)
        if name == TARGET_TOOL:
            team = SIDES[0] if team is None else team
            if team not in SIDES:
                raise ValueError(
                    _(
                        "a target belongs to the {choices} set, got {team!r}",
                        choices=" or ".join(SIDES),
                        team=team,
                    )
                )
            if number is not None and not is_whole(number):
                raise ValueError(_("a target number is a whole number from 1, got {number!r}", number=number))
        elif name in TEAM_TOOLS:  # capture mode: the team of the piece or craft it adds
            number = None
            if "team" in options and team not in CAPTURE_TEAMS:
                raise ValueError(
                    _(
                        "a capture team is {choices}, got {team!r}",
                        choices=", ".join(CAPTURE_TEAMS),
                        team=team,
                    )
                )
            if team not in CAPTURE_TEAMS:
                team = CAPTURE_TEAMS[0]
        else:
            team = number = None
        return team, number

    def fit(self, mode: str) -> bool:
        """A tool the board's mode has no use for (a gate on a capture board) gives way to Select: True."""
        if self.tool.name in tools_for(mode):
            return False
        self.tool = Tool()
        return True


__all__ = ["ToolChoice"]
