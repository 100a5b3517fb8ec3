"""The sandbox's choices: who plays (:class:`Seat`) and the game to build (:class:`SandboxSetup`).

Plain values, no widgets: the setup panel
(:mod:`asteroyds.ui.sandbox.panel`) reads its controls into a
:class:`SandboxSetup`, and :meth:`SandboxSetup.build` asks the engine for the
game (the mode's own setup). A bad choice raises a
:class:`~asteroyds.errors.ScenarioError` that names it.

Who sits at the table depends on the mode: its :class:`Table`, found through
the mode's chart kind (:mod:`asteroyds.ui.chart`), never by asking which mode
it is. The one here, :data:`COLOUR_TABLE`, seats a player per colour; Capture
the Asteroyd's (docs/rules.md#11-capture-the-asteroyd, :mod:`asteroyds.ui.chart.capture.table`) seats a
craft (``red1``) or a whole team (``red``: every red craft), crafts named by
the engine after their team (``red1``, ``white1``, ``red2``...), and
:meth:`SandboxSetup.capture` builds the usual table: some teams human, the
others bots.

>>> setup = SandboxSetup.capture(teams=2, crafts_per_team=2, humans=("red",), seed=3)
>>> setup.craft_kinds(setup.build().state)
{'red1': 'human', 'white1': 'greedy', 'red2': 'human', 'white2': 'greedy'}

A game may also start from a scenario (``board``): the scenario editor's
board, a downloaded scenario file, any sandbox mode. Its layout, crafts,
pilots and rule settings are played as they are (**decision:** a scenario
is a whole table, so the panel's variants do not apply to it; the seed gives
the dice, and in capture the table's setting of destructible blue asteroids
still applies). :meth:`SandboxSetup.from_board` seats the crafts on it;
:meth:`check` asks the engine whether it can be played (the mode's
checks, :func:`asteroyds.checks.check_playable`: for capture,
:data:`asteroyds.modes.capture.boards.PLAYABLE`).

>>> from asteroyds.modes.capture import layout
>>> board = layout(2).update_pieces({"TR1": layout(2).piece("TR1")._replace(cell=(3, 5))})
>>> game = SandboxSetup.capture(board=board, humans=("white",), seed=3).build()
>>> game.state.piece("TR1").cell, SandboxSetup.capture(board=board, humans=("white",)).kinds
((3, 5), {'red': 'greedy', 'white': 'human'})
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ...checks import check_playable
from ...errors import ScenarioError
from ...event_text import piece_text
from ...game import Game
from ...i18n import N_, _
from ...modes import mode_named, modes
from ...pieces import ASTEROID, PLAYER_COLOURS
from ...rules import PLANNING_LEVELS, RuleSettings
from ...setups import setup
from ...simulate import random_pilots
from ...state import State
from ..chart import CHARTS

KINDS: tuple[str, ...] = ("human", "greedy", "random", "coach")
KIND_NAMES: dict[str, str] = {
    "human": N_("human"),
    "greedy": N_("bot (greedy)"),
    "random": N_("bot (random)"),
    "coach": N_("bot (coach)"),  # plays the coach's exact best plan (asteroyds.coach)
}


def __getattr__(name: str) -> Any:
    """``SANDBOX_MODES``: every registered mode, in menu order (the registry's, not a second list)."""
    if name == "SANDBOX_MODES":
        return tuple(modes())
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))


class Table(Protocol):
    """Who sits at a mode's table in the sandbox, and how its game is set up (one per chart kind).

    :data:`COLOUR_TABLE` seats a player per colour; a mode on another chart may
    bring its own (capture's teams, :mod:`asteroyds.ui.chart.capture.table`).
    """

    def is_seat(self, name: str) -> bool: ...
    def board_seats(self, board: State, kind: Callable[..., str]) -> list[Seat]: ...
    def check(self, setup: SandboxSetup) -> None: ...
    def mode_rules(self, setup: SandboxSetup) -> Any: ...
    def build(self, setup: SandboxSetup, rng: random.Random) -> Game: ...
    def options_of(self, game: Game) -> dict[str, Any]: ...
    def asteroid_choices(self, mode: str, seed: int) -> list[tuple[str, str]]: ...
    def section(self, setup: SandboxSetup, changed: Callable[[], object]) -> Any: ...


