"""The board state: who is where. Immutable, compared by value, cheap to copy.

Phases never change a state; they build a new one. ``State.pieces`` keeps the
order the scenario gave (so files round-trip exactly); rules code that needs
an order sorts explicitly (by priority, by player order).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypedDict

from .errors import ScenarioError
from .hexgrid import STANDARD_BOARD, Board, Cell, direction_name
from .i18n import _
from .pieces import (
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
    Craft,
    Piece,
)
from .registry import checked_mode
from .rules import DEFAULT_RULES, RuleSettings

if TYPE_CHECKING:
    from typing_extensions import Unpack  # typing.Unpack from Python 3.11


class _StateChanges(TypedDict, total=False):
    """The fields :meth:`State.replace` may change, so that mypy checks every call's keywords."""

    mode: str
    pieces: tuple[Piece, ...]
    crafts: tuple[Craft, ...]
    player_order: tuple[str, ...]
    round: int
    rules: RuleSettings
    board: Board
    scores: tuple[tuple[str, int], ...]
    _cache: dict


@dataclass(frozen=True)
class State:
    """Everything on the table between two phases.

    >>> from asteroyds.setups import racing
    >>> s = racing(seed=1, players=["blue", "red"])
    >>> len(s.pieces), [c.player for c in s.crafts]
    (36, ['blue', 'red'])
    """

    mode: str
    pieces: tuple[Piece, ...]
    crafts: tuple[Craft, ...] = ()
    player_order: tuple[str, ...] = ()
    round: int = 1
    rules: RuleSettings = DEFAULT_RULES
    board: Board = STANDARD_BOARD
    # Team scores, capture mode only: ((team, points), ...); empty elsewhere.
    # (the rules: docs/rules.md#11-capture-the-asteroyd)
    scores: tuple[tuple[str, int], ...] = ()
    _cache: dict = field(default_factory=dict, compare=False, repr=False, hash=False)

    # --- look-ups -------------------------------------------------------------
    def piece(self, piece_id: str) -> Piece:
        try:
            return self._pieces_by_id()[piece_id]
        except KeyError:
            raise ScenarioError(_("no piece with id {piece_id!r}", piece_id=piece_id)) from None

    def has_piece(self, piece_id: str) -> bool:
        return piece_id in self._pieces_by_id()

    def craft(self, player: str) -> Craft:
        for craft in self.crafts:
            if craft.player == player:
                return craft
        raise ScenarioError(_("no craft for player {player!r}", player=player))

    def pieces_at(self, cell: Cell) -> tuple[Piece, ...]:
        """Non-craft pieces in a cell (two only for a drone inside its turret)."""
        return self._by_cell().get(cell, ())

    def crafts_at(self, cell: Cell) -> tuple[Craft, ...]:
        """Crafts in a cell, in player order."""
        return tuple(c for c in self.crafts_in_order() if c.cell == cell)

    def crafts_in_order(self) -> tuple[Craft, ...]:
        """Crafts in turn order, starting with player one."""
        rank = {p: i for i, p in enumerate(self.player_order)}
        return tuple(sorted(self.crafts, key=lambda c: rank.get(c.player, len(rank))))

    def moving_tiles(self, die_colour: str | None = None) -> tuple[Piece, ...]:
        """Moving tiles (moved by ``die_colour`` if given), in resolution order.

        Drones move first, then everything in ascending priority (docs/rules.md#4-moving-the-asteroids).
        """
        tiles = [
            p
            for p in self.pieces
            if p.kind in MOVING_KINDS and (die_colour is None or p.moved_by(die_colour))
        ]
        return tuple(sorted(tiles, key=lambda p: (p.kind != DRONE, p.priority or 0, p.id)))

    def _pieces_by_id(self) -> dict[str, Piece]:
        cached = self._cache.get("by_id")
        if cached is None:
            cached = self._cache["by_id"] = {p.id: p for p in self.pieces}
        return cached

    def _by_cell(self) -> dict[Cell, tuple[Piece, ...]]:
        cached = self._cache.get("by_cell")
        if cached is None:
            grouped: dict[Cell, list[Piece]] = {}
            for p in self.pieces:
                grouped.setdefault(p.cell, []).append(p)
            cached = self._cache["by_cell"] = {k: tuple(v) for k, v in grouped.items()}
        return cached

    # --- building new states --------------------------------------------------
    def replace(self, **changes: Unpack[_StateChanges]) -> State:
        """A new state with some fields changed (the caches start empty)."""
        changes.setdefault("_cache", {})
        return replace(self, **changes)

    def with_pieces(self, pieces: Iterable[Piece]) -> State:
        return self.replace(pieces=tuple(pieces))

    def with_crafts(self, crafts: Iterable[Craft]) -> State:
        return self.replace(crafts=tuple(crafts))

    def update_crafts(self, changed: Mapping[str, Craft]) -> State:
        return self.with_crafts(changed.get(c.player, c) for c in self.crafts)

    def update_pieces(self, changed: Mapping[str, Piece], removed: Iterable[str] = ()) -> State:
        gone = set(removed)
        return self.with_pieces(changed.get(p.id, p) for p in self.pieces if p.id not in gone)

    # --- checks ---------------------------------------------------------------
    def validate(self, where: str = "state") -> State:
        """Check every invariant; raise :class:`ScenarioError` naming the first broken one.

        Asteroyds are checked in every mode; then the mode's own facts, by its
        :attr:`Mode.check <asteroyds.modes.base.Mode.check>` (found in :mod:`asteroyds.registry`,
        where the modes register, since this module sits below them): capture's teams
        (docs/rules.md#11-capture-the-asteroyd), or in targets mode where targets sit and the crafts' teams
        (:func:`asteroyds.modes.targets.check`, docs/rules.md#7-shooting).
        **Decision:** outside targets mode a piece's ``target`` is not checked:
        no other mode reads it, and the editor keeps targets on the board when
        the mode is changed away (they are checked again on the way back).

        >>> from asteroyds.pieces import Piece
        >>> pod = Piece("P1", "pod", (6, 8), target="left-1", team="left")
        >>> State("targets", (pod,)).validate("demo")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        asteroyds.errors.ScenarioError: demo: piece 'P1': pod P1 cannot carry target left-1: ...
        >>> State("racing", (pod,)).validate("demo").pieces == (pod,)  # other modes leave targets alone
        True
        """
        mode = checked_mode(self.mode, where)  # the registry: this module sits below the modes
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
                raise ScenarioError(
                    _("{at}: a token is listed twice in {given!r}", at=at, given=list(c.tokens))
                )
        if sorted(self.player_order) != sorted(players):
            raise ScenarioError(
                _(
                    "{where}: player_order {given!r} must list each craft's player once ({keys!r})",
                    where=where,
                    given=list(self.player_order),
                    keys=sorted(players),
                )
            )
        self._check_asteroyds(where)
        mode.check(self, where)
        return self

    def _check_asteroyds(self, where: str) -> None:
        """Asteroyds and team scores (docs/rules.md#11-capture-the-asteroyd); the mode checks its teams."""
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
                raise ScenarioError(
                    _("{where}: the {entry} team has two scores", where=where, entry=entry[0])
                )
            seen.add(entry[0])

    def __str__(self) -> str:
        lines = [f"{self.mode} round {self.round}, player order {', '.join(self.player_order)}"]
        for p in self.pieces:
            lines.append(f"  {p}")
        for c in self.crafts_in_order():
            lines.append(f"  {c}")
        return "\n".join(lines)

    def _repr_svg_(self) -> str | None:
        """Jupyter's rich display: the picture :func:`picture_with` was given (None: the text)."""
        return _PICTURE[0](self) if _PICTURE else None


# The picture Jupyter shows of a state. The renderer, asteroyds.render, knows pixels and sits above
# this module, which may not import it: it gives its function here when it is imported (importing
# asteroyds imports it where IPython is loaded: a Jupyter kernel).
_PICTURE: list[Callable[[State], str]] = []


def picture_with(draw: Callable[[State], str]) -> None:
    """Make ``draw`` the picture Jupyter shows of a state (:func:`asteroyds.render.svg.state_svg`)."""
    _PICTURE[:] = [draw]


def die_colours_of(piece: Piece) -> tuple[str, ...]:
    """The colour phases in which ``piece`` moves, in the standard die order."""
    return tuple(c for c in DIE_COLOURS if piece.moved_by(c))


__all__ = ["State", "die_colours_of", "direction_name", "picture_with"]
