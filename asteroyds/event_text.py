"""The words events share: cells, tiles, columns, lists of crafts, a collision.

Every mode's events (:mod:`asteroyds.events`, :mod:`asteroyds.shooting`,
:mod:`asteroyds.modes.drones`, :mod:`asteroyds.modes.capture.events`) build
their sentences from these, so a cell, a tile or a crash reads the same in
every log and a change of wording is made once.

Everything here is translated when it is called (:mod:`asteroyds.i18n`):
events keep English names in their fields (``blocker_name="white gate #24"``,
the JSON stays the same in every language) and :func:`name_text` turns such
a name into the reader's language when the sentence is written. In French a
name carries its article ("la porte blanche n° 24") because French sentences
need it and its gender decides the colour's ending (GLOSSARY.md).

>>> cell_text((6, 5)), cell_text(None)
('(6, 5)', 'off the board')
>>> capitalised(tile_name("white", "asteroid", 6)), crafts_text(("red1", "white2"))
('White asteroid #6', 'the red1 and white2 crafts')
>>> collision_text("blue", (3, 3), None, "the border", "program cancelled")
'The blue craft hits the border beyond (3, 3): program cancelled'
>>> from asteroyds.i18n import use_language
>>> with use_language("fr"):
...     capitalised(name_text("white/red gate #24")), crafts_text(("red", "white"))
('La porte blanche/rouge n°\\xa024', 'les vaisseaux rouge et blanc')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .hexgrid import DIRECTION_NAMES, Cell
from .i18n import N_, NP_, _, language, ngettext, pgettext

#: Colours, marked for translation; shown with :func:`colour_text` (French: the noun's gender).
COLOUR_WORDS = (
    N_("red"),
    N_("white"),
    N_("blue"),
    N_("green"),
    N_("yellow"),
    N_("orange"),
    N_("purple"),
)
_COLOURS = frozenset(COLOUR_WORDS)

# Each colour in both genders (French agrees: "astéroïde blanc", "porte blanche").
_MASCULINE = (
    NP_("masculine", "red"),
    NP_("masculine", "white"),
    NP_("masculine", "blue"),
    NP_("masculine", "green"),
    NP_("masculine", "yellow"),
    NP_("masculine", "orange"),
    NP_("masculine", "purple"),
)  # marks for extraction; colour_text translates
_FEMININE = (
    NP_("feminine", "red"),
    NP_("feminine", "white"),
    NP_("feminine", "blue"),
    NP_("feminine", "green"),
    NP_("feminine", "yellow"),
    NP_("feminine", "orange"),
    NP_("feminine", "purple"),
)  # marks for extraction; colour_text translates


def colour_text(colour: str, gender: str = "masculine") -> str:
    """A colour (or ``white/red``) agreeing with a ``masculine`` or ``feminine`` noun."""
    return "/".join(pgettext(gender, part) if part in _COLOURS else part for part in colour.split("/"))


def cell_text(cell: Cell | None) -> str:
    """A space as ``(row, col)``; None (a piece that left) is ``off the board``."""
    return _("off the board") if cell is None else f"({cell[0]}, {cell[1]})"


_COMPASS = (
    NP_("compass", "E"),
    NP_("compass", "SE"),
    NP_("compass", "SW"),
    NP_("compass", "W"),
    NP_("compass", "NW"),
    NP_("compass", "NE"),
)  # marks for extraction; direction_text translates


def direction_text(direction: int) -> str:
    """A compass name in the reader's language: ``SW`` is ``SO`` in French."""
    return pgettext("compass", DIRECTION_NAMES[direction % 6])


# "moves 2 spaces SE": French says "vers le SE", "vers l'E" (the article elides).
_HEADINGS = (
    NP_("heading", "E"),
    NP_("heading", "SE"),
    NP_("heading", "SW"),
    NP_("heading", "W"),
    NP_("heading", "NW"),
    NP_("heading", "NE"),
)  # marks for extraction; heading_text translates


