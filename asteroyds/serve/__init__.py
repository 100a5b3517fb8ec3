"""The class server: Voila serving the app's pages to a class, with the promises a class needs.

Voila starts a Python kernel (about 80-130 MB) for every page it renders and,
left alone, keeps it until the page sends a goodbye that direct links could not
send: a class walking through chapters filled the server with kernels of pages
nobody had open. ``asteroyds app`` runs this server (:mod:`.app`), which
promises, with its settings in :class:`~.settings.ServeSettings`:

- **A page left gives its kernel back at once** (another chapter, a reload,
  the back button, a closed tab). Voila's page says goodbye
  (``POST /voila/api/shutdown/<kernel>``) with the ``_xsrf`` token of its
  cookie, a cookie Voila sets on its file listing only, so a page opened by a
  direct link was refused (403). Here every page sets it
  (:class:`~.handlers.CappedVoilaHandler`) and the page's template
  (``template/index.html.j2``) also says goodbye on ``pagehide``, which phones
  fire when ``beforeunload`` is not. A cross-site page cannot forge the
  goodbye: it can neither read the token nor pass Jupyter Server's Origin
  check. Backstops (:mod:`.kernels`): a kernel whose page connected and then
  lost every connection is shut down after ``disconnected_timeout`` seconds
  (60); one whose page never connected after ``idle_timeout`` (a fetch, a
  crawler). A quiet page with an open connection is kept.
- **The welcome page at** ``/``, in the class's language; no file listing (it
  showed the developers' demos): a teacher reaches every page from the welcome
  page's table of contents.
- **Nothing from another host**: the page's template drops the lab template's
  Font Awesome links to a CDN (the widgets' icons come with Voila's styles).
- **A cap.** At most ``max_pages`` pages at once (pre-heated kernels not
  counted); the next request gets HTTP 503 and a short page in the app's
  colours (``static/full.html``) instead of a server that runs out of memory.
  The default is what the machine's available memory allows
  (:func:`~.settings.default_max_pages`).
- **Pre-heated pages.** ``pool`` kernels per chapter of the class's language
  that have already run it; pages that read their link (``?demo=``,
  ``?scenario=``) wait for it (:func:`asteroyds.ui.share.links.query_string`).
- **Low latency**: kernel websockets without Nagle's algorithm (:mod:`.websocket`).
- **No message lost**: a page's kernel and the server talk through queues
  without ZeroMQ's 1,000-message limit (:mod:`.queues`, :mod:`.kernel_app`): a
  busy server that read a burst of widgets late had lost some of them.

Modules: :mod:`.settings` (what a server promises, as Voila options and a
command), :mod:`.app` (the Voila application), :mod:`.handlers`, :mod:`.kernels`,
:mod:`.websocket`, :mod:`.queues` and :mod:`.kernel_app` (no message dropped),
:mod:`.voila_patch` (the two changes made inside Voila),
:mod:`.processes` (ending the children), :mod:`.launch` (a server for as long as
a ``with`` block lasts: tests and benchmarks). Only this package imports Voila,
Tornado or Jupyter Server; ``asteroyds.ui`` is widgets only.

Run it as ``asteroyds app`` (or ``python -m asteroyds.serve NOTEBOOKS [Voila options]``).
"""
