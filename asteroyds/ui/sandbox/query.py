"""What a sandbox page's address asks for: a game's setup (a chapter's *Play this race*) and the hints.

A chapter ends with a link to play its game (chapter 5: the four-craft race of seed 7, the learner
flying blue against bots): ``sandbox.ipynb?mode=racing&players=blue,red,green,yellow&humans=blue&seed=7``
starts that game at once. ``?hints=off`` is a teacher's switch: the coach gives no hint on this page
(:mod:`.hints`; a server switches them off for every page with ``ASTEROYDS_HINTS=off``). A
``?scenario=`` link is read by :func:`asteroyds.ui.share.links.scenario_from_query`; other
parameters (Voila's, ``lang``) are ignored here.

>>> asked = sandbox_query("players=blue,red&humans=blue&seed=7&hints=off")
>>> asked.setup.kinds, asked.setup.seed, asked.hints
({'blue': 'human', 'red': 'greedy'}, 7, False)
>>> play_link(asked.setup)
'sandbox.ipynb?mode=racing&players=blue,red&humans=blue&seed=7'
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlencode

from ... import untrusted
from ...errors import ScenarioError
from ...i18n import _
from ..share.links import SANDBOX_NOTEBOOK
from .hints import hints_allowed
from .setup import SandboxSetup, Seat

KEYS: tuple[str, ...] = ("mode", "players", "humans", "seed", "bots", "hints")


@dataclass(frozen=True)
class SandboxQuery:
    """A sandbox page's link: the game to start (None: the setup panel's), and are hints allowed?"""

    setup: SandboxSetup | None = None
    hints: bool = True


def _names(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.replace(" ", ",").split(",") if name.strip())


def sandbox_query(query_string: str | None) -> SandboxQuery:
    """Read a sandbox page's query string; a bad setup raises a :class:`ScenarioError` naming it."""
    params = parse_qs((query_string or "").lstrip("?"), keep_blank_values=True)
    first = {key: untrusted.printable(values[0][:200]) for key, values in params.items() if key in KEYS}
    hints = hints_allowed(first.get("hints"))
    if "players" not in first:
        return SandboxQuery(None, hints)
    players = _names(first["players"])
    humans = set(_names(first.get("humans", "")))
    bots = first.get("bots", "greedy").strip() or "greedy"
    try:
        seed = int(first.get("seed", "1"))
    except ValueError:
        message = _("link: the seed must be a whole number, got {value!r}", value=first["seed"])
        raise ScenarioError(message) from None
    seats = tuple(Seat(p, "human" if p in humans else bots) for p in players)
    chosen = SandboxSetup(mode=first.get("mode", "racing").strip() or "racing", seats=seats, seed=seed)
    chosen.check("link")
    return SandboxQuery(chosen, hints)


def play_link(setup: SandboxSetup, base: str = SANDBOX_NOTEBOOK) -> str:
    """The sandbox's address that starts ``setup``: its mode, seats and seed (bots: its first bot's kind)."""
    humans = [seat.colour for seat in setup.seats if not seat.is_bot]
    bots = [seat.kind for seat in setup.seats if seat.is_bot]
    params = {"mode": setup.mode, "players": ",".join(setup.players), "humans": ",".join(humans)}
    if bots and bots[0] != "greedy":
        params["bots"] = bots[0]
    params["seed"] = str(setup.seed)
    return f"{base}?{urlencode(params, safe=',')}"


__all__ = ["KEYS", "SandboxQuery", "play_link", "sandbox_query"]
