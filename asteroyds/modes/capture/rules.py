"""Capture's own rules and the readers of a capture state: teams, scores, platforms, turrets.

The rules: docs/rules.md#11-capture-the-asteroyd.

:class:`CaptureRules` holds the settings a table might play differently; it
is the mode's ``rules_type`` (:attr:`asteroyds.modes.Mode.rules_type`): a
:class:`~asteroyds.game.Game` keeps it as ``mode_rules`` and a saved game
under ``capture_rules``. The functions read a capture state for the turn
(:mod:`~asteroyds.modes.capture.resolve`), the bots, the coach and the views.

>>> from asteroyds.modes.capture import setup
>>> state = setup(teams=2)
>>> teams(state), scores(state), CaptureRules().target_for(len(teams(state)))
(('red', 'white'), {'red': 0, 'white': 0}, 3)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar, NamedTuple, cast

from ...dice import Dice
from ...errors import ScenarioError
from ...hexgrid import Cell, Direction, direction_name
from ...i18n import _
from ...pieces import ASTEROYD, DIE_COLOURS, PLATFORM, TURRET, Piece, die_direction
from ...state import State

TEAMS: tuple[str, ...] = DIE_COLOURS  # red, white, blue: each team's turrets fire with its die
TARGETS: dict[int, int] = {2: 3, 3: 2}  # points to win, by number of teams
VICTORY_CHECKS: tuple[str, ...] = ("round", "turn")


@dataclass(frozen=True, slots=True)
class CaptureRules:
    """The settings of the capture mode a table might play differently.

    The rules: docs/rules.md#11-capture-the-asteroyd.

    - ``target``: points to win; None is the rule: 3 with two teams, 2 with three.
    - ``victory_check``: ``"round"`` (the French rules: "if during a round a team reaches
      3 points it wins": checked after each of the 6 rounds, the rest of the
      turn is not played) or ``"turn"`` (checked once, after round 6).
    - ``destructible_asteroids``: blue asteroids variant; a laser or a ramming
      craft destroys a blue asteroid (True, "more fun" say the French rules) or they
      are indestructible obstacles.
    """

    KEY: ClassVar[str] = "capture_rules"  # a saved game keeps them under this key (Mode.rules_key)

    target: int | None = None
    victory_check: str = "round"
    destructible_asteroids: bool = True

    def __post_init__(self) -> None:
        if self.target is not None and (
            not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1
        ):
            raise ScenarioError(
                _("capture rules: target must be a whole number >= 1, got {target!r}", target=self.target)
            )
        if self.victory_check not in VICTORY_CHECKS:
            raise ScenarioError(
                _(
                    "capture rules: victory_check {victory_check!r} is not one of {VICTORY_CHECKS}",
                    victory_check=self.victory_check,
                    VICTORY_CHECKS=VICTORY_CHECKS,
                )
            )
        if not isinstance(self.destructible_asteroids, bool):
            raise ScenarioError(
                _(
                    "capture rules: destructible_asteroids must be true or false, got "
                    "{destructible_asteroids!r}",
                    destructible_asteroids=self.destructible_asteroids,
                )
            )

    def target_for(self, team_count: int) -> int:
        """Points to win with this many teams."""
        return self.target if self.target is not None else TARGETS.get(team_count, 3)

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> CaptureRules:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ScenarioError(
                _(
                    "capture rules: unknown setting {unknown!r} (expected {keys})",
                    unknown=unknown[0],
                    keys=sorted(known),
                )
            )
        # __post_init__ checks each value's type, which mypy cannot see in a Mapping[str, object].
        return cls(**cast("Mapping[str, Any]", data))


DEFAULT_CAPTURE_RULES = CaptureRules()


# --- reading a capture state ------------------------------------------------------


def teams(state: State) -> tuple[str, ...]:
    """The teams in play (those with an asteroyd), in the order red, white, blue."""
    present = {p.team for p in state.pieces if p.kind == ASTEROYD}
    return tuple(t for t in TEAMS if t in present)


def scores(state: State) -> dict[str, int]:
    """Every team's score (0 when the state does not list it yet)."""
    given = dict(state.scores)
    return {team: given.get(team, 0) for team in teams(state)}


def leader(points: Mapping[str, int], target: int) -> str | None:
    """The team that has won: ``target`` points or more and more than every other team."""
    if not points:
        return None
    best = max(points.values())
    top = [team for team, value in points.items() if value == best]
    return top[0] if best >= target and len(top) == 1 else None


def team_players(state: State, team: str) -> tuple[str, ...]:
    """The players of a team, in player order."""
    return tuple(c.player for c in state.crafts_in_order() if c.team == team)


def platform_of(state: State, team: str) -> Piece:
    """A team's platform (where its crafts start, come back when hit, and score)."""
    for p in state.pieces:
        if p.kind == PLATFORM and p.team == team:
            return p
    raise ScenarioError(_("the {team} team has no platform", team=team))


def asteroyd_of(state: State, team: str) -> Piece:
    for p in state.pieces:
        if p.kind == ASTEROYD and p.team == team:
            return p
    raise ScenarioError(_("the {team} team has no asteroyd", team=team))


class TurretAim(NamedTuple):
    """Where one turret fires in every round of a turn: its team's die turns its orientation.

    ``str()`` is the short form the planning screens show: ``TR1 NW``.
    """

    turret: str
    team: str
    cell: Cell
    die: int
    direction: Direction

    def __str__(self) -> str:
        return f"{self.turret} {direction_name(self.direction)}"


def turret_aims(state: State, dice: Dice | Sequence[int]) -> tuple[TurretAim, ...]:
    """Where every turret fires this turn: its team's die fixes it for the whole turn.

    The rules: docs/rules.md#11-capture-the-asteroyd.

    Every turret is active when a turn starts (a hit or bumped one is disabled
    only until the end of its turn). The order is the one the turn fires them
    in, the scenario's (:attr:`State.pieces`): the same state always gives the
    same order, and a saved game keeps it. :func:`resolve` aims with this, so
    its ``capture_turret_aimed`` events say the same, in the same order.

    >>> from asteroyds.modes.capture import setup
    >>> [str(aim) for aim in turret_aims(setup(teams=2), (3, 5, 2))]
    ['TR1 NW', 'TR2 E', 'TW1 E', 'TW2 SW']
    >>> turret_aims(setup(teams=3), (3, 5, 2))[0]
    TurretAim(turret='TR', team='red', cell=(4, 6), die=3, direction=2)
    """
    dice = Dice.of(dice)
    aims = []
    for t in state.pieces:
        if t.kind == TURRET:
            # A capture turret has a team and an orientation (State.validate, the mode's check).
            assert t.team is not None and t.orientation is not None
            die = dice.value(t.team)
            aims.append(TurretAim(t.id, t.team, t.cell, die, die_direction(t.orientation, die)))
    return tuple(aims)


__all__ = [
    "DEFAULT_CAPTURE_RULES",
    "TARGETS",
    "TEAMS",
    "VICTORY_CHECKS",
    "CaptureRules",
    "TurretAim",
    "asteroyd_of",
    "leader",
    "platform_of",
    "scores",
    "team_players",
    "teams",
    "turret_aims",
]
