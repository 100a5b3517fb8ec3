"""Pixels: hex layout maths and the static SVG renderer. Only this package knows pixels."""

from .layout import Layout
from .svg import COLOURS, craft_tip, state_svg, write_svg

__all__ = ["COLOURS", "Layout", "craft_tip", "state_svg", "write_svg"]