def heading_text(direction: int) -> str:
    """Where something goes: ``SE`` in English sentences, ``vers le SE`` in French ones."""
    return pgettext("heading", DIRECTION_NAMES[direction % 6])


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (names start sentences: "white asteroid #6" …)."""
    return text[:1].upper() + text[1:]


def tile_name(colour: str, kind: str, priority: int | None) -> str:
    """A tile as the rulebook names it: ``red asteroid #3`` (French: ``l'astéroïde rouge n° 3``)."""
    if kind == "asteroid":
        return _("{colour} asteroid #{priority}", colour=colour_text(colour), priority=priority)
    if kind == "gate":
        return _("{colour} gate #{priority}", colour=colour_text(colour, "feminine"), priority=priority)
    if kind == "drone":
        return _("{colour} drone #{priority}", colour=colour_text(colour), priority=priority)
    return f"{colour} {kind} #{priority}"


def player_text(player: str) -> str:
    """A player (or team) id as read after "craft": ``red`` → ``rouge``, ``red1`` → ``rouge1``."""
    match = re.fullmatch(r"([a-z]+)(\d*)", player)
    if match is None or match.group(1) not in _COLOURS:
        return player
    return colour_text(match.group(1)) + match.group(2)


_SIDES = (NP_("side", "left"), NP_("side", "right"))  # targets mode's teams; side_text translates


def side_text(side: str) -> str:
    """A targets-mode side, ``left`` or ``right`` (French: ``de gauche``, as in "l'équipe de gauche")."""
    return pgettext("side", side)


_TAG_INITIALS = (NP_("target tag", "L"), NP_("target tag", "R"))  # the sides' initials (left, right)


def target_text(target: str) -> str:
    """A target by the tag its asteroid wears on the board: ``left-3`` → ``L3`` (French ``G3``).

    One name for one thing (issue 35): the board's tag and the sentences' name are the same.
    A name that is not ``side-number`` is written as it is.
    """
    side, dash, number = target.partition("-")
    if not dash or side not in ("left", "right"):
        return target
    return pgettext("target tag", "L" if side == "left" else "R") + number


def team_text(team: str) -> str:
    """A team: its colour agreeing with "team" (French: ``l'équipe blanche``), or its side."""
    if team in ("left", "right"):
        return side_text(team)
    return colour_text(team, "feminine") if team in _COLOURS else team


def and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the reader's language."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def column_words(column: int) -> str:
    """A status-chart column: ``column 3``, or ``the red column`` for 7."""
    return _("the red column") if column == 7 else _("column {column}", column=column)


def crafts_text(players: Sequence[str], noun: str = "craft") -> str:
    """``the red1 craft``, ``the red1 and white2 crafts``, ``the red1, red2 and white1 crafts``."""
    names = and_list([player_text(p) for p in players])
    return ngettext("the {players} craft", "the {players} crafts", len(players), players=names)


def spaces_text(n: int) -> str:
    """``1 space``, ``3 spaces``."""
    return ngettext("{n} space", "{n} spaces", n, n=n)


_KINDS = {
    "pod": N_("pod {id}"),
    "platform": N_("platform {id}"),
    "turret": N_("turret {id}"),
}


def name_text(name: str) -> str:
    """An English piece name (``Piece.describe()``, "the border", "the red craft") in the reader's language.

    Events store English names so their JSON is the same in every language;
    this reads the few shapes ``describe()`` writes and says them again.
    Anything else is returned as it is.
    """
    if language() == "en":
        return name
    if name == "the border":
        return _("the border")
    tile = re.fullmatch(r"(\S+) (asteroid|gate|drone) #(\d+)", name)
    if tile:
        return tile_name(tile.group(1), tile.group(2), int(tile.group(3)))
    fixed = re.fullmatch(r"(\w+) (\S+)", name)
    if fixed and fixed.group(1) in _KINDS:
        return _(_KINDS[fixed.group(1)], id=fixed.group(2))
    turret = re.fullmatch(r"the (\S+) turret (\S+)", name)
    if turret:
        return _("the {team} turret {id}", team=colour_text(turret.group(1), "feminine"), id=turret.group(2))
    asteroyd = re.fullmatch(r"(\S+) asteroyd", name)
    if asteroyd:
        return _("the {team} asteroyd", team=colour_text(asteroyd.group(1)))
    craft = re.fullmatch(r"(?:the )?(\S+) craft", name)
    if craft:
        return crafts_text((craft.group(1),))
    crafts = re.fullmatch(r"the (.+) crafts", name)
    if crafts:
        return crafts_text(re.split(r", | and ", crafts.group(1)))
    return name


