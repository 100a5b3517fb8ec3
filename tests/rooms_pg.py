"""Throwaway PostgreSQL servers for the room tests: the shared ``postgres_url`` and a restartable one.

``initdb`` + ``pg_ctl`` into a temporary directory, listening on a unix socket
only (no TCP port to collide with), as the ``postgres`` user when the tests
run as root. Skipped only where no PostgreSQL is installed (or psycopg is
missing) and ``ASTEROYDS_REQUIRE_POSTGRES`` is not set; CI sets it, so there
a missing server fails.

``postgres_url`` is one server for the whole session. :func:`throwaway` is a
server of a test's own (a :class:`PostgresServer`), for the tests that stop
it, restart it or kill its connections: they must not pull the floor from
under the other tests.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REQUIRE = "ASTEROYDS_REQUIRE_POSTGRES"


def _binaries() -> Path | None:
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):  # Debian keeps them here
        if Path(folder, "initdb").exists():
            return Path(folder)
    return None


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE):
        pytest.fail(f"{reason}, but {REQUIRE} is set")
    pytest.skip(reason)


class PostgresServer:
    """One throwaway cluster in a temporary folder: start, stop, restart, kill connections, remove."""

    def __init__(self) -> None:
        try:
            import psycopg  # noqa: F401
        except ImportError:
            _unavailable('psycopg is not installed (pip install "asteroyds[rooms-pg]")')
        bin_dir = _binaries()
        if bin_dir is None:
            _unavailable("no PostgreSQL server binaries (initdb, pg_ctl)")
        assert bin_dir is not None
        self.as_user: list[str] = []
        self.base = Path(tempfile.mkdtemp(prefix="asteroyds-pg-"))
        if os.geteuid() == 0:  # PostgreSQL refuses to run as root
            self.as_user = ["runuser", "-u", "postgres", "--"]
            shutil.chown(self.base, "postgres", "postgres")
        self.data, self.sock, self.log = self.base / "data", self.base / "sock", self.base / "server.log"
        self._pg_ctl = [*self.as_user, str(bin_dir / "pg_ctl"), "-D", str(self.data)]
        subprocess.run(
            [*self.as_user, str(bin_dir / "initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust"]
            + ["--no-sync"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        subprocess.run([*self.as_user, "mkdir", str(self.sock)], check=True)
        self.options = f"-c listen_addresses='' -k {self.sock} -c fsync=off -c max_connections=100"
        self.url = f"postgresql://postgres@/postgres?host={self.sock}"
        self.start()

    @property
    def socket_path(self) -> Path:
        """The server's unix socket (what a test's proxy connects to)."""
        return self.sock / ".s.PGSQL.5432"

    def _ctl(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*self._pg_ctl, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        done = self._ctl("-o", self.options, "-l", str(self.log), "-w", "start")
        if done.returncode != 0:
            pytest.fail(
                f"PostgreSQL did not start: {self.log.read_text() if self.log.exists() else '(no log)'}"
            )

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: ``fast`` ends every session (what a maintenance window or a failover does)."""
        done = self._ctl("-m", mode, "-w", "stop")
        if done.returncode != 0:
            pytest.fail(f"PostgreSQL did not stop: {done.stderr.decode(errors='replace')}")

    def restart(self, mode: str = "fast") -> None:
        """``pg_ctl restart -m fast``: every open connection is cut; the server is back when this returns."""
        done = self._ctl("-o", self.options, "-l", str(self.log), "-m", mode, "-w", "restart")
        if done.returncode != 0:
            pytest.fail(f"PostgreSQL did not restart: {done.stderr.decode(errors='replace')}")

    def query(self, sql: str, params: tuple = ()) -> list[tuple]:
        """Run one statement on a connection of its own (the administrator's); return its rows."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as admin:
            cursor = admin.execute(sql, params)
            return cursor.fetchall() if cursor.description else []

    def terminate(self, where: str, params: tuple = ()) -> list[int]:
        """``pg_terminate_backend`` every client backend of ``pg_stat_activity`` matching ``where``."""
        rows = self.query(
            "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' "
            f"AND pid <> pg_backend_pid() AND ({where})",
            params,
        )
        pids = [pid for (pid,) in rows]
        for pid in pids:
            self.query("SELECT pg_terminate_backend(%s)", (pid,))
        return pids

    def wait_for(self, where: str, params: tuple = (), timeout: float = 30) -> list[int]:
        """The pids of the client backends matching ``where``, once there is at least one."""
        end = time.monotonic() + timeout
        while True:
            rows = self.query(
                "SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' "
                f"AND pid <> pg_backend_pid() AND ({where})",
                params,
            )
            if rows:
                return [pid for (pid,) in rows]
            if time.monotonic() > end:
                pytest.fail(f"no backend where {where} after {timeout} s")
            time.sleep(0.02)

    def remove(self) -> None:
        self._ctl("-m", "immediate", "-w", "stop")
        shutil.rmtree(self.base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_url():
    server = PostgresServer()
    try:
        yield server.url
    finally:
        server.remove()


@contextmanager
def throwaway() -> Iterator[PostgresServer]:
    """A server of a test's own (its fixture), to stop, restart, or cut the connections of."""
    server = PostgresServer()
    try:
        yield server
    finally:
        server.remove()
