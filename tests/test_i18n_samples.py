"""One event of every type, from short bot games (for the translation tests).

Bot games of every mode give most types; the few a short game rarely shows
(a blasted asteroid, a bumped craft, a pilot power…) are written by hand.
"""

from __future__ import annotations

from asteroyds.events import EVENT_TYPES, CraftHit, CraftLanded, Event, PilotPowerUsed
from asteroyds.modes.capture.events import (
    AsteroidBlasted,
    AsteroydDropped,
    CaptureWon,
    CraftBumped,
    TurretDisabled,
)
from asteroyds.named import Named
from asteroyds.simulate import play_bot_game, play_capture_game

MODES = ("racing", "shooting", "targets", "drones")


def _flat(value: object, out: list[Event]) -> None:
    if isinstance(value, Event):
        out.append(value)
    elif isinstance(value, list | tuple):
        for item in value:
            _flat(item, out)


def sample_events() -> list[Event]:
    """The first event of each registered type, sorted by type."""
    found: dict[str, Event] = {}
    for mode in MODES:
        for seed in range(3):
            game = play_bot_game(
                players=("blue", "red", "green"),
                styles=["greedy", "random", "greedy"],
                seed=seed,
                mode=mode,
                max_rounds=30,
            )
            for item in game.log:
                found.setdefault(item[2].TYPE, item[2])
    for seed in range(2):
        events: list[Event] = []
        _flat(play_capture_game(teams=3, crafts_per_team=2, seed=seed, max_turns=8).events, events)
        for event in events:
            found.setdefault(event.TYPE, event)
    for event in (
        CraftHit("red", "A3", Named("asteroid", colour="white", priority=3), (4, 5)),
        PilotPowerUsed("blue", "Hector", 3, "P", "forward twice"),
        AsteroidBlasted(
            "B1",
            Named("asteroid", colour="blue", priority=1),
            (5, 5),
            ("red1",),
            (Named.crafts(("red1",)),),
            "laser",
            2,
        ),
        CraftBumped("white2", (0, 3), None, "border", None, Named.border(), 4),
        TurretDisabled("T2", "red", (3, 9), ("white1",), (Named.crafts(("white1",)),), "bump", 5),
        CraftLanded("red", (12, 6), 5, "P1"),
        AsteroydDropped("red1", "AW", "white", (6, 6), 3),
        CaptureWon("white", ("white1", "white2"), (("red", 1), ("white", 3)), 3, 0),
    ):
        found.setdefault(event.TYPE, event)
    return [found[kind] for kind in sorted(found) if kind in EVENT_TYPES]
