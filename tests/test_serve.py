"""The class server (asteroyds.serve): settings and command, a server for tests, the websocket, culling."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

import asteroyds.serve.launch as launch_module
import asteroyds.serve.settings as settings_module
from asteroyds.cli import main
from asteroyds.serve.launch import free_port, serve
from asteroyds.serve.settings import (
    VOILA_ARGS,
    ServeSettings,
    default_max_pages,
    server_options,
    voila_command,
)
from asteroyds.serve.websocket import LowLatencyWebsocketConnection, touch_kernel
from tests.helpers import run_in_own_loop


class Handler(KernelWebsocketHandler):
    """A kernel websocket handler that only records ``set_nodelay`` (no server, no socket)."""

    def __init__(self, open_socket: bool = True) -> None:
        self.ws_connection = object() if open_socket else None
        self.nodelay: list[bool] = []

    def set_nodelay(self, value: bool) -> None:
        self.nodelay.append(value)


def test_the_connection_turns_nagle_off_then_connects_as_jupyter_server_does(monkeypatch):
    connected = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: connected.append(self))
    handler = Handler()
    connection = LowLatencyWebsocketConnection(websocket_handler=handler)
    connection.connect()
    assert handler.nodelay == [True]
    assert connected == [connection]


def test_a_socket_already_closed_is_left_alone(monkeypatch):
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "connect", lambda self: None)
    handler = Handler(open_socket=False)
    LowLatencyWebsocketConnection(websocket_handler=handler).connect()
    assert handler.nodelay == []


def test_voila_args_name_an_importable_connection_class():
    (option,) = VOILA_ARGS
    name, _, path = option.partition("=")
    assert name == "--Voila.kernel_websocket_connection_class"
    module, _, cls = path.rpartition(".")
    assert getattr(__import__(module, fromlist=[cls]), cls) is LowLatencyWebsocketConnection


def test_the_app_command_runs_the_class_server_in_its_own_process(monkeypatch):
    from asteroyds.serve import app as classroom

    runs = []
    monkeypatch.setattr(classroom, "main", lambda argv: runs.append(argv))
    port = free_port()
    argv = ["app", "--port", str(port), "--no-browser", "--idle-timeout", "30", "--max-kernels", "7"]
    assert main(argv) == 0
    (argv,) = runs
    assert argv[0].endswith("notebooks") and f"--port={port}" in argv
    assert all(option in argv for option in VOILA_ARGS)
    assert "--MappingKernelManager.cull_idle_timeout=30" in argv
    assert "--ClassroomVoila.max_pages=7" in argv
    assert "--preheat_kernel=True" not in argv  # one person on this machine: no pool by default
    runs.clear()
    assert main(["app", "--ip", "0.0.0.0", "--port", str(free_port()), "--no-browser"]) == 0
    assert "--preheat_kernel=True" in runs[0] and "--pool_size=1" in runs[0]  # a class: one warm kernel each
    (english,) = [o for o in runs[0] if o.startswith("--VoilaKernelManager.preheat_denylist=")]
    assert "'fr/'" in english  # an English class: the French twins start cold
    runs.clear()
    from asteroyds import i18n

    with i18n.use_language("en"):  # --lang sets the process's language: put it back after
        french_class = ["app", "--lang", "fr", "--ip", "0.0.0.0", "--port", str(free_port()), "--no-browser"]
        assert main(french_class) == 0
    (french,) = [o for o in runs[0] if o.startswith("--VoilaKernelManager.preheat_denylist=")]
    assert "'fr/'" not in french and "'[0-9][0-9]_'" in french  # a French class: its chapters are warm


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--idle-timeout", "-1"], "--idle-timeout must be 0 or more, got -1"),
        (["--max-kernels", "-3"], "--max-kernels must be 0 or more, got -3"),
        (["--pool", "-1"], "--pool must be 0 or more, got -1"),
        (["--port", "70000"], "--port must be 1..65535, got 70000"),
        (["--idle-timeout", "soon"], "invalid int value: 'soon'"),
    ],
)
def test_bad_app_arguments_are_one_line_and_start_nothing(monkeypatch, capsys, argv, words):
    from asteroyds.serve import app as classroom

    monkeypatch.setattr(classroom, "main", lambda argv: pytest.fail("the server started"))
    assert main(["app", "--no-browser", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_the_command_serves_a_folder_on_a_port_with_the_project_options():
    command = voila_command(Path("notebooks"), 8123, options=("--show_tracebacks=True",))
    assert command[:5] == [sys.executable, "-m", "asteroyds.serve", "notebooks", "--no-browser"]
    assert "--port=8123" in command and "--Voila.ip=127.0.0.1" in command
    assert command[-len(VOILA_ARGS) - 1 :] == ["--show_tracebacks=True", *VOILA_ARGS]
    # Without settings: one person's server, no cap and no pool; kernels still go away when left.
    assert "--ClassroomVoila.max_pages=0" in command and "--preheat_kernel=True" not in command
    assert "--MappingKernelManager.cull_idle_timeout=600" in command


def test_settings_become_server_options():
    options = server_options(ServeSettings(idle_timeout=15, max_pages=2, pool=2))
    assert "--MappingKernelManager.cull_idle_timeout=15" in options
    assert "--MappingKernelManager.cull_interval=5" in options
    assert "--MappingKernelManager.cull_connected=False" in options
    assert "--ClassroomVoila.max_pages=2" in options
    assert "--pool_size=2" in options
    (manager,) = [o.split("=", 1)[1] for o in options if o.startswith("--VoilaConfiguration.multi_kernel")]
    module, _, name = manager.rpartition(".")
    assert getattr(__import__(module, fromlist=[name]), name).__name__ == "ClassroomKernelManager"
    assert ServeSettings(idle_timeout=0).idle_timeout == 0  # 0: culling off (Jupyter Server's meaning)
    # The backstop for pages that vanished, and the page "/" opens.
    assert "--ClassroomKernelManager.disconnected_timeout=60" in options
    assert "--ClassroomVoila.welcome=00_welcome.ipynb" in options
    french = server_options(
        ServeSettings(language="fr", welcome="fr/00_welcome.ipynb", disconnected_timeout=6)
    )
    assert "--ClassroomVoila.welcome=fr/00_welcome.ipynb" in french
    # The culler looks every third of the shorter timeout: the 6 s backstop is kept to 2 s, not 200 s.
    assert "--MappingKernelManager.cull_interval=2" in french


def test_a_kernel_whose_page_left_is_shut_after_the_disconnected_timeout_and_one_still_open_is_kept():
    from datetime import timedelta
    from types import SimpleNamespace

    from asteroyds.serve.kernels import ClassroomKernelManager

    manager = ClassroomKernelManager(cull_idle_timeout=600, disconnected_timeout=60)
    for kernel_id in ("left", "open", "never"):
        kernel = SimpleNamespace(last_activity=utcnow(), execution_state="idle", kernel_name="python3")
        kernel.kernel_spec = SimpleNamespace(metadata={})
        manager._kernels[kernel_id] = kernel
        manager._kernel_connections[kernel_id] = 0
    shut = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        shut.append(kernel_id)
        del manager._kernels[kernel_id]

    manager.shutdown_kernel = shutdown_kernel
    for kernel_id in ("left", "open"):
        manager.notify_connect(kernel_id)
    manager.notify_connect("open")  # two tabs of one page? two connections: one closing keeps it
    manager.notify_disconnect("left")
    manager.notify_disconnect("open")

    def cull() -> None:
        for kernel_id in sorted(manager._kernels):
            run_in_own_loop(lambda k=kernel_id: manager.cull_kernel_if_idle(k))

    cull()
    assert shut == []  # the page has only just left
    manager._left["left"] -= 61  # a minute later
    cull()
    assert shut == ["left"]  # not "open" (still connected) nor "never" (its idle timeout is 600 s)
    for kernel in manager._kernels.values():
        kernel.last_activity = utcnow() - timedelta(seconds=601)
    cull()
    assert shut == ["left", "never"]  # a quiet page with an open connection is never shut


def test_the_disconnected_rule_runs_even_when_the_idle_timeout_is_never():
    from asteroyds.serve.kernels import ClassroomKernelManager

    manager = ClassroomKernelManager(cull_idle_timeout=0, disconnected_timeout=60, cull_interval=5)
    started = []
    manager._culler_callback = None

    class Callback:
        def __init__(self, function, milliseconds):
            started.append(milliseconds)

        def start(self):
            pass

    import jupyter_server.services.kernels.kernelmanager as kernelmanager

    saved = kernelmanager.PeriodicCallback
    kernelmanager.PeriodicCallback = Callback
    try:
        run_in_own_loop(lambda: _initialize(manager))
    finally:
        kernelmanager.PeriodicCallback = saved
    assert started == [5000]
    assert manager.cull_idle_timeout > 10**8  # pages that never connect: never culled


async def _initialize(manager) -> None:
    manager.initialize_culler()


def _voila_preheats(options: list[str], notebooks: Path) -> list[str]:
    """The notebooks under ``notebooks`` Voila's own filter keeps a warm kernel for, with these options."""
    import ast
    from types import SimpleNamespace

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    (value,) = [o.split("=", 1)[1] for o in options if o.startswith("--VoilaKernelManager.preheat_denylist=")]
    manager = SimpleNamespace(preheat_denylist=ast.literal_eval(value))
    keep = voila_kernel_manager_factory(AsyncMappingKernelManager, True, None)._notebook_filter
    paths = sorted(p.relative_to(notebooks) for p in notebooks.rglob("*.ipynb"))
    return [str(p) for p in paths if keep(manager, p)]


