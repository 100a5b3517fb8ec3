"""What the views show of a mode: its scoreboard's words and sums, its planning notes, its editor tools.

A :class:`~asteroyds.modes.Mode` holds a mode's rules; how the scoreboard
counts and names its progress, what the hot seat says of the dice and which
editor tools it hides are the views' business, registered here by mode name
(:func:`register_views`), as the players layer registers a mode's bots and
the coach's objective. A mode that registers nothing gets
:class:`ModeViews`'s defaults (each player's tokens, every editor tool but
capture's asteroyd). The sums and sentences themselves are written beside the
mode's rules (its ``objective``, ``counted``...): here they are only chosen.

>>> views_for("capture").scoring is Scoring.TEAM_POINTS, views_for("racing").progress_name
(True, 'gate tokens')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..i18n import N_
from ..modes import drones, racing, targets
from ..modes.capture import mode as capture
from ..modes.capture.rules import scores
from ..phases import TextEnum
from ..pieces import ASTEROYD, DRONE, GATE, PLATFORM, TURRET

if TYPE_CHECKING:
    from ..dice import Dice
    from ..state import State

Objective = Callable[["State", "State | None", "int | None"], "list[str]"]
Counted = Callable[["State"], "tuple[tuple[str, ...] | None, int]"]


class Scoring(TextEnum):
    """What the scoreboard counts: each player's tokens, or each team's points (``State.scores``)."""

    TOKENS = "tokens"
    TEAM_POINTS = "team points"


def _no_objective(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    return []


def _every_token(state: State) -> tuple[tuple[str, ...] | None, int]:
    return None, 0


def _no_notes(state: State, dice: Dice) -> tuple[str, ...]:
    """Nothing more to say while planning: the dice arrows on the board say it."""
    return ()


def _no_points(state: State, mode_rules: object = None) -> int | None:
    return None


def _own_scores(state: State) -> dict[str, int]:
    return dict(state.scores)


@dataclass(frozen=True)
class ModeViews:
    """What the views show of one mode (the defaults: a mode of each player's tokens)."""

    objective: Objective = _no_objective  # what each side is after, in sentences
    counted: Counted = _every_token  # the symbols that count towards victory (None: all), and how many win
    notes: Callable[[State, Dice], tuple[str, ...]] = _no_notes  # what planning should know of the dice
    points_to_win: Callable[..., int | None] = _no_points  # (state, mode_rules): a team's target
    team_points: Callable[[State], dict[str, int]] = _own_scores
    scoring: Scoring = Scoring.TOKENS
    progress_name: str = N_("tokens")  # the scoreboard's progress legend (translated where shown)
    token_head: str = N_("GATE TOKENS")  # the scoreboard's token column
    team_column: bool = False  # the scoreboard shows each craft's team (targets' sides)
    unused_tools: tuple[str, ...] = (ASTEROYD,)  # editor tools with no use here (asteroyd: capture's)
    team_kinds: tuple[str, ...] = ()  # kinds of piece the editor gives a team (capture's bases)
    # Boards the editor offers instead of the setup, by name: () -> (the board, a sentence saying what it is).
    layouts: Mapping[str, Callable[[], tuple[State, str]]] = field(
        default_factory=lambda: MappingProxyType({})
    )


DEFAULT_VIEWS = ModeViews()
VIEWS: dict[str, ModeViews] = {}  # mode name -> what its views show


def register_views(mode: str, views: ModeViews) -> ModeViews:
    """The views of the mode called ``mode`` show ``views``."""
    VIEWS[mode] = views
    return views


def unregister_views(mode: str) -> None:
    """Take a mode's views out (a test's toy mode, once the test is over)."""
    VIEWS.pop(mode, None)


def views_for(mode: str) -> ModeViews:
    """What the views show of the mode called ``mode`` (the defaults if it registered nothing)."""
    return VIEWS.get(mode, DEFAULT_VIEWS)


register_views(
    racing.RACING.name,
    ModeViews(objective=racing.race_objective, counted=racing.counted, progress_name=N_("gate tokens")),
)
register_views(
    racing.SHOOTING.name,
    ModeViews(
        objective=racing.shoot_objective, counted=racing.counted, progress_name=N_("gate tokens (shot)")
    ),
)
register_views(
    targets.TARGETS.name,
    ModeViews(
        objective=targets.objective,
        progress_name=N_("targets eliminated"),
        token_head=N_("TARGETS"),
        team_column=True,
    ),
)
register_views(
    drones.DRONES.name,
    ModeViews(
        objective=drones.objective,
        counted=drones.counted,
        progress_name=N_("drone symbols"),
        token_head=N_("DRONE SYMBOLS"),
    ),
)
register_views(
    capture.CAPTURE.name,
    ModeViews(
        objective=capture.objective,
        notes=capture.notes,
        points_to_win=capture.points_to_win,
        team_points=scores,
        scoring=Scoring.TEAM_POINTS,
        progress_name=N_("team points"),
        unused_tools=(GATE, DRONE, "target"),  # the editor's target tool
        team_kinds=(ASTEROYD, PLATFORM, TURRET),
        layouts={
            "capture": lambda: capture.shipped_layout(2),
            "capture-3teams": lambda: capture.shipped_layout(3),
        },
    ),
)

__all__ = [
    "DEFAULT_VIEWS",
    "VIEWS",
    "ModeViews",
    "Scoring",
    "register_views",
    "unregister_views",
    "views_for",
]
