"""The Mode objects (issue 11): one per mode, by name; no code outside ``asteroyds/modes`` compares names."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import asteroyds
from asteroyds.errors import ProgramError
from asteroyds.game import Game
from asteroyds.modes import Mode, mode_named, mode_of, modes
from asteroyds.rules import MODES
from asteroyds.setups import setup

PACKAGE = Path(asteroyds.__file__).parent
# The check the README's ARCHITECTURE section gives (grep -rn 'mode ==\|mode !=\|== CAPTURE\|== "capture"').
MODE_COMPARISON = re.compile(r'mode ==|mode !=|== CAPTURE|== "capture"')


def test_no_code_outside_the_modes_package_compares_a_mode_name():
    modes_dir = PACKAGE / "modes"
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if modes_dir not in path.parents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if MODE_COMPARISON.search(line)
    ]
    assert found == []


def test_every_mode_of_the_file_format_has_one_registered_mode_object():
    assert tuple(modes()) == MODES
    for name, mode in modes().items():
        assert isinstance(mode, Mode) and mode.name == name and str(mode) == name
    with pytest.raises(NotImplementedError, match="mode 'chess' is not implemented"):
        mode_named("chess")


def test_capture_is_a_mode_whose_turn_has_six_rounds():
    assert mode_named("capture").turn.rounds == 6
    assert {m.turn.rounds for name, m in modes().items() if name != "capture"} == {1}
    game = Game.capture(teams=2, crafts_per_team=1, seed=2)
    game.play_round({}, dice=(1, 2, 3))
    assert [phase for _, phase, _ in game.log][:2] == ["roll", "capture"]


@pytest.mark.parametrize("name", ["racing", "shooting", "targets", "drones"])
def test_each_standard_mode_builds_its_setup_and_states_its_objective(name):
    players = ["red", "blue"] if name == "targets" else ["blue"]
    state = mode_named(name).setup(seed=1, players=players)
    mode = mode_of(state)
    assert mode is mode_named(name)
    assert mode.objective(state, state, None)
    assert mode.turn.rounds == 1


def test_the_flags_say_what_the_shared_rules_do_differently():
    racing = mode_named("racing")
    assert racing.crosses_gates and not racing.shooting
    state = setup("racing", players=["blue"])
    with pytest.raises(ProgramError, match="not allowed in racing mode"):
        racing.turn.validate(state, state.crafts[0], "X . . . . . S")
    assert mode_named("targets").shoots_targets and mode_named("capture").teams
    assert mode_named("capture").own_rules_key == "capture_rules"


def test_state_imports_neither_the_renderer_nor_a_mode_module():
    """``state`` asks the Mode registry; the built-in modes load on the first look-up."""
    code = (
        "import sys, asteroyds.state; "
        "print(sorted(m for m in sys.modules if m.startswith(('asteroyds.render', 'asteroyds.modes.'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "asteroyds.render" not in out
    lines = (PACKAGE / "state.py").read_text(encoding="utf-8").splitlines()
    imports = [line for line in lines if "import" in line]
    assert [line for line in imports if "modes" in line] == ["from .modes import mode_named"]
