"""The scenario editor's edits: each one a function from a board to the next board, or a refusal.

An edit proposes a :class:`~asteroyds.ui.editor.tools.Change` (the new board,
the sentence that says what happened, what is selected afterwards) or raises
:class:`~asteroyds.ui.editor.tools.Refused` with the one sentence that says why
not ("(6, 7) already holds red asteroid #1"). They are pure functions of the
board so that each can be read, and tested, without a controller; the
:class:`~asteroyds.ui.editor.controller.EditorController` validates a change
with the engine (:meth:`State.validate` and the mode's own checks), records it
in its history and tells its observers. Targeted edits take a resolved
selection (``found``): :meth:`EditorSelection.resolve
<asteroyds.ui.editor.selection.EditorSelection.resolve>` turns a cell, an id or
"the selection" into one.

>>> from asteroyds.ui.editor.tools import empty_state
>>> change = add_piece(empty_state(), "pod", (6, 6))
>>> change.message, change.select
('Added pod P1 at (6, 6)', ('piece', 'P1'))
>>> rotate(change.state, ("piece", "P1"), 1)
Traceback (most recent call last):
...
asteroyds.ui.editor.tools.Refused: Pod P1 has no orientation: nothing to rotate
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from ...checks import piece_problem
from ...errors import AsteroydsError
from ...event_text import colour_text, direction_text, piece_text, player_text, side_text, target_text
from ...hexgrid import Cell
from ...i18n import _
from ...modes import mode_named, mode_text, modes
from ...modes.targets import SIDES
from ...pieces import ASTEROYD, MAX_DAMAGE, PILOTS, PLATFORM, PLAYER_COLOURS, TURRET, Craft
from ...state import State
from ..modes import views_for
from . import lookups
from .lookups import piece_name
from .placement import craft_problem, free_craft_name, new_piece, space_problem
from .targets import free_number, target_name, target_problem, team_of, with_targets_teams
from .tools import (
    CAPTURE_TEAMS,
    PIECE_TOOLS,
    Change,
    Refused,
    Selection,
    a_kind,
    as_cell,
    as_orientation,
    cap,
    parse_tokens,
)


# --- pieces and crafts on the board ------------------------------------------------------
def add_piece(
    state: State,
    kind: str,
    cell: Sequence[int],
    *,
    colour: str | None = None,
    symbol: str | None = None,
    orientation: int | str = 0,
    priority: int | None = None,
    team: str | None = None,
) -> Change:
    """Add an asteroid, gate, pod, platform, turret, drone or (capture) asteroyd.

    Capture mode: a platform, turret or asteroyd belongs to ``team``
    (red, white or blue); without one the edit is refused and asks for it.
    What capture never holds (a gate, a red asteroid...) is refused with the
    engine's reason (the mode's piece checks, :func:`asteroyds.checks.piece_problem`:
    capture's :func:`~asteroyds.modes.capture.boards.piece_problem`).
    """
    cell = as_cell(cell)
    s = state
    if kind not in PIECE_TOOLS:
        raise Refused(
            _(
                "cannot add a {kind!r} (expected one of {choices})",
                kind=kind,
                choices=", ".join(PIECE_TOOLS),
            )
        )
    team_kinds = views_for(s.mode).team_kinds
    if kind == ASTEROYD and ASTEROYD not in team_kinds:
        raise Refused(
            _(
                "an asteroyd is a Capture the Asteroyd piece: this board is {mode}, "
                "set the mode to capture first",
                mode=mode_text(s.mode),
            )
        )
    if kind in team_kinds and team not in CAPTURE_TEAMS:
        raise Refused(
            _(
                "in capture mode {a_kind} belongs to a team: choose {choices} or "
                "{CAPTURE_TEAMS} (Team), got {team!r}",
                a_kind=a_kind(kind),
                choices=", ".join(CAPTURE_TEAMS[:-1]),
                CAPTURE_TEAMS=CAPTURE_TEAMS[-1],
                team=team,
            )
        )
    problem = space_problem(s, kind, cell)
    if problem:
        raise Refused(problem)
    facing = as_orientation(orientation)
    piece = new_piece(
        s, kind, cell, colour=colour, symbol=symbol, orientation=facing, priority=priority, team=team
    )
    problem = piece_problem(s, piece)  # what a board of this mode may never hold (capture's)
    if problem:
        raise Refused(cap(problem))
    added = _("Added {piece_name} at {cell}", piece_name=piece_name(s, piece), cell=cell)
    return Change(s.with_pieces((*s.pieces, piece)), added, ("piece", piece.id))


def add_craft(
    state: State,
    player: str,
    cell: Sequence[int],
    *,
    facing: int | str = 0,
    pilot: str | None = None,
    team: str | None = None,
) -> Change:
    """Put a player's craft on the board (one per player).

    Capture mode: crafts belong to teams and are named by the engine
    (``red1``, ``red2``...): ``player`` is a team (its next craft) or a
    craft's name with its ``team``.
    """
    cell = as_cell(cell)
    team_board = lookups.team_board(state)
    if team_board:
        if player in CAPTURE_TEAMS and team is None:
            player, team = free_craft_name(state, player), player
        if team not in CAPTURE_TEAMS:
            raise Refused(
                _(
                    "in capture mode a craft belongs to a team: give its team ({choices})",
                    choices=", ".join(CAPTURE_TEAMS),
                )
            )
    elif player not in PLAYER_COLOURS:
        raise Refused(
            _(
                "no player colour {player!r} (expected one of {choices})",
                player=player,
                choices=", ".join(PLAYER_COLOURS),
            )
        )
    existing = lookups.craft(state, player)
    if existing is not None:
        raise Refused(
            _(
                "the {player} craft is already on the board at {cell}: move it",
                player=player_text(player),
                cell=existing.cell,
            )
        )
    problem = craft_problem(state, cell)
    if problem:
        raise Refused(problem)
    if mode_named(state.mode).shoots_targets:
        team = team_of(player)  # its side (targets mode)
    elif not team_board:
        team = None
    craft = Craft(player, cell, as_orientation(facing), pilot=pilot or None, team=team)
    s = state.replace(crafts=(*state.crafts, craft), player_order=(*state.player_order, player))
    of_team = _(" ({team} team)", team=colour_text(team or "", "feminine")) if team_board else ""
    return Change(
        s,
        _(
            "Added the {player} craft{of_team} at {cell}",
            player=player_text(player),
            of_team=of_team,
            cell=cell,
        ),
        ("craft", player),
    )


def rotate(state: State, found: Selection, turns: int = 1) -> Change:
    """Turn a tile, turret or platform (its "1" edge) or a craft: +1 clockwise, -1 anticlockwise."""
    kind, key = found
    if kind == "craft":
        craft = state.craft(key)
        facing = (craft.facing + turns) % 6
        return Change(
            state.update_crafts({key: replace(craft, facing=facing)}),
            _(
                "The {key} craft now faces {direction_name}",
                key=player_text(key),
                direction_name=direction_text(facing),
            ),
            found,
        )
    p = state.piece(key)
    if not (p.is_moving or p.kind in (TURRET, PLATFORM)):
        raise Refused(_("{cap} has no orientation: nothing to rotate", cap=cap(piece_name(state, p))))
    orientation = ((p.orientation or 0) + turns) % 6
    turned = state.update_pieces({key: p._replace(orientation=orientation)})
    name, facing_name = cap(piece_name(state, p)), direction_text(orientation)
    if p.kind == PLATFORM:
        message = _("{piece} faces {direction}", piece=name, direction=facing_name)
    else:
        message = _("{piece} now has its “1” edge facing {direction}", piece=name, direction=facing_name)
    waiting = lookups.waiting_on(state, p)
    if waiting:  # capture: the crafts waiting on their platform start facing its direction
        turned = turned.update_crafts({c.player: replace(c, facing=(c.facing + turns) % 6) for c in waiting})
        message += f" (with {lookups.names(waiting)})"
    return Change(turned, message, found)


def remove(state: State, found: Selection) -> Change:
    """Take a piece or a craft off the board."""
    kind, key = found
    s = state
    if kind == "craft":
        cell = s.craft(key).cell
        message = _("Removed the {key} craft from {cell}", key=player_text(key), cell=cell)
        carried = lookups.carried_by(state, key)
        if carried is not None:  # capture: what it carried drops where it was
            s = s.update_pieces({carried.id: carried._replace(carrier=None)})
            message += _("; the {team} asteroyd it carried stays there", team=colour_text(carried.team or ""))
        s = s.replace(
            crafts=tuple(c for c in s.crafts if c.player != key),
            player_order=tuple(p for p in s.player_order if p != key),
        )
        return Change(s, message, None)
    p = s.piece(key)
    return Change(
        s.update_pieces({}, removed=[key]),
        _("Removed {piece_name} from {cell}", piece_name=piece_name(state, p), cell=p.cell),
        None,
    )


def set_priority(state: State, found: Selection, priority: int) -> Change:
    """Give a moving tile a priority number; the tile that had it takes the old one (a swap)."""
    if found[0] == "craft":
        raise Refused(_("a craft has no priority number (only asteroids, gates and drones do)"))
    p = state.piece(found[1])
    if not p.is_moving:
        raise Refused(
            _(
                "{cap} has no priority number (only asteroids, gates and drones do)",
                cap=cap(piece_text(p)),
            )
        )
    if isinstance(priority, bool) or not isinstance(priority, int) or priority < 1:
        raise Refused(_("a priority number is a whole number from 1, got {priority!r}", priority=priority))
    if priority == p.priority:  # said, but no change: no step to undo
        return Change(
            None,
            _("{cap} already has priority {priority}", cap=cap(piece_text(p)), priority=priority),
            found,
        )
    other = next((q for q in state.pieces if q.is_moving and q.priority == priority), None)
    changed = {p.id: p._replace(priority=priority)}
    message = _("{cap} is now #{priority}", cap=cap(piece_text(p)), priority=priority)
    if other is not None:
        changed[other.id] = other._replace(priority=p.priority)
        message = _(
            "{message}; {other} took #{priority}",
            message=message,
            other=piece_text(other),
            priority=p.priority,
        )
    return Change(state.update_pieces(changed), message, found)


def move(state: State, found: Selection, cell: Sequence[int]) -> Change:
    """Move a piece or a craft to another cell."""
    cell = as_cell(cell)
    kind, key = found
    s = state
    if kind == "craft":
        problem = craft_problem(state, cell)
        if problem:
            raise Refused(problem)
        craft = s.craft(key)
        s = s.update_crafts({key: replace(craft, cell=cell)})
        message = _("Moved the {key} craft to {cell}", key=player_text(key), cell=cell)
        carried = lookups.carried_by(state, key)
        if carried is not None:  # capture: the asteroyd it carries goes with it
            s = s.update_pieces({carried.id: carried._replace(cell=cell)})
            message += _(" with the {team} asteroyd it carries", team=colour_text(carried.team or ""))
        return Change(s, message, found)
    p = s.piece(key)
    if p.kind == ASTEROYD and p.carrier is not None:
        raise Refused(
            _(
                "the {team} asteroyd is carried by the {carrier} craft: move the craft",
                team=colour_text(p.team or ""),
                carrier=player_text(p.carrier),
            )
        )
    problem = space_problem(s, p.kind, cell, ignore=p.id)
    if problem:
        raise Refused(problem)
    moved = p._replace(cell=cell)
    message = _("Moved {piece_name} to {cell}", piece_name=piece_name(state, p), cell=cell)
    if p.kind == ASTEROYD and p.cell == p.home:  # the layout: its home goes with it
        moved = moved._replace(home=cell)
    elif p.kind == ASTEROYD:
        message += _(" (its home stays at {home})", home=p.home)
    s = s.update_pieces({key: moved})
    waiting = lookups.waiting_on(state, p)
    if waiting:  # capture: a team's crafts wait on their platform, and go where it goes
        s = s.update_crafts({c.player: replace(c, cell=cell) for c in waiting})
        message += f" with {lookups.names(waiting)}"
    return Change(s, message, found)


# --- a craft's damage, pilot and tokens ------------------------------------------------------
def set_damage(state: State, player: str, damage: int) -> Change:
    """A craft's damage, 0..5 (6 would destroy it: remove the craft instead)."""
    if isinstance(damage, bool) or not isinstance(damage, int) or not 0 <= damage < MAX_DAMAGE:
        raise Refused(
            _(
                "damage is 0..{value} ({MAX_DAMAGE} destroys the craft), got {damage!r}",
                value=MAX_DAMAGE - 1,
                MAX_DAMAGE=MAX_DAMAGE,
                damage=damage,
            )
        )
    return edit_craft(
        state,
        player,
        _("The {player} craft has {damage} damage", player=player_text(player), damage=damage),
        damage=damage,
    )


