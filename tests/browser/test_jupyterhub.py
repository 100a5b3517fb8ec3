"""The JupyterHub recipe for real: students get the app and nothing else, never as root; the teacher logs in.

Starts ``jupyterhub -f deploy/jupyterhub/jupyterhub_config.py`` as docs/serving.md
says (JupyterHub from PyPI, ``configurable-http-proxy`` from npm) on free ports,
with a private data folder of its own. Two students log in from separate
browser contexts and, with their own cookies: the welcome page renders; no
JupyterLab, tree, contents, terminals, kernels or sessions API answers; code
sent over the page's kernel websocket never runs (a file it would write is
not written, though the same code run directly writes it); the other's server
is closed to them. Their servers and kernels run as the students' account,
never root, and that account cannot read the hub's database or cookie secret.
The teacher logs in with the admin password, sees the class's servers and
stops one; the class password makes nobody admin. The recipe refuses a
student's server as root, at start and at spawn (``system`` mode, where a
student's own account runs their server). Each hub is stopped at the end, and
with it everything it started.

As root (CI), the students' servers run as ``asteroyds-student``, with the
Python of ``ASTEROYDS_HUB_PYTHON``: ``.ci/setup-hub`` (run by ``.ci/run``)
creates both. Not as root, the hub can start them only as itself.

Policy: skipped only when JupyterHub, the proxy or (as root) the students'
account and its Python are missing and ``ASTEROYDS_REQUIRE_HUB`` is not set
(CI sets it and installs them).
"""

from __future__ import annotations

import importlib.util
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psutil
import pytest
from playwright.sync_api import expect

from asteroyds.serve.hub import settings as hub_settings
from asteroyds.serve.launch import free_port

from .conftest import RENDER_TIMEOUT, ROOT

pytestmark = [pytest.mark.ui, pytest.mark.slow]
RECIPE = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
PASSWORD = "asteroyds-class-2026"
TEACHER = "teacher"
TEACHER_PASSWORD = "the-teacher's-own-password-of-40-characters"
STUDENTS = ("ada", "blaise")
SPAWN_TIMEOUT = 300_000  # ms: a student's first server starts Voila and a kernel
AS_ROOT = os.geteuid() == 0
ACCOUNT = hub_settings.STUDENT_ACCOUNT if AS_ROOT else pwd.getpwuid(os.geteuid()).pw_name
SYSTEM_STUDENT = "asteroyds-test"  # a student's own account, in the students' group (.ci/setup-hub)
PYTHON = os.environ.get("ASTEROYDS_HUB_PYTHON") or sys.executable
APP = "asteroyds.serve.hub.app"
REFUSED = (403, 404)


def missing(what: str) -> None:
    """Fail under ``ASTEROYDS_REQUIRE_HUB``, skip otherwise."""
    if os.environ.get("ASTEROYDS_REQUIRE_HUB"):
        pytest.fail(f"the JupyterHub test needs {what} (ASTEROYDS_REQUIRE_HUB is set)")
    pytest.skip(f"missing {what} (set ASTEROYDS_REQUIRE_HUB=1 to make this a failure)")


def hub_available() -> None:
    for name, present in (
        ("jupyterhub (pip install -e '.[hub]')", importlib.util.find_spec("jupyterhub") is not None),
        ("jupyterhub-idle-culler", importlib.util.find_spec("jupyterhub_idle_culler") is not None),
        ("configurable-http-proxy (npm install -g)", shutil.which("configurable-http-proxy") is not None),
    ):
        if not present:
            missing(name)
    if AS_ROOT:  # the students' account, and a Python it can run the app with (.ci/setup-hub)
        try:
            account = hub_settings.read_settings(
                {"ASTEROYDS_HUB_PASSWORD": PASSWORD, "ASTEROYDS_HUB_PYTHON": PYTHON}, ROOT
            )
            hub_settings.preflight(account, ROOT / "notebooks")
        except hub_settings.HubConfigError as error:
            missing(f"the students' account set up by .ci/setup-hub ({error})")


@dataclass
class Hub:
    url: str
    data: Path
    log: Path
    process: psutil.Process

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


