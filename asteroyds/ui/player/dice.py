"""The three dice: a seeded controller and a view with pips, a Roll button and set-by-hand menus.

>>> dice = DiceController(seed=1)
>>> dice.set(3, 5, 2)
Dice(red=3, white=5, blue=2)
>>> DiceController(seed=4).roll() == DiceController(seed=4).roll()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from ...dice import Dice, roll
from ...event_text import colour_text
from ...i18n import _
from ...pieces import DIE_COLOURS
from .. import theme
from ..share.markup import Markup, tag, void
from ..theme import COLOURS

DiceCallback = Callable[[Dice], object]

# Pip positions on a 3 × 3 grid (column, row), per face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}
FACE_PX = 58


class DiceController:
    """The dice of the round: rolled with its own seeded generator or set by hand.

    Observers are called with the new :class:`Dice` after every change.
    """

    def __init__(self, seed: int | None = None, dice: Dice | Sequence[int] | None = None) -> None:
        self._rng = random.Random(seed)
        self._observers: list[DiceCallback] = []
        self._dice = roll(self._rng) if dice is None else Dice.of(dice)
        self.rolls = 0

    @property
    def dice(self) -> Dice:
        return self._dice

    def roll(self) -> Dice:
        """Roll the three dice (deterministic for a given seed)."""
        self.rolls += 1
        return self._change(roll(self._rng))

    def set(self, red: int, white: int, blue: int) -> Dice:
        """Set the dice by hand (demonstrations, exercises)."""
        return self._change(Dice(red, white, blue))

    def set_die(self, colour: str, value: int) -> Dice:
        """Change one die."""
        values = dict(zip(DIE_COLOURS, self._dice.as_tuple(), strict=True))
        if colour not in values:
            raise ValueError(
                _("no {colour!r} die (expected one of {DIE_COLOURS})", colour=colour, DIE_COLOURS=DIE_COLOURS)
            )
        values[colour] = value
        return self.set(**values)

    def observe(self, callback: DiceCallback) -> None:
        self._observers.append(callback)

    def unobserve(self, callback: DiceCallback) -> None:
        self._observers.remove(callback)

    def _change(self, dice: Dice) -> Dice:
        self._dice = dice
        for callback in list(self._observers):
            callback(dice)
        return dice


def face_svg(colour: str, value: int, px: int = FACE_PX) -> Markup:
    """An SVG die face: rounded square in the die colour, ``value`` pips."""
    fill = theme.die_colour(colour)
    ink = COLOURS["ink_dark"] if colour == "white" else COLOURS["ink_light"]
    step, r = px / 4, px / 11
    pips = (
        void(
            "circle",
            cx=f"{step * (c + 1):.1f}",
            cy=f"{step * (r_ + 1):.1f}",
            r=f"{r:.1f}",
            fill=ink,
            closed=True,
        )
        for c, r_ in PIPS[value]
    )
    face = void(
        "rect",
        x="1.5",
        y="1.5",
        width=px - 3,
        height=px - 3,
        rx=f"{px / 6:.1f}",
        fill=fill,
        stroke=COLOURS["tile_edge"],
        stroke_width="2",
        closed=True,
    )
    return tag(
        "svg",
        face,
        *pips,
        class_="asteroyds-die",
        data_colour=colour,
        data_value=value,
        width=px,
        height=px,
        viewBox=f"0 0 {px} {px}",
        role="img",
        aria_label=f"{colour} die shows {value}",
    )


class DiceView(widgets.VBox):
    """Three dice (red, white, blue) with a Roll button and a menu per die."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        dice: Dice | Sequence[int] | None = None,
        controller: DiceController | None = None,
    ) -> None:
        super().__init__()
        self._controller = controller or DiceController(seed, dice)
        self._callbacks: list[DiceCallback] = []
        self._syncing = False
        self._faces = {c: widgets.HTML() for c in DIE_COLOURS}
        self._menus = {
            c: widgets.Dropdown(
                options=list(range(1, 7)),
                value=self._controller.dice.value(c),
                tooltip=_("Set the {colour} die", colour=colour_text(c)),
                description=_("Set the {colour} die", colour=colour_text(c)),  # read by screen readers
                layout=widgets.Layout(width=f"{FACE_PX}px"),
                _dom_classes=["asteroyds-sr-label"],
            )
            for c in DIE_COLOURS
        }
        for colour, menu in self._menus.items():
            menu.add_class(f"asteroyds-die-{colour}")
            menu.observe(self._menu_changed(colour), names="value")
        self._button = widgets.Button(description=_("Roll"), tooltip=_("Roll the three dice"))
        self._button.add_class("asteroyds-roll")
        self._button.add_class("asteroyds-primary")
        self._button.layout.width = "96px"
        self._button.on_click(lambda _b: self._run(self._controller.roll))
        self._text = widgets.HTML()
        self._text.add_class("asteroyds-caption")
        self._error = widgets.HTML()
        columns = [
            widgets.VBox([self._faces[c], self._menus[c]], layout=widgets.Layout(align_items="center"))
            for c in DIE_COLOURS
        ]
        title = widgets.HTML(tag("span", _("DICE"), class_="asteroyds-title"))
        row = widgets.HBox(
            [*columns, widgets.VBox([self._button], layout=widgets.Layout(justify_content="center"))],
            layout=widgets.Layout(align_items="center", grid_gap="12px"),
        )
        self.children = [widgets.HTML(theme.CSS), title, row, self._text, self._error]
        self.layout.width = "max-content"  # the default Layout, not a new one
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-dice")
        self._controller.observe(self._changed)
        self._show(self._controller.dice)

    @property
    def controller(self) -> DiceController:
        return self._controller

    @property
    def dice(self) -> Dice:
        return self._controller.dice

    def roll(self) -> Dice:
        return self._controller.roll()

    def set(self, red: int, white: int, blue: int) -> Dice:
        return self._controller.set(red, white, blue)

    def on_change(self, callback: DiceCallback, remove: bool = False) -> None:
        """Call ``callback(dice)`` after every roll or hand change."""
        if remove:
            self._callbacks.remove(callback)
        else:
            self._callbacks.append(callback)

    # --- internals ----------------------------------------------------------------
    def _menu_changed(self, colour: str) -> Callable[[dict], None]:
        def changed(change: dict) -> None:
            if not self._syncing:
                self._run(lambda: self._controller.set_die(colour, change["new"]))

        return changed

    def _run(self, action: Callable[[], object]) -> None:
        self._error.value = ""
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._error.value = theme.error_html(exc)

    def _changed(self, dice: Dice) -> None:
        self._show(dice)
        for callback in list(self._callbacks):
            try:
                callback(dice)
            except Exception as exc:
                self._error.value = theme.error_html(exc)

    def _show(self, dice: Dice) -> None:
        self._syncing = True
        try:
            for colour in DIE_COLOURS:
                value = dice.value(colour)
                self._faces[colour].value = face_svg(colour, value)
                self._menus[colour].value = value
        finally:
            self._syncing = False
        self._text.value = tag(
            "span",
            *(colour_text("red"), " ", tag("b", dice.red), " · "),
            *(colour_text("white"), " ", tag("b", dice.white), " · "),
            *(colour_text("blue"), " ", tag("b", dice.blue)),
            class_="asteroyds-dice-values",
            data_dice=f"{dice.red},{dice.white},{dice.blue}",
        )


__all__ = ["DiceController", "DiceView", "face_svg"]
