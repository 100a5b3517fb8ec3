"""The two changes the class server makes inside Voila, named and installed here.

- Voila's page handler renders a page in a task that feeds a queue and sends a
  keep-alive snippet every few seconds while the queue is empty; when that task
  raises (a kernel that died while starting: "Kernel died before replying to
  kernel_info"), nothing ever ends the queue, and the page loads for ever on
  heartbeats. :class:`GuardedNotebookRenderer` ends such a page with a sentence.
- Voila makes a new page exporter, and with it a new Jinja environment, for every
  page, so every page compiled the page templates again: a third of the server's
  CPU for a page. :class:`CachedTemplatesExporter` keeps the compiled templates
  (:data:`COMPILED_TEMPLATES`) for the server's life; a template whose source
  changed is compiled again (Jinja checks each one's checksum).

Voila makes its renderer and its exporter by module-level names, so the only way
in is to replace those names: :func:`install` does it, once, when the server starts.
"""

from __future__ import annotations

import html
import logging
from collections.abc import AsyncIterator

import jinja2
from jinja2.bccache import Bucket
from voila import handler as voila_handler
from voila import notebook_renderer as voila_notebook_renderer
from voila.exporter import VoilaExporter
from voila.notebook_renderer import NotebookRenderer

from ..i18n import _

__all__ = [
    "COMPILED_TEMPLATES",
    "CachedTemplatesExporter",
    "GuardedNotebookRenderer",
    "TemplateBytecode",
    "ended_on_error",
    "failed_page_html",
    "install",
]


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


class TemplateBytecode(jinja2.BytecodeCache):
    """Jinja's compiled templates in this process's memory, shared by every environment that uses it.

    Jinja stores a template's source checksum with its code and compiles again when they differ,
    so an edited template is never served stale.
    """

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def get_bucket(
        self, environment: jinja2.Environment, name: str, filename: str | None, source: str
    ) -> Bucket:
        # Jinja keys a template by its name and file only; an async environment compiles it to other
        # code than a synchronous one, so the key says which.
        key = self.get_cache_key(f"{name}|async={environment.is_async}", filename)
        bucket = Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


COMPILED_TEMPLATES = TemplateBytecode()  # the server's one cache (Voila's pages run on one thread)


class CachedTemplatesExporter(VoilaExporter):
    """Voila's page exporter whose Jinja environment reuses :data:`COMPILED_TEMPLATES`."""

    def _create_environment(self) -> jinja2.Environment:
        environment = super()._create_environment()
        environment.bytecode_cache = COMPILED_TEMPLATES
        return environment


def install() -> None:
    """Make Voila's page handler render with :class:`GuardedNotebookRenderer`, its pages exported by
    :class:`CachedTemplatesExporter`."""
    voila_handler.NotebookRenderer = GuardedNotebookRenderer
    voila_notebook_renderer.VoilaExporter = CachedTemplatesExporter