def hub_env(port: int, data: Path, **more: str) -> dict[str, str]:
    env = {
        **os.environ,
        "ASTEROYDS_HUB_PASSWORD": PASSWORD,
        "ASTEROYDS_HUB_ADMIN": TEACHER,
        "ASTEROYDS_HUB_ADMIN_PASSWORD": TEACHER_PASSWORD,
        "ASTEROYDS_HUB_IP": "127.0.0.1",
        "ASTEROYDS_HUB_PORT": str(port),
        "ASTEROYDS_HUB_API_PORT": str(free_port()),
        "ASTEROYDS_PROXY_API_PORT": str(free_port()),
        "ASTEROYDS_HUB_DATA": str(data),
        "ASTEROYDS_HUB_PYTHON": PYTHON,
        "ASTEROYDS_LANG": "en",  # the messages the tests read
        **more,
    }
    for name in ("ASTEROYDS_HUB_SPAWNER", "ASTEROYDS_HUB_STUDENT_USER", "ASTEROYDS_HUB_STUDENT_GROUP"):
        if name not in more:
            env.pop(name, None)  # the recipe's defaults, whatever the caller's environment says
    return env


@contextmanager
def running_hub(folder: Path, **more: str) -> Iterator[Hub]:
    """A hub started from the recipe, its data in ``folder/private``; stopped after, with all it started."""
    port = free_port()
    log_path = folder / "hub.log"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(RECIPE)],
            cwd=folder,
            env=hub_env(port, folder / "private", **more),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    running = Hub(url, folder / "private", log_path, psutil.Process(process.pid))
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{url}/hub/login", timeout=5).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the hub did not start:\n{running.log_text()[-3000:]}")
                time.sleep(0.5)
        yield running
    finally:
        tree = [running.process, *running.process.children(recursive=True)]
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        _, alive = psutil.wait_procs(tree, timeout=30)
        for proc in alive:  # never leave a server behind, even when the assertion below fails
            proc.kill()
        assert alive == [], f"still running after the hub stopped: {[p.pid for p in alive]}"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    hub_available()
    with running_hub(tmp_path_factory.mktemp("hub")) as running:
        yield running


def log_in(browser, hub_url: str, name: str, password: str = PASSWORD):
    """A new browser context logged in as ``name``; its page is where the login led."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.goto(f"{hub_url}/hub/login", timeout=RENDER_TIMEOUT)
    page.fill("#username_input", name)
    page.fill("#password_input", password)
    page.click("#login_submit")
    return page


def wait_for_welcome(page, name: str) -> None:
    """The hub spawns the student's server and sends them to the welcome page, rendered (its picture)."""
    welcome = f"**/user/{name}/voila/render/00_welcome.ipynb"
    page.wait_for_url(welcome, timeout=SPAWN_TIMEOUT, wait_until="commit")
    page.wait_for_selector("#loading", state="detached", timeout=RENDER_TIMEOUT)
    page.wait_for_selector(".asteroyds-board-picture", timeout=RENDER_TIMEOUT)


@pytest.fixture(scope="module")
def students(hub: Hub, browser) -> Iterator[dict[str, object]]:
    pages = {name: log_in(browser, hub.url, name) for name in STUDENTS}  # their servers start together
    for name, page in pages.items():
        wait_for_welcome(page, name)
    yield pages
    for page in pages.values():
        page.context.close()


def xsrf(page, path: str = "/hub/") -> str:
    """The ``_xsrf`` cookie the hub set for ``path``: its API wants it back in a header with cookie auth."""
    return next(c["value"] for c in page.context.cookies() if c["name"] == "_xsrf" and c["path"] == path)


def hub_api(page, hub: Hub, method: str, path: str):
    """A hub API request with the page's own session (cookies and XSRF token), as the admin page makes."""
    return page.request.fetch(
        f"{hub.url}/hub/api/{path}", method=method, headers={"X-XSRFToken": xsrf(page)}, max_redirects=0
    )


def servers_of(hub: Hub) -> dict[str, psutil.Process]:
    """The students' servers the hub runs now, by user name (JupyterHub gives each its JUPYTERHUB_USER)."""
    found = {}
    for proc in hub.process.children(recursive=True):
        try:
            if APP in " ".join(proc.cmdline()):
                found[proc.environ().get("JUPYTERHUB_USER", "?")] = proc
        except psutil.NoSuchProcess:
            continue
    return found


