"""A student's server behind JupyterHub: the class server alone, with the hub logging people in.

Why this and not JupyterHub's own single-user server: that one is Jupyter
Server with every extension installed, so a student logged in through the hub
had JupyterLab, the file tree, terminals (a shell), the contents API and
``/api/kernels`` / ``/api/sessions`` to start a kernel and run any code in it.
Closing those one by one (disabling extensions, an authorizer refusing
actions) leaves whatever the next extension adds. Here the single-user command
is the class server itself, :class:`~asteroyds.serve.app.ClassroomVoila`
(standalone Voila: the app's pages, their kernels' websockets where Voila
drops ``execute_request``, its static files, nothing else), given JupyterHub's
identity provider and authorizer (``jupyterhub.singleuser.extension``, the
classes the hub's own single-user extension uses): the hub logs the student in
by OAuth, and the server answers only the student it belongs to (and an admin).
There is nothing else to refuse because nothing else exists.

Started by the recipe's spawner as ``python -m asteroyds.serve.hub.app``; it
reads JupyterHub's environment (``JUPYTERHUB_SERVICE_URL``: where to listen;
``JUPYTERHUB_SERVICE_PREFIX``: its base URL; ``JUPYTERHUB_ROOT_DIR``: the
notebooks; ``JUPYTERHUB_DEFAULT_URL``: where ``/user/NAME/`` sends a student)
and applies :data:`OPTIONS`, the class server's settings for one student (no
pre-heated pool, a cap of :data:`~asteroyds.serve.hub.settings.PAGES_PER_STUDENT`
pages, idle pages' kernels culled); an option on the command line replaces
the default of the same name (:func:`with_defaults`). It refuses to run as
root. The hub learns the server's activity from its proxy, which counts
websocket traffic too, so the idle culler sees a student who only clicks.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from urllib.parse import urlparse

import jupyterhub
from jupyter_core.paths import jupyter_config_path
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.utils import url_path_join
from jupyterhub.singleuser.extension import JupyterHubAuthorizer, JupyterHubIdentityProvider
from tornado.web import RedirectHandler
from traitlets import default

from ...i18n import _, set_language
from ..app import ClassroomVoila
from ..settings import IDLE_TIMEOUT, VOILA_ARGS, ServeSettings, server_options
from .settings import PAGES_PER_STUDENT

__all__ = ["OPTIONS", "HubVoila", "main", "refuse_root", "with_defaults"]

#: The class server's options for one student's server (the command line may add more).
OPTIONS: tuple[str, ...] = (
    "--no-browser",
    *server_options(ServeSettings(idle_timeout=IDLE_TIMEOUT, max_pages=PAGES_PER_STUDENT, pool=0)),
    *VOILA_ARGS,
)
IDENTITY_PATHS = ("/logout", "/oauth_callback")  # JupyterHub's identity provider's own handlers


def refuse_root(euid: int | None = None) -> str | None:
    """Why this server must not start (it runs as root), or None.

    >>> refuse_root(1000) is None
    True
    """
    euid = os.geteuid() if euid is None else euid
    if euid == 0:
        return _(
            "A student's server never runs as root: start it as an unprivileged account "
            "(the recipe's spawner does)."
        )
    return None


class HubVersionHandler(JupyterHandler):
    """``/user/NAME/api``, which the hub asks when the server starts: the version header, nothing else."""

    @allow_unauthenticated
    def get(self) -> None:
        self.finish({"version": jupyterhub.__version__})


class HubVoila(ClassroomVoila):
    """The class server for one student, logged in by JupyterHub (see the module's docstring)."""

    @default("identity_provider_class")
    def _hub_identity(self) -> type:
        return JupyterHubIdentityProvider

    @default("authorizer_class")
    def _hub_authorizer(self) -> type:
        return JupyterHubAuthorizer

    @default("auto_token")
    def _no_token_of_its_own(self) -> bool:
        # Voila hands the identity provider a token unless this is set; the hub's provider has its own.
        return True

    @default("base_url")
    def _hub_prefix(self) -> str:
        return os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/")

    @default("ip")
    def _hub_ip(self) -> str:
        url = os.environ.get("JUPYTERHUB_SERVICE_URL")
        return (urlparse(url).hostname or "") if url else "127.0.0.1"  # no host: every interface

    @default("port")
    def _hub_port(self) -> int:
        return urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "")).port or 8888

    @default("port_retries")
    def _the_port_given(self) -> int:
        return 0  # the hub routes to the port it chose, no other

    @default("root_dir")
    def _hub_root_dir(self) -> str:
        return os.environ.get("JUPYTERHUB_ROOT_DIR") or os.getcwd()

    @default("config_file_paths")
    def _no_user_config(self) -> list[str]:
        """Config from the system's Jupyter paths only, none the account could write (home, cwd)."""
        home = os.path.realpath(os.path.expanduser("~"))
        return [path for path in jupyter_config_path() if not _inside(path, home)]

    def initialize(self, argv: Sequence[str] | None = None) -> None:
        reason = refuse_root()
        if reason is None and not os.environ.get("JUPYTERHUB_API_TOKEN"):
            reason = _(
                "This is a student's server started by JupyterHub (JUPYTERHUB_API_TOKEN is not set): "
                "start the hub with deploy/jupyterhub/jupyterhub_config.py."
            )
        if reason is not None:
            print(reason, file=sys.stderr, flush=True)
            self.exit(2)
        super().initialize(argv)

    def init_settings(self) -> dict:
        settings = super().init_settings()
        headers = settings.setdefault("headers", {})
        headers["X-JupyterHub-Version"] = jupyterhub.__version__  # the hub checks it matches its own
        headers.setdefault("Content-Security-Policy", "frame-ancestors 'none'")  # as the hub's own servers
        return settings

    def init_handlers(self) -> list:
        """Voila's handlers, the hub's login ones under this prefix, ``api``, and ``/`` → the welcome page."""
        handlers = [h for h in super().init_handlers() if h[0] not in IDENTITY_PATHS]
        login = self.identity_provider.get_handlers()
        ours: list = [(url_path_join(self.server_url, path), *rest) for path, *rest in login]
        ours.append((url_path_join(self.server_url, "api"), HubVersionHandler))
        landing = os.environ.get("JUPYTERHUB_DEFAULT_URL")
        if landing:
            target = url_path_join(self.base_url, landing)
            ours.append((self.server_url, RedirectHandler, {"url": target, "permanent": False}))
        return [*ours, *handlers]


