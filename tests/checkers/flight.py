"""The flight checker: phase 3 re-flown from the rules (docs/rules.md#5-flying-and-the-status-chart).

Given the state before flight, the programs, and the answers to the
mid-flight questions, :class:`Flight` flies every craft itself, and
:func:`check_flight` compares it with what ``asteroyds.flight.fly`` returned.
What it knows, section by section:

- docs/rules.md#5-flying-and-the-status-chart: players fly in turn order,
  columns 1-6 then the red column when its token is not on Shield. Forward:
  one space ahead; Right/Left: pivot one notch, then one space; Turn back:
  180° in place; Shoot: a laser (docs/rules.md#7-shooting,
  :mod:`tests.checkers.lasers`). A step into an asteroid, a pod, a platform, a
  turret, a drone, a gate (outside racing) or across the border is a
  collision: the craft stays, takes 2 damage (1 with the shield) and the rest
  of its program is cancelled; a pivot before the blocked step has happened.
  Crafts never collide with one another. Once per game, a craft that collides
  with an *asteroid* may destroy it: 4 damage (3 with the shield); reaching 6
  destroys the craft and the asteroid stays, otherwise the asteroid leaves
  and the craft enters its space and flies on. Reaching 6 damage destroys a
  craft: it leaves the board.
- docs/rules.md#6-gates-and-tokens: in racing a gate is crossed; a
  craft entering a gate's space takes its token, once, with the column.
- docs/rules.md#7-shooting: targets mode, ramming an
  asteroid that carries a target eliminates it and gives its token.
- docs/rules.md#9-pilots: the column powers (Hector, Dolorosa,
  Yayenek, M'Hand, 1634), each used once per game; Lawrence cancels 1 point of
  one damage event, decided when it happens.
- docs/rules.md#10-variants-and-rule-settings: return to a platform: a craft
  holding every gate's token that enters a platform lands (no damage) and its
  program ends.

The two decisions (destroy the asteroid? Lawrence's emergency shield?) are a
:data:`Choose` function of a :class:`Question` (what, who, which column,
which step of the column); :func:`engine_decide` turns it into the engine's
``decide`` callback, reading the column and step from the question's key as
``asteroyds.flight`` documents it (``r3:fly:blue:c2:s1:destroy``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from asteroyds.hexgrid import Cell
from asteroyds.pieces import Craft, Piece
from asteroyds.state import State

from . import PIVOTS, POWERS, ahead, compare, differ
from .lasers import fire, objects_by_cell, reward

COLLISION, RAMMING, MAX_DAMAGE = 2, 4, 6  # docs/rules.md#5-flying-and-the-status-chart
DESTROY, EMERGENCY = "destroy_asteroid", "emergency_shield"  # the kinds of question the engine asks

# Primitive steps: F forward, B backwards (keeping the facing), L/R pivot one notch, U turn back.
ACTIONS = {"F": "F", "R": "RF", "L": "LF", "U": "U", ".": "", "X": ""}


class Question(NamedTuple):
    """A mid-flight decision: its kind (:data:`DESTROY`, :data:`EMERGENCY`), the player, column and step."""

    kind: str
    player: str
    column: int
    step: int


Choose = Callable[[Question], bool]


def engine_decide(choose: Choose) -> tuple[Callable[[Any], bool], list[Question]]:
    """The engine's ``decide`` callback answering as ``choose``, and the list of questions it was asked."""
    asked: list[Question] = []

    def decide(decision: Any) -> bool:
        parts = decision.key.split(":")  # r<round>:fly:<player>:c<column>:s<step>[:destroy][:lawrence:...]
        question = Question(decision.kind, decision.player, int(parts[3][1:]), int(parts[4][1:]))
        asked.append(question)
        return choose(question)

    return decide, asked


def tokens_of(program: object) -> list[str]:
    """The seven tokens of a program (its notation: columns 1-6, then the red column)."""
    return str(program).upper().split()


