"""The editor controller's history and files: undo/redo, JSON and demo files, built-in setups, preview, link.

A mixin of :class:`~asteroyds.ui.editor.controller.EditorController` (plain
Python), kept apart so the controller's file shows its edits.
"""

from __future__ import annotations

from collections.abc import Sequence

from ... import demos, scenario
from ...asteroids import resolve_asteroids
from ...dice import Dice
from ...errors import AsteroydsError
from ...i18n import _
from ...modes import mode_named, modes
from ...setups import setup
from ...state import State
from ..share import links
from .lookups import EditorLookups
from .tools import (
    EditResult,
    Preview,
    empty_state,
)


class EditorFiles(EditorLookups):
    """Undo and redo, the board as JSON or a demo, loading a file or a setup, the preview, a share link."""

    def undo(self) -> EditResult:
        if not self._undo:
            return self._refuse(_("Nothing to undo"))
        self._redo.append(self._state)
        self._state = self._undo.pop()
        self._moving = None
        self._fit_tool()
        return self._done("Undone")

    def redo(self) -> EditResult:
        if not self._redo:
            return self._refuse(_("Nothing to redo"))
        self._undo.append(self._state)
        self._state = self._redo.pop()
        self._moving = None
        self._fit_tool()
        return self._done("Redone")

    def to_json(self) -> str:
        """The board as a scenario file (``asteroyds/scenario@1``)."""
        return scenario.dumps(self._state)

    def to_demo_json(self, title: str, explain: str, rule: str = "RULES", name: str = "my-demo") -> str:
        """The board and the dice as a gallery demo file (``asteroyds/demo@1``)."""
        demo = demos.make_demo(self._state, self._dice, name=name, title=title, explain=explain, rule=rule)
        return demos.dumps(demo)

    def load_json(self, text: str, where: str = "pasted text") -> EditResult:
        """Load a scenario (or a gallery demo, with its dice); a broken file changes nothing."""
        try:
            data = scenario.parse_json(text, where)
            if isinstance(data, dict) and data.get("format") == demos.FORMAT:
                demo = demos.from_dict(data, name="loaded", where=where)
                return self.load_state(
                    demo.state, _("Loaded the demo “{title}”", title=demo.title), dice=demo.dice
                )
            state = scenario.from_dict(data, where=where)
        except AsteroydsError as exc:
            return self._refuse(str(exc))
        return self.load_state(state, f"Loaded {where}")

    def load_state(self, state: State, message: str = "Loaded", dice: Dice | None = None) -> EditResult:
        """Replace the whole board (undoable)."""
        if dice is not None:
            self._dice = Dice.of(dice)
        return self._commit(state, message, None)

    def new_board(self, mode: str = "racing") -> EditResult:
        """An empty board."""
        if mode not in modes():
            return self._refuse(
                _("no mode {mode!r} (expected one of {choices})", mode=mode, choices=", ".join(modes()))
            )
        return self.load_state(empty_state(mode), _("New empty {mode} board", mode=mode))

    def load_setup(self, name: str, seed: int = 0, players: Sequence[str] = ("blue",)) -> EditResult:
        """A built-in setup (``racing``, ``shooting``, ``drones``, ``targets``; ``empty``) with a seed.

        A mode may ship boards of its own instead (:attr:`asteroyds.modes.Mode.layouts`):
        ``capture`` and ``capture-3teams`` are the shipped capture layouts
        (``data/capture-2teams.json``, ``capture-3teams.json``), two crafts
        per team named by the engine: no seed (the layout is fixed, RULES
        §11) and no players (the Craft tool adds a team's third craft).
        """
        if name == "empty":
            return self.new_board()
        shipped = {n: build for mode in modes().values() for n, build in mode.layouts.items()}
        if name in shipped:
            state, said = shipped[name]()
            return self.load_state(state, said)
        try:
            state = setup(name, seed=int(seed), players=list(players))
        except (AsteroydsError, ValueError, KeyError) as exc:
            return self._refuse(str(exc))
        return self.load_state(
            state,
            _(
                "The {name} setup, seed {seed}, players {choices}",
                name=name,
                seed=seed,
                choices=", ".join(players),
            ),
        )

    def preview(self) -> Preview:
        """What the dice do to this board; the board is unchanged.

        Racing, shooting, targets, drones: the asteroid phase (every shield
        up). A turn resolved at once (capture has no asteroid phase, RULES §11):
        the preview is the engine's turn (the mode's ``turn.resolve``) with every
        chart empty, so only the turrets (and the blue asteroids of the
        variant) act: where each one fires with its team's die, what its laser
        stops on, which turrets and crafts it puts out of the turn.
        """
        turn = mode_named(self._state.mode).turn
        if turn.resolves_at_once:
            done = turn.resolve(self._state, self._dice, {})
            return Preview(done.state, tuple(done.events), whole_turn=True)
        after, events = resolve_asteroids(self._state, self._dice)
        return Preview(after, tuple(events))

    def share_link(self, base_url: str = "") -> str:
        """A link that opens this board and dice (see :mod:`asteroyds.ui.share.links`)."""
        return links.share_link(self._state, base_url, dice=self._dice)


__all__ = ["EditorFiles"]