def test_a_class_keeps_warm_only_the_chapters_in_its_language():
    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    english = _voila_preheats(server_options(ServeSettings(pool=1)), notebooks)
    french = _voila_preheats(server_options(ServeSettings(pool=1, language="fr")), notebooks)
    assert "02_planning.ipynb" in english and "fr/02_planning.ipynb" in french
    assert not any(p.startswith("fr/") or "demo" in p for p in english)
    assert all(p.startswith("fr/") for p in french)
    # What the memory budget counts is what Voila warms, counted from the folder (a new chapter counts).
    assert english == settings_module.preheated_pages("en", notebooks)
    assert french == settings_module.preheated_pages("fr", notebooks)
    assert len(english) == len(french) >= 14  # welcome, 10 chapters, teacher's tools, sandbox, practice


def test_the_default_cap_follows_the_available_memory():
    assert default_max_pages(available=1024 + 130 * 40) == 40
    assert default_max_pages(available=1024 + 130 * 40, pool_kernels=12) == 28
    assert default_max_pages(available=100) == 1
    assert ServeSettings(max_pages=9).resolved_max_pages() == 9
    assert ServeSettings(max_pages=-1).resolved_max_pages() == 0
    assert ServeSettings().resolved_max_pages() >= 1


def test_a_free_port_can_be_bound_at_once():
    port = free_port()
    with socket.socket() as s:
        s.bind(("127.0.0.1", port))


