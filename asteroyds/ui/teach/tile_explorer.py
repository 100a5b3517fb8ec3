"""Turn one tile and roll its die: which way does it go? (chapter 1)

The learner rotates a tile and picks a die value; the arrow, the sentence and
the table of all six die values come from the engine
(:func:`asteroyds.pieces.die_direction` and :func:`~asteroyds.pieces.pip_on_edge`),
so what the tutorial shows is what the rules engine does. Directions and
colours are in the reader's language (``SO`` for SW in French).
"""

from __future__ import annotations

import ipywidgets as widgets

from ...dice import Dice
from ...event_text import and_list, colour_text, direction_text
from ...hexgrid import hexagon_board, hexagon_centre
from ...i18n import _, ngettext
from ...pieces import MOVED_BY, PIPS_CLOCKWISE, TILE_COLOURS, Piece, die_direction, pip_on_edge
from ...state import State
from ..board.picture import BoardPicture
from ..share.markup import tag
from .facts import die_rows
from .tables import FactTable

RADIUS = 2


def explorer_state(colour: str, orientation: int) -> State:
    """One tile in the middle of a small hexagonal board."""
    tile = Piece("T", "asteroid", hexagon_centre(RADIUS), colour, orientation % 6, 1)
    return State(mode="racing", pieces=(tile,), board=hexagon_board(RADIUS))


def explain(colour: str, orientation: int, die: int) -> str:
    """The sentence under the tile: its pips by edge, and where this die sends it."""
    edges = ", ".join(f"{direction_text(d)} {pip_on_edge(orientation, d)}" for d in range(6))
    direction = die_direction(orientation, die)
    phases = and_list([colour_text(c, "feminine") for c in MOVED_BY[colour]])
    return ngettext(
        "The '1' edge faces {facing}. Pips by edge: {edges}. A {die} on the die moves it towards the "
        "edge showing {die}: {direction} (it moves in the {phases} phase).",
        "The '1' edge faces {facing}. Pips by edge: {edges}. A {die} on the die moves it towards the "
        "edge showing {die}: {direction} (it moves in the {phases} phases).",
        len(MOVED_BY[colour]),
        facing=direction_text(orientation),
        edges=edges,
        die=die,
        direction=direction_text(direction),
        phases=phases,
    )


class TileExplorer(widgets.VBox):
    """A tile to rotate, a die to roll, and the direction the engine computes."""

    def __init__(self, colour: str = "red", orientation: int = 0, die: int = 1) -> None:
        self.colour, self.orientation, self.die = colour, orientation % 6, die
        self._board = BoardPicture(explorer_state(colour, self.orientation))  # turned by buttons: a picture
        self._left = widgets.Button(description=_("⟲ turn left"), layout=widgets.Layout(width="auto"))
        self._right = widgets.Button(description=_("turn right ⟳"), layout=widgets.Layout(width="auto"))
        self._left.on_click(lambda _b: self.rotate(-1))
        self._right.on_click(lambda _b: self.rotate(+1))
        self._die = widgets.ToggleButtons(options=[1, 2, 3, 4, 5, 6], value=die, description=_("Die"))
        self._die.style.button_width = "36px"
        self._die.observe(lambda ch: self.roll(ch["new"]), names="value")
        self._colour = widgets.Dropdown(
            options=[(colour_text(c), c) for c in TILE_COLOURS], value=colour, description=_("Tile")
        )
        self._colour.observe(lambda ch: self.recolour(ch["new"]), names="value")
        self._text = widgets.HTML()
        self._text.add_class("asteroyds-tile-explainer")
        self._table = FactTable([], [])
        for button in (self._left, self._right):  # as wide as their words: a phone's row wraps instead
            button.layout.flex = "0 0 auto"
        controls = widgets.HBox(
            [self._colour, self._left, self._right], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__([controls, self._die, self._board, self._text, self._table])
        self.add_class("asteroyds-tile-explorer")
        self._redraw()

    @property
    def direction(self) -> int:
        return die_direction(self.orientation, self.die)

    def rotate(self, notches: int) -> None:
        self.orientation = (self.orientation + notches) % 6
        self._redraw()

    def roll(self, die: int) -> None:
        if die not in PIPS_CLOCKWISE:
            raise ValueError(_("a die shows 1..6, not {die!r}", die=die))
        self.die = die
        if self._die.value != die:
            self._die.value = die
        self._redraw()

    def recolour(self, colour: str) -> None:
        self.colour = colour
        self._redraw()

    def _redraw(self) -> None:
        # Every die shows the same value here, so a bicolour tile's two arrows agree.
        with self._board.hold():
            self._board.update(explorer_state(self.colour, self.orientation))
            self._board.show_intended_moves(Dice(self.die, self.die, self.die))
        self._text.value = tag("p", explain(self.colour, self.orientation, self.die))
        rows = die_rows(self.orientation)
        self._table.show(
            [_("Die"), *(die for die, _way in rows)],
            [[_("moves the tile towards"), *(way for _die, way in rows)]],
            caption=_("Every die value for this tile (its '1' edge faces {facing})",
                      facing=direction_text(self.orientation)),
            marked=(self.die,),
        )  # fmt: skip
