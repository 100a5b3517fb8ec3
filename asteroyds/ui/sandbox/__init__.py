"""The sandbox (notebook 10): a whole game, humans (hot seat) and bots, with its scoreboard.

- :mod:`.setup`: :class:`SandboxSetup` and :class:`Seat`, the choices before a game (plain Python);
- :mod:`.controller`: :class:`SandboxController`, who plays when (plain Python), with each game's
  :mod:`.hotseat` (whose turn to plan) and :mod:`.coaching` (the coach's forecast and review), and
  :mod:`.files` (saved games and scenarios read and checked);
- :mod:`.view`: :class:`Sandbox`, the widget that puts the board, charts and round player together,
  composed of parts: :mod:`.toolbar`, :mod:`.drawing` (the board), :mod:`.hotseat_view`,
  :mod:`.round_column` (the dice, the round player), :mod:`.files_box` (the Load… box),
  :mod:`.panel` (the new-game panel) and :mod:`.scoreboard` (the scores and progress plots).
"""

from .view import (
    KIND_NAMES,
    KINDS,
    STAGES,
    Sandbox,
    SandboxController,
    SandboxSetup,
    Seat,
    asteroid_choices,
    team_of,
)

__all__ = [
    "KINDS",
    "KIND_NAMES",
    "STAGES",
    "Sandbox",
    "SandboxController",
    "SandboxSetup",
    "Seat",
    "asteroid_choices",
    "team_of",
]
