"""How a game ends: the winners and why, in words a player reads at the table."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Finisher:
    """A player who met the victory condition this round, with the tie-break keys."""

    player: str
    column: int
    damage: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game. ``winners`` is empty when nobody wins (every craft destroyed)."""

    winners: tuple[str, ...]
    reason: str
    finishers: tuple[Finisher, ...] = ()

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1

    def to_dict(self) -> dict[str, object]:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "finishers": [
                {"player": f.player, "column": f.column, "damage": f.damage} for f in self.finishers
            ],
        }

    def __str__(self) -> str:
        return self.reason
