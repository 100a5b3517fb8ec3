"""Capture's table in the sandbox: teams of crafts as seats, the capture setup, its checks and its game.

The sandbox's setup (:class:`~asteroyds.ui.sandbox.setup.SandboxSetup`) asks
the table of its mode's chart kind (:mod:`asteroyds.ui.chart`) everything
that depends on who sits at the table and how the game is set up; this is
the capture chart's (docs/rules.md#11-capture-the-asteroyd). A seat names a craft (``red1``) or a whole
team (``red``: every red craft); crafts are named by the engine after their
team (``red1``, ``white1``, ``red2``...). The usual table: some teams
human, the others bots (:meth:`TeamTable.new_setup`).

>>> capture_crafts(2, 2)
('red1', 'red2', 'white1', 'white2')
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ....errors import ScenarioError
from ....game import Game
from ....i18n import _
from ....modes import Planning, mode_named
from ....modes.capture import BLUE_ASTEROID_CELLS, MAX_CRAFTS_PER_TEAM, TEAM_SETS, CaptureRules
from ....modes.capture.boards import team_names
from ....pieces import ASTEROID, BLUE, PILOTS
from ....simulate import random_pilots
from ....state import State

if TYPE_CHECKING:
    from ...sandbox.setup import SandboxSetup, Seat

MODE = "capture"
CAPTURE_TEAMS: tuple[str, ...] = TEAM_SETS[3]  # red, white, blue
# A capture seat: a team, or one of its crafts as the engine names them (red1 ... blue3).
CAPTURE_SEAT = re.compile(rf"({'|'.join(CAPTURE_TEAMS)})([1-{MAX_CRAFTS_PER_TEAM}])?")


def capture_crafts(teams: int, crafts_per_team: int) -> tuple[str, ...]:
    """The crafts of a capture game, team by team, as the engine names them."""
    if teams not in TEAM_SETS:
        raise ScenarioError(_("capture is played by 2 or 3 teams, not {teams!r}", teams=teams))
    return tuple(f"{team}{i}" for team in TEAM_SETS[teams] for i in range(1, crafts_per_team + 1))


class TeamTable:
    """Capture's sandbox table: team seats, the team setup's checks, the capture game."""

    def is_seat(self, name: str) -> bool:
        """Is ``name`` a capture seat (a team or a craft)?"""
        return bool(CAPTURE_SEAT.fullmatch(str(name)))

    def new_setup(
        self,
        cls: type[SandboxSetup],
        teams: int = 2,
        crafts_per_team: int = 2,
        humans: Iterable[str] = ("red",),
        board: State | None = None,
        **options: Any,
    ) -> SandboxSetup:
        """A capture setup: the crafts (or whole teams) in ``humans`` are human, the rest bots."""
        from ...sandbox.setup import Seat

        if board is not None:
            if mode_named(board.mode).turn.planning is not Planning.TEAM:
                raise ScenarioError(
                    _("SandboxSetup.capture needs a capture board, got a {mode} board", mode=board.mode)
                )
            return cls.from_board(board, humans, **options)
        people = set(humans)
        seats = tuple(
            Seat(craft, "human" if craft in people or craft.rstrip("123") in people else "greedy")
            for craft in capture_crafts(teams, crafts_per_team)
        )
        return cls(mode=MODE, seats=seats, teams=teams, crafts_per_team=crafts_per_team, **options)

    def board_seats(self, board: State, kind: Callable[..., str]) -> list[Seat]:
        """The seats of a capture board: its teams, plus a craft played apart from its team."""
        from ...sandbox.setup import Seat

        seats = [Seat(team, kind(team)) for team in team_names(board)]
        seats += [
            Seat(c.player, kind(c.player, c.team))
            for c in board.crafts_in_order()
            if CAPTURE_SEAT.fullmatch(c.player) and kind(c.player, c.team) != kind(c.team)
        ]
        return seats

    def check(self, setup: SandboxSetup) -> None:
        """A capture table that can be built: 2-3 teams of 1-3 crafts, seats of this game."""
        if setup.teams not in TEAM_SETS:
            raise ScenarioError(_("capture is played by 2 or 3 teams, not {teams!r}", teams=setup.teams))
        if not 1 <= setup.crafts_per_team <= MAX_CRAFTS_PER_TEAM:
            raise ScenarioError(
                _(
                    "a capture team has 1-{MAX_CRAFTS_PER_TEAM} crafts, not {crafts_per_team!r}",
                    MAX_CRAFTS_PER_TEAM=MAX_CRAFTS_PER_TEAM,
                    crafts_per_team=setup.crafts_per_team,
                )
            )
        crafts = capture_crafts(setup.teams, setup.crafts_per_team)
        names = set(crafts) | set(TEAM_SETS[setup.teams])
        for seat in setup.seats:
            if seat.colour not in names:
                raise ScenarioError(
                    _(
                        "{colour!r} is not a team or craft of this capture game (teams {choices}; "
                        "crafts {join2})",
                        colour=seat.colour,
                        choices=", ".join(TEAM_SETS[setup.teams]),
                        join2=", ".join(crafts),
                    )
                )
        if setup.pilots and len(crafts) > len(PILOTS):
            raise ScenarioError(
                _("the pilots variant has {n} pilots for {n2} crafts", n=len(PILOTS), n2=len(crafts))
            )
        if setup.remove:
            raise ScenarioError(_("capture has no asteroids to remove (the blue asteroids are a number)"))

    def mode_rules(self, setup: SandboxSetup) -> CaptureRules:
        """The capture settings a table may change; the rest are fixed.

        The rules: docs/rules.md#11-capture-the-asteroyd.
        """
        return CaptureRules(destructible_asteroids=setup.destructible_asteroids)

    def build(self, setup: SandboxSetup, rng: random.Random) -> Game:
        """The capture game of these choices (``rng`` draws the pilots)."""
        crafts = capture_crafts(setup.teams, setup.crafts_per_team)
        pilots = dict(zip(crafts, random_pilots(crafts, rng), strict=True)) if setup.pilots else None
        return Game.new(
            MODE,
            teams=setup.teams,
            crafts_per_team=setup.crafts_per_team,
            seed=setup.seed,
            mode_rules=self.mode_rules(setup),
            blue_asteroids=setup.blue_asteroids,
            pilots=pilots,
            duel=setup.duel,
            rules=setup.rules(),
        )

    def options_of(self, game: Game) -> dict[str, Any]:
        """The capture choices that describe a (loaded) game: teams, crafts, blue asteroids, rules."""
        initial = game.initial
        teams = {c.team for c in initial.crafts if c.team}
        blue = sum(1 for p in initial.pieces if p.kind == ASTEROID and p.colour == BLUE)
        return {
            "teams": len(teams) if len(teams) in TEAM_SETS else 2,
            "crafts_per_team": max(sum(c.team == t for c in initial.crafts) for t in teams) if teams else 2,
            "blue_asteroids": min(blue, len(BLUE_ASTEROID_CELLS)),
            "destructible_asteroids": game.mode_rules.destructible_asteroids,
        }

    def asteroid_choices(self, mode: str, seed: int) -> list[tuple[str, str]]:
        """Capture has no "fewer asteroids" menu (its blue asteroids are a number, not a choice)."""
        return []

    def section(self, setup: SandboxSetup, changed: Callable[[], object]) -> Any:
        """The setup panel's capture section (teams, crafts, who flies each, the variants)."""
        from .section import CaptureSection

        return CaptureSection(setup, changed, self)


TEAM_TABLE = TeamTable()

__all__ = ["CAPTURE_SEAT", "CAPTURE_TEAMS", "TEAM_TABLE", "TeamTable", "capture_crafts"]
