"""The boundary for untrusted input: files, command-line arguments, links and uploads.

Everything that comes from outside the program (a scenario or programs file,
a saved game, an upload in the editor or the sandbox, a link's query string,
a command-line number) passes through here before the engine sees it. The
checks are cheap and happen in this order, so a hostile input is refused
early and never half-applied:

1. **size** — at most :data:`MAX_FILE_BYTES`, read with a bounded read (so
   ``/dev/zero`` or a 10 MB board is refused at once);
2. **text** — strict UTF-8 (a leading byte-order mark is allowed);
3. **depth** — JSON nested at most :data:`MAX_DEPTH` levels, counted before
   parsing (``[[[[…]]]]`` never reaches the parser);
4. **values** — integers of at most :data:`MAX_INT_DIGITS` digits, no
   ``NaN`` or infinite numbers, strings of at most :data:`MAX_STRING_CHARS`
   characters with neither control characters nor lone surrogates.

Every refusal is an :class:`~asteroyds.errors.InputError` (a
:class:`~asteroyds.errors.ScenarioError`) naming the file or link and the
field: ``"my.json: pieces[0].id: contains a lone surrogate '\\ud800' (not Unicode text)"``.
Standard library only.

>>> parse_json('{"round": 1}', "my.json")
{'round': 1}
>>> parse_json('{"round": ' + "9" * 5000 + "}", "my.json")
Traceback (most recent call last):
...
asteroyds.errors.InputError: my.json: round: a number with 5000 digits (at most 18)
>>> parse_json("[" * 100_000 + "]" * 100_000, "deep.json")
Traceback (most recent call last):
...
asteroyds.errors.InputError: deep.json: JSON nested too deeply (more than 16 levels)
>>> decode(b"\\xff{}", "bad.json", "a scenario")
Traceback (most recent call last):
...
asteroyds.errors.InputError: bad.json: not UTF-8 text (byte 0xff at offset 0); a scenario is JSON text
"""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .errors import InputError
from .i18n import _

MAX_FILE_BYTES = 1_000_000  # a saved game of 100 rounds for 6 players is under 100 kB
MAX_DEPTH = 16  # a saved game is 5 levels deep (setup → pieces → piece → cell)
MAX_INT_DIGITS = 18  # every number of the game (a seed too) fits; no 5,000-digit integers
MAX_STRING_CHARS = 1_000  # ids, names, programs, board rows
MAX_BOARD_ROWS = 40  # the standard board is 13 × 16; an edited one may be larger, not huge
MAX_BOARD_COLS = 40
MAX_PIECES = 500
MAX_CRAFTS = 36
MAX_ROUND = 1_000_000
MAX_PRIORITY = 1_000_000

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_PAIR = re.compile(r"\[\]|\{\}")
_WHOLE = re.compile(r"[+-]?([0-9]+)")
_BAD_CHAR = re.compile(r"[\x00-\x1f\x7f-\x9f]|[\ud800-\udfff]")
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")


class _Refused:
    """A value the parser met but the boundary refuses (:func:`check_tree` reports it with its field)."""

    __slots__ = ("reason",)

    def __init__(self, reason: str) -> None:
        self.reason = reason


# --- bytes and text -------------------------------------------------------------------------


def read_bytes(path: str | Path, what: str = "a scenario") -> bytes:
    """The bytes of a file, refused if it cannot be read or is larger than :data:`MAX_FILE_BYTES`."""
    name = printable(str(path))
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise InputError(
            _("{name}: cannot read the file ({value})", name=name, value=exc.strerror or exc)
        ) from None
    except ValueError:  # an embedded NUL in the name
        raise InputError(_("{name}: not a possible file name", name=name)) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            _(
                "{name}: larger than {MAX_FILE_BYTES:,} bytes, the limit for {what}",
                name=name,
                MAX_FILE_BYTES=MAX_FILE_BYTES,
                what=what,
            )
        )
    return data


