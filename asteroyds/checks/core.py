"""The check type and its runner (what they are for: :mod:`asteroyds.checks`).

A :class:`Check` is a name, the list it walks, and a ``find`` yielding each
:class:`Found` problem; a mode's own checks are its :class:`ModeChecks`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..errors import ScenarioError
from ..i18n import _

if TYPE_CHECKING:  # types only: the state calls these checks
    from ..pieces import Piece
    from ..state import State


class Found(NamedTuple):
    """One problem a check found: its place in what the check walks (0: the state) and its message."""

    place: int
    message: str


Find = Callable[["State", str], Iterator[Found]]


class Check(NamedTuple):
    """One named question of a board: ``find(state, where)`` yields every problem it finds, in order.

    ``walks`` names the list the places count in (``"state"``, ``"pieces"``, ``"crafts"``,
    ``"scores"``, ``"teams"``): checks next to each other that walk the same list form a group.
    """

    name: str
    walks: str
    find: Find

    def messages(self, state: State, where: str = "state") -> list[str]:
        """Every problem this check alone finds on ``state`` (a test asks one check at a time)."""
        return [found.message for found in self.find(state, where)]


class PieceCheck(NamedTuple):
    """Why a piece may never be on a board of the mode (``ask(state, piece)``: a sentence, "" if it may).

    Asked of every piece of a board (the editor's edits, a game's start) and of a piece
    not yet on it (the editor's add).
    """

    name: str
    ask: Callable[[State, Piece], str]


def _needs_a_craft(state: State, where: str) -> Iterator[Found]:
    """A board of a one-seat-per-player mode starts a game once it has a craft."""
    if not state.crafts:
        yield Found(0, _("there is no craft on the board: add one with the Craft tool"))


NEEDS_A_CRAFT = Check("needs a craft", "state", _needs_a_craft)


@dataclass(frozen=True)
class ModeChecks:
    """A mode's own checks, beside the general ones (:attr:`asteroyds.modes.Mode.checks`).

    - ``board``: what a board of the mode never holds, after the general checks
      (:meth:`State.validate <asteroyds.state.State.validate>`: a scenario file, a
      setup, every edit);
    - ``pieces``: pieces the mode has no part for (capture's gates), refused by the
      editor and before a game, though a scenario file may hold them;
    - ``playable``: what a game needs beyond a valid board, which a board being
      edited may lack for a while: by default a craft;
    - ``refusal``: where a game refuses a board that is not playable yet (capture),
      its sentence, ``refusal(where, found)`` with every problem found; None: a game
      starts anyway (a board of asteroids only, a demonstration).
    """

    board: tuple[Check, ...] = ()
    pieces: tuple[PieceCheck, ...] = ()
    playable: tuple[Check, ...] = (NEEDS_A_CRAFT,)
    refusal: Callable[[str, Sequence[str]], str] | None = None


@lru_cache(maxsize=64)
def _runs(checks: tuple[Check, ...]) -> tuple[tuple[Check, ...], ...]:
    runs: list[tuple[Check, ...]] = []
    start = 0
    for end in range(1, len(checks) + 1):
        if end == len(checks) or checks[end].walks != checks[start].walks:
            runs.append(checks[start:end])
            start = end
    return tuple(runs)


def _groups(checks: Sequence[Check]) -> tuple[tuple[Check, ...], ...]:
    """The checks in runs that walk the same list (found once per list of checks)."""
    return _runs(tuple(checks))


def first_problem(state: State, checks: Sequence[Check], where: str = "state") -> str | None:
    """The first problem of these checks (by group, then place, then the check's rank), or None.

    Each check runs only up to its own first problem.
    """
    for group in _groups(checks):
        best: Found | None = None
        for check in group:
            found = next(check.find(state, where), None)
            if found is not None and (best is None or found.place < best.place):
                best = found  # a later check wins only at an earlier place
        if best is not None:
            return best.message
    return None


def all_problems(state: State, checks: Sequence[Check], where: str = "state") -> list[str]:
    """Every problem of these checks, in the order :func:`first_problem` ranks them."""
    messages: list[str] = []
    for group in _groups(checks):
        ranked = [
            (found.place, rank, n, found.message)
            for rank, check in enumerate(group)
            for n, found in enumerate(check.find(state, where))
        ]
        ranked.sort(key=lambda r: r[:3])
        messages += [r[3] for r in ranked]
    return messages


def raise_first(state: State, checks: Sequence[Check], where: str = "state") -> State:
    """Raise :class:`ScenarioError` with the first problem of ``checks``; return ``state`` if none."""
    message = first_problem(state, checks, where)
    if message is not None:
        raise ScenarioError(message)
    return state


@lru_cache(maxsize=64)
def on_board(check: PieceCheck) -> Check:
    """A piece check asked of every piece of a board, each problem naming ``where`` and the piece."""

    def find(state: State, where: str) -> Iterator[Found]:
        for place, piece in enumerate(state.pieces):
            problem = check.ask(state, piece)
            if problem:
                yield Found(
                    place, _("{where}: piece {id!r}: {problem}", where=where, id=piece.id, problem=problem)
                )

    return Check(check.name, "pieces", find)


@lru_cache(maxsize=64)
def in_play(check: PieceCheck) -> Check:
    """A piece check among the problems of a board to play (a sentence that names no ``where``)."""

    def find(state: State, where: str) -> Iterator[Found]:
        for place, piece in enumerate(state.pieces):
            problem = check.ask(state, piece)
            if problem:
                yield Found(place, _("piece {id!r}: {problem}", id=piece.id, problem=problem))

    return Check(check.name, "pieces", find)


__all__ = [
    "NEEDS_A_CRAFT",
    "Check",
    "Find",
    "Found",
    "ModeChecks",
    "PieceCheck",
    "all_problems",
    "first_problem",
    "in_play",
    "on_board",
    "raise_first",
]
