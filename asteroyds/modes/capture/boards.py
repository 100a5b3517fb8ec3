"""Capture boards: which pieces a capture board may hold, and when it can be played.

The rules (docs/rules.md#11-capture-the-asteroyd) let teams rearrange pods and turrets, so a
capture board is not always the shipped one (``data/capture-2teams.json``): the scenario editor
edits it and the sandbox plays the result. Two levels of checks, both the
engine's, so the editor and the sandbox never decide a rule themselves:

- :func:`piece_problem` (:data:`PIECE_CHECKS`): what a capture board may never
  hold, checked after every edit (after :meth:`State.validate
  <asteroyds.state.State.validate>`, which already checks teams, asteroyds and
  platforms: :data:`BOARD_CHECKS`): no gates or drones (they have no part in the mode), and the only
  asteroids are the blue ones of the variant, which is for two teams (with a
  blue team the blue die aims the blue turrets).
- :func:`problems` / :func:`check_playable` (:data:`PLAYABLE`): what a game needs before its
  first turn, which a board being edited may lack for a while (a team whose
  asteroyd was just removed to be put elsewhere): two teams (red, white) or
  three (and blue), each with its asteroyd, exactly one platform and 1-3
  crafts; every turret, platform and craft belongs to a team in play.
  **Decision:** these are not :meth:`State.validate` checks, so a board can
  be built one piece at a time; a game (the sandbox) refuses a board that
  fails them, naming the first problem.

>>> from asteroyds.modes.capture import layout
>>> problems(layout(2))
()
>>> board = layout(2)
>>> problems(board.update_pieces({}, removed=["LW"]))
('the white team needs exactly one platform (it has 0)',)
>>> from asteroyds.pieces import Piece
>>> piece_problem(board, Piece("R9", "asteroid", (6, 7), "red", 0, 1))  # doctest: +ELLIPSIS
'red asteroid #1: the only asteroids in capture mode are the blue ones of the variant, ...'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ...checks import Check, Found, PieceCheck, playable_problems
from ...checks import check_playable as checks_playable
from ...event_text import and_list, piece_text, player_text, team_text
from ...i18n import _
from ...pieces import ASTEROID, ASTEROYD, BLUE, DIE_COLOURS, DRONE, GATE, PLATFORM, TURRET, Piece
from ...state import State
from .rules import TEAMS, teams
from .setup import MAX_CRAFTS_PER_TEAM, MODE, TEAM_SETS

# Kinds of piece that have no part in Capture the Asteroyd.
FOREIGN_KINDS: tuple[str, ...] = (GATE, DRONE)
# Pieces that belong to a team in capture mode (State.validate checks their team is red, white or blue).
TEAM_KINDS: tuple[str, ...] = (ASTEROYD, PLATFORM, TURRET)


def team_names(state: State) -> tuple[str, ...]:
    """Every team named on the board (by a piece or a craft), in the order red, white, blue."""
    named = {p.team for p in state.pieces if p.kind in TEAM_KINDS} | {c.team for c in state.crafts}
    return tuple(t for t in TEAMS if t in named)


def piece_problem(state: State, piece: Piece) -> str:
    """Why ``piece`` can never be on the capture board ``state`` ("" if it may).

    >>> from asteroyds.modes.capture import layout
    >>> piece_problem(layout(2), Piece("B1", "asteroid", (3, 6), "blue", 0, 1))
    ''
    >>> piece_problem(layout(3), Piece("B1", "asteroid", (3, 6), "blue", 0, 1))  # doctest: +ELLIPSIS
    'blue asteroid #1: the blue asteroids variant is for two teams: ...'
    """
    name = piece_text(piece)
    if piece.kind in FOREIGN_KINDS:
        return _(
            "{name}: this piece has no part in capture mode (its pieces are asteroyds, platforms, "
            "pods, turrets and the blue asteroids of the variant)",
            name=name,
        )
    if piece.kind != ASTEROID:
        return ""
    if piece.colour != BLUE:
        return _(
            "{name}: the only asteroids in capture mode are the blue ones of the variant, "
            "moved by the blue die",
            name=name,
        )
    if BLUE in team_names(state):
        return _(
            "{name}: the blue asteroids variant is for two teams: with a blue team the blue die "
            "aims the blue turrets",
            name=name,
        )
    return ""


def _team_piece(state: State, where: str) -> Iterator[Found]:
    """Platforms and turrets belong to a team."""
    for place, p in enumerate(state.pieces):
        if p.kind in (PLATFORM, TURRET) and p.team not in DIE_COLOURS:
            yield Found(
                place,
                _(
                    "{where}: piece {id!r}: in capture mode a {kind} belongs to a team (red, white "
                    "or blue), got {team!r}",
                    where=where,
                    id=p.id,
                    kind=p.kind,
                    team=p.team,
                ),
            )


def _team_craft(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if c.team not in DIE_COLOURS:
            yield Found(
                place,
                _(
                    "{where}: craft {player!r}: in capture mode a craft belongs to a team "
                    "(red, white or blue), got {team!r}",
                    where=where,
                    player=c.player,
                    team=c.team,
                ),
            )


def _craft_platform(state: State, where: str) -> Iterator[Found]:
    """Each craft's team has exactly one platform (where its crafts start)."""
    platforms = [p.team for p in state.pieces if p.kind == PLATFORM]
    for place, c in enumerate(state.crafts):
        if c.team in DIE_COLOURS and platforms.count(c.team) != 1:
            yield Found(
                place,
                _(
                    "{where}: craft {player!r}: the {team} team needs exactly one platform (it has {count})",
                    where=where,
                    player=c.player,
                    team=c.team,
                    count=platforms.count(c.team),
                ),
            )


