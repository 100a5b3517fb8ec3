"""The hot seat: whose turn it is to plan on the shared device, handing it over, and the Dones so far.

Plain Python. :class:`HotSeat` is its own object, owned by
:class:`~asteroyds.ui.sandbox.controller.SandboxController` (one per game),
because the game does not know it: the engine only sees the programs once every
human is done, while the sandbox must know, within the round, who pressed *Done*
(in batches: one player, or the humans of a team planning together), whether the
chart of the one planning is on screen, and what an undo of a *Done* gives back.

>>> from asteroyds.game import Game
>>> from asteroyds.ui.chart import new_chart
>>> game = Game.new(players=["blue", "red"], seed=1)
>>> charts = {p: new_chart(game.state, p) for p in ("blue", "red")}
>>> seat = HotSeat(game, {"blue": "human", "red": "human"}, charts)
>>> _ = game.roll((3, 5, 2))
>>> seat.current_player, seat.show()
('blue', ('blue', 'blue is planning.'))
>>> seat.submit("F F . . . . S")[1]
'blue is ready. Pass the device to red.'
>>> seat.ready, seat.current_player, charts["blue"].locked
(('blue',), 'red', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import RuleError
from ...event_text import player_text, team_text
from ...game import Game
from ...i18n import _
from ...modes import mode_of
from ..modes import views_for

Chart = Any  # the mode's chart controller (asteroyds.ui.chart: a status chart, a capture chart...)


class HotSeat:
    """The humans of one game planning in turn on one device (a team planning together: at once).

    ``kinds`` (player → ``human`` or a bot style) and ``charts`` (the humans' charts) are the
    game's, shared with its owner; the hot seat locks and unlocks the charts as the device goes
    round. :attr:`batches` are this round's Dones, oldest first.
    """

    def __init__(self, game: Game, kinds: Mapping[str, str], charts: Mapping[str, Chart]) -> None:
        self.game = game
        self.kinds = kinds
        self.charts = charts
        self.batches: list[tuple[str, ...]] = []
        self.showing = False  # the current human's (team's) charts are on screen
        self.shown = 0  # how many times charts were shown: the page starts a stopwatch for each

    def new_round(self) -> None:
        """A roll or a rewind: nobody is done, and no chart is on screen."""
        self.batches, self.showing = [], False

    # --- who plans now --------------------------------------------------------------------
    @property
    def teams_plan(self) -> bool:
        """Does a whole team plan at once (one hand-over, one Done per team), as the mode declares?"""
        return mode_of(self.game.state).turn.team_seats(self.game.state.crafts)

    @property
    def hands_over(self) -> bool:
        """Is the device handed over, with a screen that hides the charts? Only with two humans (two
        teams where teams plan together) or more: one human alone has nobody to hide a chart from."""
        game = self.game
        turn = mode_of(game.state).turn
        seats = {
            turn.seat_of(game.state.craft(p)) for p in game.state.player_order if self.kinds.get(p) == "human"
        }
        return len(seats) >= 2

    def show_alone(self) -> None:
        """One human (one team) alone: their chart shows as soon as they plan, with no hand-over screen."""
        if not self.showing and not self.hands_over and self.current_players:
            self.show()

    @property
    def ready(self) -> tuple[str, ...]:
        """The humans who pressed Done this round, in order."""
        return tuple(p for batch in self.batches for p in batch)

    @property
    def current_player(self) -> str | None:
        """The human who plans now (a team planning together: the first of :attr:`current_players`)."""
        game = self.game
        if game.phase != "plan" or game.pending is not None:
            return None
        ready = self.ready
        return next((p for p in game.waiting_for() if self.kinds.get(p) == "human" and p not in ready), None)

    @property
    def current_team(self) -> str | None:
        """The team whose humans plan now (together, where teams plan at once); None otherwise."""
        player = self.current_player
        if player is None or not self.teams_plan:
            return None
        return self.game.state.craft(player).team

    @property
    def current_players(self) -> tuple[str, ...]:
        """The humans planning now: one player, or (a team planning together) every waiting human of it."""
        player = self.current_player
        if player is None:
            return ()
        team = self.current_team
        if team is None:
            return (player,)
        game, ready = self.game, self.ready
        return tuple(
            p
            for p in game.waiting_for()
            if self.kinds.get(p) == "human" and p not in ready and game.state.craft(p).team == team
        )

    @property
    def planning_seconds(self) -> int:
        """The stopwatch of each hand-over: the mode's planning time with the game's rules."""
        return self.game.rules.planning_time(self.game.state.mode)

    def planning_notes(self) -> tuple[str, ...]:
        """While planning: what the mode says planners should know of the dice (:attr:`ModeViews.notes
        <asteroyds.ui.modes.ModeViews.notes>`; capture: where each turret fires this turn, "TR1 NW")."""
        game = self.game
        if game.dice is None or game.phase != "plan":
            return ()
        return tuple(views_for(game.state.mode).notes(game.state, game.dice))

    def who(self, player: str) -> str:
        """Who pressed Done: the team of a craft whose team plans together; else the player itself."""
        return mode_of(self.game.state).turn.seat_of(self.game.state.craft(player))

    # --- handing over ---------------------------------------------------------------------
    def show(self) -> tuple[str, str]:
        """The current human (a team: its humans) took the device: their charts show. Who, and what to say."""
        players = self.current_players
        if not players:
            raise RuleError(_("nobody is planning now"))
        self.showing = True
        self.shown += 1
        for player in players:
            self.charts[player].unlock()
        who = self.current_team or players[0]
        names = ", ".join(player_text(p) for p in players)
        together = _("The {who} team is planning ({choices}).", who=team_text(who), choices=names)
        return who, together if self.teams_plan else _("{who} is planning.", who=player_text(who))

    def submit(self, program: Any = None) -> tuple[tuple[str, ...], str, dict[str, Any]]:
        """The current human (or team) is done, with what the chart(s) show or ``program``.

        The engine checks every program first (the mode's turn,
        :attr:`Turn.validate <asteroyds.modes.Turn.validate>`): an illegal one is refused and
        nothing changes. Returns who pressed Done, what to say, and their checked programs.
        """
        players = self.current_players
        if not players:
            raise RuleError(_("nobody is planning now"))
        game = self.game
        given = self._given_programs(players, program)
        turn = mode_of(game.state).turn
        checked: dict[str, Any] = {}
        for player in players:
            wanted = given.get(player, self.charts[player].program)
            # The engine's check (the mode's turn, with the game's variants) before anything changes.
            checked[player] = turn.validate(game.state, game.state.craft(player), wanted)
        for player in players:
            chart = self.charts[player]
            if player in given:
                chart.load(checked[player])
            chart.lock()
        self.batches.append(players)
        self.showing = False
        who = self.who(players[0])
        following = self.current_team or self.current_player
        done = _("The {who} team is ready.", who=who) if self.teams_plan else _("{who} is ready.", who=who)
        said = done + (
            _(" Pass the device to {following}.", following=following)
            if following
            else _(" Every program is in.")
        )
        return players, said, checked

    def _given_programs(self, players: tuple[str, ...], program: Any) -> dict[str, Any]:
        if program is None:
            return {}
        if isinstance(program, Mapping):
            unknown = sorted(set(program) - set(players))
            if unknown:
                raise RuleError(
                    _(
                        "{unknown} is not planning now (planning: {choices})",
                        unknown=unknown[0],
                        choices=", ".join(players),
                    )
                )
            return dict(program)
        if len(players) != 1:
            raise RuleError(
                _(
                    "{n} crafts plan together ({choices}): give one program each",
                    n=len(players),
                    choices=", ".join(players),
                )
            )
        return {players[0]: program}

    # --- taking back ----------------------------------------------------------------------
    def take_back(self) -> str | None:
        """Undo within the hot seat: hide the chart on screen, or take back the last Done (its humans
        plan again). None when that is not the last step (the game's own undo is)."""
        game = self.game
        if self.showing and self.hands_over:
            self.showing = False
            return _("Undone: the chart is hidden again.")
        if self.batches and game.phase == "plan" and all(p not in game.programs for p in self.ready):
            players = self.batches.pop()
            for player in players:
                self.charts[player].unlock()
            who = self.who(players[0])
            return _("Undone: {who}'s Done. {who} may plan again.", who=who)
        return None

    def game_undone(self, kept: list[tuple[str, ...]]) -> None:
        """The game took back an input; ``kept`` were the Dones before: keep those still in the game."""
        game = self.game
        self.showing = False
        waiting = game.waiting_for() if game.phase == "plan" else ()
        ready = [p for batch in kept for p in batch]
        if ready and all(p in waiting for p in ready):
            # The plan was taken back: the last to press Done plan again.
            self.batches = kept[:-1]
        else:
            self.batches = [b for b in kept if game.phase == "plan" and all(p in game.programs for p in b)]
        self.sync_charts()

    def sync_charts(self) -> None:
        """Charts follow their crafts; a chart whose player is not ready (any more) is unlocked."""
        ready = self.ready
        for player, chart in self.charts.items():
            craft = self.game.state.craft(player)
            if chart.craft != craft:
                chart.reset(craft)
            if player not in ready:
                chart.unlock()


__all__ = ["HotSeat"]
