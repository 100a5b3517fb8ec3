"""A wrong answer diagnosed: which misreading of the rules sends the piece to the space clicked.

A learner who clicks the wrong space has usually read one rule wrongly, and
saying which one teaches more than "not there". Nothing here is guessed: each
hypothesis *replays* the move with the engine under one misreading (another
die, another distance, another edge, the push forgotten, another priority
order, the blocker ignored, red's stop read as void, a later phase forgotten)
and names it only when that replay ends on the clicked space. The hypotheses
are tried in a fixed order (:data:`HYPOTHESES`), so a click always gets the
same diagnosis; when none explains it, :func:`diagnose` says so (None) and a
page says plainly that the piece does not end there, without inventing a reason.

The rules are the engine's (:func:`~asteroyds.asteroids.resolve_asteroids`,
docs/rules.md#4-moving-the-asteroids); the misreadings are those a learner
makes at a table, which is why this sits with the drills, above the rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace

from ..asteroids import STEPS, resolve_asteroids
from ..damage import never
from ..dice import Dice
from ..event_text import capitalised, colour_text, heading_text, named_text, piece_text, spaces_text
from ..events import CraftCollided, Event, TileBlocked, TileMoved, TilePushed
from ..hexgrid import Cell
from ..i18n import _
from ..pieces import DIE_COLOURS, DIE_OFFSET, MOVED_BY, RED, Piece, die_direction
from ..preview import planned_path
from ..state import State
from .goal import fly_round, meets_goal

# The misreadings, in the order they are tried (the first whose replay ends on the click is named).
PUSH, LATER_PHASE, PRIORITY, VOID, BLOCKER, COLOUR, DISTANCE, FACING, STILL = (
    "push",
    "later_phase",
    "priority",
    "void",
    "blocker",
    "colour",
    "distance",
    "facing",
    "still",
)
HYPOTHESES: tuple[str, ...] = (PUSH, LATER_PHASE, PRIORITY, VOID, BLOCKER, COLOUR, DISTANCE, FACING, STILL)


@dataclass(frozen=True)
class Mistake:
    """The misreading that explains a click: its ``key`` (one of :data:`HYPOTHESES`) and a sentence."""

    key: str
    message: str


def _name(state: State, pid: str) -> str:
    return piece_text(state.piece(pid))


def _end(state: State, dice: Dice, pid: str) -> Cell | None:
    """Where ``pid`` stands after the engine's asteroid phase of ``dice`` on ``state``."""
    after, _events = resolve_asteroids(state, dice, decide=never)
    return after.piece(pid).cell if after.has_piece(pid) else None


def _walk(state: State, piece: Piece, direction: int, steps: int) -> Cell:
    """Where ``piece`` gets going ``steps`` spaces ``direction`` on the board as it stands, stopping
    on the last free space (the border and every piece or craft block it)."""
    taken = {p.cell for p in state.pieces if p.id != piece.id} | {
        c.cell for c in state.crafts if c.cell is not None
    }
    cell = piece.cell
    for _step in range(steps):
        nxt = state.board.step(cell, direction)
        if nxt is None or nxt in taken:
            break
        cell = nxt
    return cell


Candidate = tuple[str, "Cell | None", str]


