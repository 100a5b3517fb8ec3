"""The class server's HTTP handlers: the page with its cap, a page's goodbye, ``/``, and "ready".

- :class:`CappedVoilaHandler`: Voila's page, answering 503 with a friendly page
  past the cap, setting the ``_xsrf`` cookie the page's goodbye needs, and
  keeping pre-heated kernels for pages that do not ask for a language.
- :class:`PageLeftHandler`: the goodbye of a page that is left.
- :class:`WelcomeHandler`: ``/`` and the old file listing's addresses.
- :class:`ReadyHandler`: "the server listens", for scripts and tests.

A page's old address (``12_join.ipynb?room=…`` on a teacher's printed sheet, a
bookmarked chapter) still opens it: :func:`renamed_path` sends it, query and all,
to the page's new name.
"""

from __future__ import annotations

import html
from importlib.resources import files

from jupyter_server.utils import url_path_join
from tornado import web
from tornado.escape import url_escape
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler

from ..i18n import DEFAULT, LANGUAGES
from ..ui.share.language import QUERY_KEY as LANGUAGE_KEY

__all__ = [
    "CappedVoilaHandler",
    "PageLeftHandler",
    "ReadyHandler",
    "WelcomeHandler",
    "full_page",
    "renamed_path",
    "twin_path",
    "uses_pool",
]

RETRY_AFTER = 60  # seconds, in the 503 answer
# The pages' names before the learning path was renumbered (chapters 5 and 7 split; the pages outside
# the numbering lost theirs) -> today's names. A split chapter's old name opens its first half.
RENAMED_PAGES = {
    "06_pilot_powers.ipynb": "07_pilot_powers.ipynb",
    "07_shooting_targets_drones.ipynb": "08_lasers_and_shooting.ipynb",
    "08_capture.ipynb": "10_capture.ipynb",
    "09_teachers_tools.ipynb": "teachers_tools.ipynb",
    "10_sandbox.ipynb": "sandbox.ipynb",
    "11_class_room.ipynb": "class_room.ipynb",
    "12_join.ipynb": "join.ipynb",
    "13_practice.ipynb": "practice.ipynb",
}


def full_page(count: int) -> str:
    """The 503 page (``static/full.html``) in the app's colours."""
    from ..ui.theme import COLOURS

    page = (files(__package__) / "static" / "full.html").read_text(encoding="utf-8")
    return page.format(
        retry=RETRY_AFTER,
        count=html.escape(str(count)),
        background=COLOURS["background"],
        text=COLOURS["text"],
        edge=COLOURS["board_edge"],
        muted=COLOURS["muted"],
    )


def twin_path(path: str, language: str) -> str:
    """The address of a chapter's twin in ``language``: the English page at the root, the others in
    their language's folder (``notebooks/fr/``). Same folder layout as :mod:`asteroyds.ui.share.twins`.

    >>> twin_path("03_moving_asteroids.ipynb", "fr"), twin_path("fr/03_moving_asteroids.ipynb", "en")
    ('fr/03_moving_asteroids.ipynb', '03_moving_asteroids.ipynb')
    >>> twin_path("fr/00_welcome.ipynb", "fr")
    'fr/00_welcome.ipynb'
    """
    folder, _sep, name = path.rpartition("/")
    if folder in LANGUAGES:  # a twin's address: its name is the English page's
        folder = ""
    if language == DEFAULT:
        return f"{folder}/{name}" if folder else name
    return f"{folder}/{language}/{name}" if folder else f"{language}/{name}"


def renamed_path(path: str) -> str | None:
    """Today's address of a page asked by its old name (the twins' folders too); None: not renamed.

    >>> renamed_path("12_join.ipynb"), renamed_path("fr/09_teachers_tools.ipynb"), renamed_path("join.ipynb")
    ('join.ipynb', 'fr/teachers_tools.ipynb', None)
    """
    folder, sep, name = path.rpartition("/")
    new = RENAMED_PAGES.get(name)
    return None if new is None else f"{folder}{sep}{new}"


def uses_pool(request_args: dict) -> bool:
    """Whether a request (its query arguments) may be served by a pre-heated kernel: not with ``?lang=``.

    >>> uses_pool({}), uses_pool({"demo": [b"pilot-hector"]}), uses_pool({"lang": [b"fr"]})
    (True, True, False)
    """
    return LANGUAGE_KEY not in request_args


