"""What a class server promises, as Voila options and as the command that starts it.

:class:`ServeSettings` holds the promises (how long a page's kernel outlives
its page, how many pages, how many kept warm, which page ``/`` opens);
:func:`server_options` turns them into Voila options; :func:`voila_command` is
the whole command, used by ``asteroyds app`` (in its own process), by
:func:`asteroyds.serve.launch.serve` (a server on a free port for as long as a
``with`` block lasts: the browser tests and the benchmarks) and, as
configuration files, by Binder and the JupyterHub recipe. This module imports
no Voila and no Jupyter Server, so the command line reads its defaults here
without the app's extra installed.

>>> voila_command("notebooks", 8866)[1:5]
['-m', 'asteroyds.serve', 'notebooks', '--no-browser']
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

__all__ = [
    "CONNECTION_CLASS",
    "VOILA_ARGS",
    "ServeSettings",
    "default_max_pages",
    "jupyter_server_options",
    "preheated_pages",
    "server_options",
    "voila_command",
]

MB_PER_PAGE = (
    130  # a sandbox page's kernel, measured by benchmarks/classroom.py (about 120 MB), with a margin
)
RESERVED_MB = 1024  # left to the server process, the operating system and the pool
IDLE_TIMEOUT = 600  # seconds a kernel whose page never connected (a fetch, a crawler) is kept
DISCONNECTED_TIMEOUT = 60  # seconds a kernel whose page connected, then lost it, is kept (a network blip)
WELCOME = "00_welcome.ipynb"  # the page ``/`` opens (``fr/00_welcome.ipynb`` for a French class)
READY_PATH = "/asteroyds/ready"  # answers once the server listens; starts no kernel
IOPUB_TIMEOUT = 60  # seconds a rendering page waits for its kernel's outputs (nbclient's default: 4)
POOL = 1  # pre-heated kernels per chapter
CHECKOUT_NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"  # the pages, in a checkout
# Notebooks that never get a pre-heated kernel: the developers' demos, the benchmarks' baselines, and the
# class room pages (a whole class opens the join page at once: one warm kernel would serve one student).
PREHEAT_DENYLIST = ("widgets_demo", "status_chart_demo", "benchmarks/", "class_room", "join")
ENGLISH_CHAPTERS = "[0-9][0-9]_"  # a chapter at the top of notebooks/ (a regex matched from the start)
# The English pages outside the numbering (twins.OTHER_PAGES): a regex matched from the start too.
ENGLISH_PAGES = r"(sandbox|practice|class_room|join|teachers_tools)\.ipynb"
SERVER = "asteroyds.serve"  # the package that runs the class server (python -m)
KERNEL_MANAGER = "asteroyds.serve.kernels.ClassroomKernelManager"


@dataclass(frozen=True)
class ServeSettings:
    """What a class server promises: how long a page's kernel outlives it, how many pages, how many warm."""

    idle_timeout: int = IDLE_TIMEOUT  # 0: never
    disconnected_timeout: int = DISCONNECTED_TIMEOUT  # 0: only idle_timeout applies
    max_pages: int = 0  # 0: the default for this machine (default_max_pages); negative: no cap
    pool: int = POOL
    language: str = "en"  # the chapters kept warm are this language's (the class's); the others start cold
    welcome: str = WELCOME  # the page / opens, relative to the notebooks
    notebooks: str | None = None  # the folder served (None: this checkout's notebooks/)

    def resolved_max_pages(self) -> int:
        """The cap in force: ``max_pages``, this machine's default for 0, none (0) for a negative value."""
        if self.max_pages < 0:
            return 0
        warm = self.pool * len(preheated_pages(self.language, self.notebooks)) if self.pool > 0 else 0
        return self.max_pages or default_max_pages(pool_kernels=warm)