def _candidates(state: State, dice: Dice, pid: str, events: list[Event]) -> Iterator[Candidate]:
    """Each misreading's end for ``pid``, in :data:`HYPOTHESES` order, with its sentence."""
    piece = state.piece(pid)
    name = _name(state, pid)
    mine = [e for e in events if isinstance(e, (TileMoved, TileBlocked)) and e.piece == pid]
    pushes = [e for e in events if isinstance(e, TilePushed) and pid in (e.pusher, e.piece)]

    # 1. The push forgotten: where it stood before it was pushed; a pusher that "could not move".
    for push in pushes:
        if push.piece == pid:
            yield (
                PUSH,
                push.start,
                _(
                    "You forgot the push: {pusher} moves into {piece}'s space and pushes it one space "
                    "further {heading} (the space behind was free).",
                    pusher=named_text(push.pusher_name),
                    piece=name,
                    heading=heading_text(push.direction),
                ),
            )
        else:
            moved = next((m for m in mine if m.phase == "blue"), None)
            yield (
                PUSH,
                None if moved is None else moved.start,
                _(
                    "A blue tile is not stopped by a tile in its way: it moves into that space and pushes "
                    "{pushed} one space further {heading}, when the space behind is free.",
                    pushed=named_text(push.piece_name),
                    heading=heading_text(push.direction),
                ),
            )

    # 2. A later phase forgotten: where it stood after an earlier colour phase that moved it.
    for i, step in enumerate(mine[:-1]):
        later = next((m for m in mine[i + 1 :] if m.phase != step.phase and m.end != step.end), None)
        if later is not None:
            yield (
                LATER_PHASE,
                step.end,
                _(
                    "You stopped too early: {piece} is moved again in the {colour} phase (a two-colour "
                    "asteroid moves in both its colours' phases).",
                    piece=name,
                    colour=colour_text(later.phase, "feminine"),
                ),
            )

    # 3. Another priority order: swap its priority with each tile moving in the same phase.
    colours = MOVED_BY.get(piece.colour or "", ())
    for other in state.moving_tiles():
        if other.id == pid or other.priority is None or piece.priority is None:
            continue
        if not any(other.moved_by(c) for c in colours):
            continue
        swapped = state.update_pieces(
            {pid: piece._replace(priority=other.priority), other.id: other._replace(priority=piece.priority)}
        )
        first, then = (piece, other) if piece.priority < other.priority else (other, piece)
        yield (
            PRIORITY,
            _end(swapped, dice, pid),
            _(
                "Mind the priority: in one colour phase the smaller number moves first and finishes its "
                "move, so {first} moves before {then}.",
                first=_name(state, first.id),
                then=_name(state, then.id),
            ),
        )

    # 4. Stopped read as void, and void read as stopped.
    for blocked in [m for m in mine if isinstance(m, TileBlocked)]:
        if blocked.outcome == "stopped" and blocked.steps >= 1:
            yield (
                VOID,
                blocked.start,
                _(
                    "A red tile blocked on its way is stopped, not void: it keeps the spaces it already "
                    "moved and stops on the last free one."
                ),
            )
        if blocked.outcome == "void" and blocked.blocked_at is not None:
            yield (
                VOID,
                blocked.blocked_at,
                _(
                    "Its space ahead is taken by {blocker}: a white or blue tile blocked there does not "
                    "move at all (its move is void).",
                    blocker=named_text(blocked.blocker_name),
                ),
            )

    # 5. The blocker ignored: the same phase with what blocked it taken off the board.
    for blocked in [m for m in mine if isinstance(m, TileBlocked)]:
        if blocked.reason == "craft":
            players = [p.strip() for p in (blocked.blocker or "").split(",") if p.strip()]
            cleared = state.update_crafts({p: replace(state.craft(p), cell=None) for p in players})
            why = _(
                "A craft is in its way: an asteroid never enters a craft's space, it stays on its last "
                "free space and hits the craft."
            )
        elif blocked.reason == "push_refused" and blocked.blocker:
            cleared = state.update_pieces({}, removed=[blocked.blocker])
            why = _(
                "The space behind {blocker} is not free, so the push is refused and the blue tile does "
                "not move.",
                blocker=named_text(blocked.blocker_name),
            )
        elif blocked.blocker and state.has_piece(blocked.blocker):
            cleared = state.update_pieces({}, removed=[blocked.blocker])
            why = _(
                "{blocker} is in its way and blocks it.",
                blocker=capitalised(named_text(blocked.blocker_name)),
            )
        else:
            continue
        yield BLOCKER, _end(cleared, dice, pid), why

    single = piece.colour in (RED, "white", "blue")
    own = piece.colour if single else None
    orientation = piece.orientation or 0

    # 6. Another die read: each other colour's value in place of its own.
    for colour in colours:
        for other_colour in DIE_COLOURS:
            value = dice.value(other_colour)
            if other_colour == colour or value == dice.value(colour):
                continue
            misread = Dice.of([value if c == colour else dice.value(c) for c in DIE_COLOURS])
            yield (
                COLOUR,
                _end(state, misread, pid),
                _(
                    "You read the {other} die ({value}): {piece} is moved by the {colour} die, which "
                    "shows {die}.",
                    other=colour_text(other_colour),
                    value=value,
                    piece=name,
                    colour=colour_text(colour),
                    die=dice.value(colour),
                ),
            )
    if own is None:
        return
    die = dice.value(own)
    direction = die_direction(orientation, die)

    # 7. Another distance: a red tile moves 2 spaces, a white or blue one 1.
    wrong_steps = 1 if STEPS[own] == 2 else 2
    yield (
        DISTANCE,
        _walk(state, piece, direction, wrong_steps),
        _(
            "Right way, wrong distance: a {colour} tile moves {steps}.",
            colour=colour_text(own, "feminine"),
            steps=spaces_text(STEPS[own]),
        ),
    )

    # 8. Another edge read: the die's number looked for on the wrong edge (anticlockwise first).
    mirrored = (orientation - DIE_OFFSET[die]) % 6
    headings = [mirrored] + [h for h in range(6) if h not in (direction, mirrored)]
    for heading in headings:
        if heading == direction:
            continue
        yield (
            FACING,
            _walk(state, piece, heading, STEPS[own]),
            _(
                "Wrong edge: the edge printed {die} faces {right}, not {wrong}; from the '1' edge the "
                "numbers go clockwise 1, 5, 3, 6, 2, 4.",
                die=die,
                right=heading_text(direction),
                wrong=heading_text(heading),
            ),
        )

    # 9. Not moved at all (the space ahead read as taken).
    yield (
        STILL,
        piece.cell,
        _(
            "{piece} does move: the {colour} die shows {die}, and the edge printed {die} faces {heading}.",
            piece=capitalised(name),
            colour=colour_text(own),
            die=die,
            heading=heading_text(direction),
        ),
    )


