"""Asteroyds Academy behind JupyterHub: each student's server serves the app and nothing else.

The recipe is ``deploy/jupyterhub/jupyterhub_config.py``; it reads its settings
with :mod:`.settings` (checked before the hub starts), starts each student's
server with a spawner of :mod:`.spawner` (never as root), and that server is
:mod:`.app`: the class server (standalone Voila) logged in by the hub, so a
student reaches the app's pages and their kernels' websockets, and no
JupyterLab, tree, terminal, contents API or kernel API exists to reach.
``deploy/jupyterhub/README.md`` has the threat model.
"""
