"""The built-in layouts of the box, built from the board facts in ``data/boards.json``.

Orientations and priorities are drawn from a seed (the rulebook asks for
random orientations; the real tiles' printed priorities are mostly unknown,
so docs/rules.md#2-pieces decides: a seeded random permutation 1..N). Same seed, same
setup.

>>> racing(seed=7) == racing(seed=7), racing(seed=7) == racing(seed=8)
(True, False)
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from . import registry
from .errors import ScenarioError
from .hexgrid import NE, NW, parse_direction
from .i18n import _, ngettext
from .pieces import ASTEROID, GATE, PILOTS, PLATFORM, PLAYER_COLOURS, POD, TURRET, Craft, Piece
from .rules import DEFAULT_RULES, RuleSettings
from .state import State

GATE_SYMBOLS: tuple[str, ...] = ("A", "B", "C", "D")
TURRET_SYMBOLS: tuple[str, ...] = ("A", "B", "C", "D")
ID_PREFIX: dict[str, str] = {
    "red": "R",
    "white": "W",
    "blue": "B",
    "white/red": "WR",
    "white/blue": "WB",
}


@cache
def board_facts() -> dict[str, Any]:
    """The physical board's facts (mask and setups), shipped with the package."""
    text = resources.files("asteroyds").joinpath("data/boards.json").read_text(encoding="utf-8")
    return json.loads(text)


def _cell(value: Sequence[int]) -> tuple[int, int]:
    return (int(value[0]), int(value[1]))


def _asteroids(facts: dict[str, Any]) -> list[tuple[str, str, tuple[int, int]]]:
    """(id, colour, cell) for each asteroid, in the file's order."""
    out = []
    for colour, cells in facts["asteroids"].items():
        for i, cell in enumerate(cells, start=1):
            out.append((f"{ID_PREFIX[colour]}{i}", colour, _cell(cell)))
    return out


def _check_players(players: Sequence[str], allowed: Sequence[str]) -> None:
    if not players:
        raise ScenarioError(_("a game needs at least one player"))
    for p in players:
        if p not in allowed:
            raise ScenarioError(
                _("unknown player colour {p!r} (expected one of {given})", p=p, given=tuple(allowed))
            )
    if len(set(players)) != len(players):
        raise ScenarioError(_("a player colour is listed twice: {given!r}", given=list(players)))


def _pilots(players: Sequence[str], pilots: Sequence[str | None] | None) -> list[str | None]:
    if pilots is None:
        return [None] * len(players)
    if len(pilots) != len(players):
        raise ScenarioError(_("{n} pilots for {n2} players", n=len(pilots), n2=len(players)))
    for p in pilots:
        if p is not None and p not in PILOTS:
            raise ScenarioError(_("unknown pilot {p!r} (expected one of {PILOTS})", p=p, PILOTS=PILOTS))
    return list(pilots)


def _moving(
    rng: random.Random, specs: Sequence[tuple[str, str, str, tuple[int, int], str | None]]
) -> list[Piece]:
    """Give moving tiles a random orientation each and a random permutation of 1..N."""
    priorities = list(range(1, len(specs) + 1))
    rng.shuffle(priorities)
    return [
        Piece(
            id=pid,
            kind=kind,
            colour=colour,
            cell=cell,
            orientation=rng.randrange(6),
            priority=prio,
            symbol=symbol,
        )
        for (pid, kind, colour, cell, symbol), prio in zip(specs, priorities, strict=True)
    ]


def racing(
    seed: int = 0,
    players: Sequence[str] = ("blue",),
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
    mode: str = "racing",
) -> State:
    """The racing layout: 4 gates, 20 asteroids, 6 pods, the 6 central platforms."""
    _check_players(players, PLAYER_COLOURS)
    facts = board_facts()["setups"]["racing"]
    rng = random.Random(seed)
    specs: list[tuple[str, str, str, tuple[int, int], str | None]] = [
        (f"G{sym}", GATE, g["colour"], _cell(g["cell"]), sym)
        for sym, g in zip(GATE_SYMBOLS, facts["gates"], strict=True)
    ]
    specs += [(pid, ASTEROID, colour, cell, None) for pid, colour, cell in _asteroids(facts)]
    pieces = _moving(rng, specs)
    pieces += [Piece(id=f"P{i}", kind=POD, cell=_cell(c)) for i, c in enumerate(facts["pods"], 1)]
    platforms = {}
    for i, spec in enumerate(facts["platforms"], 1):
        p = Piece(
            id=f"L{i}",
            kind=PLATFORM,
            cell=_cell(spec["cell"]),
            colour=spec["colour"],
            orientation=parse_direction(spec["facing"]),
        )
        platforms[spec["colour"]] = p
        pieces.append(p)
    crafts = [
        Craft(
            player=player, cell=platforms[player].cell, facing=platforms[player].orientation or 0, pilot=pilot
        )
        for player, pilot in zip(players, _pilots(players, pilots), strict=True)
    ]
    state = State(
        mode=mode, pieces=tuple(pieces), crafts=tuple(crafts), player_order=tuple(players), rules=rules
    )
    return state.validate(f"{mode} setup")


