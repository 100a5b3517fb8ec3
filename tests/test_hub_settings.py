"""The JupyterHub recipe's settings are checked before the hub starts (issue 27).

Each wrong setting is refused with one sentence naming it: the class password,
the teacher's name and password (both or neither, 32 characters or more, never
the class password), who the students' servers run as (never root; a system
account must be in the students' group), where the hub keeps its secrets (not
in the checkout, a folder private to the hub's user, files 0600), and whether
the students' account can run the app at all. The real hub is started by
``tests/browser/test_jupyterhub.py``; these tests need no hub.
"""

from __future__ import annotations

import doctest
import grp
import os
import pwd
import stat
import sys
from pathlib import Path

import pytest

from asteroyds.serve.hub import settings
from asteroyds.serve.hub.settings import HubConfigError, check_account, preflight, prepare_data, read_settings

CHECKOUT = Path(__file__).resolve().parents[1]
CLASS = "a-class-password"
TEACHER_PASSWORD = "t" * 40
NOBODY = pwd.getpwnam("nobody")
NOBODYS_GROUP = grp.getgrgid(NOBODY.pw_gid).gr_name


def settings_of(uid: int = 0, **env: str) -> settings.HubSettings:
    base = {"ASTEROYDS_HUB_PASSWORD": CLASS, "ASTEROYDS_HUB_STUDENT_USER": "nobody"}
    return read_settings({**base, **env}, CHECKOUT, uid=uid)


def refused(match: str, uid: int = 0, **env: str) -> str:
    with pytest.raises(HubConfigError, match=match) as error:
        settings_of(uid, **env)
    return str(error.value)


def test_a_good_environment_gives_every_setting():
    found = settings_of(
        ASTEROYDS_HUB_ADMIN=" Teacher ",
        ASTEROYDS_HUB_ADMIN_PASSWORD=TEACHER_PASSWORD,
        ASTEROYDS_HUB_PORT="8010",
        ASTEROYDS_HUB_PAGES="4",
        ASTEROYDS_HUB_DATA="/srv/hub-private",
    )
    assert found.admin == "teacher"  # JupyterHub lower-cases the names people log in with
    assert found.admin_password == TEACHER_PASSWORD
    assert (found.spawner, found.account, found.group) == ("shared", "nobody", None)
    assert (found.port, found.pages, found.cull_seconds) == (8010, 4, 3600)
    assert found.data == Path("/srv/hub-private")
    assert found.python == sys.executable


def test_the_class_password_is_required_and_long_enough():
    assert "ASTEROYDS_HUB_PASSWORD must be the class password" in refused(
        r"\(it has 0\)", ASTEROYDS_HUB_PASSWORD=""
    )
    refused(r"8 characters or more \(it has 5\)", ASTEROYDS_HUB_PASSWORD="short")


def test_the_teacher_needs_a_password_of_their_own():
    refused(
        "ASTEROYDS_HUB_ADMIN names the teacher 'teacher' but ASTEROYDS_HUB_ADMIN_PASSWORD is not set",
        ASTEROYDS_HUB_ADMIN="teacher",
    )
    refused("ASTEROYDS_HUB_ADMIN does not name the teacher", ASTEROYDS_HUB_ADMIN_PASSWORD=TEACHER_PASSWORD)
    refused(
        "has 31 characters: the teacher's password needs 32 or more",
        ASTEROYDS_HUB_ADMIN="teacher",
        ASTEROYDS_HUB_ADMIN_PASSWORD="x" * 31,
    )
    refused(
        "ASTEROYDS_HUB_ADMIN_PASSWORD is the class password",
        ASTEROYDS_HUB_PASSWORD=TEACHER_PASSWORD,
        ASTEROYDS_HUB_ADMIN="teacher",
        ASTEROYDS_HUB_ADMIN_PASSWORD=TEACHER_PASSWORD,
    )
    assert settings_of().admin is None  # no teacher: nobody is admin


def test_who_runs_the_students_servers():
    refused("ASTEROYDS_HUB_SPAWNER is 'simple': use 'shared'", ASTEROYDS_HUB_SPAWNER="simple")
    refused("A student's server never runs as root: 'root' has user id 0", ASTEROYDS_HUB_STUDENT_USER="root")
    refused(
        "There is no system account 'no-such-account-27'", ASTEROYDS_HUB_STUDENT_USER="no-such-account-27"
    )
    # A hub not run as root starts servers only as itself: its own account, by default.
    assert settings_of(uid=NOBODY.pw_uid, ASTEROYDS_HUB_STUDENT_USER="").account == "nobody"
    refused("but the hub runs as 'nobody', not root", uid=NOBODY.pw_uid, ASTEROYDS_HUB_STUDENT_USER="daemon")
    refused(
        "ASTEROYDS_HUB_SPAWNER=system needs the hub to run as root",
        uid=NOBODY.pw_uid,
        ASTEROYDS_HUB_SPAWNER="system",
    )
    refused(
        "There is no group 'no-such-group-27' for the students' accounts",
        ASTEROYDS_HUB_SPAWNER="system",
        ASTEROYDS_HUB_STUDENT_GROUP="no-such-group-27",
    )
    system = settings_of(ASTEROYDS_HUB_SPAWNER="system", ASTEROYDS_HUB_STUDENT_GROUP=NOBODYS_GROUP)
    assert (system.spawner, system.account, system.group) == ("system", None, NOBODYS_GROUP)