# A space in a sentence with the word that leads to it, in both languages ("moves … to (10, 10)",
# "avance … jusqu'en (10, 10)"): the longest words first, so "au-delà de" goes before "de".
_PLACE = re.compile(
    r"\s*(?:\b(?:beyond|from|to|at|in|on|au-delà de|jusqu'en|depuis|en|de|à)\s+)?\(\d+, \d+\)"
)


def without_cells(text: str) -> str:
    """A sentence without its spaces' ``(row, col)`` (and the word leading to each).

    For a board that outlines the cells an event names (a rule board with its
    coordinates hidden): the sentence names the pieces and directions, the board
    shows where. The events' own :meth:`text` (the CLI's log, the JSON) keep
    their coordinates; this is only how a teaching board reads them out.

    >>> without_cells("Red asteroid #6 moves 2 spaces SW to (10, 10)")
    'Red asteroid #6 moves 2 spaces SW'
    >>> without_cells("The blue craft hits the border beyond (3, 3): program cancelled")
    'The blue craft hits the border: program cancelled'
    >>> without_cells("L'astéroïde bleu n° 9 pousse l'astéroïde blanc n° 2 de (4, 4) à (4, 5)")
    "L'astéroïde bleu n°\\xa09 pousse l'astéroïde blanc n°\\xa02"
    """
    return _PLACE.sub("", text)


def names_text(names: Sequence[str]) -> str:
    """Several English names joined: ``white asteroid #2 and the red craft``."""
    return and_list([name_text(n) for n in names])


def collision_text(player: str, cell: Cell, blocked_at: Cell | None, blocker_name: str, then: str) -> str:
    """A craft running into the border (``blocked_at`` None) or a piece, and what follows (``then``).

    One sentence for every mode: a program cancelled in flight, a capture craft
    sent home "as if hit by a laser". ``then`` is already in the reader's language.
    """
    if blocked_at is None:
        return _(
            "The {player} craft hits the border beyond {cell}: {then}",
            player=player_text(player),
            cell=cell_text(cell),
            then=then,
        )
    return _(
        "The {player} craft hits {blocker} at {cell}: {then}",
        player=player_text(player),
        blocker=name_text(blocker_name),
        cell=cell_text(blocked_at),
        then=then,
    )


def phrase_text(text: str, templates: Sequence[str]) -> str:
    """An English phrase stored in an event (a cause, a reason) in the reader's language.

    ``templates`` are the marked English templates the phrase may come from
    ("hitting {name}"); the first that matches is translated with its fields
    read back (names translated by :func:`name_text`). A phrase that matches
    none is shown as it is.
    """
    if language() == "en" or not text:
        return text
    for template in templates:
        fields = _match(template, text)
        if fields is not None:
            return _(template, **{k: names_or_name(v) for k, v in fields.items()})
    return text


def names_or_name(text: str) -> str:
    """One name, or English names joined with ``and`` (``red1 and blue2``), translated."""
    parts = re.split(r", | and ", text)
    return names_text(parts) if len(parts) > 1 else name_text(text)


def _match(template: str, text: str) -> dict[str, str] | None:
    pattern = ""
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\})?", template):
        pattern += re.escape(literal)
        if name:
            pattern += f"(?P<{name}>.+?)"
    found = re.fullmatch(pattern, text)
    return found.groupdict() if found else None


__all__ = [
    "COLOUR_WORDS",
    "and_list",
    "capitalised",
    "cell_text",
    "collision_text",
    "colour_text",
    "column_words",
    "crafts_text",
    "direction_text",
    "heading_text",
    "name_text",
    "names_text",
    "phrase_text",
    "player_text",
    "side_text",
    "spaces_text",
    "team_text",
    "tile_name",
    "without_cells",
]