@dataclass
class Flight:
    """One flight phase, flown from the rules; :meth:`run` fills ``facts``, ``crafts`` and ``pieces``."""

    state: State
    choose: Choose
    facts: list[tuple] = field(default_factory=list)
    asked: list[Question] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.board = self.state.board
        self.mode = self.state.mode
        self.pieces: dict[str, Piece] = {p.id: p for p in self.state.pieces}
        self.crafts: dict[str, Craft] = {c.player: c for c in self.state.crafts}
        self.gates = {p.symbol for p in self.state.pieces if p.kind == "gate" and p.symbol}

    def objects(self) -> dict[Cell, Piece]:
        return objects_by_cell(self.pieces.values())

    def run(self, programs: Mapping[str, object]) -> Flight:
        for player in self.state.player_order:
            if player in programs and self.crafts[player].cell is not None:
                self.fly(player, tokens_of(programs[player]))
        return self

    # --- one craft ------------------------------------------------------------------
    def fly(self, player: str, tokens: Sequence[str]) -> None:
        shielded = tokens[6] == "S"
        for column, token in enumerate(tokens if not shielded else tokens[:6], 1):
            craft = self.crafts[player]
            if token == "X":
                self.shoot(player, column)
                continue
            steps = ACTIONS.get(token)
            if steps is None:  # a pilot token
                steps = POWERS[(craft.pilot or "", token)]
                self.crafts[player] = replace(craft, power_used=True)
                self.facts.append(("power", player, column, token))
            for index, step in enumerate(steps, 1):
                if step in PIVOTS:
                    craft = self.crafts[player]
                    facing = (craft.facing + PIVOTS[step]) % 6
                    self.facts.append(("turn", player, column, craft.facing, facing))
                    self.crafts[player] = replace(craft, facing=facing)
                elif not self.step(player, column, index, backwards=step == "B", shielded=shielded):
                    return

    def step(self, player: str, column: int, index: int, backwards: bool, shielded: bool) -> bool:
        """One space ahead (or back); False when the program stops here."""
        craft = self.crafts[player]
        assert craft.cell is not None
        target = ahead(self.board, craft.cell, (craft.facing + (3 if backwards else 0)) % 6)
        piece = None if target is None else self.objects().get(target)
        if target is not None and piece is None:
            self.move(player, column, target)
            return True
        if target is not None and piece is not None:
            if piece.kind == "gate" and self.mode == "racing":  # docs/rules.md#6-gates-and-tokens
                self.move(player, column, target)
                self.take(player, column, piece.symbol)
                return True
            if piece.kind == "platform" and self.lands(craft):  # docs/rules.md#10-variants-and-rule-settings
                self.move(player, column, target)
                self.facts.append(("landed", player, column, target))
                return False
            if (
                piece.kind == "asteroid"
                and not craft.destroy_used
                and self.ask(Question(DESTROY, player, column, index))
            ):
                return self.ram(player, column, index, piece, shielded)
        reason = "border" if piece is None else piece.kind
        self.facts.append(("collide", player, column, target, reason))
        self.damage(player, column, index, COLLISION, shielded)
        return False

    def ram(self, player: str, column: int, index: int, asteroid: Piece, shielded: bool) -> bool:
        """Destroy the asteroid instead of bouncing off: 4 damage (3 shielded), then enter its space."""
        self.crafts[player] = replace(self.crafts[player], destroy_used=True)
        self.facts.append(("rammed", player, column, asteroid.id))
        if not self.damage(player, column, index, RAMMING, shielded):
            return False  # destroyed by the cost: the asteroid stays
        del self.pieces[asteroid.id]
        self.facts.append(("asteroid_destroyed", player, column, asteroid.id))
        if self.mode == "targets" and asteroid.target is not None:
            self.facts.append(("target", player, column, asteroid.target, "rammed"))
            self.take(player, column, asteroid.target)
        self.move(player, column, asteroid.cell)
        return True

    def damage(self, player: str, column: int, index: int, base: int, shielded: bool) -> bool:
        """One damage event: the shield takes 1, Lawrence may take 1 more; False if the craft is destroyed."""
        craft = self.crafts[player]
        amount = max(0, base - (1 if shielded else 0))
        emergency = False
        lawrence = amount > 0 and craft.pilot == "Lawrence" and not craft.power_used
        if lawrence and self.ask(Question(EMERGENCY, player, column, index)):
            amount, emergency = amount - 1, True
            craft = replace(craft, power_used=True)
        total = min(MAX_DAMAGE, craft.damage + amount)
        self.facts.append(("damage", player, column, base, amount, total, emergency))
        if total == MAX_DAMAGE:
            self.facts.append(("destroyed", player, column))
            self.crafts[player] = replace(craft, damage=MAX_DAMAGE, cell=None)
            return False
        self.crafts[player] = replace(craft, damage=total)
        return True

    def shoot(self, player: str, column: int) -> None:
        craft = self.crafts[player]
        assert craft.cell is not None
        shot = fire(self.board, self.objects(), craft.cell, craft.facing)
        hit = shot.hit
        self.facts.append(("laser", player, column, craft.cell, craft.facing, shot.path, hit and hit.id))
        token = reward(self.mode, hit)
        if hit is None or token is None:
            return
        if hit.kind == "asteroid":  # targets mode: the target is eliminated, the asteroid stays
            self.pieces[hit.id] = hit._replace(target=None)
            self.facts.append(("target", player, column, token, "shot"))
        self.take(player, column, token)

    # --- small rules ----------------------------------------------------------------
    def move(self, player: str, column: int, target: Cell) -> None:
        craft = self.crafts[player]
        self.facts.append(("move", player, column, craft.cell, target))
        self.crafts[player] = replace(craft, cell=target)

    def take(self, player: str, column: int, symbol: str | None) -> None:
        craft = self.crafts[player]
        if symbol is not None and symbol not in craft.tokens:
            self.facts.append(("token", player, column, symbol))
            self.crafts[player] = replace(craft, tokens=craft.tokens + (symbol,))

    def lands(self, craft: Craft) -> bool:
        return self.state.rules.return_to_platform and bool(self.gates) and self.gates <= set(craft.tokens)

    def ask(self, question: Question) -> bool:
        self.asked.append(question)
        return self.choose(question)


