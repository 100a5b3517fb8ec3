"""Validation as a list of small named checks: the general ones for every board, and each mode's own.

A :class:`Check` asks one question of a state (a duplicate id, a craft on a
gate, a target on a red asteroid) and yields every :class:`Found` answer,
each a message and its place in what the check walks (the pieces, the
crafts, the scores). One runner serves every caller, so no caller asks a
question again in its own words:

- :func:`validate` (what :meth:`State.validate <asteroyds.state.State.validate>`
  does) raises :class:`~asteroyds.errors.ScenarioError` with the first problem;
- :func:`problems` returns all of them (the scenario editor refuses an edit
  with the first; a test reads them all);
- :func:`piece_problem` asks a mode's piece checks of one piece not yet on
  the board (the editor's add), :func:`playable_problems` says why a board
  cannot start a game yet (the editor's *Not playable yet*), and
  :func:`check_playable` refuses such a board where the mode says a game
  must (capture's teams).

**Order.** The first problem is the one the board checks always named
first: the checks run in *stages*, each assuming the ones before it passed
(the mode is known; the general checks of :mod:`.board` and
:mod:`.asteroyd`; the mode's own, :attr:`ModeChecks.board`), so
:func:`problems` lists the problems of the first stage that has any. Inside a
stage, checks that walk the same list side by side form a *group*: the group's
first problem is the one at the earliest place, and at one place the check
listed first. So a board read piece by piece, each piece asked every
question in turn, names the same first problem as these separate checks.

**Decision:** a check reports only its own question and skips an item whose
other facts it needs are broken (another check names them), so it can be
tested alone and run beside the others on any board.

>>> from asteroyds.state import State
>>> from asteroyds.pieces import Piece
>>> twice = State("racing", (Piece("P1", "pod", (6, 8)), Piece("P1", "pod", (6, 8))))
>>> problems(twice, "demo")
("demo: piece 'P1': duplicate id", "demo: piece 'P1': cell (6, 8) already holds pod P1 ('P1')")
>>> validate(twice, "demo")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
asteroyds.errors.ScenarioError: demo: piece 'P1': duplicate id
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..errors import ScenarioError
from ..registry import mode_named
from ..state import validated_by
from .asteroyd import ASTEROYD_CHECKS
from .board import GENERAL_CHECKS, MODE_KNOWN
from .core import (
    NEEDS_A_CRAFT,
    Check,
    Found,
    ModeChecks,
    PieceCheck,
    all_problems,
    first_problem,
    in_play,
    on_board,
    raise_first,
)

if TYPE_CHECKING:
    from ..pieces import Piece
    from ..state import State

# The checks of every board, in the order they are asked (after the mode is known).
BOARD_CHECKS: tuple[Check, ...] = GENERAL_CHECKS + ASTEROYD_CHECKS


def _stages(state: State, editing: bool) -> Iterator[Sequence[Check]]:
    """The board checks in stages, each run only once the ones before it have passed."""
    yield (MODE_KNOWN,)
    checks = mode_named(state.mode).checks
    yield BOARD_CHECKS
    yield checks.board
    if editing:
        yield tuple(on_board(check) for check in checks.pieces)


def validate(state: State, where: str = "state") -> State:
    """Raise :class:`ScenarioError` naming the first broken rule of a board; return ``state``."""
    for stage in _stages(state, editing=False):
        raise_first(state, stage, where)
    return state


def problems(state: State, where: str = "state", *, editing: bool = False) -> tuple[str, ...]:
    """Every problem of the first stage of board checks that has any (empty: the board is valid).

    ``editing``: the mode's piece checks too (what the editor never lets a board hold).
    """
    for stage in _stages(state, editing):
        found = all_problems(state, stage, where)
        if found:
            return tuple(found)
    return ()


def piece_problem(state: State, piece: Piece) -> str:
    """Why ``piece`` may never be on the board ``state`` of its mode ("" if it may): its piece checks."""
    for check in mode_named(state.mode).checks.pieces:
        problem = check.ask(state, piece)
        if problem:
            return str(problem)
    return ""


def playable_problems(state: State) -> tuple[str, ...]:
    """Why the valid board ``state`` cannot start a game yet (empty: it can), a sentence each.

    The mode's piece checks, then its :attr:`ModeChecks.playable` checks.
    """
    checks = mode_named(state.mode).checks
    return tuple(all_problems(state, (*map(in_play, checks.pieces), *checks.playable), ""))


def check_playable(state: State, where: str = "state") -> State:
    """Refuse a board a game of its mode cannot start from (its :attr:`ModeChecks.refusal`)."""
    refusal = mode_named(state.mode).checks.refusal
    if refusal is not None:
        found = playable_problems(state)
        if found:
            raise ScenarioError(refusal(where, found))
    return state


# State.validate runs these checks (the state module sits below them: they give it their runner).
validated_by(validate)

__all__ = [
    "BOARD_CHECKS",
    "NEEDS_A_CRAFT",
    "Check",
    "Found",
    "ModeChecks",
    "PieceCheck",
    "all_problems",
    "check_playable",
    "first_problem",
    "in_play",
    "on_board",
    "piece_problem",
    "playable_problems",
    "problems",
    "raise_first",
    "validate",
]