class PageLeftHandler(VoilaShutdownKernelHandler):
    """Voila's goodbye from a page that is left: its kernel is shut down; one already gone is no error.

    A page says goodbye twice (``beforeunload`` and ``pagehide``), and the
    culler may have been first: the second call finds no kernel, which is what
    was asked. The ``_xsrf`` and Origin checks are Jupyter Server's, unchanged.
    """

    @web.authenticated
    async def post(self, kernel_id: str) -> None:
        if kernel_id in self.kernel_manager:
            await super().post(kernel_id)
            return
        self.set_status(204)
        self.finish()


class WelcomeHandler(web.RequestHandler):
    """``/`` (and the old file listing's addresses): the welcome page of the class's language."""

    def initialize(self, page: str) -> None:
        self.page = page

    def get(self, path: str = "") -> None:
        self.redirect(url_path_join(self.settings.get("base_url", "/"), "voila/render", self.page))


class ReadyHandler(web.RequestHandler):
    """A cheap "the server listens" for scripts and tests: starts no kernel, renders no page."""

    def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        self.finish("ready")


class CappedVoilaHandler(TornadoVoilaHandler):
    """Voila's page handler, answering 503 when the class server holds as many pages as it may.

    A request counts from the moment it is admitted until its kernel exists
    (its first bytes), so a crowd arriving at once cannot overshoot the cap.
    """

    admitting = 0  # requests admitted whose kernel does not exist yet (one server, one event loop)

    def should_use_rendered_notebook(self, notebook_data, pool_size, template_name, theme, request_args):  # type: ignore[no-untyped-def]
        """Voila's choice of a pre-heated kernel, except for a page that asks for a language.

        A pool kernel ran its chapter (``page_language``, then every widget)
        before any request, in the chapter's language; a page asking ``?lang=``
        gets a kernel started for it, so the pool's pages stay instant.
        """
        if not uses_pool(request_args):
            return False
        return super().should_use_rendered_notebook(
            notebook_data, pool_size, template_name, theme, request_args
        )

    def _to_twin(self, path: str) -> bool:
        """``?lang=fr`` on an English page opens its French twin (``?lang=en`` the reverse): its prose
        is written in that language, not only its widgets. Other arguments (``demo``, ``scenario``)
        go along. Returns whether it redirected; a page with no twin is served as it is."""
        asked = self.get_query_arguments(LANGUAGE_KEY)
        if len(asked) != 1 or asked[0].strip().lower() not in LANGUAGES:
            return False  # no language, or a wrong one: the page's own message says what is wrong
        twin = twin_path(path, asked[0].strip().lower())
        if twin == path or not self.contents_manager.file_exists(twin):
            return False
        rest = [(key, value) for key, values in self.request.query_arguments.items() if key != LANGUAGE_KEY
                for value in values]  # fmt: skip
        query = "&".join(f"{url_escape(key)}={url_escape(value.decode())}" for key, value in rest)
        target = url_path_join(self.base_url, "voila/render", twin)
        self.redirect(target + (f"?{query}" if query else ""))
        return True

    def _to_new_name(self, path: str) -> bool:
        """An old page name (a bookmark, a printed join link) redirects to the page's new name, with its
        query (``?room=…``, ``?lang=``) unchanged. Returns whether it redirected."""
        new = renamed_path(path)
        if new is None or not self.contents_manager.file_exists(new):
            return False
        query = self.request.query
        self.redirect(url_path_join(self.base_url, "voila/render", new) + (f"?{query}" if query else ""))
        return True

    async def get(self, path: str | None = None) -> None:
        if path and (self._to_new_name(path) or self._to_twin(path)):
            return
        limit = self.settings.get("asteroyds_max_pages", 0)
        manager = self.kernel_manager
        count = manager.page_kernel_count() if hasattr(manager, "page_kernel_count") else 0
        if limit and count + CappedVoilaHandler.admitting >= limit:
            self.log.warning("Class server full (%d pages): 503 for %s", count, self.request.path)
            self.set_status(503)
            self.set_header("Retry-After", str(RETRY_AFTER))
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(full_page(count + CappedVoilaHandler.admitting))
            return
        # Voila sets the _xsrf cookie on its file listing only; a page opened by a direct link had none,
        # so its goodbye (the kernel's shutdown, sent with that cookie's token) was refused with 403.
        self.xsrf_token  # noqa: B018 (reading it sets the cookie)
        CappedVoilaHandler.admitting += 1
        admitted = True
        try:
            async for chunk in self.get_generator(path=path):
                if admitted:  # the first bytes come once the page's kernel exists
                    CappedVoilaHandler.admitting -= 1
                    admitted = False
                self.write(chunk)
                self.flush()
        finally:
            if admitted:
                CappedVoilaHandler.admitting -= 1
