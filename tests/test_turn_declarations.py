"""What a turn declares for the drivers (``Turn.team_seats``, ``Turn.preview``), so nothing outside
``asteroyds/modes`` asks which mode it is: who plans at one seat, and what the dice do with nothing
planned (the editor's preview)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import asteroyds
from asteroyds.asteroids import resolve_asteroids
from asteroyds.dice import Dice
from asteroyds.modes import mode_named, modes
from asteroyds.phases import Phase


def _setup(name: str):
    return mode_named(name).setup(seed=3)


@pytest.mark.parametrize("name", sorted(modes()))
def test_a_seat_is_a_team_only_where_a_team_plans_together(name):
    state = _setup(name)
    turn = mode_named(name).turn
    seats = {turn.seat_of(craft) for craft in state.crafts}
    # capture: the teams plan together (fewer seats than crafts); targets' crafts have sides but
    # each player plans alone, like racing's.
    assert turn.team_seats(state.crafts) is (name == "capture")
    assert (len(seats) < len(state.crafts)) is (name == "capture")
    assert turn.team_seats(()) is False


@pytest.mark.parametrize("name", sorted(modes()))
def test_the_preview_is_the_asteroid_phase_or_capture_s_whole_turn(name):
    state, dice = _setup(name), Dice(red=2, white=4, blue=1)
    done = mode_named(name).turn.preview(state, dice)
    if name == "capture":  # no asteroid phase: the whole turn with every chart empty
        assert done.next_phase == Phase.END
        assert [e.to_dict() for e in done.events] == [
            e.to_dict() for e in mode_named(name).turn.resolve(state, dice, {}).events
        ]
    else:  # the asteroid phase with every shield up
        after, events = resolve_asteroids(state, dice)
        assert done.next_phase == Phase.FLY and done.state == after
        assert [e.to_dict() for e in done.events] == [e.to_dict() for e in events]


def test_no_shape_question_outside_the_modes_and_a_mode_s_own_views():
    """The issue's greps: ``resolves_at_once`` and ``Planning.TEAM`` only in ``asteroyds/modes/`` and in
    a mode's own UI package (capture's chart, ``ui/chart/capture/``)."""
    package = Path(asteroyds.__file__).parent
    asked = [
        f"{path.relative_to(package)}:{number}"
        for path in sorted(package.rglob("*.py"))
        if not {"modes", "capture"} & set(path.relative_to(package).parts)
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"resolves_at_once|Planning\.TEAM", line)
    ]
    assert asked == []
