"""How the hub starts a student's server: as an unprivileged system account, never as root.

JupyterHub's ``LocalProcessSpawner`` starts a student's server as the system
account of the student's name, whatever that account is: with a shared class
password anyone can log in as ``root`` (or ``postgres``, or the teacher's own
account) and get a server running as it. :class:`StudentSpawner` checks the
account first (:func:`~asteroyds.serve.hub.settings.check_account`: it exists,
it is not root, it is in the students' group) and refuses with a sentence the
student sees on the spawn page ("Spawn failed: …") and the hub logs.
:class:`SharedAccountSpawner` runs every student's server as one account
named by the recipe, checked the same way each time a server starts.
"""

from __future__ import annotations

import os
import pwd
from collections.abc import Callable

from jupyterhub.spawner import LocalProcessSpawner, set_user_setuid
from tornado import web
from traitlets import Unicode

from .settings import HubConfigError, check_account

__all__ = ["SharedAccountSpawner", "StudentSpawner", "refused"]


def refused(message: str) -> web.HTTPError:
    """The error a spawner raises to refuse a server: JupyterHub shows ``message`` to the student."""
    error = web.HTTPError(403, "%s", message)
    error.jupyterhub_message = message  # type: ignore[attr-defined]  # the spawn page says it after "Spawn failed:"
    return error


class StudentSpawner(LocalProcessSpawner):
    """A student's server as the student's own system account, created first and in the students' group."""

    student_group = Unicode(
        "",
        config=True,
        help="The group a student's account must be in to get a server ('' for any unprivileged account).",
    )

    def account(self) -> str:
        """The system account this student's server runs as."""
        return self.user.name

    def checked_account(self) -> pwd.struct_passwd:
        """The account's entry, or the refusal (never root, never outside the students' group)."""
        try:
            return check_account(self.account(), self.student_group or None)
        except HubConfigError as error:
            self.log.warning("Refused a server for %s: %s", self.user.name, error)
            raise refused(str(error)) from None

    async def start(self) -> tuple[str, int]:
        self.checked_account()
        return await super().start()


class SharedAccountSpawner(StudentSpawner):
    """Every student's server as one unprivileged account (``account_name``), each in its own process."""

    account_name = Unicode(
        "", config=True, help="The system account every student's server runs as (never root)."
    )

    def account(self) -> str:
        return self.account_name

    def make_preexec_fn(self, name: str) -> Callable[[], None]:
        entry = self.checked_account()
        if entry.pw_uid == os.geteuid():  # a hub not run as root starts servers as itself
            home = entry.pw_dir

            def preexec() -> None:
                if os.path.isdir(home):
                    os.chdir(home)

            return preexec
        return set_user_setuid(self.account_name)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        entry = self.checked_account()
        env["USER"] = entry.pw_name
        env["HOME"] = entry.pw_dir
        env["SHELL"] = entry.pw_shell or "/bin/sh"
        return env

    async def move_certs(self, paths: dict[str, str]) -> dict[str, str]:
        """Internal SSL is not used by the recipe; certificates stay where the hub put them."""
        return paths
