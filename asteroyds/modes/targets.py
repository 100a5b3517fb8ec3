"""Targets mode: two teams shoot the targets of the other side.

The rules: docs/rules.md#7-shooting, docs/rules.md#8-victory.

Each team is a side of the board: ``left`` (red, yellow, purple) and
``right`` (blue, green, orange); teams may be unbalanced. The 6 white-bearing
asteroids of each side carry that side's targets (``left-1`` … ``left-6``,
``right-1`` …); the left team aims at the right set and vice versa.

- Shooting an asteroid that carries a target, or destroying it by ramming,
  eliminates the target and gives its token to that player (the flight phase
  does it: :mod:`asteroyds.flight`, events ``target_eliminated`` and
  ``token_taken``). Any craft may eliminate any target, even one its own team
  defends: that helps the other team.
- **Victory** (:func:`outcome`), checked at the end of each round: a team
  whose aimed-at set has no target left wins, whoever eliminated them.
  **Decision:** a team needs at least one craft still on the board to win.
  **Decision:** if both teams' sets are emptied in the same round, the team
  whose set fell in the earlier column wins (the racing tie-break, docs/rules.md#8-victory,
  fair to the turn order). A set falls in the latest column in which one of
  its targets was eliminated that round, as if every craft flew its columns
  at the same time: red's column 4 comes after blue's column 2 even when red
  flies first. The same column is a draw: both teams share the victory.
  Every player of a winning team wins, a destroyed team-mate included. If
  every craft is destroyed, nobody wins.
- **Handicap** (``RuleSettings.targets_handicap``, docs/rules.md#10-variants-and-rule-settings): see
  :func:`asteroyds.setups.targets`: that many targets are taken off the set
  the weaker team aims at, when the setup is built.

**Where a target may be** (docs/rules.md#7-shooting), the facts both :meth:`State.validate
<asteroyds.state.State.validate>` (through its :data:`CHECKS`) and the scenario
editor use. A target is two fields of the asteroid :class:`~asteroyds.pieces.Piece`
that carries it: ``target``, its name and the token a hit gives
(:func:`target_name`: ``left-3``), and ``team``, its set (one of :data:`SIDES`).

>>> from asteroyds.pieces import Piece
>>> white = Piece("W1", "asteroid", (6, 6), "white", 0, 1)
>>> red = Piece("R1", "asteroid", (6, 7), "red", 0, 2)
>>> board = State("targets", (white, red))
>>> target_problem(board, white, "left", 1)
''
>>> target_problem(board, red, "left", 1)  # doctest: +ELLIPSIS
'Red asteroid #2 cannot carry a target: targets sit on white-bearing asteroids (white, ...)'
>>> marked = board.update_pieces({"W1": white._replace(target=target_name("left", 1), team="left")})
>>> free_number(marked, "left"), carrier(marked, "left-1").id
(2, 'W1')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from .. import setups
from ..checks import Check, Found, ModeChecks, raise_first
from ..errors import RuleError
from ..event_text import colour_text, piece_text, player_text, side_text, target_text, team_text
from ..events import Event
from ..i18n import N_, _
from ..outcome import Finisher, Outcome
from ..pieces import ASTEROID, ASTEROYD, MOVED_BY, PLATFORM, TURRET, WHITE, Piece
from ..setups import TARGET_TEAMS
from ..shooting import TargetEliminated
from ..state import State
from .base import Mode
from .standard import STANDARD_TURN

MODE = "targets"
SIDES: tuple[str, ...] = ("left", "right")
# A set of the box has 6 targets (docs/rules.md#7-shooting); a scenario may number them further (see check()).
SET_SIZE = 6
# The asteroids that may carry a target: those the white die moves (docs/rules.md#7-shooting "white-bearing").
WHITE_BEARING: tuple[str, ...] = tuple(colour for colour, dice in MOVED_BY.items() if WHITE in dice)
# Kinds whose ``team`` is a capture-mode fact, not a target's set: check() leaves them alone.
# (the rules: docs/rules.md#11-capture-the-asteroyd)
CAPTURE_TEAM_KINDS: tuple[str, ...] = (PLATFORM, TURRET, ASTEROYD)


# --- where a target may be (docs/rules.md#7-shooting) ----------------------------------------------------


def target_name(team: str, number: int) -> str:
    """The name of target ``number`` of ``team``'s set, also the token its hit gives.

    The setup names them so (:func:`asteroyds.setups.targets`), and :func:`check`
    holds every scenario to it: the token a player takes says which set it
    came from.

    >>> target_name("left", 3)
    'left-3'
    """
    return f"{team}-{number}"


def target_number(name: str, team: str) -> int | None:
    """The number in target ``name`` if it is ``team``'s ``<team>-<number>`` (from 1), else None.

    >>> target_number("left-3", "left"), target_number("left-3", "right"), target_number("left-03", "left")
    (3, None, None)
    """
    prefix = f"{team}-"
    digits = name[len(prefix) :] if name.startswith(prefix) else ""
    if not (digits.isascii() and digits.isdigit()) or digits.startswith("0"):
        return None
    return int(digits)


def team_of(player: str) -> str:
    """The team a craft of this colour plays on in targets mode: its side of the board.

    The setup starts each colour on its side (:data:`asteroyds.setups.TARGET_TEAMS`);
    a player that is not one of the six colours has no side (``ValueError``).

    >>> team_of("yellow"), team_of("blue")
    ('left', 'right')
    """
    for side in SIDES:
        if player in TARGET_TEAMS[side]:
            return side
    raise ValueError(_("{player!r} is not a player colour, so it has no side in targets mode", player=player))


def carrier(state: State, name: str) -> Piece | None:
    """The piece that carries target ``name``, if any (a name is on one piece at most)."""
    return next((p for p in state.pieces if p.target == name), None)


def free_number(state: State, team: str) -> int:
    """The smallest number not yet used in ``team``'s set (what an unnumbered new target gets).

    >>> free_number(State("targets", ()), "right")
    1
    """
    taken = {p.target for p in state.pieces if p.target is not None}
    number = 1
    while target_name(team, number) in taken:
        number += 1
    return number


def carry_problem(piece: Piece) -> str:
    """Why ``piece`` can carry no target at all ("" if it can).

    docs/rules.md#7-shooting puts targets on white-bearing asteroids.

    >>> from asteroyds.pieces import Piece
    >>> carry_problem(Piece("WB1", "asteroid", (1, 1), "white/blue", 0, 1))
    ''
    >>> carry_problem(Piece("P1", "pod", (1, 1)))
    'only an asteroid does'
    """
    if piece.kind != ASTEROID:
        return _("only an asteroid does")
    if not piece.moved_by(WHITE):
        kinds = ", ".join(colour_text(c) for c in WHITE_BEARING)
        return _("targets sit on white-bearing asteroids ({kinds})", kinds=kinds)
    return ""


def target_problem(state: State, piece: Piece, team: str, number: int | None) -> str:
    """Why ``piece`` cannot take target ``number`` of ``team``'s set now ("" if it can).

    What a new target needs (docs/rules.md#7-shooting): a targets-mode board, a set of
    :data:`SIDES`, a whole number from 1, a white-bearing asteroid without a
    target, and a name no other piece carries. The sentence starts with the
    piece, for people: the scenario editor shows it as it is.

    >>> from asteroyds.pieces import Piece
    >>> pod = Piece("P1", "pod", (6, 8))
    >>> target_problem(State("targets", (pod,)), pod, "left", 1)
    'Pod P1 cannot carry a target: only an asteroid does'
    >>> target_problem(State("racing", (pod,)), pod, "left", 1)
    'targets count only in targets mode (this board is racing): set the mode to targets first'
    >>> target_problem(State("targets", (pod,)), pod, "middle", 1)
    "no team 'middle' (a target belongs to the left or right set)"
    """
    if state.mode != MODE:
        return _(
            "targets count only in targets mode (this board is {mode}): set the mode to targets first",
            mode=_mode_text(state.mode),
        )
    if team not in SIDES:
        return _("no team {team!r} (a target belongs to the left or right set)", team=team)
    if not isinstance(number, int) or isinstance(number, bool) or number < 1:
        return _("a target number is a whole number from 1, got {number!r}", number=number)
    what = _cap(piece_text(piece))
    problem = carry_problem(piece)
    if problem:
        return _("{what} cannot carry a target: {problem}", what=what, problem=problem)
    if piece.target is not None:
        return _(
            "{what} already carries target {target}: click it with the Target tool to take it off",
            what=what,
            target=target_text(piece.target),
        )
    name = target_name(team, number)
    other = carrier(state, name)
    if other is not None:
        return _(
            "target {name} is already on {piece} at {cell}: pick another number",
            name=target_text(name),
            piece=piece_text(other),
            cell=other.cell,
        )
    return ""


def with_teams(state: State) -> State:
    """Every craft not on a side joins its colour's side (:func:`team_of`), as the setup does.

    A craft already on ``left`` or ``right`` keeps it (teams may be
    unbalanced); one with no team, or a team of another mode (capture's
    ``red``), gets its colour's side, which :func:`start_round` requires. A
    player that is not a colour is left as it is (:func:`check` names it).

    >>> from asteroyds.pieces import Craft
    >>> s = with_teams(State("targets", (), (Craft("red", (1, 3), 0), Craft("blue", (6, 9), 3, team="left"))))
    >>> [(c.player, c.team) for c in s.crafts]
    [('red', 'left'), ('blue', 'left')]
    """
    changed = {
        c.player: replace(c, team=team_of(c.player))
        for c in state.crafts
        if c.team not in SIDES and any(c.player in TARGET_TEAMS[side] for side in SIDES)
    }
    return state.update_crafts(changed) if changed else state


def check(state: State, where: str = "state") -> None:
    """Raise :class:`ScenarioError` naming the first piece or craft that breaks targets mode.

    The rules: docs/rules.md#7-shooting.

    Its checks are :data:`CHECKS`, the mode's own (:class:`~asteroyds.checks.ModeChecks`), which
    :meth:`State.validate <asteroyds.state.State.validate>` asks of a
    targets-mode state, so a scenario file, a setup or an editor change with
    a misplaced target is refused whole. They check:

    - a target sits on a white-bearing asteroid (:func:`carry_problem`);
    - it has its set in ``team`` (one of :data:`SIDES`) and is named after it,
      ``<team>-<number>`` from 1 (:func:`target_name`): the token says its set;
    - no two pieces carry the same target;
    - an asteroid, gate, drone or pod has a ``team`` only with a target (a
      shot target leaves with its team); platforms, turrets and asteroyds keep
      their capture-mode team (:data:`CAPTURE_TEAM_KINDS`, docs/rules.md#11-capture-the-asteroyd);
    - every craft, destroyed ones too, is on ``left`` or ``right``, as
      :func:`start_round` requires.

    **Decision:** the number is not capped at :data:`SET_SIZE`, nor the set's
    size or the side of the board its asteroids stand on: scenarios place
    targets freely (a lone ``right-6`` is a last target).
    **Decision:** a craft may be on the other side's team than its colour
    (teams may be unbalanced); only :func:`with_teams` and the setup assign sides.
    **Decision:** outside targets mode targets are not checked: nothing reads
    them there (a hit gives a target's token only in targets mode), and the
    editor keeps them on the board when the mode is changed away, for a
    return to targets mode, where they are checked again.

    >>> from asteroyds.pieces import Craft, Piece
    >>> red = Piece("R1", "asteroid", (6, 7), "red", 0, 1, target="left-1", team="left")
    >>> check(State("targets", (red,)), "demo.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asteroyds.errors.ScenarioError: demo.json: piece 'R1': red asteroid #1 cannot carry target left-1: ...
    >>> check(State("targets", (), (Craft("red", (1, 3), 0),), ("red",)), "demo.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    asteroyds.errors.ScenarioError: demo.json: craft 'red': in targets mode a craft plays on team ...
    """
    raise_first(state, CHECKS, where)


def _at(where: str, piece: Piece) -> str:
    return f"{where}: piece {piece.id!r}"


def _team_with_target(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.target is None and p.team is not None and p.kind not in CAPTURE_TEAM_KINDS:
            yield Found(
                place,
                _(
                    "{at}: {piece} has team {team!r} but no target: in targets mode a piece's "
                    "team is the set of the target it carries",
                    at=_at(where, p),
                    piece=p.describe(),
                    team=p.team,
                ),
            )


def _carried_by(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        problem = "" if p.target is None else carry_problem(p)
        if problem:
            yield Found(
                place,
                _(
                    "{at}: {piece} cannot carry target {target}: {problem}",
                    at=_at(where, p),
                    piece=p.describe(),
                    target=p.target,
                    problem=problem,
                ),
            )


def _target_set(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.target is not None and p.team not in SIDES:
            yield Found(
                place,
                _(
                    "{at}: target {target!r} needs its set as team, {choices}, got {team!r}",
                    at=_at(where, p),
                    target=p.target,
                    choices=" or ".join(map(repr, SIDES)),
                    team=p.team,
                ),
            )


def _target_named(state: State, where: str) -> Iterator[Found]:
    for place, p in enumerate(state.pieces):
        if p.target is None or p.team is None or p.team not in SIDES:
            continue
        if not isinstance(p.target, str) or target_number(p.target, p.team) is None:
            yield Found(
                place,
                _(
                    "{at}: target {target!r} of the {team} set must be named {team}-<number> from 1, "
                    "e.g. {target_name!r}",
                    at=_at(where, p),
                    target=p.target,
                    team=p.team,
                    target_name=target_name(p.team, 1),
                ),
            )


def _one_carrier(state: State, where: str) -> Iterator[Found]:
    carriers: dict[str, Piece] = {}
    for place, p in enumerate(state.pieces):
        if not isinstance(p.target, str):
            continue
        other = carriers.get(p.target)
        if other is not None:
            yield Found(
                place,
                _(
                    "{at}: target {target} is already on {piece} ({id!r})",
                    at=_at(where, p),
                    target=p.target,
                    piece=other.describe(),
                    id=other.id,
                ),
            )
            continue
        carriers[p.target] = p


def _craft_side(state: State, where: str) -> Iterator[Found]:
    for place, c in enumerate(state.crafts):
        if c.team not in SIDES:
            yield Found(
                place,
                _(
                    "{where}: craft {player!r}: in targets mode a craft plays on team {choices}, "
                    "got {team!r}",
                    where=where,
                    player=c.player,
                    choices=" or ".join(map(repr, SIDES)),
                    team=c.team,
                ),
            )


# Targets mode's own checks of a board, in the order :func:`check` asks them.
CHECKS: tuple[Check, ...] = (
    Check("team with a target", "pieces", _team_with_target),
    Check("target carried", "pieces", _carried_by),
    Check("target set", "pieces", _target_set),
    Check("target name", "pieces", _target_named),
    Check("one carrier per target", "pieces", _one_carrier),
    Check("craft side", "crafts", _craft_side),
)


def _mode_text(mode: str) -> str:
    """A mode's name in a sentence (:func:`asteroyds.modes.mode_text`)."""
    from . import mode_text  # the registry imports this module: looked up when a message is written

    return mode_text(mode)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- playing (docs/rules.md#7-shooting, docs/rules.md#8-victory) --------------------------------------------


def aimed_side(team: str) -> str:
    """The set of targets a team aims at: the other side's.

    >>> aimed_side("left"), aimed_side("right")
    ('right', 'left')
    """
    return "right" if team == "left" else "left"


def targets_left(state: State, side: str) -> tuple[str, ...]:
    """The targets of ``side`` still on the board, sorted."""
    return tuple(sorted(p.target for p in state.pieces if p.target is not None and p.team == side))


def start_round(state: State) -> tuple[State, list[Event]]:
    """Check that every craft is on a team (``left`` or ``right``); nothing else happens."""
    for craft in state.crafts:
        if craft.team not in SIDES:
            raise RuleError(
                _(
                    "targets mode: craft {player!r} must be on team 'left' or 'right', got {team!r}",
                    player=craft.player,
                    team=craft.team,
                )
            )
    return state, []


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """Which team won at the end of this round, if any."""
    finished: dict[str, int] = {}
    for team in SIDES:
        crafts = [c for c in state.crafts if c.team == team]
        if not any(c.cell is not None for c in crafts) or targets_left(state, aimed_side(team)):
            continue
        aimed = aimed_side(team)
        columns = [e.column for e in round_events if isinstance(e, TargetEliminated) and e.side == aimed]
        # The set fell in the latest column that took one of its targets this round (the column clock).
        finished[team] = max(columns) if columns else 0
    if finished:
        best = min(finished.values())
        teams = [team for team in SIDES if finished.get(team) == best]
        finishers = tuple(
            Finisher(c.player, finished[c.team], c.damage) for c in state.crafts_in_order() if c.team in teams
        )
        winners = tuple(f.player for f in finishers)
        return Outcome(winners=winners, reason=_reason(finished, teams), finishers=finishers)
    if state.crafts and all(c.cell is None for c in state.crafts):
        return Outcome(winners=(), reason=_("Every craft is destroyed: nobody wins."))
    return None


def _when(column: int) -> str:
    if column == 0:
        return _("before this round")
    return _("in the red column") if column == 7 else _("in column {column}", column=column)


def _reason(finished: dict[str, int], teams: list[str]) -> str:
    if len(teams) > 1:
        return _(
            "Both teams eliminated their last target {when}: a draw, both teams share the victory.",
            when=_when(finished[teams[0]]),
        )
    team = teams[0]
    fields = {"team": team_text(team), "side": side_text(aimed_side(team)), "when": _when(finished[team])}
    if len(finished) == 1:
        return _("The {team} team eliminated every {side} target ({when}) and wins.", **fields)
    other = next(t for t in finished if t != team)
    return _(
        "The {team} team eliminated every {side} target ({when}) and wins: "
        "the {other} team finished later ({other_when}).",
        other=team_text(other),
        other_when=_when(finished[other]),
        **fields,
    )


def objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    """Each team's targets still to shoot (``start``: the game's setup, to say how many there were)."""
    lines = []
    for team in SIDES:
        aimed = aimed_side(team)
        left = targets_left(state, aimed)
        total = len(targets_left(start, aimed)) if start is not None else None
        players = [player_text(c.player) for c in state.crafts_in_order() if c.team == team]
        crew = ", ".join(players) if players else _("nobody")
        names = ", ".join(_tag(t) for t in left) or _("none")
        fields = {
            "team": team_text(team),
            "crew": crew,
            "side": side_text(aimed),
            "n": len(left),
            "names": names,
        }
        if total is None:
            line = _("The {team} team ({crew}) aims at the {side} targets: {n} left ({names}).", **fields)
        else:
            line = _(
                "The {team} team ({crew}) aims at the {side} targets: {n} of {total} left ({names}).",
                total=total,
                **fields,
            )
        lines.append(line)
    return lines


def _tag(target: str) -> str:
    """``left-3`` → ``L3`` (the tag the board shows on the asteroid)."""
    side, _sep, number = target.partition("-")
    return f"{side[:1].upper()}{number}"


TARGETS = Mode(
    name=MODE,
    title=N_("Targets"),
    turn=STANDARD_TURN,
    outcome=outcome,
    setup=setups.targets,
    checks=ModeChecks(board=CHECKS),
    shoots_targets=True,
    rewarded_kind=ASTEROID,
    start_round=start_round,
    variants=("random_dice_order", "one_shot_per_turn", "targets_handicap"),
    planning_seconds={"beginner": 60, "expert": 30},
)
