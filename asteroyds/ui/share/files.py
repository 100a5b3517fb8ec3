"""Files in and out of a page: a download link that carries its text, and the text of an upload.

Voila gives the page no file system. A download is a ``data:`` link holding
the file itself (base64), so it works offline and on Binder; an upload is the
value of an ipywidgets ``FileUpload`` (a list of dicts in the kernel of
ipywidgets 8, objects with ``name`` and ``content`` in some front ends).
The scenario editor saves scenarios and the sandbox saves games with them.

>>> link = download_link('{"a": 1}', "a.json", "⬇ Save", css="asteroyds-save")
>>> link.split('href="')[1].split('"')[0]
'data:application/json;base64,eyJhIjogMX0='
>>> uploaded_text([{"name": "a.json", "content": memoryview(b'{"a": 1}')}], "a saved game")
('{"a": 1}', 'a.json')
>>> uploaded_text([], "a saved game") is None
True
"""

from __future__ import annotations

import base64
from collections.abc import Iterable
from typing import Any

from ... import untrusted
from ...errors import ScenarioError
from ...i18n import _
from .markup import tag


def download_link(text: str, filename: str, label: str, *, css: str, title: str = "") -> str:
    """An HTML link (CSS class ``css``) that downloads ``text`` as the JSON file ``filename``."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return tag(
        "a",
        label,
        class_=css,
        download=filename,
        href=f"data:application/json;base64,{data}",
        title=title or None,
    )


def uploaded_text(value: Iterable[Any] | None, what: str) -> tuple[str, str] | None:
    """The first uploaded file's text and name, or None when nothing was uploaded.

    ``what`` names what the file should hold ("a scenario"): a file that is not
    UTF-8 text raises :class:`ScenarioError` saying "NAME: not a text file
    (a scenario is JSON)"; so does one larger than
    :data:`asteroyds.untrusted.MAX_FILE_BYTES` (refused before decoding).
    """
    files = list(value or ())
    if not files:
        return None
    item = files[0]
    if isinstance(item, dict):
        content, name = bytes(item["content"]), item.get("name", "the file")
    else:
        content, name = bytes(item.content), getattr(item, "name", "the file")
    name = untrusted.printable(str(name))[:200]
    if len(content) > untrusted.MAX_FILE_BYTES:
        raise ScenarioError(
            _(
                "{name}: larger than {MAX_FILE_BYTES:,} bytes, the limit for {what}",
                name=name,
                MAX_FILE_BYTES=untrusted.MAX_FILE_BYTES,
                what=what,
            )
        )
    try:
        return content.decode("utf-8"), name
    except UnicodeDecodeError:
        raise ScenarioError(_("{name}: not a text file ({what} is JSON)", name=name, what=what)) from None


__all__ = ["download_link", "uploaded_text"]