def cull_interval(idle_timeout: int) -> int:
    """How often the culler looks: a third of the timeout, between 1 s and a minute.

    >>> cull_interval(15), cull_interval(600)
    (5, 60)
    """
    return max(1, min(60, idle_timeout // 3))


def available_mb() -> int | None:
    """The memory the system could give new processes now (Linux's MemAvailable), or None elsewhere."""
    try:
        with open("/proc/meminfo", encoding="ascii") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) // 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def default_max_pages(available: int | None = None, pool_kernels: int = 0) -> int:
    """How many pages fit in this machine's available memory at :data:`MB_PER_PAGE` each (at least 1).

    >>> default_max_pages(available=16_000)
    115
    >>> default_max_pages(available=500)
    1
    """
    if available is None:
        available = available_mb()
    if available is None:  # not Linux: a small class
        return 30
    return max(1, (available - RESERVED_MB) // MB_PER_PAGE - pool_kernels)


def preheat_denylist(language: str = "en") -> tuple[str, ...]:
    """The notebooks Voila must not pre-heat when the class speaks ``language``.

    Voila keeps a warm kernel for every notebook under ``notebooks/``, the
    translated twins included; each costs :data:`MB_PER_PAGE` for a page nobody
    may open. A class reads one language, so only its chapters are kept warm:
    the twins' folders of the other languages are denied, and the English
    chapters when the class reads another language. A page in another language
    still opens, in a kernel started for it.

    >>> preheat_denylist("en")[-1], preheat_denylist("fr")[-2:]
    ('fr/', ('[0-9][0-9]_', '(sandbox|practice|class_room|join|teachers_tools)\\\\.ipynb'))
    """
    from ..ui.share.twins import TWIN_FOLDERS  # notebooks/fr/02_planning.ipynb …

    others = tuple(f"{folder}/" for lang, folder in TWIN_FOLDERS.items() if lang != language)
    english = () if language == "en" else (ENGLISH_CHAPTERS, ENGLISH_PAGES)
    return (*PREHEAT_DENYLIST, *others, *english)


def preheated_pages(language: str = "en", notebooks: str | PathLike[str] | None = None) -> list[str]:
    """The pages Voila keeps a warm kernel for, by Voila's own rule, so the memory budget counts them.

    Counted from the folder rather than kept by hand: a new chapter is one more
    warm kernel, and the cap on pages (:meth:`ServeSettings.resolved_max_pages`)
    leaves room for it. Voila skips a notebook when a denylist entry appears in
    its path or matches from its start (``VoilaKernelManager._notebook_filter``).

    >>> pages = preheated_pages("en")
    >>> "00_welcome.ipynb" in pages and not any(p.startswith("fr/") for p in pages)
    True
    """
    folder = Path(notebooks) if notebooks is not None else CHECKOUT_NOTEBOOKS
    denied = preheat_denylist(language)
    paths = sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.ipynb"))
    return [
        path
        for path in paths
        if ".ipynb_checkpoints" not in path and not any(d in path or re.match(d, path) for d in denied)
    ]


def server_options(settings: ServeSettings) -> list[str]:
    """The class server's options (Voila's command-line form) for these settings.

    >>> options = server_options(ServeSettings(idle_timeout=600, max_pages=40, pool=1))
    >>> "--MappingKernelManager.cull_idle_timeout=600" in options, "--ClassroomVoila.max_pages=40" in options
    (True, True)
    """
    options = [
        f"--ClassroomVoila.max_pages={settings.resolved_max_pages()}",
        f"--ClassroomVoila.welcome={settings.welcome}",
        *_culling(settings.idle_timeout, settings.disconnected_timeout),
        f"--ClassroomKernelManager.disconnected_timeout={settings.disconnected_timeout}",
        f"--VoilaConfiguration.multi_kernel_manager_class={KERNEL_MANAGER}",
        # A page's outputs may lag its execute reply when a class arrives at once: nbclient's 4 s
        # default dropped them (ten sandbox pages on two cores rendered without their widget).
        f"--VoilaExecutor.iopub_timeout={IOPUB_TIMEOUT}",
        # Kernels talk to the server over unix sockets beside their connection files, not TCP ports:
        # a port is picked free and bound later by the kernel, so when a class (or the pool) starts
        # many kernels at once, two could pick the same port and one died ("Address already in use").
        "--KernelManager.transport=ipc",
    ]
    if settings.pool > 0:
        denylist = "[" + ",".join(repr(name) for name in preheat_denylist(settings.language)) + "]"
        options += [
            "--preheat_kernel=True",
            f"--pool_size={settings.pool}",
            f"--VoilaKernelManager.preheat_denylist={denylist}",
        ]
    return options


SERVER_TIMEOUT = 90.0  # seconds for a fresh Voila to answer (it imports a lot the first time)


def jupyter_server_options(idle_timeout: int = IDLE_TIMEOUT) -> list[str]:
    """The same kernel settings for a Jupyter Server that serves the app (JupyterHub, Binder).

    There Voila is Jupyter Server's extension: kernels are culled by the
    server's own kernel manager, and there is no pool nor cap (one server per person).

    >>> jupyter_server_options()[0].startswith("--ServerApp.kernel_websocket_connection_class=")
    True
    """
    return [f"--ServerApp.kernel_websocket_connection_class={CONNECTION_CLASS}", *_culling(idle_timeout)]


def _culling(idle_timeout: int, disconnected_timeout: int = 0) -> list[str]:
    """Jupyter Server's culler: shut down a kernel with no open connection for ``idle_timeout`` s.

    It looks every third of the shorter timeout, so that the class server's own
    rule, ``disconnected_timeout`` (run in the same loop), is kept to a few seconds.
    """
    shortest = min(t for t in (idle_timeout, disconnected_timeout, 10**9) if t > 0)
    return [
        f"--MappingKernelManager.cull_idle_timeout={idle_timeout}",
        f"--MappingKernelManager.cull_interval={cull_interval(shortest)}",
        "--MappingKernelManager.cull_connected=False",
    ]


# The kernel websocket without Nagle's algorithm (asteroyds.serve.websocket), named, not imported.
CONNECTION_CLASS = "asteroyds.serve.websocket.LowLatencyWebsocketConnection"
# Command-line options for ``voila``: standalone Voila configures its own kernel websocket class.
VOILA_ARGS: tuple[str, ...] = (f"--Voila.kernel_websocket_connection_class={CONNECTION_CLASS}",)


def voila_command(
    root: str | PathLike[str],
    port: int,
    *,
    ip: str = "127.0.0.1",
    settings: ServeSettings | None = None,
    options: Sequence[str] = (),
) -> list[str]:
    """The command that serves the notebooks under ``root`` as the app does: the class server.

    ``settings`` default to a server for one person (no pool, no cap, the usual
    idle timeout); ``options`` are more Voila options (``--show_tracebacks=True``
    for tests).
    """
    settings = settings or ServeSettings(max_pages=-1, pool=0)
    return [
        sys.executable,
        "-m",
        SERVER,
        str(root),
        "--no-browser",
        f"--port={port}",
        f"--Voila.ip={ip}",
        "--Voila.port_retries=0",
        *server_options(settings),
        *options,
        *VOILA_ARGS,
    ]
