"""The hot seat on screen: the pass-the-device card, the planning charts under one stopwatch, and Done.

:class:`HotSeatCard` is a part the :class:`~asteroyds.ui.sandbox.view.Sandbox`
owns, the view of the controller's :class:`~asteroyds.ui.sandbox.hotseat.HotSeat`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ...event_text import player_text, team_text
from ...i18n import _
from .. import theme
from ..chart import chart_widget
from ..chart.stopwatch import Stopwatch
from ..share.actions import ErrorLine
from ..share.markup import join, style, tag
from .controller import SandboxController
from .drawing import SandboxBoard
from .panel import button, html_part


def handover_html(when: str, whom: str, ink: str, note: str) -> str:
    """The hot-seat screen: pass the device to ``whom`` (in their colour ``ink``); the others look away."""
    return join(
        tag("div", when, class_="asteroyds-note"),
        tag(
            "div",
            _("Pass the device to {player}", player=whom),
            class_="asteroyds-big",
            style=style(color=ink),
        ),
        tag("div", note, class_="asteroyds-note"),
    )


class HotSeatCard:
    """What the humans see in turn: the hand-over card and its button, then their charts, stopwatch and Done.

    Its own object because it owns what lives only while humans plan in turn: the chart
    widgets (one per human, made the first time it plans: bqplot is imported once a status
    chart shows), the hand-over's stopwatch (one per game and planning time, started when the
    charts show) and the cards' widgets. Its buttons and redraws show their errors on the
    page's ``errors`` line; ``say`` writes the page's message (time is up).
    """

    def __init__(
        self,
        controller: SandboxController,
        board: SandboxBoard,
        errors: ErrorLine,
        say: Callable[[str], None],
    ) -> None:
        self._controller = controller
        self._board = board
        self._errors = errors
        self._say = say
        self.charts: dict[str, Any] = {}  # player -> the chart widget of the game's mode
        self.handover = html_part("asteroyds-card")
        self.handover.add_class("asteroyds-handover-card")
        self.ready = button(_("Show my chart"), "asteroyds-handover-ready", primary=True, width="260px")
        self.ready.on_click(lambda _b: errors.run(self.show_chart))
        self.stopwatch_box = widgets.VBox()
        self.submit = button(_("Done: lock in my program"), "asteroyds-submit", primary=True, width="260px")
        self.submit.on_click(lambda _b: errors.run(self.submit_program))
        # at most 440 px: a phone's column is narrower, and the note wraps in it
        self.coach_note = html_part("asteroyds-note", width="440px", max_width="100%")
        self._stopwatch: Stopwatch | None = None
        self._stopwatch_key: tuple[int, int] | None = None
        self._started: tuple[int, int] = (0, 0)  # (game, showing) whose stopwatch was started

    def chart(self, player: str) -> Any:
        """The chart widget of a human player, made on first use: the one its mode plans on
        (:mod:`asteroyds.ui.chart`; bqplot is imported once a status chart is shown)."""
        if player not in self.charts:
            c = self._controller
            game = c.game
            assert game is not None
            self.charts[player] = chart_widget(game.state, c.charts[player], player)
            if c.turn.asteroid_phase:  # the planning board flies the program as a ghost: follow the chart
                self.charts[player].on_change(
                    lambda _p, who=player: self._errors.safely(lambda: self._board.draw_planning(who))
                )
        return self.charts[player]

    def forget_charts(self) -> None:
        """A new game: its humans get new chart widgets."""
        self.charts = {}

    # --- the buttons' actions -------------------------------------------------------------
    def show_chart(self) -> None:
        """The device was handed over: the charts of whoever plans now show (:meth:`planning_card` starts
        their stopwatch)."""
        self._controller.show_chart()

    def _begin(self) -> None:
        """Charts shown (handed over, or one human alone after the roll): unlocked, the stopwatch full."""
        c = self._controller
        key = (id(c.game), c.charts_shown)
        if key == self._started:
            return
        self._started = key
        for player in c.current_players:  # capture: the whole team's charts, one stopwatch
            self.chart(player).unlock()
        sw = self.stopwatch(reset=True)
        sw.start()

    def submit_program(self) -> None:
        if self._controller.current_players:
            self.stopwatch().pause()
        self._controller.submit()

    def stopwatch(self, reset: bool = False) -> Stopwatch:
        """The hand-over's stopwatch: one per game and planning time (``reset``: back to its full time)."""
        c = self._controller
        game = c.game
        assert game is not None
        key = (id(game), c.planning_seconds)
        if self._stopwatch is None or self._stopwatch_key != key:
            self._stopwatch = Stopwatch(c.planning_seconds, mode=game.state.mode, rules=game.rules)
            self._stopwatch.on_timeout(lambda: self._errors.safely(self._time_up))
            self._stopwatch_key = key
            c.clock = self._stopwatch  # the coach pauses it while it thinks (.hints)
        elif reset:
            self._stopwatch.reset(c.planning_seconds)
        return self._stopwatch

    def _time_up(self) -> None:
        c = self._controller
        for player in c.current_players:
            if player in self.charts:
                self.charts[player].lock()
        if c.current_team is not None:
            text = _(
                "Time is up, {current_team} team: your charts are locked. Press Done.",
                current_team=c.current_team,
            )
        else:
            text = _(
                "Time is up, {current_player}: your chart is locked. Press Done.",
                current_player=c.current_player,
            )
        self._say(text)

    # --- what the stage shows -------------------------------------------------------------
    def handover_card(self) -> list[widgets.Widget]:
        """Pass the device to the human (or team) planning next: the card and its button."""
        c = self._controller
        game = c.game
        assert game is not None
        if c.teams_plan:
            team, players = c.current_team, c.current_players
            self.handover.value = handover_html(
                _("Turn {round} · hot seat, team by team", round=game.round),
                _("the {team} team", team=team_text(str(team))),
                theme.COLOURS.get(str(team), "#ffffff"),
                _(
                    "{choices} plan together; the other teams look away. {planning_seconds} seconds "
                    "once the charts show.",
                    choices=", ".join(player_text(p) for p in players),
                    planning_seconds=c.planning_seconds,
                ),
            )
            self.ready.description = _("We are {team}: show our charts", team=team)
        else:
            player = c.current_player
            self.handover.value = handover_html(
                _("Round {round} · hot seat", round=game.round),
                str(player),
                theme.player_colour(player),
                _(
                    "The others look away. {planning_seconds} seconds to plan once the chart shows.",
                    planning_seconds=c.planning_seconds,
                ),
            )
            self.ready.description = _("I am {player}: show my chart", player=player)
        return [self.handover, self.ready]

    def planning_card(self) -> tuple[list[widgets.Widget], widgets.Widget]:
        """While humans plan: the stopwatch, Done and the coach's note; and their charts side by side."""
        c = self._controller
        players = c.current_players
        assert players
        self._begin()
        self.stopwatch_box.children = [self.stopwatch()]
        self.coach_note.value = html.escape(self._planning_note())
        self.submit.description = (
            _("Done: lock in our programs") if c.teams_plan else _("Done: lock in my program")
        )
        charts = [self.chart(p) for p in players]
        row = widgets.HBox(charts, layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))
        return [self.stopwatch_box, self.submit, self.coach_note], row

    def _planning_note(self) -> str:
        c = self._controller
        note = c.turn.texts.get("planning_note")
        if note is not None:  # the mode's own (capture: the 6 rounds, the anticipation, the turrets' aims)
            return _(note, choices=", ".join(c.planning_notes()))
        if c.coach:
            return _(
                "Coach on: the board shows the asteroids AFTER this round's dice, and your ghost path. "
                "The box has no such help."
            )
        return _("Coach off, like the box: the board shows the table as it is, with the dice arrows.")


__all__ = ["HotSeatCard", "handover_html"]
