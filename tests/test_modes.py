"""The Mode objects (issue 11): one per mode, by name; no code outside ``asteroyds/modes`` compares names."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

import asteroyds
from asteroyds.errors import ProgramError
from asteroyds.game import Game
from asteroyds.modes import Mode, Planning, mode_named, mode_of, modes
from asteroyds.modes.standard import STANDARD_TURN
from asteroyds.rules import MODES
from asteroyds.setups import setup

PACKAGE = Path(asteroyds.__file__).parent
# The check docs/architecture.md gives (grep -rn 'mode ==\|mode !=\|== CAPTURE\|== "capture"').
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
    game = Game.new("capture", teams=2, crafts_per_team=1, seed=2)
    game.play_round({}, dice=(1, 2, 3))
    assert [phase for _, phase, _ in game.log][:2] == ["roll", "capture"]


@pytest.mark.parametrize("name", [n for n in modes() if mode_named(n).turn is STANDARD_TURN])
def test_each_standard_mode_builds_its_setup_and_states_its_objective(name):
    state = mode_named(name).setup(seed=1)  # its own seats (targets: two teams)
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
    assert mode_named("targets").shoots_targets and mode_named("capture").turn.planning is Planning.TEAM
    assert mode_named("capture").rules_key == "capture_rules"


def test_state_imports_neither_the_renderer_nor_a_mode_module():
    """``state`` is given its checks (:func:`asteroyds.state.validated_by`), which ask the mode registry
    where the modes register, and its picture by the renderer (:func:`asteroyds.state.picture_with`):
    it imports neither a mode nor the renderer, not even through another module (grimp's graph: an
    import in a function or for types counts too)."""
    upstream = grimp.build_graph("asteroyds", cache_dir=None).find_upstream_modules("asteroyds.state")
    assert [m for m in sorted(upstream) if m.startswith(("asteroyds.render", "asteroyds.modes"))] == []
    lines = (PACKAGE / "state.py").read_text(encoding="utf-8").splitlines()
    imports = [line for line in lines if "import" in line]
    assert [line for line in imports if "modes" in line or "registry" in line] == []
    assert [line for line in imports if "checks" in line and line.startswith(("from", "import"))] == []
    runner = [
        line
        for path in sorted((PACKAGE / "checks").glob("*.py"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith("from ..") or line.startswith("import ")
    ]
    assert [line for line in runner if "modes" in line] == []
    assert "from ..registry import mode_named" in runner


# --- issue 21: a mode is a plug-in; capture is a package; the layers hold ------------------------


def _outside_the_modes(pattern: re.Pattern[str]) -> list[str]:
    modes_dir = PACKAGE / "modes"
    return [
        f"{path.relative_to(PACKAGE.parent)}:{number}: {line.strip()}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if modes_dir not in path.parents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]


def test_nothing_outside_the_modes_asks_whether_it_is_capture():
    """The issue's grep (``grep -rn is_capture asteroyds``), and the old flag that meant it."""
    assert _outside_the_modes(re.compile(r"is_capture")) == []
    assert _outside_the_modes(re.compile(r"mode_(named|of)\([^)]*\)\.teams\b")) == []
    assert not hasattr(mode_named("capture"), "teams")


def test_capture_is_a_package_with_no_prefix_files():
    assert sorted(path.name for path in PACKAGE.rglob("capture_*.py")) == []
    assert (PACKAGE / "modes" / "capture" / "__init__.py").exists()
    assert (PACKAGE / "ui" / "chart" / "capture" / "__init__.py").exists()
    assert (PACKAGE / "ui" / "chart" / "status" / "__init__.py").exists()
    docs = PACKAGE.parent / "docs" / "capture.md"
    assert "Decisions where the rules are silent" in docs.read_text(encoding="utf-8")
    assert "docs/capture.md" in (PACKAGE / "modes" / "capture" / "__init__.py").read_text(encoding="utf-8")


def test_the_package_has_no_star_import():
    assert _outside_the_modes(re.compile(r"^\s*from\s+\S+\s+import\s+\*")) == []


def test_one_list_of_modes():
    from asteroyds import registry, setups

    assert tuple(modes()) == registry.names() == MODES == setups.SETUP_NAMES
    assert "MODES" not in vars(sys.modules["asteroyds.rules"])  # derived on demand, not a second list


def test_capture_teaches_the_stepper_only_its_own_games():
    """The capture rules of replay are the mode's (``Mode.replay``): no other mode's board changes."""
    from asteroyds import snapshots

    assert "capture_craft_teleported" not in snapshots.APPLY
    assert "capture_craft_teleported" in mode_named("capture").replay
    assert "craft_moved" in mode_named("capture").replay and "craft_moved" not in mode_named("racing").replay


def test_the_layers_contract_holds():
    """``lint-imports`` on the package: data, rules, modes, players, drivers (pyproject's contract)."""
    done = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()"],
        capture_output=True,
        text=True,
        cwd=PACKAGE.parent,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "Contracts: 2 kept, 0 broken." in done.stdout
    assert "Layers: data, rules, modes, players (bots, coach), drivers KEPT" in done.stdout
