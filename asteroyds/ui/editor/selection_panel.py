"""The editor's *Selected* section: the selection in words, the buttons that act on it, a craft's settings.

:class:`SelectionPanel` owns those widgets: the Selected line, Rotate left and
right, Remove, Set priority, and (shown only when a craft is selected) its
damage, pilot and gate tokens with *Apply*. Each button is one controller call
on "the selection"; :meth:`SelectionPanel.sync` redraws the section from the
controller. It is its own object because the craft's fields are read together
on *Apply* and redrawn together after it, which no other section needs.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from ...i18n import _
from ...pieces import MAX_DAMAGE, PILOTS
from .controller import EditorController
from .controls import Run, button, sized, title
from .tools import parse_tokens


class SelectionPanel:
    """The Selected line, the buttons that act on the selection, and a selected craft's settings."""

    def __init__(self, controller: EditorController, run: Run, priority: Callable[[], int]) -> None:
        """``priority``: the number the Set priority button gives (the palette's Priority box)."""
        self._controller = c = controller
        self.selection = sized(widgets.HTML(), "100%", "asteroyds-editor-selection")
        left = button(
            _("⟲ Left"), "asteroyds-editor-rotate-left", _("Turn the selection anticlockwise"), "84px"
        )
        right = button(
            _("⟳ Right"), "asteroyds-editor-rotate-right", _("Turn the selection clockwise"), "84px"
        )
        remove = button(
            _("✕ Remove"), "asteroyds-editor-remove", _("Take the selection off the board"), "96px"
        )
        tip = _("Give the selected tile this priority number (the tile that had it takes the old one)")
        set_priority = button(_("Set priority"), "asteroyds-editor-set-priority", tip, "104px")
        left.on_click(lambda _b: run(lambda: c.rotate(None, -1)))
        right.on_click(lambda _b: run(lambda: c.rotate(None, 1)))
        remove.on_click(lambda _b: run(lambda: c.remove(None)))
        set_priority.on_click(lambda _b: run(lambda: c.set_priority(None, priority())))
        self.buttons = widgets.HBox([left, right, remove, set_priority])
        damage = widgets.BoundedIntText(min=0, max=MAX_DAMAGE - 1, description=_("Damage"))
        self.damage = sized(damage, "150px", "asteroyds-editor-damage")
        pilots = [("none", ""), *((p, p) for p in PILOTS)]
        self.pilot = sized(widgets.Dropdown(description=_("Pilot"), options=pilots), "190px")
        self.tokens = sized(widgets.Text(description=_("Tokens"), placeholder="A B"), "150px")
        apply_craft = button(
            _("Apply"), "asteroyds-editor-apply-craft", _("Set the craft's damage, pilot, tokens")
        )
        apply_craft.on_click(lambda _b: run(self.apply_craft))
        self.craft_box = widgets.VBox(
            [widgets.HBox([self.damage, self.pilot]), widgets.HBox([self.tokens, apply_craft])]
        )

    def children(self) -> list[widgets.Widget]:
        """The section's rows, in the side column's order."""
        return [title(_("SELECTED")), self.selection, self.buttons, self.craft_box]

    def sync(self, c: EditorController) -> None:
        """The selection in words; a selected craft's fields (the others are hidden)."""
        self.selection.value = html.escape(c.describe())
        kind, key = c.selected or ("", "")
        self.craft_box.layout.display = "" if kind == "craft" else "none"
        if kind == "craft":
            craft = c.state.craft(key)
            self.damage.value = min(craft.damage, MAX_DAMAGE - 1)
            self.pilot.value = craft.pilot or ""
            self.tokens.value = " ".join(craft.tokens)

    def apply_craft(self) -> None:
        """*Apply*: set the selected craft's damage, pilot and tokens (only the fields that changed)."""
        c = self._controller
        if c.selected is None or c.selected[0] != "craft":
            c.refuse(_("Select a craft first"))
            return
        player = c.selected[1]
        craft = c.state.craft(player)
        # Read every field first: each change redraws the fields from the board.
        damage, pilot, tokens = int(self.damage.value), self.pilot.value or None, self.tokens.value
        if craft.damage != damage:
            c.set_damage(player, damage)
        if craft.pilot != pilot:
            c.set_pilot(player, pilot)
        if craft.tokens != parse_tokens(tokens):
            c.set_tokens(player, tokens)


__all__ = ["SelectionPanel"]
