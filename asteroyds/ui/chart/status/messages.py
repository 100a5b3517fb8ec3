"""What the status chart says after a move: the sentences of a drop's, a click's or a clear's result.

The controller decides the move (the engine checks it); these functions only
put what happened into words, from the tokens as they are afterwards, so a
player reading the chart's message line learns the rule it applied.

>>> from asteroyds.pieces import Craft
>>> from .tokens import ChartTokens
>>> tokens = ChartTokens(Craft("blue", (6, 7), 3))
>>> tokens.places[0] = (1, "F")
>>> placed(tokens, 0, 1, (), pilot=None, power="")
'Column 1: Forward.'
"""

from __future__ import annotations

from ....event_text import and_list
from ....i18n import _
from ....pieces import Craft
from ....pilots import PILOT_TABLE
from ....program import column_name
from .geometry import ACTION_NAMES, PILOT_TOKEN, SHIELD_HOME, SHIELD_TOKEN, Place
from .tokens import ChartTokens


def placed(
    tokens: ChartTokens, index: int, column: int, returned: tuple[int, ...], *, pilot: str | None, power: str
) -> str:
    """Token ``index`` was put on ``column`` (``returned``: the tokens it sent back to the tray).

    ``pilot`` and ``power`` name the pilot and what its pilot token does.
    """
    kind = tokens.kinds[index]
    place = tokens.places[index]
    assert place is not None
    if kind == SHIELD_TOKEN:
        if place == SHIELD_HOME:
            text = _("Red column: Shield. The shield is on this round.")
        else:
            text = _(
                "Red column: {action}, a 7th action after column 6. The shield is off this round.",
                action=_(ACTION_NAMES[place[1]]),
            )
    elif kind == PILOT_TOKEN:
        text = _(
            "{column}: {pilot}'s power ({power}).",
            column=column_name(column).capitalize(),
            pilot=pilot,
            power=_(power) if power else power,
        )
    else:
        text = f"{column_name(column).capitalize()}: {_(ACTION_NAMES[place[1]])}."
    if returned:
        names = and_list([tokens.describe(i) for i in returned])
        text += _(" ({names} went back.)", names=names)
    return text


def went_home(tokens: ChartTokens, index: int, old: Place | None) -> str:
    """Token ``index``, which was at ``old``, went back home (the shield token: on Shield)."""
    if tokens.kinds[index] == SHIELD_TOKEN:
        return _("The shield token is on Shield: the shield is on this round.")
    if old is None:
        return _(
            "{what} stays in {where}.",
            what=tokens.describe(index).capitalize(),
            where=tokens.where(index),
        )
    return _(
        "{what} cleared: {piece} is back in {where}.",
        what=column_name(old[0]).capitalize(),
        piece=tokens.describe(index),
        where=tokens.where(index),
    )


def no_pilot_token(craft: Craft) -> str:
    """Why this craft has no pilot token to place: no pilot, no column power, or the power is used."""
    if craft.pilot is None:
        return _("This craft has no pilot, so there is no pilot token.")
    info = PILOT_TABLE[craft.pilot]
    if not info.column_power:
        return _("{pilot} {hint}: there is no pilot token.", pilot=craft.pilot, hint=_(info.hint))
    return _("{pilot}'s power was already used this game: the pilot token is gone.", pilot=craft.pilot)
