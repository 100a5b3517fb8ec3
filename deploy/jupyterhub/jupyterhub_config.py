"""JupyterHub for a class: students log in and get Asteroyds Academy, and nothing else.

    sudo ASTEROYDS_HUB_PASSWORD='a class password' ASTEROYDS_HUB_ADMIN=teacher \\
         ASTEROYDS_HUB_ADMIN_PASSWORD='32 characters or more, not the class one' \\
         /opt/asteroyds/bin/jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

(from a checkout every account can read, with the app installed where every
account can run it: ``python3 -m venv /opt/asteroyds && /opt/asteroyds/bin/pip
install -e ".[hub]"``, the proxy from npm: ``npm install -g
configurable-http-proxy``, and the students' account: ``useradd --system
--create-home --shell /usr/sbin/nologin asteroyds-student``). Students open
http://SERVER:8000/, log in with any name and the class password, and land on
the welcome page; the teacher logs in with the admin name and password and
lands on the hub's admin page (the class's servers: open, stop, start).

The decision (issue 27), and why:

- **Each student's server serves the app alone.** The single-user command is
  ``python -m asteroyds.serve.hub.app``: the class server (standalone Voila) with
  JupyterHub's identity provider, not Jupyter Server. The hub logs students
  in; their server has Voila's routes only (the pages, their kernels'
  websockets, which drop ``execute_request``), so no JupyterLab, tree,
  terminal, contents API, ``/api/kernels`` or ``/api/sessions`` exists to be
  refused. The other design, one ``asteroyds app`` as an OAuth-protected hub
  service, would keep one pool and cap for the class, but there would be no
  per-student server for the teacher to see and stop, nor the idle culler to
  stop; one process per student also keeps a student's crash their own.
- **Never root.** The spawners of ``asteroyds.serve.hub.spawner`` check the
  account each server starts as (exists, not root, in the students' group
  for ``system``) and refuse with a sentence on the student's spawn page; the
  server itself refuses to run as root; the settings are checked here first.
- **The teacher logs in** with ``ASTEROYDS_HUB_ADMIN_PASSWORD``, never the
  class password (checked at start); the class password makes nobody admin.
- **Secrets stay secret.** The hub's database and cookie secret live in
  ``ASTEROYDS_HUB_DATA`` (by default ``~/.local/state/asteroyds-hub`` of the
  hub's user), outside the checkout, mode 0700 and its files 0600: the
  students' servers run as another account and cannot read them (a hub not
  run as root can start them only as itself, and warns that it does).

What else this hub promises: a page's kernel is shut down 10 minutes after its
page closed and one student holds at most ``ASTEROYDS_HUB_PAGES`` pages (the
class server's settings, :data:`asteroyds.serve.hub.app.OPTIONS`);
jupyterhub-idle-culler, a hub service, stops a student's server unused for an
hour. The threat model and the container settings (DockerSpawner,
Zero to JupyterHub) are in ``deploy/jupyterhub/README.md``.

Environment variables (all optional but the class password):
  ASTEROYDS_HUB_PASSWORD        the class password (8 characters or more)
  ASTEROYDS_HUB_ADMIN           the teacher's login name, admin of the hub ...
  ASTEROYDS_HUB_ADMIN_PASSWORD  ... and the teacher's password (32 characters or more, not the class one)
  ASTEROYDS_HUB_SPAWNER         "shared" (default): every student's server runs as one unprivileged
                                account, ASTEROYDS_HUB_STUDENT_USER (default asteroyds-student; when the
                                hub does not run as root, the hub's own account); "system": each student
                                is the system account of their name (LocalProcessSpawner), created first
                                and in the group ASTEROYDS_HUB_STUDENT_GROUP (default asteroyds-students)
  ASTEROYDS_HUB_PYTHON          the Python that runs the students' servers (default: the hub's own);
                                checked at start as the students' account
  ASTEROYDS_HUB_DATA            the hub's private folder (default ~/.local/state/asteroyds-hub)
  ASTEROYDS_HUB_IP / _PORT      where students connect (default all addresses, 8000)
  ASTEROYDS_HUB_API_PORT / ASTEROYDS_PROXY_API_PORT  internal ports on 127.0.0.1 (8081, 8001)
  ASTEROYDS_HUB_PAGES           pages one student's server holds at once (10)
  ASTEROYDS_HUB_CULL_SECONDS    the idle culler's timeout (3600)
  ASTEROYDS_STORE, ASTEROYDS_LANG  passed on to the students' servers when set (class rooms' store, language)
"""

import os
import sys
from pathlib import Path

from jupyterhub.utils import url_path_join

from asteroyds.i18n import set_language
from asteroyds.serve.hub.settings import (
    SERVER_MODULE,
    SHARED,
    HubConfigError,
    preflight,
    prepare_data,
    read_settings,
    shares_the_hubs_account,
)

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

CHECKOUT = Path(__file__).resolve().parents[2]  # the folder holding notebooks/
NOTEBOOKS = CHECKOUT / "notebooks"
WELCOME = "/voila/render/00_welcome.ipynb"

set_language(None)  # the messages below in the language of the hub's environment (LANG, ASTEROYDS_LANG)
try:  # every setting checked before the hub does anything: one sentence, then exit
    hub = read_settings(os.environ, CHECKOUT)
    database, cookie_secret = prepare_data(hub.data)
    preflight(hub, NOTEBOOKS)
except HubConfigError as error:
    sys.exit(f"jupyterhub_config.py: {error}")
if warning := shares_the_hubs_account(hub):
    print(f"jupyterhub_config.py: {warning}", file=sys.stderr, flush=True)

# Where students connect, and the hub's own files (private to the hub's user).
c.JupyterHub.bind_url = f"http://{hub.ip}:{hub.port}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{hub.api_port}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{hub.proxy_api_port}"
c.ConfigurableHTTPProxy.pid_file = str(hub.data / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{database}"
c.JupyterHub.cookie_secret_file = str(cookie_secret)

# Logging in: any name and the class password; the teacher by name with the admin password.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = hub.password
c.Authenticator.allow_all = True  # whoever has the class password
if hub.admin:
    c.Authenticator.admin_users = {hub.admin}
    c.SharedPasswordAuthenticator.admin_password = hub.admin_password


def landing(handler):
    """After logging in, the teacher lands on the class's servers; a student ('' : the default) in the app."""
    user = handler.current_user
    return url_path_join(handler.hub.base_url, "admin") if user is not None and user.admin else ""


c.JupyterHub.default_url = landing

# Each student's server: the app alone, as an unprivileged account.
if hub.spawner == SHARED:
    c.JupyterHub.spawner_class = "asteroyds.serve.hub.spawner.SharedAccountSpawner"
    c.SharedAccountSpawner.account_name = hub.account
else:
    c.JupyterHub.spawner_class = "asteroyds.serve.hub.spawner.StudentSpawner"
    c.StudentSpawner.student_group = hub.group
c.Spawner.cmd = [hub.python, "-m", SERVER_MODULE]
c.Spawner.args = [f"--ClassroomVoila.max_pages={hub.pages}"]
c.Spawner.notebook_dir = str(NOTEBOOKS)
c.Spawner.default_url = WELCOME
PASSED_ON = ("ASTEROYDS_STORE", "ASTEROYDS_LANG")  # the class rooms' store, the class's language
c.Spawner.environment = {name: os.environ[name] for name in PASSED_ON if name in os.environ}
c.Spawner.start_timeout = 300  # a busy server starts a student's first server slowly
c.Spawner.http_timeout = 120

# The idle culler: a student's server that nobody used for an hour is stopped.
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={hub.cull_seconds}"],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