def shooting(
    seed: int = 0,
    players: Sequence[str] = ("blue",),
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
) -> State:
    """Shooting mode: the racing layout, but gates must be shot (docs/rules.md#7-shooting)."""
    return racing(seed=seed, players=players, pilots=pilots, rules=rules, mode="shooting")


def drones(
    seed: int = 0,
    players: Sequence[str] = ("blue",),
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
    facings: dict[str, str] | None = None,
) -> State:
    """Drones mode: 4 turrets, 20 asteroids, 6 pods, crafts on the bottom platforms.

    The printed start arrow points at a hex corner; each player may choose NW or
    NE (``facings``); the default points inwards (NE on the left, NW on the right).
    Drones are launched by the mode at the start of round 1.
    """
    _check_players(players, PLAYER_COLOURS)
    facts = board_facts()["setups"]["drones"]
    rng = random.Random(seed)
    specs = [(pid, ASTEROID, colour, cell, None) for pid, colour, cell in _asteroids(facts)]
    pieces = _moving(rng, specs)
    pieces += [
        Piece(id=f"T{i}", kind=TURRET, cell=_cell(c), orientation=rng.randrange(6), symbol=sym)
        for i, (sym, c) in enumerate(zip(TURRET_SYMBOLS, facts["turrets"], strict=True), 1)
    ]
    pieces += [Piece(id=f"P{i}", kind=POD, cell=_cell(c)) for i, c in enumerate(facts["pods"], 1)]
    facings = dict(facings or {})
    platforms = {}
    for i, spec in enumerate(facts["platforms"], 1):
        cell = _cell(spec["cell"])
        default = NE if cell[1] <= 6 else NW
        p = Piece(id=f"L{i}", kind=PLATFORM, cell=cell, colour=spec["colour"], orientation=default)
        platforms[spec["colour"]] = p
        pieces.append(p)
    crafts = []
    for player, pilot in zip(players, _pilots(players, pilots), strict=True):
        facing = platforms[player].orientation or 0
        if player in facings:
            facing = parse_direction(facings.pop(player))
            if facing not in (NE, NW):
                raise ScenarioError(_("player {player!r}: start facing must be NW or NE", player=player))
        crafts.append(Craft(player=player, cell=platforms[player].cell, facing=facing, pilot=pilot))
    if facings:
        raise ScenarioError(
            _("start facing given for a player not in the game: {keys!r}", keys=sorted(facings)[0])
        )
    state = State(
        mode="drones", pieces=tuple(pieces), crafts=tuple(crafts), player_order=tuple(players), rules=rules
    )
    return state.validate("drones setup")


TARGET_TEAMS: dict[str, tuple[str, ...]] = {
    "left": ("red", "yellow", "purple"),
    "right": ("blue", "green", "orange"),
}


def targets(
    seed: int = 0,
    players: Sequence[str] = ("red", "blue"),
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
    handicap_team: str | None = None,
) -> State:
    """Targets mode: two teams start on the left and right edges.

    The 6 white-bearing asteroids of each side carry that side's targets
    (``left-1`` …, ``right-1`` …); the team starting on the right aims at the
    left set, and vice versa. Red, yellow and purple start left; blue, green
    and orange right.

    Handicap (docs/rules.md#10-variants-and-rule-settings, ``rules.targets_handicap = n``, 0-5): the weaker
    team aims at ``n`` fewer targets: the ``n`` highest-numbered targets of
    the set it aims at are taken off their asteroids (which stay in play).
    The weaker team is ``handicap_team`` (``"left"`` or ``"right"``) if given,
    else the team with fewer players (the only team, if one side is empty);
    two teams of the same size need ``handicap_team``.

    >>> from asteroyds.rules import RuleSettings
    >>> s = targets(players=["red", "yellow", "blue"], rules=RuleSettings(targets_handicap=2))
    >>> sorted(p.target for p in s.pieces if p.team == "left")  # blue, alone on the right, aims left
    ['left-1', 'left-2', 'left-3', 'left-4']
    """
    _check_players(players, PLAYER_COLOURS)
    facts = board_facts()["setups"]["targets"]
    rng = random.Random(seed)
    specs = [(pid, ASTEROID, colour, cell, None) for pid, colour, cell in _asteroids(facts)]
    pieces = _moving(rng, specs)
    counters = {"left": 0, "right": 0}
    marked = []
    for p in pieces:
        side = None
        if "white" in (p.colour or ""):
            side = "left" if p.cell[1] <= 4 else "right" if p.cell[1] >= 11 else None
        if side is not None:
            counters[side] += 1
            p = Piece(
                id=p.id,
                kind=p.kind,
                cell=p.cell,
                colour=p.colour,
                orientation=p.orientation,
                priority=p.priority,
                target=f"{side}-{counters[side]}",
                team=side,
            )
        marked.append(p)
    pieces = _handicap(marked, players, rules.targets_handicap, handicap_team)
    pieces += [Piece(id=f"P{i}", kind=POD, cell=_cell(c)) for i, c in enumerate(facts["pods"], 1)]
    starts = {s["colour"]: s for s in facts["starts"]}
    crafts = []
    for player, pilot in zip(players, _pilots(players, pilots), strict=True):
        start = starts[player]
        team = "left" if player in TARGET_TEAMS["left"] else "right"
        crafts.append(
            Craft(
                player=player,
                cell=_cell(start["cell"]),
                facing=parse_direction(start["facing"]),
                pilot=pilot,
                team=team,
            )
        )
    state = State(
        mode="targets", pieces=tuple(pieces), crafts=tuple(crafts), player_order=tuple(players), rules=rules
    )
    return state.validate("targets setup")


