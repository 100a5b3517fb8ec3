"""One exception family, so callers can catch everything the engine rejects.

Every message names the offending input (with ``!r``) and where it was: the
file, the piece id, the cell, the player and column.
"""

from __future__ import annotations


class AsteroydsError(ValueError):
    """Base class: bad input rejected by the engine; nothing was changed."""


class ScenarioError(AsteroydsError):
    """A scenario file or state description is malformed or inconsistent."""


class ProgramError(AsteroydsError):
    """A program (status chart) is malformed or illegal in this mode."""


class RuleError(AsteroydsError):
    """An action is not allowed by the rules at this point of the game."""


class DecisionError(AsteroydsError):
    """A mid-flight decision was answered wrongly or at the wrong time."""


class InputError(ScenarioError):
    """A file, argument, link or upload refused at the boundary (:mod:`asteroyds.untrusted`).

    Too large, not UTF-8 text, not JSON, nested too deeply, a number too long,
    a string with control characters or lone surrogates.
    """
