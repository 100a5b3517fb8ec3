"""The board checks as one function, read piece by piece, as ``State.validate`` was before issue 36.

A reference for :mod:`asteroyds.checks` (``tests/test_checks_order.py``): the same questions
asked in one pass, each piece (then each craft, each asteroyd, each score) asked every question
in turn, raising at the first. The list of small checks must name the same first problem, with
the same words, on any board: a board broken in several ways included.
"""

from __future__ import annotations

from asteroyds.errors import ScenarioError
from asteroyds.hexgrid import Cell
from asteroyds.i18n import _
from asteroyds.modes.targets import CAPTURE_TEAM_KINDS, SIDES, carry_problem, target_name, target_number
from asteroyds.pieces import (
    ASTEROYD,
    DIE_COLOURS,
    DRONE,
    GATE,
    KIND_COLOURS,
    KINDS,
    MAX_DAMAGE,
    MOVING_KINDS,
    PILOTS,
    PLATFORM,
    TURRET,
    Piece,
)
from asteroyds.registry import checked_mode
from asteroyds.state import State


def _nothing(state: State, where: str) -> None:
    """Racing, shooting and drones add nothing to the general checks."""


def validate(self: State, where: str = "state") -> State:
    mode = checked_mode(self.mode, where)
    if not isinstance(self.round, int) or self.round < 1:
        raise ScenarioError(
            _("{where}: round must be a whole number >= 1, got {round!r}", where=where, round=self.round)
        )
    ids: dict[str, Piece] = {}
    priorities: dict[int, str] = {}
    occupant: dict[Cell, Piece] = {}
    shared: set[Cell] = set()  # turret cells already holding their drone
    for p in self.pieces:
        at = f"{where}: piece {p.id!r}"
        if not isinstance(p.id, str) or not p.id:
            raise ScenarioError(_("{where}: a piece has no id: {p!r}", where=where, p=p))
        if p.id in ids:
            raise ScenarioError(_("{at}: duplicate id", at=at))
        ids[p.id] = p
        if p.kind not in KINDS:
            raise ScenarioError(
                _(
                    "{at}: unknown kind {kind!r} (expected one of {KINDS})",
                    at=at,
                    kind=p.kind,
                    KINDS=KINDS,
                )
            )
        if p.cell not in self.board:
            raise ScenarioError(_("{at}: cell {cell} is off the board", at=at, cell=p.cell))
        if p.kind in MOVING_KINDS:
            if p.colour not in KIND_COLOURS[p.kind]:
                raise ScenarioError(
                    _(
                        "{at}: colour {colour!r} is not allowed for a {kind} (expected one of "
                        "{KIND_COLOURS})",
                        at=at,
                        colour=p.colour,
                        kind=p.kind,
                        KIND_COLOURS=KIND_COLOURS[p.kind],
                    )
                )
            if p.orientation not in range(6):
                raise ScenarioError(_("{at}: needs an orientation (E SE SW W NW NE)", at=at))
            if not isinstance(p.priority, int) or isinstance(p.priority, bool) or p.priority < 1:
                raise ScenarioError(
                    _(
                        "{at}: priority must be a whole number >= 1, got {priority!r}",
                        at=at,
                        priority=p.priority,
                    )
                )
            if p.priority in priorities:
                raise ScenarioError(
                    _(
                        "{at}: duplicate priority {priority} (also {priorities!r})",
                        at=at,
                        priority=p.priority,
                        priorities=priorities[p.priority],
                    )
                )
            priorities[p.priority] = p.id
        if p.kind == GATE and not p.symbol:
            raise ScenarioError(_("{at}: a gate needs a symbol", at=at))
        if p.kind == TURRET and p.orientation not in range(6):
            raise ScenarioError(_("{at}: a turret needs an orientation (E SE SW W NW NE)", at=at))
        if p.kind == ASTEROYD:
            continue  # it may share a cell with crafts and asteroyds: see _check_capture
        other = occupant.get(p.cell)
        if other is not None:
            # Only one object per cell, except one drone inside its own turret (docs/rules.md#7-shooting).
            if {other.kind, p.kind} != {DRONE, TURRET} or p.cell in shared:
                raise ScenarioError(
                    _(
                        "{at}: cell {cell} already holds {piece} ({id!r})",
                        at=at,
                        cell=p.cell,
                        piece=other.describe(),
                        id=other.id,
                    )
                )
            if other.symbol != p.symbol:
                raise ScenarioError(
                    _(
                        "{at}: a drone can only be inside its own turret, but cell {cell} pairs "
                        "symbol {symbol!r} with {piece} ({id!r}, symbol {symbol2!r})",
                        at=at,
                        cell=p.cell,
                        symbol=p.symbol,
                        piece=other.describe(),
                        id=other.id,
                        symbol2=other.symbol,
                    )
                )
            shared.add(p.cell)
        if p.kind != DRONE or other is None:
            occupant[p.cell] = p
    players: set[str] = set()
    for c in self.crafts:
        at = f"{where}: craft {c.player!r}"
        if c.player in players:
            raise ScenarioError(_("{at}: two crafts for one player", at=at))
        players.add(c.player)
        if c.pilot is not None and c.pilot not in PILOTS:
            raise ScenarioError(
                _(
                    "{at}: unknown pilot {pilot!r} (expected one of {PILOTS})",
                    at=at,
                    pilot=c.pilot,
                    PILOTS=PILOTS,
                )
            )
        if not isinstance(c.damage, int) or not 0 <= c.damage <= MAX_DAMAGE:
            raise ScenarioError(
                _(
                    "{at}: damage must be 0..{MAX_DAMAGE}, got {damage!r}",
                    at=at,
                    MAX_DAMAGE=MAX_DAMAGE,
                    damage=c.damage,
                )
            )
        if c.facing not in range(6):
            raise ScenarioError(_("{at}: facing must be one of E SE SW W NW NE", at=at))
        if (c.cell is None) != (c.damage == MAX_DAMAGE):
            raise ScenarioError(
                _(
                    "{at}: a destroyed craft has damage {MAX_DAMAGE} and cell null, and only it",
                    at=at,
                    MAX_DAMAGE=MAX_DAMAGE,
                )
            )
        if c.cell is None:
            continue
        if c.cell not in self.board:
            raise ScenarioError(_("{at}: cell {cell} is off the board", at=at, cell=c.cell))
        here = self.pieces_at(c.cell)
        for p in here:
            allowed = p.kind in (PLATFORM, ASTEROYD) or (p.kind == GATE and mode.crosses_gates)
            if not allowed:
                raise ScenarioError(
                    _(
                        "{at}: cell {cell} holds {piece} ({id!r})",
                        at=at,
                        cell=c.cell,
                        piece=p.describe(),
                        id=p.id,
                    )
                )
        if len(set(c.tokens)) != len(c.tokens):
            raise ScenarioError(_("{at}: a token is listed twice in {given!r}", at=at, given=list(c.tokens)))
    if sorted(self.player_order) != sorted(players):
        raise ScenarioError(
            _(
                "{where}: player_order {given!r} must list each craft's player once ({keys!r})",
                where=where,
                given=list(self.player_order),
                keys=sorted(players),
            )
        )
    _check_asteroyds(self, where)
    MODE_CHECKS.get(self.mode, _nothing)(self, where)
    return self


