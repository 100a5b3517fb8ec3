"""Room codes and tokens: short enough to type from a projector, too many to guess.

A room code is 8 characters from a 31-letter alphabet without look-alikes
(no 0/O, 1/I/L): 31**8 ≈ 8.5e11 codes (≈ 39.6 bits), drawn with
:mod:`secrets`. Nothing lists the rooms, and an unknown code and a finished
room that was never created answer the same "no such room", so a class
cannot enumerate codes. Tokens (the teacher's, one per taken seat) are
:func:`secrets.token_urlsafe` strings; the log keeps only their SHA-256
(a token has 256 random bits, so no salt or slow hash is needed).

>>> len(new_code()), normalize_code(" abcd-efgh ")
(8, 'ABCDEFGH')
>>> check_token(hash_token("t0k3n"), "t0k3n"), check_token(hash_token("t0k3n"), "guess")
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ..errors import AsteroydsError
from ..i18n import _

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
TOKEN_BYTES = 32


class RoomError(AsteroydsError):
    """A room refused an action: unknown room, seat taken, wrong token, too late."""


def new_code() -> str:
    """A fresh random room code (the store rejects the rare collision; see Room.create)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalize_code(text: str) -> str:
    """A code as typed (any case, spaces or dashes) in its canonical form; raises if malformed."""
    code = "".join(ch for ch in str(text).upper() if ch not in " -")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        raise RoomError(
            _(
                "{text!r} is not a room code ({CODE_LENGTH} letters and digits, like 'K7QX-M2PA')",
                text=text,
                CODE_LENGTH=CODE_LENGTH,
            )
        )
    return code


def new_token() -> str:
    """A secret for a seat or for the teacher (shown once, stored only as a hash).

    Never starting with ``-``, which a command line would take for an option.
    """
    while True:
        token = secrets.token_urlsafe(TOKEN_BYTES)
        if not token.startswith("-"):
            return token


def hash_token(token: str) -> str:
    """What the log stores instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def check_token(stored_hash: str | None, token: str | None) -> bool:
    """True if ``token`` is the one whose hash was stored (constant-time comparison)."""
    if not stored_hash or not token:
        return False
    return hmac.compare_digest(stored_hash, hash_token(token))
