"""Capture's turn checker: the six rounds re-played from the rules (docs/rules.md#11-capture-the-asteroyd).

:class:`CaptureTurn` plays a turn itself and :func:`check_capture` compares it,
round by round, with ``asteroyds.modes.capture.resolve``. The section's
Decisions are taken as written there (no friendly fire, lasers and
platforms, one's own platform, the order within a round, arrivals, scoring,
hit or bumped, victory timing, three teams, blue asteroids, pilots). What
the checker knows:

- **Before the rounds** (the blue asteroids Decision, with the push of
  docs/rules.md#4-moving-the-asteroids): each blue asteroid, in ascending
  priority, moves one space with the blue die or pushes the asteroid there
  one space further; the border, pods, platforms, turrets, crafts, an
  asteroyd and an asteroyd's home space block it (no damage: capture crafts
  take none). Every turret aims for the whole turn: its team's die through
  its orientation.
- **Each round k: lasers first, all at once.** Every craft in play whose
  column k is Shoot and every turret still active fires, all on the board as
  the round starts. A laser starts in the space in front of the shooter and
  runs straight; pods, platforms, asteroids (the variant's) and the border
  stop it; an enemy turret stops it and is hit; allied turrets and both
  asteroyds are passed; crafts of the shooter's team are passed everywhere
  (**no friendly fire**, docs/rules.md#11-capture-the-asteroyd). It stops at
  the first space holding an enemy craft that does not dodge, and hits every
  such craft there. An enemy with Shield anticipation on round k dodges
  (the laser passes beside it), unless the shooter is a craft whose
  anticipation is Shoot on round k. A platform stops a laser and nobody on
  it is hit. Then, together: each craft hit drops what it carries where it
  is, is teleported to its team's platform (facing the platform's start
  direction) and plays no more this turn; an enemy turret hit stops firing
  until the end of the turn; a blue asteroid hit is destroyed when they are
  destructible.
- **Then the moves**, craft after craft in player order (the Decision on
  the order within a round): each step into the border, a pod, a turret,
  an asteroid or another team's platform is a bump: as if hit (a bumped turret is disabled,
  a destructible asteroid destroyed), the carried asteroyd dropped in the
  space before the obstacle. A craft may enter its own platform: carrying
  the enemy asteroyd, its team scores 1 (3 teams: the victim loses 1) and
  the asteroyd goes home.
- **Arrivals**, after every move: on each asteroyd (not carried) that
  crafts entered this round, exactly one craft of another colour, not
  already carrying, picks it up (on its own platform: it scores); two or more
  leave it; with none, a team-mate entering its own asteroyd away from home
  sends it home.
- **Victory** after each round (``victory_check="round"``) or after the
  sixth: a team with the target (3, or 2 with three teams) and more than
  every other team wins, and the turn ends.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asteroyds.hexgrid import Cell
from asteroyds.pieces import Piece
from asteroyds.state import State

from . import PIVOTS, POWERS, ahead, aimed, compare, compare_unordered, differ

ROUNDS = 6
MOVES = {"F": "F", "R": "RF", "L": "LF", "U": "U"}


def read_program(program: object) -> tuple[list[str], str | None, set[int]]:
    """Columns, stance (S or X, None) and anticipated rounds, from the notation (``F X . . . . S3``)."""
    tokens = str(program).upper().split()
    columns, anticipation = tokens[:ROUNDS], tokens[ROUNDS]
    if anticipation == "-":
        return columns, None, set()
    return columns, anticipation[0], {int(r) for r in anticipation[1:].split(",")}


class CaptureTurn:
    """One capture turn, played from the rules; :meth:`run` fills ``facts`` (by round) and the end state."""

    def __init__(self, state: State, dice: Sequence[int], programs: Mapping[str, object], rules: Any) -> None:
        self.state, self.board, self.rules = state, state.board, rules
        self.dice = dict(zip(("red", "white", "blue"), dice, strict=True))
        self.order = [p for p in state.player_order if state.craft(p).cell is not None]
        self.team = {c.player: c.team for c in state.crafts}
        self.cell = {c.player: c.cell for c in state.crafts}
        self.facing = {c.player: c.facing for c in state.crafts}
        self.power_used = {c.player: c.power_used for c in state.crafts}
        self.pilot = {c.player: c.pilot for c in state.crafts}
        empty = ". . . . . . -"
        self.program = {p: read_program(programs.get(p, empty)) for p in self.order}
        self.pieces: dict[str, Piece] = {p.id: p for p in state.pieces}
        self.platform = {p.team: p for p in state.pieces if p.kind == "platform"}
        self.teams = [
            t
            for t in ("red", "white", "blue")
            if any(p.kind == "asteroyd" and p.team == t for p in state.pieces)
        ]
        self.points = {t: dict(state.scores).get(t, 0) for t in self.teams}
        self.target = rules.target or (2 if len(self.teams) == 3 else 3)
        self.out: set[str] = set()
        self.disabled: set[str] = set()
        self.facts: dict[int, list[tuple]] = {k: [] for k in range(ROUNDS + 1)}
        self.rounds_played = 0

    # --- the board -------------------------------------------------------------------
    def obstacle(self, cell: Cell) -> Piece | None:
        """The pod, platform, turret or asteroid in a space (asteroyds are never obstacles)."""
        for p in self.pieces.values():
            if p.cell == cell and p.kind in ("pod", "platform", "turret", "asteroid"):
                return p
        return None

    def asteroyds(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.kind == "asteroyd"]

    def carried_by(self, player: str) -> Piece | None:
        return next((a for a in self.asteroyds() if a.carrier == player), None)

    def crafts_in(self, cell: Cell) -> list[str]:
        return [p for p in self.order if self.cell[p] == cell and p not in self.out]

    # --- the turn ----------------------------------------------------------------------
    def run(self) -> CaptureTurn:
        self.blue_asteroids()
        self.aims = {
            p.id: aimed(p.orientation, self.dice[p.team]) for p in self.pieces.values() if p.kind == "turret"
        }
        for t, direction in self.aims.items():
            self.facts[0].append(("aim", t, direction))
        for k in range(1, ROUNDS + 1):
            self.rounds_played = k
            self.lasers(k)
            self.moves(k)
            self.arrivals(k)
            if (self.rules.victory_check == "round" or k == ROUNDS) and self.victory(k):
                break
        return self

    def victory(self, k: int) -> bool:
        best = max(self.points.values())
        leaders = [t for t, v in self.points.items() if v == best]
        if best >= self.target and len(leaders) == 1:
            self.facts[k].append(("won", leaders[0]))
            return True
        return False

    # --- lasers ------------------------------------------------------------------------
    def lasers(self, k: int) -> None:
        shots = []  # (shooter, team, start, direction, pierces)
        for p in self.order:
            columns, stance, rounds = self.program[p]
            if p not in self.out and columns[k - 1] == "X":
                shots.append((p, self.team[p], self.cell[p], self.facing[p], stance == "X" and k in rounds))
        for t in self.pieces.values():
            if t.kind == "turret" and t.id not in self.disabled:
                shots.append((t.id, t.team, t.cell, self.aims[t.id], False))
        hit_crafts: set[str] = set()
        hit_pieces: list[str] = []
        for shooter, team, start, direction, pierces in shots:
            path, end, stopped_by, hits = self.trace(k, shooter, team, start, direction, pierces)
            self.facts[k].append(
                ("laser", shooter, start, direction, path, end, stopped_by, tuple(sorted(hits)))
            )
            hit_crafts.update(hits)
            piece = None if end is None else self.obstacle(end)
            if piece is not None and piece.kind in ("turret", "asteroid") and piece.id not in hit_pieces:
                hit_pieces.append(piece.id)
        for player in self.order:
            if player in hit_crafts:
                self.facts[k].append(("shot", player))
                self.send_home(k, player)
        for pid in hit_pieces:
            self.knock(k, self.pieces[pid], "laser")

    def trace(self, k: int, shooter: str, team: str, start: Cell, direction: int, pierces: bool) -> tuple:
        path: list[Cell] = []
        cell = ahead(self.board, start, direction)
        while cell is not None:
            path.append(cell)
            piece = self.obstacle(cell)
            if piece is not None and not (piece.kind == "turret" and piece.team == team):
                return tuple(path), cell, piece.kind, []
            hits = []
            for p in self.crafts_in(cell):
                if self.team[p] == team:
                    continue  # allies are passed: no friendly fire
                _columns, stance, rounds = self.program[p]
                if stance == "S" and k in rounds and not pierces:
                    self.facts[k].append(("dodged", p, shooter))
                else:
                    hits.append(p)
            if hits:
                return tuple(path), cell, "craft", hits
            cell = ahead(self.board, cell, direction)
        return tuple(path), None, "border", []

    def knock(self, k: int, piece: Piece, cause: str) -> None:
        """A turret hit or bumped stops firing for the turn; a destructible asteroid is destroyed."""
        if piece.kind == "turret" and piece.id not in self.disabled:
            self.disabled.add(piece.id)
            self.facts[k].append(("disabled", piece.id, cause))
        elif piece.kind == "asteroid" and self.rules.destructible_asteroids and piece.id in self.pieces:
            del self.pieces[piece.id]
            self.facts[k].append(("blasted", piece.id, cause))

    def send_home(self, k: int, player: str) -> None:
        carried = self.carried_by(player)
        if carried is not None:
            self.pieces[carried.id] = carried._replace(cell=self.cell[player], carrier=None)
            self.facts[k].append(("dropped", player, carried.id, self.cell[player]))
        platform = self.platform[self.team[player]]
        facing = self.facing[player] if platform.orientation is None else platform.orientation
        self.facts[k].append(("teleported", player, self.cell[player], platform.cell, facing))
        self.cell[player], self.facing[player] = platform.cell, facing
        self.out.add(player)

    # --- moves -------------------------------------------------------------------------
    def moves(self, k: int) -> None:
        self.arrived: dict[str, list[str]] = {}
        for player in self.order:
            if player in self.out:
                continue
            token = self.program[player][0][k - 1]
            steps = MOVES.get(token, "")
            if (self.pilot[player] or "", token) in POWERS:
                steps = POWERS[(self.pilot[player] or "", token)]
                self.power_used[player] = True
                self.facts[k].append(("power", player, token))
            for step in steps:
                if step in PIVOTS:
                    start = self.facing[player]
                    self.facing[player] = (start + PIVOTS[step]) % 6
                    self.facts[k].append(("turn", player, start, self.facing[player]))
                elif not self.step(k, player, backwards=step == "B"):
                    break

    def step(self, k: int, player: str, backwards: bool) -> bool:
        start = self.cell[player]
        target = ahead(self.board, start, (self.facing[player] + (3 if backwards else 0)) % 6)
        piece = None if target is None else self.obstacle(target)
        own = self.platform[self.team[player]]
        if target is None or (piece is not None and piece.id != own.id):
            self.facts[k].append(("bumped", player, target, "border" if piece is None else piece.kind))
            if piece is not None:
                self.knock(k, piece, "bump")
            self.send_home(k, player)
            return False
        self.facts[k].append(("move", player, start, target))
        self.cell[player] = target
        carried = self.carried_by(player)
        if carried is not None:
            self.pieces[carried.id] = carried._replace(cell=target)
            if target == own.cell:
                self.score(k, player)
        for a in self.asteroyds():
            if a.carrier is None and a.cell == target and player not in self.arrived.setdefault(a.id, []):
                self.arrived[a.id].append(player)
        return True

    def score(self, k: int, player: str) -> None:
        a = self.carried_by(player)
        assert a is not None
        team = self.team[player]
        self.points[team] += 1
        if len(self.teams) == 3:
            self.points[a.team] -= 1
        self.facts[k].append(("scored", team, player, a.id, tuple(self.points[t] for t in self.teams)))
        self.facts[k].append(("returned", a.id, a.cell, a.home, "captured"))
        self.pieces[a.id] = a._replace(cell=a.home, carrier=None)

    def arrivals(self, k: int) -> None:
        for a in self.asteroyds():
            a = self.pieces[a.id]
            came = [p for p in self.arrived.get(a.id, []) if p not in self.out]
            if a.carrier is not None or not came:
                continue
            rivals = [p for p in came if self.team[p] != a.team and self.carried_by(p) is None]
            if len(rivals) == 1:
                player = rivals[0]
                self.pieces[a.id] = a._replace(cell=self.cell[player], carrier=player)
                self.facts[k].append(("picked", player, a.id, a.cell))
                if self.cell[player] == self.platform[self.team[player]].cell:
                    self.score(k, player)
            elif len(rivals) > 1:
                self.facts[k].append(("contested", a.id, tuple(sorted(rivals))))
            elif a.cell != a.home and any(self.team[p] == a.team for p in came):
                self.facts[k].append(("returned", a.id, a.cell, a.home, "team-mate"))
                self.pieces[a.id] = a._replace(cell=a.home)

    # --- the blue asteroids variant ------------------------------------------------------
    def blue_blocked(self, cell: Cell | None) -> bool:
        """Does the border, a fixed piece, an asteroyd (or its home) or a craft stop a blue asteroid here?"""
        if cell is None:
            return True
        piece = self.obstacle(cell)
        if piece is not None and piece.kind != "asteroid":
            return True
        if any(cell in (a.cell, a.home) for a in self.asteroyds()):
            return True
        return bool(self.crafts_in(cell))

    def blue_asteroids(self) -> None:
        movers = sorted(
            (p for p in self.pieces.values() if p.kind == "asteroid" and "blue" in (p.colour or "")),
            key=lambda p: p.priority or 0,
        )
        for mover in movers:
            mover = self.pieces[mover.id]
            direction = aimed(mover.orientation, self.dice["blue"])
            target = ahead(self.board, mover.cell, direction)
            if self.blue_blocked(target):
                self.facts[0].append(("tile_blocked", mover.id))
                continue
            other = self.obstacle(target)
            if other is not None:  # an asteroid: pushed one space further, or the move is void
                behind = ahead(self.board, target, direction)
                if self.blue_blocked(behind) or self.obstacle(behind) is not None:
                    self.facts[0].append(("tile_blocked", mover.id))
                    continue
                self.pieces[other.id] = other._replace(cell=behind)
                self.facts[0].append(("pushed", mover.id, other.id, target, behind))
            self.pieces[mover.id] = mover._replace(cell=target)
            self.facts[0].append(("tile_moved", mover.id, mover.cell, target))


# --- the engine's account -------------------------------------------------------------------


def engine_facts(events: Sequence[Any]) -> dict[int, list[tuple]]:
    """The engine's capture events as :class:`CaptureTurn`'s facts, by round (0: before round 1)."""
    facts: dict[int, list[tuple]] = {k: [] for k in range(ROUNDS + 1)}
    k = 0
    for e in events:
        t, add = e.type, facts[k].append
        if t == "capture_round_started":
            k = e.round
        elif t == "capture_turret_aimed":
            add(("aim", e.turret, e.direction))
        elif t == "capture_laser_fired":
            path = tuple(tuple(c) for c in e.path)
            end = None if e.end is None else tuple(e.end)
            add(
                (
                    "laser",
                    e.shooter,
                    tuple(e.start),
                    e.direction,
                    path,
                    end,
                    e.stopped_by,
                    tuple(sorted(e.hits)),
                )
            )
        elif t == "capture_laser_dodged":
            add(("dodged", e.player, e.shooter))
        elif t == "capture_craft_shot":
            add(("shot", e.player))
        elif t == "capture_turret_disabled":
            add(("disabled", e.turret, e.cause))
        elif t == "capture_asteroid_blasted":
            add(("blasted", e.piece, e.cause))
        elif t == "capture_asteroyd_dropped":
            add(("dropped", e.player, e.asteroyd, tuple(e.cell)))
        elif t == "capture_craft_teleported":
            add(("teleported", e.player, tuple(e.start), tuple(e.end), e.facing))
        elif t == "pilot_power_used":
            add(("power", e.player, e.token))
        elif t == "craft_turned":
            add(("turn", e.player, e.start_facing, e.end_facing))
        elif t == "craft_moved":
            add(("move", e.player, tuple(e.start), tuple(e.end)))
        elif t == "capture_craft_bumped":
            add(("bumped", e.player, None if e.blocked_at is None else tuple(e.blocked_at), e.reason))
        elif t == "capture_point_scored":
            add(("scored", e.team, e.player, e.asteroyd, tuple(points for _team, points in e.scores)))
        elif t == "capture_asteroyd_returned":
            add(("returned", e.asteroyd, tuple(e.start), tuple(e.home), e.cause))
        elif t == "capture_asteroyd_picked_up":
            add(("picked", e.player, e.asteroyd, tuple(e.cell)))
        elif t == "capture_asteroyd_contested":
            add(("contested", e.asteroyd, tuple(sorted(e.players))))
        elif t == "capture_won":
            add(("won", e.team))
        elif t == "tile_moved":
            add(("tile_moved", e.piece, tuple(e.start), tuple(e.end)))
        elif t == "tile_pushed":
            add(("pushed", e.pusher, e.piece, tuple(e.start), tuple(e.end)))
        elif t == "tile_blocked":
            add(("tile_blocked", e.piece))
        elif t not in ("column_played", "phase_started"):
            add(("unexpected event", t))
    return facts


def check_capture(
    before: State,
    dice: Sequence[int],
    programs: Mapping[str, object],
    rules: Any,
    after: State,
    events: Sequence[Any],
) -> list[str]:
    """Every difference between the rules' capture turn and the engine's (an empty list: none)."""
    turn = CaptureTurn(before, dice, programs, rules).run()
    got = engine_facts(events)
    found: list[str] = []
    for k in range(ROUNDS + 1):  # within a round the rules make everything simultaneous or say no order
        found += compare_unordered(f"round {k}" if k else "before round 1", turn.facts[k], got[k])
    played = sum(1 for e in events if e.type == "capture_round_started")
    found += differ("rounds played", turn.rounds_played, played)
    for c in after.crafts:
        found += differ(
            f"{c.player} craft (cell, facing, power used)",
            (turn.cell[c.player], turn.facing[c.player], turn.power_used[c.player]),
            (c.cell, c.facing, c.power_used),
        )
    expected = [(p.id, p.cell, p.carrier) for p in before.pieces if p.id in turn.pieces]
    expected = [(i, turn.pieces[i].cell, turn.pieces[i].carrier) for i, _cell, _carrier in expected]
    found += compare(
        "pieces (id, cell, carrier)", expected, [(p.id, p.cell, p.carrier) for p in after.pieces]
    )
    found += differ("scores", tuple(turn.points.items()), after.scores)
    return found
