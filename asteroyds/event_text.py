"""The words events share: cells, tiles, columns, lists of crafts, a collision.

Every mode's events (:mod:`asteroyds.events`, :mod:`asteroyds.shooting`,
:mod:`asteroyds.modes.drones`, :mod:`asteroyds.modes.capture.events`) build
their sentences from these, so a cell, a tile or a crash reads the same in
every log and a change of wording is made once.

Everything here is translated when it is called (:mod:`asteroyds.i18n`).
Events keep facts, never sentences (issue 36): what they name is a typed
:class:`~asteroyds.named.Named` (a tile by colour and priority, a pod by id,
the border, crafts …) and a cause or a reason a :class:`~asteroyds.named.Phrase`
(a marked template and what it names); :func:`named_text` and
:func:`phrase_said` write them in the reader's language from the catalog,
English included. Nothing here reads an English name or phrase back. In
French a name carries its article ("la porte blanche n° 24") because French
sentences need it and its gender decides the colour's ending (GLOSSARY.md).

>>> cell_text((6, 5)), cell_text(None)
('(6, 5)', 'off the board')
>>> capitalised(tile_name("white", "asteroid", 6)), crafts_text(("red1", "white2"))
('White asteroid #6', 'the red1 and white2 crafts')
>>> from asteroyds.named import Named
>>> collision_text("blue", (3, 3), None, Named.border(), "program cancelled")
'The blue craft hits the border beyond (3, 3): program cancelled'
>>> from asteroyds.i18n import use_language
>>> with use_language("fr"):
...     capitalised(named_text(Named("gate", colour="white/red", priority=24))), crafts_text(("red", "white"))
('La porte blanche/rouge n°\\xa024', 'les vaisseaux rouge et blanc')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .hexgrid import DIRECTION_NAMES, Cell
from .i18n import N_, NP_, _, ngettext, pgettext
from .named import BORDER, CRAFTS, EACH_CRAFT, TEAM_ASTEROYD, TEAM_TURRET, Named, Phrase
from .pieces import ASTEROYD, Piece

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


def named_text(name: Named | str) -> str:
    """A thing an event names (:class:`~asteroyds.named.Named`) in the reader's language.

    Every kind is written from the catalog, in English too (the English
    entries say what ``Piece.describe()`` says). A plain string (a name read
    back from an event's JSON) is shown as it is written: nothing parses it.
    A targets-mode token's source (``target left-3 on white asteroid #5``) is
    written in English in every language, as it always was (a French
    wording would change the French logs; issue 36 kept them byte-identical).
    """
    if isinstance(name, str):
        return name
    kind = name.kind
    if kind in ("asteroid", "gate", "drone"):
        if name.priority is None:  # a board nothing validated: shown as it always was
            return name.english()
        return tile_name(name.colour, kind, name.priority)
    if kind in _KINDS:
        return _(_KINDS[kind], id=name.id)
    if kind == ASTEROYD:
        return _("{team} asteroyd", team=colour_text(name.colour))
    if kind == BORDER:
        return _("the border")
    if kind == CRAFTS:
        return crafts_text(name.players)
    if kind == EACH_CRAFT:  # "the red1 craft and the white2 craft": each craft named, joined by "and"
        said = [crafts_text((p,)) for p in name.players]
        text = said[0] if said else ""
        for one in said[1:]:
            text = _("{items} and {last}", items=text, last=one)
        return text
    if kind == TEAM_TURRET:
        return _("the {team} turret {id}", team=colour_text(name.colour, "feminine"), id=name.id)
    if kind == TEAM_ASTEROYD:
        if name.home:
            return _("the {team} asteroyd (its home space)", team=colour_text(name.colour))
        return _("the {team} asteroyd", team=colour_text(name.colour))
    return name.english()  # TARGET_ON, and a kind this module does not know


def piece_text(piece: Piece) -> str:
    """A piece of the board by its name in the reader's language: ``white gate #24``, ``pod P1``."""
    return named_text(Named.piece(piece))


def names_said(names: Sequence[Named | str]) -> str:
    """Several names joined: ``white asteroid #2 and the red craft``."""
    return and_list([named_text(n) for n in names])


def phrase_said(phrase: Phrase | str) -> str:
    """A cause or a reason an event keeps (:class:`~asteroyds.named.Phrase`) in the reader's language.

    The template is a catalog entry and the thing it names is written by
    :func:`named_text`; a plain string (read back from JSON) is shown as it is.
    """
    if isinstance(phrase, str):
        return phrase
    if phrase.name is None:
        return _(phrase.template)
    return _(phrase.template, name=named_text(phrase.name))


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


def collision_text(player: str, cell: Cell, blocked_at: Cell | None, blocker: Named | str, then: str) -> str:
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
        blocker=named_text(blocker),
        cell=cell_text(blocked_at),
        then=then,
    )


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
    "named_text",
    "names_said",
    "phrase_said",
    "piece_text",
    "player_text",
    "side_text",
    "spaces_text",
    "team_text",
    "tile_name",
    "without_cells",
]
