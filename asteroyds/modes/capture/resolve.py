"""Resolving a Capture the Asteroyd turn: a pure function of (state, dice, programs).

The rules: docs/rules.md#11-capture-the-asteroyd.

The turn is 6 rounds, one per column. The blue asteroids of the variant
move first (blue die). Then in each round: every laser fires at once (crafts
whose column holds Shoot, and every turret still active, in the direction its
team's die gives), all hits resolved together; then every craft still in play
performs its column's move, in player order (crafts never block each other,
so the order only orders the log); then the asteroyds the crafts arrived on
are resolved together. ``docs/capture.md`` lists every decision taken where
the rules are silent.

>>> from asteroyds.modes.capture import setup
>>> state = setup(teams=2)
>>> after, events = resolve(state, (1, 1, 1), {"red1": "F F F . . . -"})
>>> after.craft("red1").cell
(6, 4)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TypeVar

from ...damage import Decide, never
from ...dice import Dice
from ...errors import ProgramError, ScenarioError
from ...events import (
    ColumnPlayed,
    CraftMoved,
    CraftTurned,
    Event,
    PhaseStarted,
    PilotPowerUsed,
    TileBlocked,
    TileMoved,
    TilePushed,
)
from ...hexgrid import Cell
from ...i18n import _
from ...named import ARE_BEHIND, BORDER_BEHIND, IS_BEHIND, NO_CRAFT_DAMAGE, Named, Phrase
from ...pieces import ASTEROID, ASTEROYD, BLUE, PLATFORM, TURRET, Piece, die_direction
from ...pilots import ACTION_STEPS, PILOT_TABLE, PILOT_TOKENS, PRIMITIVES
from ...program import TOKEN_NAMES
from ...state import State
from .events import (
    AsteroidBlasted,
    AsteroydContested,
    AsteroydDropped,
    AsteroydPickedUp,
    AsteroydReturned,
    CaptureWon,
    CraftBumped,
    CraftShot,
    CraftTeleported,
    LaserDodged,
    LaserFired,
    PointScored,
    RoundStarted,
    TurretAimed,
    TurretDisabled,
)
from .program import ROUNDS, SHOOT, CaptureProgram, as_capture_program, validate_capture_program
from .rules import DEFAULT_CAPTURE_RULES, CaptureRules, leader, scores, teams, turret_aims

# What stops a blue asteroid: its kind, its id, its name, and why ("" when it goes without saying).
Blocker = tuple[str, str | None, Named, Phrase | str]

T = TypeVar("T")


def programs_for(state: State, programs: Mapping[str, CaptureProgram | str]) -> dict[str, CaptureProgram]:
    """Validated programs for every craft on the board; a missing one is an empty chart.

    Raises ProgramError naming the player and the column; nothing is changed.
    """
    crafts = {c.player: c for c in state.crafts}
    for player in programs:
        if player not in crafts:
            raise ProgramError(
                _(
                    "{player}: no such player in this game ({choices})",
                    player=player,
                    choices=", ".join(state.player_order),
                )
            )
    result: dict[str, CaptureProgram] = {}
    for craft in state.crafts_in_order():
        if craft.cell is None:
            continue
        given = programs.get(craft.player)
        program = CaptureProgram.empty() if given is None else as_capture_program(given, craft.player)
        result[craft.player] = validate_capture_program(program, craft)
    return result


# --- the turn ----------------------------------------------------------------------


def resolve(
    state: State,
    dice: Dice | Sequence[int],
    programs: Mapping[str, CaptureProgram | str],
    rules: CaptureRules | None = None,
    decide: Decide = never,
) -> tuple[State, list[Event]]:
    """Play the 6 rounds of a capture turn; return the new state and the events.

    Programs are validated first (all or nothing). The state's round is not
    advanced (that is the end of the round, :func:`asteroyds.round.end_round`).
    ``decide`` is accepted for a uniform API: capture asks no mid-turn question.
    """
    del decide
    if state.mode != "capture":
        raise ScenarioError(_("capture.resolve needs a capture state, got mode {mode!r}", mode=state.mode))
    checked = programs_for(state, programs)
    return _Turn(state, rules or DEFAULT_CAPTURE_RULES, checked).run(Dice.of(dice))


def begin_turn(
    state: State,
    dice: Dice | Sequence[int],
    programs: Mapping[str, CaptureProgram | str],
    rules: CaptureRules | None = None,
) -> _Turn:
    """A capture turn ready to be played round by round (``play_round(k)``, ``fork``, ``result()``).

    :func:`resolve` is ``begin_turn`` then every round; the coach forks a turn
    after each round to search one craft's next column exactly.
    """
    if state.mode != "capture":
        raise ScenarioError(_("capture.begin_turn needs a capture state, got mode {mode!r}", mode=state.mode))
    turn = _Turn(state, rules or DEFAULT_CAPTURE_RULES, programs_for(state, programs))
    turn.begin(Dice.of(dice))
    return turn


class _Turn:
    """Mutable working copy of one capture turn."""

    def __init__(self, state: State, rules: CaptureRules, programs: dict[str, CaptureProgram]) -> None:
        self.state = state
        self.rules = rules
        self.programs = programs
        self.steps = state.board._step
        self.round = 0
        self.events: list[Event] = []
        self.order = [c.player for c in state.crafts_in_order() if c.cell is not None]
        self.craft = {c.player: c for c in state.crafts}
        self.team = {c.player: _known(c.team) for c in state.crafts}
        self.cell: dict[str, Cell] = {p: _known(self.craft[p].cell) for p in self.order}
        self.facing = {p: self.craft[p].facing for p in self.order}
        self.power_used = {p: self.craft[p].power_used for p in self.order}
        self.out: set[str] = set()  # hit or bumped: back on the platform until the end of the turn
        self.pieces = {p.id: p for p in state.pieces}
        self.obstacle: dict[Cell, Piece] = {}
        self.asteroyds: list[str] = []
        self.platform: dict[str, Piece] = {}
        for p in state.pieces:
            if p.kind == ASTEROYD:
                self.asteroyds.append(p.id)
            else:
                self.obstacle[p.cell] = p
                if p.kind == PLATFORM and p.team is not None:
                    self.platform[p.team] = p
        self.carrying = {p.carrier: p.id for p in state.pieces if p.kind == ASTEROYD and p.carrier}
        self.turrets = [p for p in state.pieces if p.kind == TURRET]  # the order of turret_aims
        self.aim: dict[str, int] = {}
        self.disabled: set[str] = set()
        self.removed: list[str] = []
        self.arrivals: dict[str, list[str]] = {}
        self.team_list = teams(state)
        self.points = scores(state)
        self.target = rules.target_for(len(self.team_list))

    def run(self, dice: Dice) -> tuple[State, list[Event]]:
        self.begin(dice)
        for k in range(1, ROUNDS + 1):
            if self.play_round(k):
                break
        return self.result(), self.events

    def begin(self, dice: Dice) -> None:
        """Before the rounds: the blue asteroids move, the turrets take their aims."""
        self.move_blue_asteroids(dice.blue)
        for aim in turret_aims(self.state, dice):
            self.aim[aim.turret] = aim.direction
            self.events.append(TurretAimed(*aim))

    def play_round(self, k: int) -> bool:
        """Round ``k``: lasers, moves, arrivals, the victory check; True when the turn is over."""
        self.round = k
        self.lasers(k)
        self.moves(k)
        self.resolve_arrivals(k)
        if self.rules.victory_check == "round" and self.check_victory(k):
            return True
        if k == ROUNDS and self.rules.victory_check == "turn":
            self.check_victory(0)
        return k == ROUNDS

    def fork(self, programs: dict[str, CaptureProgram]) -> _Turn:
        """A copy to play on with other programs (the coach's search); its event log starts empty."""
        twin = copy.copy(self)
        twin.programs = programs
        twin.events = []
        for name in ("cell", "facing", "power_used", "pieces", "obstacle", "carrying", "aim", "points"):
            setattr(twin, name, dict(getattr(self, name)))
        twin.out, twin.disabled = set(self.out), set(self.disabled)
        twin.removed = list(self.removed)
        twin.arrivals = {}
        return twin

    def result(self) -> State:
        crafts = []
        for c in self.state.crafts:
            p = c.player
            if p in self.cell:
                c = replace(c, cell=self.cell[p], facing=self.facing[p], power_used=self.power_used[p])
            crafts.append(c)
        gone = set(self.removed)
        pieces = tuple(self.pieces[p.id] for p in self.state.pieces if p.id not in gone)
        points = tuple((team, self.points[team]) for team in self.team_list)
        return self.state.replace(crafts=tuple(crafts), pieces=pieces, scores=points)

    def check_victory(self, k: int) -> bool:
        team = leader(self.points, self.target)
        if team is None:
            return False
        players = tuple(p for p in self.order if self.team[p] == team)
        scores_now = tuple((t, self.points[t]) for t in self.team_list)
        self.events.append(CaptureWon(team, players, scores_now, self.target, k))
        return True

    # --- lasers -----------------------------------------------------------------
    def lasers(self, k: int) -> None:
        shots = []  # (id, name, team, start, direction, pierce)
        for p in self.order:
            if p not in self.out and self.programs[p].columns[k - 1] == SHOOT:
                pierce = self.programs[p].pierces_in(k)
                shots.append((p, Named.crafts((p,)), self.team[p], self.cell[p], self.facing[p], pierce))
        for t in self.turrets:
            assert t.team is not None  # every capture turret has a team (the mode's check)
            if t.id not in self.disabled:
                shots.append((t.id, Named.team_turret(t.team, t.id), t.team, t.cell, self.aim[t.id], False))
        self.events.append(RoundStarted(k, tuple(s[0] for s in shots)))
        hit_crafts: dict[str, list[tuple[str, Named]]] = {}
        hit_pieces: dict[str, list[tuple[str, Named]]] = {}
        for shooter, name, team, start, direction, pierce in shots:
            path, end, reason, blocker, blocker_name, hits, dodged = self.trace(
                team, start, direction, pierce, k
            )
            self.events.append(
                LaserFired(
                    shooter,
                    name,
                    team,
                    start,
                    direction,
                    path,
                    end,
                    reason,
                    blocker,
                    blocker_name,
                    hits,
                    pierce,
                    k,
                )
            )
            for player, cell in dodged:
                self.events.append(LaserDodged(player, shooter, name, cell, k))
            for player in hits:
                hit_crafts.setdefault(player, []).append((shooter, name))
            if reason == TURRET or (reason == ASTEROID and self.rules.destructible_asteroids):
                hit_pieces.setdefault(blocker, []).append((shooter, name))
        for player in self.order:
            if player in hit_crafts:
                by = hit_crafts[player]
                self.events.append(
                    CraftShot(player, self.cell[player], tuple(b[0] for b in by), tuple(b[1] for b in by), k)
                )
                fired = self.programs[player].columns[k - 1] == SHOOT
                self.send_home(player, k, first_skipped=k + 1 if fired else k)
        for pid in [p.id for p in self.state.pieces if p.id in hit_pieces]:
            lasers = hit_pieces[pid]
            self.knock(self.pieces[pid], tuple(b[0] for b in lasers), tuple(b[1] for b in lasers), "laser", k)

    def trace(self, team: str, start: Cell, direction: int, pierce: bool, k: int) -> tuple:
        """Follow one laser from the space in front of the shooter; nothing changes yet.

        No friendly fire (docs/rules.md#11-capture-the-asteroyd): the laser passes allied crafts
        everywhere, in its stopping space too, where only the enemy crafts are hit. Returns (path,
        end, stopped_by, blocker, blocker_name, hits, dodged): a plain tuple, as the coach's search
        forks thousands of turns and traces every laser of each."""
        path: list[Cell] = []
        dodged: list[tuple[str, Cell]] = []
        cell = start
        while True:
            nxt = self.steps[cell][direction]
            if nxt is None:
                return tuple(path), None, "border", None, Named.border(), (), dodged
            path.append(nxt)
            piece = self.obstacle.get(nxt)
            if piece is not None and not (piece.kind == TURRET and piece.team == team):
                return tuple(path), nxt, piece.kind, piece.id, Named.piece(piece), (), dodged
            enemies = [
                p for p in self.order if self.cell[p] == nxt and p not in self.out and self.team[p] != team
            ]
            hits = tuple(p for p in enemies if pierce or not self.programs[p].shields_in(k))
            dodged += [(p, nxt) for p in enemies if p not in hits]
            if hits:
                return tuple(path), nxt, "craft", ", ".join(hits), Named.each_craft(hits), hits, dodged
            cell = nxt

    def knock(self, piece: Piece, by: tuple[str, ...], names: tuple[Named, ...], cause: str, k: int) -> None:
        """A turret is disabled, a destructible asteroid destroyed (by lasers or a bump)."""
        if piece.kind == TURRET and piece.id not in self.disabled:
            self.disabled.add(piece.id)
            self.events.append(TurretDisabled(piece.id, _known(piece.team), piece.cell, by, names, cause, k))
        elif piece.kind == ASTEROID and self.rules.destructible_asteroids and piece.id not in self.removed:
            self.removed.append(piece.id)
            del self.obstacle[piece.cell]
            self.events.append(AsteroidBlasted(piece.id, Named.piece(piece), piece.cell, by, names, cause, k))

    def send_home(self, player: str, k: int, first_skipped: int) -> None:
        """Hit (or bumped): drop what it carries, teleport to its platform, out for the turn."""
        cell = self.cell[player]
        carried = self.carrying.pop(player, None)
        if carried is not None:
            self.pieces[carried] = self.pieces[carried]._replace(cell=cell, carrier=None)
            self.events.append(AsteroydDropped(player, carried, _known(self.pieces[carried].team), cell, k))
        platform = self.platform[self.team[player]]
        facing = self.facing[player] if platform.orientation is None else platform.orientation
        skipped = tuple(t for t in self.programs[player].columns[first_skipped - 1 :] if t != ".")
        self.events.append(CraftTeleported(player, cell, platform.cell, platform.id, facing, k, skipped))
        self.cell[player] = platform.cell
        self.facing[player] = facing
        self.out.add(player)

    # --- moves ------------------------------------------------------------------
    def moves(self, k: int) -> None:
        for player in self.order:
            if player in self.out:
                continue
            token = self.programs[player].columns[k - 1]
            if token in (".", SHOOT):
                continue
            self.events.append(ColumnPlayed(player, k, token, TOKEN_NAMES[token]))
            if token in PILOT_TOKENS:
                pilot = self.craft[player].pilot or ""
                info = PILOT_TABLE[pilot]
                steps = info.steps(token)
                self.power_used[player] = True
                self.events.append(PilotPowerUsed(player, pilot, k, token, info.explain(token)))
            else:
                steps = ACTION_STEPS[token]
            for step in steps:
                pivot, move = PRIMITIVES[step]
                if move is None:
                    start = self.facing[player]
                    self.facing[player] = (start + pivot) % 6
                    self.events.append(CraftTurned(player, start, self.facing[player], k))
                    continue
                target = self.steps[self.cell[player]][(self.facing[player] + move) % 6]
                if not self.enter(player, target, k, move == 3):
                    break

    def enter(self, player: str, target: Cell | None, k: int, backwards: bool) -> bool:
        """One step into ``target``; False when the craft bumped (and went home)."""
        piece = None if target is None else self.obstacle.get(target)
        own = self.platform[self.team[player]]
        if target is None or (piece is not None and piece is not own):
            self.bump(player, target, piece, k)
            return False
        self.events.append(CraftMoved(player, self.cell[player], target, self.facing[player], k, backwards))
        self.cell[player] = target
        carried = self.carrying.get(player)
        if carried is not None:
            self.pieces[carried] = self.pieces[carried]._replace(cell=target)
            if target == own.cell:
                self.score(player, k)
        for aid in self.asteroyds:
            a = self.pieces[aid]
            if a.carrier is None and a.cell == target:
                arrived = self.arrivals.setdefault(aid, [])
                if player not in arrived:
                    arrived.append(player)
        return True

    def bump(self, player: str, target: Cell | None, piece: Piece | None, k: int) -> None:
        cell = self.cell[player]
        if piece is None:
            self.events.append(CraftBumped(player, cell, None, "border", None, Named.border(), k))
        else:
            self.events.append(CraftBumped(player, cell, target, piece.kind, piece.id, Named.piece(piece), k))
            self.knock(piece, (player,), (Named.crafts((player,)),), "bump", k)
        self.send_home(player, k, first_skipped=k + 1)

    def score(self, player: str, k: int) -> None:
        aid = self.carrying.pop(player)
        a = self.pieces[aid]
        team, victim, home = self.team[player], _known(a.team), _known(a.home)
        self.points[team] = self.points.get(team, 0) + 1
        three = len(self.team_list) >= 3
        if three:
            self.points[victim] = self.points.get(victim, 0) - 1
        now = tuple((t, self.points[t]) for t in self.team_list)
        self.events.append(PointScored(team, player, aid, victim, now, k, three))
        self.pieces[aid] = a._replace(cell=home, carrier=None)
        self.events.append(AsteroydReturned(aid, victim, a.cell, home, player, "captured", k))

    def resolve_arrivals(self, k: int) -> None:
        """The asteroyds crafts arrived on this round, all arrivals together.

        The rules: docs/rules.md#11-capture-the-asteroyd.
        """
        for aid in self.asteroyds:
            arrived = self.arrivals.get(aid)
            a = self.pieces[aid]
            if not arrived or a.carrier is not None:
                continue
            team, home = _known(a.team), _known(a.home)
            active = [p for p in arrived if p not in self.out]
            enemies = [p for p in active if self.team[p] != team and p not in self.carrying]
            if len(enemies) == 1:
                player = enemies[0]
                self.carrying[player] = aid
                self.pieces[aid] = a._replace(cell=self.cell[player], carrier=player)
                self.events.append(AsteroydPickedUp(player, aid, team, a.cell, k))
                if self.cell[player] == self.platform[self.team[player]].cell:
                    self.score(player, k)
            elif len(enemies) >= 2:
                self.events.append(AsteroydContested(aid, team, a.cell, tuple(enemies), k))
            elif a.cell != home and any(self.team[p] == team for p in active):
                player = next(p for p in active if self.team[p] == team)
                self.pieces[aid] = a._replace(cell=home)
                self.events.append(AsteroydReturned(aid, team, a.cell, home, player, "team-mate", k))
        self.arrivals.clear()

    # --- the blue asteroids variant ------------------------------------------------
    def move_blue_asteroids(self, die: int) -> None:
        """Blue asteroids move 1 space with the blue die and may push another asteroid.

        The rules: docs/rules.md#4-moving-the-asteroids.
        """
        movers = sorted(
            (p for p in self.state.pieces if p.kind == ASTEROID and p.moved_by(BLUE)),
            key=lambda p: (p.priority or 0, p.id),
        )
        if not movers:
            return
        self.events.append(PhaseStarted(BLUE, die, tuple(p.id for p in movers)))
        for mover in movers:
            piece = self.pieces[mover.id]
            direction = die_direction(_known(piece.orientation), die)
            start = piece.cell
            target = self.steps[start][direction]
            blocked = self.blue_blocker(target)
            if blocked is None:
                self.blue_step(piece, direction, start, _known(target))
                continue
            reason, blocker, name, detail = blocked
            if reason == ASTEROID and target is not None:  # (an asteroid stands in a space)
                other = self.obstacle[target]
                behind = self.steps[target][direction]
                refusal = self.push_refusal(behind)
                if not refusal and behind is not None:  # (push_refusal refuses the border)
                    self.relocate(other, behind)
                    self.events.append(
                        TilePushed(
                            piece.id,
                            Named.piece(piece),
                            other.id,
                            Named.piece(other),
                            direction,
                            target,
                            behind,
                        )
                    )
                    self.blue_step(piece, direction, start, target)
                    continue
                reason, detail = "push_refused", refusal
            self.events.append(
                TileBlocked(
                    piece.id,
                    _known(piece.colour),
                    piece.kind,
                    piece.priority,
                    BLUE,
                    direction,
                    start,
                    start,
                    0,
                    target,
                    reason,
                    blocker,
                    name,
                    "void",
                    detail,
                )
            )

    def blue_step(self, piece: Piece, direction: int, start: Cell, target: Cell) -> None:
        """A blue asteroid moves its one space into ``target`` (free, or freed by its push)."""
        assert piece.colour is not None  # it is moved by the blue die
        self.relocate(self.pieces[piece.id], target)
        self.events.append(
            TileMoved(piece.id, piece.colour, piece.kind, piece.priority, BLUE, direction, start, target, 1)
        )

    def blue_blocker(self, target: Cell | None) -> Blocker | None:
        """What stops a blue asteroid entering ``target`` (None: it is free)."""
        if target is None:
            return ("border", None, Named.border(), "")
        piece = self.obstacle.get(target)
        if piece is not None and piece.kind != ASTEROID:
            return (piece.kind, piece.id, Named.piece(piece), "")
        for aid in self.asteroyds:
            a = self.pieces[aid]
            if a.cell == target or a.home == target:
                return (ASTEROYD, aid, Named.team_asteroyd(_known(a.team), home=a.cell != target), "")
        players = [p for p in self.order if self.cell[p] == target]
        if players:
            return ("craft", ", ".join(players), Named.each_craft(players), Phrase(NO_CRAFT_DAMAGE))
        if piece is not None:
            return (ASTEROID, piece.id, Named.piece(piece), "")
        return None

    def push_refusal(self, behind: Cell | None) -> Phrase | str:
        return _refusal(self.blue_blocker(behind), behind)

    def relocate(self, piece: Piece, target: Cell) -> None:
        if self.obstacle.get(piece.cell) is piece:
            del self.obstacle[piece.cell]
        moved = piece._replace(cell=target)
        self.pieces[piece.id] = moved
        self.obstacle[target] = moved


def _refusal(blocked: Blocker | None, behind: Cell | None) -> Phrase | str:
    """Why a blue asteroid cannot push what is in front of it (the phrase its event keeps), or ""."""
    if blocked is None:
        return ""
    if behind is None:
        return Phrase(BORDER_BEHIND)
    name = blocked[2]
    return Phrase(ARE_BEHIND if blocked[0] == "craft" and len(name.players) > 1 else IS_BEHIND, name)


def _known(value: T | None) -> T:
    """A value the turn knows is set, though its type allows None: a valid capture board gives
    every craft and turret a team (and a craft a cell while on the board), every asteroyd a team
    and a home, every blue asteroid a colour and an orientation (State.validate, the mode's
    check); a space a blue asteroid may enter is on the board (blue_blocker stops it at the border)."""
    assert value is not None
    return value


__all__ = ["begin_turn", "programs_for", "resolve"]
