"""Typed references to what events name: a piece, the border, crafts, a team's turret; and phrases.

Events keep facts, not sentences (issue 36): the thing a tile ran into is a
:class:`Named` (its kind and what tells it apart: a tile's colour and
priority, a fixed piece's id, the crafts' players), built where the engine
knows the piece (:meth:`Named.piece`, never from its English name). A cause
or a reason ("hitting the border", "the border is behind it") is a
:class:`Phrase`: a marked template (one of :data:`PHRASES`) and the thing it
names. :mod:`asteroyds.event_text` writes both in the reader's language
(``named_text``, ``phrase_said``), from the catalog, in every language.

The JSON of an event keeps the English form (:meth:`Named.english`, the
``Piece.describe()`` of old), so logs and golden files are unchanged. Nothing
reads that form back: :meth:`asteroyds.events.Event.from_dict` leaves it a
plain string, which the sentences show as it is written, and a reference
equals its English form (``Named.piece(p) == p.describe()``), so an event read
back from JSON equals the one the engine made. The engine never needs more:
saved games keep the moves and replay them, so their events are made again.

>>> Named.border().english(), Named.crafts(("red1", "white2")).english()
('the border', 'the red1 and white2 crafts')
>>> Phrase(HITTING, Named.team_turret("red", "TR1")).english()
'hitting the red turret TR1'
>>> Named.border() == "the border"
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .i18n import N_
from .pieces import ASTEROYD, MOVING_KINDS, Piece

# The kinds of a name that is no piece of the board (a piece's is its own: asteroid, pod, asteroyd …).
BORDER = "border"
CRAFTS = "crafts"  # "the red1 and white2 crafts": one phrase for all
EACH_CRAFT = "each_craft"  # "the red1 craft and the white2 craft" (capture mode's blockers)
TEAM_TURRET = "team_turret"  # "the red turret TR1" (capture mode: a turret by its team)
TEAM_ASTEROYD = "team_asteroyd"  # "the red asteroyd", "the red asteroyd (its home space)"
TARGET_ON = "target_on"  # "target left-3 on white asteroid #5": where a targets-mode token came from


class SaidInEnglish:
    """Equal to (and hashed as) its English form, so an event read back from JSON, which keeps that
    string, equals the event it was written from."""

    __slots__ = ()

    def english(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.english()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SaidInEnglish | str):
            return self.english() == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.english())


_BY_PIECE: dict[Piece, Named] = {}  # Named.piece's names, by piece


@dataclass(slots=True, eq=False)
class Named(SaidInEnglish):
    """A thing an event names, by kind: rendered by :func:`asteroyds.event_text.named_text`.

    ``colour`` is a tile's colour or a team's; ``priority`` a tile's; ``id`` a
    fixed piece's or a turret's; ``players`` the crafts'; ``on`` the tile a
    target is on; ``home``: a team's asteroyd stands on its home space.
    Equality is the English form's (and a plain string's, as JSON gives back).
    Read-only by convention, as events are (a frozen dataclass is several
    times slower to build, and the coach's search names a blocker per laser).
    """

    kind: str
    colour: str = ""
    priority: int | None = None
    id: str = ""
    players: tuple[str, ...] = ()
    home: bool = False
    on: Named | None = None

    @classmethod
    def piece(cls, piece: Piece) -> Named:
        """A piece of the board: a tile by colour and priority, a fixed piece by id, an asteroyd by team.

        The same piece gets the same (read-only) name: a round names a blocker at every collision,
        and making the name anew each time cost 3 % of a round.
        """
        found = _BY_PIECE.get(piece) if cls is Named else None
        if found is not None:
            return found
        # f"{…}": a colour a board left out reads "None", as describe() always wrote it.
        if piece.is_moving:
            name = cls(piece.kind, colour=f"{piece.colour}", priority=piece.priority)
        elif piece.kind == ASTEROYD:
            name = cls(ASTEROYD, colour=f"{piece.team}")
        else:
            name = cls(piece.kind, id=piece.id)
        if cls is Named:
            if len(_BY_PIECE) >= 4096:  # a long session's boards: never more than this kept
                _BY_PIECE.clear()
            _BY_PIECE[piece] = name
        return name

    @classmethod
    def border(cls) -> Named:
        return cls(BORDER)

    @classmethod
    def crafts(cls, players: Sequence[str]) -> Named:
        return cls(CRAFTS, players=tuple(players))

    @classmethod
    def each_craft(cls, players: Sequence[str]) -> Named:
        return cls(EACH_CRAFT, players=tuple(players))

    @classmethod
    def team_turret(cls, team: str, turret: str) -> Named:
        return cls(TEAM_TURRET, colour=team, id=turret)

    @classmethod
    def team_asteroyd(cls, team: str, home: bool = False) -> Named:
        return cls(TEAM_ASTEROYD, colour=team, home=home)

    @classmethod
    def target_on(cls, target: str, piece: Piece) -> Named:
        return cls(TARGET_ON, id=target, on=cls.piece(piece))

    def english(self) -> str:
        """The English form the JSON keeps (what ``Piece.describe()`` says of a piece)."""
        kind = self.kind
        if kind in MOVING_KINDS:
            return f"{self.colour} {kind} #{self.priority}"
        if kind == ASTEROYD:
            return f"{self.colour} asteroyd"
        if kind == BORDER:
            return "the border"
        if kind == CRAFTS:
            if len(self.players) == 1:
                return f"the {self.players[0]} craft"
            return "the " + ", ".join(self.players[:-1]) + f" and {self.players[-1]} crafts"
        if kind == EACH_CRAFT:
            return " and ".join(f"the {p} craft" for p in self.players)
        if kind == TEAM_TURRET:
            return f"the {self.colour} turret {self.id}"
        if kind == TEAM_ASTEROYD:
            return f"the {self.colour} asteroyd" + (" (its home space)" if self.home else "")
        if kind == TARGET_ON:
            return f"target {self.id} on {self.on}"
        return f"{kind} {self.id}"  # pod, platform, turret


# The marked templates of the phrases events keep (the catalog translates them; ``{name}`` is a Named).
BEING_HIT_BY = N_("being hit by {name}")  # a tile hits a craft (asteroid phase)
RAMMING = N_("ramming {name} to destroy it")
HITTING = N_("hitting {name}")  # a craft runs into something (flight)
BORDER_BEHIND = N_("the border is behind it")  # a blue tile cannot push …
IS_BEHIND = N_("{name} is behind it")
ARE_BEHIND = N_("{name} are behind it")  # capture: crafts, each named
CRAFTS_BEHIND = N_("{name} behind it")  # "the red and blue crafts behind it"
NO_CRAFT_DAMAGE = N_("crafts take no damage in capture mode")  # why a blue asteroid stops at crafts
PHRASES: tuple[str, ...] = (
    BEING_HIT_BY,
    RAMMING,
    HITTING,
    BORDER_BEHIND,
    IS_BEHIND,
    ARE_BEHIND,
    CRAFTS_BEHIND,
    NO_CRAFT_DAMAGE,
)


@dataclass(slots=True, eq=False)
class Phrase(SaidInEnglish):
    """A cause or a reason an event keeps: a template of :data:`PHRASES` and the thing it names.

    Rendered by :func:`asteroyds.event_text.phrase_said`; equal to its English
    form, as :class:`Named` is.
    """

    template: str
    name: Named | None = None

    def english(self) -> str:
        return self.template if self.name is None else self.template.format(name=self.name.english())


__all__ = [
    "ARE_BEHIND",
    "BEING_HIT_BY",
    "BORDER",
    "BORDER_BEHIND",
    "CRAFTS",
    "CRAFTS_BEHIND",
    "EACH_CRAFT",
    "HITTING",
    "IS_BEHIND",
    "NO_CRAFT_DAMAGE",
    "PHRASES",
    "RAMMING",
    "TARGET_ON",
    "TEAM_ASTEROYD",
    "TEAM_TURRET",
    "Named",
    "Phrase",
]
