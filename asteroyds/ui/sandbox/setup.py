"""The sandbox's choices: who plays (:class:`Seat`) and the game to build (:class:`SandboxSetup`).

Plain values, no widgets: the setup panel
(:mod:`asteroyds.ui.sandbox.panel`) reads its controls into a
:class:`SandboxSetup`, and :meth:`SandboxSetup.build` asks the engine for the
game (:func:`asteroyds.setups.setup`, or :meth:`asteroyds.game.Game.capture`
for Capture the Asteroyd). A bad choice raises a
:class:`~asteroyds.errors.ScenarioError` that names it.

In capture mode (RULES §11) a seat names a craft (``red1``) or a whole team
(``red``: every red craft); crafts are named by the engine after their team
(``red1``, ``white1``, ``red2``...). :meth:`SandboxSetup.capture` builds
the usual table: some teams human, the others bots.

>>> setup = SandboxSetup.capture(teams=2, crafts_per_team=2, humans=("red",), seed=3)
>>> setup.craft_kinds(setup.build().state)
{'red1': 'human', 'white1': 'greedy', 'red2': 'human', 'white2': 'greedy'}

A game may also start from a scenario (``board``): the scenario editor's
board, a downloaded scenario file, any sandbox mode. Its layout, crafts,
pilots and rule settings are played as they are (**decision:** a scenario
is a whole table, so the panel's variants do not apply to it; the seed gives
the dice, and in capture the table's setting of destructible blue asteroids
still applies). :meth:`SandboxSetup.from_board` seats the crafts on it;
:meth:`check` asks the engine whether it can be played
(:func:`asteroyds.modes.capture_layout.check_playable` for capture).

>>> from asteroyds.modes.capture import layout
>>> board = layout(2).update_pieces({"TR1": layout(2).piece("TR1")._replace(cell=(3, 5))})
>>> game = SandboxSetup.capture(board=board, humans=("white",), seed=3).build()
>>> game.state.piece("TR1").cell, SandboxSetup.capture(board=board, humans=("white",)).kinds
((3, 5), {'red': 'greedy', 'white': 'human'})
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import ScenarioError
from ...game import Game
from ...i18n import N_
from ...modes import capture_layout, mode_named, modes
from ...modes.capture import BLUE_ASTEROID_CELLS, MAX_CRAFTS_PER_TEAM, TEAM_SETS
from ...modes.capture_resolve import CaptureRules
from ...pieces import ASTEROID, BLUE, PILOTS, PLAYER_COLOURS
from ...rules import PLANNING_LEVELS, RuleSettings
from ...setups import setup
from ...simulate import random_pilots
from ...state import State

CAPTURE = "capture"
SANDBOX_MODES: tuple[str, ...] = tuple(modes())  # every registered mode, in menu order
KINDS: tuple[str, ...] = ("human", "greedy", "random", "coach")
KIND_NAMES: dict[str, str] = {
    "human": "human",
    "greedy": "bot (greedy)",
    "random": "bot (random)",
    "coach": N_("bot (coach)"),  # plays the coach's exact best plan (asteroyds.coach)
}
CAPTURE_TEAMS: tuple[str, ...] = TEAM_SETS[3]  # red, white, blue
# A capture seat: a team, or one of its crafts as the engine names them (red1 ... blue3).
CAPTURE_SEAT = re.compile(rf"({'|'.join(CAPTURE_TEAMS)})([1-{MAX_CRAFTS_PER_TEAM}])?")


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: a colour and who plays it (``human``, or a bot style ``greedy`` / ``random``).

    In capture mode ``colour`` names a craft (``red1``) or a whole team (``red``).
    """

    colour: str
    kind: str = "human"

    def __post_init__(self) -> None:
        if self.colour not in PLAYER_COLOURS and not CAPTURE_SEAT.fullmatch(str(self.colour)):
            raise ScenarioError(
                f"unknown player colour {self.colour!r} (expected one of {PLAYER_COLOURS}, "
                "or in capture mode a team or craft such as 'white' or 'white2')"
            )
        if self.kind not in KINDS:
            raise ScenarioError(f"{self.colour}: unknown player kind {self.kind!r} (expected one of {KINDS})")

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


def capture_crafts(teams: int, crafts_per_team: int) -> tuple[str, ...]:
    """The crafts of a capture game, team by team, as the engine names them.

    >>> capture_crafts(2, 2)
    ('red1', 'red2', 'white1', 'white2')
    """
    if teams not in TEAM_SETS:
        raise ScenarioError(f"capture is played by 2 or 3 teams, not {teams!r}")
    return tuple(f"{team}{i}" for team in TEAM_SETS[teams] for i in range(1, crafts_per_team + 1))


