"""A small JSON value kept in the learner's browser (``localStorage``), so it survives a reload.

A Voila page's kernel is gone when the page is closed or reloaded: a
practice streak kept only in the kernel would be lost with it. The browser
keeps it instead. :class:`BrowserStore` is a widget with two parts the app's
page template (``asteroyds/serve/template/index.html.j2``, part 5) knows:

- an *outbox*, an HTML part whose ``.asteroyds-store-data`` element carries
  ``data-key`` and ``data-value`` (the JSON); each time the kernel saves,
  the page writes it to ``localStorage["asteroyds:" + key]``;
- an *inbox*, a hidden text box: when the widget first appears the page
  puts the stored JSON in it, and the kernel reads it (:meth:`on_restore`).

In JupyterLab (no such template) the store simply lives in the kernel.
Nothing the browser sends is trusted: a value that is not a JSON object is
ignored, and the restore callback gets a fresh ``dict``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from .markup import tag

MAX_LENGTH = 20_000  # a practice record is a few hundred characters; anything bigger is not ours


class BrowserStore(widgets.VBox):
    """One JSON object stored in the browser under ``key`` (see the module's docstring)."""

    def __init__(self, key: str) -> None:
        super().__init__()
        self.key = key
        self.value: dict[str, Any] = {}
        self._callbacks: list[Callable[[dict[str, Any]], None]] = []
        self._inbox = widgets.Text(value="", continuous_update=True, description="")
        self._inbox.add_class("asteroyds-store-inbox")
        self._inbox.observe(self._on_inbox, names="value")
        self._outbox = widgets.HTML()
        self._draw()
        self.children = [self._inbox, self._outbox]
        self.layout.display = "none"  # nothing to see: the page reads and writes it
        self.add_class("asteroyds-browser-store")

    def save(self, value: Mapping[str, Any]) -> None:
        """Keep ``value`` (a JSON object) here and in the browser."""
        self.value = json.loads(json.dumps(dict(value)))  # a copy, and proof that it is JSON
        self._draw()

    def on_restore(self, callback: Callable[[dict[str, Any]], None]) -> None:
        """Call ``callback(value)`` when the browser hands back what it kept."""
        self._callbacks.append(callback)

    def restore(self, text: str) -> bool:
        """Take a stored JSON text (what the page puts in the inbox); False if it is not ours."""
        if not text or len(text) > MAX_LENGTH:
            return False
        try:
            value = json.loads(text)
        except ValueError:
            return False
        if not isinstance(value, dict):
            return False
        self.value = value
        self._draw()
        for callback in self._callbacks:
            callback(dict(value))
        return True

    def _on_inbox(self, change: dict[str, Any]) -> None:
        self.restore(str(change["new"]))

    def _draw(self) -> None:
        data = json.dumps(self.value, sort_keys=True, separators=(",", ":")) if self.value else ""
        self._outbox.value = str(
            tag("span", "", class_="asteroyds-store-data", data_key=self.key, data_value=data)
        )


__all__ = ["BrowserStore"]
