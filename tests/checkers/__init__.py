"""Independent checkers: the rules of flight, lasers and capture, re-derived outside the engine.

Each checker is a second, deliberately naive reading of the rules
(``docs/rules.md``), written without calling the engine's resolution code
(``asteroyds.flight``, ``asteroyds.shooting``, ``asteroyds.damage``, the pilots'
table, ``asteroyds.modes.capture.resolve``). It reads only the data types
(:class:`~asteroyds.state.State`, pieces, the board's neighbours) and
recomputes what must happen; then it compares its own account with the
engine's resulting state and events, and returns the differences as
sentences (an empty list: they agree). The tests run the checkers over random
boards and programs (Hypothesis), as ``tests/test_properties.py`` does for the
asteroid phase, and prove each checker can fail by planting a bug in the
engine.

A checker compares *facts*: small tuples such as ``("move", player, column,
start, end)`` that it predicts, and that its ``engine_facts`` reads from the
engine's events. Comparing facts (not whole events) keeps the
checkers free of wording and of how the engine orders what the rules leave
unordered.
"""

from __future__ import annotations

from collections.abc import Sequence

from asteroyds.hexgrid import Board, Cell

# A die showing d moves a tile (or aims a turret) in direction (orientation + OFFSET[d]) % 6:
# the pips read 1, 5, 3, 6, 2, 4 clockwise from the "1" edge (docs/rules.md#2-pieces).
PIP_OFFSET = {1: 0, 5: 1, 3: 2, 6: 3, 2: 4, 4: 5}
# A pilot's power as primitive steps (docs/rules.md#9-pilots): F forward, B backwards keeping the
# facing, L/R a pivot of one notch, U turn back. Lawrence has no column power.
POWERS = {
    ("Hector", "P"): "FF",
    ("Dolorosa", "P"): "UF",
    ("Yayenek", "P"): "B",
    ("M'Hand", "PL"): "LLF",
    ("M'Hand", "PR"): "RRF",
    ("1634", "PL"): "L",
    ("1634", "PR"): "R",
    ("1634", "PLL"): "LL",
    ("1634", "PRR"): "RR",
}
PIVOTS = {"L": -1, "R": 1, "U": 3}


def aimed(orientation: int, die: int) -> int:
    """The direction a die value gives a tile or turret of this orientation (docs/rules.md#2-pieces)."""
    return (orientation + PIP_OFFSET[die]) % 6


def ahead(board: Board, cell: Cell, direction: int) -> Cell | None:
    """The neighbouring space, or None across the border (docs/rules.md#1-geometry)."""
    return board.step(cell, direction)


def compare(what: str, expected: Sequence[object], got: Sequence[object]) -> list[str]:
    """One sentence naming the first difference between two lists of facts (none when equal)."""
    expected, got = list(expected), list(got)
    if expected == got:
        return []
    for i, (e, g) in enumerate(zip(expected, got, strict=False)):
        if e != g:
            return [f"{what}: fact {i} differs: the rules give {e!r}, the engine {g!r}"]
    if len(expected) > len(got):
        return [
            f"{what}: the engine stops after {len(got)} facts; the rules go on with {expected[len(got)]!r}"
        ]
    return [f"{what}: the engine adds {got[len(expected)]!r} after the {len(expected)} facts the rules give"]


def compare_unordered(what: str, expected: Sequence[object], got: Sequence[object]) -> list[str]:
    """One sentence naming the facts only one side has, where the rules give no order (none when equal)."""
    rest = list(got)
    missing = []
    for fact in expected:
        if fact in rest:
            rest.remove(fact)
        else:
            missing.append(fact)
    if not missing and not rest:
        return []
    return [f"{what}: only the rules give {missing!r}; only the engine gives {rest!r}"]


def differ(what: str, expected: object, got: object) -> list[str]:
    """One sentence if two values differ."""
    return [] if expected == got else [f"{what}: the rules give {expected!r}, the engine {got!r}"]


def search_settings() -> object:
    """Hypothesis settings for a planted-bug search: the same 300 examples every run, no shrinking."""
    from hypothesis import HealthCheck, Phase, settings

    return settings(
        max_examples=300,
        derandomize=True,
        database=None,
        deadline=None,
        phases=(Phase.generate,),
        suppress_health_check=list(HealthCheck),
    )
