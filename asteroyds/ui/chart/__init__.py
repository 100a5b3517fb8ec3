"""Planning charts, one kind per program a mode plans on, found by the program's type.

A seat plans on its mode's chart: the status chart for a
:class:`~asteroyds.program.Program` (:mod:`.status`), the capture chart for a
:class:`~asteroyds.modes.capture.CaptureProgram` (:mod:`.capture`), and the
planning stopwatch (:mod:`.stopwatch`) for both. The views never ask which
mode they show: they ask :func:`chart_kind` for the chart of the mode's
program type (:attr:`asteroyds.modes.Turn.program_type`). A mode on a new
kind of program registers its chart here (:func:`register_chart`), once.

Controllers are plain Python; the widgets import ipywidgets (and bqplot) when
a chart is first shown: the table names them by module, so a page pays only
for the charts it shows.

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> type(new_chart(state, "blue")).__name__
'StatusChartController'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import RuleError
from ...event_text import player_text, team_text
from ...events import Event
from ...i18n import N_, _
from ...modes import mode_of
from ...modes.capture.program import CaptureProgram
from ...program import Program
from ...state import State


@dataclass(frozen=True)
class ChartKind:
    """One kind of planning chart: its controller and widget (``"module:Class"``, relative to this
    package), and its titles (marked; translated where shown: ``{player}``, ``{team}``)."""

    controller: str
    widget: str
    title: str  # the sandbox's title of a player's chart
    seat_title: str  # a class room's title of a seat's chart
    # A turn resolved at once steps through its own inspector: "module:function" of (events, cursor,
    # active) -> HTML, and "module:NAME" of its marked title (capture's round inspector). None: the
    # round player's priority inspector.
    inspector: str | None = None
    inspector_title: str | None = None
    # Who sits at the table in the sandbox, and how its game is set up: "module:NAME" of the table
    # (asteroyds.ui.sandbox.setup.Table). None: one seat per player colour.
    table: str | None = None

    def controller_class(self) -> Any:
        return _load(self.controller)

    def widget_class(self) -> type:
        return _load(self.widget)

    def table_of(self) -> Any:
        """The sandbox table of this chart's mode (None: the colour table)."""
        return None if self.table is None else _load(self.table)

    def inspector_of(self) -> tuple[str, Callable[[Sequence[Event], int, bool], str]] | None:
        """(title, html function) of the turn's own inspector, or None."""
        if self.inspector is None or self.inspector_title is None:
            return None
        return _load(self.inspector_title), _load(self.inspector)


CHARTS: dict[type, ChartKind] = {}


def register_chart(program_type: type, kind: ChartKind) -> ChartKind:
    """Seats whose mode plans ``program_type`` programs plan on ``kind``."""
    CHARTS[program_type] = kind
    return kind


def chart_kind(state: State) -> ChartKind:
    """The chart a seat of ``state``'s game plans on."""
    program_type = mode_of(state).turn.program_type
    found = CHARTS.get(program_type)
    if found is None:
        raise RuleError(
            _(
                "no planning chart is registered for {chart} programs (mode {mode})",
                chart=program_type.__name__,
                mode=state.mode,
            )
        )
    return found


def new_chart(state: State, player: str) -> Any:
    """A fresh chart controller for ``player``'s craft in ``state``'s game (the mode's chart)."""
    return chart_kind(state).controller_class().for_game(state.craft(player), state)


def chart_widget(state: State, controller: Any, player: str, *, seat: bool = False) -> Any:
    """The widget of ``controller`` (a chart of ``state``'s mode), titled for ``player``.

    ``seat``: the class room's title (the sandbox's otherwise).
    """
    kind = chart_kind(state)
    team = getattr(controller, "craft", None)
    name, team_name = player_text(player), team_text(getattr(team, "team", "") or "")  # in words
    title = _(kind.seat_title if seat else kind.title, player=name, seat=name, team=team_name)
    return kind.widget_class()(controller=controller, title=title)


def _load(where: str) -> Any:
    module, name = where.split(":")
    return getattr(importlib.import_module(module, __name__), name)


register_chart(
    Program,
    ChartKind(
        ".status.controller:StatusChartController",
        ".status.view:StatusChart",
        N_("STATUS CHART · {player} craft"),
        N_("STATUS CHART · {seat} craft"),
    ),
)
register_chart(
    CaptureProgram,
    ChartKind(
        ".capture.controller:CaptureChartController",
        ".capture.view:CaptureChart",
        N_("CAPTURE CHART · {player} · {team} team"),
        N_("CAPTURE CHART · {seat}"),
        inspector=".capture.inspector:round_inspector_html",
        inspector_title=".capture.inspector:TITLE",
        table=".capture.table:TEAM_TABLE",
    ),
)

__all__ = ["CHARTS", "ChartKind", "chart_kind", "chart_widget", "new_chart", "register_chart"]
