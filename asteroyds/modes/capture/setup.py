"""Capture the Asteroyd's layouts and setup: the default boards, with the variants as options.

The rules: docs/rules.md#11-capture-the-asteroyd.

Teams (red, white, and blue with three teams) each have a base: their
asteroyd, a platform, public pods and turrets. ``docs/capture.md`` says how
the default layouts were drawn (``data/capture-2teams.json``,
``data/capture-3teams.json``) and lists every decision taken where the
rules are silent.

>>> state = setup(teams=2, crafts_per_team=2)
>>> [c.player for c in state.crafts_in_order()]
['red1', 'white1', 'red2', 'white2']
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import cast

from ... import scenario
from ...errors import ScenarioError
from ...hexgrid import Cell
from ...i18n import _
from ...pieces import ASTEROID, BLUE, PILOTS, Craft, Piece
from ...rules import DEFAULT_RULES, RuleSettings
from ...state import State
from .rules import platform_of

MODE = "capture"
LAYOUT_FILES: dict[int, str] = {2: "data/capture-2teams.json", 3: "data/capture-3teams.json"}
TEAM_SETS: dict[int, tuple[str, ...]] = {2: ("red", "white"), 3: ("red", "white", "blue")}
MAX_CRAFTS_PER_TEAM = 3
# Start spaces of the blue asteroids variant (two teams): two pairs symmetric under the half-turn.
BLUE_ASTEROID_CELLS: tuple[Cell, ...] = ((3, 6), (9, 8), (5, 9), (7, 5))


@cache
def _layout_text(team_count: int) -> str:
    return resources.files("asteroyds").joinpath(LAYOUT_FILES[team_count]).read_text(encoding="utf-8")


def layout(team_count: int = 2) -> State:
    """The shipped default game for 2 or 3 teams (two crafts per team), as a state."""
    if team_count not in LAYOUT_FILES:
        raise ScenarioError(_("capture is played by 2 or 3 teams, not {team_count!r}", team_count=team_count))
    return scenario.loads(_layout_text(team_count), where=LAYOUT_FILES[team_count])


def setup(
    teams: int | Sequence[str] = 2,
    crafts_per_team: int | Mapping[str, int] = 2,
    seed: int = 0,
    blue_asteroids: int = 0,
    pilots: Mapping[str, str | None] | None = None,
    players: Mapping[str, Sequence[str]] | None = None,
    duel: bool = False,
    rules: RuleSettings = DEFAULT_RULES,
) -> State:
    """A capture game on the default layout of 2 or 3 teams.

    ``crafts_per_team`` is 1-3, or a mapping for uneven teams (``{"white": 3,
    "red": 2}``). Crafts are named ``red1``, ``white1``, ... (``players``
    renames them: ``{"red": ["ann", "bob"]}``), all start on their team's
    platform, and play in turn order red1, white1, (blue1,) red2, ...
    ``blue_asteroids`` (0-4, two teams only) adds the blue asteroids of the
    variant, orientations and priorities drawn from ``seed``. ``pilots`` maps
    players to pilots (the pilot variant). ``duel`` is the 1 v 1 variant:
    two teams of 2-3 crafts, double planning time.

    >>> s = setup(teams=3, crafts_per_team=1)
    >>> [c.player for c in s.crafts_in_order()], dict(s.scores)
    (['red1', 'white1', 'blue1'], {'red': 0, 'white': 0, 'blue': 0})
    """
    names = _team_names(teams)
    base = layout(len(names))
    counts = _counts(names, crafts_per_team)
    if duel:
        if len(names) != 2 or not all(2 <= n <= MAX_CRAFTS_PER_TEAM for n in counts.values()):
            raise ScenarioError(_("1 v 1: two teams, each player running 2 or 3 crafts"))
        rules = rules.with_changes(planning_seconds=2 * rules.planning_time(MODE))
    if not isinstance(blue_asteroids, int) or not 0 <= blue_asteroids <= len(BLUE_ASTEROID_CELLS):
        raise ScenarioError(
            _(
                "blue_asteroids must be 0-{n}, got {blue_asteroids!r}",
                n=len(BLUE_ASTEROID_CELLS),
                blue_asteroids=blue_asteroids,
            )
        )
    if blue_asteroids and len(names) != 2:
        raise ScenarioError(
            _("the blue asteroids variant is for two teams (the blue die aims the blue turret)")
        )
    roster = _roster(names, counts, players)
    chosen = dict(pilots or {})
    for player, pilot in chosen.items():
        if not any(player in team_roster for team_roster in roster.values()):
            raise ScenarioError(_("pilot given for {player!r}, who is not in this game", player=player))
        if pilot is not None and pilot not in PILOTS:
            raise ScenarioError(
                _(
                    "unknown pilot {pilot!r} for {player!r} (expected one of {PILOTS})",
                    pilot=pilot,
                    player=player,
                    PILOTS=PILOTS,
                )
            )
    crafts = []
    for team in names:
        platform = platform_of(base, team)
        for player in roster[team]:
            facing = platform.orientation or 0
            crafts.append(Craft(player, platform.cell, facing, pilot=chosen.get(player), team=team))
    order = [roster[t][i] for i in range(max(counts.values())) for t in names if i < counts[t]]
    pieces = list(base.pieces) + _blue_asteroids(blue_asteroids, seed)
    state = base.replace(
        pieces=tuple(pieces),
        crafts=tuple(crafts),
        player_order=tuple(order),
        rules=rules,
        scores=tuple((t, 0) for t in names),
    )
    return state.validate("capture setup")


_CRAFT = re.compile(r"^(red|white|blue)([1-9])$")


def seat_setup(seats: Sequence[str], seed: int = 0, crafts: int = 1) -> State:
    """The capture game of a table whose seats are teams (``red,white``: ``crafts`` crafts each, one
    seat per craft) or the crafts themselves (``red1,white1,red2,white2``).

    >>> seat_setup(["red", "white"], crafts=2).player_order
    ('red1', 'white1', 'red2', 'white2')
    """
    teams = TEAM_SETS[3]
    if all(s in teams for s in seats):
        return setup(teams=list(seats), crafts_per_team=crafts, seed=seed)
    counts: dict[str, int] = {}
    for seat in seats:
        match = _CRAFT.match(seat)
        if match is None:
            raise ScenarioError(
                _("capture seats are teams (red, white, blue) or crafts like 'red1', not {seat!r}", seat=seat)
            )
        counts[match[1]] = max(counts.get(match[1], 0), int(match[2]))
    state = setup(teams=sorted(counts, key=teams.index), crafts_per_team=counts, seed=seed)
    if sorted(state.player_order) != sorted(seats):
        raise ScenarioError(
            _("capture seats {choices}: number each team's crafts 1, 2, ... ", choices=", ".join(seats))
        )
    return state


def _team_names(value: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in TEAM_SETS:
            raise ScenarioError(_("capture is played by 2 or 3 teams, not {value!r}", value=value))
        return TEAM_SETS[value]
    names = tuple(cast(Sequence[str], value))
    for wanted in TEAM_SETS.values():
        if sorted(names) == sorted(wanted):
            return wanted
    raise ScenarioError(
        _("the teams are red and white, or red, white and blue; got {given!r}", given=list(names))
    )


def _counts(names: tuple[str, ...], value: int | Mapping[str, int]) -> dict[str, int]:
    counts = dict(value) if isinstance(value, Mapping) else dict.fromkeys(names, value)
    if sorted(counts) != sorted(names):
        raise ScenarioError(
            _(
                "crafts_per_team must give every team ({choices}), got {counts!r}",
                choices=", ".join(names),
                counts=counts,
            )
        )
    for team, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_CRAFTS_PER_TEAM:
            raise ScenarioError(
                _(
                    "the {team} team has 1-{MAX_CRAFTS_PER_TEAM} crafts, got {n!r}",
                    team=team,
                    MAX_CRAFTS_PER_TEAM=MAX_CRAFTS_PER_TEAM,
                    n=n,
                )
            )
    return counts


def _roster(
    names: tuple[str, ...], counts: dict[str, int], players: Mapping[str, Sequence[str]] | None
) -> dict[str, tuple[str, ...]]:
    roster = {t: tuple(f"{t}{i}" for i in range(1, counts[t] + 1)) for t in names}
    for team, given in (players or {}).items():
        if team not in roster:
            raise ScenarioError(_("players given for {team!r}, which is not a team of this game", team=team))
        given = tuple(given)
        if len(given) != counts[team] or not all(isinstance(p, str) and p for p in given):
            raise ScenarioError(
                _(
                    "the {team} team needs {counts} player names, got {given!r}",
                    team=team,
                    counts=counts[team],
                    given=list(given),
                )
            )
        roster[team] = given
    everyone = [p for team in names for p in roster[team]]
    if len(set(everyone)) != len(everyone):
        raise ScenarioError(_("a player name is used twice: {everyone!r}", everyone=everyone))
    return roster


def _blue_asteroids(count: int, seed: int) -> list[Piece]:
    rng = random.Random(f"asteroyds:capture:{seed}:blue")
    priorities = list(range(1, count + 1))
    rng.shuffle(priorities)
    return [
        Piece(f"B{i}", ASTEROID, cell, BLUE, rng.randrange(6), priority)
        for i, (cell, priority) in enumerate(zip(BLUE_ASTEROID_CELLS[:count], priorities, strict=True), 1)
    ]


__all__ = [
    "BLUE_ASTEROID_CELLS",
    "LAYOUT_FILES",
    "MAX_CRAFTS_PER_TEAM",
    "MODE",
    "TEAM_SETS",
    "layout",
    "seat_setup",
    "setup",
]
