"""The JupyterHub recipe's settings: read from the environment and checked before the hub starts.

A hub that starts with a wrong setting fails later, and worse: a teacher who
cannot log in (an admin name without its password), a student's server that
runs as root, the hub's cookie secret in a folder the students' servers can
read. So :func:`read_settings` checks all it can before JupyterHub does
anything and raises :class:`HubConfigError`, one sentence naming the variable
and what is wrong; the recipe prints it and exits. :func:`prepare_data` makes
the hub's private folder (0700, its files 0600) and :func:`preflight` runs the
students' Python once as their account, so "that account cannot read the
Python or the notebooks" is said at start, not when the first student waits.

Who the students' servers run as (``ASTEROYDS_HUB_SPAWNER``):

- ``shared`` (the default): all of them as one unprivileged account,
  ``ASTEROYDS_HUB_STUDENT_USER`` (``asteroyds-student`` when the hub runs as
  root; when it does not, the hub's own account, the only one it can start
  a process as). One account for the class: one rooms store for all.
- ``system``: each student as the system account of their name
  (JupyterHub's ``LocalProcessSpawner``), created first and a member of
  ``ASTEROYDS_HUB_STUDENT_GROUP`` (``asteroyds-students``), so nobody logs
  in as ``postgres`` or as the teacher's own account and gets a server there.

Never root, in either (:func:`check_account`, again when each server starts).
No JupyterHub import here: the checks are plain Python, tested without a hub.
"""

from __future__ import annotations

import grp
import os
import pwd
import secrets
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ...errors import AsteroydsError
from ...i18n import _

SHARED = "shared"  # every student's server runs as one unprivileged account
SYSTEM = "system"  # each student's server runs as their own system account
SPAWNERS = (SHARED, SYSTEM)  # the values of ASTEROYDS_HUB_SPAWNER
STUDENT_ACCOUNT = "asteroyds-student"  # the shared account when the hub runs as root
STUDENT_GROUP = "asteroyds-students"  # the group a student's own system account must be in
CLASS_PASSWORD_MIN = 8  # JupyterHub's SharedPasswordAuthenticator: the users' password
ADMIN_PASSWORD_MIN = 32  # ... and the admins' (it refuses a shorter one)
PAGES_PER_STUDENT = 10  # pages one student's server holds at once (about 130 MB each)
CULL_SECONDS = 3600  # the idle culler stops a student's server unused that long
DATABASE = "jupyterhub.sqlite"
COOKIE_SECRET = "jupyterhub_cookie_secret"
PREFLIGHT_TIMEOUT = 120  # seconds for the students' Python to import the app (a cold disk is slow)
SERVER_MODULE = "asteroyds.serve.hub.app"  # what a student's server runs (python -m)


class HubConfigError(AsteroydsError):
    """A setting of the JupyterHub recipe is missing or wrong; the hub does not start."""


@dataclass(frozen=True)
class HubSettings:
    """What the recipe needs, checked: who logs in, where the hub keeps its files, who runs servers."""

    password: str = field(repr=False)  # the class password (never in a log)
    admin: str | None  # the teacher's name, an admin of the hub
    admin_password: str | None = field(repr=False)
    data: Path  # the hub's database, cookie secret and proxy pid, readable by the hub only
    spawner: str  # SHARED or SYSTEM
    account: str | None  # SHARED: the account every student's server runs as
    group: str | None  # SYSTEM: the group every student's account must be in
    python: str  # the Python that runs the students' servers (their account must be able to run it)
    ip: str = ""
    port: int = 8000
    api_port: int = 8081
    proxy_api_port: int = 8001
    cull_seconds: int = CULL_SECONDS
    pages: int = PAGES_PER_STUDENT