def decode(data: bytes, where: str, what: str = "a scenario") -> str:
    """Strict UTF-8 text (a byte-order mark is dropped); size-checked first."""
    if len(data) > MAX_FILE_BYTES:
        raise InputError(
            _(
                "{where}: larger than {MAX_FILE_BYTES:,} bytes, the limit for {what}",
                where=where,
                MAX_FILE_BYTES=MAX_FILE_BYTES,
                what=what,
            )
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        byte = data[exc.start : exc.start + 1].hex()
        raise InputError(
            _(
                "{where}: not UTF-8 text (byte 0x{byte} at offset {start}); {what} is JSON text",
                where=where,
                byte=byte,
                start=exc.start,
                what=what,
            )
        ) from None


def read_text(path: str | Path, what: str = "a scenario") -> str:
    """A file's text through every check of the boundary (size, then strict UTF-8)."""
    return decode(read_bytes(path, what), printable(str(path)), what)


def read_json(path: str | Path, what: str = "a scenario") -> Any:
    """A JSON file's data through every check of the boundary."""
    return parse_json(read_text(path, what), printable(str(path)), what)


# --- JSON -----------------------------------------------------------------------------------


def parse_json(text: str, where: str, what: str = "a scenario") -> Any:
    """The data in untrusted JSON text: size, depth, syntax and values checked (:func:`check_tree`)."""
    if len(text) > MAX_FILE_BYTES:
        raise InputError(
            _(
                "{where}: larger than {MAX_FILE_BYTES:,} characters, the limit for {what}",
                where=where,
                MAX_FILE_BYTES=MAX_FILE_BYTES,
                what=what,
            )
        )
    if _too_deep(text):
        raise InputError(
            _(
                "{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)",
                where=where,
                MAX_DEPTH=MAX_DEPTH,
            )
        )
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        place = f"line {exc.lineno}, column {exc.colno}"
        raise InputError(
            _("{where}: not valid JSON ({place}: {msg})", where=where, place=place, msg=exc.msg)
        ) from None
    except RecursionError:  # unbalanced brackets the depth count could not pair up
        raise InputError(
            _(
                "{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)",
                where=where,
                MAX_DEPTH=MAX_DEPTH,
            )
        ) from None
    check_tree(data, where)
    return data


def _too_deep(text: str) -> bool:
    """True if the JSON nests more than :data:`MAX_DEPTH` levels (strings ignored), without parsing it."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for _attempt in range(MAX_DEPTH):
        brackets, count = _PAIR.subn("", brackets)
        if not count:
            return False
    return bool(_PAIR.search(brackets))


def _int(digits: str) -> int | _Refused:
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        return _Refused(f"a number with {count} digits (at most {MAX_INT_DIGITS})")
    return int(digits)


def _float(text: str) -> float | _Refused:
    value = float(text)
    if not math.isfinite(value):
        return _Refused(f"the number {text[:20]!r} is too large")
    return value


def _constant(name: str) -> _Refused:
    return _Refused(f"{name} is not a number JSON allows")


def check_tree(data: Any, where: str) -> None:
    """Check parsed (or built) data: depth, numbers, and every string (keys included), naming the field.

    >>> check_tree({"pieces": [{"id": "R\\x00"}]}, "s.json")
    Traceback (most recent call last):
    ...
    asteroyds.errors.InputError: s.json: pieces[0].id: contains the control character '\\x00'
    """
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, field, depth = stack.pop()
        at = f"{where}: {field}" if field else where
        if depth > MAX_DEPTH:
            raise InputError(
                _(
                    "{where}: JSON nested too deeply (more than {MAX_DEPTH} levels)",
                    where=where,
                    MAX_DEPTH=MAX_DEPTH,
                )
            )
        if isinstance(value, _Refused):
            raise InputError(f"{at}: {value.reason}")
        if isinstance(value, str):
            check_string(value, at)
        elif isinstance(value, bool) or value is None:
            continue
        elif isinstance(value, int):
            if value.bit_length() > 60:  # about 18 digits; never converted to text here
                raise InputError(
                    _(
                        "{at}: a number out of range (more than {MAX_INT_DIGITS} digits)",
                        at=at,
                        MAX_INT_DIGITS=MAX_INT_DIGITS,
                    )
                )
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InputError(_("{at}: {value!r} is not a number the game can use", at=at, value=value))
        elif isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise InputError(
                        _("{at}: a key that is not text ({kind})", at=at, kind=type(key).__name__)
                    )
                check_string(key, f"{at}: key {_short(key)}")
                stack.append((item, f"{field}.{key}" if field else key, depth + 1))
        elif isinstance(value, (list, tuple)):
            stack.extend((item, f"{field}[{i}]", depth + 1) for i, item in enumerate(value))


def check_string(value: str, at: str) -> str:
    """A string from outside: short, Unicode text (no lone surrogates), no control characters."""
    if len(value) > MAX_STRING_CHARS:
        raise InputError(
            _(
                "{at}: text of {n:,} characters (at most {MAX_STRING_CHARS:,})",
                at=at,
                n=len(value),
                MAX_STRING_CHARS=MAX_STRING_CHARS,
            )
        )
    bad = _BAD_CHAR.search(value)
    if bad:
        char = bad.group()
        if "\ud800" <= char <= "\udfff":
            raise InputError(
                _("{at}: contains a lone surrogate {char!r} (not Unicode text)", at=at, char=char)
            )
        raise InputError(_("{at}: contains the control character {char!r}", at=at, char=char))
    return value


def _short(text: str, limit: int = 40) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "…")


# --- sizes of a scenario --------------------------------------------------------------------


def check_counts(what: str, count: int, limit: int, where: str) -> None:
    """Refuse a list with more than ``limit`` entries (``what`` names it: "pieces")."""
    if count > limit:
        raise InputError(
            _(
                "{where}: {count:,} {what} (at most {limit:,})",
                where=where,
                count=count,
                what=what,
                limit=limit,
            )
        )


def check_board_size(mask: list, where: str) -> None:
    """Refuse a board larger than :data:`MAX_BOARD_ROWS` × :data:`MAX_BOARD_COLS`, before building it."""
    cols = max((len(row) for row in mask if isinstance(row, str)), default=0)
    if len(mask) > MAX_BOARD_ROWS or cols > MAX_BOARD_COLS:
        raise InputError(
            _(
                "{where}: board of {n:,} × {cols:,} hexes (at most {MAX_BOARD_ROWS} × {MAX_BOARD_COLS})",
                where=where,
                n=len(mask),
                cols=cols,
                MAX_BOARD_ROWS=MAX_BOARD_ROWS,
                MAX_BOARD_COLS=MAX_BOARD_COLS,
            )
        )


def check_magnitude(value: int, limit: int, at: str, name: str) -> int:
    """A whole number from outside no larger than ``limit`` either way (the rules check the rest)."""
    if abs(value) > limit:
        digits = int(value.bit_length() * 0.30103) + 1
        shown = value if digits <= MAX_INT_DIGITS else f"a {digits}-digit number"
        raise InputError(
            _(
                "{at}: {name} {shown} is out of range (at most {limit:,})",
                at=at,
                name=name,
                shown=shown,
                limit=limit,
            )
        )
    return value


# --- saved games ---------------------------------------------------------------------------

GAME_INPUTS: dict[str, tuple[str, ...]] = {  # an input's action → the phases it may come in
    "roll": ("roll",),
    "program": ("plan",),
    "asteroids": ("plan", "asteroids"),
    "fly": ("fly",),
    "end": ("end",),
}
_INPUT_KEYS: dict[str, set[str]] = {
    "roll": {"roll", "order"},
    "program": {"program", "text"},
    "asteroids": {"asteroids", "answers"},
    "fly": {"fly", "answers"},
    "end": {"end"},
}
DIE_COLOURS = ("red", "white", "blue")


def check_game_input(item: Any, phase: str, at: str) -> str:
    """One input of a saved game, checked before it is replayed in ``phase``; returns its action.

    >>> check_game_input({"fly": True}, "plan", "inputs[3]")
    Traceback (most recent call last):
    ...
    asteroyds.errors.InputError: inputs[3]: 'fly' cannot come in the 'plan' phase
    """
    if not isinstance(item, dict):
        raise InputError(_("{at}: an input must be an object, got {short}", at=at, short=_short(repr(item))))
    actions = [key for key in GAME_INPUTS if key in item]
    if len(actions) != 1:
        raise InputError(
            _(
                "{at}: an input holds one of {choices}, got {keys}",
                at=at,
                choices=", ".join(GAME_INPUTS),
                keys=sorted(item),
            )
        )
    action = actions[0]
    unknown = sorted(set(item) - _INPUT_KEYS[action])
    if unknown:
        raise InputError(
            _("{at}: unknown key {unknown!r} in a {action!r} input", at=at, unknown=unknown[0], action=action)
        )
    if phase not in GAME_INPUTS[action]:
        raise InputError(
            _("{at}: {action!r} cannot come in the {phase!r} phase", at=at, action=action, phase=phase)
        )
    if action == "roll":
        dice = item["roll"]
        if not (isinstance(dice, list) and len(dice) == 3 and all(_die(v) for v in dice)):
            raise InputError(
                _("{at}: roll must be three dice 1..6 (red, white, blue), got {dice!r}", at=at, dice=dice)
            )
        order = item.get("order", list(DIE_COLOURS))
        if not isinstance(order, list) or sorted(map(str, order)) != sorted(DIE_COLOURS):
            raise InputError(
                _("{at}: order must list red, white and blue once each, got {order!r}", at=at, order=order)
            )
    elif action == "program":
        if not isinstance(item["program"], str) or not isinstance(item.get("text"), str):
            raise InputError(
                _('{at}: a program input is {{"program": PLAYER, "text": "F F R L U . S"}}', at=at)
            )
    elif item[action] is not True:
        raise InputError(
            _("{at}: {action!r} must be true, got {item!r}", at=at, action=action, item=item[action])
        )
    answers = item.get("answers", {})
    if not isinstance(answers, dict) or not all(isinstance(v, bool) for v in answers.values()):
        raise InputError(_("{at}: answers must map each question to true or false", at=at))
    return action


def _die(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6


# --- the command line -----------------------------------------------------------------------


def whole_number(lo: int, hi: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number within ``lo..hi`` (argparse reports the error, exit 2)."""

    def parse(text: str) -> int:
        match = _WHOLE.fullmatch(text.strip())
        if match is None:
            raise argparse.ArgumentTypeError(_("expected a whole number, got {short}", short=_short(text)))
        digits = match.group(1)
        if len(digits) > MAX_INT_DIGITS:
            raise argparse.ArgumentTypeError(
                _("{lo}..{hi} expected, got a {n}-digit number", lo=lo, hi=hi, n=len(digits))
            )
        value = int(text)
        if not lo <= value <= hi:
            raise argparse.ArgumentTypeError(_("{lo}..{hi} expected, got {value}", lo=lo, hi=hi, value=value))
        return value

    parse.__name__ = "whole number"
    return parse


def short_int(text: str) -> int:
    """An argparse ``type`` like ``int`` (same "invalid int value" message), refusing long strings."""
    if len(text) > MAX_INT_DIGITS + 2:
        raise argparse.ArgumentTypeError(
            _("expected a small whole number, got {n:,} characters", n=len(text))
        )
    return int(text)


short_int.__name__ = "int"


def finite_number(lo: float, hi: float) -> Callable[[str], float]:
    """An argparse ``type``: a finite number within ``lo..hi`` (no nan, no inf)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 50 else math.nan
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("expected a number, got {short}", short=_short(text))
            ) from None
        if not lo <= value <= hi:  # False for nan
            raise argparse.ArgumentTypeError(
                _("a number from {lo:g} to {hi:g} expected, got {short}", lo=lo, hi=hi, short=_short(text))
            )
        return value

    parse.__name__ = "number"
    return parse


def printable(text: str) -> str:
    """Text safe to show on one line: control characters, line breaks and lone surrogates escaped.

    >>> printable("a\\nb\\udcff")
    'a\\\\nb\\\\udcff'
    """
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


__all__ = [
    "GAME_INPUTS",
    "check_game_input",
    "MAX_BOARD_COLS",
    "MAX_BOARD_ROWS",
    "MAX_CRAFTS",
    "MAX_DEPTH",
    "MAX_FILE_BYTES",
    "MAX_INT_DIGITS",
    "MAX_PIECES",
    "MAX_PRIORITY",
    "MAX_ROUND",
    "MAX_STRING_CHARS",
    "check_board_size",
    "check_counts",
    "check_magnitude",
    "check_string",
    "check_tree",
    "decode",
    "finite_number",
    "parse_json",
    "printable",
    "read_bytes",
    "read_json",
    "read_text",
    "short_int",
    "whole_number",
]