def diagnose(state: State, dice: Dice | tuple[int, int, int], piece_id: str, clicked: Cell) -> Mistake | None:
    """The first misreading (in :data:`HYPOTHESES` order) whose replay ends ``piece_id`` on ``clicked``.

    None when the click is right or when no single misreading explains it.
    """
    dice = Dice.of(dice)
    clicked = (int(clicked[0]), int(clicked[1]))
    after, events = resolve_asteroids(state, dice, decide=never)
    right = after.piece(piece_id).cell if after.has_piece(piece_id) else None
    if clicked == right:
        return None
    for key, cell, message in _candidates(state, dice, piece_id, events):
        if cell is not None and tuple(cell) == clicked:
            return Mistake(key, message)
    return None


def wrong_click_text(state: State, dice: Dice | tuple[int, int, int], piece_id: str, clicked: Cell) -> str:
    """The sentence a page shows for a wrong click: the mistake diagnosed, or plainly "not there"."""
    mistake = diagnose(state, dice, piece_id, clicked)
    if mistake is not None:
        return mistake.message
    return _(
        "{piece} does not end on that space, and no single misreading of the dice sends it there.",
        piece=capitalised(_name(state, piece_id)),
    )


@dataclass(frozen=True)
class PlanMistake:
    """Why a level-5 program misses its goal: a ``key``, a sentence, and the space to mark (the
    collision, or where the craft ends), None when the board has nothing to point at."""

    key: str
    message: str
    cell: Cell | None


BEFORE_DICE, HIT, NO_GATE = "before_dice", "hit", "no_gate"


def diagnose_plan(
    state: State, dice: Dice | tuple[int, int, int], player: str, program: str
) -> PlanMistake | None:
    """Why ``program`` (a legal chart) misses the plan goal in the engine's round, None if it meets it.

    The usual mistake is planning for the board as it stands: the program is also flown alone on the
    board before the dice (:func:`~asteroyds.preview.planned_path`); when it takes a new token with no
    damage there but not in the round, the dice are what the plan forgot.
    """
    dice = Dice.of(dice)
    after, events = fly_round(state, dice, player, program)
    if meets_goal(state, after, player, program):
        return None
    craft = state.craft(player)
    hits = [e for e in events if isinstance(e, CraftCollided) and e.player == player]
    mark = (hits[0].blocked_at or hits[0].cell) if hits else after.craft(player).cell
    before = planned_path(state, player, program)
    worked = not before.damage - craft.damage and set(before.tokens) - set(craft.tokens)
    if worked:
        blocker = named_text(hits[0].blocker_name) if hits else ""
        if hits and hits[0].blocker:
            said = _(
                "Your plan works on the board as it stands, but the asteroids move first: after the dice "
                "{blocker} is in the way (marked).",
                blocker=blocker,
            )
        else:
            said = _(
                "Your plan works on the board as it stands, but the asteroids move first: after the dice "
                "the gate is no longer where the craft goes (the craft's end is marked)."
            )
        return PlanMistake(BEFORE_DICE, said, mark)
    if hits:
        return PlanMistake(
            HIT,
            _("The craft runs into {blocker} (marked).", blocker=named_text(hits[0].blocker_name)),
            mark,
        )
    return PlanMistake(
        NO_GATE,
        _("The craft ends on the marked space without sharing a space with a gate whose token it lacks."),
        mark,
    )


__all__ = ["HYPOTHESES", "Mistake", "PlanMistake", "diagnose", "diagnose_plan", "wrong_click_text"]