def table_for(mode: str) -> Table:
    """The sandbox table of ``mode``: its chart kind's (:mod:`asteroyds.ui.chart`), else the colour table."""
    kind = CHARTS.get(mode_named(mode).turn.program_type)
    own = kind.table_of() if kind is not None else None
    return COLOUR_TABLE if own is None else own  # type: ignore[no-any-return]


def _is_seat_name(name: str) -> bool:
    """A player colour, or a seat name one of the registered tables knows (capture's red, red1...)."""
    if name in PLAYER_COLOURS:
        return True
    return any(kind.table is not None and kind.table_of().is_seat(name) for kind in CHARTS.values())


@dataclass(frozen=True, slots=True)
class Seat:
    """One player: a colour and who plays it (``human``, or a bot style ``greedy`` / ``random``).

    In capture mode ``colour`` names a craft (``red1``) or a whole team (``red``).
    """

    colour: str
    kind: str = "human"

    def __post_init__(self) -> None:
        if not _is_seat_name(str(self.colour)):
            raise ScenarioError(
                _(
                    "unknown player colour {colour!r} (expected one of {PLAYER_COLOURS}, or in "
                    "capture mode a team or craft such as 'white' or 'white2')",
                    colour=self.colour,
                    PLAYER_COLOURS=PLAYER_COLOURS,
                )
            )
        if self.kind not in KINDS:
            raise ScenarioError(
                _(
                    "{colour}: unknown player kind {kind!r} (expected one of {KINDS})",
                    colour=self.colour,
                    kind=self.kind,
                    KINDS=KINDS,
                )
            )

    @property
    def is_bot(self) -> bool:
        return self.kind != "human"