def test_a_students_account_is_never_root_and_in_the_students_group():
    with pytest.raises(HubConfigError, match="never runs as root"):
        check_account("root")
    with pytest.raises(HubConfigError, match="never runs as root"):
        check_account("root", group="root")  # root's own group does not make it a student
    with pytest.raises(HubConfigError, match="There is no system account"):
        check_account("ann\0")  # not a name the system can hold
    with pytest.raises(HubConfigError, match="The account 'nobody' is not in the students' group 'root'"):
        check_account("nobody", group="root")
    assert check_account("nobody", group=NOBODYS_GROUP).pw_uid == NOBODY.pw_uid  # its primary group


def test_a_hub_not_run_as_root_warns_that_its_account_runs_the_students_servers():
    me = pwd.getpwuid(os.geteuid()).pw_name
    own = settings.HubSettings(
        password=CLASS,
        admin=None,
        admin_password=None,
        data=CHECKOUT.parent,
        spawner="shared",
        account=me,
        group=None,
        python=sys.executable,
    )
    warning = settings.shares_the_hubs_account(own)
    assert f"the students' servers run as the hub's own account {me!r}" in warning
    other = settings.HubSettings(**{**own.__dict__, "account": "nobody"})
    assert settings.shares_the_hubs_account(other) is None
    assert CLASS not in repr(own)  # the passwords stay out of logs


def test_ports_and_numbers_are_checked():
    refused(r"ASTEROYDS_HUB_PORT is 'eighty': a whole number from 1 to 65535", ASTEROYDS_HUB_PORT="eighty")
    refused(r"ASTEROYDS_HUB_PAGES is '0': a whole number from 1 to 1000", ASTEROYDS_HUB_PAGES="0")


def test_the_hubs_data_never_lives_in_the_checkout(tmp_path):
    refused(
        "is inside the checkout the students' servers serve", ASTEROYDS_HUB_DATA=str(CHECKOUT / "hub-data")
    )
    refused("is inside the checkout", ASTEROYDS_HUB_DATA=str(CHECKOUT))
    found = settings_of(XDG_STATE_HOME=str(tmp_path / "state"))  # the default: the state folder
    assert found.data == (tmp_path / "state" / "asteroyds-hub").resolve()


def test_the_hubs_data_is_private_to_the_hub(tmp_path):
    data = tmp_path / "made" / "private"
    database, secret = prepare_data(data)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    for path in (database, secret):
        assert path.parent == data and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert len(secret.read_text().strip()) == 64  # 32 random bytes, hex, as JupyterHub writes its own
    kept = secret.read_text()
    os.chmod(database, 0o644)  # a file made readable by mistake is narrowed again
    prepare_data(data)
    assert secret.read_text() == kept and stat.S_IMODE(database.stat().st_mode) == 0o600
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    os.chmod(shared, 0o755)
    with pytest.raises(HubConfigError, match=r"is not a folder private to the hub's user \(mode 0o755"):
        prepare_data(shared)
    assert list(shared.iterdir()) == []  # nothing made in a folder refused


def test_the_students_python_is_tried_as_their_account_before_the_hub_starts(tmp_path):
    me = pwd.getpwuid(os.geteuid()).pw_name
    ok = settings.HubSettings(
        password=CLASS,
        admin=None,
        admin_password=None,
        data=tmp_path,
        spawner="shared",
        account=me,
        group=None,
        python=sys.executable,
    )
    preflight(ok, CHECKOUT / "notebooks")  # this Python, this account: it imports the app
    broken = settings.HubSettings(**{**ok.__dict__, "python": "/nonexistent/bin/python"})
    with pytest.raises(
        HubConfigError, match=f"The students' account '{me}' cannot run the app with /nonexistent"
    ):
        preflight(broken, CHECKOUT / "notebooks")
    with pytest.raises(HubConfigError, match="No such file or directory"):
        preflight(ok, tmp_path / "no-notebooks")


def test_the_settings_examples_run():
    result = doctest.testmod(settings, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 1 and result.failed == 0
