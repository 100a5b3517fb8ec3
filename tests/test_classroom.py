"""The class server (``asteroyds app``) for real: kernels that go away, a cap, and a clean stop.

Each test starts ``asteroyds app`` as a student's teacher would, in its own
process group, and watches its process tree with psutil: a kernel is a child
process running a kernel (``asteroyds.serve.kernels.is_kernel_command``).
"""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import nbformat
import psutil
import pytest

from asteroyds.serve.launch import free_port, port_is_free, voila_command
from asteroyds.serve.settings import ServeSettings

from .class_server import app, class_server

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
CHAPTERS = ("01_board_and_pieces", "02_planning", "05_racing_game")


def test_kernels_of_pages_fetched_and_left_go_away_after_the_idle_timeout(tmp_path):
    with app(tmp_path, "--idle-timeout", "15", "--pool", "0") as server:
        before = len(server.kernels())
        for chapter in CHAPTERS:  # like `curl`: the page renders, nobody ever connects to its kernel
            status, page, _ = server.get(f"/voila/render/{chapter}.ipynb")
            assert status == 200, page[-500:]
        assert len(server.kernels()) == before + len(CHAPTERS)
        # Over unix sockets, not TCP ports that kernels starting together could both pick.
        for kernel in server.kernels():
            connection = kernel.cmdline()[kernel.cmdline().index("-f") + 1]
            assert json.loads(Path(connection).read_text())["transport"] == "ipc"
        # 15 s idle + one cull interval (5 s) + the shutdown itself
        server.wait_until(lambda: len(server.kernels()) == before, 45, "the idle kernels were not shut down")
        assert "Culling 'idle' kernel" in server.log_tail()


def test_beyond_the_cap_a_page_gets_503_and_the_friendly_page(tmp_path):
    with app(tmp_path, "--max-kernels", "2", "--pool", "0") as server:
        assert "serving up to 2 pages" in server.log.read_text()
        for chapter in CHAPTERS[:2]:
            status, _, _ = server.get(f"/voila/render/{chapter}.ipynb")
            assert status == 200
        status, page, headers = server.get(f"/voila/render/{CHAPTERS[2]}.ipynb")
        assert status == 503
        assert "The class server is full — try again in a minute" in page
        assert "Traceback" not in page
        assert headers["Retry-After"] == "60"
        assert len(server.kernels()) == 2  # no kernel was started for the refused page
        # "/" still answers (the welcome page's address) and starts no kernel itself.
        status, location = no_redirect(server.url + "/")
        assert (status, location) == (302, "/voila/render/00_welcome.ipynb")
        assert len(server.kernels()) == 2


