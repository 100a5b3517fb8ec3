"""What a room page keeps in the browser, and the join QR code.

**The seat's token stays in this browser, never in a link.** When a page
takes a seat (or creates a room), the kernel sends a tiny script that
stores the token in the browser's ``localStorage`` under the room's code
(:func:`remember_html`). When the page is loaded again (a reload, the
join link or the QR code opened a second time), a script reads it back
and types it into a hidden text box (:func:`recall_html`): Voila lets
JavaScript reach Python only through widget messages, and a text box's
``input`` event is one. The kernel then takes its seat back
(:meth:`~asteroyds.ui.rooms.pages.StudentPage.restore`). An empty store
answers :data:`NOTHING`, so the page shows the seat picker.

Why not the address: a token in the URL would show on the projector, in
the browser's history and in the server's log, and travel with any link
a student shares. ``localStorage`` is readable only by pages of the same
server *in the same browser*: another student's device never sees it.
(Two students sharing one browser share its storage too: one device per
student.) The scripts run from an ``<img onerror=...>`` in an HTML widget,
which ipywidgets inserts as HTML: Voila 0.5 runs them (checked in Chromium
by ``tests/browser/test_rooms.py``).

>>> "localStorage.setItem" in remember_html("seat", "K7QXM2PA", "t0k3n")
True
>>> storage_key("seat", "K7QXM2PA")
'asteroyds:room:K7QXM2PA:seat'
>>> qr_svg("http://school:8866/voila/render/join.ipynb?room=K7QXM2PA").startswith("<svg")
True
"""

from __future__ import annotations

import json
import secrets

from ...i18n import _
from ..share.markup import void

NOTHING = "-"  # what the recall script types when the browser keeps nothing for this room
KINDS: tuple[str, ...] = ("seat", "teacher")


def storage_key(kind: str, code: str) -> str:
    """The ``localStorage`` key of a room's seat token (or the teacher's)."""
    if kind not in KINDS:
        raise ValueError(
            _("kind must be one of {choices}, not {kind!r}", choices=", ".join(KINDS), kind=kind)
        )
    return f"asteroyds:room:{code}:{kind}"


def _script_html(js: str) -> str:
    """An HTML fragment that runs ``js`` once when inserted (a nonce makes every fragment new)."""
    return void("img", src="data:,", alt="", data_run=secrets.token_hex(4), style="display:none", onerror=js)


def _address(code: str | None) -> str:
    """JS that puts ``?room=CODE`` (or nothing) in the address bar without reloading."""
    query = "" if code is None else "?room=" + code
    return f"try{{history.replaceState(null,'',location.pathname+{json.dumps(query)});}}catch(e){{}}"


def remember_html(kind: str, code: str, token: str) -> str:
    """Keep ``token`` in this browser for room ``code``; the address shows ``?room=CODE`` (no token)."""
    key = json.dumps(storage_key(kind, code))
    return _script_html(
        f"try{{localStorage.setItem({key},{json.dumps(token)});}}catch(e){{}}" + _address(code)
    )


def forget_html(kind: str, code: str) -> str:
    """Forget the token this browser kept for room ``code`` (a freed seat, a stale key)."""
    key = json.dumps(storage_key(kind, code))
    return _script_html(f"try{{localStorage.removeItem({key});}}catch(e){{}}")


def address_html(code: str | None) -> str:
    """Show ``?room=CODE`` in the address bar, so a reload opens the same room."""
    return _script_html(_address(code))


def recall_html(kind: str, code: str, box_class: str) -> str:
    """Read the kept token for room ``code`` and type it into the hidden text box ``.box_class input``.

    The box may not be drawn yet when the script runs: it retries for a few seconds.
    """
    key = json.dumps(storage_key(kind, code))
    selector = json.dumps(f".{box_class} input")
    js = (
        "(function(){var v=null;"
        f"try{{v=localStorage.getItem({key});}}catch(e){{}}"
        "var n=0;(function put(){"
        f"var el=document.querySelector({selector});"
        "if(!el){if(n++<200){setTimeout(put,50);}return;}"
        f"el.value=v||{json.dumps(NOTHING)};"
        "el.dispatchEvent(new Event('input',{bubbles:true}));"
        "el.dispatchEvent(new Event('change',{bubbles:true}));"
        "})();})()"
    )
    return _script_html(js)


def qr_svg(text: str, scale: int = 6) -> str:
    """A QR code of ``text`` as inline SVG (``segno``, pure Python; white on the dark theme's card)."""
    import segno

    return segno.make(text, error="m").svg_inline(scale=scale, dark="#000000", light="#ffffff", border=3)


__all__ = [
    "KINDS",
    "NOTHING",
    "address_html",
    "forget_html",
    "qr_svg",
    "recall_html",
    "remember_html",
    "storage_key",
]
