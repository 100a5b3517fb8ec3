"""Resolving a Capture the Asteroyd turn (RULES §11): a pure function of (state, dice, programs).

The turn is 6 rounds, one per column. The blue asteroids of the variant
move first (blue die). Then in each round: every laser fires at once (crafts
whose column holds Shoot, and every turret still active, in the direction its
team's die gives), all hits resolved together; then every craft still in play
performs its column's move, in player order (crafts never block each other,
so the order only orders the log); then the asteroyds the crafts arrived on
are resolved together. The module docstring of :mod:`asteroyds.modes.capture`
lists every decision taken where the rules are silent.

>>> from asteroyds.modes.capture import setup
>>> state = setup(teams=2)
>>> after, events = resolve(state, (1, 1, 1), {"red1": "F F F . . . -"})
>>> after.craft("red1").cell
(6, 4)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, fields, replace
from typing import NamedTuple

from ..damage import Decide, never
from ..dice import Dice
from ..errors import ProgramError, ScenarioError
from ..events import (
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
from ..hexgrid import Cell, Direction, direction_name
from ..i18n import _
from ..pieces import ASTEROID, ASTEROYD, BLUE, DIE_COLOURS, PLATFORM, TURRET, Piece, die_direction
from ..pilots import ACTION_STEPS, PILOT_TABLE, PILOT_TOKENS, PRIMITIVES
from ..program import TOKEN_NAMES
from ..state import State
from .capture_events import (
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
from .capture_program import ROUNDS, SHOOT, CaptureProgram, as_capture_program, validate_capture_program

TEAMS: tuple[str, ...] = DIE_COLOURS  # red, white, blue: each team's turrets fire with its die
TARGETS: dict[int, int] = {2: 3, 3: 2}  # points to win, by number of teams
VICTORY_CHECKS: tuple[str, ...] = ("round", "turn")


@dataclass(frozen=True, slots=True)
class CaptureRules:
    """The settings of the capture mode a table might play differently (RULES §11).

    - ``target``: points to win; None is the rule: 3 with two teams, 2 with three.
    - ``victory_check``: ``"round"`` (the seed: "if during a round a team reaches
      3 points it wins": checked after each of the 6 rounds, the rest of the
      turn is not played) or ``"turn"`` (checked once, after round 6).
    - ``destructible_asteroids``: blue asteroids variant; a laser or a ramming
      craft destroys a blue asteroid (True, "more fun" says the seed) or they
      are indestructible obstacles.
    """

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
        return cls(**data)


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
    """Where every turret fires this turn: its team's die fixes it for the whole turn (RULES §11).

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
            die = dice.value(t.team)
            aims.append(TurretAim(t.id, t.team, t.cell, die, die_direction(t.orientation, die)))
    return tuple(aims)


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
        self.team = {c.player: c.team for c in state.crafts}
        self.cell: dict[str, Cell] = {p: self.craft[p].cell for p in self.order}
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
                shots.append((p, f"the {p} craft", self.team[p], self.cell[p], self.facing[p], pierce))
        for t in self.turrets:
            if t.id not in self.disabled:
                shots.append((t.id, f"the {t.team} turret {t.id}", t.team, t.cell, self.aim[t.id], False))
        self.events.append(RoundStarted(k, tuple(s[0] for s in shots)))
        hit_crafts: dict[str, list[tuple[str, str]]] = {}
        hit_pieces: dict[str, list[tuple[str, str]]] = {}
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
            by = hit_pieces[pid]
            self.knock(self.pieces[pid], tuple(b[0] for b in by), tuple(b[1] for b in by), "laser", k)

    def trace(self, team: str, start: Cell, direction: int, pierce: bool, k: int):
        """Follow one laser from the space in front of the shooter; nothing changes yet.

        Returns (path, end, stopped_by, blocker, blocker_name, hits, dodged).
        """
        path: list[Cell] = []
        dodged: list[tuple[str, Cell]] = []
        cell = start
        while True:
            nxt = self.steps[cell][direction]
            if nxt is None:
                return tuple(path), None, "border", None, "the border", (), dodged
            path.append(nxt)
            piece = self.obstacle.get(nxt)
            if piece is not None and not (piece.kind == TURRET and piece.team == team):
                return tuple(path), nxt, piece.kind, piece.id, piece.describe(), (), dodged
            enemies = [
                p for p in self.order if self.cell[p] == nxt and p not in self.out and self.team[p] != team
            ]
            hits = tuple(p for p in enemies if pierce or not self.programs[p].shields_in(k))
            dodged += [(p, nxt) for p in enemies if p not in hits]
            if hits:
                names = " and ".join(f"the {p} craft" for p in hits)
                return tuple(path), nxt, "craft", ", ".join(hits), names, hits, dodged
            cell = nxt

    def knock(self, piece: Piece, by: tuple[str, ...], names: tuple[str, ...], cause: str, k: int) -> None:
        """A turret is disabled, a destructible asteroid destroyed (by lasers or a bump)."""
        if piece.kind == TURRET:
            if piece.id not in self.disabled:
                self.disabled.add(piece.id)
                self.events.append(TurretDisabled(piece.id, piece.team, piece.cell, by, names, cause, k))
        elif piece.kind == ASTEROID and self.rules.destructible_asteroids and piece.id not in self.removed:
            self.removed.append(piece.id)
            del self.obstacle[piece.cell]
            self.events.append(AsteroidBlasted(piece.id, piece.describe(), piece.cell, by, names, cause, k))

    def send_home(self, player: str, k: int, first_skipped: int) -> None:
        """Hit (or bumped): drop what it carries, teleport to its platform, out for the turn."""
        cell = self.cell[player]
        carried = self.carrying.pop(player, None)
        if carried is not None:
            self.pieces[carried] = self.pieces[carried]._replace(cell=cell, carrier=None)
            self.events.append(AsteroydDropped(player, carried, self.pieces[carried].team, cell, k))
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
            self.events.append(CraftBumped(player, cell, None, "border", None, "the border", k))
        else:
            self.events.append(CraftBumped(player, cell, target, piece.kind, piece.id, piece.describe(), k))
            self.knock(piece, (player,), (f"the {player} craft",), "bump", k)
        self.send_home(player, k, first_skipped=k + 1)

    def score(self, player: str, k: int) -> None:
        aid = self.carrying.pop(player)
        a = self.pieces[aid]
        team, victim = self.team[player], a.team
        self.points[team] = self.points.get(team, 0) + 1
        three = len(self.team_list) >= 3
        if three:
            self.points[victim] = self.points.get(victim, 0) - 1
        now = tuple((t, self.points[t]) for t in self.team_list)
        self.events.append(PointScored(team, player, aid, victim, now, k, three))
        self.pieces[aid] = a._replace(cell=a.home, carrier=None)
        self.events.append(AsteroydReturned(aid, victim, a.cell, a.home, player, "captured", k))

    def resolve_arrivals(self, k: int) -> None:
        """The asteroyds crafts arrived on this round, all arrivals together (RULES §11)."""
        for aid in self.asteroyds:
            arrived = self.arrivals.get(aid)
            a = self.pieces[aid]
            if not arrived or a.carrier is not None:
                continue
            active = [p for p in arrived if p not in self.out]
            enemies = [p for p in active if self.team[p] != a.team and p not in self.carrying]
            if len(enemies) == 1:
                player = enemies[0]
                self.carrying[player] = aid
                self.pieces[aid] = a._replace(cell=self.cell[player], carrier=player)
                self.events.append(AsteroydPickedUp(player, aid, a.team, a.cell, k))
                if self.cell[player] == self.platform[self.team[player]].cell:
                    self.score(player, k)
            elif len(enemies) >= 2:
                self.events.append(AsteroydContested(aid, a.team, a.cell, tuple(enemies), k))
            elif a.cell != a.home and any(self.team[p] == a.team for p in active):
                player = next(p for p in active if self.team[p] == a.team)
                self.pieces[aid] = a._replace(cell=a.home)
                self.events.append(AsteroydReturned(aid, a.team, a.cell, a.home, player, "team-mate", k))
        self.arrivals.clear()

    # --- the blue asteroids variant ------------------------------------------------
    def move_blue_asteroids(self, die: int) -> None:
        """Blue asteroids move 1 space with the blue die and may push another asteroid (RULES §4)."""
        movers = sorted(
            (p for p in self.state.pieces if p.kind == ASTEROID and p.moved_by(BLUE)),
            key=lambda p: (p.priority or 0, p.id),
        )
        if not movers:
            return
        self.events.append(PhaseStarted(BLUE, die, tuple(p.id for p in movers)))
        for mover in movers:
            piece = self.pieces[mover.id]
            direction = die_direction(piece.orientation, die)
            start = piece.cell
            target = self.steps[start][direction]
            blocked = self.blue_blocker(target)
            if blocked is None:
                self.blue_step(piece, direction, start, target)
                continue
            reason, blocker, name, detail = blocked
            if reason == ASTEROID:
                other = self.obstacle[target]
                behind = self.steps[target][direction]
                refusal = self.push_refusal(behind)
                if not refusal:
                    self.relocate(other, behind)
                    self.events.append(
                        TilePushed(
                            piece.id, piece.describe(), other.id, other.describe(), direction, target, behind
                        )
                    )
                    self.blue_step(piece, direction, start, target)
                    continue
                reason, detail = "push_refused", refusal
            self.events.append(
                TileBlocked(
                    piece.id,
                    piece.colour,
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
        self.relocate(self.pieces[piece.id], target)
        self.events.append(
            TileMoved(piece.id, piece.colour, piece.kind, piece.priority, BLUE, direction, start, target, 1)
        )

    def blue_blocker(self, target: Cell | None) -> tuple[str, str | None, str, str] | None:
        """What stops a blue asteroid entering ``target`` (None: it is free)."""
        if target is None:
            return ("border", None, "the border", "")
        piece = self.obstacle.get(target)
        if piece is not None and piece.kind != ASTEROID:
            return (piece.kind, piece.id, piece.describe(), "")
        for aid in self.asteroyds:
            a = self.pieces[aid]
            if a.cell == target or a.home == target:
                where = "" if a.cell == target else " (its home space)"
                return (ASTEROYD, aid, f"the {a.team} asteroyd{where}", "")
        players = [p for p in self.order if self.cell[p] == target]
        if players:
            names = " and ".join(f"the {p} craft" for p in players)
            return ("craft", ", ".join(players), names, "crafts take no damage in capture mode")
        if piece is not None:
            return (ASTEROID, piece.id, piece.describe(), "")
        return None

    def push_refusal(self, behind: Cell | None) -> str:
        blocked = self.blue_blocker(behind)
        if blocked is None:
            return ""
        if behind is None:
            return "the border is behind it"
        return f"{blocked[2]} {'are' if blocked[0] == 'craft' and ' and ' in blocked[2] else 'is'} behind it"

    def relocate(self, piece: Piece, target: Cell) -> None:
        if self.obstacle.get(piece.cell) is piece:
            del self.obstacle[piece.cell]
        moved = piece._replace(cell=target)
        self.pieces[piece.id] = moved
        self.obstacle[target] = moved


__all__ = [
    "DEFAULT_CAPTURE_RULES",
    "TARGETS",
    "CaptureRules",
    "TurretAim",
    "asteroyd_of",
    "begin_turn",
    "leader",
    "platform_of",
    "programs_for",
    "resolve",
    "scores",
    "team_players",
    "teams",
    "turret_aims",
]
