"""The events of a Capture the Asteroyd turn (RULES §11), with their English sentences.

A capture turn is told round by round: :class:`RoundStarted`, then the
lasers (:class:`LaserFired`, each with its path and whom it hit, then the
consequences: :class:`CraftShot`, :class:`AsteroydDropped`,
:class:`CraftTeleported`, :class:`TurretDisabled`...), then the moves (the
flight events of :mod:`asteroyds.events`: ``column_played``,
``craft_turned``, ``craft_moved``, ``pilot_power_used``; here ``column`` is
the round) and what they cause (:class:`CraftBumped`,
:class:`AsteroydPickedUp`, :class:`PointScored`...). The blue asteroids of
the variant move first, with the asteroid phase's events.

Type names start with ``capture_`` so they never clash with the events of
the other modes.

>>> e = PointScored(team="white", player="white1", asteroyd="AR", victim="red",
...                 scores=(("red", 0), ("white", 1)), round=4, three_teams=False)
>>> e.text()
'The white1 craft brings the red asteroyd home: white scores (red 0, white 1)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..event_text import capitalised, cell_text, collision_text, crafts_text
from ..events import Event, TupleEvent
from ..hexgrid import Cell, direction_name

Scores = tuple[tuple[str, int], ...]


def _scores(scores: Scores) -> str:
    return ", ".join(f"{team} {points}" for team, points in scores)


# --- the turn -------------------------------------------------------------------


@dataclass(slots=True)
class TurretAimed(Event):
    """At the start of the turn: where a turret fires in every round (its team's die)."""

    TYPE: ClassVar[str] = "capture_turret_aimed"
    turret: str
    team: str
    cell: Cell
    die: int
    direction: int

    def text(self) -> str:
        return (
            f"The {self.team} die shows {self.die}: {self.team} turret {self.turret} "
            f"at {cell_text(self.cell)} fires {direction_name(self.direction)} this turn"
        )


@dataclass(slots=True)
class RoundStarted(Event):
    """One of the 6 rounds of a turn (one per column): lasers first, then moves."""

    TYPE: ClassVar[str] = "capture_round_started"
    round: int
    shooters: tuple[str, ...]

    def text(self) -> str:
        if not self.shooters:
            return f"Round {self.round} of 6: no laser fires; then the crafts move"
        return f"Round {self.round} of 6: lasers ({', '.join(self.shooters)}), then the crafts move"


# --- lasers ---------------------------------------------------------------------


@dataclass(slots=True)
class LaserFired(TupleEvent):
    """A laser from a craft or a turret.

    ``path`` lists the spaces it crossed, starting with the one in front of the
    shooter; ``end`` is where it stopped (None: it left the board).
    ``stopped_by`` is ``border``, ``pod``, ``platform``, ``turret``,
    ``asteroid`` or ``craft``; ``blocker`` the piece id or the crafts hit.
    ``pierce``: the shooter's anticipation is Shoot in this round, so Shield
    anticipations do not dodge it.
    """

    TYPE: ClassVar[str] = "capture_laser_fired"
    TUPLES: ClassVar[tuple[str, ...]] = ("path", "hits")
    shooter: str
    shooter_name: str
    team: str
    start: Cell
    direction: int
    path: tuple[Cell, ...]
    end: Cell | None
    stopped_by: str
    blocker: str | None
    blocker_name: str
    hits: tuple[str, ...]
    pierce: bool
    round: int

    def text(self) -> str:
        who = capitalised(self.shooter_name)
        aim = " with Shoot anticipation" if self.pierce else ""
        head = f"{who} fires {direction_name(self.direction)} from {cell_text(self.start)}{aim}"
        if self.stopped_by == "border":
            spaces = f"{len(self.path)} space{'s' * (len(self.path) != 1)}"
            return f"{head}: the laser crosses {spaces} and leaves the board"
        if self.hits:
            return f"{head}: it hits {crafts_text(self.hits)} at {cell_text(self.end)}"
        return f"{head}: the laser is stopped by {self.blocker_name} at {cell_text(self.end)}"


@dataclass(slots=True)
class LaserDodged(Event):
    """A craft with Shield anticipation in this round lets an enemy laser pass beside it."""

    TYPE: ClassVar[str] = "capture_laser_dodged"
    player: str
    shooter: str
    shooter_name: str
    cell: Cell
    round: int

    def text(self) -> str:
        return (
            f"The {self.player} craft's Shield anticipation: the laser of {self.shooter_name} "
            f"passes beside it at {cell_text(self.cell)}"
        )


@dataclass(slots=True)
class CraftShot(TupleEvent):
    """A craft hit by one or more enemy lasers in this round (all hits are simultaneous)."""

    TYPE: ClassVar[str] = "capture_craft_shot"
    TUPLES: ClassVar[tuple[str, ...]] = ("by", "by_names")
    player: str
    cell: Cell
    by: tuple[str, ...]
    by_names: tuple[str, ...]
    round: int

    def text(self) -> str:
        return f"The {self.player} craft is hit at {cell_text(self.cell)} by {' and '.join(self.by_names)}"


@dataclass(slots=True)
class CraftBumped(Event):
    """A craft ran into the border, a pod, a platform not its own, a turret or an asteroid.

    It suffers as if hit by a laser (it is teleported next). ``blocked_at`` is
    None for the border.
    """

    TYPE: ClassVar[str] = "capture_craft_bumped"
    player: str
    cell: Cell
    blocked_at: Cell | None
    reason: str
    blocker: str | None
    blocker_name: str
    round: int

    def text(self) -> str:
        return collision_text(
            self.player, self.cell, self.blocked_at, self.blocker_name, "as if hit by a laser"
        )


@dataclass(slots=True)
class CraftTeleported(TupleEvent):
    """A hit (or bumped) craft goes back to its team's platform and does nothing more this turn."""

    TYPE: ClassVar[str] = "capture_craft_teleported"
    TUPLES: ClassVar[tuple[str, ...]] = ("skipped",)
    player: str
    start: Cell
    end: Cell
    platform: str
    facing: int
    round: int
    skipped: tuple[str, ...]

    def text(self) -> str:
        rest = f"; {' '.join(self.skipped)} not played" if self.skipped else ""
        return (
            f"The {self.player} craft is teleported from {cell_text(self.start)} to its platform "
            f"{self.platform} at {cell_text(self.end)}, facing {direction_name(self.facing)}, "
            f"and does nothing more this turn{rest}"
        )


@dataclass(slots=True)
class TurretDisabled(TupleEvent):
    """A turret hit by an enemy laser, or bumped by a craft, stops firing until the end of the turn."""

    TYPE: ClassVar[str] = "capture_turret_disabled"
    TUPLES: ClassVar[tuple[str, ...]] = ("by", "by_names")
    turret: str
    team: str
    cell: Cell
    by: tuple[str, ...]
    by_names: tuple[str, ...]
    cause: str  # "laser" or "bump"
    round: int

    def text(self) -> str:
        how = "hit by" if self.cause == "laser" else "bumped by"
        return (
            f"The {self.team} turret {self.turret} at {cell_text(self.cell)} is {how} "
            f"{' and '.join(self.by_names)}: it stops firing until the end of the turn"
        )


@dataclass(slots=True)
class AsteroidBlasted(TupleEvent):
    """Blue asteroids variant, destructible: a laser or a ramming craft destroys an asteroid."""

    TYPE: ClassVar[str] = "capture_asteroid_blasted"
    TUPLES: ClassVar[tuple[str, ...]] = ("by", "by_names")
    piece: str
    piece_name: str
    cell: Cell
    by: tuple[str, ...]
    by_names: tuple[str, ...]
    cause: str  # "laser" or "bump"
    round: int

    def text(self) -> str:
        how = "the laser of" if self.cause == "laser" else "the ramming of"
        names = " and ".join(self.by_names)
        where = cell_text(self.cell)
        return f"{capitalised(self.piece_name)} at {where} is destroyed by {how} {names}: it leaves the game"


# --- asteroyds and points -------------------------------------------------------


@dataclass(slots=True)
class AsteroydCarry(Event):
    """A craft starts or stops carrying an asteroyd: the fields of a pick-up and of a drop."""

    player: str
    asteroyd: str
    team: str
    cell: Cell
    round: int


@dataclass(slots=True)
class AsteroydPickedUp(AsteroydCarry):
    """The only craft not of its colour that arrived on an asteroyd this round picks it up."""

    TYPE: ClassVar[str] = "capture_asteroyd_picked_up"

    def text(self) -> str:
        return f"The {self.player} craft picks up the {self.team} asteroyd at {cell_text(self.cell)}"


@dataclass(slots=True)
class AsteroydDropped(AsteroydCarry):
    """The carrier was hit: the asteroyd stays where the craft was."""

    TYPE: ClassVar[str] = "capture_asteroyd_dropped"

    def text(self) -> str:
        return (
            f"The {self.team} asteroyd drops at {cell_text(self.cell)}, where the {self.player} craft was hit"
        )


@dataclass(slots=True)
class AsteroydContested(TupleEvent):
    """Two or more crafts not of its colour arrive together: the asteroyd stays where it is."""

    TYPE: ClassVar[str] = "capture_asteroyd_contested"
    TUPLES: ClassVar[tuple[str, ...]] = ("players",)
    asteroyd: str
    team: str
    cell: Cell
    players: tuple[str, ...]
    round: int

    def text(self) -> str:
        return (
            f"{capitalised(crafts_text(self.players))} arrive together on the {self.team} asteroyd at "
            f"{cell_text(self.cell)}: it stays where it is"
        )


@dataclass(slots=True)
class AsteroydReturned(Event):
    """The asteroyd goes back to its home: brought back by a team-mate, or after a capture."""

    TYPE: ClassVar[str] = "capture_asteroyd_returned"
    asteroyd: str
    team: str
    start: Cell
    home: Cell
    player: str | None
    cause: str  # "team-mate" or "captured"
    round: int

    def text(self) -> str:
        if self.cause == "team-mate":
            return (
                f"The {self.player} craft reaches its own asteroyd at {cell_text(self.start)}: "
                f"the {self.team} asteroyd returns home to {cell_text(self.home)}"
            )
        return f"The {self.team} asteroyd returns home to {cell_text(self.home)}"


@dataclass(slots=True)
class PointScored(TupleEvent):
    """A carrier enters its own platform: +1 for its team (and -1 for the victim with three teams)."""

    TYPE: ClassVar[str] = "capture_point_scored"
    TUPLES: ClassVar[tuple[str, ...]] = ("scores",)
    team: str
    player: str
    asteroyd: str
    victim: str
    scores: Scores
    round: int
    three_teams: bool

    def text(self) -> str:
        loss = f", {self.victim} loses one" if self.three_teams else ""
        return (
            f"The {self.player} craft brings the {self.victim} asteroyd home: {self.team} scores{loss} "
            f"({_scores(self.scores)})"
        )


@dataclass(slots=True)
class CaptureWon(TupleEvent):
    """A team has reached the target and leads every other team: the game is won."""

    TYPE: ClassVar[str] = "capture_won"
    TUPLES: ClassVar[tuple[str, ...]] = ("players", "scores")
    team: str
    players: tuple[str, ...]
    scores: Scores
    target: int
    round: int

    def text(self) -> str:
        when = "at the end of the turn" if self.round == 0 else f"in round {self.round}"
        return (
            f"The {self.team} team wins {when}: {self.target} points or more and ahead of every "
            f"other team ({_scores(self.scores)})"
        )


__all__ = [
    "AsteroidBlasted",
    "AsteroydContested",
    "AsteroydDropped",
    "AsteroydPickedUp",
    "AsteroydReturned",
    "CaptureWon",
    "CraftBumped",
    "CraftShot",
    "CraftTeleported",
    "LaserDodged",
    "LaserFired",
    "PointScored",
    "RoundStarted",
    "TurretAimed",
    "TurretDisabled",
]
