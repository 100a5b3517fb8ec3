"""The sandbox's setup panel: the mode, who plays, the seed, planning time and the variants.

A view only: :meth:`SetupPanel.read` turns its controls into a
:class:`~asteroyds.ui.sandbox.setup.SandboxSetup`; the engine builds (and
checks) the game. A mode whose table brings its own section (its
:class:`~asteroyds.ui.sandbox.setup.Table`) shows it instead of the colour
seats: Capture the Asteroyd's teams (docs/rules.md#11-capture-the-asteroyd,
:mod:`asteroyds.ui.chart.capture.section`). The variants shown are those the
mode says apply (:attr:`asteroyds.modes.Mode.variants`).

CSS classes for browser tests: ``asteroyds-sandbox-setup`` (the panel),
``asteroyds-mode`` (mode buttons), ``asteroyds-seed``, ``asteroyds-seat-{colour}``
and ``asteroyds-kind-{colour}`` (colour seats), ``asteroyds-start``; a table's
section has its own (capture's: ``asteroyds-capture-setup``...).
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_bool import CheckboxStyle
from ipywidgets.widgets.widget_string import HTMLStyle

from ...errors import ScenarioError
from ...event_text import colour_text, team_text
from ...i18n import N_, _, ngettext
from ...modes import mode_named, modes
from ...modes.targets import SIDES, team_of
from ...pieces import PLAYER_COLOURS
from ...rules import PLANNING_LEVELS
from ...setups import setup
from ...state import State
from .. import theme
from ..share.markup import style, tag
from .setup import (
    KIND_NAMES,
    KINDS,
    SandboxSetup,
    Seat,
    asteroid_choices,
    table_for,
)

COACH_HELP = N_(
    "While you plan, the coach shows where the asteroids will be once this round's dice have moved them, "
    "and flies your program on that board (the ghost path). The box has no such help: at the table you "
    "move the asteroids in your head. Untick it to play like the box."
)
HANDICAP_HELP = N_(
    "The weaker team aims at this many fewer targets (the highest-numbered ones of the set it shoots at "
    "are taken off), so a smaller or younger team can still win."
)


# --- parts that share their Layout and Style ----------------------------------------------------------
# Every widget carries a Layout and a Style, each a widget of its own: a model the kernel opens, the
# server relays and the page builds. The sandbox's text parts, buttons and tick boxes never change
# theirs, so parts with the same look share one (a page costs the class server ~100 widgets less).
_SHARED: dict[tuple[object, ...], widgets.Widget] = {}


#: The planning levels' names (asteroyds.rules.PLANNING_LEVELS), marked for translation.
LEVEL_NAMES: dict[str, str] = {"beginner": N_("Beginner"), "expert": N_("Expert"), "custom": N_("Custom")}


def _frozen(change: dict) -> None:
    """Undo a change to a shared Layout or Style, then say so (it would change every part sharing it)."""
    owner = change["owner"]
    if getattr(owner, "_restoring", False):
        return
    owner._restoring = True
    try:
        setattr(owner, change["name"], change["old"])
    finally:
        owner._restoring = False
    raise AttributeError(
        _(
            "a shared {kind} cannot change ({name}): give this widget its own (own_layout=True)",
            kind=type(change["owner"]).__name__,
            name=change["name"],
        )
    )


def shared(kind: type[widgets.Widget], **traits: str) -> widgets.Widget:
    """One ``kind`` (a Layout or a Style) with these traits for every part that asks: it must not change.

    Changing it is undone and raises (it would change every part that shares it); a closed one
    (``Widget.close_all()``) is replaced.
    """
    key = (kind, *sorted(traits.items()))
    found = _SHARED.get(key)
    if found is None or found.comm is None:
        found = _SHARED[key] = kind(**traits)
        found.observe(_frozen, names=[k for k in found.keys if not k.startswith("_")])
    return found


def shared_looks() -> list[widgets.Widget]:
    """Every shared Layout and Style alive: closing a part never closes these (others wear them)."""
    return [look for look in _SHARED.values() if look.comm is not None]


def html_part(css: str, value: str = "", *, own_layout: bool = False, **layout: str) -> widgets.HTML:
    """An HTML widget with a CSS class (the sandbox's small text parts).

    The class is given to the constructor, not added after: ``add_class`` on a live widget is one
    more message through the kernel and the server, for each part of every page. The part shares
    its Layout with parts that look the same unless ``own_layout`` (its layout changes later).
    """
    look = widgets.Layout(**layout) if own_layout else shared(widgets.Layout, **layout)
    return widgets.HTML(value, layout=look, style=shared(HTMLStyle), _dom_classes=[css])


def button(label: str, css: str, tip: str = "", primary: bool = False, width: str = "auto") -> widgets.Button:
    """A button with a CSS class; as wide as its label unless ``width`` says otherwise."""
    classes = [css, "asteroyds-primary"] if primary else [css]
    return widgets.Button(
        description=label,
        tooltip=tip or label,
        layout=shared(widgets.Layout, width=width),
        style=shared(widgets.ButtonStyle),
        _dom_classes=classes,
    )


def _check(value: bool, text: str, width: str = "360px", css: str = "") -> widgets.Checkbox:
    return widgets.Checkbox(
        value=value,
        description=text,
        indent=False,
        layout=shared(widgets.Layout, width=width),
        style=shared(CheckboxStyle),
        _dom_classes=[css] if css else [],
    )


def _section(text: str) -> widgets.HTML:
    return html_part("asteroyds-section", text.upper())


def _row(*children: widgets.Widget) -> widgets.HBox:
    return widgets.HBox(list(children), layout=widgets.Layout(align_items="center", grid_gap="6px"))


def _dot(colour: str) -> widgets.HTML:
    return widgets.HTML(
        tag("span", class_="asteroyds-dot", style=style(background=colour)),
        layout=shared(widgets.Layout),
        style=shared(HTMLStyle),
    )


class SetupPanel(widgets.VBox):
    """The setup card: :meth:`read` gives the :class:`SandboxSetup`; *Start the game* calls ``on_start``.

    ``on_preview(state)`` gets the board of the chosen layout whenever the mode, the seed
    or the players change (the sandbox shows it until the first game starts).
    """

    def __init__(
        self,
        setup: SandboxSetup,
        on_start: Callable[[], object],
        on_preview: Callable[[State], object] | None = None,
    ) -> None:
        super().__init__(
            _dom_classes=["asteroyds-card", "asteroyds-sandbox-setup"], layout=widgets.Layout(grid_gap="10px")
        )
        self._on_preview = on_preview
        self._build(setup, on_start)
        self._changed()
        self._level_changed()

    # --- reading ------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        return str(self._mode.value)

    def read(self) -> SandboxSetup:
        """The panel's choices (the engine checks them when the game is built)."""
        level = self._level.value
        common = {
            "pilots": self._pilots.value,
            "seed": int(self._seed.value),
            "planning_level": level,
            "planning_seconds": int(self._seconds.value) if level == "custom" else None,
            "coach": self._coach.value,
        }
        section = self._ensure_section()
        if section is not None:  # the mode's table says who plays (capture's teams)
            return section.read(common)  # type: ignore[no-any-return]
        seats = tuple(Seat(colour, kind.value) for colour, (on, kind) in self._seats.items() if on.value)
        if not seats:
            raise ScenarioError(_("choose at least one player (tick a colour)"))
        return SandboxSetup(
            mode=self.mode,
            seats=seats,
            random_dice_order=self._variants["random_dice_order"].value,
            return_to_platform=self._variants["return_to_platform"].value,
            one_shot_per_turn=self._variants["one_shot_per_turn"].value,
            remove=tuple(self._remove.value),
            targets_handicap=int(self._handicap.value),
            handicap_team=self._team.value or None,
            **common,
        )

    def show(self, setup: SandboxSetup) -> None:
        """Show a link's setup (a chapter's *Play this race*): its mode, seed and seats, so New game…
        plays it again."""
        self._mode.value = setup.mode
        self._seed.value = setup.seed
        kinds = setup.kinds
        for colour, (on, kind) in self._seats.items():
            on.value = colour in kinds
            kind.value = kinds.get(colour, kind.value)

    def preview(self) -> State | None:
        """The board of the layout the panel describes (None when the choices do not make a game)."""
        with contextlib.suppress(ScenarioError, ValueError):
            if self._ensure_section() is not None:  # the table's own section: its game's board
                return self.read().build().state
            players = [colour for colour, (on, _k) in self._seats.items() if on.value] or None
            return setup(self.mode, seed=int(self._seed.value), players=players)
        return None

    # --- building -------------------------------------------------------------------------------
    def _build(self, s: SandboxSetup, on_start: Callable[[], object]) -> None:
        choices = [(_(mode.short_title or mode.title), name) for name, mode in modes().items()]
        self._mode = widgets.ToggleButtons(
            options=choices, value=s.mode, style={"button_width": "96px"}, _dom_classes=["asteroyds-mode"]
        )
        self._seats: dict[str, tuple[widgets.Checkbox, widgets.Dropdown]] = {}
        self._team_tags: dict[str, widgets.HTML] = {}
        seats = []
        tags = "" if "targets_handicap" in mode_named(s.mode).variants else "none"
        for colour in PLAYER_COLOURS:
            on = _check(colour in s.kinds, colour_text(colour), "90px", css=f"asteroyds-seat-{colour}")
            kind = widgets.Dropdown(
                options=[(_(KIND_NAMES[k]), k) for k in KINDS],
                value=s.kinds.get(colour, "human"),
                layout=widgets.Layout(width="140px"),
                description=_("Who flies {colour}", colour=colour_text(colour)),  # read by screen readers
                _dom_classes=[f"asteroyds-kind-{colour}", "asteroyds-sr-label"],
            )
            self._team_tags[colour] = html_part(
                "asteroyds-note",
                _("team {team}", team=team_text(team_of(colour))),
                own_layout=True,
                display=tags,
            )
            self._seats[colour] = (on, kind)
            seats.append(_row(_dot(theme.player_colour(colour)), on, kind, self._team_tags[colour]))
        self._team_note = html_part("asteroyds-note", width="440px")
        self._seat_section = widgets.VBox([_section(_("Players, in turn order")), *seats, self._team_note])
        # A table's own section (capture's teams) is built the first time its mode is chosen (a page
        # costs the server less), one per table.
        self._first_setup = s
        self._sections: dict[int, Any] = {}
        self._section_slot = widgets.VBox()
        self._pilots = _check(s.pilots, _("Pilots (advanced rules): each craft draws a pilot"))
        self._seed = widgets.BoundedIntText(
            value=s.seed,
            min=0,
            max=999_999,
            description=_("Seed"),
            layout=widgets.Layout(width="150px"),
            _dom_classes=["asteroyds-seed"],
        )
        self._level = widgets.ToggleButtons(
            options=[(_(LEVEL_NAMES[lv]), lv) for lv in PLANNING_LEVELS],
            value=s.planning_level,
            style={"button_width": "88px"},
        )
        self._seconds = widgets.BoundedIntText(
            value=s.planning_seconds or 40,
            min=5,
            max=600,
            description="s",
            layout=widgets.Layout(width="110px"),
        )
        self._variants = {
            "random_dice_order": _check(s.random_dice_order, _("Random dice order")),
            "return_to_platform": _check(s.return_to_platform, _("Return to a platform (racing, shooting)")),
            "one_shot_per_turn": _check(
                s.one_shot_per_turn, _("One shot per turn (shooting, targets, drones)")
            ),
        }
        self._remove = widgets.SelectMultiple(
            rows=5,
            layout=widgets.Layout(width="340px"),
            description=_("Asteroids to take out"),  # read by screen readers; the section title says it
            _dom_classes=["asteroyds-sr-label"],
        )
        self._handicap = widgets.BoundedIntText(  # a labelled number box: a slider handle has no name (axe)
            value=s.targets_handicap,
            min=0,
            max=5,
            description=_("Handicap"),
            layout=widgets.Layout(width="260px"),
        )
        teams = [
            (_("to the smaller team"), ""),
            (_("to the left team"), "left"),
            (_("to the right team"), "right"),
        ]
        self._team = widgets.Dropdown(
            options=teams,
            value=s.handicap_team or "",
            layout=widgets.Layout(width="170px"),
            description=_("Handicap goes"),
            _dom_classes=["asteroyds-sr-label"],
        )
        self._coach = _check(s.coaching, _("Coach: forecast the asteroids"), css="asteroyds-coach")
        self._coach_touched = False
        self._coach.observe(lambda _ch: setattr(self, "_coach_touched", True), names="value")
        start = button(
            _("Start the game"), "asteroyds-start", _("Build the board; round 1"), primary=True, width="200px"
        )
        start.on_click(lambda _b: on_start())
        watched = (self._mode, self._seed)
        for control in (*watched, *(on for on, _k in self._seats.values())):
            control.observe(lambda _ch: self._changed(), names="value")
        self._level.observe(lambda _ch: self._level_changed(), names="value")
        self._handicap_section = widgets.VBox(
            [
                _section(_("Targets handicap")),
                _row(self._handicap, self._team),
                html_part("asteroyds-note", _(HANDICAP_HELP), width="440px"),
            ]
        )
        self._box_variants = widgets.VBox(
            [
                _section(_("Variants")),
                *self._variants.values(),
                _section(_("Fewer asteroids (Ctrl-click to pick several)")),
                self._remove,
                self._handicap_section,
                _section(_("Coach")),
                self._coach,
                html_part("asteroyds-note", _(COACH_HELP), width="440px"),
            ]
        )
        left = widgets.VBox(
            [
                _section(_("Mode")),
                self._mode,
                self._seat_section,
                self._section_slot,
                _section(_("Pilots")),
                self._pilots,
            ],
            layout=widgets.Layout(width="500px"),
        )
        right = widgets.VBox(
            [
                _section(_("Seed and planning time")),
                _row(self._seed, self._level, self._seconds),
                self._box_variants,
            ],
            layout=widgets.Layout(width="520px"),
        )
        body = widgets.HBox([left, right], layout=widgets.Layout(grid_gap="24px", flex_flow="row wrap"))
        self.children = [body, start]

    def _ensure_section(self) -> Any:
        """The section of the chosen mode's table (None: the colour seats), built the first time."""
        table = table_for(self.mode)
        key = id(table)
        if key not in self._sections:
            self._sections[key] = table.section(self._first_setup, self._changed)
        section = self._sections[key]
        if section is not None and list(self._section_slot.children) != [section]:
            self._section_slot.children = [section]
        return section

    # --- reactions ----------------------------------------------------------------------------
    def _changed(self) -> None:
        mode = self.mode
        section = self._ensure_section()
        self._seat_section.layout.display = "none" if section is not None else ""
        self._section_slot.layout.display = "" if section is not None else "none"
        self._box_variants.layout.display = "" if mode_named(mode).variants else "none"
        if section is not None:
            section.refresh()
        else:
            self._seats_changed(mode)
        if self._on_preview is not None:
            state = self.preview()
            if state is not None:
                self._on_preview(state)

    def _seats_changed(self, mode: str) -> None:
        self._remove.options = asteroid_choices(mode, int(self._seed.value))
        variants = mode_named(mode).variants  # the switches that apply to this mode
        sides = "targets_handicap" in variants  # a side of the board is a team (targets)
        self._handicap_section.layout.display = "" if sides else "none"
        for name, box in self._variants.items():
            box.disabled = name not in variants
        for team_tag in self._team_tags.values():
            team_tag.layout.display = "" if sides else "none"
        chosen = [colour for colour, (on, _k) in self._seats.items() if on.value]
        if sides:
            team = {side: ", ".join(p for p in chosen if team_of(p) == side) or "(nobody)" for side in SIDES}
            text = _(
                "Left team: {sides}. Right team: {sides2}. Each shoots the other's targets.",
                sides=team["left"],
                sides2=team["right"],
            )
        else:
            text = ngettext(
                "{n} player; the first ticked is player one.",
                "{n} players; the first ticked is player one.",
                len(chosen),
                n=len(chosen),
            )
        self._team_note.value = html.escape(text)

    def _level_changed(self) -> None:
        self._seconds.layout.display = "" if self._level.value == "custom" else "none"
        if not self._coach_touched:
            self._coach.value = self._level.value == "beginner"
            self._coach_touched = False


__all__ = ["SetupPanel", "button", "html_part"]
