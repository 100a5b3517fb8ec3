"""The events of a Capture the Asteroyd turn, with their English sentences.

The rules: docs/rules.md#11-capture-the-asteroyd.

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

from ...event_text import (
    capitalised,
    cell_text,
    collision_text,
    colour_text,
    crafts_text,
    heading_text,
    named_text,
    names_said,
    player_text,
    team_text,
)
from ...events import Event, TupleEvent
from ...hexgrid import Cell
from ...i18n import _, ngettext
from ...named import Named

Scores = tuple[tuple[str, int], ...]


def _scores(scores: Scores) -> str:
    return ", ".join(f"{colour_text(team, 'feminine')} {points}" for team, points in scores)


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
        return _(
            "The {colour} die shows {die}: {team} turret {turret} at {cell} fires {heading} this turn",
            colour=colour_text(self.team),
            die=self.die,
            team=colour_text(self.team, "feminine"),
            turret=self.turret,
            cell=cell_text(self.cell),
            heading=heading_text(self.direction),
        )


@dataclass(slots=True)
class RoundStarted(Event):
    """One of the 6 rounds of a turn (one per column): lasers first, then moves."""

    TYPE: ClassVar[str] = "capture_round_started"
    round: int
    shooters: tuple[str, ...]

    def text(self) -> str:
        if not self.shooters:
            return _("Round {round} of 6: no laser fires; then the crafts move", round=self.round)
        return _(
            "Round {round} of 6: lasers ({shooters}), then the crafts move",
            round=self.round,
            shooters=", ".join(player_text(s) for s in self.shooters),
        )


# --- lasers ---------------------------------------------------------------------


@dataclass(slots=True)
class LaserFired(TupleEvent):
    """A laser from a craft or a turret.

    ``path`` lists the spaces it crossed, starting with the one in front of the
    shooter; ``end`` is where it stopped (None: it left the board).
    ``stopped_by`` is ``border``, ``pod``, ``platform``, ``turret``,
    ``asteroid`` or ``craft``; ``blocker`` the piece id or the crafts hit.
    ``pierce``: the shooter's anticipation is Shoot in this round, so Shield
    anticipations do not dodge it. ``hits`` are enemy crafts only: no friendly
    fire (a log of the build that had it, with a ``friendly`` field, still
    reads back: unknown fields are ignored).
    """

    TYPE: ClassVar[str] = "capture_laser_fired"
    TUPLES: ClassVar[tuple[str, ...]] = ("path", "hits")
    shooter: str
    shooter_name: Named | str
    team: str
    start: Cell
    direction: int
    path: tuple[Cell, ...]
    end: Cell | None
    stopped_by: str
    blocker: str | None
    blocker_name: Named | str
    hits: tuple[str, ...]
    pierce: bool
    round: int

    def text(self) -> str:
        fields = {
            "shooter": named_text(self.shooter_name),
            "heading": heading_text(self.direction),
            "start": cell_text(self.start),
        }
        if self.pierce:
            head = _("{shooter} fires {heading} from {start} with Shoot anticipation", **fields)
        else:
            head = _("{shooter} fires {heading} from {start}", **fields)
        if self.stopped_by == "border":
            n = len(self.path)
            text = ngettext(
                "{shot}: the laser crosses {n} space and leaves the board",
                "{shot}: the laser crosses {n} spaces and leaves the board",
                n,
                shot=head,
                n=n,
            )
        elif self.hits:
            text = _(
                "{shot}: it hits {crafts} at {cell}",
                shot=head,
                crafts=crafts_text(self.hits),
                cell=cell_text(self.end),
            )
        else:
            text = _(
                "{shot}: the laser is stopped by {blocker} at {cell}",
                shot=head,
                blocker=named_text(self.blocker_name),
                cell=cell_text(self.end),
            )
        return capitalised(text)


@dataclass(slots=True)
class LaserDodged(Event):
    """A craft with Shield anticipation in this round lets an enemy laser pass beside it."""

    TYPE: ClassVar[str] = "capture_laser_dodged"
    player: str
    shooter: str
    shooter_name: Named | str
    cell: Cell
    round: int

    def text(self) -> str:
        return _(
            "The {player} craft's Shield anticipation: the laser of {shooter} passes beside it at {cell}",
            player=player_text(self.player),
            shooter=named_text(self.shooter_name),
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class CraftShot(TupleEvent):
    """A craft hit by one or more enemy lasers in this round (all hits are simultaneous)."""

    TYPE: ClassVar[str] = "capture_craft_shot"
    TUPLES: ClassVar[tuple[str, ...]] = ("by", "by_names")
    player: str
    cell: Cell
    by: tuple[str, ...]
    by_names: tuple[Named | str, ...]
    round: int

    def text(self) -> str:
        return _(
            "The {player} craft is hit at {cell} by {shooters}",
            player=player_text(self.player),
            cell=cell_text(self.cell),
            shooters=names_said(self.by_names),
        )


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
    blocker_name: Named | str
    round: int

    def text(self) -> str:
        return collision_text(
            self.player, self.cell, self.blocked_at, self.blocker_name, _("as if hit by a laser")
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
        fields = {
            "player": player_text(self.player),
            "start": cell_text(self.start),
            "platform": self.platform,
            "end": cell_text(self.end),
            "heading": heading_text(self.facing),
        }
        if not self.skipped:
            return _(
                "The {player} craft is teleported from {start} to its platform {platform} at {end}, "
                "facing {heading}, and does nothing more this turn",
                **fields,
            )
        return ngettext(
            "The {player} craft is teleported from {start} to its platform {platform} at {end}, "
            "facing {heading}, and does nothing more this turn; {tokens} not played",
            "The {player} craft is teleported from {start} to its platform {platform} at {end}, "
            "facing {heading}, and does nothing more this turn; {tokens} not played",
            len(self.skipped),
            tokens=" ".join(self.skipped),
            **fields,
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
    by_names: tuple[Named | str, ...]
    cause: str  # "laser" or "bump"
    round: int

    def text(self) -> str:
        fields = {
            "team": colour_text(self.team, "feminine"),
            "turret": self.turret,
            "cell": cell_text(self.cell),
            "by": names_said(self.by_names),
        }
        if self.cause == "laser":
            return _(
                "The {team} turret {turret} at {cell} is hit by {by}: "
                "it stops firing until the end of the turn",
                **fields,
            )
        return _(
            "The {team} turret {turret} at {cell} is bumped by {by}: "
            "it stops firing until the end of the turn",
            **fields,
        )


@dataclass(slots=True)
class AsteroidBlasted(TupleEvent):
    """Blue asteroids variant, destructible: a laser or a ramming craft destroys an asteroid."""

    TYPE: ClassVar[str] = "capture_asteroid_blasted"
    TUPLES: ClassVar[tuple[str, ...]] = ("by", "by_names")
    piece: str
    piece_name: Named | str
    cell: Cell
    by: tuple[str, ...]
    by_names: tuple[Named | str, ...]
    cause: str  # "laser" or "bump"
    round: int

    def text(self) -> str:
        fields = {
            "piece": named_text(self.piece_name),
            "cell": cell_text(self.cell),
            "by": names_said(self.by_names),
        }
        if self.cause == "laser":
            text = _("{piece} at {cell} is destroyed by the laser of {by}: it leaves the game", **fields)
        else:
            text = _("{piece} at {cell} is destroyed by the ramming of {by}: it leaves the game", **fields)
        return capitalised(text)


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
        return _(
            "The {player} craft picks up the {team} asteroyd at {cell}",
            player=player_text(self.player),
            team=colour_text(self.team),
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class AsteroydDropped(AsteroydCarry):
    """The carrier was hit: the asteroyd stays where the craft was."""

    TYPE: ClassVar[str] = "capture_asteroyd_dropped"

    def text(self) -> str:
        return _(
            "The {team} asteroyd drops at {cell}, where the {player} craft was hit",
            team=colour_text(self.team),
            cell=cell_text(self.cell),
            player=player_text(self.player),
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
        return capitalised(
            _(
                "{crafts} arrive together on the {team} asteroyd at {cell}: it stays where it is",
                crafts=crafts_text(self.players),
                team=colour_text(self.team),
                cell=cell_text(self.cell),
            )
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
            return _(
                "The {player} craft reaches its own asteroyd at {start}: "
                "the {team} asteroyd returns home to {home}",
                player=player_text(self.player or ""),
                start=cell_text(self.start),
                team=colour_text(self.team),
                home=cell_text(self.home),
            )
        return _(
            "The {team} asteroyd returns home to {home}",
            team=colour_text(self.team),
            home=cell_text(self.home),
        )


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
        fields = {
            "player": player_text(self.player),
            "victim": colour_text(self.victim),
            "team": team_text(self.team),
            "scores": _scores(self.scores),
        }
        if self.three_teams:
            return _(
                "The {player} craft brings the {victim} asteroyd home: "
                "{team} scores, {loser} loses one ({scores})",
                loser=team_text(self.victim),
                **fields,
            )
        return _("The {player} craft brings the {victim} asteroyd home: {team} scores ({scores})", **fields)


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
        fields = {"team": team_text(self.team), "target": self.target, "scores": _scores(self.scores)}
        if self.round == 0:
            return _(
                "The {team} team wins at the end of the turn: {target} points or more and ahead of every "
                "other team ({scores})",
                **fields,
            )
        return _(
            "The {team} team wins in round {round}: {target} points or more and ahead of every "
            "other team ({scores})",
            round=self.round,
            **fields,
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
