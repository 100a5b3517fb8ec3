"""Drones mode (docs/rules.md#7-shooting, docs/rules.md#8-victory): turrets launch drones, players shoot them.

- **Launch** (start of every round, :func:`start_round`): each turret that
  has no drone of its symbol on the board launches one on its own space. The
  drone is a white/red tile with the turret's orientation and symbol, and the
  priority ``100 + n`` for the n-th turret of the setup (unique, above every
  asteroid's; drones move first in each colour phase anyway). A drone that
  cannot leave its turret stays inside it, sheltered (:mod:`asteroyds.shooting`).
- **Shots** (flight): a laser hitting a drone gives its symbol's token, once
  per symbol per player; every player who hits it in the round scores.
- **End of the round** (:func:`finish_round`): every drone hit this round
  leaves the board; its turret launches a new one at the start of the next.
- **Victory** (:func:`outcome`): at the end of a round, the players holding 4
  different drone symbols (every symbol, on a board with fewer turrets) have
  finished; the least damage wins among them; a remaining tie is a shared
  victory. A destroyed craft cannot win; if every craft is destroyed, nobody
  wins.

>>> from asteroyds.setups import drones
>>> state, events = start_round(drones(seed=1, players=["blue"]))
>>> [p.id for p in state.pieces if p.kind == "drone"]
['DA-1', 'DB-1', 'DC-1', 'DD-1']
>>> print(events[0])
Turret T1 launches white/red drone #101 (symbol A) at (1, 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from .. import setups
from ..errors import RuleError
from ..event_text import and_list as words_and
from ..event_text import capitalised, cell_text, named_text, player_text, tile_name
from ..events import Event, TokenTaken
from ..hexgrid import Cell
from ..i18n import N_, _
from ..named import Named
from ..outcome import Finisher, Outcome
from ..pieces import DRONE, TURRET, Piece
from ..shooting import LaserFired
from ..state import State
from .base import Mode
from .standard import STANDARD_TURN, and_list, leaders

# Drones move like white/red asteroids (docs/rules.md#2-pieces, docs/rules.md#7-shooting).
DRONE_COLOUR = "white/red"
PRIORITY_BASE = 100  # the n-th turret's drones have priority 100 + n
SYMBOLS_TO_WIN = 4


@dataclass(slots=True)
class DroneLaunched(Event):
    """A turret launches a drone on its own space (start of a round)."""

    TYPE: ClassVar[str] = "drone_launched"
    piece: str
    turret: str
    symbol: str
    cell: Cell
    orientation: int
    priority: int

    def text(self) -> str:
        return _(
            "Turret {turret} launches {drone} (symbol {symbol}) at {cell}",
            turret=self.turret,
            drone=tile_name(DRONE_COLOUR, DRONE, self.priority),
            symbol=self.symbol,
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class DroneRemoved(Event):
    """A drone hit during the round leaves the board at its end."""

    TYPE: ClassVar[str] = "drone_removed"
    piece: str
    piece_name: Named | str
    symbol: str | None  # None only for a drone a scenario placed without a symbol
    cell: Cell
    hit_by: tuple[str, ...]

    def text(self) -> str:
        return capitalised(
            _(
                "{drone} (symbol {symbol}), hit this round by {players}, leaves the board",
                drone=named_text(self.piece_name),
                symbol=self.symbol,
                players=words_and([player_text(p) for p in self.hit_by]),
            )
        )


def drone_symbols(state: State) -> tuple[str, ...]:
    """The drone symbols of this board: one per turret symbol, sorted (normally A-D)."""
    return tuple(sorted({p.symbol for p in state.pieces if p.kind == TURRET and p.symbol}))


def symbols_needed(state: State) -> int:
    """How many different drone symbols win: 4, or every symbol on a board with fewer."""
    return min(SYMBOLS_TO_WIN, len(drone_symbols(state)))


def start_round(state: State) -> tuple[State, list[Event]]:
    """Every turret without a drone of its symbol on the board launches one."""
    present = {p.symbol for p in state.pieces if p.kind == DRONE}
    used = {p.priority for p in state.pieces if p.priority is not None}
    launched: list[Piece] = []
    events: list[Event] = []
    turrets = [p for p in state.pieces if p.kind == TURRET]
    for n, turret in enumerate(turrets, 1):
        if not turret.symbol:
            raise RuleError(
                _("drones mode: turret {id!r} has no symbol, so it cannot launch a drone", id=turret.id)
            )
        if turret.symbol in present:
            continue
        priority = PRIORITY_BASE + n
        while priority in used:
            priority += 1
        pid = f"D{turret.symbol}-{state.round}"
        while state.has_piece(pid) or any(p.id == pid for p in launched):
            pid += "'"
        assert turret.orientation is not None  # State.validate: every turret has one
        drone = Piece(pid, DRONE, turret.cell, DRONE_COLOUR, turret.orientation, priority, turret.symbol)
        present.add(turret.symbol)
        used.add(priority)
        launched.append(drone)
        events.append(DroneLaunched(pid, turret.id, turret.symbol, turret.cell, turret.orientation, priority))
    if not launched:
        return state, events
    return state.with_pieces((*state.pieces, *launched)), events


def drones_hit(round_events: Sequence[Event]) -> dict[str, list[str]]:
    """Drone id → the players whose laser hit it, in the order of the shots (each once)."""
    hits: dict[str, list[str]] = {}
    for e in round_events:
        if isinstance(e, LaserFired) and e.hit_kind == DRONE and e.hit is not None:
            players = hits.setdefault(e.hit, [])
            if e.player not in players:
                players.append(e.player)
    return hits


def finish_round(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event]]:
    """Every drone hit this round leaves the board."""
    hits = drones_hit(round_events)
    gone = [p for p in state.pieces if p.id in hits]
    if not gone:
        return state, []
    events: list[Event] = [
        DroneRemoved(p.id, Named.piece(p), p.symbol, p.cell, tuple(hits[p.id])) for p in gone
    ]
    return state.update_pieces({}, removed=[p.id for p in gone]), events


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """Who won at the end of this round, if anyone (docs/rules.md#7-shooting Drones mode)."""
    symbols = set(drone_symbols(state))
    needed = symbols_needed(state)
    finishers = []
    for craft in state.crafts_in_order():
        if craft.cell is None or needed == 0 or len(symbols.intersection(craft.tokens)) < needed:
            continue
        taken = [e.column for e in round_events if isinstance(e, TokenTaken) and e.player == craft.player]
        finishers.append(Finisher(craft.player, taken[-1] if taken else 0, craft.damage))
    if finishers:
        least = min(f.damage for f in finishers)
        winners = tuple(f.player for f in finishers if f.damage == least)
        return Outcome(
            winners=winners, reason=_reason(finishers, winners, needed), finishers=tuple(finishers)
        )
    if state.crafts and all(c.cell is None for c in state.crafts):
        return Outcome(winners=(), reason=_("Every craft is destroyed: nobody wins."))
    return None


def _reason(finishers: list[Finisher], winners: tuple[str, ...], needed: int) -> str:
    if len(finishers) == 1:
        return _(
            "{player} holds {needed} different drone symbols and wins.",
            player=player_text(winners[0]),
            needed=needed,
        )
    names = ", ".join(
        _("{player} ({damage} damage)", player=player_text(f.player), damage=f.damage) for f in finishers
    )
    if len(winners) > 1:
        return _(
            "{players} hold {needed} drone symbols; {tied} tie on least damage: a shared victory.",
            players=names,
            needed=needed,
            tied=words_and([player_text(w) for w in winners]),
        )
    return _(
        "{players} hold {needed} drone symbols; {player} wins with the least damage.",
        players=names,
        needed=needed,
        player=player_text(winners[0]),
    )


def _launched(state: State, e: DroneLaunched) -> State:
    drone = Piece(e.piece, DRONE, (*e.cell,), DRONE_COLOUR, e.orientation, e.priority, e.symbol)
    return state.with_pieces((*state.pieces, drone))


def _removed(state: State, e: DroneRemoved) -> State:
    return state.update_pieces({}, removed=[e.piece])


def counted(state: State) -> tuple[tuple[str, ...], int]:
    """The drone symbols count; :func:`symbols_needed` of them win."""
    return drone_symbols(state), symbols_needed(state)


def objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    """The symbols to collect, and who leads."""
    symbols, needed = drone_symbols(state), symbols_needed(state)
    return [
        _(
            "Shoot drones: {needed} different symbols of {symbols} win.",
            needed=needed,
            symbols=and_list(symbols),
        )
        + " "
        + leaders(state, symbols, "drone symbol", N_("Nobody has hit a drone yet."))
    ]


DRONES = Mode(
    name="drones",
    title=N_("Drones"),
    turn=STANDARD_TURN,
    outcome=outcome,
    setup=setups.drones,
    rewarded_kind=DRONE,
    start_round=start_round,
    finish_round=finish_round,
    replay={DroneLaunched.TYPE: _launched, DroneRemoved.TYPE: _removed},
    variants=("random_dice_order", "one_shot_per_turn"),
    planning_seconds={"beginner": 60, "expert": 30},
)
