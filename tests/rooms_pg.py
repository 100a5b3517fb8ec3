"""A throwaway PostgreSQL server for the room tests (session fixture ``postgres_url``).

``initdb`` + ``pg_ctl`` into a temporary directory, listening on a unix socket
only (no TCP port to collide with), as the ``postgres`` user when the tests
run as root. Skipped only where no PostgreSQL is installed (or psycopg is
missing) and ``ASTEROYDS_REQUIRE_POSTGRES`` is not set; CI sets it, so there
a missing server fails.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
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


@pytest.fixture(scope="session")
def postgres_url():
    try:
        import psycopg  # noqa: F401
    except ImportError:
        _unavailable('psycopg is not installed (pip install "asteroyds[rooms-pg]")')
    bin_dir = _binaries()
    if bin_dir is None:
        _unavailable("no PostgreSQL server binaries (initdb, pg_ctl)")
    as_user: list[str] = []
    base = Path(tempfile.mkdtemp(prefix="asteroyds-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        as_user = ["runuser", "-u", "postgres", "--"]
        shutil.chown(base, "postgres", "postgres")
    data, sock, log = base / "data", base / "sock", base / "server.log"
    run = [*as_user, str(bin_dir / "pg_ctl")]
    subprocess.run(
        [*as_user, str(bin_dir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "--no-sync"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    subprocess.run([*as_user, "mkdir", str(sock)], check=True)
    options = f"-c listen_addresses='' -k {sock} -c fsync=off -c max_connections=100"
    started = subprocess.run(
        [*run, "-D", str(data), "-o", options, "-l", str(log), "-w", "start"], stdout=subprocess.DEVNULL
    )
    if started.returncode != 0:
        pytest.fail(f"PostgreSQL did not start: {log.read_text() if log.exists() else '(no log)'}")
    try:
        yield f"postgresql://postgres@/postgres?host={sock}"
    finally:
        subprocess.run([*run, "-D", str(data), "-m", "immediate", "-w", "stop"], stdout=subprocess.DEVNULL)
        shutil.rmtree(base, ignore_errors=True)
