"""Typed events: the facts a phase produces, in order.

Events are read-only by convention (plain slotted dataclasses, not frozen
ones: a phase creates dozens of them and frozen ones are five times slower
to build).

Events are facts, not instructions: the UI animates them, the log prints
their :meth:`Event.text`, tests compare them. Every event serialises to a
JSON object with its ``type``, its fields and its sentence.

Facts, not sentences (issue 36): what an event names is a typed
:class:`~asteroyds.named.Named` (``blocker_name``, ``piece_name`` …) and a
cause or a reason a :class:`~asteroyds.named.Phrase` (``cause``, ``detail``);
:meth:`Event.text` writes them through :mod:`asteroyds.event_text` only. The
JSON writes their English form, as it always did, and
:meth:`Event.from_dict` leaves it a plain string (equal to the typed value,
shown as written): nothing parses it back.

>>> e = TileMoved(piece="R1", colour="red", kind="asteroid", priority=3,
...               phase="red", direction=1, start=(3, 3), end=(5, 4), steps=2)
>>> e.text()
'Red asteroid #3 moves 2 spaces SE to (5, 4)'
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from .event_text import (
    and_list,
    capitalised,
    cell_text,
    collision_text,
    colour_text,
    column_words,
    heading_text,
    named_text,
    phrase_said,
    player_text,
    tile_name,
)
from .hexgrid import Cell
from .i18n import N_, _, ngettext
from .named import Named, Phrase

EVENT_TYPES: dict[str, type[Event]] = {}


def frozen(value: Any) -> Any:
    """Lists as tuples, all the way down: ``[[5, 6], [5, 5]]`` becomes ``((5, 6), (5, 5))``.

    >>> frozen([[5, 6], [5, 5]]), frozen(("red", "white")), frozen("red")
    (((5, 6), (5, 5)), ('red', 'white'), 'red')
    """
    if isinstance(value, list | tuple):
        return tuple(frozen(v) for v in value)
    return value


@dataclass(slots=True)
class Event:
    """Base class; subclasses set ``TYPE`` and write :meth:`text`."""

    TYPE: ClassVar[str] = "event"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # No super() here: slots=True rebuilds the class, which breaks zero-argument super().
        if "TYPE" in cls.__dict__:
            EVENT_TYPES[cls.TYPE] = cls

    @property
    def type(self) -> str:
        return self.TYPE

    def text(self) -> str:  # pragma: no cover - every subclass overrides
        return self.TYPE

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                value = [v.english() if isinstance(v, Named) else v for v in value]
            elif isinstance(value, Named | Phrase):
                value = value.english()  # the English form: the JSON is the same in every language
            data[f.name] = value
        data["text"] = self.text()
        return data

    @staticmethod
    def from_dict(data: dict[str, Any]) -> Event:
        cls = EVENT_TYPES[data["type"]]
        kwargs = {}
        for f in fields(cls):
            if f.name not in data and f.default is not MISSING:
                continue  # a field added with a default (an older log): the default
            value = data[f.name]
            kwargs[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**kwargs)

    def __str__(self) -> str:
        return self.text()


@dataclass(slots=True)
class TupleEvent(Event):
    """An event whose fields named in ``TUPLES`` are rebuilt as tuples when it is made.

    A phase may pass lists (the laser's path as it grew, the crafts it hit) and
    JSON always does; tuples keep an event read back equal to the one the
    engine made. Only events with such fields pay for the rebuild: most events
    are plain slotted dataclasses, built by the dozen in every phase.
    """

    TUPLES: ClassVar[tuple[str, ...]] = ()

    def __post_init__(self) -> None:
        for name in self.TUPLES:
            setattr(self, name, frozen(getattr(self, name)))


# --- the asteroid phase ---------------------------------------------------------


@dataclass(slots=True)
class PhaseStarted(Event):
    """A colour phase begins: the die, and the movers in resolution order."""

    TYPE: ClassVar[str] = "phase_started"
    phase: str
    die: int
    order: tuple[str, ...]

    def text(self) -> str:
        colour = colour_of_die(self.phase)
        if not self.order:
            return capitalised(_("{colour} die shows {die}: nothing moves", colour=colour, die=self.die))
        n = len(self.order)
        return capitalised(
            ngettext(
                "{colour} die shows {die}: {n} element moves",
                "{colour} die shows {die}: {n} elements move in priority order",
                n,
                colour=colour,
                die=self.die,
                n=n,
            )
        )


@dataclass(slots=True)
class TileMoved(Event):
    """A tile completed its whole move (``steps`` spaces)."""

    TYPE: ClassVar[str] = "tile_moved"
    piece: str
    colour: str
    kind: str
    priority: int | None  # the piece's (None only on a board nothing validated)
    phase: str
    direction: int
    start: Cell
    end: Cell
    steps: int

    def text(self) -> str:
        return capitalised(
            ngettext(
                "{tile} moves {n} space {heading} to {cell}",
                "{tile} moves {n} spaces {heading} to {cell}",
                self.steps,
                tile=tile_name(self.colour, self.kind, self.priority),
                n=self.steps,
                heading=heading_text(self.direction),
                cell=cell_text(self.end),
            )
        )


@dataclass(slots=True)
class TileBlocked(Event):
    """A tile could not (fully) move.

    ``outcome`` is ``"stopped"`` (red: it stays on its last free space, ``end``)
    or ``"void"`` (white and blue: it does not move). ``reason`` is what stood
    in ``blocked_at``: border, pod, platform, turret, craft, asteroid, gate or
    drone; ``push_refused`` when a blue tile could not push the element there,
    with ``detail`` saying why.
    """

    TYPE: ClassVar[str] = "tile_blocked"
    piece: str
    colour: str
    kind: str
    priority: int | None  # the piece's (None only on a board nothing validated)
    phase: str
    direction: int
    start: Cell
    end: Cell
    steps: int
    blocked_at: Cell | None
    reason: str
    blocker: str | None
    blocker_name: Named | str
    outcome: str
    detail: Phrase | str = ""

    def text(self) -> str:
        tile = tile_name(self.colour, self.kind, self.priority)
        by = named_text(self.blocker_name)
        if self.blocked_at is not None:
            by = _("{name} at {cell}", name=by, cell=cell_text(self.blocked_at))
        why = f" ({phrase_said(self.detail)})" if self.detail else ""
        if self.reason == "push_refused":
            text = _("{tile} cannot push {blocker}{why}: move void", tile=tile, blocker=by, why=why)
        elif self.outcome == "void":
            text = _("{tile} is blocked by {blocker}{why}: move void", tile=tile, blocker=by, why=why)
        elif self.steps == 0:
            text = _(
                "{tile} is blocked by {blocker}{why}: it stays at {cell}",
                tile=tile,
                blocker=by,
                why=why,
                cell=cell_text(self.end),
            )
        else:
            text = _(
                "{tile} moves 1 space {heading} to {cell} and is stopped by {blocker}{why}",
                tile=tile,
                heading=heading_text(self.direction),
                cell=cell_text(self.end),
                blocker=by,
                why=why,
            )
        return capitalised(text)


@dataclass(slots=True)
class TilePushed(Event):
    """A blue tile pushes another movable element one space."""

    TYPE: ClassVar[str] = "tile_pushed"
    pusher: str
    pusher_name: Named | str
    piece: str
    piece_name: Named | str
    direction: int
    start: Cell
    end: Cell

    def text(self) -> str:
        return capitalised(
            _(
                "{pusher} pushes {piece} from {start} to {end}",
                pusher=named_text(self.pusher_name),
                piece=named_text(self.piece_name),
                start=cell_text(self.start),
                end=cell_text(self.end),
            )
        )


# --- crafts: damage, tokens -------------------------------------------------------


@dataclass(slots=True)
class CraftHit(Event):
    """A moving element tried to enter a craft's space (asteroid phase)."""

    TYPE: ClassVar[str] = "craft_hit"
    player: str
    by: str
    by_name: Named | str
    cell: Cell

    def text(self) -> str:
        return capitalised(
            _(
                "{by} hits the {player} craft at {cell}",
                by=named_text(self.by_name),
                player=player_text(self.player),
                cell=cell_text(self.cell),
            )
        )


@dataclass(slots=True)
class CraftDamaged(Event):
    """Damage applied to a craft: ``amount`` after the shield and Lawrence."""

    TYPE: ClassVar[str] = "craft_damaged"
    player: str
    amount: int
    base: int
    shielded: bool
    emergency_shield: bool
    total: int
    cause: Phrase | str

    def text(self) -> str:
        notes = []  # each takes 1 point off: "(1 minus 1 for the shield)", never "(1 less shield)"
        if self.shielded:
            notes.append(_("the shield"))
        if self.emergency_shield:
            notes.append(_("Lawrence's emergency shield"))
        cut = _("{base} minus {cut} for {notes}", base=self.base, cut=len(notes), notes=and_list(notes))
        why = f" ({cut})" if notes else ""
        return ngettext(
            "The {player} craft takes {amount} damage point{why} for {cause}: total {total}",
            "The {player} craft takes {amount} damage points{why} for {cause}: total {total}",
            self.amount,
            player=player_text(self.player),
            amount=self.amount,
            why=why,
            cause=phrase_said(self.cause),
            total=self.total,
        )


@dataclass(slots=True)
class CraftDestroyed(Event):
    TYPE: ClassVar[str] = "craft_destroyed"
    player: str
    cell: Cell

    def text(self) -> str:
        return _(
            "The {player} craft is destroyed at {cell} and leaves the board",
            player=player_text(self.player),
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class TokenTaken(Event):
    """A player takes the token of a gate (or drone, or target) symbol.

    ``column`` is 1-6, 7 for the red column, 0 during the asteroid phase.
    """

    TYPE: ClassVar[str] = "token_taken"
    player: str
    symbol: str
    source: Named | str
    column: int

    def text(self) -> str:
        return _(
            "The {player} player takes token {symbol} ({source}) {when}",
            player=player_text(self.player),
            symbol=self.symbol,
            source=named_text(self.source),
            when=when_text(self.column),
        )


def when_text(column: int) -> str:
    """When a token is taken: ``during the asteroid phase``, ``in column 3``, ``in the red column``."""
    if column == 0:
        return _("during the asteroid phase")
    return _("in the red column") if column == 7 else _("in column {column}", column=column)


# --- flight ---------------------------------------------------------------------


_TURNS: dict[int, str] = {
    1: N_("pivots right"),
    2: N_("pivots right twice"),
    3: N_("turns back"),
    4: N_("pivots left twice"),
    5: N_("pivots left"),
}


def colour_of_die(colour: str) -> str:
    """A die's colour (masculine in French: "le dé blanc")."""
    return colour_text(colour)


@dataclass(slots=True)
class FlightStarted(Event):
    """A craft starts its program (phase 3); ``shielded``: red token on Shield.

    The rules: docs/rules.md#5-flying-and-the-status-chart.
    """

    TYPE: ClassVar[str] = "flight_started"
    player: str
    program: str
    shielded: bool

    def text(self) -> str:
        shield = _("shield on") if self.shielded else _("shield off: the red column is a 7th action")
        return _(
            "The {player} craft flies {program} ({shield})",
            player=player_text(self.player),
            program=self.program,
            shield=shield,
        )


@dataclass(slots=True)
class ColumnPlayed(Event):
    """A craft starts the action of one column (1-6, 7 = red); empty columns are not played."""

    TYPE: ClassVar[str] = "column_played"
    player: str
    column: int
    token: str
    action: str

    def text(self) -> str:
        return _(
            "The {player} craft plays {column}: {action} ({token})",
            player=player_text(self.player),
            column=column_words(self.column),
            action=_(self.action),
            token=self.token,
        )


@dataclass(slots=True)
class PilotPowerUsed(Event):
    """A pilot's once-per-game column power is executed (docs/rules.md#9-pilots)."""

    TYPE: ClassVar[str] = "pilot_power_used"
    player: str
    pilot: str
    column: int
    token: str
    power: str

    def text(self) -> str:
        return _(
            "{pilot}, the {player} pilot, uses the power in {column}: {power}",
            pilot=self.pilot,
            player=player_text(self.player),
            column=column_words(self.column),
            power=_(self.power),
        )


@dataclass(slots=True)
class CraftTurned(Event):
    """A craft pivots in place (one notch, or half a turn for Turn back)."""

    TYPE: ClassVar[str] = "craft_turned"
    player: str
    start_facing: int
    end_facing: int
    column: int

    def text(self) -> str:
        turn = _TURNS.get((self.end_facing - self.start_facing) % 6, N_("keeps its facing"))
        return _(
            "The {player} craft {turn} to face {heading}",
            player=player_text(self.player),
            turn=_(turn),
            heading=heading_text(self.end_facing),
        )


@dataclass(slots=True)
class CraftMoved(Event):
    """A craft moves one space (``backwards`` for Yayenek's power: the facing is kept)."""

    TYPE: ClassVar[str] = "craft_moved"
    player: str
    start: Cell
    end: Cell
    facing: int
    column: int
    backwards: bool = False

    def text(self) -> str:
        if self.backwards:
            return _(
                "The {player} craft moves backwards to {cell}, still facing {heading}",
                player=player_text(self.player),
                cell=cell_text(self.end),
                heading=heading_text(self.facing),
            )
        return _(
            "The {player} craft moves forward to {cell}",
            player=player_text(self.player),
            cell=cell_text(self.end),
        )


@dataclass(slots=True)
class CraftCollided(Event):
    """A craft could not enter ``blocked_at`` (None: the border) and stays in ``cell``.

    ``reason`` is the kind of what stood there (asteroid, gate, pod, platform,
    turret, drone) or ``border``; ``blocker`` is its piece id.
    """

    TYPE: ClassVar[str] = "craft_collided"
    player: str
    cell: Cell
    blocked_at: Cell | None
    reason: str
    blocker: str | None
    blocker_name: Named | str
    column: int

    def text(self) -> str:
        return collision_text(
            self.player, self.cell, self.blocked_at, self.blocker_name, _("program cancelled")
        )


@dataclass(slots=True)
class Ramming(Event):
    """A craft and the asteroid it rams (once per game): the fields of the two events of a ramming."""

    player: str
    piece: str
    piece_name: Named | str
    cell: Cell
    column: int


@dataclass(slots=True)
class AsteroidRammed(Ramming):
    """A craft chose to ram an asteroid to destroy it (once per game): the damage follows."""

    TYPE: ClassVar[str] = "asteroid_rammed"

    def text(self) -> str:
        return _(
            "The {player} craft rams {piece} at {cell} to destroy it",
            player=player_text(self.player),
            piece=named_text(self.piece_name),
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class AsteroidDestroyed(Ramming):
    """A craft rammed and destroyed an asteroid (once per game); it leaves the game."""

    TYPE: ClassVar[str] = "asteroid_destroyed"

    def text(self) -> str:
        return _(
            "The {player} craft destroys {piece} at {cell}: it leaves the game",
            player=player_text(self.player),
            piece=named_text(self.piece_name),
            cell=cell_text(self.cell),
        )


@dataclass(slots=True)
class ProgramCancelled(Event):
    """After a collision, the tokens of the later columns that are not played."""

    TYPE: ClassVar[str] = "program_cancelled"
    player: str
    column: int
    skipped: tuple[str, ...]

    def text(self) -> str:
        return ngettext(
            "The rest of the {player} craft's program is cancelled: {tokens} not played",
            "The rest of the {player} craft's program is cancelled: {tokens} not played",
            len(self.skipped),
            player=player_text(self.player),
            tokens=" ".join(self.skipped),
        )


@dataclass(slots=True)
class CraftLanded(Event):
    """Return-to-platform variant: a craft with every token lands; its program ends.

    The rules: docs/rules.md#10-variants-and-rule-settings.
    """

    TYPE: ClassVar[str] = "craft_landed"
    player: str
    cell: Cell
    column: int
    platform: str

    def text(self) -> str:
        return _(
            "The {player} craft lands on platform {platform} at {cell} in {column}: its program ends",
            player=player_text(self.player),
            platform=self.platform,
            cell=cell_text(self.cell),
            column=column_words(self.column),
        )
