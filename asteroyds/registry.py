"""The game modes by name: the one list of modes, which :mod:`asteroyds.modes` fills.

The data and rules layers need a few facts of a state's mode (may a racing
gate cross a craft? may a craft shoot, and what does a hit give? the mode's
own checks of a board (:class:`~asteroyds.checks.ModeChecks`), its replay rules,
its planning time, how its round ends), but they sit below the modes package and never import it. So each
mode registers itself here (:func:`asteroyds.modes.register`; importing
``asteroyds`` registers the built-in ones) and those layers look it up by
name. What they may ask of a mode is :class:`ModeRules`; the whole mode is
:class:`asteroyds.modes.Mode`.

>>> import asteroyds
>>> mode_named("racing").crosses_gates, names()[:2]
(True, ('racing', 'shooting'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from .errors import ScenarioError
from .i18n import _

# A state and an event are ``Any`` here: the state module looks its mode up in this one, so this
# module names neither (an import of them, even for types only, would be an import cycle).
_State = Any
_Event = Any


class TurnRules(Protocol):
    """The part of a mode's turn the rules layer calls (:class:`asteroyds.modes.Turn`)."""

    @property
    def rounds(self) -> int: ...
    @property
    def play(self) -> Callable[..., Any]: ...


class ModeRules(Protocol):
    """What the data and rules layers ask of a mode (:class:`asteroyds.modes.Mode` has it all)."""

    @property
    def name(self) -> str: ...
    @property
    def turn(self) -> TurnRules: ...
    @property
    def crosses_gates(self) -> bool: ...  # racing: a gate crosses crafts, and a craft stands on a gate
    @property
    def shooting(self) -> bool: ...  # Shoot 'X' may be programmed
    @property
    def shoots_targets(self) -> bool: ...  # targets: a hit target leaves the board with its set
    @property
    def rewarded_kind(
        self,
    ) -> str | None: ...  # the kind of piece a laser hit gives a token from (None: none)
    @property
    def planning_seconds(self) -> Mapping[str, int]: ...  # by planning level (docs/rules.md#3-a-round)
    @property  # the board after the mode's own events (by type)
    def replay(self) -> Mapping[str, Callable[[_State, _Event], _State]]: ...

    @property
    def checks(self) -> Any: ...  # its own checks of a board (asteroyds.checks.ModeChecks)

    def outcome(self, state: _State, round_events: Sequence[_Event]) -> Any: ...
    def start_round(self, state: _State) -> tuple[_State, list[_Event]]: ...
    def finish_round(self, state: _State, round_events: Sequence[_Event]) -> tuple[_State, list[_Event]]: ...


_MODES: dict[str, ModeRules] = {}


def register(mode: ModeRules) -> ModeRules:
    """Add (or replace) ``mode`` under its name; returns it (:func:`asteroyds.modes.register`)."""
    _MODES[mode.name] = mode
    return mode


def unregister(name: str) -> None:
    """Take the mode called ``name`` out of the list (a test's toy mode); no error if it is not there."""
    _MODES.pop(name, None)


def names() -> tuple[str, ...]:
    """Every registered mode's name, the built-in ones first, in menu order."""
    return tuple(_MODES)


def registered() -> Mapping[str, ModeRules]:
    """Every registered mode by name (read-only view)."""
    return _MODES


def mode_named(name: str) -> Any:
    """The mode called ``name``, or NotImplementedError naming the known ones.

    Typed ``Any``: it is a :class:`asteroyds.modes.Mode`, which this layer may not import;
    :class:`ModeRules` says what the layers below the modes ask of it.
    """
    try:
        return _MODES[name]
    except (KeyError, TypeError):
        raise NotImplementedError(
            _("mode {name!r} is not implemented ({choices})", name=name, choices=", ".join(_MODES))
        ) from None


def mode_of(state: _State) -> Any:
    """The mode ``state`` is played in."""
    return mode_named(state.mode)


def checked_mode(name: object, where: str) -> Any:
    """The mode called ``name``, or a :class:`ScenarioError` for a file or a state that names another."""
    if not isinstance(name, str) or name not in _MODES:
        raise ScenarioError(
            _(
                "{where}: unknown mode {mode!r} (expected one of {MODES})",
                where=where,
                mode=name,
                MODES=names(),
            )
        )
    return _MODES[name]


__all__ = [
    "ModeRules",
    "TurnRules",
    "checked_mode",
    "mode_named",
    "mode_of",
    "names",
    "register",
    "registered",
    "unregister",
]
