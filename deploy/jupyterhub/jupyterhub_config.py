"""JupyterHub for a class: every student logs in and lands in Asteroyds Academy.

    ASTEROYDS_HUB_PASSWORD='a class password' jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

(from a checkout where `pip install -e ".[app,hub]"` ran, with the proxy:
`npm install -g configurable-http-proxy`). Students open http://SERVER:8000/,
log in with any name and the class password, and land on the welcome chapter;
each gets their own server and kernels.

What this hub promises, and where it is set:
- the app's URL is the default (Voila's /voila/render/notebooks/00_welcome.ipynb);
- each student's server serves kernels over the low-latency websocket and shuts
  down a page's kernel after 10 minutes without an open page, as `asteroyds app`
  does (asteroyds.serve.settings.jupyter_server_options);
- jupyterhub-idle-culler, a hub service, stops a student's whole server after an
  hour without activity, giving its memory back.

Environment variables (all optional but the password):
  ASTEROYDS_HUB_PASSWORD   the class password (8 characters or more)
  ASTEROYDS_HUB_ADMIN      a teacher's user name, admin of the hub
  ASTEROYDS_HUB_IP / _PORT where students connect (default all addresses, 8000)
  ASTEROYDS_HUB_API_PORT / ASTEROYDS_PROXY_API_PORT  internal ports (8081, 8001)
  ASTEROYDS_HUB_DATA       the hub's database, cookie secret and the students' folders (./hub-data)
  ASTEROYDS_HUB_SPAWNER    "simple" (default): every student's server runs as the hub's
                           user, with a folder under ASTEROYDS_HUB_DATA/home; "system": each
                           student is a system user (LocalProcessSpawner; create them first)
  ASTEROYDS_HUB_CULL_SECONDS  the idle culler's timeout (3600)
"""

import os
import sys
from pathlib import Path

from asteroyds.serve.settings import jupyter_server_options

c = get_config()  # noqa: F821 (JupyterHub's config loader defines it)

CHECKOUT = Path(__file__).resolve().parents[2]  # the folder holding notebooks/
DATA = Path(os.environ.get("ASTEROYDS_HUB_DATA", "hub-data")).resolve()
DATA.mkdir(parents=True, exist_ok=True)

# Where students connect, and the hub's own files.
env = os.environ.get
c.JupyterHub.bind_url = f"http://{env('ASTEROYDS_HUB_IP', '')}:{env('ASTEROYDS_HUB_PORT', '8000')}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{env('ASTEROYDS_HUB_API_PORT', '8081')}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{env('ASTEROYDS_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.pid_file = str(DATA / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{DATA / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(DATA / "jupyterhub_cookie_secret")

# Logging in: any name and the class password.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = os.environ["ASTEROYDS_HUB_PASSWORD"]
c.Authenticator.allow_all = True  # whoever has the class password
if env("ASTEROYDS_HUB_ADMIN"):
    c.Authenticator.admin_users = {os.environ["ASTEROYDS_HUB_ADMIN"]}

# Each student's server: the app at once, the class server's kernel settings.
if env("ASTEROYDS_HUB_SPAWNER", "simple") == "system":
    c.JupyterHub.spawner_class = "localprocess"
else:
    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(DATA / "home" / "{username}")
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(CHECKOUT)
c.Spawner.default_url = "/voila/render/notebooks/00_welcome.ipynb"
c.Spawner.args = [*jupyter_server_options(), "--ServerApp.allow_root=True"]
c.Spawner.start_timeout = 300  # a busy server starts a student's first server slowly
c.Spawner.http_timeout = 120

# The idle culler: a student's server that nobody used for an hour is stopped.
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={env('ASTEROYDS_HUB_CULL_SECONDS', '3600')}",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    }
]
