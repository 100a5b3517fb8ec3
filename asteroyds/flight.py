"""Phase 3, flying: a pure function of (state, programs, rules, decide).

docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#6-gates-and-tokens,
docs/rules.md#9-pilots and docs/rules.md#10-variants-and-rule-settings, to the letter.
Players fly in turn order (player one first), each executing columns 1–6 and then the red column when its
token is not on Shield. Every action is a short sequence of primitive steps
(:mod:`asteroyds.pilots`): a pivot, or one space forward or backwards. A step
into an asteroid, gate (except in racing, where gates are crossed), pod,
platform, turret, drone or across the border is a collision: the craft stays,
takes 2 damage (1 with the shield) and the rest of its program is cancelled;
a pivot before the blocked step has already happened. Crafts never collide
with each other. Shoot (``X``, every mode but racing) fires a laser
(:mod:`asteroyds.shooting`, docs/rules.md#7-shooting) and does not move the craft.

Mid-flight choices (destroy an asteroid? Lawrence's emergency shield?) go
through ``decide``; the questions carry keys unique within the round, such as
``r3:fly:blue:c2:s1:destroy`` (round 3, blue, column 2, first step).

>>> from asteroyds.setups import racing
>>> state = racing(seed=1, players=["blue"])
>>> after, events = fly(state, {"blue": "F F . . . . S"})
>>> print(events[-1])
The blue craft moves forward to (5, 5)
>>> after.craft("blue").cell, state.craft("blue").cell
((5, 5), (5, 7))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import TYPE_CHECKING, TypedDict

from .damage import DESTROY_ASTEROID, Decide, Decision, apply_damage, never
from .errors import ProgramError, RuleError
from .event_text import named_text, player_text
from .events import (
    AsteroidDestroyed,
    AsteroidRammed,
    ColumnPlayed,
    CraftCollided,
    CraftLanded,
    CraftMoved,
    CraftTurned,
    Event,
    FlightStarted,
    PilotPowerUsed,
    ProgramCancelled,
    TokenTaken,
)
from .flight_step import (
    ACTION_EFFECTS,
    COLLISION_DAMAGE,
    DESTROY_DAMAGE,
    FREE,
    LAND,
    RAM,
    Airspace,
    Effects,
    Fact,
    advance,
    damage_amount,
    effects,
)
from .hexgrid import Cell
from .i18n import _, ngettext, texts_version
from .named import HITTING, RAMMING, Named, Phrase
from .pieces import ASTEROID, Craft, Piece
from .pilots import PILOT_TABLE, PILOT_TOKENS
from .program import SHIELD, SHOOT, TOKEN_NAMES, Program, as_program, validate_program
from .registry import mode_of
from .rules import RuleSettings
from .shooting import LaserFired, TargetEliminated, reward
from .state import State

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11

# One planned column: (column, token, English name of the action, the steps as
# (pivot, move) pairs (see pilots.PRIMITIVES), the power's English or None,
# the tokens of the later columns that a collision here would cancel).
PlannedColumn = tuple[int, str, str, Effects, "str | None", tuple[str, ...]]


def fly(
    state: State,
    programs: Mapping[str, Program | str],
    rules: RuleSettings | None = None,
    decide: Decide = never,
) -> tuple[State, list[Event]]:
    """Fly every craft that has a program; return the new state and the events.

    ``rules`` defaults to ``state.rules`` (only ``return_to_platform`` matters
    here). ``decide`` answers the mid-flight questions. Programs are validated
    first (:func:`~asteroyds.program.validate_program`), so a bad one raises
    :class:`ProgramError` before anything flies. The input state is never changed.
    """
    rules = state.rules if rules is None else rules
    flights = _checked(state, programs, rules)
    return _Flight(state, rules, decide).run(flights)


def _checked(
    state: State, programs: Mapping[str, Program | str], rules: RuleSettings
) -> list[tuple[Craft, Program]]:
    """The crafts that fly, in turn order, with their validated programs."""
    crafts = {c.player: c for c in state.crafts}
    for player in programs:
        if player not in crafts:
            known = ", ".join(state.player_order)
            raise ProgramError(
                _("{player}: no such player in this game ({known})", player=player, known=known)
            )
    if mode_of(state).turn.rounds != 1:
        raise RuleError(
            _(
                "{mode} mode resolves one column at a time, lasers first: it is "
                "handled by asteroyds.modes.{mode}, not available yet",
                mode=state.mode,
            )
        )
    flights = []
    for player in state.player_order:
        value = programs.get(player)
        craft = crafts[player]
        if value is None or craft.cell is None:
            continue
        program = validate_program(as_program(value, player), craft, state.mode, rules=rules)
        flights.append((craft, program))
    return flights


@lru_cache(maxsize=2048)
def _plan(program: Program, pilot: str | None) -> tuple[PlannedColumn, ...]:
    """The columns to execute, compiled to primitive steps (empty ones and the shield left out)."""
    tokens = program.tokens
    planned = []
    for column, token in enumerate(tokens, 1):
        if token == "." or token == SHIELD:
            continue
        if token in PILOT_TOKENS:
            info = PILOT_TABLE[pilot or ""]
            steps, power = effects(info.steps(token)), info.explain(token)
        else:  # Shoot has no step: fly_one fires the laser instead
            steps, power = ACTION_EFFECTS.get(token, ()), None
        later = tuple(t for t in tokens[column:] if t != "." and t != SHIELD)
        planned.append((column, token, TOKEN_NAMES[token], steps, power, later))
    return tuple(planned)


class _Flight:
    """Mutable working copy of the crafts for one flight phase: folds :func:`~asteroyds.flight_step.advance`
    into events, asking ``decide`` the mid-flight questions."""

    def __init__(self, state: State, rules: RuleSettings, decide: Decide) -> None:
        self.state = state
        self.decide = decide
        self.space = space = Airspace(state, rules)
        self.neighbours = space.neighbours
        self.occupant = space.occupant  # changed as crafts fly: an asteroid destroyed, a target shot
        self.removed: list[str] = []
        self.changed: dict[str, Piece] = {}  # pieces changed in place (a shot target loses it)
        self.craft: Craft  # the craft now flying, as it is now (fly_one sets it)
        self.crafts: dict[str, Craft] = {}
        self.events: list[Event] = []

    def run(self, flights: list[tuple[Craft, Program]]) -> tuple[State, list[Event]]:
        for craft, program in flights:
            self.crafts[craft.player] = self.fly_one(craft, program)
        return self.result(), self.events

    def result(self) -> State:
        s = self.state
        changed = self.crafts
        crafts = tuple([changed.get(c.player, c) for c in s.crafts])
        pieces = s.pieces
        if self.changed:
            pieces = tuple([self.changed.get(p.id, p) for p in pieces])
        if self.removed:
            gone = set(self.removed)
            pieces = tuple([p for p in pieces if p.id not in gone])
        # State.replace keeps every other field (scores, rules, ...) whatever the state grows.
        return s.replace(pieces=pieces, crafts=crafts)

    # --- one craft's program -----------------------------------------------------
    def fly_one(self, craft: Craft, program: Program) -> Craft:
        """Execute one program; return the craft as it ends.

        Each action's steps go through :func:`advance` (turns, moves, gates
        crossed, as facts); a step that meets something goes to :meth:`enter`.
        """
        player = craft.player
        shielded = program.red == SHIELD
        append = self.events.append
        space = self.space
        trail: list[Fact]  # one action's facts, made events of here
        append(FlightStarted(player, str(program), shielded))
        self.craft = craft
        cell, facing = craft.cell, craft.facing
        assert cell is not None  # _checked flies only the crafts on the board
        for column, token, action, steps, power, later in _plan(program, craft.pilot):
            append(ColumnPlayed(player, column, token, action))
            if token == SHOOT:
                self.craft = _with(self.craft, cell, facing)
                self.shoot(column)
                continue
            if power is not None:
                assert craft.pilot is not None  # _plan found the power in the pilot's table
                self.craft = _with(self.craft, cell, facing, power_used=True)
                append(PilotPowerUsed(player, craft.pilot, column, token, power))
            first = 0
            while True:
                now = self.craft
                trail = []
                outcome, _c, _f, index, target, piece, _t = advance(
                    space, cell, facing, steps, first, now.tokens, None, not now.destroy_used, trail
                )
                for what, value, detail in trail:
                    if what == "move":
                        append(CraftMoved(player, cell, value, facing, column, detail))
                        cell = value
                    elif what == "turn":
                        append(CraftTurned(player, facing, value, column))
                        facing = value
                    else:  # a gate crossed: its token
                        self.craft = _with(self.craft, cell, facing)
                        self.take_token(detail, column)
                if outcome == FREE:
                    break
                self.craft = _with(self.craft, cell, facing)
                if not self.enter(
                    outcome, target, piece, column, index + 1, steps[index][1] == 3, shielded, later
                ):
                    return self.craft
                cell = self.craft.cell
                assert cell is not None  # the program goes on: the craft is still on the board
                first = index + 1
        return _with(self.craft, cell, facing)

    def enter(
        self,
        outcome: int,
        target: Cell | None,
        piece: Piece | None,
        column: int,
        index: int,
        backwards: bool,
        shielded: bool,
        later: tuple,
    ) -> bool:
        """A step into an occupied cell or across the border (``outcome``: what it is); False when the
        program stops."""
        craft = self.craft
        if outcome == LAND:
            assert target is not None and piece is not None  # a platform was landed on
            self.move(target, column, backwards)
            self.events.append(CraftLanded(craft.player, target, column, piece.id))
            return False
        if outcome == RAM:
            assert target is not None and piece is not None  # an asteroid is in the way
            destroyed = self.offer_destroy(piece, column, index, shielded)
            if destroyed is not None:
                if not destroyed:
                    return False  # the ramming cost the craft its last points
                self.move(target, column, backwards)
                return True
        return self.collide(target, piece, column, index, shielded, later)

    def move(self, target: Cell, column: int, backwards: bool) -> None:
        craft = self.craft
        assert craft.cell is not None  # a craft moves only while on the board
        self.events.append(CraftMoved(craft.player, craft.cell, target, craft.facing, column, backwards))
        self.craft = _with(craft, target, craft.facing)

    def collide(
        self, target: Cell | None, piece: Piece | None, column: int, index: int, shielded: bool, later: tuple
    ) -> bool:
        """Bounce off: stay, take 2 damage (1 with the shield), cancel the rest of the program."""
        craft = self.craft
        if piece is None:
            reason, blocker, name = "border", None, Named.border()
        else:
            reason, blocker, name = piece.kind, piece.id, Named.piece(piece)
        assert craft.cell is not None  # on the board until the damage below
        self.events.append(CraftCollided(craft.player, craft.cell, target, reason, blocker, name, column))
        key = self.space.key(craft.player, column, index)
        craft, damage_events = apply_damage(
            craft, COLLISION_DAMAGE, shielded, Phrase(HITTING, name), self.decide, key=key
        )
        self.craft = craft
        self.events.extend(damage_events)
        if craft.cell is not None and later:
            self.events.append(ProgramCancelled(craft.player, column, later))
        return False

    def offer_destroy(self, asteroid: Piece, column: int, index: int, shielded: bool) -> bool | None:
        """Ask whether to ram ``asteroid`` to destroy it (once per game).

        The rules: docs/rules.md#5-flying-and-the-status-chart.

        None: declined (the craft bounces off). True: the asteroid leaves the
        game and the craft may enter. False: the cost destroyed the craft; the
        asteroid stays.
        """
        craft = self.craft
        name = Named.piece(asteroid)
        cost = damage_amount(DESTROY_DAMAGE, shielded)
        bounce = damage_amount(COLLISION_DAMAGE, shielded)
        key = self.space.key(craft.player, column, index) + ":destroy"
        question = Decision(
            kind=DESTROY_ASTEROID,
            player=craft.player,
            key=key,
            question=_ram_question(craft.player, asteroid, name, cost, bounce, craft.damage),
            piece=asteroid.id,
            amount=cost,
        )
        if not self.decide(question):
            return None
        craft = _with(craft, craft.cell, craft.facing, destroy_used=True)
        self.events.append(AsteroidRammed(craft.player, asteroid.id, name, asteroid.cell, column))
        craft, damage_events = apply_damage(
            craft, DESTROY_DAMAGE, shielded, Phrase(RAMMING, name), self.decide, key=key
        )
        self.craft = craft
        self.events.extend(damage_events)
        if craft.cell is None:
            return False
        del self.occupant[asteroid.cell]
        self.removed.append(asteroid.id)
        self.events.append(AsteroidDestroyed(craft.player, asteroid.id, name, asteroid.cell, column))
        if asteroid.target is not None and self.space.targets:
            self.eliminate(asteroid, column, "rammed")
        return True

    # --- lasers (docs/rules.md#7-shooting) ------------------------------------------------------------
    def shoot(self, column: int) -> None:
        """Fire the laser straight ahead; a hit may give a token (and eliminate a target)."""
        craft = self.craft
        assert craft.cell is not None  # only a craft on the board shoots
        path, piece = self.space.laser(craft.cell, craft.facing)
        if piece is None:
            self.events.append(
                LaserFired(craft.player, column, craft.cell, craft.facing, path, None, None, None)
            )
            return
        self.events.append(
            LaserFired(
                craft.player, column, craft.cell, craft.facing, path, piece.id, piece.kind, Named.piece(piece)
            )
        )
        if reward(self.space.mode, piece) is None:
            return
        if piece.kind == ASTEROID:
            self.eliminate(piece, column, "shot")
        else:
            self.take_token(piece, column)

    def eliminate(self, asteroid: Piece, column: int, how: str) -> None:
        """Targets mode: the asteroid's target is eliminated and its token goes to the craft's player."""
        craft = self.craft
        target, name = asteroid.target, Named.piece(asteroid)
        assert target is not None  # callers eliminate an asteroid that carries a target
        self.events.append(
            TargetEliminated(
                craft.player, asteroid.id, name, target, asteroid.team or "", asteroid.cell, column, how
            )
        )
        if how == "shot":  # the asteroid stays in play, without its target
            kept = asteroid._replace(target=None, team=None)
            self.changed[asteroid.id] = kept
            self.occupant[asteroid.cell] = kept
        if target not in craft.tokens:
            self.craft = _with(craft, craft.cell, craft.facing, tokens=craft.tokens + (target,))
            self.events.append(TokenTaken(craft.player, target, Named.target_on(target, asteroid), column))

    def take_token(self, gate: Piece, column: int) -> None:
        """Sharing a space with a gate gives its token, once (or shooting a gate, a drone).

        The rules: docs/rules.md#6-gates-and-tokens, docs/rules.md#7-shooting.
        """
        craft = self.craft
        symbol = gate.symbol
        if symbol is None or symbol in craft.tokens:
            return
        self.craft = _with(craft, craft.cell, craft.facing, tokens=craft.tokens + (symbol,))
        self.events.append(TokenTaken(craft.player, symbol, Named.piece(gate), column))


# (texts_version, player, asteroid, cost, bounce, damage) -> the question's text
_RAM_QUESTIONS: dict[tuple[object, ...], str] = {}


def _ram_question(player: str, asteroid: Piece, name: Named, cost: int, bounce: int, damage: int) -> str:
    """The ram question in the reader's language, worked out once per asteroid, costs and damage.

    Why kept: a round asks it each time a craft meets an asteroid, and writing it (the catalog, the
    asteroid's and the player's names) was 7 % of a whole round's time; the same question in the
    same language from the same catalogs is the same text.
    """
    memo = (texts_version(), player, asteroid, cost, bounce, damage)
    text = _RAM_QUESTIONS.get(memo)
    if text is None:
        if len(_RAM_QUESTIONS) >= 4096:  # a long session's boards: never more than this kept
            _RAM_QUESTIONS.clear()
        text = _RAM_QUESTIONS[memo] = ngettext(
            "{player}: destroy {name} at {cell} instead of bouncing off? Once per game; it costs"
            " {cost} damage point instead of {bounce}, and the craft has {damage} (6 destroys it).",
            "{player}: destroy {name} at {cell} instead of bouncing off? Once per game; it costs"
            " {cost} damage points instead of {bounce}, and the craft has {damage} (6 destroys it).",
            cost,
            player=player_text(player),
            name=named_text(name),
            cell=asteroid.cell,
            cost=cost,
            bounce=bounce,
            damage=damage,
        )
    return text


class _CraftChanges(TypedDict, total=False):
    """What :func:`_with` may change besides the position, so that mypy checks the keywords."""

    tokens: tuple[str, ...]
    destroy_used: bool
    power_used: bool


def _with(craft: Craft, cell: Cell | None, facing: int, **changes: Unpack[_CraftChanges]) -> Craft:
    """A copy of ``craft`` at a new position (and other ``changes``); the craft itself if nothing changed."""
    if not changes and cell == craft.cell and facing == craft.facing:
        return craft
    return replace(craft, cell=cell, facing=facing, **changes)


__all__ = ["COLLISION_DAMAGE", "DESTROY_DAMAGE", "fly"]