def _check_asteroyds(self: State, where: str) -> None:
    crafts = {c.player: c for c in self.crafts}
    carried: dict[str, str] = {}
    teams: dict[str, str] = {}
    for p in self.pieces:
        at = f"{where}: piece {p.id!r}"
        if p.kind != ASTEROYD:
            if p.carrier is not None or p.home is not None:
                raise ScenarioError(_("{at}: only an asteroyd has a carrier or a home", at=at))
            continue
        if p.team not in DIE_COLOURS:
            raise ScenarioError(
                _("{at}: an asteroyd needs a team (red, white or blue), got {team!r}", at=at, team=p.team)
            )
        if p.team in teams:
            raise ScenarioError(
                _(
                    "{at}: the {team} team already has an asteroyd ({teams!r})",
                    at=at,
                    team=p.team,
                    teams=teams[p.team],
                )
            )
        teams[p.team] = p.id
        if p.home is None or p.home not in self.board:
            raise ScenarioError(
                _("{at}: an asteroyd needs a home cell on the board, got {home!r}", at=at, home=p.home)
            )
        for label, cell in (("cell", p.cell), ("home", p.home)):
            for q in self.pieces_at(cell):
                if q.kind != ASTEROYD:
                    raise ScenarioError(
                        _(
                            "{at}: its {label} {cell} holds {piece} ({id!r})",
                            at=at,
                            label=label,
                            cell=cell,
                            piece=q.describe(),
                            id=q.id,
                        )
                    )
        if p.carrier is None:
            continue
        craft = crafts.get(p.carrier)
        if craft is None or craft.cell is None:
            raise ScenarioError(
                _(
                    "{at}: carried by {carrier!r}, which is not a craft on the board",
                    at=at,
                    carrier=p.carrier,
                )
            )
        if craft.cell != p.cell:
            raise ScenarioError(
                _(
                    "{at}: carried by the {carrier} craft, so it must be in its cell {cell}, not {cell2}",
                    at=at,
                    carrier=p.carrier,
                    cell=craft.cell,
                    cell2=p.cell,
                )
            )
        if craft.team == p.team:
            raise ScenarioError(
                _(
                    "{at}: the {carrier} craft cannot carry its own team's asteroyd",
                    at=at,
                    carrier=p.carrier,
                )
            )
        if p.carrier in carried:
            raise ScenarioError(
                _(
                    "{at}: the {carrier} craft already carries {carried!r}",
                    at=at,
                    carrier=p.carrier,
                    carried=carried[p.carrier],
                )
            )
        carried[p.carrier] = p.id
    seen: set[str] = set()
    for entry in self.scores:
        ok = isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], str)
        if not ok or not isinstance(entry[1], int) or isinstance(entry[1], bool):
            raise ScenarioError(
                _(
                    "{where}: a score is a (team, whole number) pair, got {entry!r}",
                    where=where,
                    entry=entry,
                )
            )
        if entry[0] in seen:
            raise ScenarioError(_("{where}: the {entry} team has two scores", where=where, entry=entry[0]))
        seen.add(entry[0])


