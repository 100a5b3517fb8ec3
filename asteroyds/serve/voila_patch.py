"""The one change the class server makes inside Voila, named and installed here.

Voila's page handler renders a page in a task that feeds a queue and sends a
keep-alive snippet every few seconds while the queue is empty; when that task
raises (a kernel that died while starting: "Kernel died before replying to
kernel_info"), nothing ever ends the queue, and the page loads for ever on
heartbeats. :class:`GuardedNotebookRenderer` ends such a page with a sentence.
Voila makes its renderer by a module-level name, so the only way in is to
replace that name: :func:`install` does it, once, when the server starts.
"""

from __future__ import annotations

import html
import logging
from collections.abc import AsyncIterator

from voila import handler as voila_handler
from voila.notebook_renderer import NotebookRenderer

from ..i18n import _

__all__ = ["GuardedNotebookRenderer", "ended_on_error", "failed_page_html", "install"]


def failed_page_html() -> str:
    """What a page shows when the Python behind it died before running it (in the reader's language)."""
    return (
        '<div class="asteroyds-kernel-failed" style="padding:1em;font-size:1.2em">'
        + html.escape(_("The Python behind this page stopped before the page was ready. Reload the page."))
        + "</div>"
    )


async def ended_on_error(
    snippets: AsyncIterator[tuple[str, dict]], log: logging.Logger
) -> AsyncIterator[tuple[str, dict]]:
    """The page's snippets, then a last one saying the page failed if rendering raised.

    Voila's handler renders a page in a task that feeds a queue and sends a
    keep-alive snippet every few seconds while the queue is empty; when that
    task raises (a kernel that died while starting: "Kernel died before
    replying to kernel_info"), nothing ever ends the queue, and the page loads
    for ever on heartbeats. Ending normally after an error lets the response end.
    """
    try:
        async for snippet in snippets:
            yield snippet
    except Exception as exc:  # the page ends with a sentence instead of hanging
        log.error("A page's rendering failed: %s", exc)
        yield failed_page_html(), {}


class GuardedNotebookRenderer(NotebookRenderer):
    """Voila's renderer whose page ends (:func:`ended_on_error`) when its kernel dies while starting."""

    def generate_content_generator(self, kernel_id=None, kernel_future=None):  # type: ignore[no-untyped-def]
        return ended_on_error(super().generate_content_generator(kernel_id, kernel_future), self.log)


def install() -> None:
    """Make Voila's page handler render with :class:`GuardedNotebookRenderer`."""
    voila_handler.NotebookRenderer = GuardedNotebookRenderer
