"""The sandbox widget's drawing: the board at each step, the planning charts, the stage's children.

A mixin of :class:`~asteroyds.ui.sandbox.view.Sandbox`, with the texts and
small helpers it shares with the view; the controller
(:class:`~asteroyds.ui.sandbox.controller.SandboxController`) decides, this draws.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...dice import Dice
from ...hexgrid import Cell
from ...i18n import N_, _, pgettext
from ...modes import TurnWord, mode_of
from ...shooting import LaserFired
from ...state import State
from .. import theme
from ..player.dice import DiceController
from ..player.event_log import EventLog
from ..player.inspector_view import PriorityInspector
from ..player.view import RoundPlayer, board_caption, draw_disabled, draw_laser
from ..share.files import download_link
from ..theme import sheet
from .controller import SandboxController
from .panel import html_part as _html

if TYPE_CHECKING:  # the view subclasses SandboxDrawing
    from .view import Sandbox

STAGE_TEXT: dict[str, str] = {  # marked; translated where shown
    "setup": N_("Choose the mode and the players, then press Start the game."),
    "roll": N_("{first} is player one: roll the dice."),
    "handover": N_("Pass the device to {player}."),
    "planning": N_("{player} is planning (the other charts are hidden)."),
    "plan": N_("Every human is ready: the bots plan, then the asteroids move."),
    "asteroids": N_("Every program is in: press Asteroids to move them."),
    "fly": N_("The asteroids have moved: step through them (step ▶ or Play), then press Fly."),
    "end": N_("Every craft has flown: step through the flight, then press End round."),
    "decision": N_("{asked} must answer a question."),
    "over": N_("Game over."),
}
# A mode whose turn says a stage differently (capture: teams plan together, a turn of 6 rounds) says it in
# its turn's texts (asteroyds.modes.Turn.texts), which override these.
CSS = sheet("sandbox")


def _walk(widget: widgets.Widget) -> Iterable[widgets.Widget]:
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


class _SandboxDice(DiceController):
    """The dice panel's Roll rolls the game's seeded dice (so a seed replays the same game)."""

    def __init__(self, roll: Callable[[], Dice]) -> None:
        super().__init__(dice=(1, 1, 1))
        self._roll_game = roll

    def roll(self) -> Dice:
        self.rolls += 1
        return self._change(Dice.of(self._roll_game()))


class _BoardPort:
    """The board as the round player sees it: the sandbox's board, frozen while a human plans in secret.

    Reads go to the board; calls are dropped during the hot seat, and ghost paths always (the
    sandbox draws the planning player's own, and nobody else's).
    """

    def __init__(self, view: Sandbox) -> None:
        self._view = view

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._view.board, name)
        if callable(attr) and not self._view._stepping():
            return lambda *args, **kwargs: None
        return attr

    def show_path(self, cells: Iterable[Cell] = (), *args: Any, **kwargs: Any) -> None:
        if self._view._stepping() and not tuple(cells):
            self._view.board.show_path(())


def handover_html(when: str, whom: str, ink: str, note: str) -> str:
    """The hot-seat screen: pass the device to ``whom`` (in their colour ``ink``); the others look away."""
    return (
        f"<div class='asteroyds-note'>{html.escape(when)}</div>"
        f"<div class='asteroyds-big' style='color:{ink}'>"
        f"{_('Pass the device to {player}', player=html.escape(whom))}</div>"
        f"<div class='asteroyds-note'>{html.escape(note)}</div>"
    )


class SandboxDrawing:
    """Redraw the sandbox from its controller: the step, the planning charts, the stage, the page data."""

    # Set by Sandbox.__init__ and Sandbox._build.
    _controller: SandboxController

    def _stepping(self) -> bool:
        """Is the board the round player's (not a secret planning board)?"""
        return self._controller.stage not in ("handover", "planning", "setup")

    def _draw_step(self, state: State, cells: tuple[Cell, ...], dice: Dice | None) -> None:
        """The round player's board at its cursor: the actors outlined, a laser when one fires."""
        if not self._stepping():
            return
        rp = self._controller.player
        event = rp.current_event if rp is not None else None
        key = ("step", id(state), cells, dice, id(event))
        if key == self._drawn:
            return
        self._drawn = key
        board = self._board
        board.update(state)
        board.show_intended_moves(dice)
        board.highlight(cells)
        board.show_path(())
        draw_laser(board, event)
        draw_disabled(board, rp.disabled_cells if rp is not None else ())
        board.set_caption(board_caption(rp) if rp is not None else "")

    def _draw_planning(self, player: str | None = None) -> None:
        """The hot-seat board: the table as it is (handover), or the player's planning board."""
        c = self._controller
        game = c.game
        if game is None or c.stage not in ("handover", "planning"):
            return
        board = self._board
        board.clear_laser()
        board.highlight(())
        draw_disabled(board, ())
        who = (
            c.current_player
            if c.current_team is None
            else _("the {current_team} team", current_team=c.current_team)
        )
        if c.stage == "handover":
            self._drawn = ("handover", id(game.state))
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            word = c.turn.word.capitalize()
            board.set_caption(
                _(
                    "{word} {round} · dice {dice} · pass the device to {who}",
                    word=word,
                    round=game.round,
                    dice=game.dice,
                    who=who,
                )
            )
            return
        if not c.turn.asteroid_phase:  # nothing to forecast: the board as it stands, the mode's notes
            self._drawn = ("planning", id(game.state), "")
            board.update(game.state)
            board.show_intended_moves(game.dice)
            board.show_path(())
            notes = ", ".join(c.planning_notes())
            caption = c.turn.texts.get("planning_caption", N_("{who} plans · {aims}"))
            board.set_caption(_(caption, current_team=c.current_team, who=who, aims=notes))
            return
        player = c.current_player
        state, path = c.forecast(player)
        self._drawn = ("planning", id(state), str(path.program) if path else "")
        board.update(state)
        if path is None:
            board.show_intended_moves(game.dice)
            board.show_path(())
            board.set_caption(
                _(
                    "{player} plans · the board as it stands · arrows: where the dice send each tile",
                    player=player,
                )
            )
        else:
            board.show_intended_moves(None)
            board.show_path(path.cells, path.crashes, colour=player)
            shots = [e for e in path.events if isinstance(e, LaserFired)]
            said = ""
            if shots:  # the first shot of the program, as it would fly on the forecast board
                shot = shots[0]
                board.show_laser(shot.path, shot.hit, start=shot.start, direction=shot.direction)
                said = _(
                    " · column {column} shot hits {value}",
                    column=shot.column,
                    value=shot.hit_name or _("nothing"),
                )
            board.set_caption(
                _(
                    "Coach forecast: the asteroids after this round's dice · {player}'s ghost path "
                    "ends at {end}, damage {damage}",
                    player=player,
                    end=path.end,
                    damage=path.damage,
                )
                + (_(" · collision!") if path.blocked else "")
                + said
            )

    def _refresh(self) -> None:
        c = self._controller
        stage = c.stage
        game = c.game
        self._status.value = self._status_text(stage)
        self._message.value = html.escape(c.message)
        self._undo.disabled = game is None
        rounds = c.rounds_started()
        if list(self._rounds.options) != rounds:
            self._rounds.options = rounds
            self._rounds.value = rounds[-1] if rounds else None
        self._back.disabled = self._rounds.disabled = not rounds
        self._rounds.description = _("Back to turn") if c.turn.word is TurnWord.TURN else _("Back to round")
        self._save.value = self._save_link() if game is not None else ""
        if stage == "setup":
            self._show_setup(True)
        outcome = c.outcome_text
        self._banner.value = _("GAME OVER · {names}", names=html.escape(outcome)) if outcome else ""
        self._banner.layout.display = "" if outcome else "none"
        if game is None:
            self._stage_box.children, self._companions.children, self._chart_box.children = (
                [self._setup_hint()],
                [],
                [],
            )
            self._publish(stage)
            return
        self._board  # noqa: B018  (a game shows the interactive board: built here the first time)
        self._ensure_player_view()
        self._stage_children(stage)
        if stage in ("handover", "planning"):
            self._draw_planning()
        elif c.player is not None:
            rp = c.player
            self._draw_step(rp.current_state, rp.actor_cells, game.dice if game.phase == "plan" else None)
        if game.dice is not None and self._dice.dice != game.dice:
            self._dice.set(*game.dice.as_tuple())
        # Before the roll the faces are last round's (or blank): dim them.
        (self._dice.add_class if game.dice is None else self._dice.remove_class)("asteroyds-dice-waiting")
        # While the round player steps, the scores follow its cursor (no spoilers ahead of the board).
        shown = c.player.current_state if c.player is not None and self._stepping() else game.state
        target = mode_of(shown).points_to_win(shown, game.mode_rules)  # a team's points to win, or None
        self._scoreboard.update(shown, c.kinds, game.initial, title=game.state.mode, target=target)
        if len(game.history) != self._history_len or stage == "setup":
            self._history_len = len(game.history)
            self._plot.update(game.history)
        if "_coach" in self.__dict__:  # never built: nothing to follow
            self._coach.refresh()
        self._publish(stage)

    def _ensure_player_view(self) -> None:
        c = self._controller
        if c.player is None or (self._player_view is not None and self._player_view.controller is c.player):
            return
        if self._player_view is not None:
            self._player_view.close()
        self._player_view = RoundPlayer(c.player, board=self._port)
        for name in ("roll", "plan", "undo"):  # the dice panel rolls; the hot seat plans; the toolbar undoes
            self._player_view.buttons[name].layout.display = "none"
        self._inspector = PriorityInspector(c.player)
        self._log = EventLog(c.player)
        self._drawn = ()

    def _stage_children(self, stage: str) -> None:
        c = self._controller
        game = c.game
        assert game is not None
        stage_box: list[widgets.Widget] = []
        companions: list[widgets.Widget] = []
        chart: list[widgets.Widget] = []
        for w in _walk(self._dice):
            if isinstance(w, widgets.Button):
                w.disabled = stage != "roll"
        word = c.turn.word.capitalize()
        if stage == "roll":
            first = game.players[0]
            self._dice_note.value = html.escape(
                _(
                    "{word} {round}: {first} is player one and rolls the dice.",
                    word=word,
                    round=game.round,
                    first=first,
                )
            )
            stage_box = [self._dice, self._dice_note]
        elif stage == "handover" and c.teams_plan:
            team, players = c.current_team, c.current_players
            self._handover.value = handover_html(
                _("Turn {round} · hot seat, team by team", round=game.round),
                _("the {team} team", team=team),
                theme.COLOURS.get(str(team), "#ffffff"),
                _(
                    "{choices} plan together; the other teams look away. {planning_seconds} seconds "
                    "once the charts show.",
                    choices=", ".join(players),
                    planning_seconds=c.planning_seconds,
                ),
            )
            self._ready.description = _("We are {team}: show our charts", team=team)
            stage_box = [self._dice, self._handover, self._ready]
        elif stage == "handover":
            player = c.current_player
            self._handover.value = handover_html(
                _("Round {round} · hot seat", round=game.round),
                str(player),
                theme.player_colour(player),
                _(
                    "The others look away. {planning_seconds} seconds to plan once the chart shows.",
                    planning_seconds=c.planning_seconds,
                ),
            )
            self._ready.description = _("I am {player}: show my chart", player=player)
            stage_box = [self._dice, self._handover, self._ready]
        elif stage == "planning":
            players = c.current_players
            assert players
            self._stopwatch_box.children = [self._stopwatch()]
            self._coach_note.value = html.escape(self._planning_note())
            self._submit.description = (
                _("Done: lock in our programs") if c.teams_plan else _("Done: lock in my program")
            )
            stage_box = [self._stopwatch_box, self._submit, self._coach_note]
            charts = [self.chart(p) for p in players]
            chart = [widgets.HBox(charts, layout=widgets.Layout(grid_gap="10px", flex_flow="row wrap"))]
        else:
            assert self._player_view is not None
            stage_box = [self._player_view]
            companions = [self._inspector, self._log]
        if c.coaches:  # the danger map and the best plan (built the first time a game shows them)
            stage_box = [*stage_box, self._coach]
        planning = stage in ("handover", "planning")
        self._stage_box.children = stage_box
        self._companions.children = companions
        self._chart_box.children = chart
        self._left_slot.children = [] if planning else [self._scoreboard, self._plot]
        self._bottom.children = [self._scoreboard, self._plot] if planning else []

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

    def _setup_hint(self) -> widgets.Widget:
        return _html(
            "asteroyds-card",
            _(
                "<b>No game yet.</b><br>Choose the mode and the players above, "
                "then press <b>Start the game</b>."
            ),
            width="440px",
        )

    def _status_text(self, stage: str) -> str:
        c = self._controller
        game = c.game
        if game is None:
            return html.escape(_(STAGE_TEXT["setup"]))
        asked = game.pending.player if game.pending is not None else ""
        texts = {**STAGE_TEXT, **c.turn.texts}  # the mode's turn says some stages its own way
        text = _(
            texts[stage], first=game.players[0], player=c.current_player, asked=asked, team=c.current_team
        )
        word = pgettext("log", str(c.turn.word))
        head = f"{_(game.state.mode.title())} · {word} <b>{game.round}</b>"
        return f"{head} · {html.escape(text)}"

    def _save_link(self) -> str:
        c = self._controller
        tip = _("Download the game: setup and every input")
        return download_link(c.save_text(), c.save_name(), "⬇ Save", css="asteroyds-save", title=tip)

    def _publish(self, stage: str) -> None:
        c = self._controller
        game = c.game
        attrs = {
            "data-stage": stage,
            "data-round": "" if game is None else str(game.round),
            "data-phase": "" if game is None else game.phase,
            "data-player": c.current_player or "",
            "data-team": c.current_team or "",
            "data-planning": " ".join(c.current_players),
            "data-mode": "" if game is None else game.state.mode,
            "data-outcome": c.outcome_text,
            "data-error": self._error_text,
            "data-inputs": "" if game is None else str(len(game.inputs)),
        }
        body = " ".join(f'{k}="{html.escape(v)}"' for k, v in attrs.items())
        self._data.value = f"<div class='asteroyds-sandbox-values' {body}></div>"