@dataclass(frozen=True, slots=True)
class SandboxSetup:
    """Everything the setup panel chooses; :meth:`build` makes the game.

    ``remove`` lists asteroid ids for the "fewer asteroids" variant;
    ``handicap_team`` says which targets team gets fewer targets when the
    teams have the same size; ``coach`` None means "on for beginners".
    Capture mode: ``teams`` (2 or 3), ``crafts_per_team`` (1-3),
    ``blue_asteroids`` (0-4, two teams), ``destructible_asteroids`` and
    ``duel`` (1 v 1: double planning time), docs/rules.md#11-capture-the-asteroyd.
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
        ``teams`` and ``crafts_per_team`` (:meth:`from_board`). The capture
        table's (:mod:`asteroyds.ui.chart.capture.table`).
        """
        table = table_for("capture")
        return table.new_setup(cls, teams, crafts_per_team, humans, board, **options)  # type: ignore[attr-defined,no-any-return]

    @classmethod
    def from_board(
        cls,
        board: State,
        humans: Iterable[str] | None = None,
        kinds: Mapping[str, str] | None = None,
        **options: Any,
    ) -> SandboxSetup:
        """A game on a scenario (``board``): every craft on it gets a seat.

        Who plays: ``kinds`` (a player, or a team → ``human``, ``greedy`` or
        ``random``; names not on the board are ignored) first; then, with
        ``humans``, the players (or teams) in it are human and the others
        bots; without, a player ``kinds`` does not name is human (as in a
        loaded game). **Decision:** when neither names a player of the board,
        the first team (where teams plan together, capture) or the first player
        is human and the others bots, as in a new game. The planning level and
        time are the scenario's (its rule settings). The seats are the table's
        (:class:`Table`): capture's are the teams, plus a seat for a craft
        played apart from its team.

        >>> from asteroyds.setups import setup
        >>> SandboxSetup.from_board(setup("racing", players=["green", "red"])).kinds
        {'green': 'human', 'red': 'greedy'}
        """
        chosen = dict(kinds or {})
        crafts = board.crafts_in_order()
        turn = mode_named(board.mode).turn  # where a team plans together, a team's seat names its crafts
        named = {c.player for c in crafts} | {turn.seat_of(c) for c in crafts}
        if humans is None and not named & set(chosen):  # nobody named: as in a new game
            chosen = {}
            humans = (turn.seat_of(crafts[0]),) if crafts else ()
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
        seats = table_for(board.mode).board_seats(board, kind)
        return cls(mode=board.mode, seats=tuple(seats), board=board, **options)

    @property
    def table(self) -> Table:
        """Who sits at this mode's table and how its game is set up (:func:`table_for`)."""
        return table_for(self.mode)

    def rules(self) -> RuleSettings:
        """The rule settings (variants) of this setup; a mode with no variant (capture, which plays its
        own rules) takes only the planning time."""
        seconds = self.planning_seconds if self.planning_level == "custom" else None
        variants = mode_named(self.mode).variants
        if not variants:
            return RuleSettings(planning_level=self.planning_level, planning_seconds=seconds)
        return RuleSettings(
            return_to_platform=self.return_to_platform,
            random_dice_order=self.random_dice_order,
            one_shot_per_turn=self.one_shot_per_turn,
            targets_handicap=self.targets_handicap if "targets_handicap" in variants else 0,
            planning_level=self.planning_level,
            planning_seconds=seconds,
        )

    def mode_rules(self) -> Any:
        """The mode's own rule settings a table may change, or None.

        Capture's: docs/rules.md#11-capture-the-asteroyd.
        """
        return self.table.mode_rules(self)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(seat.colour for seat in self.seats)

    @property
    def kinds(self) -> dict[str, str]:
        """Seat name → kind, as chosen (capture: crafts and teams; see :meth:`craft_kinds`)."""
        return {seat.colour: seat.kind for seat in self.seats}

    def craft_kinds(self, state: State) -> dict[str, str]:
        """Every player of a game (in turn order) → human, greedy or random.

        A seat named after the player decides; where teams plan together (capture), else a seat
        named after its team; a player no seat names is human (a loaded game shows
        every chart rather than let a bot play for someone).
        """
        kinds = self.kinds
        turn = mode_named(state.mode).turn
        out = {}
        for craft in state.crafts_in_order():
            kind = kinds.get(craft.player)
            if kind is None:
                kind = kinds.get(turn.seat_of(craft))
            out[craft.player] = kind or "human"
        return out

    @property
    def coaching(self) -> bool:
        return self.planning_level == "beginner" if self.coach is None else self.coach

    def check(self, where: str = "the scenario") -> None:
        """Raise a :class:`~asteroyds.errors.ScenarioError` naming what is wrong with the choices.

        ``where`` names the scenario (``board``) in its messages (a file name).
        """
        sandbox_modes = tuple(modes())
        if self.mode not in sandbox_modes:
            raise ScenarioError(
                _(
                    "the sandbox plays {choices}, not {mode!r}",
                    choices=", ".join(sandbox_modes),
                    mode=self.mode,
                )
            )
        if self.planning_level not in PLANNING_LEVELS:
            raise ScenarioError(
                _(
                    "planning level {planning_level!r} is not one of {PLANNING_LEVELS}",
                    planning_level=self.planning_level,
                    PLANNING_LEVELS=PLANNING_LEVELS,
                )
            )
        if self.board is not None:
            self._check_board(self.board, where)
            return
        self.table.check(self)

    def _check_board(self, board: State, where: str) -> None:
        """A scenario to play: a valid board of this mode with crafts, that the engine can play."""
        board.validate(where)
        if mode_named(board.mode) is not mode_named(self.mode):
            raise ScenarioError(
                _(
                    "{where}: a {mode} board, but the setup says {mode2}",
                    where=where,
                    mode=board.mode,
                    mode2=self.mode,
                )
            )
        check_playable(board, where)  # capture: names the team short of a piece
        if not board.crafts:
            raise ScenarioError(
                _("{where}: no craft on the board: add the players' crafts in the editor", where=where)
            )
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
                _(
                    "{where}: a scenario brings its own layout, crafts and pilots: {unused} does not apply "
                    "to it (change the scenario in the editor)",
                    where=where,
                    unused=unused[0],
                )
            )
        names = {c.player for c in board.crafts} | {c.team for c in board.crafts if c.team}
        for seat in self.seats:
            if seat.colour not in names:
                raise ScenarioError(
                    _(
                        "{where}: {colour!r} has no craft on this board (its players: {choices})",
                        where=where,
                        colour=seat.colour,
                        choices=", ".join(board.player_order),
                    )
                )

    def build(self) -> Game:
        """The game these choices describe (the built-in layout of the mode, seeded, or the scenario)."""
        self.check()
        if self.board is not None:
            return Game(self.board, seed=self.seed, mode_rules=self.mode_rules())
        rng = random.Random(f"asteroyds:sandbox:{self.seed}:pilots")
        return self.table.build(self, rng)

    @classmethod
    def of_game(
        cls, game: Game, kinds: dict[str, str] | None = None, coach: bool | None = None
    ) -> SandboxSetup:
        """The choices that describe a (loaded) game: its mode, players, seed and variants."""
        rules, kinds = game.rules, kinds or {}
        initial = game.initial
        options = table_for(initial.mode).options_of(game)
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


