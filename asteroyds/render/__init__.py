"""Pixels: hex layout maths and the static SVG renderer. Only this package knows pixels."""
