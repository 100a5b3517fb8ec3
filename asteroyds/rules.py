"""Rule settings: every variant and digital-policy switch, by name.

The engine never hides a choice a table might make differently: each one is
a field here, with the default of the published rules (docs/rules.md#10-variants-and-rule-settings).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any, cast

from . import registry
from .errors import ScenarioError
from .i18n import N_, _

PLANNING_LEVELS: tuple[str, ...] = ("beginner", "expert", "custom")
# Planning time in seconds by level of a mode that does not say (each mode says its own).
# (the rules: docs/rules.md#3-a-round)
DEFAULT_PLANNING_SECONDS: dict[str, int] = {"beginner": 50, "expert": 20}
# Each variant by the name a player knows it by (shown as ``_(VARIANT_NAMES[name])``): a page never shows
# the setting's own name, an engine identifier to a newcomer (issue 35).
VARIANT_NAMES: dict[str, str] = {
    "return_to_platform": N_("return to a platform"),
    "random_dice_order": N_("random dice order"),
    "one_shot_per_turn": N_("one shot per turn"),
    "targets_handicap": N_("handicap (targets)"),
    "planning_level": N_("planning time"),
}


@dataclass(frozen=True, slots=True)
class RuleSettings:
    """Named variants; all off by default (docs/rules.md#10-variants-and-rule-settings)."""

    return_to_platform: bool = False
    random_dice_order: bool = False
    one_shot_per_turn: bool = False
    targets_handicap: int = 0
    planning_level: str = "beginner"
    planning_seconds: int | None = None

    def __post_init__(self) -> None:
        if self.planning_level not in PLANNING_LEVELS:
            raise ScenarioError(
                _(
                    "rules: planning_level {planning_level!r} is not one of {PLANNING_LEVELS}",
                    planning_level=self.planning_level,
                    PLANNING_LEVELS=PLANNING_LEVELS,
                )
            )
        if self.planning_seconds is not None and self.planning_seconds <= 0:
            raise ScenarioError(
                _(
                    "rules: planning_seconds {planning_seconds!r} must be > 0",
                    planning_seconds=self.planning_seconds,
                )
            )
        if not 0 <= self.targets_handicap <= 5:
            raise ScenarioError(
                _(
                    "rules: targets_handicap {targets_handicap!r} must be 0..5",
                    targets_handicap=self.targets_handicap,
                )
            )

    def planning_time(self, mode: str) -> int:
        """Seconds on the stopwatch for this mode (its name) and level (the mode says its times)."""
        if self.planning_seconds is not None:
            return self.planning_seconds
        level = "beginner" if self.planning_level == "custom" else self.planning_level
        found = registry.registered().get(mode)
        table = DEFAULT_PLANNING_SECONDS if found is None else found.planning_seconds
        return table[level]

    def to_dict(self) -> dict[str, object]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, object], where: str = "rules") -> RuleSettings:
        if not isinstance(data, dict):
            raise ScenarioError(_("{where}: expected an object, got {data!r}", where=where, data=data))
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise ScenarioError(
                _("{where}: unknown rule setting {unknown!r}", where=where, unknown=unknown[0])
            )
        for name, value in data.items():
            want = known[name].type
            ok = (
                isinstance(value, bool)
                if "bool" in str(want)
                else (value is None and "None" in str(want))
                or (isinstance(value, int) and not isinstance(value, bool) and "int" in str(want))
                or (isinstance(value, str) and "str" in str(want))
            )
            if not ok:
                raise ScenarioError(
                    _("{where}: {name} has the wrong type: {value!r}", where=where, name=name, value=value)
                )
        # mypy cannot follow the loop above, which checked each value against its field's type.
        return cls(**cast("dict[str, Any]", data))

    def with_changes(self, **changes: Any) -> RuleSettings:
        """A copy with some settings changed; ``Any`` as in dataclasses.replace, since the editor
        names a setting at run time."""
        return replace(self, **changes)


DEFAULT_RULES = RuleSettings()


def __getattr__(name: str) -> object:
    """``MODES``: the registered modes' names (:func:`asteroyds.registry.names`), not a second list."""
    if name == "MODES":
        return registry.names()
    raise AttributeError(_("module {kind!r} has no attribute {name!r}", kind=__name__, name=name))
