"""A class server: Voila with kernels that go away, a cap on pages, and pre-heated chapters.

Voila starts a Python kernel (about 120 MB) for every page it renders and,
left alone, keeps it until the page sends an unload event: a closed laptop lid,
a lost connection or a plain ``curl`` of a chapter leaves its kernel for ever,
and a loop of requests can fill the server's memory. This module is the server
``asteroyds app`` runs, in the command's own process rather than as a child
that could outlive it, so SIGTERM and Ctrl-C stop the server and every kernel
it started (even one still starting):

- **Kernel lifecycle.** A page that is left (another chapter, a reload, the
  back button, a closed tab) gives its kernel back at once: Voila's page says
  goodbye (``POST /voila/api/shutdown/<kernel>``) with the ``_xsrf`` token of
  its cookie, a cookie Voila only sets on its file listing, so a page opened by
  a direct link was refused (403) and its kernel waited for the culler. Here
  every page sets it (:class:`CappedVoilaHandler`), and the page's template
  (``template/index.html.j2``) says goodbye on ``pagehide`` too, which phones
  fire when ``beforeunload`` is not. A cross-site page cannot forge the
  goodbye: it can neither read the token nor pass Jupyter Server's Origin check.
  Backstops: a kernel whose page connected and then lost every connection is
  shut down after ``disconnected_timeout`` seconds (60), one whose page never
  connected after ``idle_timeout`` (a fetch, a crawler). Pages kept open are
  never culled for being quiet: a student may read for a long time.
- **The welcome page at** ``/``, in the class's language; the file listing is
  gone (it showed the developers' demos): a teacher reaches every page from the
  welcome page's table of contents.
- **Nothing from another host**: the page's template drops the lab template's
  Font Awesome links to a CDN (the widgets' icons come with Voila's styles).
- **A cap.** At most ``max_pages`` pages are served at once (pre-heated kernels
  not counted); the next request gets HTTP 503 and :data:`FULL_PAGE`, a short
  page in the app's colours, instead of a server that runs out of memory.
  The default is what the machine's available memory allows at
  :data:`MB_PER_PAGE` (:func:`default_max_pages`).
- **Pre-heated pages.** Voila keeps ``pool`` kernels per chapter that have
  already run the notebook, so the first render does not wait for a kernel to
  start and import. Pages that read their link (``?demo=``, ``?scenario=``)
  wait for it with :func:`asteroyds.ui.share.links.query_string`.

The settings and the command line that starts this server are in
:mod:`asteroyds.ui.server` (:class:`~asteroyds.ui.server.ServeSettings`,
:func:`~asteroyds.ui.server.voila_command`).
"""

from __future__ import annotations

import compileall
import contextlib
import html
import logging
import os
import signal
import sys
import time
from collections.abc import AsyncIterator, Sequence
from datetime import datetime

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import url_path_join
from tornado import web
from traitlets import Integer, Unicode
from voila import handler as voila_handler
from voila.app import Voila
from voila.notebook_renderer import NotebookRenderer
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ..i18n import _
from .server import MB_PER_PAGE, READY_PATH, WELCOME, touch_kernel
from .share.language import QUERY_KEY as LANGUAGE_KEY

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the asteroyds package
TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "template")  # the page's template

__all__ = [
    "FULL_PAGE",
    "CappedVoilaHandler",
    "ClassroomKernelManager",
    "ClassroomVoila",
    "GuardedNotebookRenderer",
    "PageLeftHandler",
    "ReadyHandler",
    "WelcomeHandler",
    "compile_package",
    "full_page",
    "main",
    "uses_pool",
]

