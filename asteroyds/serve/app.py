"""The class server's Voila application: the handlers, the template, the settings' promises, a clean stop.

``asteroyds app`` runs it in the command's own process rather than as a child
that could outlive it, so SIGTERM and Ctrl-C stop the server and every kernel
it started (even one still starting). What each piece promises is in the
package's docstring (:mod:`asteroyds.serve`).
"""

from __future__ import annotations

import compileall
import os
import signal
import sys
from collections.abc import Sequence

from jupyter_server.utils import url_path_join
from tornado.ioloop import IOLoop
from traitlets import Integer, Unicode
from voila.app import Voila
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from ..i18n import _
from . import voila_patch
from .handlers import CappedVoilaHandler, PageLeftHandler, ReadyHandler, WelcomeHandler
from .processes import child_pids, end_processes
from .settings import MB_PER_PAGE, READY_PATH, WELCOME

PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the asteroyds package
TEMPLATE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "template")  # the page's template

__all__ = ["ClassroomVoila", "compile_package", "main", "server_url"]


class ClassroomVoila(Voila):
    """Voila serving the app's notebooks with the cap of :class:`CappedVoilaHandler`."""

    max_pages = Integer(0, config=True, help="At most this many pages at once (0: no cap).")
    welcome = Unicode(WELCOME, config=True, help="The page / opens, relative to the notebooks.")

    def setup_template_dirs(self) -> None:
        """Voila's lab template, with the app's page (:data:`TEMPLATE`) found first."""
        super().setup_template_dirs()
        self.template_paths = [TEMPLATE, *self.template_paths]  # type: ignore[has-type]  # a traitlets List

    def init_settings(self) -> dict:
        settings = super().init_settings()
        settings["asteroyds_max_pages"] = self.max_pages
        return settings

    def init_handlers(self) -> list:
        voila_patch.install()  # the renderer and the exporter Voila's page handler makes
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
        signal.signal(signal.SIGINT, self._interrupted)
        super().start()

    def _interrupted(self, sig: int, frame: object) -> None:
        """Ctrl-C stops the loop as SIGTERM does; a second Ctrl-C is Python's own (a hard stop).

        Left to Python, Ctrl-C raises KeyboardInterrupt wherever the loop happens to be, and a
        kernel starting at that moment could keep the server from ever returning from its loop.
        """
        signal.signal(signal.SIGINT, signal.default_int_handler)
        self.log.info("Handle signal %s.", sig)
        IOLoop.current().add_callback_from_signal(IOLoop.current().stop)

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


def server_url(host: str, port: int) -> str:
    """The address a person opens: ``/`` is the welcome page (``0.0.0.0`` is where the server listens).

    >>> server_url("0.0.0.0", 8866)
    'http://127.0.0.1:8866/'
    """
    host = "127.0.0.1" if host in ("0.0.0.0", "") else host
    return f"http://{host}:{port}/"


def main(argv: Sequence[str] | None = None) -> None:
    """Run the class server in this process until SIGTERM or Ctrl-C (``python -m asteroyds.serve``)."""
    ClassroomVoila.launch_instance(list(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
