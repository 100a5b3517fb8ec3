"""Targets mode in the scenario editor: which asteroid may carry which target, and the crafts' teams.

Targets mode (RULES §7, §8) puts two sets of targets on the white-bearing
asteroids: the ``left`` set (``left-1`` …) and the ``right`` set. A target is
two fields of the asteroid :class:`~asteroyds.pieces.Piece` that carries it,
``target`` (its name, also the token a hit gives) and ``team`` (its set), as
:func:`asteroyds.setups.targets` makes them; every craft plays on the team of
its colour's side (:data:`asteroyds.setups.TARGET_TEAMS`), which
:func:`asteroyds.modes.targets.start_round` requires.

:meth:`State.validate` checks none of this, so the editor asks
:func:`target_problem` before it commits a target: it states RULES §7 with the
engine's own facts (:data:`~asteroyds.modes.targets.SIDES`,
:meth:`Piece.moved_by`) and adds no rule of its own.

>>> from asteroyds.pieces import Piece
>>> white, red = Piece("W1", "asteroid", (6, 6), "white", 0, 1), Piece("R1", "asteroid", (6, 7), "red", 0, 2)
>>> board = State("targets", (white, red))
>>> target_problem(board, white, "left", 1)
''
>>> target_problem(board, red, "left", 1)  # doctest: +ELLIPSIS
'Red asteroid #2 cannot carry a target: targets sit on white-bearing asteroids (white, ...; RULES §7)'
>>> target_problem(board.replace(mode="racing"), white, "left", 1)
'targets count only in targets mode (this board is racing): set the mode to targets first'
>>> free_number(board, "left"), target_name("left", 1)
(1, 'left-1')
"""

from __future__ import annotations

from dataclasses import replace

from ..modes.targets import SIDES
from ..pieces import ASTEROID, MOVED_BY, WHITE, Piece
from ..setups import TARGET_TEAMS
from ..state import State
from .editor_tools import cap, is_whole

TARGETS_MODE = "targets"
# The asteroids that may carry a target: those the white die moves (RULES §7 "white-bearing").
WHITE_BEARING: tuple[str, ...] = tuple(colour for colour, dice in MOVED_BY.items() if WHITE in dice)
# The numbers the Target tool offers: a set of the box has 6 targets (RULES §7).
SET_SIZE = 6


def target_name(team: str, number: int) -> str:
    """The target's name and token, as the targets setup writes it: ``left-3``."""
    return f"{team}-{number}"


def team_of(player: str) -> str:
    """The team a craft of this colour plays on in targets mode (its side of the board)."""
    return next(side for side, colours in TARGET_TEAMS.items() if player in colours)


def carrier(state: State, name: str) -> Piece | None:
    """The asteroid that carries the target ``name``, if any."""
    return next((p for p in state.pieces if p.target == name), None)


def free_number(state: State, team: str) -> int:
    """The smallest number not yet used in ``team``'s set."""
    taken = {p.target for p in state.pieces if p.target is not None}
    number = 1
    while target_name(team, number) in taken:
        number += 1
    return number


def target_problem(state: State, piece: Piece, team: str, number: int | None) -> str:
    """Why ``piece`` cannot carry target ``number`` of ``team``'s set ("" if it can)."""
    if state.mode != TARGETS_MODE:
        return (
            f"targets count only in targets mode (this board is {state.mode}): set the mode to targets first"
        )
    if team not in SIDES:
        return f"no team {team!r} (a target belongs to the {' or '.join(SIDES)} set)"
    if not is_whole(number):
        return f"a target number is a whole number from 1, got {number!r}"
    what = cap(piece.describe())
    if piece.kind != ASTEROID:
        return f"{what} cannot carry a target: only an asteroid does (RULES §7)"
    if not piece.moved_by(WHITE):
        return (
            f"{what} cannot carry a target: targets sit on white-bearing asteroids "
            f"({', '.join(WHITE_BEARING)}; RULES §7)"
        )
    if piece.target is not None:
        return f"{what} already carries target {piece.target}: click it with the Target tool to take it off"
    name = target_name(team, number)
    other = carrier(state, name)
    if other is not None:
        return f"target {name} is already on {other.describe()} at {other.cell}: pick another number"
    return ""


def with_targets_teams(state: State) -> State:
    """Every craft without a team joins its colour's side, as :func:`asteroyds.setups.targets` does."""
    changed = {c.player: replace(c, team=team_of(c.player)) for c in state.crafts if c.team is None}
    return state.update_crafts(changed) if changed else state


__all__ = [
    "SET_SIZE",
    "TARGETS_MODE",
    "WHITE_BEARING",
    "carrier",
    "free_number",
    "target_name",
    "target_problem",
    "team_of",
    "with_targets_teams",
]
