"""Button actions whose errors land in the page, not in a traceback.

Voila shows nothing of an exception raised in a widget callback, so a page that
failed would look frozen: every action runs so that the error is written where
the reader looks and the page is redrawn from the state that is still whole.
The sandbox owns an :class:`ErrorLine` (a part with its widget and the last
error); the class room pages share the small :class:`ShownErrors` base.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import theme
from .sentences import error_sentence


def _described(exc: BaseException | str, sentence: bool = False) -> tuple[str, str]:
    """An error in plain text (what tests read) and in the page's style ("" clears it).

    The page always shows a sentence (:mod:`~asteroyds.ui.share.sentences`);
    ``sentence`` makes the plain text that sentence too (the class room pages,
    whose text is also the ``data-error`` a browser test reads) instead of the
    diagnostic "ClassName: message" the sandbox's tests match.
    """
    if isinstance(exc, str):
        return exc, ""
    text = error_sentence(exc) if sentence else f"{type(exc).__name__}: {exc}"
    return text, theme.error_html(exc)


class ErrorLine:
    """Where a page's errors show: an HTML widget, and the last error in plain text.

    Its own object, owned by the page, because it keeps that state for the page's parts: each
    runs its buttons through :meth:`run` (the error shown, then the page redrawn by ``refresh``)
    or its redraws through :meth:`safely`, and they all write to the one line.
    """

    def __init__(self, widget: Any, refresh: Callable[[], object]) -> None:
        self.widget = widget  # an HTML widget
        self.text = ""  # the last error in plain text (what tests read)
        self._refresh = refresh

    def run(self, action: Callable[[], object]) -> None:
        """Run a button's action; an error is shown in the widget and changes nothing."""
        self.show("")
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self.show(exc)
        self.safely(self._refresh)

    def safely(self, action: Callable[[], object]) -> None:
        """Run ``action`` (a redraw); an error is shown in the widget."""
        try:
            action()
        except Exception as exc:  # shown in the widget, never a traceback in Voila
            self.show(exc)

    def show(self, exc: BaseException | str) -> None:
        """Show an error (a string: that text, unstyled; "" clears the line)."""
        self.text, self.widget.value = _described(exc)


class ShownErrors:
    """A small base for a class room view with an HTML widget ``_error`` and a ``_refresh()`` method."""

    _error_text: str = ""  # the last error in plain text (what tests read)
    _error: Any  # the subclass's HTML widget (ipywidgets ships no types)

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
        self._error_text, self._error.value = _described(exc, sentence=True)

    def _refresh(self) -> None:
        raise NotImplementedError