def _asteroyds(state: State, where: str) -> Iterator[Found]:
    if not teams(state):
        yield Found(
            0, _("the board has no asteroyd: each team needs one (red and white, and blue with three)")
        )


def _team_set(state: State, where: str) -> Iterator[Found]:
    playing = teams(state)  # the teams with an asteroyd
    if playing and playing not in TEAM_SETS.values():
        yield Found(
            0,
            _(
                "capture is played by red and white, or red, white and blue: this board has asteroyds "
                "for {teams}",
                teams=and_list([team_text(t) for t in playing]),
            ),
        )


def _platforms(state: State, where: str) -> Iterator[Found]:
    for place, team in enumerate(teams(state)):
        platforms = sum(1 for p in state.pieces if p.kind == PLATFORM and p.team == team)
        if platforms != 1:
            yield Found(
                place,
                _(
                    "the {team} team needs exactly one platform (it has {n})",
                    team=team_text(team),
                    n=platforms,
                ),
            )


def _crafts(state: State, where: str) -> Iterator[Found]:
    for place, team in enumerate(teams(state)):
        crafts = sum(1 for c in state.crafts if c.team == team)
        if not 1 <= crafts <= MAX_CRAFTS_PER_TEAM:
            yield Found(
                place,
                _(
                    "the {team} team needs 1-{most} crafts (it has {n})",
                    team=team_text(team),
                    most=MAX_CRAFTS_PER_TEAM,
                    n=crafts,
                ),
            )


def _pieces_in_play(state: State, where: str) -> Iterator[Found]:
    playing = teams(state)
    for place, p in enumerate(state.pieces):
        if playing and p.kind in (PLATFORM, TURRET) and p.team not in playing:
            yield Found(
                place,
                _(
                    "{piece} belongs to the {team} team, which has no asteroyd on this board",
                    piece=piece_text(p),
                    team=team_text(p.team or ""),
                ),
            )


def _crafts_in_play(state: State, where: str) -> Iterator[Found]:
    playing = teams(state)
    for place, c in enumerate(state.crafts):
        if playing and c.team not in playing:
            yield Found(
                place,
                _(
                    "the {player} craft belongs to the {team} team, which has no asteroyd on this board",
                    player=player_text(c.player),
                    team=team_text(c.team or ""),
                ),
            )


# What a capture board never holds, after the general checks (State.validate).
BOARD_CHECKS: tuple[Check, ...] = (
    Check("team piece", "pieces", _team_piece),
    Check("team craft", "crafts", _team_craft),
    Check("craft platform", "crafts", _craft_platform),
)
# Pieces capture has no part for: refused by the editor and before a game.
PIECE_CHECKS: tuple[PieceCheck, ...] = (PieceCheck("capture pieces", piece_problem),)
# What a game needs before its first turn (after the piece checks).
PLAYABLE: tuple[Check, ...] = (
    Check("asteroyds", "state", _asteroyds),
    Check("team set", "state", _team_set),
    Check("platform", "teams", _platforms),
    Check("crafts", "teams", _crafts),
    Check("pieces in play", "pieces", _pieces_in_play),
    Check("crafts in play", "crafts", _crafts_in_play),
)


def problems(state: State) -> tuple[str, ...]:
    """Why the capture board ``state`` cannot start a game yet (empty: it can).

    The board is assumed valid (:meth:`State.validate`); each problem is one
    sentence naming the team or the piece (:func:`asteroyds.checks.playable_problems`).
    """
    if state.mode != MODE:
        return (_("a board of another mode, not a capture board"),)
    return playable_problems(state)


def refusal(where: str, found: Sequence[str]) -> str:
    """Why a game cannot start from this capture board: the first problem, and how many more."""
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return _(
        "{where}: this capture board cannot be played yet: {found}{more}",
        where=where,
        found=found[0],
        more=more,
    )


def check_playable(state: State, where: str = "state") -> State:
    """Raise :class:`ScenarioError` with the first of :func:`problems`; return ``state`` if there is none."""
    return checks_playable(state, where)


def free_craft_name(state: State, team: str) -> str:
    """The engine's name for a team's next craft: ``red1``, ``red2``... (the first one not on the board).

    >>> from asteroyds.modes.capture import layout
    >>> free_craft_name(layout(2), "red")
    'red3'
    """
    taken = {c.player for c in state.crafts}
    n = 1
    while f"{team}{n}" in taken:
        n += 1
    return f"{team}{n}"


__all__ = [
    "BOARD_CHECKS",
    "FOREIGN_KINDS",
    "PIECE_CHECKS",
    "PLAYABLE",
    "TEAM_KINDS",
    "check_playable",
    "free_craft_name",
    "piece_problem",
    "problems",
    "refusal",
    "team_names",
]