RETRY_AFTER = 60  # seconds, in the 503 answer


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, culling a page's kernel by the time it has had no page.

    Voila wraps this class with its pre-heated pool; kernels waiting in the pool
    are never culled (Voila skips them). A pool kernel has been idle since it
    ran the notebook, so when one is handed to a page its idle clock restarts the
    first time the culler meets it outside the pool: a page that takes a few
    seconds to connect is not culled under its feet.
    """

    disconnected_timeout = Integer(
        60, config=True, help="Shut a kernel down this many seconds after its page's last connection closed."
    )

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._seen: dict[str, datetime] = {}
        self._left: dict[str, float] = {}  # kernel -> when its page's last connection closed (monotonic)

    def notify_connect(self, kernel_id: str) -> None:
        super().notify_connect(kernel_id)
        self._left.pop(kernel_id, None)

    def notify_disconnect(self, kernel_id: str) -> None:
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            self._left[kernel_id] = time.monotonic()

    def initialize_culler(self) -> None:
        """Jupyter Server's culler, also when only the disconnected timeout is set (``--idle-timeout 0``)."""
        if self.cull_idle_timeout <= 0 < self.disconnected_timeout:
            self.cull_idle_timeout = 10**9  # "never", for pages that never connect
        super().initialize_culler()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        for gone in [k for k in self._seen if k not in self._kernels]:
            del self._seen[gone]
        for gone in [k for k in self._left if k not in self._kernels]:
            del self._left[gone]
        if kernel_id not in self._seen:
            self._seen[kernel_id] = touch_kernel(self, kernel_id)
        left = self._left.get(kernel_id)
        if (
            left is not None
            and self.disconnected_timeout > 0
            and time.monotonic() - left >= self.disconnected_timeout
            and not self._kernel_connections.get(kernel_id, 0)
        ):
            self.log.warning(
                "Culling kernel %s: its page left %d s ago", kernel_id, int(time.monotonic() - left)
            )
            self._left.pop(kernel_id, None)
            await self.shutdown_kernel(kernel_id)
            return None
        return await super().cull_kernel_if_idle(kernel_id)

    def pool_kernel_ids(self) -> list[str]:
        """The kernels waiting in Voila's pre-heated pool (none without a pool)."""
        ids = []
        for pool in getattr(self, "_pools", {}).values():
            for task in pool:
                if task.done() and not task.cancelled() and task.exception() is None:
                    ids.append(task.result()["kernel_id"])
        return sorted(ids)

    def page_kernel_count(self) -> int:
        """Kernels serving a page now: every kernel but the pool's."""
        pool = set(self.pool_kernel_ids())
        return sum(1 for kernel_id in self.list_kernel_ids() if kernel_id not in pool)


FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="{retry}">
<title>The class server is full — Asteroyds Academy</title>
<style>
body {{ margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
  background: {background}; color: {text}; font-family: system-ui, sans-serif; }}
main {{ max-width: 32rem; padding: 2rem; border: 2px solid {edge}; border-radius: 12px; text-align: center; }}
h1 {{ font-size: 1.6rem; margin: 0 0 1rem; }} p {{ color: {muted}; line-height: 1.5; }}
</style></head>
<body><main class="asteroyds-server-full">
<h1>The class server is full — try again in a minute</h1>
<p>{count} pages are open, as many as this server can hold. A page that nobody uses is closed after a
while; this page tries again by itself in {retry} seconds.</p>
<p>Teacher: close the tabs you no longer need, or start the app with a larger <code>--max-kernels</code>.</p>
</main></body></html>
"""


def full_page(count: int) -> str:
    """The 503 page in the app's colours."""
    from .theme import COLOURS

    return FULL_PAGE.format(
        retry=RETRY_AFTER,
        count=html.escape(str(count)),
        background=COLOURS["background"],
        text=COLOURS["text"],
        edge=COLOURS["board_edge"],
        muted=COLOURS["muted"],
    )


def uses_pool(request_args: dict) -> bool:
    """Whether a request (its query arguments) may be served by a pre-heated kernel: not with ``?lang=``.

    >>> uses_pool({}), uses_pool({"demo": [b"pilot-hector"]}), uses_pool({"lang": [b"fr"]})
    (True, True, False)
    """
    return LANGUAGE_KEY not in request_args


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

    async def get(self, path: str | None = None) -> None:
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