def _capture(state: State, where: str) -> None:
    for p in state.pieces:
        if p.kind in (PLATFORM, TURRET) and p.team not in DIE_COLOURS:
            raise ScenarioError(
                _(
                    "{where}: piece {id!r}: in capture mode a {kind} belongs to a team (red, white "
                    "or blue), got {team!r}",
                    where=where,
                    id=p.id,
                    kind=p.kind,
                    team=p.team,
                )
            )
    platforms = [p.team for p in state.pieces if p.kind == PLATFORM]
    for c in state.crafts:
        if c.team not in DIE_COLOURS:
            raise ScenarioError(
                _(
                    "{where}: craft {player!r}: in capture mode a craft belongs to a team "
                    "(red, white or blue), got {team!r}",
                    where=where,
                    player=c.player,
                    team=c.team,
                )
            )
        if platforms.count(c.team) != 1:
            raise ScenarioError(
                _(
                    "{where}: craft {player!r}: the {team} team needs exactly one platform (it has {count})",
                    where=where,
                    player=c.player,
                    team=c.team,
                    count=platforms.count(c.team),
                )
            )


def _targets(state: State, where: str) -> None:
    carriers: dict[str, Piece] = {}
    for p in state.pieces:
        at = f"{where}: piece {p.id!r}"
        if p.target is None:
            if p.team is not None and p.kind not in CAPTURE_TEAM_KINDS:
                raise ScenarioError(
                    _(
                        "{at}: {piece} has team {team!r} but no target: in targets mode a piece's "
                        "team is the set of the target it carries",
                        at=at,
                        piece=p.describe(),
                        team=p.team,
                    )
                )
            continue
        problem = carry_problem(p)
        if problem:
            raise ScenarioError(
                _(
                    "{at}: {piece} cannot carry target {target}: {problem}",
                    at=at,
                    piece=p.describe(),
                    target=p.target,
                    problem=problem,
                )
            )
        if p.team not in SIDES:
            raise ScenarioError(
                _(
                    "{at}: target {target!r} needs its set as team, {choices}, got {team!r}",
                    at=at,
                    target=p.target,
                    choices=" or ".join(map(repr, SIDES)),
                    team=p.team,
                )
            )
        if not isinstance(p.target, str) or target_number(p.target, p.team) is None:
            raise ScenarioError(
                _(
                    "{at}: target {target!r} of the {team} set must be named {team}-<number> from 1, "
                    "e.g. {target_name!r}",
                    at=at,
                    target=p.target,
                    team=p.team,
                    target_name=target_name(p.team, 1),
                )
            )
        other = carriers.get(p.target)
        if other is not None:
            raise ScenarioError(
                _(
                    "{at}: target {target} is already on {piece} ({id!r})",
                    at=at,
                    target=p.target,
                    piece=other.describe(),
                    id=other.id,
                )
            )
        carriers[p.target] = p
    for c in state.crafts:
        if c.team not in SIDES:
            raise ScenarioError(
                _(
                    "{where}: craft {player!r}: in targets mode a craft plays on team {choices}, "
                    "got {team!r}",
                    where=where,
                    player=c.player,
                    choices=" or ".join(map(repr, SIDES)),
                    team=c.team,
                )
            )


MODE_CHECKS = {"capture": _capture, "targets": _targets}
