"""Game modes: racing, shooting, targets, drones and capture, one :class:`Mode` object each.

Everything a mode changes lives on its :class:`~asteroyds.modes.base.Mode`
(its turn and chart, setup, start/finish round steps, outcome, checks
(:class:`~asteroyds.checks.ModeChecks`), own
rules, bots, coach objective, replay rules, variants, scoreboard words,
editor tools); the engine, the players layer and the UI ask
:func:`mode_of` and never compare a mode's name nor ask which mode it is.

**A new mode** is one package (or module) ending with a ``Mode(...)`` and
one call of :func:`register` (the built-in ones are listed in
:data:`BUILT_IN` and registered when ``asteroyds`` is imported). The list
of modes exists once, in :mod:`asteroyds.registry`: ``rules.MODES``, the
command line's ``--mode`` choices, the sandbox's mode buttons and the setup
names derive from it.

>>> from asteroyds.state import State
>>> mode_of(State("racing", ())).shooting, mode_named("capture").turn.rounds
(False, 6)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .. import registry
from ..errors import ScenarioError
from ..i18n import _
from .base import Mode, Planning, Resolution, Scoring, Turn, TurnWord
from .objectives import CoachObjective

if TYPE_CHECKING:
    from ..events import Event
    from ..outcome import Outcome
    from ..state import State

# module → the names of the Mode objects it defines, in the order the menus list them.
BUILT_IN: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("racing", ("RACING", "SHOOTING")),
    ("targets", ("TARGETS",)),
    ("drones", ("DRONES",)),
    ("capture", ("CAPTURE",)),
)


def register(mode: Mode) -> Mode:
    """Add (or replace) a mode in the registry; returns it. Adding a mode is this one call."""
    if not isinstance(mode, Mode):
        raise TypeError(_("register a Mode, not {given!r}", given=mode))
    registry.register(mode)
    _OBJECTIVES.clear()
    return mode


def unregister(name: str) -> None:
    """Take a mode out of the registry (a test's toy mode, once the test is over)."""
    registry.unregister(name)
    _OBJECTIVES.clear()


def _register_built_in() -> None:
    for module_name, names in BUILT_IN:
        module = import_module(f"{__name__}.{module_name}")
        for name in names:
            if getattr(module, name).name not in registry.registered():
                register(getattr(module, name))


def modes() -> Mapping[str, Mode]:
    """Every registered mode by name (the built-in ones first, in menu order)."""
    return registry.registered()  # type: ignore[return-value]


def mode_named(name: str) -> Mode:
    """The mode called ``name``, or NotImplementedError naming the known ones."""
    return registry.mode_named(name)  # type: ignore[no-any-return]


def mode_of(state: State) -> Mode:
    """The mode ``state`` is played in."""
    return mode_named(state.mode)


def mode_text(name: str) -> str:
    """A mode's name inside a sentence, in the reader's language: ``racing``, ``capture``, ``cibles``.

    The short title (the mode buttons' word), translated, with a small first letter; an unknown
    name is said as it is (the message that names it is the error).

    >>> mode_text("racing"), mode_text("capture"), mode_text("chess")
    ('racing', 'capture', 'chess')
    """
    found = registry.registered().get(name)
    if found is None:
        return name
    word = _(found.short_title or found.title)  # type: ignore[attr-defined]
    return word[:1].lower() + word[1:]


def checked(name: object, where: str) -> Mode:
    """The mode called ``name``, or a ScenarioError naming ``where`` and the known modes."""
    return registry.checked_mode(name, where)  # type: ignore[no-any-return]


_OBJECTIVES: dict[str, CoachObjective] = {}  # name -> objective, as found (cleared when the modes change)


def objective_named(name: str) -> CoachObjective:
    """The coach's objective whose scores say ``"objective": name`` (a mode's :attr:`Mode.coach`)."""
    found = _OBJECTIVES.get(name)
    if found is not None:
        return found
    for mode in modes().values():
        if mode.coach.name == name:
            _OBJECTIVES[name] = mode.coach
            return mode.coach
    raise ScenarioError(_("no mode has the coach objective {name!r}", name=name))


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
    if name == "MODES":
        return registry.names()
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))


_register_built_in()

__all__ = [
    "BUILT_IN",
    "Mode",
    "Planning",
    "Resolution",
    "Scoring",
    "Turn",
    "TurnWord",
    "checked",
    "finish_round",
    "mode_named",
    "mode_of",
    "mode_text",
    "modes",
    "objective_named",
    "outcome",
    "register",
    "start_round",
    "unregister",
]