def run_as_account(argv: list[str], account: str = ACCOUNT) -> subprocess.CompletedProcess:
    """Run ``argv`` as the students' account (as this process when it is that account)."""
    entry = pwd.getpwnam(account)
    switch = entry.pw_uid != os.geteuid()
    return subprocess.run(
        argv,
        capture_output=True,
        text=True,
        timeout=60,
        cwd="/",
        user=entry.pw_uid if switch else None,
        group=entry.pw_gid if switch else None,
        extra_groups=[] if switch else None,
    )


def test_two_students_get_the_app_and_nothing_else(hub, students):
    for name, page in students.items():
        expect(page.locator("body")).to_contain_text("Asteroyds Academy")
        assert page.locator(".jp-OutputArea-output:has-text('Traceback')").count() == 0
        base = f"{hub.url}/user/{name}"
        # With the student's own cookies the server answers (the page above), and nothing but the app:
        welcome = page.request.get(f"{base}/voila/render/00_welcome.ipynb", max_redirects=0)
        assert welcome.status == 200 and "jupyter-config-data" in welcome.text()
        token = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
        for method, path in (
            ("GET", "lab"),
            ("GET", "tree"),
            ("GET", "api/contents"),
            ("POST", "api/terminals"),
            ("POST", "api/kernels"),
            ("POST", "api/sessions"),
        ):
            response = page.request.fetch(
                f"{base}/{path}", method=method, headers={"X-XSRFToken": token}, data="{}", max_redirects=0
            )
            assert response.status in REFUSED, f"{name}: {method} /user/{name}/{path} → {response.status}"
    # One student's session cannot reach the other's server.
    ada, blaise = STUDENTS
    response = students[ada].request.get(f"{hub.url}/user/{blaise}/voila/render/00_welcome.ipynb")
    assert response.status in REFUSED and "jupyter-config-data" not in response.text()
    # The idle culler runs as a hub service.
    commands = [" ".join(p.cmdline()) for p in hub.process.children(recursive=True)]
    assert any("jupyterhub_idle_culler" in c for c in commands), commands


PROBE = """async ({code}) => {
  const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  const origin = location.origin.replace(/^http/, "ws");
  const channels = `${config.baseUrl}api/kernels/${config.kernelId}/channels`;
  const ws = new WebSocket(`${origin}${channels}?session_id=probe`);
  const id = (what) => `${what}-${Math.random().toString(16).slice(2)}`;
  const message = (type, content) => ({
    header: {msg_id: id(type), username: "probe", session: "probe", msg_type: type, version: "5.3",
             date: new Date().toISOString()},
    parent_header: {}, metadata: {}, content, channel: "shell", buffers: [],
  });
  const before = message("kernel_info_request", {});
  const execute = message("execute_request", {code, silent: false, store_history: false,
                                              user_expressions: {}, allow_stdin: false, stop_on_error: true});
  const after = message("kernel_info_request", {});
  const seen = [];
  return await new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve({seen, timeout: true}), 60000);
    ws.onerror = () => reject(new Error("websocket error"));
    ws.onopen = () => [before, execute, after].forEach((m) => ws.send(JSON.stringify(m)));
    ws.onmessage = (event) => {
      const m = JSON.parse(event.data);
      const parent = m.parent_header.msg_id;
      const of = parent === before.header.msg_id ? "before" : parent === execute.header.msg_id ? "execute"
               : parent === after.header.msg_id ? "after" : "other";
      seen.push([of, m.msg_type]);
      if (of === "after" && m.msg_type === "kernel_info_reply") {
        // Shell requests are handled in order: had the code run, its reply would have come first.
        setTimeout(() => { clearTimeout(timer); ws.close(); resolve({seen, timeout: false}); }, 2000);
      }
    };
  });
}"""


