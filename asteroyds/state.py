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
    DIE_COLOURS,
    DRONE,
    MOVING_KINDS,
    Craft,
    Piece,
)
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

        The checks are a list of small named ones (:mod:`asteroyds.checks`): the general
        ones, asteroyds included, in every mode; then the mode's own, its
        :attr:`Mode.checks <asteroyds.modes.base.Mode.checks>` (found in :mod:`asteroyds.registry`,
        where the modes register, since this module sits below them): capture's teams
        (docs/rules.md#11-capture-the-asteroyd), or in targets mode where targets sit and the crafts' teams
        (:data:`asteroyds.modes.targets.CHECKS`, docs/rules.md#7-shooting). :func:`asteroyds.checks.problems`
        lists them all.
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
        return _VALIDATE[0](self, where)  # given by asteroyds.checks, which asteroyds/__init__ imports

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


# The checks a state's validate() runs. asteroyds.checks reads states, so this module may not import
# it (an import cycle): the checks give their runner here when imported (asteroyds/__init__ does).
_VALIDATE: list[Callable[[State, str], State]] = []


def validated_by(validate: Callable[[State, str], State]) -> None:
    """Make ``validate`` what :meth:`State.validate` runs (:func:`asteroyds.checks.validate`)."""
    _VALIDATE[:] = [validate]


def picture_with(draw: Callable[[State], str]) -> None:
    """Make ``draw`` the picture Jupyter shows of a state (:func:`asteroyds.render.svg.state_svg`)."""
    _PICTURE[:] = [draw]


def die_colours_of(piece: Piece) -> tuple[str, ...]:
    """The colour phases in which ``piece`` moves, in the standard die order."""
    return tuple(c for c in DIE_COLOURS if piece.moved_by(c))


__all__ = ["State", "die_colours_of", "direction_name", "picture_with", "validated_by"]