def _handicap(pieces: list[Piece], players: Sequence[str], count: int, team: str | None) -> list[Piece]:
    """Take ``count`` targets off the set the weaker team aims at (see :func:`targets`)."""
    if team is not None and team not in TARGET_TEAMS:
        raise ScenarioError(_("handicap_team must be 'left' or 'right', got {team!r}", team=team))
    if count == 0:
        return pieces
    if team is None:
        sizes = {side: sum(p in colours for p in players) for side, colours in TARGET_TEAMS.items()}
        if sizes["left"] == sizes["right"]:
            raise ScenarioError(
                ngettext(
                    "targets_handicap {count}: the teams have the same size ({n} player "
                    "each), so say which team gets fewer targets to shoot: handicap_team='left' or 'right'",
                    "targets_handicap {count}: the teams have the same size ({n} players "
                    "each), so say which team gets fewer targets to shoot: handicap_team='left' or 'right'",
                    sizes["left"],
                    count=count,
                    n=sizes["left"],
                )
            )
        present = [side for side in sizes if sizes[side]]
        team = present[0] if len(present) == 1 else min(sizes, key=sizes.__getitem__)
    aimed = "right" if team == "left" else "left"
    numbered = sorted(
        (p for p in pieces if p.team == aimed and p.target),
        key=lambda p: int((p.target or "").rsplit("-", 1)[1]),
    )
    dropped = {p.id for p in numbered[len(numbered) - count :]}
    return [p._replace(target=None, team=None) if p.id in dropped else p for p in pieces]


def setup(
    name: str,
    seed: int = 0,
    players: Sequence[str] | None = None,
    remove: Sequence[str] = (),
    **options: Any,
) -> State:
    """A mode's own setup, by the mode's name (``racing``, ``shooting``, ``targets``, ``capture``...).

    Each registered mode says how its game is set up (:attr:`asteroyds.modes.Mode.setup`);
    ``players`` and ``options`` go to it. ``remove`` lists asteroid ids to
    take out: the "fewer asteroids" variant (docs/rules.md#10-variants-and-rule-settings) for a
    gentler first game.
    """
    if name not in registry.names():
        raise ScenarioError(
            _(
                "unknown setup {name!r} (expected one of {choices})",
                name=name,
                choices=", ".join(registry.names()),
            )
        )
    if players is not None:
        options["players"] = players
    return remove_asteroids(registry.mode_named(name).setup(seed=seed, **options), remove)


def remove_asteroids(state: State, ids: Sequence[str]) -> State:
    """The "fewer asteroids" variant: the same state without these asteroids."""
    for pid in ids:
        if not state.has_piece(pid) or state.piece(pid).kind != ASTEROID:
            asteroids = sorted(p.id for p in state.pieces if p.kind == ASTEROID)
            raise ScenarioError(
                _(
                    "cannot remove {pid!r}: not an asteroid of this setup ({choices})",
                    pid=pid,
                    choices=", ".join(asteroids),
                )
            )
    if not ids:
        return state
    return state.update_pieces({}, removed=ids)


def __getattr__(name: str) -> object:
    """``SETUP_NAMES``: every registered mode's name (:func:`asteroyds.registry.names`), not a second list."""
    if name == "SETUP_NAMES":
        return registry.names()
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
