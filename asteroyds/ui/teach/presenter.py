"""Presenting mode: a gallery demo on a large board, its explanation in big text, step by step.

Two layers, as everywhere in :mod:`asteroyds.ui`. :func:`demo_steps` is pure:
it plays a demo with the engine (:meth:`asteroyds.demos.Demo.play`) and turns
the events into steps, each with the board after it
(:func:`asteroyds.snapshots.snapshots`) and what to outline, reusing the
round player's :func:`~asteroyds.ui.player.steps.actor_cells`.
:class:`PresenterController` is a cursor over those steps; :class:`Presenter`
is the view (CSS class ``asteroyds-presenter``).

The round player's controller drives a whole :class:`~asteroyds.game.Game`
phase by phase (roll, plan, asteroids, fly, end); a demo needs a fixed
timeline across both phases that a teacher can jump along and switch at
will, so the presenter keeps its own cursor over the same snapshots.

>>> presenter = PresenterController("rulebook-white-6-before-gate-24")
>>> presenter.step.text
'Before the asteroid phase. The dice show red 1, white 1, blue 1.'
>>> presenter.next(), presenter.step.text
(True, 'White die shows 1: 2 elements move in priority order')
>>> presenter.last(); presenter.step.text
'White gate #24 is blocked by white asteroid #6 at (6, 6): move void'
>>> presenter.step.collisions
((6, 6),)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets

from ... import demos
from ...dice import Dice
from ...errors import AsteroydsError
from ...event_text import colour_text, player_text, without_cells
from ...events import Event, PhaseStarted
from ...hexgrid import Cell
from ...i18n import N_, _
from ...pieces import DIE_COLOURS
from ...snapshots import snapshots
from ...state import State
from .. import theme
from ..board.picture import BoardPicture
from ..observers import Observable
from ..player.dice import face_svg
from ..player.event_log import CSS as LOG_CSS
from ..player.event_log import log_html
from ..player.view import actor_cells
from ..share import links
from ..share.markup import join, style, tag, void
from ..theme import sheet

DEFAULT_DEMO = "rulebook-white-6-before-gate-24"
SHARED = "shared-scenario"
PHASE_LABELS: dict[str, str] = {
    "start": N_("The board"),
    "asteroids": N_("Moving the asteroids"),
    "fly": N_("Flying"),
}
LOG_WINDOW = 6


@dataclass(frozen=True)
class Step:
    """One step of a demo: the event (None for the first board), the board after it, what to show."""

    index: int
    phase: str  # "start", "asteroids" or "fly"
    event: Event | None
    before: State
    state: State
    text: str
    highlight: tuple[Cell, ...] = ()
    path: tuple[Cell, ...] = ()
    collisions: tuple[Cell, ...] = ()
    player: str | None = None  # whose craft acts (the path takes its colour)

    @property
    def label(self) -> str:
        """The phase in words, with the die or the craft: "Moving the asteroids · white die"."""
        label = _(PHASE_LABELS[self.phase])
        phase = getattr(self.event, "phase", None)
        if self.phase == "asteroids" and phase in DIE_COLOURS:
            return _("{label} · {colour} die", label=label, colour=colour_text(phase))
        if self.phase == "fly" and self.player:
            return _("{label} · the {player} craft", label=label, player=player_text(self.player))
        return label


def is_quiet(event: Event) -> bool:
    """Events a class need not see as a step: a colour phase in which nothing moves."""
    return isinstance(event, PhaseStarted) and not event.order


def _cell(value: object) -> Cell | None:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return value  # type: ignore[return-value]
    return None


def _focus(event: Event, before: State, after: State) -> dict[str, object]:
    """The outline, the dashed path and the red crosses of one event."""
    start, end = _cell(getattr(event, "start", None)), _cell(getattr(event, "end", None))
    blocked = _cell(getattr(event, "blocked_at", None))
    path: tuple[Cell, ...] = ()
    if start is not None and end is not None and start != end:
        path = (start, end)
    collisions: tuple[Cell, ...] = () if blocked is None else (blocked,)
    anchor = end if end is not None else _cell(getattr(event, "cell", None))
    if blocked is not None and not path and anchor is not None:
        path = (anchor, blocked)  # the tile or craft, and what stopped it
    player = getattr(event, "player", None)
    return {
        "highlight": actor_cells(event, before, after),
        "path": path,
        "collisions": collisions,
        "player": player if isinstance(player, str) else None,
    }


def demo_steps(demo: demos.Demo) -> tuple[Step, ...]:
    """The steps of a demo: the first board, then every event but the quiet ones."""
    play = demo.play()
    tagged = [("asteroids", e) for e in play.asteroid_events] + [("fly", e) for e in play.flight_events]
    states = snapshots(play.start, [e for _phase, e in tagged])
    dice = demo.dice
    opening = _("Before the asteroid phase. The dice show {dice}.", dice=dice)
    if demo.programs:
        programs = "; ".join(f"{player_text(p)} {prog}" for p, prog in demo.programs)
        opening += " " + _("Programs: {programs}.", programs=programs)
    steps = [Step(0, "start", None, play.start, play.start, opening)]
    for i, (phase, event) in enumerate(tagged):
        if is_quiet(event):
            continue
        before, after = states[i], states[i + 1]
        steps.append(
            Step(len(steps), phase, event, before, after, event.text(), **_focus(event, before, after))
        )
    return tuple(steps)


def catalogue() -> list[tuple[str, str]]:
    """The gallery as (label, name) options, in the order of the rules."""
    return [(f"§{d.section} · {d.shown_title}", d.name) for d in demos.by_section(demos.all_demos())]


class PresenterController(Observable["PresenterController"]):
    """A demo on the screen and a cursor over its steps (plain Python; the view observes it)."""

    def __init__(self, demo: str | demos.Demo | None = None) -> None:
        super().__init__()
        self.message = ""
        self._demo = self._load(demo or DEFAULT_DEMO)
        self._steps = demo_steps(self._demo)
        self._cursor = 0

    # --- reading ---------------------------------------------------------------------
    @property
    def demo(self) -> demos.Demo:
        return self._demo

    @property
    def steps(self) -> tuple[Step, ...]:
        return self._steps

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def step(self) -> Step:
        return self._steps[self._cursor]

    @property
    def at_start(self) -> bool:
        return self._cursor == 0

    @property
    def at_end(self) -> bool:
        return self._cursor == len(self._steps) - 1

    @property
    def events(self) -> tuple[Event, ...]:
        """The events shown as steps, in order."""
        return tuple(s.event for s in self._steps if s.event is not None)

    # --- opening ---------------------------------------------------------------------
    def open(self, demo: str | demos.Demo) -> demos.Demo:
        """Show a gallery demo (by name) from its first step; an unknown name raises ScenarioError."""
        loaded = self._load(demo)
        self._demo, self._steps, self._cursor = loaded, demo_steps(loaded), 0
        self.message = ""
        self._notify()
        return loaded

    def open_state(
        self, state: State, dice: Dice | Sequence[int] | None = None, title: str | None = None
    ) -> demos.Demo:
        """Show any board (a shared link, the editor's) with these dice (1, 1, 1 by default)."""
        title = _("A shared scenario") if title is None else title
        explain = _("Opened from a link. Step through the asteroid phase with Next.")
        demo = demos.make_demo(state, dice or (1, 1, 1), name=SHARED, title=title, explain=explain)
        return self.open(demo)

    def open_query(self, query_string: str | None) -> bool:
        """Open what a page's query string asks for; a bad parameter becomes :attr:`message`."""
        try:
            request = links.read_query(query_string)
            if request.demo is not None:
                self.open(request.demo)
            elif request.state is not None:
                self.open_state(request.state, request.dice)
            else:
                return False
            return True
        except AsteroydsError as exc:
            self.message = links.link_error(exc)
            self._notify()
            return False

    # --- the cursor ------------------------------------------------------------------
    def seek(self, index: int) -> None:
        index = max(0, min(len(self._steps) - 1, int(index)))
        if index != self._cursor:
            self._cursor = index
            self._notify()

    def next(self) -> bool:
        """One step forward; False at the end."""
        if self.at_end:
            return False
        self.seek(self._cursor + 1)
        return True

    def back(self) -> bool:
        """One step back; False at the start."""
        if self.at_start:
            return False
        self.seek(self._cursor - 1)
        return True

    def first(self) -> None:
        self.seek(0)

    def last(self) -> None:
        self.seek(len(self._steps) - 1)

    @staticmethod
    def _load(demo: str | demos.Demo) -> demos.Demo:
        return demo if isinstance(demo, demos.Demo) else demos.load_demo(demo)


# --- the view ---------------------------------------------------------------------------
CSS = sheet("presenter")


def _button(label: str, css: str, tooltip: str, width: str, primary: bool = False) -> widgets.Button:
    # ``width`` at least, wider where the words need it (French "◀ Précédent" was cut at 130 px)
    button = widgets.Button(
        description=label, tooltip=tooltip, layout=widgets.Layout(width="auto", min_width=width)
    )
    button.add_class(css)
    if primary:
        button.add_class("asteroyds-primary")
    return button


def _message_html(text: str) -> str:
    return theme.error_line(text) if text else ""


class Presenter(widgets.VBox):
    """The presenting mode widget: demo picker, title, explanation, Next/Back, a large board.

    CSS classes: ``asteroyds-presenter`` (root), ``asteroyds-presenter-picker``,
    ``-title``, ``-rule``, ``-explain``, ``-setup``, ``-step``, ``-counter``
    (``data-step`` / ``data-count``), ``-first``, ``-back``, ``-next``,
    ``-last``, ``-log``, ``-link`` and ``-message``.
    """

    def __init__(
        self,
        demo: str | demos.Demo | None = None,
        *,
        controller: PresenterController | None = None,
        size: str = "large",
    ) -> None:
        super().__init__()
        self._controller = controller or PresenterController(demo)
        self._syncing = False
        self._build(size)
        self._controller.observe(self._changed)
        self._changed(self._controller)
        self._board.on_coordinates(lambda _on: self._changed(self._controller))  # the step names cells or not
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-presenter")

    @property
    def controller(self) -> PresenterController:
        return self._controller

    @property
    def board(self) -> BoardPicture:
        return self._board

    def open_query(self, query_string: str | None) -> bool:
        """Open a ``?demo=`` / ``?scenario=`` link; a bad one is explained on the page."""
        return self._controller.open_query(query_string)

    def press(self, name: str) -> None:
        """Press a step button by name (``first``, ``back``, ``next``, ``last``), as a click would."""
        self._buttons[name].click()

    # --- building --------------------------------------------------------------------
    def _build(self, size: str) -> None:
        c = self._controller
        self._picker = widgets.Dropdown(
            options=catalogue(),
            layout=widgets.Layout(width="620px", max_width="100%"),  # a phone's screen is narrower
            description=_("Demonstration"),  # read by screen readers; the title above says it
            _dom_classes=["asteroyds-sr-label"],
        )
        self._picker.add_class("asteroyds-presenter-picker")
        self._picker.observe(self._picked, names="value")
        self._rule = widgets.HTML()
        self._title = widgets.HTML()
        self._explain = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._setup = widgets.HTML()
        self._board = BoardPicture(c.step.state, size=size)  # a projected demo is watched: a picture
        self._step = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._counter = widgets.HTML()
        self._log = widgets.HTML(layout=widgets.Layout(width="100%"))
        self._link = widgets.HTML()
        self._message = widgets.HTML()
        for name in ("setup", "step", "log", "link", "message"):
            getattr(self, f"_{name}").add_class(f"asteroyds-presenter-{name}")
        for name in ("rule", "title", "explain", "counter"):  # their HTML carries the class itself
            getattr(self, f"_{name}").add_class(f"asteroyds-presenter-{name}-box")
        self._log.add_class("asteroyds-event-log")
        self._buttons = {
            "first": _button("◀◀", "asteroyds-presenter-first", _("Back to the first board"), "70px"),
            "back": _button(_("◀ Back"), "asteroyds-presenter-back", _("One step back"), "130px"),
            "next": _button(
                _("Next ▶"), "asteroyds-presenter-next", _("One step forward"), "170px", primary=True
            ),
            "last": _button("▶▶", "asteroyds-presenter-last", _("To the last step"), "70px"),
        }
        moves = {"first": c.first, "back": c.back, "next": c.next, "last": c.last}
        for name, button in self._buttons.items():
            button.on_click(lambda _b, move=moves[name]: self._run(move))
        bar = widgets.HBox(
            [*self._buttons.values(), self._counter, self._setup],
            layout=widgets.Layout(align_items="center", grid_gap="10px", flex_flow="row wrap"),
        )
        picker_row = widgets.HBox(
            [
                widgets.HTML(tag("span", _("DEMO"), class_="asteroyds-title")),
                self._picker,
                self._rule,
                self._link,
            ],
            layout=widgets.Layout(align_items="center", grid_gap="12px", flex_flow="row wrap"),
        )
        self.children = [
            widgets.HTML(theme.CSS + LOG_CSS + CSS),
            picker_row,
            self._message,
            self._title,
            self._explain,
            bar,
            self._step,
            self._board,
            self._log,
        ]

    # --- reactions -------------------------------------------------------------------
    def _run(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._message.value = theme.error_html(exc)

    def _picked(self, change: dict) -> None:
        if not self._syncing and change["new"] and change["new"] != self._controller.demo.name:
            self._run(lambda: self._controller.open(change["new"]))

    def _changed(self, c: PresenterController) -> None:
        demo, step = c.demo, c.step
        self._syncing = True
        try:
            names = [value for _label, value in self._picker.options]
            self._picker.value = demo.name if demo.name in names else None
        finally:
            self._syncing = False
        self._message.value = _message_html(c.message)
        self._rule.value = tag("span", demo.shown_rule, class_="asteroyds-presenter-rule")
        self._title.value = tag(
            "div", demo.shown_title, class_="asteroyds-presenter-title", data_demo=demo.name
        )
        self._explain.value = tag("div", demo.shown_explain, class_="asteroyds-presenter-explain")
        faces = (face_svg(colour, demo.dice.value(colour), 40) for colour in DIE_COLOURS)
        said = [join(tag("b", p), " ", prog) for p, prog in demo.programs]
        programs = join(*(join(" · " if i else "", one) for i, one in enumerate(said)))
        programs = programs or _("No craft flies: the asteroid phase only.")
        row = style(display="flex", gap="6px", align_items="center", margin_left="18px")
        self._setup.value = tag(
            "div", *faces, tag("span", programs, style=style(margin_left="10px")), style=row
        )
        text = step.text if self._board.coordinates else without_cells(step.text)
        phase = tag("span", step.label, class_="asteroyds-presenter-phase")
        self._step.value = tag("div", phase, void("br"), text, data_step=step.index)
        counter = _("step {n} of {total}", n=step.index + 1, total=len(c.steps))
        self._counter.value = tag(
            "span",
            counter,
            class_="asteroyds-presenter-counter",
            data_step=step.index,
            data_count=len(c.steps),
        )
        self._buttons["first"].disabled = self._buttons["back"].disabled = c.at_start
        self._buttons["next"].disabled = self._buttons["last"].disabled = c.at_end
        board = self._board
        with board.hold():  # one picture per step
            board.update(step.state)
            board.highlight(step.highlight)
            board.show_path(step.path, step.collisions, colour=step.player)
            n, total = step.index + 1, len(c.steps)
            board.set_caption(_("{title} — step {n} of {total}", title=demo.shown_title, n=n, total=total))
        events = c.events
        self._log.value = (
            log_html(events, step.index - 1 if step.index else None, LOG_WINDOW) if events else ""
        )
        if demo.name != SHARED:
            link = links.demo_link(demo.name)
            self._link.value = tag(
                "a", _("↗ link to this demo"), class_="asteroyds-caption", href=link, target="_blank"
            )
        else:
            self._link.value = ""


__all__ = ["DEFAULT_DEMO", "Presenter", "PresenterController", "Step", "catalogue", "demo_steps", "is_quiet"]