def test_code_sent_over_the_page_kernel_websocket_never_runs(hub, students):
    folder = Path(tempfile.mkdtemp(prefix="asteroyds-hub-probe-", dir="/tmp"))
    try:
        entry = pwd.getpwnam(ACCOUNT)
        os.chown(folder, entry.pw_uid, entry.pw_gid)
        marker = folder / "ran"
        code = f"open({str(marker)!r}, 'w').write('code ran in the kernel')"
        # The control: this code, run as the account the kernels run as, does write the file.
        done = run_as_account([PYTHON, "-c", code])
        assert done.returncode == 0 and marker.exists(), done.stderr
        marker.unlink()
        result = students[STUDENTS[0]].evaluate(PROBE, {"code": code})
        seen = [tuple(item) for item in result["seen"]]
        assert not result["timeout"], seen
        assert ("before", "kernel_info_reply") in seen  # the socket reaches the kernel ...
        assert ("after", "kernel_info_reply") in seen  # ... which answered what came after the code
        assert [item for item in seen if item[0] == "execute"] == []  # no busy, no input, no reply
        assert not marker.exists()
        assert 'Received message of type "execute_request", which is not allowed. Ignoring.' in hub.log_text()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def test_the_students_servers_and_kernels_run_as_the_students_account_never_root(hub, students):
    servers = servers_of(hub)
    assert set(STUDENTS) <= set(servers), servers
    uid = pwd.getpwnam(ACCOUNT).pw_uid
    for name in STUDENTS:
        processes = [servers[name], *servers[name].children(recursive=True)]
        assert len(processes) >= 2, processes  # the server and the welcome page's kernel
        for proc in processes:
            assert proc.uids().real == proc.uids().effective == uid != 0, (name, proc.cmdline())


def test_the_hubs_secrets_are_the_hubs_alone(hub, students):
    assert ROOT.resolve() not in hub.data.resolve().parents
    info = hub.data.stat()
    assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o700
    for name in (hub_settings.DATABASE, hub_settings.COOKIE_SECRET):
        info = (hub.data / name).stat()
        assert info.st_uid == os.geteuid() and stat.S_IMODE(info.st_mode) == 0o600, name
    if pwd.getpwuid(os.geteuid()).pw_name == ACCOUNT:
        missing("root, to run the students' servers as another account than the hub's")
    readable = run_as_account(["cat", str(ROOT / "notebooks" / "00_welcome.ipynb")])
    assert readable.returncode == 0  # the control: the account reads what it may
    for name in (hub_settings.DATABASE, hub_settings.COOKIE_SECRET):
        denied = run_as_account(["cat", str(hub.data / name)])
        assert denied.returncode != 0 and "Permission denied" in denied.stderr, name


def test_the_class_password_makes_nobody_admin(hub, browser, students):
    page = log_in(browser, hub.url, TEACHER, PASSWORD)  # the teacher's name, the class password
    try:
        expect(page.locator("body")).to_contain_text("Invalid username or password")
        assert "/hub/login" in page.url
        assert page.request.get(f"{hub.url}/hub/api/user").status == 403  # not logged in at all
    finally:
        page.context.close()
    student = students[STUDENTS[0]]
    me = hub_api(student, hub, "GET", "user")
    assert me.status == 200 and me.json()["name"] == STUDENTS[0] and me.json()["admin"] is False
    assert hub_api(student, hub, "GET", "users").status in REFUSED
    assert hub_api(student, hub, "DELETE", f"users/{STUDENTS[1]}/server").status in REFUSED
    assert student.request.get(f"{hub.url}/hub/admin").status == 403
    assert STUDENTS[1] in servers_of(hub)  # the other student's server still runs


def test_the_teacher_logs_in_sees_the_class_servers_and_stops_one(hub, browser, students):
    page = log_in(browser, hub.url, TEACHER, TEACHER_PASSWORD)
    try:
        # The teacher lands on the hub's admin page: the class's servers.
        page.wait_for_url("**/hub/admin**", timeout=RENDER_TIMEOUT)
        for name in STUDENTS:
            expect(page.locator("body")).to_contain_text(name, timeout=RENDER_TIMEOUT)
        users = hub_api(page, hub, "GET", "users")
        assert users.status == 200, users.text()
        model = {user["name"]: user for user in users.json()}
        assert model[TEACHER]["admin"] is True
        for name in STUDENTS:
            assert model[name]["servers"][""]["ready"] is True, model[name]
        stopped, kept = STUDENTS[1], STUDENTS[0]
        process = servers_of(hub)[stopped]
        response = hub_api(page, hub, "DELETE", f"users/{stopped}/server")
        assert response.status in (202, 204), response.text()
        process.wait(timeout=60)  # the student's server (and with it its kernels) is gone
        deadline = time.monotonic() + 60
        while hub_api(page, hub, "GET", f"users/{stopped}").json()["servers"] and time.monotonic() < deadline:
            time.sleep(0.5)
        assert hub_api(page, hub, "GET", f"users/{stopped}").json()["servers"] == {}
        assert set(servers_of(hub)) == {kept}
    finally:
        page.context.close()