def read_settings(environ: Mapping[str, str], checkout: Path, *, uid: int | None = None) -> HubSettings:
    """The recipe's settings from ``environ``, or :class:`HubConfigError` naming the first wrong one.

    ``checkout`` is the folder the students' servers serve from (the hub's
    files must live elsewhere); ``uid`` is the hub's user id (this process's).
    """
    uid = os.geteuid() if uid is None else uid
    env = environ.get
    password = env("ASTEROYDS_HUB_PASSWORD", "")
    if len(password) < CLASS_PASSWORD_MIN:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_PASSWORD must be the class password students log in with, "
                "{n} characters or more (it has {length}).",
                n=CLASS_PASSWORD_MIN,
                length=len(password),
            )
        )
    admin, admin_password = _teacher(env("ASTEROYDS_HUB_ADMIN", ""), env("ASTEROYDS_HUB_ADMIN_PASSWORD", ""))
    if admin_password is not None and admin_password == password:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_ADMIN_PASSWORD is the class password: the teacher's password must be "
                "another one, or every student could log in as the teacher."
            )
        )
    spawner = env("ASTEROYDS_HUB_SPAWNER", SHARED)
    if spawner not in SPAWNERS:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_SPAWNER is {value!r}: use 'shared' (every student's server runs as one "
                "unprivileged account) or 'system' (each student is a system account).",
                value=spawner,
            )
        )
    account = group = None
    if spawner == SYSTEM:
        if uid != 0:
            raise HubConfigError(
                _(
                    "ASTEROYDS_HUB_SPAWNER=system needs the hub to run as root, to start each "
                    "student's server as the student's own account."
                )
            )
        group = env("ASTEROYDS_HUB_STUDENT_GROUP", "") or STUDENT_GROUP
        _group(group)
    else:
        account = _shared_account(env("ASTEROYDS_HUB_STUDENT_USER", ""), uid)
    return HubSettings(
        password=password,
        admin=admin,
        admin_password=admin_password,
        data=data_folder(environ, checkout),
        spawner=spawner,
        account=account,
        group=group,
        python=env("ASTEROYDS_HUB_PYTHON", "") or sys.executable,
        ip=env("ASTEROYDS_HUB_IP", ""),
        port=_number(environ, "ASTEROYDS_HUB_PORT", 8000, 1, 65535),
        api_port=_number(environ, "ASTEROYDS_HUB_API_PORT", 8081, 1, 65535),
        proxy_api_port=_number(environ, "ASTEROYDS_PROXY_API_PORT", 8001, 1, 65535),
        cull_seconds=_number(environ, "ASTEROYDS_HUB_CULL_SECONDS", CULL_SECONDS, 0, 10**7),
        pages=_number(environ, "ASTEROYDS_HUB_PAGES", PAGES_PER_STUDENT, 1, 1000),
    )


def shares_the_hubs_account(settings: HubSettings) -> str | None:
    """A warning when the students' servers run as the hub's own account (a hub not run as root), else None.

    The servers still serve the app alone, but nothing but that keeps them from
    the hub's files: the account isolation of the threat model needs a hub run
    as root (or containers).
    """
    if settings.account is None or pwd.getpwnam(settings.account).pw_uid != os.geteuid():
        return None
    return _(
        "Warning: the students' servers run as the hub's own account {account!r} (the hub does not run "
        "as root), so no account keeps them from the hub's database and cookie secret; run the hub as "
        "root for that.",
        account=settings.account,
    )


def _teacher(name: str, password: str) -> tuple[str | None, str | None]:
    """The teacher's (normalised) name and password: both or neither, the password long enough."""
    name = name.strip().lower()  # JupyterHub lower-cases the names people log in with
    if name and not password:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_ADMIN names the teacher {name!r} but ASTEROYDS_HUB_ADMIN_PASSWORD is not "
                "set: the teacher logs in with that password ({n} characters or more, not the class "
                "password).",
                name=name,
                n=ADMIN_PASSWORD_MIN,
            )
        )
    if password and not name:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_ADMIN_PASSWORD is set but ASTEROYDS_HUB_ADMIN does not name the teacher "
                "who logs in with it."
            )
        )
    if not name:
        return None, None
    if len(password) < ADMIN_PASSWORD_MIN:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_ADMIN_PASSWORD has {length} characters: the teacher's password needs "
                "{n} or more (JupyterHub's rule for an admin's shared password).",
                length=len(password),
                n=ADMIN_PASSWORD_MIN,
            )
        )
    return name, password


def _shared_account(named: str, uid: int) -> str:
    """The one account every student's server runs as (checked: it exists and is not root)."""
    me = pwd.getpwuid(uid).pw_name
    if uid != 0 and named and named != me:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_STUDENT_USER is {account!r} but the hub runs as {me!r}, not root: it can "
                "start the students' servers only as itself (leave ASTEROYDS_HUB_STUDENT_USER unset).",
                account=named,
                me=me,
            )
        )
    account = named or (STUDENT_ACCOUNT if uid == 0 else me)
    check_account(account)
    return account


def check_account(name: str, group: str | None = None) -> pwd.struct_passwd:
    """The system account a student's server would run as, if it may: it exists, is not root, is in ``group``.

    >>> check_account("root")
    Traceback (most recent call last):
    ...
    asteroyds.serve.hub.settings.HubConfigError: A student's server never runs as root: 'root' has user id...
    """
    try:
        entry = pwd.getpwnam(name)
    except (KeyError, ValueError):  # ValueError: a name the system cannot hold (a NUL in it)
        raise HubConfigError(
            _(
                "There is no system account {account!r} to run a student's server: create it first "
                "(useradd --system --create-home --shell /usr/sbin/nologin {account}).",
                account=name,
            )
        ) from None
    if entry.pw_uid == 0:
        raise HubConfigError(
            _(
                "A student's server never runs as root: {account!r} has user id 0; name an unprivileged "
                "account.",
                account=name,
            )
        )
    if group is not None:
        members = _group(group)
        if entry.pw_gid != members.gr_gid and name not in members.gr_mem:
            raise HubConfigError(
                _(
                    "The account {account!r} is not in the students' group {group!r}: only its members "
                    "get a server (usermod -aG {group} {account}).",
                    account=name,
                    group=group,
                )
            )
    return entry


