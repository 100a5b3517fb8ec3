"""An error as the people at a page read it: a sentence, never an exception's class name.

Students and teachers see "Seat 'red' is taken in room K7QXM2PA." — not
"⚠ RoomError: seat 'red' is taken…": the class name means nothing to them
and reads like a crash. The engine's errors already carry a sentence (in the
reader's language); this only starts it with a capital and ends it with a
full stop. An error the page did not expect (a bug) says so in words.

>>> as_sentence("seat 'red' is taken in room K7QXM2PA")
"Seat 'red' is taken in room K7QXM2PA."
>>> as_sentence("RuleError: the game is in the 'roll' phase")
"The game is in the 'roll' phase."
"""

from __future__ import annotations

import re

from ...errors import AsteroydsError
from ...i18n import _

_CLASS_NAME = re.compile(r"^[A-Z][A-Za-z0-9_]*(?:Error|Exception|Unavailable|Warning): ")


def as_sentence(text: str) -> str:
    """``text`` as a sentence: no leading class name, a capital first, a full stop last."""
    text = _CLASS_NAME.sub("", text.strip(), count=1).strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def error_sentence(exc: BaseException) -> str:
    """What a page shows for ``exc``: its message as a sentence (an unexpected error says so)."""
    message = str(exc).strip()
    if isinstance(exc, (AsteroydsError, ValueError)) and message:
        return as_sentence(message)
    if message:
        return as_sentence(
            _("something went wrong on this page ({detail}); try again, or reload it", detail=message)
        )
    return as_sentence(_("something went wrong on this page; try again, or reload it"))


__all__ = ["as_sentence", "error_sentence"]