def no_redirect(url: str) -> tuple[int, str]:
    """The status and ``Location`` of a GET, without following a redirect."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.netloc, timeout=30)
    connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
    response = connection.getresponse()
    connection.close()
    return response.status, response.getheader("Location") or ""


@pytest.mark.parametrize(
    ("options", "page", "words"),
    [((), "00_welcome.ipynb", "Welcome, pilot"), (("--lang", "fr"), "fr/00_welcome.ipynb", "Bienvenue")],
)
def test_the_server_address_is_the_welcome_page_and_lists_no_files(tmp_path, options, page, words):
    with app(tmp_path, "--pool", "0", lang=options) as server:
        for path in ("/", "/voila/tree", "/voila/tree/fr"):  # the old file listing's addresses too
            assert no_redirect(server.url + path) == (302, f"/voila/render/{page}"), path
        status, body, _ = server.get("/")  # followed, as a browser does
        assert status == 200
        assert words in body
        assert "Select items to open" not in body
        assert server.get("/voila/api/contents")[0] == 404  # the listing's data is gone too
        assert server.get("/voila/api/contents/fr")[0] == 404


def test_a_language_asked_in_the_address_opens_the_page_written_in_it(tmp_path):
    """``?lang=fr`` on an English chapter opens its French twin (prose and all), other arguments kept."""
    with app(tmp_path, "--pool", "0") as server:
        render = server.url + "/voila/render/"
        assert no_redirect(render + "03_moving_asteroids.ipynb?lang=fr&demo=x") == (
            302,
            "/voila/render/fr/03_moving_asteroids.ipynb?demo=x",
        )
        assert no_redirect(render + "fr/sandbox.ipynb?lang=EN") == (302, "/voila/render/sandbox.ipynb")
        status, body, _ = server.get("/voila/render/00_welcome.ipynb?lang=fr")  # followed
        assert status == 200 and "Bienvenue" in body


def test_an_old_page_name_opens_the_renamed_page_with_its_query(tmp_path):
    """A join link printed before the renumbering (``12_join.ipynb?room=…``) and old chapter bookmarks."""
    with app(tmp_path, "--pool", "0") as server:
        render = server.url + "/voila/render/"
        join = no_redirect(render + "12_join.ipynb?room=K7QXM2PA")
        assert join == (302, "/voila/render/join.ipynb?room=K7QXM2PA")
        assert no_redirect(render + "fr/08_capture.ipynb") == (302, "/voila/render/fr/10_capture.ipynb")
        assert no_redirect(render + "07_shooting_targets_drones.ipynb?lang=fr") == (
            302,
            "/voila/render/08_lasers_and_shooting.ipynb?lang=fr",
        )
        # The new name is served, not redirected again; a name that never existed is still a 404.
        assert no_redirect(render + "join.ipynb?room=K7QXM2PA")[0] == 200
        assert no_redirect(render + "99_nowhere.ipynb")[0] == 404


def kernel_of(page: str) -> str:
    """The kernel id a rendered page talks to (Voila's page config)."""
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    assert found, page[-500:]
    return found.group(1)


def post(url: str, *, form: dict[str, str], cookie: str = "", origin: str = "") -> int:
    """The status of a form POST as a browser's beacon sends it (urlencoded here: Tornado reads both)."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    if cookie:
        headers["Cookie"] = cookie
    if origin:
        headers["Origin"] = origin
    data = urllib.parse.urlencode(form).encode()
    request = urllib.request.Request(url, data=data, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_a_page_opened_by_its_link_can_say_goodbye_and_another_site_cannot(tmp_path):
    """The page's goodbye needs the token of the cookie its own render set; a foreign page has neither."""
    with app(tmp_path, "--pool", "0") as server:
        with urllib.request.urlopen(f"{server.url}/voila/render/{CHAPTERS[0]}.ipynb", timeout=120) as reply:
            page = reply.read().decode("utf-8", "replace")  # a direct link, as a student opens it
            cookies = [c.split(";", 1)[0] for c in reply.headers.get_all("Set-Cookie", [])]
        found = [c.split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")]
        assert found, cookies  # Voila set it on its file listing only
        token = found[0]
        kernel = kernel_of(page)
        shutdown = f"{server.url}/voila/api/shutdown/{kernel}"
        forged = "2|00000000|" + "0" * 32 + "|1700000000"
        attempts = {
            "no token, no cookie": post(shutdown, form={}),
            "a token without its cookie": post(shutdown, form={"_xsrf": token}),
            "a forged token and cookie": post(shutdown, form={"_xsrf": forged}, cookie=f"_xsrf={forged}x"),
            "the right token from another site": post(
                shutdown, form={"_xsrf": token}, cookie=f"_xsrf={token}", origin="http://evil.example"
            ),
        }
        assert all(code in (403, 404) for code in attempts.values()), attempts
        assert len(server.kernels()) == 1  # still there
        # The page itself (same origin, its cookie and token) is heard at once, and twice is no error.
        assert post(shutdown, form={"_xsrf": token}, cookie=f"_xsrf={token}", origin=server.url) == 204
        server.wait_until(lambda: not server.kernels(), 10, "the page's kernel was not shut down")
        assert post(shutdown, form={"_xsrf": token}, cookie=f"_xsrf={token}", origin=server.url) == 204
        assert "Traceback" not in server.log_tail()


def test_the_default_cap_is_printed_at_start_up(tmp_path):
    with app(tmp_path, "--pool", "0") as server:
        line = next(x for x in server.log.read_text().splitlines() if "serving up to" in x)
        pages = int(line.split("serving up to ", 1)[1].split()[0])
        assert pages >= 1


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_killing_the_app_stops_the_server_and_every_kernel(tmp_path, sig):
    # The app's own server over two of its chapters: a pool of one kernel per chapter heats two,
    # not the tutorial's fourteen (each of which runs its whole notebook), and some are still
    # starting when the signal comes, which is the case to prove.
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for chapter in CHAPTERS[:2]:
        shutil.copy(ROOT / "notebooks" / f"{chapter}.ipynb", folder)
    with class_server(tmp_path, folder, ServeSettings(pool=1, max_pages=-1)) as server:
        for chapter in CHAPTERS[:2]:
            assert server.get(f"/voila/render/{chapter}.ipynb")[0] == 200
        # Two pages' kernels and pool kernels, some of them perhaps still starting: all must go.
        server.wait_until(lambda: len(server.kernels()) >= 4, 240, "the pool did not start")
        tree = [server.ps, *server.ps.children(recursive=True)]
        os.kill(server.process.pid, sig)  # the app's own pid, as `kill PID` (or Ctrl-C) does
        server.process.wait(timeout=120)
        gone, alive = psutil.wait_procs(tree, timeout=30)
        assert alive == [], [p.pid for p in alive]
        assert port_is_free(server.port)
        # the whole log: a kernel ended mid-message may print a traceback after the line
        assert "stopping the server and its kernels" in server.log.read_text(errors="replace")


def test_a_busy_port_is_refused_in_one_line(tmp_path):
    with app(tmp_path, "--pool", "0") as server:
        again = subprocess.run(
            [sys.executable, "-m", "asteroyds.cli", "app", "--port", str(server.port), "--no-browser"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert again.returncode == 2
    assert again.stderr.strip() == (
        f"asteroyds: error: port {server.port} is busy (is the app already running? try --port)"
    )


def read_page(url: str, deadline_seconds: float) -> str:
    """The whole page, or a failure once ``deadline_seconds`` pass (Voila's keep-alive snippets
    would defeat a socket timeout: a page that never ends still sends bytes)."""
    deadline = time.monotonic() + deadline_seconds
    body = b""
    with urllib.request.urlopen(url, timeout=30) as response:
        while chunk := response.read1(65536):
            body += chunk
            if time.monotonic() > deadline:
                pytest.fail(f"the page did not end within {deadline_seconds:.0f} s: {body[-300:]!r}")
    return body.decode("utf-8", "replace")


def test_a_page_whose_kernel_dies_while_starting_ends_with_a_sentence(tmp_path):
    # A kernel that exits at once: the page's kernel_info never comes (as when two kernels
    # started together and one lost its port). Voila alone would keep the page loading for ever.
    spec = tmp_path / "jupyter" / "kernels" / "dies"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-c", "import sys; sys.exit(3)", "-f", "{connection_file}"],
                "display_name": "dies",
                "language": "python",
            }
        )
    )
    pages = tmp_path / "pages"
    pages.mkdir()
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell("print('never runs')")],
        metadata={"kernelspec": {"name": "dies", "display_name": "dies", "language": "python"}},
    )
    nbformat.write(notebook, pages / "dies.ipynb")
    port = free_port()
    log = tmp_path / "server.log"
    env = {**os.environ, "JUPYTER_PATH": str(tmp_path / "jupyter")}
    with log.open("w") as out:
        process = subprocess.Popen(
            voila_command(pages, port), stdout=out, stderr=subprocess.STDOUT, env=env, start_new_session=True
        )
    try:
        deadline = time.monotonic() + 120
        while "is running at" not in log.read_text():
            if process.poll() is not None or time.monotonic() > deadline:  # (a hang detector)
                pytest.fail(log.read_text()[-3000:])
            time.sleep(0.5)
        page = read_page(f"http://127.0.0.1:{port}/voila/render/dies.ipynb", 90)
        assert "asteroyds-kernel-failed" in page
        assert "Reload the page" in page
        assert "never runs" not in page.split("asteroyds-kernel-failed")[1]
        # the server goes on serving: the next request is answered too
        assert "asteroyds-kernel-failed" in read_page(f"http://127.0.0.1:{port}/voila/render/dies.ipynb", 90)
    finally:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