class ClassroomVoila(Voila):
    """Voila serving the app's notebooks with the cap of :class:`CappedVoilaHandler`."""

    max_pages = Integer(0, config=True, help="At most this many pages at once (0: no cap).")
    welcome = Unicode(WELCOME, config=True, help="The page / opens, relative to the notebooks.")

    def setup_template_dirs(self) -> None:
        """Voila's lab template, with the app's page (:data:`TEMPLATE`) found first."""
        super().setup_template_dirs()
        self.template_paths = [TEMPLATE, *self.template_paths]

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings["asteroyds_max_pages"] = self.max_pages
        return settings

    def init_handlers(self) -> list:
        voila_handler.NotebookRenderer = GuardedNotebookRenderer  # the renderer Voila's page handler makes
        welcome = (WelcomeHandler, {"page": self.welcome})
        handlers = [(url_path_join(self.server_url, READY_PATH), ReadyHandler)]
        for handler in super().init_handlers():
            target = handler[1] if len(handler) > 1 else None
            if target is TornadoVoilaHandler:
                handler = (handler[0], CappedVoilaHandler, *handler[2:])
            elif target is TornadoVoilaTreeHandler:  # the file listing: the welcome page instead
                handler = (handler[0], *welcome)
            elif target is VoilaShutdownKernelHandler:
                handler = (handler[0], PageLeftHandler, *handler[2:])
            elif target is not None and target.__name__ == "VoilaContentsHandler":  # the listing's data
                continue
            handlers.append(handler)
        return handlers

    def start(self) -> None:
        compile_package()
        preheat = self.voila_configuration.preheat_kernel
        pool = self.voila_configuration.default_pool_size if preheat else 0
        manager = "ClassroomKernelManager"
        left = self.config[manager].get("disconnected_timeout", 0) if manager in self.config else 0
        print(
            _(
                "Asteroyds Academy: serving up to {pages} pages ({mb} MB each), {pool} pre-heated per "
                "chapter; a page left gives its kernel back at once (at the latest after {left} s)",
                pages=self.max_pages or _("unlimited"),
                mb=MB_PER_PAGE,
                pool=pool,
                left=left,
            ),
            flush=True,
        )
        super().start()

    def stop(self) -> None:
        print(_("Asteroyds Academy: stopping the server and its kernels"), flush=True)
        try:
            super().stop()
        finally:
            # A kernel still starting when the signal came (a pool filling up) is not yet the kernel
            # manager's, and Voila cannot shut it down once its loop has stopped: end it here.
            end_processes(child_pids())


def compile_package(package: str = PACKAGE) -> bool:
    """Write the package's bytecode once, so no page's kernel compiles its sources again.

    Python writes ``__pycache__`` itself on first import, unless it may not
    (``PYTHONDONTWRITEBYTECODE``, as in some containers): then every kernel
    compiled all the package's modules again (about 0.1 CPU-second a page,
    measured by ``benchmarks/classroom.py``). A read-only install is left as
    it is (False).
    """
    try:
        return bool(compileall.compile_dir(package, quiet=2, workers=1))
    except OSError:
        return False


def child_pids(parent: int | None = None) -> list[int]:
    """The processes whose parent is ``parent`` (this one), read from ``/proc`` (none elsewhere)."""
    parent = os.getpid() if parent is None else parent
    found = []
    for entry in sorted(os.listdir("/proc")) if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:  # fields after the name: state, ppid, ...
            found.append(int(entry))
    return found


def end_processes(pids: list[int], grace: float = 5.0) -> None:
    """SIGTERM, then SIGKILL what is still there after ``grace`` seconds."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, sig)
        deadline = time.monotonic() + grace
        while pids and time.monotonic() < deadline:
            pids = [pid for pid in pids if _alive(pid)]
            time.sleep(0.1)
        if not pids:
            return


def _alive(pid: int) -> bool:
    with contextlib.suppress(ChildProcessError):
        if os.waitpid(pid, os.WNOHANG)[0] == pid:
            return False  # reaped: it has ended
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def server_url(host: str, port: int) -> str:
    """The address a person opens: ``/`` is the welcome page (``0.0.0.0`` is where the server listens).

    >>> server_url("0.0.0.0", 8866)
    'http://127.0.0.1:8866/'
    """
    host = "127.0.0.1" if host in ("0.0.0.0", "") else host
    return f"http://{host}:{port}/"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the class server in this process until SIGTERM or Ctrl-C (``python -m asteroyds.ui.classroom``)."""
    ClassroomVoila.launch_instance(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
