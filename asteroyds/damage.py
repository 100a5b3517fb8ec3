"""Damage and the decisions taken when it happens.

Two choices are made mid-flight, at the moment they matter
(docs/rules.md#5-flying-and-the-status-chart, docs/rules.md#9-pilots): destroying an
asteroid instead of bouncing off it, and Lawrence's emergency shield. Phases ask a
``decide`` callback, so a notebook can ask a person, a bot can answer at once and a replay
can answer from the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from .event_text import phrase_said, player_text
from .events import CraftDamaged, CraftDestroyed, Event
from .i18n import _, ngettext
from .named import Phrase
from .pieces import MAX_DAMAGE, Craft

DESTROY_ASTEROID = "destroy_asteroid"
EMERGENCY_SHIELD = "emergency_shield"
DECISION_KINDS: tuple[str, ...] = (DESTROY_ASTEROID, EMERGENCY_SHIELD)
POLICIES: tuple[str, ...] = ("never", "always")


@dataclass(frozen=True, slots=True)
class Decision:
    """A yes/no question a phase asks a player.

    ``key`` identifies the question within a round so that answers recorded
    in a game log can be replayed.
    """

    kind: str
    player: str
    key: str
    question: str
    piece: str | None = None
    amount: int = 0

    def __str__(self) -> str:
        return self.question


Decide = Callable[[Decision], bool]


def never(_decision: Decision) -> bool:
    """The default policy: keep every once-per-game power."""
    return False


def always(_decision: Decision) -> bool:
    """Use every power at the first chance."""
    return True


def policy(destroy: str = "never", lawrence: str = "never") -> Decide:
    """A decide callback from the command line's ``--destroy`` / ``--lawrence`` words."""
    for name, value in (("destroy", destroy), ("lawrence", lawrence)):
        if value not in POLICIES:
            raise ValueError(
                _(
                    "--{name} must be one of {choices}, got {value!r}",
                    name=name,
                    choices=", ".join(POLICIES),
                    value=value,
                )
            )
    answers = {DESTROY_ASTEROID: destroy == "always", EMERGENCY_SHIELD: lawrence == "always"}

    def decide(decision: Decision) -> bool:
        return answers[decision.kind]

    return decide


def apply_damage(
    craft: Craft,
    base: int,
    shielded: bool,
    cause: Phrase | str,
    decide: Decide = never,
    key: str = "",
) -> tuple[Craft, list[Event]]:
    """Apply one damage event: shield first, then Lawrence may cancel one more point.

    Reaching 6 destroys the craft: it leaves the board (``cell`` becomes None).
    """
    amount = max(0, base - (1 if shielded else 0))
    emergency = False
    if amount > 0 and craft.pilot == "Lawrence" and not craft.power_used:
        question = Decision(
            kind=EMERGENCY_SHIELD,
            player=craft.player,
            key=f"{key}:lawrence:{craft.player}",
            question=ngettext(
                "{player}: use Lawrence's emergency shield to cancel 1 of the {amount} damage point"
                " for {cause}?",
                "{player}: use Lawrence's emergency shield to cancel 1 of the {amount} damage points"
                " for {cause}?",
                amount,
                player=player_text(craft.player),
                amount=amount,
                cause=phrase_said(cause),
            ),
            amount=amount,
        )
        if decide(question):
            amount -= 1
            emergency = True
            craft = replace(craft, power_used=True)
    total = min(MAX_DAMAGE, craft.damage + amount)
    events: list[Event] = [
        CraftDamaged(
            player=craft.player,
            amount=amount,
            base=base,
            shielded=shielded,
            emergency_shield=emergency,
            total=total,
            cause=cause,
        )
    ]
    if total >= MAX_DAMAGE and craft.cell is not None:
        events.append(CraftDestroyed(player=craft.player, cell=craft.cell))
        craft = replace(craft, damage=MAX_DAMAGE, cell=None)
    else:
        craft = replace(craft, damage=total)
    return craft, events
