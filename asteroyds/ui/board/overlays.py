"""The teaching overlays as plain data: what a lesson points at on the board, and its curves.

:func:`intended_moves` says where each moving tile goes for some dice;
:func:`overlay` draws those arrows, highlighted cells, a craft's ghost path
and its collisions, crossed-out cells; :func:`laser_overlay` draws a laser
beam. No widgets: the view pushes these layers into its marks.

>>> from asteroyds import setup
>>> racing = setup("racing", seed=1, players=["blue"])
>>> layers = overlay(racing, intended_moves(racing, (3, 5, 2)), highlighted=[(6, 8)])
>>> len(layers["arrows"].curves), layers["highlight"].keys
(32, ['6,8'])
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ...asteroids import STEPS
from ...dice import Dice
from ...hexgrid import Cell, direction_name
from ...pieces import DIE_COLOURS, die_direction
from ...render.layout import Layout
from ...render.overlays import arrow_shifts
from ...state import State
from .. import theme
from ..theme import COLOURS
from .cells import describe_cell
from .layers import (
    LASER_LAYERS,
    OVERLAY_LAYERS,
    Curve,
    Point,
    Shapes,
    along,
    as_cell,
    board_layout,
    cell_key,
    hex_curve,
)

# Laser beams: a wide translucent glow under a thin bright core, a burst where it hits.
# (the rules: docs/rules.md#7-shooting)
LASER_COLOURS: dict[str, str] = {"glow": "#ff2b6a", "core": "#c8003c", "burst": "#ffd21f"}
LASER_GLOW_OPACITY = 0.35


class Arrow(NamedTuple):
    """One intended move: ``piece`` moves ``steps`` spaces ``direction`` in the ``die`` phase."""

    piece: str
    die: str
    direction: int
    steps: int

    def __str__(self) -> str:
        return f"{self.piece}:{self.die}:{direction_name(self.direction)}:{self.steps}"


def arrow_curve(lay: Layout, cell: Cell, direction: int, steps: int, shift: float = 0.0) -> Curve:
    """An open arrow (shaft and head, 5 points) from a tile towards where it moves."""
    centre = along(lay.cell_to_pixel(cell), direction, 0.0, shift * lay.size)
    w = lay.width
    reach = 0.92 * w if steps <= 1 else 1.8 * w
    tip = along(centre, direction, reach)
    start = along(centre, direction, 0.28 * w)
    barb = 0.26 * w
    return [start, tip, along(tip, direction, -barb, 0.17 * w), tip, along(tip, direction, -barb, -0.17 * w)]


def cross_curves(lay: Layout, cell: Cell) -> list[Curve]:
    """The two strokes of an X over a cell (a collision)."""
    cx, cy = lay.cell_to_pixel(cell)
    r = 0.42 * lay.size
    return [[(cx - r, cy - r), (cx + r, cy + r)], [(cx - r, cy + r), (cx + r, cy - r)]]


def intended_moves(state: State, dice: Dice | Sequence[int]) -> tuple[Arrow, ...]:
    """For each moving tile and each of its dice: where these dice send it (display only).

    >>> from asteroyds import setup
    >>> intended_moves(setup("racing", seed=1, players=["blue"]), (3, 5, 2))[0]
    Arrow(piece='W3', die='white', direction=4, steps=1)
    """
    dice = Dice.of(dice)
    return tuple(
        Arrow(p.id, colour, die_direction(p.orientation or 0, dice.value(colour)), STEPS[colour])
        for p in state.moving_tiles()
        for colour in DIE_COLOURS
        if p.moved_by(colour)
    )


def overlay(
    state: State,
    arrows: Sequence[Arrow] = (),
    highlighted: Iterable[Cell] = (),
    path: Sequence[Cell] = (),
    collisions: Iterable[Cell] = (),
    path_colour: str | None = None,
    disabled: Iterable[Cell] = (),
    wrong: Iterable[Cell] = (),
) -> dict[str, Shapes]:
    """The overlay curves per mark: intended-move arrows, highlights, a path and its collisions.

    ``disabled`` cells (capture mode: turrets out of action this turn) are crossed out; a ``wrong``
    cell (a wrong answer's space) is outlined and crossed in its own colour.
    """
    lay = board_layout()
    layers = {name: Shapes() for name in OVERLAY_LAYERS}
    # a bicolour tile's two arrows side by side, two tiles heading at each other apart (as the picture)
    shifts = arrow_shifts([(state.piece(a.piece).cell, a.direction, a.steps) for a in arrows])
    for a, shift in zip(arrows, shifts, strict=True):
        curve = arrow_curve(lay, state.piece(a.piece).cell, a.direction, a.steps, shift)
        layers["shadow"].add(curve, COLOURS["outline"], key=str(a))
        layers["arrows"].add(curve, theme.die_colour(a.die), key=str(a))
    for cell in highlighted:
        layers["highlight"].add(hex_curve(lay, cell, 0.97), COLOURS["highlight"], key=cell_key(cell))
    if path:
        points = [lay.cell_to_pixel(c) for c in path]
        layers["path"].add(points if len(points) > 1 else points * 2, path_colour or COLOURS["path"])
    for cell in collisions:
        for curve in cross_curves(lay, cell):
            layers["collisions"].add(curve, COLOURS["collision"], key=cell_key(cell))
    for cell in disabled:
        layers["disabled"].add(hex_curve(lay, cell, 0.8), LASER_COLOURS["core"], key=cell_key(cell))
        for curve in cross_curves(lay, cell):
            layers["disabled"].add(curve, LASER_COLOURS["core"], key=cell_key(cell))
    for cell in wrong:
        layers["wrong"].add(hex_curve(lay, cell, 0.9), COLOURS["wrong"], key=cell_key(cell))
        for curve in cross_curves(lay, cell):
            layers["wrong"].add(curve, COLOURS["wrong"], key=cell_key(cell))
    return layers


def laser_overlay(
    path: Sequence[Cell], hit: bool = False, start: Cell | None = None, direction: int | None = None
) -> dict[str, Shapes]:
    """A laser beam's curves per mark: glow, core and (``hit``) a burst on the last space of ``path``.

    The beam runs from the centre of ``start`` (the shooter's space, if given)
    through every space of ``path``. A laser that hits nothing runs on past its
    last space to the edge of the board (``direction``, else the direction of
    its last step).
    """
    lay = board_layout()
    layers = {name: Shapes() for name in LASER_LAYERS}
    points = [lay.cell_to_pixel(c) for c in ([start] if start is not None else []) + list(path)]
    if not points:
        return layers
    if direction is None and len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        direction = round(math.degrees(math.atan2(y1 - y0, x1 - x0)) / 60) % 6
    if not hit and direction is not None:
        points.append(along(points[-1], direction, 0.9 * lay.width))  # off the board
    elif len(points) == 1:
        points.append(points[0])
    layers["laser_glow"].add(points, LASER_COLOURS["glow"], key="laser")
    layers["laser"].add(points, LASER_COLOURS["core"], key="laser")
    if hit and path:
        layers["laser_hit"].add(_burst(points[-1], 0.8 * lay.size), LASER_COLOURS["core"],
                                LASER_COLOURS["burst"], key=cell_key(path[-1]))  # fmt: skip
    return layers


def _burst(centre: Point, radius: float, spikes: int = 8) -> Curve:
    """A closed star: where a laser hits."""
    pts = []
    for k in range(2 * spikes):
        r = radius if k % 2 == 0 else 0.45 * radius
        a = math.pi * k / spikes
        pts.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return pts + pts[:1]


class Overlays:
    """What a lesson points at on one board: the dice's arrows, highlighted cells, a ghost path and
    its collisions, crossed-out cells, a laser beam.

    Its own object because these marks change on their own (a replay step, a
    plan being edited) over whatever state the board shows; they follow the
    state only through the dice, whose arrows are worked out again for each
    new state (:meth:`follow`). The view owns one and draws :meth:`layers`.
    """

    def __init__(self) -> None:
        self.path_colour: str | None = None  # a player's colour for the path, or the default
        self.clear()

    def clear(self) -> None:
        """No arrows, highlights, path, collisions, crossed-out cells or laser."""
        self.dice: Dice | None = None
        self.arrows: tuple[Arrow, ...] = ()
        self.highlighted: tuple[Cell, ...] = ()
        self.path: tuple[Cell, ...] = ()
        self.collisions: tuple[Cell, ...] = ()
        self.disabled: tuple[Cell, ...] = ()
        self.wrong: tuple[Cell, ...] = ()
        self.laser: tuple[Cell, ...] = ()
        self.laser_hit: Cell | None = None
        self.laser_start: Cell | None = None
        self.laser_direction: int | None = None

    def show_dice(self, state: State, dice: Dice | Sequence[int] | None) -> None:
        """The arrows of ``dice`` on ``state`` (``None``: no dice, no arrows)."""
        self.dice = None if dice is None else Dice.of(dice)
        self.follow(state)

    def follow(self, state: State) -> None:
        """The arrows for a new state: the same dice move the tiles from where they are now."""
        self.arrows = () if self.dice is None else intended_moves(state, self.dice)

    def highlight(self, cells: Iterable[Cell]) -> None:
        self.highlighted = tuple(as_cell(c) for c in cells)

    def show_path(self, cells: Iterable[Cell], collisions: Iterable[Cell], colour: str | None) -> None:
        """A ghost path and its collisions; ``colour`` is a colour (``None``: the default one)."""
        self.path = tuple(as_cell(c) for c in cells)
        self.collisions = tuple(as_cell(c) for c in collisions)
        self.path_colour = colour

    def show_laser(
        self, path: Iterable[Cell], hit: object, start: Cell | None, direction: int | None
    ) -> None:
        """A beam through ``path``; ``hit`` (anything but None or False) bursts on its last space."""
        self.laser = tuple(as_cell(c) for c in path)
        self.laser_start = None if start is None else as_cell(start)
        self.laser_hit = self.laser[-1] if (hit is not None and hit is not False and self.laser) else None
        self.laser_direction = direction

    def show_disabled(self, cells: Iterable[Cell]) -> None:
        self.disabled = tuple(as_cell(c) for c in cells)

    def mark_wrong(self, cells: Iterable[Cell]) -> None:
        """The spaces of wrong answers (``()`` clears them)."""
        self.wrong = tuple(as_cell(c) for c in cells)

    def layers(self, state: State) -> dict[str, Shapes]:
        """The curves of every overlay mark (:func:`overlay` and :func:`laser_overlay`) over ``state``."""
        layers = overlay(
            state,
            self.arrows,
            self.highlighted,
            self.path,
            self.collisions,
            self.path_colour,
            self.disabled,
            self.wrong,
        )
        laser = laser_overlay(self.laser, self.laser_hit is not None, self.laser_start, self.laser_direction)
        return {**layers, **laser}

    def data(self) -> dict[str, str]:
        """The page's machine-readable attributes of the overlays (browser tests read them)."""
        return {
            "data-dice": "" if self.dice is None else ",".join(map(str, self.dice.as_tuple())),
            "data-moves": " ".join(map(str, self.arrows)),
            "data-highlight": " ".join(map(cell_key, self.highlighted)),
            "data-path": " ".join(map(cell_key, self.path)),
            "data-collisions": " ".join(map(cell_key, self.collisions)),
            "data-laser": " ".join(map(cell_key, self.laser)),
            "data-laser-hit": "" if self.laser_hit is None else cell_key(self.laser_hit),
            "data-disabled": " ".join(map(cell_key, self.disabled)),
            "data-wrong": " ".join(map(cell_key, self.wrong)),
        }


class ShowsOverlays:
    """What a board shows of its :class:`Overlays`, read-only: one set of properties for the
    interactive board (:class:`~.view.BoardView`) and its picture (:class:`~.picture.BoardPicture`),
    so a test or a page reads either the same way."""

    _overlays: Overlays
    _state: State

    @property
    def dice(self) -> Dice | None:
        """The dice whose intended moves are shown, if any."""
        return self._overlays.dice

    @property
    def intended_moves(self) -> tuple[Arrow, ...]:
        return self._overlays.arrows

    @property
    def highlighted(self) -> tuple[Cell, ...]:
        return self._overlays.highlighted

    @property
    def path(self) -> tuple[Cell, ...]:
        return self._overlays.path

    @property
    def collisions(self) -> tuple[Cell, ...]:
        return self._overlays.collisions

    @property
    def wrong(self) -> tuple[Cell, ...]:
        """The spaces marked as wrong answers."""
        return self._overlays.wrong

    @property
    def disabled(self) -> tuple[Cell, ...]:
        """The cells shown as disabled."""
        return self._overlays.disabled

    @property
    def laser(self) -> tuple[Cell, ...]:
        """The spaces of the laser beam shown (empty when there is none)."""
        return self._overlays.laser

    @property
    def laser_hit(self) -> Cell | None:
        """The space where the laser shown hits something, or None."""
        return self._overlays.laser_hit

    def describe_cell(self, cell: Cell) -> str:
        """What stands on a cell, in words."""
        return describe_cell(self._state, cell)
