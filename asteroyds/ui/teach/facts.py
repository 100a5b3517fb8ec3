"""The facts chapters 1 and 4 show in tables, worked out by the engine's own tables and rules.

Why not hand-written tables in the Markdown: the engine decides where a die
sends a tile (:func:`asteroyds.pieces.die_direction`) and what a setup holds;
tables built from them cannot drift from the rules. Every word is in the
reader's language (:mod:`asteroyds.event_text`).

>>> [row[1] for row in die_rows(0)]
['E', 'NW', 'SW', 'NE', 'SE', 'W']
>>> from asteroyds import setup
>>> dict(piece_counts(setup("racing", seed=1, players=["blue"])))["public pod"]
6
>>> program_table(Program.parse("F F R . . . S"))[1][1][1:4]
['forward', 'forward', 'right']
>>> [(on, off) for _what, on, off in collision_costs()]
[('1', '2'), ('3', '4'), ('0', '1')]
"""

from __future__ import annotations

from collections import Counter

from ...asteroids import resolve_asteroids
from ...damage import Decide, always, never
from ...dice import Dice
from ...event_text import colour_text, direction_text, player_text
from ...flight import fly
from ...i18n import _
from ...pieces import ASTEROID, GATE, PIPS_CLOCKWISE, PLATFORM, POD, Craft, Piece, die_direction
from ...program import COLUMNS, RED_COLUMN, TOKEN_NAMES, Program
from ...state import State

# The order a setup's pieces are counted in: the chapter's table of pieces, top to bottom.
KIND_ORDER: tuple[str, ...] = (ASTEROID, GATE, POD, PLATFORM)


def piece_label(piece: Piece) -> str:
    """A piece as a kind, without its number: ``white/red asteroid``, ``red gate``, ``public pod``."""
    if piece.kind == ASTEROID:
        return _("{colour} asteroid", colour=colour_text(piece.colour or ""))
    if piece.kind == GATE:
        return _("{colour} gate", colour=colour_text(piece.colour or "", "feminine"))
    if piece.kind == POD:
        return _("public pod")
    if piece.kind == PLATFORM:
        return _("platform")
    return piece.describe()


def piece_counts(state: State) -> list[tuple[str, int]]:
    """How many pieces of each kind and colour a board holds, and its crafts, in the chapter's order."""

    def order(p: Piece) -> tuple[int, int]:
        colours = ("red", "white", "blue", "white/red", "white/blue")
        kind = KIND_ORDER.index(p.kind) if p.kind in KIND_ORDER else len(KIND_ORDER)
        return kind, colours.index(p.colour) if p.colour in colours else len(colours)

    counts = Counter(piece_label(p) for p in sorted(state.pieces, key=order))
    rows = list(counts.items())  # a Counter keeps the order the labels first came in
    rows += [(_("{player} craft", player=player_text(c.player)), 1) for c in state.crafts_in_order()]
    return rows


def priority_rows(state: State, first: int = 5) -> list[tuple[str, str, str]]:
    """The ``first`` moving tiles by priority number: the number, the tile, where its "1" edge faces."""
    tiles = sorted(state.moving_tiles(), key=lambda p: p.priority or 0)[:first]
    return [(f"#{p.priority}", piece_label(p), direction_text(p.orientation or 0)) for p in tiles]


def die_rows(orientation: int) -> list[tuple[int, str]]:
    """For a tile whose "1" edge faces ``orientation``: each die value 1–6 and the way it sends the tile."""
    return [(die, direction_text(die_direction(orientation, die))) for die in sorted(PIPS_CLOCKWISE)]


def program_table(program: Program) -> tuple[list[str], list[list[str]], str]:
    """A program as chapter 2 writes it under the chart: the headings (the columns), the rows (each
    column's token and its action) and a caption that says whether the shield is up."""
    headers = [_("Column"), *(str(c) for c in COLUMNS[:-1]), _("red")]
    tokens = [_("token"), *(program.token(c) for c in COLUMNS)]
    actions = [_("action"), *(_(TOKEN_NAMES.get(program.token(c), program.token(c))) for c in COLUMNS)]
    if program.shielded:
        caption = _("{program}: the shield is up this round", program=program)
    else:
        caption = _(
            "{program}: the red column plays a 7th move ({action}), so the shield is off this round",
            program=program,
            action=_(TOKEN_NAMES.get(program.token(RED_COLUMN), program.token(RED_COLUMN))),
        )
    return headers, [tokens, actions], caption


def collision_costs() -> list[tuple[str, str, str]]:
    """What a collision costs a craft, shield on and off: each row played by the engine on a small
    field (fly into a pod; ram an asteroid and destroy it; be hit by an asteroid that moves), so the
    table chapter 4 shows cannot drift from the rules."""
    east = 0
    craft = Craft("blue", (6, 4), east)

    def field(piece: Piece) -> State:
        return State(mode="racing", pieces=(piece,), crafts=(craft,), player_order=("blue",))

    def flown(piece: Piece, shield: bool, decide: Decide = never) -> str:
        program = "F . . . . . " + ("S" if shield else "F")  # the red column: Shield, or a 7th move
        after, _events = fly(field(piece), {"blue": program}, decide=decide)
        return str(after.craft("blue").damage)

    def hit(shield: bool) -> str:
        rock = Piece("W1", ASTEROID, (6, 3), "white", east, 1)  # a white die of 1 moves it onto the craft
        after, _events = resolve_asteroids(field(rock), Dice(1, 1, 1), shields={"blue": shield})
        return str(after.craft("blue").damage)

    pod, rock = Piece("P1", POD, (6, 5)), Piece("R1", ASTEROID, (6, 5), "red", east, 1)
    return [
        (_("hits an asteroid, a pod, a platform or the border"), flown(pod, True), flown(pod, False)),
        (
            _("destroys the asteroid it hits (once per game)"),
            flown(rock, True, always),
            flown(rock, False, always),
        ),
        (_("is hit by an asteroid that moves"), hit(True), hit(False)),
    ]


__all__ = [
    "KIND_ORDER",
    "collision_costs",
    "die_rows",
    "piece_counts",
    "piece_label",
    "priority_rows",
    "program_table",
]
