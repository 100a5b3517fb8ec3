"""The sandbox's files: a saved game read back, a scenario turned into a setup, a saved game's name.

Plain functions (no state: a file is read, checked and handed on): the
:class:`~asteroyds.ui.sandbox.controller.SandboxController` starts the game
they give, and the view's Load… box (:mod:`.files_box`) reads the uploads. A
file the sandbox cannot play raises a ScenarioError naming it, before anything
changes.

>>> from asteroyds.game import Game
>>> game = Game.new(players=["blue"], seed=3)
>>> save_name(game), saved_game(game.dumps(), "saved.json").seed
('asteroyds-racing-seed3-round1.json', 3)
"""

from __future__ import annotations

from ... import scenario
from ...errors import ScenarioError
from ...game import Game
from ...i18n import _
from ...modes import mode_named, mode_of, modes
from ...state import State
from .setup import SandboxSetup


def save_name(game: Game) -> str:
    """The file name a saved game downloads as: its mode, seed and round."""
    return f"asteroyds-{game.state.mode}-seed{game.seed}-round{game.round}.json"


def saved_game(text: str, where: str) -> Game:
    """A saved game (``Game.dumps``) read back, in a mode the sandbox plays; a broken one raises."""
    game = Game.loads(text, where=where)
    if game.state.mode not in modes():
        raise ScenarioError(
            _(
                "{where}: a {mode} game; the sandbox plays {choices}",
                where=where,
                mode=game.state.mode,
                choices=", ".join(modes()),
            )
        )
    return game


def scenario_setup(board: str | State, where: str, chooser: SandboxSetup) -> SandboxSetup:
    """The setup of a new game on a scenario (its JSON text or a state), checked.

    ``chooser`` gives the seed, the coach, the capture table's settings and who plays
    (:meth:`SandboxSetup.from_board`): its seats carry over where they mean the same (a
    player's colour, or a team and its crafts).
    """
    state = board if isinstance(board, State) else scenario.loads(board, where=where)
    if state.mode not in modes():
        raise ScenarioError(
            _(
                "{where}: a {mode} board; the sandbox plays {choices}",
                where=where,
                mode=state.mode,
                choices=", ".join(modes()),
            )
        )
    same_seats = mode_named(chooser.mode).turn.planning is mode_of(state).turn.planning
    chosen = SandboxSetup.from_board(
        state,
        kinds=chooser.kinds if same_seats else None,
        seed=chooser.seed,
        coach=chooser.coach,
        destructible_asteroids=chooser.destructible_asteroids,
    )
    chosen.check(where)
    return chosen


__all__ = ["save_name", "saved_game", "scenario_setup"]
