"""The picture's colours: :data:`COLOURS`, and a palette that takes a caller's overrides.

:data:`COLOURS` uses the key names of :mod:`asteroyds.ui.theme` (tile
colours ``red``/``white``/``blue``, players ``player_<colour>``, ``ink_dark``
...), which adopts the entries both tables name; the light board hexes are
this picture's own (``board_hex``), as the widgets draw dark ones. A
:class:`Palette` is its own object because one picture may override a few
entries (``state_svg(colours=...)``) and every drawing asks it, not the table,
for a player's, a tile's or a team's colour.

>>> Palette({"player_blue": "#000000"}).player("blue"), Palette(None).player("nobody")
('#000000', '#9aa3b2')
"""

from __future__ import annotations

from collections.abc import Mapping

from ..pieces import Craft

COLOURS: dict[str, str] = {
    # space and the board
    "background": "#0b1533",
    "star": "#dfe8ff",
    "board_edge": "#2c3c66",
    "board_hex": "#e4e9f2",
    "board_hex_edge": "#a3afc4",
    "coordinates": "#8a97ad",
    "caption": "#e8eeff",
    # tile colours (the printed tiles and the dice)
    "red": "#d62f36",
    "white": "#fbfbf6",
    "blue": "#2163c8",
    "tile_edge": "#1c2436",
    "gate": "#27314f",  # the ground of a gate tile; its ring has the gate's colour
    "ink_dark": "#1c2436",
    "ink_light": "#ffffff",
    "pip": "#1c2436",
    # fixed pieces
    "pod": "#8e96a3",
    "pod_ring": "#c3c9d2",
    "pod_edge": "#4a515c",
    "turret": "#4a5169",
    "barrel": "#d0d5df",
    # player colours (crafts and platforms)
    "player_blue": "#2f6fe0",
    "player_red": "#e23b3b",
    "player_green": "#25a347",
    "player_yellow": "#f4c51b",
    "player_orange": "#f5861f",
    "player_purple": "#8d4fd0",
    "unknown": "#9aa3b2",  # a player or tile colour this table does not name
    # team colours (capture mode: crafts red1, white2 ..., asteroyds, platform and turret rims)
    "team_red": "#e23b3b",
    "team_white": "#eceff3",
    "team_blue": "#2f6fe0",
    "team_edge": "#1c2436",
    "disabled": "#ff2d2d",
    # marks and overlays
    "target": "#e0262d",
    "target_ring": "#ffffff",
    "highlight": "#ffd21f",
    "arrow": "#ff2d8a",
    "route": "#00a6a6",
    "outline": "#0d1324",
    "halo": "#ffffff",
    "collision": "#ff2b2b",  # a ghost route stopped
    "laser_glow": "#ff2b6a",  # a laser beam: a wide translucent glow, a thin core, a burst where it hits
    "laser": "#c8003c",
    "laser_burst": "#ffd21f",
}


class Palette:
    """:data:`COLOURS` with the caller's overrides."""

    def __init__(self, overrides: Mapping[str, str] | None) -> None:
        self.table = {**COLOURS, **(overrides or {})}

    def __getitem__(self, key: str) -> str:
        return self.table[key]

    def player(self, name: str | None) -> str:
        """A player's colour (``unknown`` for a name the table lacks)."""
        return self.table.get(f"player_{name}", self.table["unknown"])

    def tile(self, colour: str) -> str:
        """A tile or die colour (``red``, ``white``, ``blue``)."""
        return self.table.get(colour, self.table["unknown"])

    def team(self, team: str | None) -> str:
        """A capture team's colour."""
        return self.table.get(f"team_{team}", self.table["unknown"])

    def craft(self, craft: Craft) -> str:
        """A player colour when the player is named after one, else the craft's team colour."""
        if f"player_{craft.player}" in self.table or not craft.team:
            return self.player(craft.player)
        return self.team(craft.team)