def run_recipe_until_it_exits(folder: Path, **more: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "jupyterhub", "-f", str(RECIPE)],
        cwd=folder,
        env=hub_env(free_port(), folder / "private", **more),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_recipe_refuses_root_for_the_students_servers_at_start(tmp_path):
    hub_available()
    done = run_recipe_until_it_exits(tmp_path, ASTEROYDS_HUB_STUDENT_USER="root")
    assert done.returncode != 0
    if AS_ROOT:
        assert "A student's server never runs as root: 'root' has user id 0" in done.stderr, done.stderr
    else:  # a hub not run as root starts servers only as itself
        assert "it can start the students' servers only as itself" in done.stderr, done.stderr
    assert not (tmp_path / "private").exists()  # refused before anything was made


def test_the_recipe_checks_the_teachers_password_at_start(tmp_path):
    hub_available()
    without = run_recipe_until_it_exits(tmp_path, ASTEROYDS_HUB_ADMIN_PASSWORD="")
    assert without.returncode != 0
    assert "ASTEROYDS_HUB_ADMIN names the teacher 'teacher' but ASTEROYDS_HUB_ADMIN_PASSWORD is not set" in (
        without.stderr
    )
    same = run_recipe_until_it_exits(tmp_path, ASTEROYDS_HUB_ADMIN_PASSWORD=PASSWORD)
    assert same.returncode != 0
    assert "has 20 characters: the teacher's password needs 32 or more" in same.stderr, same.stderr
    same_long = PASSWORD * 2
    same = run_recipe_until_it_exits(
        tmp_path, ASTEROYDS_HUB_PASSWORD=same_long, ASTEROYDS_HUB_ADMIN_PASSWORD=same_long
    )
    assert same.returncode != 0
    assert "ASTEROYDS_HUB_ADMIN_PASSWORD is the class password" in same.stderr, same.stderr


def refused_at_spawn(browser, hub: Hub, name: str, sentence: str) -> None:
    """``name`` logs in with the class password and is told ``sentence`` instead of getting a server.

    A spawn refused at once gets the hub's error page (403, the sentence);
    one refused later, its progress page ("Spawn failed: " and the sentence).
    """
    page = log_in(browser, hub.url, name)
    try:
        expect(page.locator("body")).to_contain_text(sentence, timeout=SPAWN_TIMEOUT)
        assert "/voila/" not in page.url
    finally:
        page.context.close()


def test_system_accounts_never_root_and_only_the_students_group(tmp_path, browser):
    """``ASTEROYDS_HUB_SPAWNER=system``: a server runs as its student's account; root, others refused."""
    hub_available()
    if not AS_ROOT:
        missing("root, to start each student's server as the student's own account")
    try:
        pwd.getpwnam(SYSTEM_STUDENT)
    except KeyError:
        missing(f"the system account {SYSTEM_STUDENT!r} in the students' group (.ci/setup-hub)")
    with running_hub(tmp_path, ASTEROYDS_HUB_SPAWNER="system") as hub:
        # Anyone can type "root" with the class password; or the name of an account of the system.
        refused_at_spawn(browser, hub, "root", "A student's server never runs as root: 'root' has user id 0")
        refused_at_spawn(browser, hub, "nobody", "The account 'nobody' is not in the students' group")
        assert servers_of(hub) == {}
        page = log_in(browser, hub.url, SYSTEM_STUDENT)
        try:
            wait_for_welcome(page, SYSTEM_STUDENT)
            expect(page.locator("body")).to_contain_text("Asteroyds Academy")
            server = servers_of(hub)[SYSTEM_STUDENT]
            uid = pwd.getpwnam(SYSTEM_STUDENT).pw_uid
            for proc in [server, *server.children(recursive=True)]:
                assert proc.uids().real == proc.uids().effective == uid != 0
        finally:
            page.context.close()