def _group(name: str) -> grp.struct_group:
    try:
        return grp.getgrnam(name)
    except KeyError:
        raise HubConfigError(
            _(
                "There is no group {group!r} for the students' accounts: create it (groupadd {group}) "
                "and add each student's account to it (usermod -aG {group} NAME).",
                group=name,
            )
        ) from None


def default_data(environ: Mapping[str, str]) -> Path:
    """The hub's private folder when ``ASTEROYDS_HUB_DATA`` is not set: the hub's user's state folder."""
    home = pwd.getpwuid(os.geteuid()).pw_dir
    state = environ.get("XDG_STATE_HOME") or os.path.join(home, ".local", "state")
    return Path(state) / "asteroyds-hub"


def data_folder(environ: Mapping[str, str], checkout: Path) -> Path:
    """Where the hub keeps its database and cookie secret: never in the checkout students are served."""
    raw = environ.get("ASTEROYDS_HUB_DATA", "")
    data = Path(raw).expanduser().resolve() if raw else default_data(environ).resolve()
    checkout = checkout.resolve()
    if data == checkout or checkout in data.parents:
        raise HubConfigError(
            _(
                "ASTEROYDS_HUB_DATA {path} is inside the checkout the students' servers serve "
                "({checkout}): keep the hub's database and cookie secret elsewhere (by default {default}).",
                path=str(data),
                checkout=str(checkout),
                default=str(default_data(environ)),
            )
        )
    return data


def prepare_data(data: Path) -> tuple[Path, Path]:
    """Make the hub's private folder (0700) with its database and cookie secret (0600); return those two.

    A folder that exists must already be private to the hub's user: the
    recipe never narrows a folder it did not make (think of ``/tmp``).
    """
    if data.exists():
        info = data.stat()
        if not data.is_dir() or info.st_uid != os.geteuid() or info.st_mode & 0o077:
            raise HubConfigError(
                _(
                    "ASTEROYDS_HUB_DATA {path} is not a folder private to the hub's user (mode {mode}, "
                    "owner {owner}): name a new folder, which the recipe creates with mode 0700.",
                    path=str(data),
                    mode=oct(info.st_mode & 0o777),
                    owner=info.st_uid,
                )
            )
    else:
        data.parent.mkdir(parents=True, exist_ok=True)
        data.mkdir(mode=0o700)
        os.chmod(data, 0o700)  # whatever the umask
    database, secret = data / DATABASE, data / COOKIE_SECRET
    if not secret.exists():  # JupyterHub would write one too, then narrow it: here it is never readable
        _write_private(secret, secrets.token_hex(32) + "\n")
    if not database.exists():  # SQLite takes an empty file as an empty database
        _write_private(database, "")
    for path in (database, secret):
        os.chmod(path, 0o600)
    return database, secret


def _write_private(path: Path, text: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(text)


def preflight(settings: HubSettings, notebooks: Path) -> None:
    """Run the students' Python once as their account: import the app, list the notebooks, write at home.

    The usual trap: a Python installed under ``/root`` or a home folder that
    other accounts cannot enter. Said at start, in one sentence, rather than
    as a spawn that fails for the first student. (System accounts are each
    checked when their server starts.)
    """
    if settings.account is None:
        return
    entry = pwd.getpwnam(settings.account)
    switch = entry.pw_uid != os.geteuid()
    env = {name: os.environ[name] for name in ("PATH", "PYTHONPATH", "LANG", "LC_ALL") if name in os.environ}
    env["HOME"] = entry.pw_dir
    code = (  # the quick checks first, then the import (seconds: Voila, Jupyter Server, JupyterHub)
        "import os, sys; os.listdir(sys.argv[1]); home = os.environ['HOME']; "
        "os.access(home, os.W_OK) or sys.exit('its home folder ' + home + ' is missing or read-only'); "
        f"import {SERVER_MODULE}"
    )
    try:
        result = subprocess.run(
            [settings.python, "-c", code, str(notebooks)],
            env=env,
            cwd="/",
            capture_output=True,
            text=True,
            timeout=PREFLIGHT_TIMEOUT,
            user=entry.pw_uid if switch else None,
            group=entry.pw_gid if switch else None,
            extra_groups=os.getgrouplist(settings.account, entry.pw_gid) if switch else None,
        )
    except (OSError, subprocess.SubprocessError) as error:
        reason = str(error)
    else:
        if result.returncode == 0:
            return
        lines = result.stderr.strip().splitlines()
        reason = lines[-1] if lines else f"exit code {result.returncode}"
    raise HubConfigError(
        _(
            "The students' account {account!r} cannot run the app with {python} ({reason}): install the "
            "app where that account can read it (a virtual environment under /opt, a checkout every "
            "account can read) and name its python in ASTEROYDS_HUB_PYTHON.",
            account=settings.account,
            python=settings.python,
            reason=reason,
        )
    )


def _number(environ: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    raw = environ.get(name, "")
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = low - 1
    if not low <= value <= high:
        raise HubConfigError(
            _(
                "{name} is {value!r}: a whole number from {low} to {high}.",
                name=name,
                value=raw,
                low=low,
                high=high,
            )
        )
    return value
