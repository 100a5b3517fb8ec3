"""The legend of the board: one sample of each piece, drawn as the board draws it, and what it is.

A newcomer looking at a board sees coloured hexes, darts and numbers (issue 35):
the legend names them. Each sample is one hex drawn by the same functions as the
board (:func:`~.pieces.piece_group`, :func:`~.crafts.craft_group`), so the legend
cannot drift from the picture. Which samples a board needs follows from its pieces
(:func:`legend_keys`); the words are marked for translation here and translated
where they are shown (``_(words)``).

>>> from asteroyds.setups import racing
>>> legend_keys(racing(seed=1, players=["blue", "red"]))
('craft', 'asteroid', 'numbers', 'gate', 'pod', 'platform')
>>> sample_svg("craft").startswith("<svg") and 'data-id="craft:blue"' in sample_svg("craft")
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..i18n import N_
from ..pieces import ASTEROID, ASTEROYD, DRONE, GATE, PLATFORM, POD, TURRET, Craft, Piece
from .crafts import craft_group
from .edge_numbers import edge_number_texts
from .elements import el, hex_corners, num, poly
from .layout import Layout
from .palette import Palette
from .pieces import piece_group

if TYPE_CHECKING:  # pragma: no cover
    from ..state import State

HERE = (0, 0)
# One sample per entry, in the order a newcomer needs them: the crafts, then what moves, then what stays.
SAMPLES: dict[str, Piece | Craft] = {
    "craft": Craft("blue", HERE, 5, damage=1),
    "asteroid": Piece("R7", ASTEROID, HERE, colour="red", orientation=0, priority=7),
    "numbers": Piece("W3", ASTEROID, HERE, colour="white", orientation=0, priority=3),
    "gate": Piece("GA", GATE, HERE, colour="white", orientation=0, priority=12, symbol="A"),
    "pod": Piece("P1", POD, HERE),
    "platform": Piece("S1", PLATFORM, HERE, colour="green", orientation=5),
    "turret": Piece("T1", TURRET, HERE, orientation=0, symbol="A", team="red"),
    "drone": Piece("D1", DRONE, HERE, colour="red", orientation=0, priority=20, symbol="A"),
    "target": Piece("W5", ASTEROID, HERE, colour="white", orientation=0, priority=5, target="3"),
    "asteroyd": Piece("Y1", ASTEROYD, HERE, team="red", home=HERE),
}
WORDS: dict[str, str] = {
    "craft": N_(
        "A craft, in its player's colour. Its point shows where it faces; the number on it is its damage."
    ),
    "asteroid": N_(
        "An asteroid: the red, white or blue die moves the tiles of its colour. The big number is its "
        "priority (the lowest moves first); the dot marks its “1” edge."
    ),
    "numbers": N_(
        "With “Numbers on tiles”: the small numbers round a tile are the die faces. A die showing 5 "
        "sends the tile across its “5” edge."
    ),
    "gate": N_("A gate (A to D): it drifts like an asteroid. Fly through it to take its token."),
    "pod": N_("A pod: a grey obstacle that never moves."),
    "platform": N_(
        "A start platform, in its player's colour: the craft starts here, facing its small arrow. It never "
        "moves."
    ),
    "turret": N_("A turret, in its team's colour: its barrel shows its “1” edge; it never moves."),
    "drone": N_("A drone: it leaves its turret and moves like an asteroid. Shoot it to take its symbol."),
    "target": N_("A target on an asteroid: shoot the asteroid, or ram it, to take the target."),
    "asteroyd": N_("An asteroyd, in its team's colour: fly onto it to carry it home."),
}
# The pieces that carry die numbers on their edges (the "numbers" sample explains them).
NUMBERED = (ASTEROID, GATE, DRONE, TURRET)


def legend_keys(state: State) -> tuple[str, ...]:
    """The samples a board needs: its crafts, and each kind of piece on it (in :data:`SAMPLES` order)."""
    kinds = {p.kind for p in state.pieces}
    present = {
        "craft": any(c.cell is not None for c in state.crafts),
        "asteroid": ASTEROID in kinds,
        "numbers": bool(kinds & set(NUMBERED)),
        "gate": GATE in kinds,
        "pod": POD in kinds,
        "platform": PLATFORM in kinds,
        "turret": TURRET in kinds,
        "drone": DRONE in kinds,
        "target": any(p.target is not None for p in state.pieces),
        "asteroyd": ASTEROYD in kinds,
    }
    return tuple(key for key in SAMPLES if present[key])


def sample_svg(key: str, size: float = 20.0) -> str:
    """One hex of the board with the sample ``key`` on it, as a small SVG (decorative: its words say it)."""
    pal = Palette(None)
    pad = 0.15 * size
    lay = Layout(size=size, origin=(pad, pad))
    width, height = lay.width + 2 * pad, 2 * size + 2 * pad
    sample = SAMPLES[key]
    numbers = key == "numbers"
    if isinstance(sample, Craft):
        drawn = craft_group(lay, sample, pal)
    else:
        drawn = piece_group(lay, sample, pal, dot=not numbers)
        if numbers:
            drawn += "".join(edge_number_texts(lay, sample))
    hexagon = poly(hex_corners(lay, HERE), fill=pal["board_hex"], stroke=pal["board_hex_edge"])
    return el(
        "svg",
        hexagon + drawn,
        xmlns="http://www.w3.org/2000/svg",
        cls="asteroyds-legend-sample",
        viewBox=f"0 0 {num(width)} {num(height)}",
        width=width,
        height=height,
        aria_hidden="true",
    )


__all__ = ["SAMPLES", "WORDS", "legend_keys", "sample_svg"]
