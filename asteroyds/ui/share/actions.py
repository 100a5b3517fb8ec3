"""Button actions whose errors land in the page, not in a traceback.

Voila shows nothing of an exception raised in a widget callback, so a page that
failed would look frozen: the sandbox and the class room pages run every
action through :class:`ShownErrors`, which writes the error where the reader
looks and refreshes the page from the state that is still whole.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import theme


class ShownErrors:
    """A mixin for a view with an HTML widget ``_error`` and a ``_refresh()`` method."""

    _error_text: str = ""  # the last error in plain text (what tests read)

    def _run(self, action: Callable[[], object]) -> None:
        """Run a button's action; an error is shown in the widget and changes nothing."""
        self._set_error("")
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._set_error(exc)
        self._safely(self._refresh)

    def _safely(self, action: Callable[[], object]) -> None:
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self._set_error(exc)

    def _set_error(self, exc: BaseException | str) -> None:
        if isinstance(exc, str):
            self._error_text, self._error.value = exc, ""
        else:
            self._error_text, self._error.value = f"{type(exc).__name__}: {exc}", theme.error_html(exc)

    def _refresh(self) -> None:
        raise NotImplementedError