def _inside(path: str, folder: str) -> bool:
    """Whether ``path`` is ``folder`` or under it (a home of ``/`` holds nothing: it is no home).

    >>> _inside("/home/ann/.jupyter", "/home/ann"), _inside("/home/anna/.jupyter", "/home/ann")
    (True, False)
    """
    if folder in ("", os.sep):
        return False
    path = os.path.realpath(path)
    return os.path.commonpath([path, folder]) == folder


def with_defaults(given: Sequence[str], defaults: Sequence[str] = OPTIONS) -> list[str]:
    """``defaults``, less the options ``given`` sets again, then ``given`` (traitlets refuses one set twice).

    >>> with_defaults(["--ClassroomVoila.max_pages=3"], ["--no-browser", "--ClassroomVoila.max_pages=10"])
    ['--no-browser', '--ClassroomVoila.max_pages=3']
    """
    names = {option.split("=", 1)[0] for option in given if option.startswith("--")}
    return [*(option for option in defaults if option.split("=", 1)[0] not in names), *given]


def main(argv: Sequence[str] | None = None) -> None:
    """Run a student's server (``python -m asteroyds.serve.hub.app [OPTIONS]``) until the hub stops it."""
    set_language(None)  # its messages in the language of its environment (the hub passes LANG on)
    HubVoila.launch_instance(with_defaults(sys.argv[1:] if argv is None else argv))


if __name__ == "__main__":  # pragma: no cover
    main()