@dataclass(frozen=True, slots=True)
class SandboxSetup:
    """Everything the setup panel chooses; :meth:`build` makes the game.

    ``remove`` lists asteroid ids for the "fewer asteroids" variant;
    ``handicap_team`` says which targets team gets fewer targets when the
    teams have the same size; ``coach`` None means "on for beginners".
    Capture mode: ``teams`` (2 or 3), ``crafts_per_team`` (1-3),
    ``blue_asteroids`` (0-4, two teams), ``destructible_asteroids`` and
    ``duel`` (1 v 1: double planning time), RULES §11.
    ``board``: a scenario to play instead of the mode's built-in layout
    (:meth:`from_board`); ``mode`` is then the board's.
    """

    mode: str = "racing"
    seats: tuple[Seat, ...] = (Seat("blue", "human"), Seat("red", "greedy"))
    pilots: bool = False
    seed: int = 1
    planning_level: str = "beginner"
    planning_seconds: int | None = None
    random_dice_order: bool = False
    return_to_platform: bool = False
    one_shot_per_turn: bool = False
    remove: tuple[str, ...] = ()
    targets_handicap: int = 0
    handicap_team: str | None = None
    coach: bool | None = None
    teams: int = 2
    crafts_per_team: int = 2
    blue_asteroids: int = 0
    destructible_asteroids: bool = True
    duel: bool = False
    board: State | None = None

    @classmethod
    def capture(
        cls,
        teams: int = 2,
        crafts_per_team: int = 2,
        humans: Iterable[str] = ("red",),
        board: State | None = None,
        **options: Any,
    ) -> SandboxSetup:
        """A capture setup: the crafts (or whole teams) in ``humans`` are human, the rest bots.

        With ``board`` (a capture scenario, such as the editor's rearranged
        layout) the game is played on it: its teams and crafts replace
        ``teams`` and ``crafts_per_team`` (:meth:`from_board`).
        """
        if board is not None:
            if not mode_named(board.mode).teams:
                raise ScenarioError(f"SandboxSetup.capture needs a capture board, got a {board.mode} board")
            return cls.from_board(board, humans, **options)
        people = set(humans)
        seats = tuple(
            Seat(craft, "human" if craft in people or craft.rstrip("123") in people else "greedy")
            for craft in capture_crafts(teams, crafts_per_team)
        )
        return cls(mode=CAPTURE, seats=seats, teams=teams, crafts_per_team=crafts_per_team, **options)

    @classmethod
    def from_board(
        cls,
        board: State,
        humans: Iterable[str] | None = None,
        kinds: Mapping[str, str] | None = None,
        **options: Any,
    ) -> SandboxSetup:
        """A game on a scenario (``board``): every craft on it gets a seat.

        Who plays: ``kinds`` (a player, or a capture team → ``human``,
        ``greedy`` or ``random``; names not on the board are ignored) first;
        then, with ``humans``, the players (or capture teams) in it are
        human and the others bots; without, a player ``kinds`` does not name
        is human (as in a loaded game). **Decision:** when neither names a
        player of the board, the first team (capture) or the first player is
        human and the others bots, as in a new game. The planning level and
        time are the scenario's (its rule settings). Capture seats are the
        teams, plus a seat for a craft played apart from its team.

        >>> from asteroyds.setups import setup
        >>> SandboxSetup.from_board(setup("racing", players=["green", "red"])).kinds
        {'green': 'human', 'red': 'greedy'}
        """
        chosen = dict(kinds or {})
        crafts = board.crafts_in_order()
        named = {c.player for c in crafts} | {c.team for c in crafts if mode_named(board.mode).teams}
        if humans is None and not named & set(chosen):  # nobody named: as in a new game
            chosen = {}
            first = crafts[0].team if mode_named(board.mode).teams and crafts else None
            humans = (first or crafts[0].player,) if crafts else ()
        people = None if humans is None else set(humans)

        def kind(*names: str | None) -> str:
            for name in names:
                if name in chosen:
                    return chosen[name]
            if people is None:  # the kinds name others: this one is human, as in a loaded game
                return "human"
            return "human" if any(name in people for name in names) else "greedy"

        options.setdefault("planning_level", board.rules.planning_level)
        options.setdefault("planning_seconds", board.rules.planning_seconds)
        if mode_named(board.mode).teams:
            teams = capture_layout.team_names(board)
            seats = [Seat(team, kind(team)) for team in teams]
            seats += [
                Seat(c.player, kind(c.player, c.team))
                for c in crafts
                if CAPTURE_SEAT.fullmatch(c.player) and kind(c.player, c.team) != kind(c.team)
            ]
        else:
            seats = [Seat(c.player, kind(c.player)) for c in crafts if c.player in PLAYER_COLOURS]
        return cls(mode=board.mode, seats=tuple(seats), board=board, **options)

    @property
    def is_capture(self) -> bool:
        return mode_named(self.mode).teams

    def rules(self) -> RuleSettings:
        """The rule settings (variants) of this setup (capture: only the planning time applies)."""
        seconds = self.planning_seconds if self.planning_level == "custom" else None
        if self.is_capture:
            return RuleSettings(planning_level=self.planning_level, planning_seconds=seconds)
        return RuleSettings(
            return_to_platform=self.return_to_platform,
            random_dice_order=self.random_dice_order,
            one_shot_per_turn=self.one_shot_per_turn,
            targets_handicap=self.targets_handicap if mode_named(self.mode).shoots_targets else 0,
            planning_level=self.planning_level,
            planning_seconds=seconds,
        )

    def capture_rules(self) -> CaptureRules:
        """The capture settings a table may change (RULES §11); the rest are the seed's rules."""
        return CaptureRules(destructible_asteroids=self.destructible_asteroids)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.colour for seat in self.seats)

    @property
    def kinds(self) -> dict[str, str]:
        """Seat name → kind, as chosen (capture: crafts and teams; see :meth:`craft_kinds`)."""
        return {seat.colour: seat.kind for seat in self.seats}

    def craft_kinds(self, state: State) -> dict[str, str]:
        """Every player of a game (in turn order) → human, greedy or random.

        A seat named after the player decides; in capture, else a seat named
        after its team; a player no seat names is human (a loaded game shows
        every chart rather than let a bot play for someone).
        """
        kinds = self.kinds
        out = {}
        for craft in state.crafts_in_order():
            kind = kinds.get(craft.player)
            if kind is None and mode_named(state.mode).teams and craft.team:
                kind = kinds.get(craft.team)
            out[craft.player] = kind or "human"
        return out

    @property
    def coaching(self) -> bool:
        return self.planning_level == "beginner" if self.coach is None else self.coach

    def check(self, where: str = "the scenario") -> None:
        """Raise a :class:`~asteroyds.errors.ScenarioError` naming what is wrong with the choices.

        ``where`` names the scenario (``board``) in its messages (a file name).
        """
        if self.mode not in SANDBOX_MODES:
            raise ScenarioError(f"the sandbox plays {', '.join(SANDBOX_MODES)}, not {self.mode!r}")
        if self.planning_level not in PLANNING_LEVELS:
            raise ScenarioError(f"planning level {self.planning_level!r} is not one of {PLANNING_LEVELS}")
        if self.board is not None:
            self._check_board(self.board, where)
            return
        if self.is_capture:
            self._check_capture()
            return
        if not 1 <= len(self.seats) <= 6:
            raise ScenarioError(f"a game has 1-6 players, not {len(self.seats)}")
        for seat in self.seats:
            if seat.colour not in PLAYER_COLOURS:
                raise ScenarioError(
                    f"{seat.colour!r} is a capture team or craft; a {self.mode} player is a colour "
                    f"({', '.join(PLAYER_COLOURS)})"
                )

    def _check_capture(self) -> None:
        if self.teams not in TEAM_SETS:
            raise ScenarioError(f"capture is played by 2 or 3 teams, not {self.teams!r}")
        if not 1 <= self.crafts_per_team <= MAX_CRAFTS_PER_TEAM:
            raise ScenarioError(
                f"a capture team has 1-{MAX_CRAFTS_PER_TEAM} crafts, not {self.crafts_per_team!r}"
            )
        crafts = capture_crafts(self.teams, self.crafts_per_team)
        names = set(crafts) | set(TEAM_SETS[self.teams])
        for seat in self.seats:
            if seat.colour not in names:
                raise ScenarioError(
                    f"{seat.colour!r} is not a team or craft of this capture game "
                    f"(teams {', '.join(TEAM_SETS[self.teams])}; crafts {', '.join(crafts)})"
                )
        if self.pilots and len(crafts) > len(PILOTS):
            raise ScenarioError(f"the pilots variant has {len(PILOTS)} pilots for {len(crafts)} crafts")
        if self.remove:
            raise ScenarioError("capture has no asteroids to remove (the blue asteroids are a number)")

    def _check_board(self, board: State, where: str) -> None:
        """A scenario to play: a valid board of this mode with crafts, that the engine can play."""
        board.validate(where)
        if mode_named(board.mode) is not mode_named(self.mode):
            raise ScenarioError(f"{where}: a {board.mode} board, but the setup says {self.mode}")
        mode_named(board.mode).check_playable(board, where)  # capture: names the team short of a piece
        if not board.crafts:
            raise ScenarioError(f"{where}: no craft on the board: add the players' crafts in the editor")
        unused = [
            name
            for name, value in (
                ("pilots", self.pilots),
                ("remove", self.remove),
                ("blue_asteroids", self.blue_asteroids),
                ("duel", self.duel),
            )
            if value
        ]
        if unused:
            raise ScenarioError(
                f"{where}: a scenario brings its own layout, crafts and pilots: {unused[0]} does not "
                "apply to it (change the scenario in the editor)"
            )
        names = {c.player for c in board.crafts} | {c.team for c in board.crafts if c.team}
        for seat in self.seats:
            if seat.colour not in names:
                raise ScenarioError(
                    f"{where}: {seat.colour!r} has no craft on this board (its players: "
                    f"{', '.join(board.player_order)})"
                )

    def build(self) -> Game:
        """The game these choices describe (the built-in layout of the mode, seeded, or the scenario)."""
        self.check()
        if self.board is not None:
            rules = self.capture_rules() if self.is_capture else None
            return Game(self.board, seed=self.seed, capture_rules=rules)
        rng = random.Random(f"asteroyds:sandbox:{self.seed}:pilots")
        if self.is_capture:
            crafts = capture_crafts(self.teams, self.crafts_per_team)
            pilots = dict(zip(crafts, random_pilots(crafts, rng), strict=True)) if self.pilots else None
            return Game.capture(
                teams=self.teams,
                crafts_per_team=self.crafts_per_team,
                seed=self.seed,
                capture_rules=self.capture_rules(),
                blue_asteroids=self.blue_asteroids,
                pilots=pilots,
                duel=self.duel,
                rules=self.rules(),
            )
        players = list(self.players)
        pilots_list = random_pilots(players, rng) if self.pilots else None
        options: dict[str, Any] = {"pilots": pilots_list, "rules": self.rules()}
        if mode_named(self.mode).shoots_targets and self.targets_handicap:
            options["handicap_team"] = self.handicap_team
        state = setup(self.mode, seed=self.seed, players=players, remove=self.remove, **options)
        return Game(state, seed=self.seed)

    @classmethod
    def of_game(
        cls, game: Game, kinds: dict[str, str] | None = None, coach: bool | None = None
    ) -> SandboxSetup:
        """The choices that describe a (loaded) game: its mode, players, seed and variants."""
        rules, kinds = game.rules, kinds or {}
        initial = game.initial
        options: dict[str, Any] = {}
        if mode_named(initial.mode).teams:
            teams = {c.team for c in initial.crafts if c.team}
            blue = sum(1 for p in initial.pieces if p.kind == ASTEROID and p.colour == BLUE)
            options = {
                "teams": len(teams) if len(teams) in TEAM_SETS else 2,
                "crafts_per_team": max(sum(c.team == t for c in initial.crafts) for t in teams)
                if teams
                else 2,
                "blue_asteroids": min(blue, len(BLUE_ASTEROID_CELLS)),
                "destructible_asteroids": game.capture_rules.destructible_asteroids,
            }
        return cls(
            mode=initial.mode,
            seats=tuple(Seat(c.player, kinds.get(c.player, "human")) for c in initial.crafts_in_order()),
            pilots=any(c.pilot for c in initial.crafts),
            seed=game.seed,
            planning_level=rules.planning_level,
            planning_seconds=rules.planning_seconds,
            random_dice_order=rules.random_dice_order,
            return_to_platform=rules.return_to_platform,
            one_shot_per_turn=rules.one_shot_per_turn,
            targets_handicap=rules.targets_handicap,
            coach=coach,
            **options,
        )


def asteroid_choices(mode: str, seed: int) -> list[tuple[str, str]]:
    """(label, id) for every asteroid of a built-in layout: the "fewer asteroids" menu.

    Capture has no such menu (its blue asteroids are a number, not a choice).

    >>> asteroid_choices("racing", 1)[0]
    ('blue asteroid #2 at (3, 5) · B1', 'B1')
    """
    if mode_named(mode).teams:
        return []
    state = setup(mode, seed=seed, players=["red", "blue"] if mode_named(mode).shoots_targets else ["blue"])
    pieces = sorted((p for p in state.pieces if p.kind == ASTEROID), key=lambda p: p.id)
    return [(f"{p.describe()} at {p.cell} · {p.id}", p.id) for p in pieces]


__all__ = [
    "CAPTURE",
    "CAPTURE_TEAMS",
    "KINDS",
    "KIND_NAMES",
    "SANDBOX_MODES",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "capture_crafts",
]
