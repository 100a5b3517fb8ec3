"""The board in and out of the editor: scenario and demo files, the built-in setups, a share link.

Functions, not a part with state: a file is read into a :class:`Loaded` board
(which the controller then commits, so loading can be undone) and written from
the board and dice it is given; the board belongs to the controller's history
and the dice to its demonstration
(:class:`~asteroyds.ui.editor.demonstration.Demonstration`). A file that
cannot be read raises :class:`~asteroyds.ui.editor.tools.Refused` with the
engine's sentence, and nothing changes.

>>> from asteroyds.ui.editor.tools import empty_state
>>> loaded = read_text(scenario_json(empty_state("drones")), "my file")
>>> loaded.state.mode, loaded.message, loaded.dice
('drones', 'Loaded my file', None)
>>> read_text("{broken", "pasted text")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
asteroyds.ui.editor.tools.Refused: pasted text: not valid JSON...
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ... import demos, scenario
from ...dice import Dice
from ...errors import AsteroydsError
from ...event_text import player_text
from ...i18n import _
from ...modes import mode_text, modes
from ...setups import setup
from ...state import State
from ..modes import views_for
from ..share import links
from .tools import Refused


class Loaded(NamedTuple):
    """A board read from a file, a setup or a link, with what to say and the dice it came with (if any)."""

    state: State
    message: str
    dice: Dice | None = None


def scenario_json(state: State) -> str:
    """The board as a scenario file (``asteroyds/scenario@1``)."""
    return scenario.dumps(state)


def demo_json(
    state: State, dice: Dice, title: str, explain: str, rule: str = "—", name: str = "my-demo"
) -> str:
    """The board and the dice as a gallery demo file (``asteroyds/demo@1``)."""
    demo = demos.make_demo(state, dice, name=name, title=title, explain=explain, rule=rule)
    return demos.dumps(demo)


def read_text(text: str, where: str = "pasted text") -> Loaded:
    """A scenario (or a gallery demo, with its dice) from its JSON text; a broken file is refused."""
    try:
        data = scenario.parse_json(text, where)
        if isinstance(data, dict) and data.get("format") == demos.FORMAT:
            demo = demos.from_dict(data, name="loaded", where=where)
            return Loaded(demo.state, _("Loaded the demo “{title}”", title=demo.title), demo.dice)
        state = scenario.from_dict(data, where=where)
    except AsteroydsError as exc:
        raise Refused(str(exc)) from exc
    if where == "pasted text":  # the editor's own name for its text box
        return Loaded(state, _("Loaded the pasted text"))
    return Loaded(state, _("Loaded {where}", where=where))


def built_in(name: str, seed: int = 0, players: Sequence[str] = ("blue",)) -> Loaded:
    """A built-in setup (``racing``, ``shooting``, ``drones``, ``targets``) with a seed, or a mode's layout.

    A mode may ship boards of its own instead (:attr:`asteroyds.ui.modes.ModeViews.layouts`):
    ``capture`` and ``capture-3teams`` are the shipped capture layouts
    (``data/capture-2teams.json``, ``capture-3teams.json``), two crafts
    per team named by the engine: no seed (the layout is fixed,
    docs/rules.md#11-capture-the-asteroyd) and no players (the Craft tool adds a team's third craft).
    """
    shipped = {n: build for name in modes() for n, build in views_for(name).layouts.items()}
    if name in shipped:
        state, said = shipped[name]()
        return Loaded(state, said)
    try:
        state = setup(name, seed=int(seed), players=list(players))
    except (AsteroydsError, ValueError, KeyError) as exc:
        raise Refused(str(exc)) from exc
    return Loaded(
        state,
        _(
            "The {name} setup, seed {seed}, players {choices}",
            name=mode_text(name),
            seed=seed,
            choices=", ".join(player_text(p) for p in players),
        ),
    )


def share_link(state: State, dice: Dice, base_url: str = "") -> str:
    """A link that opens this board and dice (see :mod:`asteroyds.ui.share.links`)."""
    return links.share_link(state, base_url, dice=dice)


__all__ = ["Loaded", "built_in", "demo_json", "read_text", "scenario_json", "share_link"]