def set_pilot(state: State, player: str, pilot: str | None) -> Change:
    """A craft's pilot (advanced rules), or none; the power is unused again."""
    if pilot and pilot not in PILOTS:
        raise Refused(
            _("no pilot {pilot!r} (expected one of {choices})", pilot=pilot, choices=", ".join(PILOTS))
        )
    message = _("The {player} craft's pilot: {value}", player=player_text(player), value=pilot or _("none"))
    return edit_craft(state, player, message, pilot=pilot or None, power_used=False)


def set_tokens(state: State, player: str, tokens: str | Iterable[str]) -> Change:
    """The gate tokens a craft holds (``"A B"``)."""
    held = parse_tokens(tokens)
    return edit_craft(
        state,
        player,
        _(
            "The {player} craft holds {value}",
            player=player_text(player),
            value=" ".join(held) or _("no token"),
        ),
        tokens=held,
    )


def edit_craft(state: State, player: str, message: str, **changes: Any) -> Change:
    """Change the fields of ``player``'s craft (refused if it is not on the board)."""
    craft = lookups.craft(state, player)
    if craft is None:
        raise Refused(_("no {player} craft on the board", player=player_text(player)))
    return Change(state.update_crafts({player: replace(craft, **changes)}), message, ("craft", player))


# --- targets (targets mode, docs/rules.md#7-shooting) -------------------------------------------------------
def add_target(state: State, found: Selection, team: str = "left", number: int | None = None) -> Change:
    """Targets mode: put target ``number`` of ``team``'s set on a white-bearing asteroid.

    ``number`` None takes the set's next free number. The checks are
    :func:`~asteroyds.modes.targets.target_problem`'s (docs/rules.md#7-shooting).
    """
    if found[0] == "craft":
        raise Refused(
            _("the {found} craft cannot carry a target: only an asteroid does", found=player_text(found[1]))
        )
    piece = state.piece(found[1])
    if number is None and team in SIDES:
        number = free_number(state, team)
    problem = target_problem(state, piece, team, number)
    if problem:
        raise Refused(problem)
    assert number is not None  # target_problem checked it
    name = target_name(team, number)
    marked = piece._replace(target=name, team=team)
    message = _(
        "Put target {name} on {piece} at {cell}",
        name=target_text(name),
        piece=piece_text(piece),
        cell=piece.cell,
    )
    return Change(state.update_pieces({piece.id: marked}), message, found)