# --- the engine's account -------------------------------------------------------------


def engine_facts(events: Sequence[Any]) -> list[tuple]:
    """The engine's flight events as the facts :class:`Flight` predicts (in the engine's order)."""
    column: dict[str, int] = {}
    facts: list[tuple] = []
    for e in events:
        t = e.type
        if t == "column_played":
            column[e.player] = e.column
        elif t == "craft_turned":
            facts.append(("turn", e.player, e.column, e.start_facing, e.end_facing))
        elif t == "craft_moved":
            facts.append(("move", e.player, e.column, tuple(e.start), tuple(e.end)))
        elif t == "craft_collided":
            at = None if e.blocked_at is None else tuple(e.blocked_at)
            facts.append(("collide", e.player, e.column, at, e.reason))
        elif t == "craft_damaged":
            facts.append(
                ("damage", e.player, column.get(e.player), e.base, e.amount, e.total, e.emergency_shield)
            )
        elif t == "craft_destroyed":
            facts.append(("destroyed", e.player, column.get(e.player)))
        elif t in ("asteroid_rammed", "asteroid_destroyed"):
            facts.append((t.replace("asteroid_rammed", "rammed"), e.player, e.column, e.piece))
        elif t == "laser_fired":
            path = tuple(tuple(c) for c in e.path)
            facts.append(("laser", e.player, e.column, tuple(e.start), e.direction, path, e.hit))
        elif t == "token_taken":
            facts.append(("token", e.player, e.column, e.symbol))
        elif t == "target_eliminated":
            facts.append(("target", e.player, e.column, e.target, e.how))
        elif t == "craft_landed":
            facts.append(("landed", e.player, e.column, tuple(e.cell)))
        elif t == "pilot_power_used":
            facts.append(("power", e.player, e.column, e.token))
        elif t not in ("flight_started", "program_cancelled"):
            facts.append(("unexpected event", t))
    return facts


def craft_record(c: Craft) -> tuple:
    return (c.cell, c.facing, c.damage, c.tokens, c.destroy_used, c.power_used)


def check_flight(
    before: State,
    programs: Mapping[str, object],
    choose: Choose,
    after: State,
    events: Sequence[Any],
    asked: Sequence[Question] | None = None,
) -> list[str]:
    """Every difference between the rules' flight and the engine's (an empty list: none).

    ``asked`` is the list of questions the engine asked (:func:`engine_decide`), if recorded.
    """
    flight = Flight(before, choose).run(programs)
    found = compare("flight events", flight.facts, engine_facts(events))
    for c in after.crafts:
        expected = flight.crafts.get(c.player)
        found += differ(
            f"{c.player} craft (cell, facing, damage, tokens, destroy used, power used)",
            None if expected is None else craft_record(expected),
            craft_record(c),
        )
    expected_pieces = [(p.id, p.cell, p.target) for p in before.pieces if p.id in flight.pieces]
    expected_pieces = [(i, cell, flight.pieces[i].target) for i, cell, _t in expected_pieces]
    found += compare(
        "pieces (id, cell, target)", expected_pieces, [(p.id, p.cell, p.target) for p in after.pieces]
    )
    if asked is not None:
        found += compare("questions asked", flight.asked, list(asked))
    return found
