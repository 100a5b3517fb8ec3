"""The sandbox setup panel's capture section: teams, crafts per team, who flies each craft, the variants.

For Capture the Asteroyd (docs/rules.md#11-capture-the-asteroyd) the colour seats give way to the teams:
2 or 3 teams, 1-3 crafts each, each craft human or bot, blue asteroids (0-4,
two teams), destructible or not, and the 1 v 1 duel. The panel
(:mod:`asteroyds.ui.sandbox.panel`) shows it for a mode whose table is the
capture table (:mod:`.table`); :meth:`CaptureSection.read` gives the
:class:`~asteroyds.ui.sandbox.setup.SandboxSetup`.

CSS classes for browser tests: ``asteroyds-capture-setup``,
``asteroyds-capture-teams``, ``asteroyds-capture-crafts``,
``asteroyds-capture-kind-{craft}`` (``red1``...), ``asteroyds-blue-asteroids``,
``asteroyds-duel``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ....i18n import N_, _
from ....modes.capture import BLUE_ASTEROID_CELLS, MAX_CRAFTS_PER_TEAM, MODE, TEAM_SETS
from ... import theme
from ...sandbox.panel import _check, _dot, _row, _section, html_part
from ...sandbox.setup import KIND_NAMES, SandboxSetup, Seat, Table

CAPTURE_HELP = N_(
    "Teams of crafts: fly into the enemy asteroyd's space, bring it onto your own platform: one point. "
    "First to 3 (2 with three teams) and ahead wins. A team's human crafts plan together on this device, "
    "then the next team; bots plan at once."
)
# Capture seats: a craft is a human, the capture team bot (the engine's team bot) or the coach.
CAPTURE_KINDS: list[tuple[str, str]] = [
    (N_("human"),  "human"), (N_("bot"), "greedy"), (KIND_NAMES["coach"], "coach")
]  # fmt: skip
# shown as _(label)


class CaptureSection(widgets.VBox):
    """The capture section of the setup card; ``changed`` is called when teams, crafts or blue change.

    ``table`` is the capture table (:data:`.table.TEAM_TABLE`), which makes this section: it is given,
    not imported, as the table imports this module.
    """

    def __init__(self, s: SandboxSetup, changed: Callable[[], object], table: Table) -> None:
        super().__init__()
        self._teams = widgets.ToggleButtons(
            options=[("2 teams", 2), ("3 teams", 3)], value=s.teams if s.teams in TEAM_SETS else 2
        )
        self._teams.style.button_width = "80px"
        self._teams.add_class("asteroyds-capture-teams")
        self._crafts = widgets.ToggleButtons(
            options=[(f"{n} craft{'s' * (n > 1)}", n) for n in range(1, MAX_CRAFTS_PER_TEAM + 1)],
            value=s.crafts_per_team,
        )
        self._crafts.style.button_width = "80px"
        self._crafts.add_class("asteroyds-capture-crafts")
        kinds = s.kinds if s.table is table else {}  # a colour table's seats name no craft here
        self._capture_kinds: dict[str, widgets.Dropdown] = {}
        self._capture_rows: dict[str, widgets.HBox] = {}
        rows = []
        for team in TEAM_SETS[3]:  # every team: red, white, blue
            cells: list[widgets.Widget] = []
            for i in range(1, MAX_CRAFTS_PER_TEAM + 1):
                craft = f"{team}{i}"
                default = "human" if team == "red" else "greedy"
                value = kinds.get(craft) or kinds.get(team) or default
                kind = widgets.Dropdown(
                    options=[(_(label), value) for label, value in CAPTURE_KINDS],
                    value=value if value in dict(CAPTURE_KINDS).values() else "greedy",
                    description=craft,
                    style={"description_width": "44px"},
                    layout=widgets.Layout(width="130px"),
                )
                kind.add_class(f"asteroyds-capture-kind-{craft}")
                self._capture_kinds[craft] = kind
                cells.append(kind)
            row = _row(_dot(theme.COLOURS.get(team, theme.player_colour(None))), *cells)
            self._capture_rows[team] = row
            rows.append(row)
        blue_max = len(BLUE_ASTEROID_CELLS)
        self._blue = widgets.BoundedIntText(  # a labelled number box: a slider handle has no name (axe)
            value=s.blue_asteroids,
            min=0,
            max=blue_max,
            description=_("Blue asteroids"),
            style={"description_width": "100px"},
        )
        self._blue.layout.width = "300px"
        self._blue.add_class("asteroyds-blue-asteroids")
        self._destructible = _check(
            s.destructible_asteroids, _("Blue asteroids are destructible (lasers, ramming)"), "470px"
        )
        self._duel = _check(s.duel, _("1 v 1: each player runs a whole team (double planning time)"), "470px")
        self._duel.add_class("asteroyds-duel")
        self._capture_note = html_part("asteroyds-note", width="470px")
        self._blue_box = widgets.VBox([self._blue, self._destructible])
        self.children = [
            _section(_("Capture the Asteroyd: teams")),
            html_part("asteroyds-note", _(CAPTURE_HELP), width="470px"),
            _row(self._teams, self._crafts),
            _section(_("Who flies each craft")),
            *rows,
            self._capture_note,
            _section(_("Capture variants")),
            self._blue_box,
            self._duel,
        ]
        self.add_class("asteroyds-capture-setup")
        for control in (self._teams, self._crafts, self._blue):
            control.observe(lambda _ch: changed(), names="value")

    def read(self, common: dict[str, Any]) -> SandboxSetup:
        """The capture choices (``common``: the panel's seed, pilots, planning time and coach)."""
        teams, crafts = int(self._teams.value), int(self._crafts.value)
        seats = tuple(
            Seat(f"{team}{i}", self._capture_kinds[f"{team}{i}"].value)
            for team in TEAM_SETS[teams]
            for i in range(1, crafts + 1)
        )
        return SandboxSetup(
            mode=MODE,
            seats=seats,
            teams=teams,
            crafts_per_team=crafts,
            blue_asteroids=int(self._blue.value) if teams == 2 else 0,
            destructible_asteroids=self._destructible.value,
            duel=self._duel.value,
            **common,
        )

    def refresh(self) -> None:
        """Show the rows of the teams and crafts in play, and say the turn order."""
        teams, crafts = int(self._teams.value), int(self._crafts.value)
        playing = TEAM_SETS[teams]
        for team, row in self._capture_rows.items():
            row.layout.display = "" if team in playing else "none"
            for i, kind in enumerate(row.children[1:], 1):
                kind.layout.display = "" if i <= crafts else "none"
        self._blue_box.layout.display = "" if teams == 2 else "none"
        order = [f"{team}{i}" for i in range(1, crafts + 1) for team in playing]
        self._capture_note.value = html.escape(
            _(
                "{n} crafts, in turn order {choices}. Team-mates plan together; a team with no "
                "human is played by the bot.",
                n=len(order),
                choices=", ".join(order),
            )
        )


__all__ = ["CAPTURE_HELP", "CAPTURE_KINDS", "CaptureSection"]
