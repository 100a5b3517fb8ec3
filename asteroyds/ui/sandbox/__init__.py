"""The sandbox (notebook 10): a whole game, humans (hot seat) and bots, with its scoreboard.

- :mod:`.setup`: :class:`SandboxSetup` and :class:`Seat`, the choices before a game (plain Python);
- :mod:`.controller`: :class:`SandboxController`, who plays when (plain Python);
- :mod:`.panel`: the new-game panel (widgets over a setup);
- :mod:`.scoreboard`: the scoreboard and progress plots (rows as plain Python, then widgets);
- :mod:`.view`: :class:`Sandbox`, the widget that puts the board, charts and round player together.
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
