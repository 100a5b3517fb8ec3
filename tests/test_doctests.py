"""Every ``>>>`` example in the engine's docstrings runs and gives what it says (STYLE §7).

Each module of the ``asteroyds`` package is imported and run through
``doctest.testmod``; ``asteroyds.ui`` (widgets, needs a browser front end) is
left out.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import asteroyds

MODULES = sorted(
    ["asteroyds"]
    + [
        info.name
        for info in pkgutil.walk_packages(asteroyds.__path__, prefix="asteroyds.")
        if info.name != "asteroyds.ui" and not info.name.startswith("asteroyds.ui.")
    ]
)
# The foundation's entry points carry examples (STYLE §7): they must not lose them.
WITH_EXAMPLES = [
    "asteroyds",
    "asteroyds.asteroids",
    "asteroyds.dice",
    "asteroyds.events",
    "asteroyds.hexgrid",
    "asteroyds.pieces",
    "asteroyds.scenario",
    "asteroyds.setups",
    "asteroyds.state",
]


def test_the_module_list_is_complete():
    assert set(WITH_EXAMPLES) <= set(MODULES)
    assert not any(name.startswith("asteroyds.ui") for name in MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} lost its >>> examples"