class ColourTable:
    """The one-seat-per-player table of the one-round modes: a seat is a player colour (1-6 players)."""

    def is_seat(self, name: str) -> bool:
        return name in PLAYER_COLOURS

    def board_seats(self, board: State, kind: Callable[..., str]) -> list[Seat]:
        return [Seat(c.player, kind(c.player)) for c in board.crafts_in_order() if c.player in PLAYER_COLOURS]

    def check(self, setup: SandboxSetup) -> None:
        if not 1 <= len(setup.seats) <= 6:
            raise ScenarioError(_("a game has 1-6 players, not {n}", n=len(setup.seats)))
        for seat in setup.seats:
            if seat.colour not in PLAYER_COLOURS:
                raise ScenarioError(
                    _(
                        "{colour!r} is a capture team or craft; a {mode} player is a colour ({choices})",
                        colour=seat.colour,
                        mode=setup.mode,
                        choices=", ".join(PLAYER_COLOURS),
                    )
                )

    def mode_rules(self, setup: SandboxSetup) -> Any:
        return mode_named(setup.mode).default_rules()

    def build(self, setup: SandboxSetup, rng: random.Random) -> Game:
        players = list(setup.players)
        pilots_list = random_pilots(players, rng) if setup.pilots else None
        options: dict[str, Any] = {"pilots": pilots_list, "rules": setup.rules()}
        if "targets_handicap" in mode_named(setup.mode).variants and setup.targets_handicap:
            options["handicap_team"] = setup.handicap_team
        state = setup_state(setup.mode, seed=setup.seed, players=players, remove=setup.remove, **options)
        return Game(state, seed=setup.seed)

    def options_of(self, game: Game) -> dict[str, Any]:
        return {}

    def asteroid_choices(self, mode: str, seed: int) -> list[tuple[str, str]]:
        players = ["red", "blue"] if mode_named(mode).shoots_targets else ["blue"]
        state = setup_state(mode, seed=seed, players=players)
        pieces = sorted((p for p in state.pieces if p.kind == ASTEROID), key=lambda p: p.id)
        return [(_("{name} at {cell} · {id}", name=piece_text(p), cell=p.cell, id=p.id), p.id)
                for p in pieces]  # fmt: skip

    def section(self, setup: SandboxSetup, changed: Callable[[], object]) -> Any:
        """The colour seats are the panel's own (no section of a table of its own)."""
        return None


COLOUR_TABLE = ColourTable()
setup_state = setup  # the engine's setup of a mode by name (asteroyds.setups.setup)


def asteroid_choices(mode: str, seed: int) -> list[tuple[str, str]]:
    """(label, id) for every asteroid of a built-in layout: the "fewer asteroids" menu (the table's).

    Capture has no such menu (its blue asteroids are a number, not a choice).

    >>> asteroid_choices("racing", 1)[0]
    ('blue asteroid #2 at (3, 5) · B1', 'B1')
    """
    return table_for(mode).asteroid_choices(mode, seed)


__all__ = [
    "COLOUR_TABLE",
    "KINDS",
    "KIND_NAMES",
    "SandboxSetup",
    "Seat",
    "Table",
    "asteroid_choices",
    "table_for",
]
