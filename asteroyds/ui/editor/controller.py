"""The scenario editor's logic: a board being edited, one validated change at a time.

:class:`EditorController` is plain Python (no widget): every change builds a
new :class:`~asteroyds.state.State` and validates it (:meth:`State.validate`),
so a refused change leaves the board as it was and says why in one sentence
("(6, 7) already holds red asteroid #1"). Every change can be undone. Nothing
here decides a rule: the preview runs the engine's
:func:`~asteroyds.asteroids.resolve_asteroids`, and targets (targets mode) are
checked by the engine's :func:`asteroyds.modes.targets.target_problem`
(docs/rules.md#7-shooting) before :meth:`State.validate` checks the whole board. The widget is
:class:`asteroyds.ui.editor.view.ScenarioEditor`.

The controller is made of parts, each owning its own state: the board and
its undo/redo steps (:class:`~asteroyds.ui.editor.history.EditHistory`,
``history``), what is selected or being moved
(:class:`~asteroyds.ui.editor.selection.EditorSelection`, ``selection``), the
tool in hand (:class:`~asteroyds.ui.editor.tool_choice.ToolChoice`,
``tool_choice``) and the demonstration dice with the preview
(:class:`~asteroyds.ui.editor.demonstration.Demonstration`, ``demonstration``).
The edits themselves are functions of a board
(:mod:`~asteroyds.ui.editor.edits`), as are the files
(:mod:`~asteroyds.ui.editor.board_files`) and the lookups
(:mod:`~asteroyds.ui.editor.lookups`); the controller validates, records,
answers and tells its observers.

>>> editor = EditorController(empty_state("targets"))
>>> editor.add("asteroid", (6, 6), colour="white/red").message
'Added white/red asteroid #1 at (6, 6)'
>>> editor.select_tool("target", team="right")
Tool(name='target', colour=None, symbol=None, orientation=0, priority=None, team='right', number=None)
>>> editor.click((6, 6)).message
'Put target R1 on white/red asteroid #1 at (6, 6)'
>>> editor.click((6, 6)).message  # a second click takes it off
'Took target R1 off white/red asteroid #1 at (6, 6)'

Capture mode (docs/rules.md#11-capture-the-asteroyd: "teams may rearrange pods and turrets"): the
shipped layouts load as the setups ``capture`` and ``capture-3teams``; a new
platform, turret, asteroyd or craft belongs to the tool's team; a turret
keeps its team when it is moved or turned; a platform takes its team's
crafts waiting on it along (they start there, facing its direction); an
asteroyd at home takes its home along. Every change is checked by
:meth:`State.validate` and the mode's own checks of a piece
(:func:`asteroyds.checks.problems` with ``editing``: capture's piece checks,
:func:`asteroyds.modes.capture.boards.piece_problem`); :meth:`play_problems` says whether
the board can start a game yet (the mode's playable checks). The preview plays the
engine's capture turn with every chart empty: only the turrets fire. The editor never
asks which mode a board is: it asks the mode which pieces belong to a team (:attr:`Mode.team_kinds
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
'Red gate #1: this piece has no part in capture mode (its pieces are asteroyds, platforms, ...)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ...checks import playable_problems, problems
from ...dice import Dice
from ...hexgrid import Cell
from ...i18n import _
from ...modes import modes
from ...modes.targets import SIDES
from ...state import State
from ..observers import Observable
from . import board_files, edits, lookups
from .demonstration import Demonstration
from .history import EditHistory
from .placement import free_player
from .selection import EditorSelection, Target
from .tool_choice import ToolChoice
from .tools import (
    CAPTURE_TEAMS,
    PIECE_TOOLS,
    TARGET_TOOL,
    Change,
    EditResult,
    Preview,
    Refused,
    Selection,
    Tool,
    as_cell,
    empty_state,
    plain,
)

Observer = Callable[["EditorController"], object]


class EditorController(Observable["EditorController"]):
    """A board being edited: tools, clicks, undo/redo, JSON in and out, and a preview.

    Observers (:meth:`observe`) are called after every change of the board,
    the selection, the tool, the dice or the message.
    """

    def __init__(self, state: State | None = None, dice: Dice | Sequence[int] = (1, 1, 1)) -> None:
        super().__init__()
        self.history = EditHistory((state or empty_state()).validate("editor"))
        self.selection = EditorSelection()
        self.tool_choice = ToolChoice()
        self.demonstration = Demonstration(dice)
        self.message = _("Pick a tool, then click a hex.")
        self.ok = True

    # --- reading ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.history.state

    @property
    def dice(self) -> Dice:
        """The demonstration dice (used by the preview and the shared link)."""
        return self.demonstration.dice

    @property
    def tool(self) -> Tool:
        return self.tool_choice.tool

    @property
    def selected(self) -> Selection | None:
        return self.selection.selected

    @property
    def moving(self) -> Selection | None:
        """What the Move tool has picked up (its next click puts it down)."""
        return self.selection.moving

    @property
    def can_undo(self) -> bool:
        return self.history.can_undo

    @property
    def can_redo(self) -> bool:
        return self.history.can_redo

    def cell_of(self, target: Selection | None) -> Cell | None:
        """Where a selected piece or craft stands (None if nothing, or gone)."""
        return lookups.cell_of(self.state, target)

    def describe(self, target: Selection | None = None) -> str:
        """The selected piece or craft in words (with its orientation, priority, damage)."""
        target = self.selected if target is None else target
        return _("Nothing selected.") if target is None else lookups.describe(self.state, target)

    def play_problems(self) -> tuple[str, ...]:
        """Why this board cannot start a game yet (empty: it can), one sentence each.

        The mode's piece and playable checks (:func:`asteroyds.checks.playable_problems`;
        capture: every team with its asteroyd, one platform, 1-3 crafts); the others need a craft.
        """
        return playable_problems(self.state)

    # --- tools and clicks ------------------------------------------------------------
    def select_tool(self, name: str, **options: Any) -> Tool:
        """Choose what a click does, with the options of what it adds (see :meth:`ToolChoice.choose
        <asteroyds.ui.editor.tool_choice.ToolChoice.choose>`; a bad option is a :class:`ValueError`)."""
        tool = self.tool_choice.choose(name, **options)
        self.selection.moving = None
        self._notify()
        return tool

    def click(self, cell: Sequence[int]) -> EditResult:
        """Apply the current tool at ``cell`` (what a click on the board does)."""
        cell = as_cell(cell)
        if cell not in self.state.board:
            return self.refuse(_("{cell} is off the board", cell=cell))
        t = self.tool
        if t.name == "select":
            return self.select(cell)
        if t.name in PIECE_TOOLS:
            return self.add(
                t.name, cell, colour=t.colour, symbol=t.symbol, orientation=t.orientation, team=t.team
            )
        if t.name == TARGET_TOOL:
            return self._apply(lambda: edits.toggle_target(self.state, cell, t.team or SIDES[0], t.number))
        if t.name == "craft" and lookups.team_board(self.state):
            return self.add_craft(t.team or CAPTURE_TEAMS[0], cell, facing=t.orientation)
        if t.name == "craft":
            return self.add_craft(t.colour or free_player(self.state), cell, facing=t.orientation)
        if t.name == "rotate":
            return self.rotate(cell, 1)
        if t.name == "remove":
            return self.remove(cell)
        if t.name == "priority":
            if t.priority is None:
                return self.refuse(_("Type the priority number first, then click a tile"))
            return self.set_priority(cell, t.priority)
        return self._move_click(cell)

    def select(self, cell: Sequence[int]) -> EditResult:
        """Select the top piece or craft of a cell (a craft first, then a drone, then the piece).

        Clicking the cell of the selection again selects the next thing in
        it (a craft on a platform, then the platform...). In capture mode a
        platform comes first: its crafts wait on it and go where it goes.
        """
        cell = as_cell(cell)
        target = self.selection.cycle(self.state, cell)
        if target is None:
            return self._done(_("{cell}: empty space", cell=cell))
        return self._done(_("Selected: {what}", what=self.describe(target)))

    def _move_click(self, cell: Cell) -> EditResult:
        """The Move tool: the first click picks up what is there, the next puts it down (or cancels)."""
        picked = self.selection
        if picked.moving is None:
            target = picked.at(self.state, cell)
            if target is None:
                return self.refuse(_("Nothing to move at {cell}", cell=cell))
            picked.moving = picked.selected = target
            return self._done(_("Moving {name}: click where it goes", name=lookups.name(self.state, target)))
        if self.cell_of(picked.moving) == cell:
            picked.moving = None
            return self._done(_("Move cancelled"))
        result = self.move(picked.moving, cell)
        if result.ok:
            picked.moving = None
            self._notify()
        return result

    # --- edits (each one a function of :mod:`.edits`, validated and recorded here) ---------------
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

        Without ``orientation`` it faces the tool's. Capture mode: a platform,
        turret or asteroyd belongs to ``team`` (see :func:`~asteroyds.ui.editor.edits.add_piece`).
        """
        facing = self.tool.orientation if orientation is None else orientation
        return self._apply(
            lambda: edits.add_piece(
                self.state,
                kind,
                cell,
                colour=colour,
                symbol=symbol,
                orientation=facing,
                priority=priority,
                team=team,
            )
        )

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
        return self._apply(
            lambda: edits.add_craft(self.state, player, cell, facing=facing, pilot=pilot, team=team)
        )

    def rotate(self, target: Target = None, turns: int = 1) -> EditResult:
        """Turn a tile, turret or platform (its "1" edge) or a craft: +1 clockwise, -1 anticlockwise."""
        return self._apply(lambda: edits.rotate(self.state, self._find(target), turns))

    def remove(self, target: Target = None) -> EditResult:
        """Take a piece or a craft off the board."""
        return self._apply(lambda: edits.remove(self.state, self._find(target)))

    def set_priority(self, target: Target, priority: int) -> EditResult:
        """Give a moving tile a priority number; the tile that had it takes the old one (a swap)."""
        return self._apply(lambda: edits.set_priority(self.state, self._find(target), priority))

    def move(self, target: Target, cell: Sequence[int]) -> EditResult:
        """Move a piece or a craft to another cell."""
        return self._apply(lambda: edits.move(self.state, self._find(target), cell))

    def set_damage(self, player: str, damage: int) -> EditResult:
        """A craft's damage, 0..5 (6 would destroy it: remove the craft instead)."""
        return self._apply(lambda: edits.set_damage(self.state, player, damage))

    def set_pilot(self, player: str, pilot: str | None) -> EditResult:
        """A craft's pilot (advanced rules), or none; the power is unused again."""
        return self._apply(lambda: edits.set_pilot(self.state, player, pilot))

    def set_tokens(self, player: str, tokens: str | Iterable[str]) -> EditResult:
        """The gate tokens a craft holds (``"A B"``)."""
        return self._apply(lambda: edits.set_tokens(self.state, player, tokens))

    def add_target(self, where: Target = None, team: str = "left", number: int | None = None) -> EditResult:
        """Targets mode: put target ``number`` of ``team``'s set on a white-bearing asteroid.

        ``where`` is a cell, an asteroid's id or the selection; ``number``
        None takes the set's next free number. The checks are
        :func:`~asteroyds.modes.targets.target_problem`'s (docs/rules.md#7-shooting).
        """
        return self._apply(lambda: edits.add_target(self.state, self._find(where), team, number))

    def remove_target(self, where: Target = None) -> EditResult:
        """Take the target off an asteroid (the asteroid stays)."""
        return self._apply(lambda: edits.remove_target(self.state, self._find(where)))

    def set_mode(self, mode: str) -> EditResult:
        """Play this board in another mode; in targets mode every craft joins its colour's side."""
        return self._apply(lambda: edits.set_mode(self.state, mode, self.selected))

    def set_rule(self, name: str, value: object) -> EditResult:
        """Turn a variant on or off, e.g. ``return_to_platform``.

        The rules: docs/rules.md#10-variants-and-rule-settings.
        """
        return self._apply(lambda: edits.set_rule(self.state, name, value, self.selected))

    def set_dice(self, dice: Dice | Sequence[int]) -> EditResult:
        """The demonstration dice (not part of the scenario file, so not undone)."""
        try:
            self.demonstration.set(dice)
        except Refused as exc:
            return self.refuse(exc.message)
        return self._done(_("Dice: {dice}", dice=self.dice))

    # --- history, files, preview and link ------------------------------------------------------
    def undo(self) -> EditResult:
        if not self.history.undo():
            return self.refuse(_("Nothing to undo"))
        return self._stepped(_("Undone"))

    def redo(self) -> EditResult:
        if not self.history.redo():
            return self.refuse(_("Nothing to redo"))
        return self._stepped(_("Redone"))

    def to_json(self) -> str:
        """The board as a scenario file (``asteroyds/scenario@1``)."""
        return board_files.scenario_json(self.state)

    def to_demo_json(self, title: str, explain: str, rule: str = "—", name: str = "my-demo") -> str:
        """The board and the dice as a gallery demo file (``asteroyds/demo@1``)."""
        return board_files.demo_json(self.state, self.dice, title, explain, rule=rule, name=name)

    def load_json(self, text: str, where: str = "pasted text") -> EditResult:
        """Load a scenario (or a gallery demo, with its dice); a broken file changes nothing."""
        return self._load(lambda: board_files.read_text(text, where))

    def load_state(self, state: State, message: str = "Loaded", dice: Dice | None = None) -> EditResult:
        """Replace the whole board (undoable)."""
        if dice is not None:
            self.demonstration.dice = Dice.of(dice)
        return self._commit(state, message, None)

    def new_board(self, mode: str = "racing") -> EditResult:
        """An empty board."""
        if mode not in modes():
            return self.refuse(
                _("no mode {mode!r} (expected one of {choices})", mode=mode, choices=", ".join(modes()))
            )
        return self.load_state(empty_state(mode), _("New empty {mode} board", mode=mode))

    def load_setup(self, name: str, seed: int = 0, players: Sequence[str] = ("blue",)) -> EditResult:
        """A built-in setup (``racing``, ``shooting``, ``drones``, ``targets``; ``empty``) with a seed.

        A mode may ship boards of its own instead (:attr:`asteroyds.modes.Mode.layouts`):
        ``capture`` and ``capture-3teams`` are the shipped capture layouts, no seed and no
        players (see :func:`~asteroyds.ui.editor.board_files.built_in`).
        """
        if name == "empty":
            return self.new_board()
        return self._load(lambda: board_files.built_in(name, seed, players))

    def preview(self) -> Preview:
        """What the dice do to this board (the asteroid phase, or capture's turrets); the board stays."""
        return self.demonstration.preview(self.state)

    def share_link(self, base_url: str = "") -> str:
        """A link that opens this board and dice (see :mod:`asteroyds.ui.share.links`)."""
        return board_files.share_link(self.state, self.dice, base_url)

    # --- answering -------------------------------------------------------------------
    def refuse(self, message: str) -> EditResult:
        """Say no: the message line shows ``message`` as refused, and nothing changes."""
        self.message, self.ok = message, False
        self._notify()
        return EditResult(False, message)

    def _find(self, target: Target) -> Selection:
        """The piece or craft an edit acts on (refused if there is none: the selection's sentence)."""
        return self.selection.resolve(self.state, target)

    def _apply(self, edit: Callable[[], Change]) -> EditResult:
        """Make an edit: refused, said without a step (no change), or validated and committed."""
        try:
            change = edit()
        except Refused as exc:
            return self.refuse(exc.message)
        if change.state is None:
            return self._done(change.message, change.select)
        return self._commit(change.state, change.message, change.select)

    def _load(self, read: Callable[[], board_files.Loaded]) -> EditResult:
        """Load a board read from a file or a setup (undoable); one that cannot be read changes nothing."""
        try:
            loaded = read()
        except Refused as exc:
            return self.refuse(exc.message)
        return self.load_state(loaded.state, loaded.message, dice=loaded.dice)

    def _commit(self, state: State, message: str, select: Selection | None) -> EditResult:
        found = problems(state, "editor", editing=True)  # the board's checks, the mode's piece checks
        if found:
            return self.refuse(plain(found[0]))
        self.history.record(state)
        self.selection.selected = select
        self._fit_tool()
        return self._done(message, select)

    def _stepped(self, message: str) -> EditResult:
        """After an undo or a redo: nothing is being moved, and the tool fits the board's mode."""
        self.selection.moving = None
        self._fit_tool()
        return self._done(message)

    def _fit_tool(self) -> None:
        """A tool the board's mode has no use for (a gate on a capture board) gives way to Select."""
        if self.tool_choice.fit(self.state.mode):
            self.selection.moving = None

    def _done(self, message: str, select: Selection | None | bool = False) -> EditResult:
        if select is not False:
            self.selection.selected = select  # type: ignore[assignment]
        self.selection.forget_gone(self.state)
        self.message, self.ok = message, True
        self._notify()
        return EditResult(True, message)


__all__ = ["EditorController", "Observer"]
