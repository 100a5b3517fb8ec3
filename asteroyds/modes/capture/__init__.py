"""Capture the Asteroyd: the team mode, as one package registered as one mode.

The rules: docs/rules.md#11-capture-the-asteroyd.

Teams (red, white, and blue with three teams) each have a base: their
asteroyd, a platform, public pods and turrets. A craft that enters the enemy
asteroyd's space carries it; bringing it onto its own platform scores a
point. A turn is planned (up to 6 columns and the anticipation line,
:mod:`~asteroyds.modes.capture.program`) and resolved in 6 rounds, lasers
first, then moves (:mod:`~asteroyds.modes.capture.resolve`). First team to 3
points (2 with three teams) and ahead of the others wins.

**The design notes** (how the default layouts were drawn, and the eleven
decisions taken where the rules are silent) are in ``docs/capture.md``.

The public API, for the Game, the command line and the notebooks:

- :func:`setup` — the default layouts, with the variants as options; :func:`layout`;
- :func:`parse_program` / :func:`validate_program` / :func:`programs_for` —
  the chart; :class:`CaptureProgram` is the value;
- :func:`resolve` — the 6 rounds of a turn, ``(state, events)``; :func:`begin_turn`
  plays it round by round (the coach);
- :func:`outcome` — the victory rule; :class:`CaptureRules` — the table's settings;
- :mod:`~asteroyds.modes.capture.bot` — the seeded team bot
  (whole bot games: :func:`asteroyds.simulate.play_capture_game`);
- :data:`CAPTURE` — the :class:`~asteroyds.modes.Mode` (registered by :mod:`asteroyds.modes`).

>>> state = setup(teams=2, crafts_per_team=2)
>>> [c.player for c in state.crafts_in_order()]
['red1', 'white1', 'red2', 'white2']
>>> after, events = resolve(state, (3, 5, 2), {"red1": "F F X . . . X3"})
>>> outcome(after, events) is None
True
"""

from __future__ import annotations

from .mode import CAPTURE, CAPTURE_TURN, TURN_PHASE, outcome
from .program import (
    COLUMN_TOKENS,
    CaptureProgram,
    as_capture_program,
    legal_anticipations,
    legal_column_tokens,
    parse_capture_program,
    validate_capture_program,
)
from .resolve import begin_turn, programs_for, resolve
from .rules import (
    DEFAULT_CAPTURE_RULES,
    TARGETS,
    TEAMS,
    VICTORY_CHECKS,
    CaptureRules,
    TurretAim,
    asteroyd_of,
    leader,
    platform_of,
    scores,
    team_players,
    teams,
    turret_aims,
)
from .setup import BLUE_ASTEROID_CELLS, LAYOUT_FILES, MAX_CRAFTS_PER_TEAM, MODE, TEAM_SETS, layout, setup

parse_program = parse_capture_program
validate_program = validate_capture_program

__all__ = [
    "BLUE_ASTEROID_CELLS",
    "CAPTURE",
    "CAPTURE_TURN",
    "COLUMN_TOKENS",
    "DEFAULT_CAPTURE_RULES",
    "LAYOUT_FILES",
    "MAX_CRAFTS_PER_TEAM",
    "MODE",
    "TARGETS",
    "TEAMS",
    "TEAM_SETS",
    "TURN_PHASE",
    "VICTORY_CHECKS",
    "CaptureProgram",
    "CaptureRules",
    "TurretAim",
    "as_capture_program",
    "asteroyd_of",
    "begin_turn",
    "layout",
    "leader",
    "legal_anticipations",
    "legal_column_tokens",
    "outcome",
    "parse_capture_program",
    "parse_program",
    "platform_of",
    "programs_for",
    "resolve",
    "scores",
    "setup",
    "team_players",
    "teams",
    "turret_aims",
    "validate_capture_program",
    "validate_program",
]
