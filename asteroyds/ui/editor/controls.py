"""Small widget makers the scenario editor's sections share: a button, a sized widget, a section title.

Each section of :class:`~asteroyds.ui.editor.view.ScenarioEditor` (the tool
palette, the selection's settings, the files) builds its widgets with these,
so every button carries its CSS class (what the browser tests find) and
every title looks the same.
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from ..share.markup import Markup, tag

# What every section is given to run a controller call: errors are shown in the widget, not raised.
Run = Callable[[Callable[[], object]], None]


def button(label: str, css: str, tooltip: str, width: str = "auto", primary: bool = False) -> widgets.Button:
    """A button with its CSS class (``asteroyds-editor-…``), primary if it is the section's main action."""
    made = widgets.Button(description=label, tooltip=tooltip, layout=widgets.Layout(width=width))
    made.add_class(css)
    if primary:
        made.add_class("asteroyds-primary")
    return made


def sized(widget: widgets.Widget, width: str, css: str = "") -> widgets.Widget:
    """``widget`` at ``width``, with a CSS class if given."""
    widget.layout.width = width
    if css:
        widget.add_class(css)
    return widget


def title(text: str) -> widgets.HTML:
    """A section title (``asteroyds-title``), escaped."""
    return widgets.HTML(title_html(text))


def title_html(text: str) -> Markup:
    """The markup of a section :func:`title`, for a fragment that has one among other things."""
    return tag("span", text, class_="asteroyds-title")


__all__ = ["Run", "button", "sized", "title"]
