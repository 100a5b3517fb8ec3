"""Small scenes for rule boards: one asteroid phase told by the colours that act, and a choice of scenes.

Why keep only some phases: a scene that teaches the blue push has a blue die,
but the red and white dice are rolled too, and their "nothing moves" lines
(or a white move that is void) bury the push under words. :func:`asteroid_scene`
keeps the phases of the colours the chapter is about — and checks that what it
leaves out changes nothing on the board, so the board a learner steps through
is exactly the one the engine computed.

:func:`scene_board` puts several scenes of one rule on one board (shield up or
off; the space behind free or taken): the learner picks one, the board plays it.
A scene is best told on a :func:`patch`, a small piece of board: the board view
is as wide as ever, so its few hexes are drawn large.

>>> from asteroyds.hexgrid import parse_direction
>>> from asteroyds.pieces import Piece
>>> rock = Piece("B1", "asteroid", (8, 4), "blue", parse_direction("E"), 9)
>>> scene = asteroid_scene(State(mode="racing", pieces=(rock,)), (1, 1, 1), colours=("blue",))
>>> [e.text() for e in scene.events], scene.after.piece("B1").cell
(['Blue die shows 1: 1 element moves', 'Blue asteroid #9 moves 1 space E to (8, 5)'], (8, 5))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

import ipywidgets as widgets

from ...asteroids import resolve_asteroids
from ...dice import Dice
from ...events import Event, PhaseStarted
from ...hexgrid import Board
from ...i18n import _
from ...pieces import DIE_COLOURS
from ...snapshots import snapshots
from ...state import State
from .rule_board import RuleBoard


def patch(rows: int = 5, cols: int = 8) -> Board:
    """A small rectangle of board, ``rows`` by ``cols`` from (0, 0): a rule's close-up (its edge is the
    border, as the big board's is).

    >>> len(patch()), patch(3, 4).rows, (2, 7) in patch(), (5, 0) in patch()
    (40, 3, True, False)
    """
    if rows < 1 or cols < 1:
        raise ValueError(_("a patch of board needs at least one row and one column"))
    return Board.from_cells((r, c) for r in range(rows) for c in range(cols))


class Scene(NamedTuple):
    """A rule shown on a board: the ``start``, the ``events`` played from it, the ``dice`` whose arrows
    the start shows (or None), and the board ``after`` the events."""

    start: State
    events: tuple[Event, ...]
    dice: Dice | None
    after: State


def asteroid_scene(
    state: State,
    dice: Dice | Sequence[int],
    *,
    colours: Sequence[str] = DIE_COLOURS,
    shields: Mapping[str, bool] | None = None,
) -> Scene:
    """The asteroid phase for ``dice``, told by the ``colours`` phases in which something moves.

    Raises ValueError if a phase left out changed the board (then the scene would lie).
    """
    dice = Dice.of(dice)
    after, events = resolve_asteroids(state, dice, shields=shields)
    kept: list[Event] = []
    keep = False
    for event in events:
        if isinstance(event, PhaseStarted):
            keep = event.phase in colours and bool(event.order)
        if keep:
            kept.append(event)
    if snapshots(state, kept)[-1] != after:
        raise ValueError(
            _(
                "the phases left out of this scene change the board: show them, or choose other dice",
            )
        )
    return Scene(state, tuple(kept), dice, after)


class SceneChoice(widgets.ToggleButtons):
    """Buttons that put one of several scenes on a rule board (see :func:`scene_board`)."""

    def __init__(self, scenes: Mapping[str, Scene], *, description: str = "") -> None:
        if not scenes:
            raise ValueError(_("a choice of scenes needs at least one scene"))
        self._scenes = dict(scenes)
        self._board: RuleBoard | None = None
        labels = list(self._scenes)
        self._chosen = labels[0]  # the value, typed (the trait's type is unknown to mypy)
        super().__init__(
            options=labels,
            value=labels[0],
            description=description,
            style={"button_width": "auto", "description_width": "initial"},
        )
        self.add_class("asteroyds-scene-choice")
        self.observe(lambda change: self._put(change["new"]), names="value")

    @property
    def scenes(self) -> tuple[str, ...]:
        return tuple(self._scenes)

    def attach(self, board: RuleBoard) -> None:
        """Play the chosen scene on ``board`` now, and every scene chosen later."""
        self._board = board
        self._put(self._chosen)

    def play(self, label: str) -> None:
        """Choose the scene ``label`` (as its button would): the board shows its start."""
        if label not in self._scenes:
            raise ValueError(
                _("no scene {label!r}: the scenes are {scenes}", label=label, scenes=", ".join(self._scenes))
            )
        if self._chosen == label:
            self._put(label)
        else:
            self.value = label  # the observer puts it on the board

    def _put(self, label: str) -> None:
        self._chosen = label
        if self._board is not None:
            scene = self._scenes[label]
            self._board.show(scene.start, scene.events, dice=scene.dice)


class SceneBoard(RuleBoard):
    """A rule board with a choice of scenes over it (:attr:`choice`); the first scene is on the board."""

    def __init__(
        self, scenes: Mapping[str, Scene], *, title: str = "", description: str = "", size: str = "compact"
    ) -> None:
        self.choice = SceneChoice(scenes, description=description)
        first = scenes[self.choice.value]
        super().__init__(
            first.start, first.events, title=title, size=size, dice=first.dice, above=[self.choice]
        )
        self.choice.attach(self)


def scene_board(scenes: Scene | Mapping[str, Scene], *, title: str = "", description: str = "") -> RuleBoard:
    """A rule board for one scene, or a :class:`SceneBoard` for several (``description`` names the choice)."""
    if isinstance(scenes, Scene):
        return RuleBoard(scenes.start, scenes.events, title=title, dice=scenes.dice)
    return SceneBoard(scenes, title=title, description=description)


__all__ = ["Scene", "SceneBoard", "SceneChoice", "asteroid_scene", "patch", "scene_board"]