def remove_target(state: State, found: Selection) -> Change:
    """Take the target off an asteroid (the asteroid stays)."""
    piece = state.piece(found[1]) if found[0] == "piece" else None
    if piece is None or piece.target is None:
        raise Refused(_("{cap} carries no target", cap=cap(lookups.name(state, found))))
    bare = piece._replace(target=None, team=None)
    message = _(
        "Took target {target} off {piece} at {cell}",
        target=target_text(piece.target),
        piece=piece_text(piece),
        cell=piece.cell,
    )
    return Change(state.update_pieces({piece.id: bare}), message, found)


def toggle_target(state: State, cell: Cell, team: str, number: int | None) -> Change:
    """The Target tool: a click puts a target on the asteroid, or takes its target off."""
    top = lookups.top(state, cell)
    if top is None:
        raise Refused(_("{cell} is empty: a target goes on a white-bearing asteroid", cell=cell))
    if top[0] == "piece" and state.piece(top[1]).target is not None:
        return remove_target(state, top)
    return add_target(state, top, team, number)


# --- the board's mode and variants --------------------------------------------------------
def set_mode(state: State, mode: str, selected: Selection | None) -> Change:
    """Play this board in another mode; in targets mode every craft joins its colour's side."""
    if mode not in modes():
        raise Refused(
            _("no mode {mode!r} (expected one of {choices})", mode=mode, choices=", ".join(modes()))
        )
    changed = state.replace(mode=mode)
    title = _(mode_named(mode).short_title or mode_named(mode).title)
    message = _("Mode: {mode}", mode=title)
    if mode_named(mode).shoots_targets:
        changed = with_targets_teams(changed)
        teams = [
            _("{player} {side}", player=player_text(c.player), side=side_text(c.team or ""))
            for c in changed.crafts_in_order()
        ]
        if teams:
            message = _("Mode: {mode} (teams: {teams})", mode=title, teams=", ".join(teams))
    return Change(changed, message, selected)


def set_rule(state: State, name: str, value: object, selected: Selection | None) -> Change:
    """Turn a variant on or off (docs/rules.md#10-variants-and-rule-settings), e.g. ``return_to_platform``."""
    try:
        rules = state.rules.with_changes(**{name: value})
    except (TypeError, AsteroydsError) as exc:
        raise Refused(_("rule {name!r}: {problem}", name=name, problem=exc)) from exc
    return Change(state.replace(rules=rules), _("Rule {name}: {value}", name=name, value=value), selected)


__all__ = [
    "add_craft",
    "add_piece",
    "add_target",
    "edit_craft",
    "move",
    "remove",
    "remove_target",
    "rotate",
    "set_damage",
    "set_mode",
    "set_pilot",
    "set_priority",
    "set_rule",
    "set_tokens",
    "toggle_target",
]