def test_a_free_port_is_drawn_below_the_ports_outgoing_connections_get():
    # A port from the ephemeral range can be taken by any browser's or client's connection
    # before the server binds it (CI lost a run to that: "the port ... is already in use").
    low = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    ports = {free_port() for _ in range(20)}
    assert all(1024 <= port < low for port in ports), sorted(ports)
    assert len(ports) > 1  # drawn, not one fixed port every worker would share


# A stand-in server: it binds its port as Voila does (no retry) and answers every address.
FAKE_SERVER = """
import http.server, sys
port = int(sys.argv[1])
try:
    server = http.server.HTTPServer(("127.0.0.1", port), http.server.BaseHTTPRequestHandler)
except OSError:
    print(f"The port {port} is already in use, trying another port.", flush=True)
    sys.exit(1)
class Ok(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200)
        self.end_headers()
server.RequestHandlerClass = Ok
server.serve_forever()
"""


def fake_server(root, port, **options):
    return [sys.executable, "-c", FAKE_SERVER, str(port)]


def test_a_server_whose_port_was_taken_first_starts_again_on_another(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        draws = iter([busy, free_port()])
        monkeypatch.setattr(launch_module, "free_port", lambda: next(draws))
        monkeypatch.setattr(launch_module, "voila_command", fake_server)
        with serve(tmp_path, log_path=tmp_path / "voila.log", timeout=30) as url:
            assert launch_module.answers(url)
            assert not url.endswith(f":{busy}")


def test_a_server_that_never_gets_a_port_says_so(tmp_path, monkeypatch):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        draws = []
        monkeypatch.setattr(launch_module, "free_port", lambda: draws.append(busy) or busy)
        monkeypatch.setattr(launch_module, "voila_command", fake_server)
        with (
            pytest.raises(RuntimeError, match=r"(?s)Voila exited with 1:.*already in use"),
            serve(tmp_path, log_path=tmp_path / "voila.log", timeout=30),
        ):
            pass
    assert len(draws) == launch_module.START_ATTEMPTS


def test_serve_says_why_voila_did_not_start_with_the_end_of_its_log(tmp_path, monkeypatch):
    log_path = tmp_path / "voila.log"
    broken = [sys.executable, "-c", "import sys; print('no such folder'); sys.exit(3)"]
    monkeypatch.setattr(launch_module, "voila_command", lambda root, port, **options: broken)
    with (
        pytest.raises(RuntimeError, match=r"(?s)Voila exited with 3:.*no such folder"),
        serve(tmp_path, log_path=log_path, timeout=30),
    ):
        pass


def test_serve_gives_up_after_the_timeout_and_stops_the_server(tmp_path, monkeypatch):
    log_path = tmp_path / "voila.log"
    started = []

    def silent(root, port, **options):
        started.append(port)
        code = "import os, time; print('pid', os.getpid(), 'still starting', flush=True); time.sleep(60)"
        return [sys.executable, "-c", code]

    monkeypatch.setattr(launch_module, "voila_command", silent)
    # Given up on its timeout, not when the server ended by itself a minute later ("Voila exited").
    with (
        pytest.raises(RuntimeError, match=r"(?s)did not answer in 1 s:.*still starting"),
        serve(tmp_path, log_path=log_path, timeout=1),
    ):
        pass
    assert started
    pid = int(log_path.read_text().split()[1])
    with pytest.raises(ProcessLookupError):  # the server was stopped (and reaped), not left running
        os.kill(pid, 0)


def test_closing_a_page_restarts_its_kernels_idle_clock(monkeypatch):
    from datetime import timedelta
    from types import SimpleNamespace

    old = utcnow() - timedelta(hours=1)
    kernel = SimpleNamespace(last_activity=old)
    manager = SimpleNamespace(_kernels={"k1": kernel})
    closed = []
    monkeypatch.setattr(ZMQChannelsWebsocketConnection, "disconnect", lambda self: closed.append(self))
    connection = LowLatencyWebsocketConnection(websocket_handler=Handler())
    monkeypatch.setattr(LowLatencyWebsocketConnection, "multi_kernel_manager", manager, raising=False)
    monkeypatch.setattr(LowLatencyWebsocketConnection, "kernel_id", "k1", raising=False)
    connection.disconnect()
    assert closed == [connection]
    assert utcnow() - kernel.last_activity < timedelta(seconds=5)
    # An unknown kernel (already shut down) is left alone.
    assert touch_kernel(manager, "gone") <= utcnow()


def test_a_kernel_handed_to_a_page_is_not_culled_for_its_time_in_the_pool():
    from datetime import timedelta
    from types import SimpleNamespace

    from asteroyds.serve.kernels import ClassroomKernelManager

    manager = ClassroomKernelManager(cull_idle_timeout=60)
    pooled_since = utcnow() - timedelta(minutes=30)
    kernel = SimpleNamespace(last_activity=pooled_since, execution_state="idle", kernel_name="python3")
    kernel.kernel_spec = SimpleNamespace(metadata={})
    manager._kernels["k1"] = kernel
    shut = []

    async def shutdown_kernel(kernel_id, *args, **kwargs):
        shut.append(kernel_id)

    manager.shutdown_kernel = shutdown_kernel
    run_in_own_loop(lambda: manager.cull_kernel_if_idle("k1"))  # first met outside the pool: clock restarts
    assert shut == [] and kernel.last_activity > pooled_since
    kernel.last_activity = utcnow() - timedelta(minutes=2)  # then idle for longer than the timeout
    run_in_own_loop(lambda: manager.cull_kernel_if_idle("k1"))
    assert shut == ["k1"]
    assert manager.page_kernel_count() == 1 and manager.pool_kernel_ids() == []


def test_a_stopping_server_ends_the_children_its_kernel_manager_does_not_know():
    from asteroyds.serve.processes import child_pids, end_processes

    ignore_sigterm = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); time.sleep(60)"
    stubborn = subprocess.Popen([sys.executable, "-c", ignore_sigterm])
    try:
        deadline = time.monotonic() + 10
        while stubborn.pid not in child_pids() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert stubborn.pid in child_pids()
        end_processes([stubborn.pid], grace=0.5)  # SIGTERM is ignored: SIGKILL after the grace
        assert stubborn.pid not in child_pids()
    finally:
        stubborn.kill()
