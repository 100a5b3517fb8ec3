"""A student's server behind the hub: started as an unprivileged account, and refusing root itself.

The spawners check the account before any process starts (:mod:`asteroyds.serve.hub.spawner`)
and the refusal carries the sentence the hub shows the student; the server
(:mod:`asteroyds.serve.hub.app`) refuses to run as root, and outside a hub. The
whole path, with a real hub, proxy and browser, is ``tests/browser/test_jupyterhub.py``.

Policy: skipped only when JupyterHub is missing and ``ASTEROYDS_REQUIRE_HUB`` is not set.
"""

from __future__ import annotations

import asyncio
import doctest
import importlib.util
import os
import pwd
import subprocess
import sys
import threading
from types import SimpleNamespace

import pytest

if importlib.util.find_spec("jupyterhub") is None:  # pragma: no cover - CI installs it
    if os.environ.get("ASTEROYDS_REQUIRE_HUB"):
        raise ImportError(
            "the hub's tests need jupyterhub (pip install -e '.[hub]'; ASTEROYDS_REQUIRE_HUB is set)"
        )
    pytest.skip("jupyterhub is not installed (set ASTEROYDS_REQUIRE_HUB=1 to fail)", allow_module_level=True)

from asteroyds.serve.hub import app  # noqa: E402
from asteroyds.serve.hub.spawner import SharedAccountSpawner, StudentSpawner  # noqa: E402

NOBODY = pwd.getpwnam("nobody")


def student(name: str) -> SimpleNamespace:
    return SimpleNamespace(name=name, url=f"/user/{name}/")


def refusal(spawner) -> str:
    """What starting this spawner said; it must not have started a process.

    In a thread of its own: when the browser tests ran first in this session,
    Playwright's loop is running on the main thread.
    """
    raised: list[BaseException] = []

    def start() -> None:
        try:
            asyncio.run(spawner.start())
        except BaseException as error:  # the refusal, handed to the test's thread
            raised.append(error)

    thread = threading.Thread(target=start)
    thread.start()
    thread.join(timeout=60)
    assert spawner.proc is None and spawner.pid == 0  # refused before any process
    assert len(raised) == 1 and getattr(raised[0], "status_code", None) == 403, raised
    return raised[0].jupyterhub_message  # what the student's spawn page says after "Spawn failed:"


def test_a_student_named_root_gets_no_server_as_root():
    said = refusal(StudentSpawner(user=student("root"), student_group="root"))
    assert (
        said == "A student's server never runs as root: 'root' has user id 0; name an unprivileged account."
    )


def test_a_system_account_outside_the_students_group_gets_no_server():
    said = refusal(StudentSpawner(user=student("nobody"), student_group="root"))
    assert said.startswith("The account 'nobody' is not in the students' group 'root'")


def test_an_unknown_account_gets_no_server():
    said = refusal(StudentSpawner(user=student("no-such-student-27")))
    assert said.startswith("There is no system account 'no-such-student-27' to run a student's server")


def test_the_shared_account_is_checked_each_time_a_server_starts():
    said = refusal(SharedAccountSpawner(user=student("ada"), account_name="root"))
    assert "never runs as root" in said
    spawner = SharedAccountSpawner(user=student("ada"), account_name="nobody")
    env = spawner.user_env({})
    assert (env["USER"], env["HOME"]) == ("nobody", NOBODY.pw_dir)  # every student: the one account


def test_the_students_server_refuses_to_run_as_root_or_outside_a_hub():
    env = {k: v for k, v in os.environ.items() if not k.startswith("JUPYTERHUB_")}
    env["ASTEROYDS_LANG"] = "en"
    if os.geteuid() == 0:
        env["JUPYTERHUB_API_TOKEN"] = "a-token"  # as if the hub started it: root is still refused
        expected = "A student's server never runs as root"
    else:
        expected = "JUPYTERHUB_API_TOKEN is not set"
    done = subprocess.run(
        [sys.executable, "-m", app.__name__], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and expected in done.stderr, done.stderr
    assert app.refuse_root(0) is not None and app.refuse_root(1000) is None


def test_an_option_given_replaces_the_default_of_its_name():
    options = app.with_defaults(["--ClassroomVoila.max_pages=3", "--debug"])
    assert options.count("--ClassroomVoila.max_pages=3") == 1
    assert not any(o.startswith("--ClassroomVoila.max_pages=") and o.endswith("=10") for o in options)
    assert (
        "--VoilaConfiguration.multi_kernel_manager_class=asteroyds.serve.kernels.ClassroomKernelManager"
        in options
    )
    assert "--preheat_kernel=True" not in options  # one student: no pool of warm kernels
    assert options[-2:] == ["--ClassroomVoila.max_pages=3", "--debug"]


def test_the_app_examples_run():
    result = doctest.testmod(app, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 2 and result.failed == 0
