"""The crafts of the static picture: darts in their players' colours, and the asteroyds they carry.

Crafts sharing a space are drawn side by side, smaller (:data:`CRAFT_SPOTS`);
a lone craft on a gate, a turret or a drone shrinks a little so the piece
under it stays visible.

>>> from asteroyds.setups import racing
>>> from .layout import Layout
>>> lay = Layout(size=24.0, origin=(0.0, 0.0))
>>> tuple(round(v) for v in craft_tip(lay, racing(seed=1, players=["blue"]).craft("blue")))
(315, 204)
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..hexgrid import Cell, direction_name
from ..i18n import _
from ..pieces import ASTEROYD, DRONE, GATE, TURRET, Craft, Piece
from .elements import Point, along, cell_attr, centred_text, group, poly, title_el
from .layout import Layout
from .palette import Palette
from .pieces import carried_asteroyd

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State

# Where crafts sharing a cell sit, as (dx, dy) in hex radii, and how much they shrink.
CRAFT_SPOTS: dict[int, tuple[tuple[tuple[float, float], ...], float]] = {
    1: (((0.0, 0.0),), 1.0),
    2: (((-0.34, 0.0), (0.34, 0.0)), 0.62),
    3: (((0.0, -0.36), (-0.34, 0.26), (0.34, 0.26)), 0.55),
    4: (((-0.3, -0.3), (0.3, -0.3), (-0.3, 0.3), (0.3, 0.3)), 0.55),
}


def craft_tip(lay: Layout, craft: Craft, spot: tuple[float, float] = (0.0, 0.0), scale: float = 1.0) -> Point:
    """Where the nose of a craft's arrow is drawn: the first point of its polygon."""
    if craft.cell is None:
        raise ValueError(
            _("the {player} craft is destroyed: it has no place on the board", player=craft.player)
        )
    cx, cy = lay.cell_to_pixel(craft.cell)
    centre = (cx + spot[0] * lay.size, cy + spot[1] * lay.size)
    return along(centre, craft.facing, 0.74 * lay.size * scale)


def craft_spots(count: int) -> tuple[tuple[tuple[float, float], ...], float]:
    """Where ``count`` crafts on one space sit, and their scale (beyond four: a ring).

    The widgets' board (:mod:`asteroyds.ui.board.scene`) places stacked crafts the same way,
    so each dart shows its facing in both pictures.
    """
    if count in CRAFT_SPOTS:
        return CRAFT_SPOTS[count]
    turn = 2 * math.pi / count
    ring = tuple((0.38 * math.sin(k * turn), -0.38 * math.cos(k * turn)) for k in range(count))
    return ring, 0.42


def _craft(lay: Layout, craft: Craft, spot: tuple[float, float], scale: float, pal: Palette) -> str:
    """A dart in the player's colour pointing along its facing, its damage written on it."""
    assert craft.cell is not None
    s = lay.size * scale
    cx, cy = lay.cell_to_pixel(craft.cell)
    centre = (cx + spot[0] * lay.size, cy + spot[1] * lay.size)
    d = craft.facing
    dart = [
        craft_tip(lay, craft, spot, scale),
        along(centre, d, -0.52 * s, 0.56 * s),
        along(centre, d, -0.26 * s),
        along(centre, d, -0.52 * s, -0.56 * s),
    ]
    join = {"stroke_linejoin": "round"}
    return group(
        "craft",
        [
            title_el(str(craft)),
            poly(dart, fill="none", stroke=pal["halo"], stroke_width=0.24 * s, **join),
            poly(
                dart,
                cls="body",
                fill=pal.craft(craft),
                stroke=pal["outline"],
                stroke_width=0.08 * s,
                **join,
            ),
            centred_text(
                centre,
                str(craft.damage),
                max(6.0, 0.4 * s),
                pal["ink_light"],
                halo=pal["outline"],
                cls="damage",
            ),
        ],
        data_id=f"craft:{craft.player}",
        data_player=craft.player,
        data_cell=cell_attr(craft.cell),
        data_facing=direction_name(d),
        data_damage=craft.damage,
    )


def craft_group(lay: Layout, craft: Craft, pal: Palette) -> str:
    """One craft alone on its space, as the board draws it (the legend's sample)."""
    return _craft(lay, craft, (0.0, 0.0), 1.0, pal)


def crafts_layer(lay: Layout, state: State, pal: Palette) -> list[str]:
    """Every craft still on the board, in state order, each followed by the asteroyds it carries."""
    carried: dict[str, list[Piece]] = {}
    for p in state.pieces:
        if p.kind == ASTEROYD and p.carrier:
            carried.setdefault(p.carrier, []).append(p)
    by_cell: dict[Cell, list[Craft]] = {}
    for craft in state.crafts_in_order():
        if craft.cell is not None:
            by_cell.setdefault(craft.cell, []).append(craft)
    out = []
    for cell, crafts in by_cell.items():
        spots, scale = craft_spots(len(crafts))
        if len(crafts) == 1 and any(p.kind in (GATE, TURRET, DRONE) for p in state.pieces_at(cell)):
            scale = 0.8  # leave the gate's ring or the turret's barrel visible around it
        for c, spot in zip(crafts, spots, strict=True):
            out.append(_craft(lay, c, spot, scale, pal))
            for p in carried.get(c.player, ()):
                cx, cy = lay.cell_to_pixel(cell)
                out.append(
                    carried_asteroyd(lay, p, (cx + spot[0] * lay.size, cy + spot[1] * lay.size), scale, pal)
                )
    return out
