"""Game modes: racing, shooting, targets, drones and capture, one :class:`Mode` object each.

Everything a mode changes lives on its :class:`~asteroyds.modes.base.Mode`
(its turn, start/finish round steps, outcome, checks, bot, scoreboard words,
editor tools); the engine and the UI ask :func:`mode_of` and never compare a
mode's name. A new mode is a new ``Mode`` instance listed in :data:`BUILT_IN`.

The built-in modes are imported on the first look-up, not here: they build
:class:`~asteroyds.state.State` values, and ``State.validate`` asks its mode,
so importing them here would make ``state`` and ``modes`` import each other.

>>> from asteroyds.state import State
>>> mode_of(State("racing", ())).shooting, mode_named("capture").turn.rounds
(False, 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..i18n import _
from .base import Mode, Resolution, Turn

if TYPE_CHECKING:
    from ..events import Event
    from ..outcome import Outcome
    from ..state import State

# module → the names of the Mode objects it defines, in the order the menus list them.
BUILT_IN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("racing", ("RACING", "SHOOTING")),
    ("targets", ("TARGETS",)),
    ("drones", ("DRONES",)),
    ("capture_mode", ("CAPTURE",)),
)
_REGISTRY: dict[str, Mode] = {}


def register(mode: Mode) -> Mode:
    """Add (or replace) a mode in the registry; returns it."""
    _REGISTRY[mode.name] = mode
    return mode


def modes() -> dict[str, Mode]:
    """Every registered mode by name (the built-in ones first, in menu order)."""
    if not _REGISTRY:
        for module_name, names in BUILT_IN:
            module = import_module(f"{__name__}.{module_name}")
            for name in names:
                register(getattr(module, name))
    return _REGISTRY


def mode_named(name: str) -> Mode:
    """The mode called ``name``, or NotImplementedError naming the known ones."""
    try:
        return (_REGISTRY or modes())[name]
    except KeyError:
        raise NotImplementedError(
            _("mode {name!r} is not implemented ({choices})", name=name, choices=", ".join(modes()))
        ) from None


def mode_of(state: State) -> Mode:
    """The mode ``state`` is played in."""
    return mode_named(state.mode)


def outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The end of the game after this round, or None if play goes on."""
    return mode_of(state).outcome(state, round_events)


def start_round(state: State) -> tuple[State, list[Event]]:
    """The mode's start-of-round step (nothing for racing)."""
    return mode_of(state).start_round(state)


def finish_round(state: State, round_events: Sequence[Event]) -> tuple[State, list[Event]]:
    """The mode's end-of-round clean-up, before the victory check (nothing for racing)."""
    return mode_of(state).finish_round(state, round_events)


def __getattr__(name: str) -> Any:
    """``OUTCOMES``: the victory rule of each mode by name (the registry before Mode objects)."""
    if name == "OUTCOMES":
        return {mode.name: mode.outcome for mode in modes().values()}
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))


__all__ = [
    "BUILT_IN",
    "Mode",
    "Resolution",
    "Turn",
    "finish_round",
    "mode_named",
    "mode_of",
    "modes",
    "outcome",
    "register",
    "start_round",
]
