"""The colour table and shared look of the widgets (a light board in dark space).

One table for every view, so a red asteroid on the board and the red die look
alike. The static SVG renderer's table (:data:`asteroyds.render.svg.COLOURS`)
is the source: every colour it defines is taken from it, under the names the
widgets use; the defaults below only fill in what it lacks (and stand in if
it is missing).

>>> tile_fill("white/red") == COLOURS["white"], tile_second("white/red") == COLOURS["red"]
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from string import Template

from ..i18n import _
from .share.markup import Markup, style, tag
from .share.sentences import error_sentence

# The widgets' names, with the SVG renderer's name for the same colour and a default.
_TABLE: dict[str, tuple[str | None, str]] = {
    # space and the board
    "background": ("background", "#0b1533"),
    "star": ("star", "#dfe8ff"),
    "board_edge": ("board-edge", "#2c3c66"),
    "hex": ("hex", "#e4e9f2"),
    "hex_edge": ("hex-stroke", "#a3afc4"),
    "text": ("title", "#e8eeff"),
    "muted": (None, "#9aa6cc"),
    # tiles and dice
    "red": ("tile-red", "#d62f36"),
    "white": ("tile-white", "#fbfbf6"),
    "blue": ("tile-blue", "#2163c8"),
    "tile_edge": ("tile-stroke", "#1c2436"),
    "gate_ground": ("gate-ground", "#27314f"),
    "ink_dark": ("text-dark", "#1c2436"),
    "ink_light": ("text-light", "#ffffff"),
    "pip": ("pip", "#1c2436"),
    "halo": ("halo", "#ffffff"),
    "outline": ("outline", "#0d1324"),
    # fixed pieces
    "pod": ("pod", "#8e96a3"),
    "pod_light": ("pod-light", "#c3c9d2"),
    "pod_edge": ("pod-stroke", "#4a515c"),
    "turret": ("turret", "#353b48"),
    "turret_barrel": ("turret-barrel", "#c7ccd6"),
    # overlays
    "highlight": ("highlight", "#ffd21f"),
    "path": ("path", "#00a6a6"),
    "collision": (None, "#ff2b2b"),
    "wrong": (None, "#ff5cc8"),  # a wrong answer's space: outlined and crossed (magenta: not a collision)
    "damage": (None, "#ff7b7b"),
    "arrow_shadow": ("outline", "#0d1324"),
    "craft_edge": ("outline", "#0d1324"),
    # players: crafts and platforms
    "player_blue": ("blue", "#2f6fe0"),
    "player_red": ("red", "#e23b3b"),
    "player_green": ("green", "#25a347"),
    "player_yellow": ("yellow", "#f4c51b"),
    "player_orange": ("orange", "#f5861f"),
    "player_purple": ("purple", "#8d4fd0"),
    "player_other": ("player", "#9aa3b2"),
}

try:
    from ..render.svg import COLOURS as SVG_COLOURS
except ImportError:  # pragma: no cover - the SVG renderer is optional for the widgets
    SVG_COLOURS = {}

COLOURS: dict[str, str] = {
    name: str(SVG_COLOURS.get(svg_name, default)) if svg_name else default
    for name, (svg_name, default) in _TABLE.items()
}

FONT = "'DejaVu Sans', Verdana, Helvetica, Arial, sans-serif"
LIGHT_PLAYERS: frozenset[str] = frozenset({"yellow", "orange", "green"})


def player_colour(player: str | None) -> str:
    """The colour of a player's craft or platform (grey for none or an unknown one)."""
    return COLOURS.get(f"player_{player}", COLOURS["player_other"])


def player_ink(player: str | None) -> str:
    """Text colour readable on a player's colour."""
    return COLOURS["ink_dark"] if player in LIGHT_PLAYERS else COLOURS["ink_light"]


def tile_fill(colour: str | None) -> str:
    """The main colour of a tile: white for the bicolours, else the tile's own colour."""
    first = (colour or "white").split("/")[0]
    return COLOURS.get(first, COLOURS["player_other"])


def tile_second(colour: str | None) -> str | None:
    """The second colour of a bicolour tile (its right half), or ``None``."""
    parts = (colour or "").split("/")
    return COLOURS.get(parts[1], COLOURS["player_other"]) if len(parts) == 2 else None


def tile_ink(colour: str | None) -> str:
    """Text colour readable on a single-coloured tile."""
    return COLOURS["ink_dark"] if (colour or "white") == "white" else COLOURS["ink_light"]


def die_colour(colour: str) -> str:
    """Fill of a die face: the tile colour of the same name."""
    return COLOURS.get(colour, COLOURS["player_other"])


def error_html(exc: BaseException) -> str:
    """A one-line error for a widget's message area: a sentence (never a class name, never a traceback)."""
    return error_line(error_sentence(exc))


def error_line(sentence: str) -> Markup:
    """The error line of :func:`error_html` for a sentence already said (a controller's error)."""
    shown = style(color=COLOURS["collision"], font_weight="bold")
    return tag("span", "⚠ ", sentence, class_="asteroyds-error-text", style=shown)


def caption_html(text: str) -> Markup:
    """A line in the small muted type of captions and notes (``asteroyds-caption``)."""
    return tag("span", text, class_="asteroyds-caption")


def verdict_html(text: str, ok: bool) -> str:
    """A chart's answer to a move: accepted, or refused with a warning sign (``data-kind`` says which);
    nothing when there is nothing to say."""
    kind = "accepted" if ok else "refused"
    return tag("span", "" if ok else "⚠ ", text, class_=f"asteroyds-{kind}", data_kind=kind) if text else ""


@cache
def _sheet(name: str, chart: tuple[tuple[str, str], ...]) -> Markup:
    css = (resources.files("asteroyds.ui") / "static" / f"{name}.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/\n?", "", css, flags=re.S)  # comments are for the maintainer
    values = {**COLOURS, "font": FONT, **{f"chart_{key}": value for key, value in chart}}
    try:
        return tag("style", Markup(Template(css).substitute(values)))
    except (KeyError, ValueError) as exc:  # a maintainer's typo in a .css file: say which file
        raise ValueError(
            _(
                "asteroyds/ui/static/{name}.css: unknown or broken placeholder {problem}",
                name=name,
                problem=exc,
            )
        ) from None


def sheet(name: str, chart: Mapping[str, str] | None = None) -> Markup:
    """The style element of ``asteroyds/ui/static/<name>.css``, read and filled in once per process.

    Why files: CSS in Python strings had to double every brace and could not be
    read, linted or edited as CSS. A sheet names theme colours as ``${red}``,
    the font as ``${font}`` and a chart's own inks (``chart``) as ``${chart_edge}``.
    Each view carries its sheets in a small HTML child (a repeat is harmless).
    """
    return _sheet(name, tuple(sorted((chart or {}).items())))


CSS = sheet("theme")
