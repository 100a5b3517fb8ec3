"""Capture the Asteroyd: the team mode of RULES §11 (``seeds/capturer-l-asteroyd.fr.txt``).

Teams (red, white, and blue with three teams) each have a base: their
asteroyd, a platform, public pods and turrets. A craft that enters the enemy
asteroyd's space carries it; bringing it onto its own platform scores a
point. A turn is planned (up to 6 columns and the anticipation line, see
:mod:`~asteroyds.modes.capture_program`) and resolved in 6 rounds, lasers
first, then moves (:mod:`~asteroyds.modes.capture_resolve`). First team to 3
points (2 with three teams) and ahead of the others wins.

The public API, for the Game and the command line:

- :func:`setup` — the default layouts, with the variants as options;
- :func:`parse_program` / :func:`validate_program` / :func:`programs_for` —
  the chart; :class:`CaptureProgram` is the value;
- :func:`resolve` — the 6 rounds of a turn, ``(state, events)``;
- :func:`outcome` — the victory rule (registered for mode ``capture``);
- :mod:`~asteroyds.modes.capture_bot` — a seeded bot and ``play_capture_game``.

**Layouts** (``data/capture-2teams.json``, ``data/capture-3teams.json``).
Two teams: red in the west wing of the board, white in the east wing; the
whole layout is symmetric under the half-turn about the board's centre
(``(r, c) -> (12 - r, 15 - c)`` on even rows, ``(12 - r, 14 - c)`` on odd
rows), turret orientations turned by 3 too, so a red turret given a die value
fires exactly as its white twin would with the same value. A half-turn, not a
mirror: turret pips run clockwise, so a mirrored turret cannot fire
mirror-wise for every die face. Each base: the platform at the back of the
wing (crafts start there facing the centre), the asteroyd two spaces in front
of it, two pods shielding the base's flanks, two turrets beside the asteroyd
(one of their six lines crosses the asteroyd's space, so the die decides
each turn whether the asteroyd is guarded), and a pod in mid-field on the
direct line between the bases, which gives cover and forces a choice of
route. The rest of the board is open: an asteroyd is 11 spaces from the
enemy platform. Three teams (two crafts each): red in the north-west, white in the
south-west, blue in the east wing. The three bases are exact copies turned
by 120° about the central pod at (6, 7) (``hexgrid.rotate_cell(cell, 2,
(6, 7))`` maps red to blue and blue to white, orientations turned by 2):
platform on the board's edge, asteroyd two spaces towards the centre, a
turret two spaces further, and two pods on its flanks. Every asteroyd is 10
spaces from each enemy platform, and no two bases face each other along a
hex direction (their connecting lines run between the laser directions), so
no pair of teams gets a privileged duelling lane; a first draft with red and
white on the same row showed exactly that imbalance in bot games. The board
around the bases is not 3-fold symmetric (its edges differ), only the bases
are. Teams may rearrange pods and turrets (RULES §11): the scenario editor
loads both layouts, and :mod:`~asteroyds.modes.capture_layout` says what a
rearranged board may hold and when it can be played.

**Decisions where the rules are silent** (each one visible here and in the
tutorial; the table-dependent ones are :class:`CaptureRules` settings):

1. *Victory timing.* The seed says a team reaching 3 points "during a
   round" wins: the score is checked at the end of each of the 6 rounds and
   the rest of the turn is not played (``victory_check="round"``;
   ``"turn"`` checks only after round 6). A tie at or above the target
   plays on until one team leads, at a later round end.
2. *Three teams.* A capture is +1 for the capturer and -1 for the victim;
   scores may go below zero. First to 2 and ahead of both others wins.
3. *Order within a round.* All lasers of a round are traced on the board as
   it stands when the round starts and hit together; then crafts move one
   after another in player order. Crafts never block each other and
   asteroyds are resolved after every craft has moved, so the order only
   orders the log.
4. *Arrivals.* A craft arrives on an asteroyd by entering its space (a step,
   even in the middle of Hector's double move); turning in place or staying
   does not count. The arrivals of one round are resolved together: exactly
   one craft not of the asteroyd's colour picks it up; two or more leave it
   where it is (even if team-mates also arrived); with no such craft, a
   team-mate arriving on its own asteroyd away from home sends it home. A
   craft carries one asteroyd at a time: a carrier never picks up a second
   one nor counts among the rivals; it still returns its own asteroyd.
5. *Scoring.* A carrier scores when it enters its own platform (or, picking
   up after passing through, ends its move there); the asteroyd goes home at
   once. A craft may enter its own platform at any time; every other
   platform is an obstacle.
6. *Lasers and platforms.* A laser stops at any platform and hits nobody on
   it: a craft on a platform (waiting there after a hit, or at home) is safe.
   Shield anticipation: the enemy laser passes beside the craft, so it goes
   on to the next space unless another enemy craft in that space is hit.
   Anticipation Shoot only matters in a round whose column is Shoot.
7. *Hit or bumped.* The craft goes to its team's platform facing the
   platform's start direction and plays no more column this turn; a carried
   asteroyd drops in the space the craft was in (for a bump: the space before
   the obstacle). Pods, every turret (allied too) and the border are
   obstacles; a bumped turret is disabled for the turn, and so is a turret
   hit by an enemy laser (they still fire in the round they are hit: hits are
   simultaneous). Lasers fire again next turn, turrets too.
8. *No damage.* The damage row is the anticipation line: capture crafts take
   no damage (a blue asteroid that would enter a craft's space is blocked,
   with no effect on the craft), and the destroy-an-asteroid power and
   Lawrence's emergency shield do not exist; ``decide`` is never asked.
9. *Blue asteroids (two teams only, 0-4).* They move before the rounds with
   the blue die, 1 space, pushing as in RULES §4; pods, platforms, turrets,
   crafts, asteroyds and an asteroyd's home space block them. They stop
   lasers. Destructible (default): a laser that stops on one, or a craft
   that rams it, destroys it (the rammer still goes home); indestructible
   otherwise. Their start spaces are fixed (two symmetric pairs; 1 or 3 use
   the first spaces of the list), orientations and priorities are seeded.
10. *Pilots (variant).* Column powers as in RULES §9, once per game.
    Lawrence: always in Shield, no stance token, one or two anticipation
    rounds (``S2,5``), every turn.
11. *1 v 1.* Each player runs 2-3 crafts; the engine knows crafts, not
    people, so only the planning time changes (doubled).

>>> state = setup(teams=2, crafts_per_team=2)
>>> [c.player for c in state.crafts_in_order()]
['red1', 'white1', 'red2', 'white2']
>>> after, events = resolve(state, (3, 5, 2), {"red1": "F F X . . . X3"})
>>> outcome(after, events) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources

from .. import scenario
from ..errors import ScenarioError
from ..event_text import team_text
from ..events import Event
from ..hexgrid import Cell
from ..i18n import _
from ..outcome import Outcome
from ..pieces import ASTEROID, BLUE, PILOTS, Craft, Piece
from ..rules import DEFAULT_RULES, RuleSettings
from ..state import State
from . import capture_snapshots  # noqa: F401  (teaches asteroyds.snapshots the capture events)
from .capture_events import CaptureWon
from .capture_program import (
    CaptureProgram,
    as_capture_program,
    legal_anticipations,
    legal_column_tokens,
    parse_capture_program,
    validate_capture_program,
)
from .capture_resolve import (
    DEFAULT_CAPTURE_RULES,
    TARGETS,
    CaptureRules,
    asteroyd_of,
    leader,
    platform_of,
    programs_for,
    resolve,
    scores,
    team_players,
    teams,
)

MODE = "capture"
LAYOUT_FILES: dict[int, str] = {2: "data/capture-2teams.json", 3: "data/capture-3teams.json"}
TEAM_SETS: dict[int, tuple[str, ...]] = {2: ("red", "white"), 3: ("red", "white", "blue")}
MAX_CRAFTS_PER_TEAM = 3
# Start spaces of the blue asteroids variant (two teams): two pairs symmetric under the half-turn.
BLUE_ASTEROID_CELLS: tuple[Cell, ...] = ((3, 6), (9, 8), (5, 9), (7, 5))

parse_program = parse_capture_program
validate_program = validate_capture_program


@cache
def _layout_text(team_count: int) -> str:
    return resources.files("asteroyds").joinpath(LAYOUT_FILES[team_count]).read_text(encoding="utf-8")


def layout(team_count: int = 2) -> State:
    """The shipped default game for 2 or 3 teams (two crafts per team), as a state."""
    if team_count not in LAYOUT_FILES:
        raise ScenarioError(_("capture is played by 2 or 3 teams, not {team_count!r}", team_count=team_count))
    return scenario.loads(_layout_text(team_count), where=LAYOUT_FILES[team_count])


def setup(
    teams: int | Sequence[str] = 2,
    crafts_per_team: int | Mapping[str, int] = 2,
    seed: int = 0,
    blue_asteroids: int = 0,
    pilots: Mapping[str, str | None] | None = None,
    players: Mapping[str, Sequence[str]] | None = None,
    duel: bool = False,
    rules: RuleSettings = DEFAULT_RULES,
) -> State:
    """A capture game on the default layout of 2 or 3 teams.

    ``crafts_per_team`` is 1-3, or a mapping for uneven teams (``{"white": 3,
    "red": 2}``). Crafts are named ``red1``, ``white1``, ... (``players``
    renames them: ``{"red": ["ann", "bob"]}``), all start on their team's
    platform, and play in turn order red1, white1, (blue1,) red2, ...
    ``blue_asteroids`` (0-4, two teams only) adds the blue asteroids of the
    variant, orientations and priorities drawn from ``seed``. ``pilots`` maps
    players to pilots (the pilot variant). ``duel`` is the 1 v 1 variant:
    two teams of 2-3 crafts, double planning time.

    >>> s = setup(teams=3, crafts_per_team=1)
    >>> [c.player for c in s.crafts_in_order()], dict(s.scores)
    (['red1', 'white1', 'blue1'], {'red': 0, 'white': 0, 'blue': 0})
    """
    names = _team_names(teams)
    base = layout(len(names))
    counts = _counts(names, crafts_per_team)
    if duel:
        if len(names) != 2 or not all(2 <= n <= MAX_CRAFTS_PER_TEAM for n in counts.values()):
            raise ScenarioError(_("1 v 1: two teams, each player running 2 or 3 crafts"))
        rules = rules.with_changes(planning_seconds=2 * rules.planning_time(MODE))
    if not isinstance(blue_asteroids, int) or not 0 <= blue_asteroids <= len(BLUE_ASTEROID_CELLS):
        raise ScenarioError(
            _(
                "blue_asteroids must be 0-{n}, got {blue_asteroids!r}",
                n=len(BLUE_ASTEROID_CELLS),
                blue_asteroids=blue_asteroids,
            )
        )
    if blue_asteroids and len(names) != 2:
        raise ScenarioError(
            _("the blue asteroids variant is for two teams (the blue die aims the blue turret)")
        )
    roster = _roster(names, counts, players)
    chosen = dict(pilots or {})
    for player, pilot in chosen.items():
        if not any(player in team_roster for team_roster in roster.values()):
            raise ScenarioError(_("pilot given for {player!r}, who is not in this game", player=player))
        if pilot is not None and pilot not in PILOTS:
            raise ScenarioError(
                _(
                    "unknown pilot {pilot!r} for {player!r} (expected one of {PILOTS})",
                    pilot=pilot,
                    player=player,
                    PILOTS=PILOTS,
                )
            )
    crafts = []
    for team in names:
        platform = platform_of(base, team)
        for player in roster[team]:
            facing = platform.orientation or 0
            crafts.append(Craft(player, platform.cell, facing, pilot=chosen.get(player), team=team))
    order = [roster[t][i] for i in range(max(counts.values())) for t in names if i < counts[t]]
    pieces = list(base.pieces) + _blue_asteroids(blue_asteroids, seed)
    state = base.replace(
        pieces=tuple(pieces),
        crafts=tuple(crafts),
        player_order=tuple(order),
        rules=rules,
        scores=tuple((t, 0) for t in names),
    )
    return state.validate("capture setup")


def _team_names(value: int | Sequence[str]) -> tuple[str, ...]:
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in TEAM_SETS:
            raise ScenarioError(_("capture is played by 2 or 3 teams, not {value!r}", value=value))
        return TEAM_SETS[value]
    names = tuple(value)
    for wanted in TEAM_SETS.values():
        if sorted(names) == sorted(wanted):
            return wanted
    raise ScenarioError(
        _("the teams are red and white, or red, white and blue; got {given!r}", given=list(names))
    )


def _counts(names: tuple[str, ...], value: int | Mapping[str, int]) -> dict[str, int]:
    counts = dict(value) if isinstance(value, Mapping) else dict.fromkeys(names, value)
    if sorted(counts) != sorted(names):
        raise ScenarioError(
            _(
                "crafts_per_team must give every team ({choices}), got {counts!r}",
                choices=", ".join(names),
                counts=counts,
            )
        )
    for team, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_CRAFTS_PER_TEAM:
            raise ScenarioError(
                _(
                    "the {team} team has 1-{MAX_CRAFTS_PER_TEAM} crafts, got {n!r}",
                    team=team,
                    MAX_CRAFTS_PER_TEAM=MAX_CRAFTS_PER_TEAM,
                    n=n,
                )
            )
    return counts


def _roster(
    names: tuple[str, ...], counts: dict[str, int], players: Mapping[str, Sequence[str]] | None
) -> dict[str, tuple[str, ...]]:
    roster = {t: tuple(f"{t}{i}" for i in range(1, counts[t] + 1)) for t in names}
    for team, given in (players or {}).items():
        if team not in roster:
            raise ScenarioError(_("players given for {team!r}, which is not a team of this game", team=team))
        given = tuple(given)
        if len(given) != counts[team] or not all(isinstance(p, str) and p for p in given):
            raise ScenarioError(
                _(
                    "the {team} team needs {counts} player names, got {given!r}",
                    team=team,
                    counts=counts[team],
                    given=list(given),
                )
            )
        roster[team] = given
    everyone = [p for team in names for p in roster[team]]
    if len(set(everyone)) != len(everyone):
        raise ScenarioError(_("a player name is used twice: {everyone!r}", everyone=everyone))
    return roster


def _blue_asteroids(count: int, seed: int) -> list[Piece]:
    rng = random.Random(f"asteroyds:capture:{seed}:blue")
    priorities = list(range(1, count + 1))
    rng.shuffle(priorities)
    return [
        Piece(f"B{i}", ASTEROID, cell, BLUE, rng.randrange(6), priority)
        for i, (cell, priority) in enumerate(zip(BLUE_ASTEROID_CELLS[:count], priorities, strict=True), 1)
    ]


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The capture victory at the end of a turn (RULES §11), or None while play goes on.

    A :class:`~asteroyds.modes.capture_events.CaptureWon` event of the turn
    decides (it knows the rule settings used); otherwise the scores of the
    state with the standard target (3, or 2 with three teams).
    """
    team = None
    for event in round_events:
        if isinstance(event, CaptureWon):
            team = event.team
    if team is None:
        team = leader(scores(state), DEFAULT_CAPTURE_RULES.target_for(len(teams(state))))
    if team is None:
        return None
    points = scores(state)
    table = ", ".join(f"{team_text(t)} {n}" for t, n in points.items())
    return Outcome(
        winners=team_players(state, team),
        reason=_(
            "The {team} team wins with {points} points ({table}).",
            team=team_text(team),
            points=points[team],
            table=table,
        ),
    )


__all__ = [
    "BLUE_ASTEROID_CELLS",
    "DEFAULT_CAPTURE_RULES",
    "MODE",
    "TARGETS",
    "CaptureProgram",
    "CaptureRules",
    "as_capture_program",
    "asteroyd_of",
    "layout",
    "leader",
    "legal_anticipations",
    "legal_column_tokens",
    "outcome",
    "parse_program",
    "platform_of",
    "programs_for",
    "resolve",
    "scores",
    "setup",
    "team_players",
    "teams",
    "validate_program",
]
