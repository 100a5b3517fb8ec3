"""The round player: play a round phase by phase, then step through each phase's events.

Two layers, as everywhere in :mod:`asteroyds.ui`. The controller,
:class:`~asteroyds.ui.player.controller.RoundPlayerController` (re-exported
here), is plain Python over a :class:`~asteroyds.game.Game`; nothing in
either decides a rule. :class:`RoundPlayer` is the view: buttons, a
play/pause toggle ticked by a :class:`~asteroyds.ui.ticker.Ticker` (an
asyncio task, never ``time.sleep`` in a callback), the pending question with
Yes/No, and the wiring that shows the board at the cursor.

The buttons follow the game's turn (:attr:`RoundPlayerController.turn`), never
its mode's name. A turn resolved at once (capture, docs/rules.md#11-capture-the-asteroyd) has the phase
buttons Roll → Plan → *Resolve turn* → *End turn* (no Asteroids, no Fly);
stepping shows each board of the turn, the laser of a laser event, the pieces
out of play so far crossed out (capture's turrets), and a caption that names
the round and its stage ("Turn 1 · Round 3 of 6 · lasers"), so the learner
sees the 6 rounds, lasers then moves.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ...events import Event
from ...hexgrid import Cell
from ...i18n import N_, _, pgettext
from ...modes import TurnWord, modes
from .. import theme
from ..share.markup import join, tag, void
from ..share.sentences import as_sentence
from ..theme import sheet
from ..ticker import Ticker
from .controller import (
    SPEED_RANGE,
    STEPPED_PHASES,
    TICK_SECONDS,
    RoundPlayerController,
    actor_cells,
)


def draw_laser(board: Any, event: Event | None) -> None:
    """Draw the beam of a laser event (any mode's: a ``path`` and a ``start`` and ``direction``) or clear
    the one shown. Where the laser stopped is its ``hit`` piece, or its ``end`` space (capture's lasers)."""
    if event is not None and all(hasattr(event, name) for name in ("path", "start", "direction")):
        stop = event.hit if hasattr(event, "hit") else getattr(event, "end", None)
        board.show_laser(event.path, stop, start=event.start, direction=event.direction)  # type: ignore[attr-defined]
    elif getattr(board, "laser", None):
        board.clear_laser()


def draw_disabled(board: Any, cells: tuple[Cell, ...]) -> None:
    """Cross out the pieces out of play so far in a turn (capture's turrets; only when that changed)."""
    if tuple(getattr(board, "disabled", ())) != cells and hasattr(board, "show_disabled"):
        board.show_disabled(cells)


def board_caption(c: RoundPlayerController) -> str:
    """The line under the board at the cursor: the event's sentence, after its round in a capture turn."""
    event = c.current_event
    if event is None:
        return ""
    step = c.turn_step
    return event.text() if step is None else f"{step}: {event.text()}"


# The game's phase before the round player has one of its own (its line: "Round 2 · planning").
GAME_PHASES: dict[str, str] = {
    "roll": N_("waiting for the dice"),
    "plan": N_("planning"),
    "decide": N_("a question"),
    "over": N_("game over"),
}


def _error_html(text: str) -> str:
    """An error line like :func:`~asteroyds.ui.theme.error_html`, from the controller's text."""
    if not text:
        return ""
    return theme.error_line(as_sentence(text))  # the controller's text has the class name: not shown


# --- the view ---------------------------------------------------------------------------
PANEL_WIDTH = "436px"  # fits beside the normal-size board on a 1280-pixel page
# name: (label, FontAwesome icon, tooltip, minimum width). Buttons are as wide as their label
# ("width: auto") and never narrower than this: fixed widths cut "End round" and "Yes" off.
BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "roll": (N_("Roll"), "", N_("Roll the dice (the dice panel's, or seeded)"), "54px"),
    "plan": (N_("Plan"), "", N_("Submit the status chart and the bots' programs"), "54px"),
    "asteroids": (N_("Asteroids"), "", N_("Move the asteroids: red, white, blue"), "80px"),
    "fly": (N_("Fly"), "", N_("Every craft flies its program, in turn order"), "46px"),
    "end": (N_("End round"), "",
            N_("Victory check; the charts reset; the next player is player one"), "90px"),
    "undo": (N_("Undo"), "undo", N_("Take back the last action (a question: withdraw it)"), "70px"),
}  # fmt: skip
RESOLVE_WIDTH = "104px"  # the button of a turn resolved at once (its label and tip: the turn's texts)
# A game whose turn is a "turn" (capture's six rounds): the same buttons, told as a turn.
# (the rules: docs/rules.md#11-capture-the-asteroyd)
TURN_LABELS: dict[str, tuple[str, str]] = {
    "end": (
        N_("End turn"),
        N_("Victory check; the charts reset for the next turn; the next craft is player one"),
    ),
}
# The phase buttons a turn with no asteroid phase hides (it has no flight either).
NO_ASTEROID_PHASE: frozenset[str] = frozenset({"asteroids", "fly"})
PHASE_BUTTONS: tuple[str, ...] = ("roll", "plan", "asteroids", "fly", "end", "undo")
STEP_BUTTONS: dict[str, tuple[str, str, str, str]] = {
    "start": ("", "fast-backward", N_("⏮ Back to the start of the phase"), "38px"),
    "back": (N_("◀ step"), "", N_("One event back"), "64px"),
    "next": (N_("step ▶"), "", N_("One event forward"), "64px"),
    "last": ("", "fast-forward", N_("⏭ To the end of the phase"), "38px"),
}
CSS = sheet("round_player")


class RoundPlayer(widgets.VBox):
    """The round player widget: phase buttons, event stepping, play at a speed, questions.

    ``board`` (a :class:`~asteroyds.ui.board.BoardView`) shows the board at the
    cursor with the current event's actor outlined, the dice arrows while
    planning and the ghost path of each charted player's program. A
    ``stopwatch`` (:class:`~asteroyds.ui.chart.stopwatch.Stopwatch`) starts on Roll,
    pauses on Plan and locks the charts when the time is up.

    CSS classes: ``asteroyds-round-player`` (root), ``asteroyds-btn-roll``,
    ``-plan``, ``-asteroids``, ``-fly``, ``-end``, ``-undo``, ``-start``,
    ``-back``, ``-next``, ``-last``, ``-play``, ``-yes``, ``-no``,
    ``asteroyds-speed`` and ``asteroyds-round-data`` (hidden: the cursor).
    """

    def __init__(
        self,
        controller: RoundPlayerController,
        *,
        board: Any = None,
        stopwatch: Any = None,
        interval: float = TICK_SECONDS,
    ) -> None:
        super().__init__()
        self._controller = controller
        self._board = board
        self._stopwatch = stopwatch
        self._ticker = Ticker(
            lambda seconds: self._safely(lambda: controller.tick(seconds)),
            lambda: controller.playing,
            interval=interval,
        )
        self._quiet = False
        self._drawn: tuple[Any, ...] = ()  # (state, cells, dice, event) last drawn
        self._build()
        controller.observe(self._changed)
        for player, chart in controller.charts.items():
            target = getattr(chart, "controller", chart)
            if hasattr(target, "on_change"):
                target.on_change(lambda program, p=player: self._safely(lambda: self._show_ghost(p, program)))
        if stopwatch is not None:
            stopwatch.on_timeout(self._time_up)
        self._changed(controller)
        self._show_ghosts()

    # --- public API -------------------------------------------------------------------
    @property
    def controller(self) -> RoundPlayerController:
        return self._controller

    @property
    def buttons(self) -> Mapping[str, widgets.Button]:
        return dict(self._buttons)

    def press(self, name: str) -> Any:
        """Press a button by name (``roll`` ... ``next``, ``yes``, ``no``), as a click would."""
        return self._press(name)

    def play(self) -> None:
        self._toggle.value = True

    def pause(self) -> None:
        self._toggle.value = False

    def close(self) -> None:
        self._ticker.stop()
        super().close()

    # --- building ---------------------------------------------------------------------
    def _build(self) -> None:
        def button(name: str, label: str, icon: str, tip: str, width: str) -> widgets.Button:
            layout = widgets.Layout(width="auto", min_width=width)
            b = widgets.Button(
                description=_(label) if label else "", icon=icon, tooltip=_(tip), layout=layout
            )
            b.add_class(f"asteroyds-btn-{name}")
            b.on_click(lambda _b, n=name: self._press(n))
            return b

        turn = self._controller.turn
        specs = dict(BUTTONS)
        end = specs.pop("end"), specs.pop("undo")
        # A turn resolved at once has its own button, named after its phase (capture's "capture"), before
        # End; every registered one is built (the others hidden), so a page's buttons are the same.
        whole = {str(m.turn.phase): m.turn for m in modes().values() if m.turn.resolves_at_once}
        for phase, other in whole.items():
            specs[phase] = (
                other.texts.get("resolve_button", N_("Resolve turn")), "", other.texts.get("resolve_tip", ""),
                RESOLVE_WIDTH,
            )  # fmt: skip
        specs["end"], specs["undo"] = end
        self._phase_buttons = tuple(n for n in specs)
        self._buttons: dict[str, widgets.Button] = {
            name: button(name, *spec) for name, spec in {**specs, **STEP_BUTTONS}.items()
        }
        self._toggle = widgets.ToggleButton(
            value=False, description=_("Play"), icon="play", tooltip=_("Play the events at the chosen speed"),
            layout=widgets.Layout(width="auto", min_width="80px"),
        )  # fmt: skip
        self._toggle.add_class("asteroyds-btn-play")
        self._toggle.observe(self._on_toggle, names="value")
        low, high = SPEED_RANGE
        # A labelled number box, not a slider: a slider's handle has no accessible name (axe-core).
        self._speed = widgets.BoundedFloatText(
            value=self._controller.speed, min=low, max=high, step=0.5, description=_("speed"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="140px"),
            tooltip=_("Events per second while playing"),
        )  # fmt: skip
        speed_unit = widgets.HTML(tag("span", _("events per second"), class_="asteroyds-caption"))
        self._speed.add_class("asteroyds-speed")
        self._speed.observe(self._on_speed, names="value")
        self._caption = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._caption.add_class("asteroyds-rp-caption")
        self._message = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._message.add_class("asteroyds-rp-message")
        self._question = widgets.HTML(layout=widgets.Layout(width="270px"))
        self._buttons["yes"] = button("yes", N_("Yes"), "check", N_("Answer yes"), "64px")
        self._buttons["no"] = button("no", N_("No"), "times", N_("Answer no"), "64px")
        self._ask = widgets.HBox(
            [self._question, self._buttons["yes"], self._buttons["no"]],
            layout=widgets.Layout(align_items="center", grid_gap="6px", display="none"),
        )
        self._ask.add_class("asteroyds-question")
        self._error = widgets.HTML()
        self._error.add_class("asteroyds-error")
        self._data = widgets.HTML(layout=widgets.Layout(display="none"))
        self._data.add_class("asteroyds-round-data")
        title = widgets.HTML(tag("span", _("ROUND PLAYER"), class_="asteroyds-title"))
        gap = widgets.Layout(grid_gap="5px", align_items="center", flex_flow="row wrap")
        hidden = [phase for phase in whole if phase != turn.phase]
        if not turn.asteroid_phase:
            hidden += NO_ASTEROID_PHASE
        for name in hidden:
            self._buttons[name].layout.display = "none"
        if turn.word is TurnWord.TURN:
            for name, (label, tip) in TURN_LABELS.items():
                self._buttons[name].description, self._buttons[name].tooltip = _(label), _(tip)
        phases = widgets.HBox([self._buttons[n] for n in self._phase_buttons if n != "undo"], layout=gap)
        stepping = widgets.HBox(
            [*(self._buttons[n] for n in STEP_BUTTONS), self._toggle, self._buttons["undo"]], layout=gap
        )
        speed = widgets.HBox([self._speed, speed_unit], layout=gap)
        # The phase and step buttons as one block: a page may pin it (a portrait phone pins it to the
        # bottom of the screen, rooms.css, so the board and the step buttons are on one screen).
        controls = widgets.VBox([phases, stepping], layout=widgets.Layout(grid_gap="4px"))
        controls.add_class("asteroyds-rp-controls")
        self.children = [
            widgets.HTML(theme.CSS + CSS),
            title,
            controls,
            speed,
            self._caption,
            self._ask,
            self._message,
            self._error,
            self._data,
        ]
        self.layout.width, self.layout.grid_gap = PANEL_WIDTH, "4px"  # the default Layout, not a new one
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-round-player")

    # --- events -----------------------------------------------------------------------
    def _press(self, name: str) -> Any:
        c = self._controller
        if name in self._phase_buttons and c.playing:
            self.pause()
        result = c.do(name)
        if c.error:
            return None
        if self._stopwatch is not None:
            self._safely(lambda: self._drive_stopwatch(name))
        if name in ("roll", "undo", "end"):
            self._show_ghosts()
        return result

    def _drive_stopwatch(self, action: str) -> None:
        sw = self._stopwatch
        if action == "roll":
            sw.reset()
            sw.start()
        elif action in ("plan", "asteroids", self._controller.turn.phase):
            sw.pause()
        elif action in ("end", "undo") and self._controller.game.phase == "roll":
            sw.reset()

    def _time_up(self) -> None:
        for chart in self._controller.charts.values():
            if hasattr(chart, "lock"):
                chart.lock()
        self._message.value = html.escape(_("Time is up: the charts are locked. Press Plan."))

    def _on_toggle(self, change: Mapping[str, Any]) -> None:
        if self._quiet:
            return
        if change["new"]:
            self._controller.do("play")
            if self._controller.playing:
                self._ticker.start()
        else:
            self._controller.do("pause")
            self._ticker.stop()
        self._render_toggle()

    def _on_speed(self, change: Mapping[str, Any]) -> None:
        if not self._quiet:
            self._safely(lambda: setattr(self._controller, "speed", float(change["new"])))

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._error.value = theme.error_html(exc)

    # --- drawing ----------------------------------------------------------------------
    def _changed(self, c: RoundPlayerController) -> None:
        self._safely(lambda: self._render(c))

    def _render(self, c: RoundPlayerController) -> None:
        self._draw_board(c)
        for name in self._phase_buttons:
            b = self._buttons[name]
            b.disabled = not c.can(name)
            (b.add_class if name == c.expected else b.remove_class)("asteroyds-primary")
        n = len(c.events)
        busy = c.question is not None
        self._buttons["start"].disabled = self._buttons["back"].disabled = c.at_start or busy
        self._buttons["next"].disabled = self._buttons["last"].disabled = c.at_end or busy
        self._toggle.disabled = n == 0 or busy
        self._render_toggle()
        event = c.current_event
        word = pgettext("log", c.turn_word.lower()).capitalize()
        step = c.turn_step
        before = _("Before the first event: step ▶ or Play.")
        if c.phase is None:
            where = f"{word} {c.game.round} · {_(GAME_PHASES.get(c.game.phase, c.game.phase))}"
            text = (
                _("Roll the dice to start the {word}.", word=word.lower()) if c.game.phase == "roll" else ""
            )
        elif step is not None:  # a turn of rounds (capture: 6 rounds, lasers then moves)
            where = _(
                "{word} {round} · {step} · event {cursor}/{n}",
                word=word,
                round=c.round,
                step=step,
                cursor=c.cursor,
                n=n,
            )
            text = event.text() if event is not None else before
        else:
            where = _(
                "{word} {round} · {step} · event {cursor}/{n}",
                word=word,
                round=c.round,
                step=c.phase_name(c.phase),
                cursor=c.cursor,
                n=n,
            )
            text = event.text() if event is not None else before
        self._caption.value = join(
            tag("span", where, class_="asteroyds-rp-count"),
            void("br"),
            tag("span", text, class_="asteroyds-rp-text"),
        )
        self._message.value = html.escape(c.message)
        self._error.value = _error_html(c.error)
        question = c.question
        self._ask.layout.display = "" if question is not None else "none"
        self._question.value = "" if question is None else f"❓ {html.escape(question.question)}"
        attrs = {
            "data-phase": c.phase or "",
            "data-game-phase": c.game.phase,
            "data-round": str(c.round),
            "data-cursor": str(c.cursor),
            "data-count": str(n),
            "data-event": "" if event is None else event.type,
            "data-expected": c.expected or "",
            "data-question": "" if question is None else question.kind,
            "data-playing": "true" if c.playing else "false",
            "data-error": c.error,
            "data-capture-round": "" if step is None else str(step.round),
            "data-capture-stage": "" if step is None else step.stage,
            "data-disabled": " ".join(f"{r},{col}" for r, col in c.disabled_cells),
        }
        self._data.value = tag("div", class_="asteroyds-round-values", **attrs)

    def _render_toggle(self) -> None:
        playing = self._controller.playing
        if self._toggle.value != playing:
            self._quiet = True
            try:
                self._toggle.value = playing
            finally:
                self._quiet = False
        self._toggle.description = _("Pause") if playing else _("Play")
        self._toggle.icon = "pause" if playing else "play"
        if not playing:
            self._ticker.stop()

    def _draw_board(self, c: RoundPlayerController) -> None:
        """The board at the cursor: actor outlined, dice arrows while planning, a laser when one fires."""
        board = self._board
        if board is None:
            return
        state = c.current_state
        planning = c.game.phase == "plan" and c.phase in (None, "roll")
        if c.phase is None and not planning:  # nothing played yet: leave the board's previews alone
            if board.state is not state and board.state != state:
                board.update(state)
            return
        cells = c.actor_cells
        dice = c.game.dice if planning else None
        event = c.current_event
        if self._drawn and self._drawn[0] is state and self._drawn[1:] == (cells, dice, event):
            return
        self._drawn = (state, cells, dice, event)
        if hasattr(board, "show_step"):  # one redraw: the state, the outline and the arrows together
            board.show_step(state, cells, dice=dice)
        else:
            board.show_intended_moves(dice)
            board.update(state)
            board.highlight(cells)
        if (c.phase in STEPPED_PHASES or c.phase == c.turn.phase) and board.path:
            board.show_path(())
        draw_laser(board, event)
        draw_disabled(board, c.disabled_cells)
        board.set_caption(board_caption(c))

    def _show_ghosts(self) -> None:
        for player, chart in self._controller.charts.items():
            self._safely(lambda p=player, ch=chart: self._show_ghost(p, ch.program))

    def _show_ghost(self, player: str, program: Any) -> None:
        board, c = self._board, self._controller
        if board is None or c.game.phase not in ("roll", "plan") or not c.turn.asteroid_phase:
            return  # no flight to preview (capture: the capture chart is its own preview)
        craft = c.game.state.craft(player)
        if craft.cell is None:
            board.show_path(())
            return
        path = c.ghost_path(player, program)
        board.show_path(path.cells, path.collisions, colour=player)


__all__ = [
    "RoundPlayer",
    "RoundPlayerController",
    "actor_cells",
    "board_caption",
    "draw_disabled",
    "draw_laser",
]
