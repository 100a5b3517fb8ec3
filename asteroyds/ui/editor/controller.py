"""The scenario editor's logic: a board being edited, one validated change at a time.

:class:`EditorController` is plain Python (no widget): it holds a
:class:`~asteroyds.state.State`; every change builds a new state and
validates it (:meth:`State.validate`), so a refused change leaves the board as
it was and says why in one sentence ("(6, 7) already holds red asteroid #1").
Every change can be undone. Nothing here decides a rule: the preview runs the
engine's :func:`~asteroyds.asteroids.resolve_asteroids`, and targets (targets
mode) are checked by the engine's :func:`asteroyds.modes.targets.target_problem`
(RULES §7) before :meth:`State.validate` checks the whole board. The widget
is :class:`asteroyds.ui.editor_view.ScenarioEditor`.

>>> editor = EditorController(empty_state("targets"))
>>> editor.add("asteroid", (6, 6), colour="white/red").message
'Added white/red asteroid #1 at (6, 6)'
>>> editor.select_tool("target", team="right")
Tool(name='target', colour=None, symbol=None, orientation=0, priority=None, team='right', number=None)
>>> editor.click((6, 6)).message
'Put target right-1 on white/red asteroid #1 at (6, 6)'
>>> editor.click((6, 6)).message  # a second click takes it off
'Took target right-1 off white/red asteroid #1 at (6, 6)'

Capture mode (RULES §11: "teams may rearrange pods and turrets"): the
shipped layouts load as the setups ``capture`` and ``capture-3teams``; a new
platform, turret, asteroyd or craft belongs to the tool's team; a turret
keeps its team when it is moved or turned; a platform takes its team's
crafts waiting on it along (they start there, facing its direction); an
asteroyd at home takes its home along. Every change is checked by
:meth:`State.validate` and the mode's own checks of a piece
(:func:`asteroyds.modes.check_pieces`: capture's, :func:`asteroyds.modes.capture.boards.piece_problem`);
:meth:`play_problems` says whether the board can start a game yet (the mode's
``problems``). The preview plays the engine's capture turn with every chart
empty: only the turrets fire. The editor never asks which mode a board is: it
asks the mode which pieces belong to a team (:attr:`Mode.team_kinds
<asteroyds.modes.Mode.team_kinds>`).

>>> capture = EditorController()
>>> capture.load_setup("capture").message
'The capture layout: 2 teams (red, white), 2 crafts each'
>>> capture.rotate("TR1").message
'Red turret TR1 now has its “1” edge facing W'
>>> capture.select_tool("turret", team="white", orientation="W")
Tool(name='turret', colour=None, symbol=None, orientation=3, priority=None, team='white', number=None)
>>> capture.click((6, 11)).message
'Added white turret TW3 at (6, 11)'
>>> capture.add("gate", (2, 7)).message
'Red gate #1: a gate has no part in capture mode (RULES §11: asteroyds, platforms, ...)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from ...dice import Dice
from ...errors import AsteroydsError
from ...event_text import direction_text, player_text, team_text
from ...hexgrid import Cell
from ...i18n import _
from ...modes import mode_named, modes
from ...modes.targets import SIDES
from ...pieces import ASTEROYD, MAX_DAMAGE, PILOTS, PLATFORM, PLAYER_COLOURS, TURRET, Craft
from ...state import State
from ..observers import Observable
from .board_files import EditorFiles
from .placement import craft_problem, free_craft_name, free_player, new_piece, space_problem
from .targets import (
    free_number,
    target_name,
    target_problem,
    team_of,
    with_targets_teams,
)
from .tools import (
    CAPTURE_TEAMS,
    PIECE_TOOLS,
    SYMBOLS,
    TARGET_TOOL,
    TEAM_TOOLS,
    TOOL_COLOURS,
    TOOL_OPTIONS,
    TOOLS,
    EditResult,
    Selection,
    Tool,
    article,
    as_cell,
    as_orientation,
    cap,
    empty_state,
    is_whole,
    parse_tokens,
)

Observer = Callable[["EditorController"], object]


class EditorController(EditorFiles, Observable["EditorController"]):
    """A board being edited: tools, clicks, undo/redo, JSON in and out, and a preview.

    Observers (:meth:`observe`) are called after every change of the board,
    the selection, the tool, the dice or the message.
    """

    def __init__(self, state: State | None = None, dice: Dice | Sequence[int] = (1, 1, 1)) -> None:
        super().__init__()
        self._state = (state or empty_state()).validate("editor")
        self._dice = Dice.of(dice)
        self._tool = Tool()
        self._undo: list[State] = []
        self._redo: list[State] = []
        self._selected: Selection | None = None
        self._moving: Selection | None = None
        self.message = _("Pick a tool, then click a hex.")
        self.ok = True

    # --- reading ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @property
    def dice(self) -> Dice:
        """The demonstration dice (used by the preview and the shared link)."""
        return self._dice

    @property
    def tool(self) -> Tool:
        return self._tool

    @property
    def selected(self) -> Selection | None:
        return self._selected

    @property
    def moving(self) -> Selection | None:
        """What the Move tool has picked up (its next click puts it down)."""
        return self._moving

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def cell_of(self, target: Selection | None) -> Cell | None:
        if target is None:
            return None
        kind, key = target
        if kind == "piece":
            return self._state.piece(key).cell if self._state.has_piece(key) else None
        craft = self._craft(key)
        return None if craft is None else craft.cell

    def describe(self, target: Selection | None = None) -> str:
        """The selected piece or craft in words (with its orientation, priority, damage)."""
        target = self._selected if target is None else target
        if target is None:
            return _("Nothing selected.")
        kind, key = target
        if kind == "craft":
            c = self._state.craft(key)
            pilot = _(", pilot {pilot}", pilot=c.pilot) if c.pilot else ""
            tokens = _(", tokens {tokens}", tokens=" ".join(c.tokens)) if c.tokens else ""
            team = _(", {team} team", team=team_text(c.team)) if c.team else ""
            facing = direction_text(c.facing)
            return _(
                "The {key} craft at {cell} facing {facing}, damage {damage}{pilot}{tokens}{team}",
                key=player_text(key),
                cell=c.cell,
                facing=facing,
                damage=c.damage,
                pilot=pilot,
                tokens=tokens,
                team=team,
            )
        p = self._state.piece(key)
        text = _("{name} at {cell}", name=cap(self._piece_name(p)), cell=p.cell)
        if p.orientation is not None:
            where = direction_text(p.orientation)
            text += (
                _(", facing {direction}", direction=where)
                if p.kind == PLATFORM
                else _(", “1” edge {direction}", direction=where)
            )
        if p.symbol:
            text += _(", symbol {symbol}", symbol=p.symbol)
        if p.target:
            text += _(", target {target}", target=p.target)
        if p.kind == ASTEROYD:
            text += _(", home {home}", home=p.home) + (
                _(", carried by the {carrier} craft", carrier=p.carrier) if p.carrier else ""
            )
        return text

    def play_problems(self) -> tuple[str, ...]:
        """Why this board cannot start a game yet (empty: it can), one sentence each.

        The mode's :attr:`~asteroyds.modes.Mode.problems` (capture: every team with its
        asteroyd, one platform, 1-3 crafts); the others need a craft.
        """
        return tuple(mode_named(self._state.mode).problems(self._state))

    # --- tools and clicks ------------------------------------------------------------
    def select_tool(self, name: str, **options: Any) -> Tool:
        """Choose what a click does, with the options of what it adds.

        Options: ``colour``, ``symbol``, ``orientation``, ``priority``; and
        the Target tool's (targets mode) ``team``, the set (``left`` or
        ``right``), and ``number``, the number in it (None: the next free one).
        For the Platform, Turret, Asteroyd and Craft tools ``team`` is the
        capture team (``red``, ``white``, ``blue``; red unless given) of what
        they add in capture mode; other modes do not use it.
        """
        if name not in TOOLS:
            raise ValueError(
                _("no tool {name!r} (expected one of {choices})", name=name, choices=", ".join(TOOLS))
            )
        unknown = sorted(set(options) - TOOL_OPTIONS)
        if unknown:
            raise ValueError(_("unknown tool option {unknown!r}", unknown=unknown[0]))
        colour = options.get("colour", self._tool.colour)
        allowed = TOOL_COLOURS.get(name)
        if allowed is not None and colour not in allowed:
            if "colour" in options:
                raise ValueError(
                    _(
                        "a {name} cannot be {colour!r} (expected one of {choices})",
                        name=name,
                        colour=colour,
                        choices=", ".join(allowed),
                    )
                )
            colour = allowed[0]
        symbol = options.get("symbol", self._tool.symbol)
        if symbol is not None and symbol not in SYMBOLS:
            raise ValueError(
                _("symbol must be one of {choices}, got {symbol!r}", choices=" ".join(SYMBOLS), symbol=symbol)
            )
        orientation = as_orientation(options.get("orientation", self._tool.orientation))
        priority = options.get("priority", self._tool.priority)
        if priority is not None and (isinstance(priority, bool) or not isinstance(priority, int)):
            raise ValueError(_("priority must be a whole number, got {priority!r}", priority=priority))
        team, number = options.get("team", self._tool.team), options.get("number", self._tool.number)
        if name == TARGET_TOOL:
            team = SIDES[0] if team is None else team
            if team not in SIDES:
                raise ValueError(
                    _(
                        "a target belongs to the {choices} set, got {team!r}",
                        choices=" or ".join(SIDES),
                        team=team,
                    )
                )
            if number is not None and not is_whole(number):
                raise ValueError(_("a target number is a whole number from 1, got {number!r}", number=number))
        elif name in TEAM_TOOLS:  # capture mode: the team of the piece or craft it adds
            number = None
            if "team" in options and team not in CAPTURE_TEAMS:
                raise ValueError(
                    _(
                        "a capture team is {choices}, got {team!r}",
                        choices=", ".join(CAPTURE_TEAMS),
                        team=team,
                    )
                )
            if team not in CAPTURE_TEAMS:
                team = CAPTURE_TEAMS[0]
        else:
            team = number = None
        self._tool = Tool(name, colour if allowed else None, symbol, orientation, priority, team, number)
        self._moving = None
        self._notify()
        return self._tool

    def click(self, cell: Sequence[int]) -> EditResult:
        """Apply the current tool at ``cell`` (what a click on the board does)."""
        cell = as_cell(cell)
        if cell not in self._state.board:
            return self._refuse(_("{cell} is off the board", cell=cell))
        t = self._tool
        if t.name == "select":
            return self.select(cell)
        if t.name in PIECE_TOOLS:
            return self.add(
                t.name, cell, colour=t.colour, symbol=t.symbol, orientation=t.orientation, team=t.team
            )
        if t.name == TARGET_TOOL:
            return self._target_click(cell)
        if t.name == "craft" and self._team_board():
            return self.add_craft(t.team or CAPTURE_TEAMS[0], cell, facing=t.orientation)
        if t.name == "craft":
            return self.add_craft(t.colour or free_player(self._state), cell, facing=t.orientation)
        if t.name == "rotate":
            return self.rotate(cell, 1)
        if t.name == "remove":
            return self.remove(cell)
        if t.name == "priority":
            if t.priority is None:
                return self._refuse(_("Type the priority number first, then click a tile"))
            return self.set_priority(cell, t.priority)
        return self._move_click(cell)

    def select(self, cell: Sequence[int]) -> EditResult:
        """Select the top piece or craft of a cell (a craft first, then a drone, then the piece).

        Clicking the cell of the selection again selects the next thing in
        it (a craft on a platform, then the platform...). In capture mode a
        platform comes first: its crafts wait on it and go where it goes.
        """
        cell = as_cell(cell)
        stack = self._stack(cell)
        target = stack[0] if stack else None
        if self._selected in stack:
            target = stack[(stack.index(self._selected) + 1) % len(stack)]
        self._selected = target
        if target is None:
            return self._done(_("{cell}: empty space", cell=cell))
        return self._done(f"Selected: {self.describe(target)}")

    def _move_click(self, cell: Cell) -> EditResult:
        if self._moving is None:
            target = self._at(cell)
            if target is None:
                return self._refuse(_("Nothing to move at {cell}", cell=cell))
            self._moving = self._selected = target
            return self._done(_("Moving {name}: click where it goes", name=self._name(target)))
        if self.cell_of(self._moving) == cell:
            self._moving = None
            return self._done(_("Move cancelled"))
        result = self.move(self._moving, cell)
        if result.ok:
            self._moving = None
            self._notify()
        return result

    # --- edits -----------------------------------------------------------------------
    def add(
        self,
        kind: str,
        cell: Sequence[int],
        *,
        colour: str | None = None,
        symbol: str | None = None,
        orientation: int | str | None = None,
        priority: int | None = None,
        team: str | None = None,
    ) -> EditResult:
        """Add an asteroid, gate, pod, platform, turret, drone or (capture) asteroyd.

        Capture mode: a platform, turret or asteroyd belongs to ``team``
        (red, white or blue); without one the edit is refused and asks for it.
        What capture never holds (a gate, a red asteroid...) is refused with the
        engine's reason (the mode's ``piece_problem``: :func:`~asteroyds.modes.capture.boards.piece_problem`).
        """
        cell = as_cell(cell)
        s = self._state
        if kind not in PIECE_TOOLS:
            return self._refuse(
                _(
                    "cannot add a {kind!r} (expected one of {choices})",
                    kind=kind,
                    choices=", ".join(PIECE_TOOLS),
                )
            )
        mode = mode_named(s.mode)
        if kind == ASTEROYD and ASTEROYD not in mode.team_kinds:
            return self._refuse(
                _(
                    "an asteroyd is a Capture the Asteroyd piece (RULES §11): this board is {mode}, "
                    "set the mode to capture first",
                    mode=s.mode,
                )
            )
        if kind in mode.team_kinds and team not in CAPTURE_TEAMS:
            return self._refuse(
                _(
                    "in capture mode {article} {kind} belongs to a team: choose {choices} or "
                    "{CAPTURE_TEAMS} (Team), got {team!r}",
                    article=article(kind),
                    kind=kind,
                    choices=", ".join(CAPTURE_TEAMS[:-1]),
                    CAPTURE_TEAMS=CAPTURE_TEAMS[-1],
                    team=team,
                )
            )
        problem = space_problem(s, kind, cell)
        if problem:
            return self._refuse(problem)
        facing = self._tool.orientation if orientation is None else as_orientation(orientation)
        piece = new_piece(
            s, kind, cell, colour=colour, symbol=symbol, orientation=facing, priority=priority, team=team
        )
        problem = mode.piece_problem(s, piece)  # what a board of this mode may never hold (capture's)
        if problem:
            return self._refuse(cap(problem))
        added = _("Added {piece_name} at {cell}", piece_name=self._piece_name(piece), cell=cell)
        return self._commit(s.with_pieces((*s.pieces, piece)), added, ("piece", piece.id))

    def add_craft(
        self,
        player: str,
        cell: Sequence[int],
        *,
        facing: int | str = 0,
        pilot: str | None = None,
        team: str | None = None,
    ) -> EditResult:
        """Put a player's craft on the board (one per player).

        Capture mode: crafts belong to teams and are named by the engine
        (``red1``, ``red2``...): ``player`` is a team (its next craft) or a
        craft's name with its ``team``.
        """
        cell = as_cell(cell)
        if self._team_board():
            if player in CAPTURE_TEAMS and team is None:
                player, team = free_craft_name(self._state, player), player
            if team not in CAPTURE_TEAMS:
                return self._refuse(
                    _(
                        "in capture mode a craft belongs to a team: give its team ({choices})",
                        choices=", ".join(CAPTURE_TEAMS),
                    )
                )
        elif player not in PLAYER_COLOURS:
            return self._refuse(
                _(
                    "no player colour {player!r} (expected one of {choices})",
                    player=player,
                    choices=", ".join(PLAYER_COLOURS),
                )
            )
        existing = self._craft(player)
        if existing is not None:
            return self._refuse(
                _(
                    "the {player} craft is already on the board at {cell}: move it",
                    player=player,
                    cell=existing.cell,
                )
            )
        problem = craft_problem(self._state, cell)
        if problem:
            return self._refuse(problem)
        if mode_named(self._state.mode).shoots_targets:
            team = team_of(player)  # its side (targets mode)
        elif not self._team_board():
            team = None
        craft = Craft(player, cell, as_orientation(facing), pilot=pilot or None, team=team)
        s = self._state.replace(
            crafts=(*self._state.crafts, craft), player_order=(*self._state.player_order, player)
        )
        of_team = _(" ({team} team)", team=team) if self._team_board() else ""
        return self._commit(
            s,
            _("Added the {player} craft{of_team} at {cell}", player=player, of_team=of_team, cell=cell),
            ("craft", player),
        )

    def rotate(self, target: Selection | Sequence[int] | str | None = None, turns: int = 1) -> EditResult:
        """Turn a tile, turret or platform (its "1" edge) or a craft: +1 clockwise, -1 anticlockwise."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        kind, key = found
        if kind == "craft":
            craft = self._state.craft(key)
            facing = (craft.facing + turns) % 6
            return self._commit(
                self._state.update_crafts({key: replace(craft, facing=facing)}),
                _(
                    "The {key} craft now faces {direction_name}",
                    key=key,
                    direction_name=direction_text(facing),
                ),
                found,
            )
        p = self._state.piece(key)
        if not (p.is_moving or p.kind in (TURRET, PLATFORM)):
            return self._refuse(
                _("{cap} has no orientation: nothing to rotate", cap=cap(self._piece_name(p)))
            )
        orientation = ((p.orientation or 0) + turns) % 6
        state = self._state.update_pieces({key: p._replace(orientation=orientation)})
        name, facing = cap(self._piece_name(p)), direction_text(orientation)
        if p.kind == PLATFORM:
            message = _("{piece} faces {direction}", piece=name, direction=facing)
        else:
            message = _("{piece} now has its “1” edge facing {direction}", piece=name, direction=facing)
        waiting = self._waiting_on(p)
        if waiting:  # capture: the crafts waiting on their platform start facing its direction
            state = state.update_crafts(
                {c.player: replace(c, facing=(c.facing + turns) % 6) for c in waiting}
            )
            message += f" (with {self._names(waiting)})"
        return self._commit(state, message, found)

    def remove(self, target: Selection | Sequence[int] | str | None = None) -> EditResult:
        """Take a piece or a craft off the board."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        kind, key = found
        s = self._state
        if kind == "craft":
            cell = s.craft(key).cell
            message = _("Removed the {key} craft from {cell}", key=key, cell=cell)
            carried = self._carried_by(key)
            if carried is not None:  # capture: what it carried drops where it was
                s = s.update_pieces({carried.id: carried._replace(carrier=None)})
                message += _("; the {team} asteroyd it carried stays there", team=carried.team)
            s = s.replace(
                crafts=tuple(c for c in s.crafts if c.player != key),
                player_order=tuple(p for p in s.player_order if p != key),
            )
            return self._commit(s, message, None)
        p = s.piece(key)
        return self._commit(
            s.update_pieces({}, removed=[key]),
            _("Removed {piece_name} from {cell}", piece_name=self._piece_name(p), cell=p.cell),
            None,
        )

    def set_priority(self, target: Selection | Sequence[int] | str | None, priority: int) -> EditResult:
        """Give a moving tile a priority number; the tile that had it takes the old one (a swap)."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        if found[0] == "craft":
            return self._refuse(_("a craft has no priority number (only asteroids, gates and drones do)"))
        p = self._state.piece(found[1])
        if not p.is_moving:
            return self._refuse(
                _("{cap} has no priority number (only asteroids, gates and drones do)", cap=cap(p.describe()))
            )
        if isinstance(priority, bool) or not isinstance(priority, int) or priority < 1:
            return self._refuse(
                _("a priority number is a whole number from 1, got {priority!r}", priority=priority)
            )
        if priority == p.priority:
            return self._done(
                _("{cap} already has priority {priority}", cap=cap(p.describe()), priority=priority), found
            )
        other = next((q for q in self._state.pieces if q.is_moving and q.priority == priority), None)
        changed = {p.id: p._replace(priority=priority)}
        message = _("{cap} is now #{priority}", cap=cap(p.describe()), priority=priority)
        if other is not None:
            changed[other.id] = other._replace(priority=p.priority)
            message += f"; {other.describe()} took #{p.priority}"
        return self._commit(self._state.update_pieces(changed), message, found)

    def move(self, target: Selection | Sequence[int] | str | None, cell: Sequence[int]) -> EditResult:
        """Move a piece or a craft to another cell."""
        found = self._target(target)
        if isinstance(found, EditResult):
            return found
        cell = as_cell(cell)
        kind, key = found
        s = self._state
        if kind == "craft":
            problem = craft_problem(self._state, cell)
            if problem:
                return self._refuse(problem)
            craft = s.craft(key)
            s = s.update_crafts({key: replace(craft, cell=cell)})
            message = _("Moved the {key} craft to {cell}", key=key, cell=cell)
            carried = self._carried_by(key)
            if carried is not None:  # capture: the asteroyd it carries goes with it
                s = s.update_pieces({carried.id: carried._replace(cell=cell)})
                message += _(" with the {team} asteroyd it carries", team=carried.team)
            return self._commit(s, message, found)
        p = s.piece(key)
        if p.kind == ASTEROYD and p.carrier is not None:
            return self._refuse(
                _(
                    "the {team} asteroyd is carried by the {carrier} craft: move the craft",
                    team=p.team,
                    carrier=p.carrier,
                )
            )
        problem = space_problem(s, p.kind, cell, ignore=p.id)
        if problem:
            return self._refuse(problem)
        moved = p._replace(cell=cell)
        message = _("Moved {piece_name} to {cell}", piece_name=self._piece_name(p), cell=cell)
        if p.kind == ASTEROYD and p.cell == p.home:  # the layout: its home goes with it
            moved = moved._replace(home=cell)
        elif p.kind == ASTEROYD:
            message += _(" (its home stays at {home})", home=p.home)
        s = s.update_pieces({key: moved})
        waiting = self._waiting_on(p)
        if waiting:  # capture: a team's crafts wait on their platform, and go where it goes
            s = s.update_crafts({c.player: replace(c, cell=cell) for c in waiting})
            message += f" with {self._names(waiting)}"
        return self._commit(s, message, found)

    def set_damage(self, player: str, damage: int) -> EditResult:
        """A craft's damage, 0..5 (6 would destroy it: remove the craft instead)."""
        if isinstance(damage, bool) or not isinstance(damage, int) or not 0 <= damage < MAX_DAMAGE:
            return self._refuse(
                _(
                    "damage is 0..{value} ({MAX_DAMAGE} destroys the craft), got {damage!r}",
                    value=MAX_DAMAGE - 1,
                    MAX_DAMAGE=MAX_DAMAGE,
                    damage=damage,
                )
            )
        return self._edit_craft(
            player, _("The {player} craft has {damage} damage", player=player, damage=damage), damage=damage
        )

    def set_pilot(self, player: str, pilot: str | None) -> EditResult:
        """A craft's pilot (advanced rules), or none; the power is unused again."""
        if pilot and pilot not in PILOTS:
            return self._refuse(
                _("no pilot {pilot!r} (expected one of {choices})", pilot=pilot, choices=", ".join(PILOTS))
            )
        message = _("The {player} craft's pilot: {value}", player=player, value=pilot or _("none"))
        return self._edit_craft(player, message, pilot=pilot or None, power_used=False)

    def set_tokens(self, player: str, tokens: str | Iterable[str]) -> EditResult:
        """The gate tokens a craft holds (``"A B"``)."""
        held = parse_tokens(tokens)
        return self._edit_craft(
            player,
            _("The {player} craft holds {value}", player=player, value=" ".join(held) or _("no token")),
            tokens=held,
        )

    def add_target(
        self,
        where: Selection | Sequence[int] | str | None = None,
        team: str = "left",
        number: int | None = None,
    ) -> EditResult:
        """Targets mode: put target ``number`` of ``team``'s set on a white-bearing asteroid.

        ``where`` is a cell, an asteroid's id or the selection; ``number``
        None takes the set's next free number. The checks are
        :func:`~asteroyds.modes.targets.target_problem`'s (RULES §7).
        """
        found = self._target(where)
        if isinstance(found, EditResult):
            return found
        if found[0] == "craft":
            return self._refuse(
                _("the {found} craft cannot carry a target: only an asteroid does", found=found[1])
            )
        piece = self._state.piece(found[1])
        if number is None and team in SIDES:
            number = free_number(self._state, team)
        problem = target_problem(self._state, piece, team, number)
        if problem:
            return self._refuse(problem)
        assert number is not None  # target_problem checked it
        name = target_name(team, number)
        marked = piece._replace(target=name, team=team)
        message = _(
            "Put target {name} on {piece} at {cell}", name=name, piece=piece.describe(), cell=piece.cell
        )
        return self._commit(self._state.update_pieces({piece.id: marked}), message, found)

    def remove_target(self, where: Selection | Sequence[int] | str | None = None) -> EditResult:
        """Take the target off an asteroid (the asteroid stays)."""
        found = self._target(where)
        if isinstance(found, EditResult):
            return found
        piece = self._state.piece(found[1]) if found[0] == "piece" else None
        if piece is None or piece.target is None:
            return self._refuse(_("{cap} carries no target", cap=cap(self._name(found))))
        bare = piece._replace(target=None, team=None)
        message = _(
            "Took target {target} off {piece} at {cell}",
            target=piece.target,
            piece=piece.describe(),
            cell=piece.cell,
        )
        return self._commit(self._state.update_pieces({piece.id: bare}), message, found)

    def _target_click(self, cell: Cell) -> EditResult:
        """The Target tool: a click puts a target on the asteroid, or takes its target off."""
        top = self._top(cell)
        if top is None:
            return self._refuse(_("{cell} is empty: a target goes on a white-bearing asteroid", cell=cell))
        if top[0] == "piece" and self._state.piece(top[1]).target is not None:
            return self.remove_target(top)
        tool = self._tool
        return self.add_target(top, tool.team or SIDES[0], tool.number)

    def _edit_craft(self, player: str, message: str, **changes: Any) -> EditResult:
        craft = self._craft(player)
        if craft is None:
            return self._refuse(_("no {player} craft on the board", player=player))
        return self._commit(
            self._state.update_crafts({player: replace(craft, **changes)}), message, ("craft", player)
        )

    def set_mode(self, mode: str) -> EditResult:
        """Play this board in another mode; in targets mode every craft joins its colour's side."""
        if mode not in modes():
            return self._refuse(
                _("no mode {mode!r} (expected one of {choices})", mode=mode, choices=", ".join(modes()))
            )
        state = self._state.replace(mode=mode)
        message = f"Mode: {mode}"
        if mode_named(mode).shoots_targets:
            state = with_targets_teams(state)
            teams = [f"{c.player} {c.team}" for c in state.crafts_in_order()]
            if teams:
                message += f" (teams: {', '.join(teams)})"
        return self._commit(state, message, self._selected)

    def set_rule(self, name: str, value: object) -> EditResult:
        """Turn a variant on or off (RULES §10), e.g. ``return_to_platform``."""
        try:
            rules = self._state.rules.with_changes(**{name: value})
        except (TypeError, AsteroydsError) as exc:
            return self._refuse(f"rule {name!r}: {exc}")
        return self._commit(self._state.replace(rules=rules), f"Rule {name}: {value}", self._selected)

    def set_dice(self, dice: Dice | Sequence[int]) -> EditResult:
        """The demonstration dice (not part of the scenario file, so not undone)."""
        try:
            self._dice = Dice.of(dice)
        except AsteroydsError as exc:
            return self._refuse(str(exc))
        return self._done(f"Dice: {self._dice}")


__all__ = ["EditorController", "Observer"]
