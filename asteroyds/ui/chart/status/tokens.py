"""The tokens of one status chart: which kind each is, where it sits, the program they make.

The rules: docs/rules.md#5-flying-and-the-status-chart.

Tokens are numbered: 0-5 the transparent action tokens, 6 the red column's
token (the *shield token*, which starts on Shield), and 7 the pilot token
when the craft's pilot has a column power not yet used.

>>> from asteroyds.pieces import Craft
>>> tokens = ChartTokens(Craft("blue", (6, 7), 3, pilot="Hector"))
>>> tokens.kinds[-2:], tokens.pilot_index, tokens.program_of()
(('shield', 'pilot'), 7, Program.parse('. . . . . . S'))
"""

from __future__ import annotations

from collections.abc import Sequence

from ....i18n import _
from ....pieces import Craft
from ....pilots import PILOT_TABLE
from ....program import BLUE_COLUMNS, EMPTY, SHIELD, Program, column_name
from .geometry import (
    ACTION,
    ACTION_NAMES,
    PILOT_BOX,
    PILOT_TOKEN,
    SHIELD_HOME,
    SHIELD_TOKEN,
    Place,
    cell_centre,
    tray_slot,
)


class ChartTokens:
    """The tokens of one chart: their kinds, where each sits (a cell, or None: the tray or the pilot
    box), and the pilot token the pilot token writes.

    Its own object because it is the chart's position, dealt anew each round
    (:meth:`deal`), and read without any rule: the program the tokens make,
    where a token is drawn, how it is named. The controller decides the moves:
    it tries one on a copy of :attr:`places`, asks the engine, and keeps it
    only if the engine accepts it.
    """

    def __init__(self, craft: Craft) -> None:
        self.deal(craft)

    def deal(self, craft: Craft) -> None:
        """The round's tokens for ``craft``: the shield token on Shield, the others in the tray, and
        the pilot token if its pilot's column power is still unused."""
        kinds = [ACTION] * BLUE_COLUMNS + [SHIELD_TOKEN]
        info = PILOT_TABLE.get(craft.pilot or "")
        if info is not None and info.column_power and not craft.power_used:
            kinds.append(PILOT_TOKEN)
            self.pilot_token: str | None = info.tokens[0]
        else:
            self.pilot_token = None
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.places: list[Place | None] = self.home_places()

    @property
    def shield_index(self) -> int:
        return BLUE_COLUMNS

    @property
    def pilot_index(self) -> int | None:
        """The pilot token's index, or None when the craft has no pilot power to play."""
        return BLUE_COLUMNS + 1 if PILOT_TOKEN in self.kinds else None

    def home_places(self) -> list[Place | None]:
        """Every token at home: the shield token on Shield, the others off the chart."""
        return [SHIELD_HOME if kind == SHIELD_TOKEN else None for kind in self.kinds]

    def position(self, index: int, place: Place | None) -> tuple[float, float]:
        """Where token ``index`` is drawn at ``place``: its cell, its tray slot or the pilot box."""
        if place is not None:
            return cell_centre(*place)
        if self.kinds[index] == PILOT_TOKEN:
            return PILOT_BOX
        return tray_slot(index)

    def program_of(self, places: Sequence[Place | None] | None = None) -> Program:
        """The program the tokens make at ``places`` (default: where they are), not validated."""
        columns = [EMPTY] * BLUE_COLUMNS
        red = SHIELD
        for index, place in enumerate(self.places if places is None else places):
            if place is None:
                continue
            column, action = place
            kind = self.kinds[index]
            if kind == SHIELD_TOKEN:
                red = action
            else:
                columns[column - 1] = (self.pilot_token or EMPTY) if kind == PILOT_TOKEN else action
        return Program(tuple(columns), red)

    def at(self, column: int) -> int | None:
        """The token in a column, if any."""
        for i, place in enumerate(self.places):
            if place is not None and place[0] == column:
                return i
        return None

    def free_action(self) -> int | None:
        """The first transparent token still in the tray, if any."""
        return next((i for i, k in enumerate(self.kinds) if k == ACTION and self.places[i] is None), None)

    def describe(self, index: int) -> str:
        """A token in words: "transparent token 3", "the shield token", "the pilot token"."""
        kind = self.kinds[index]
        if kind == SHIELD_TOKEN:
            return _("the shield token")
        if kind == PILOT_TOKEN:
            return _("the pilot token")
        return _("transparent token {value}", value=index + 1)

    def where(self, index: int) -> str:
        """Where a token is, in words: the tray, the pilot box, Shield or a column's pictogram."""
        place = self.places[index]
        if place is None:
            return _("the pilot box") if self.kinds[index] == PILOT_TOKEN else _("the tray")
        if place == SHIELD_HOME:
            return _("Shield")
        return f"{column_name(place[0])}, {_(ACTION_NAMES[place[1]])}"

    def check_index(self, index: int) -> None:
        """An IndexError naming the tokens this chart has, for a number that is not one of them."""
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.kinds):
            raise IndexError(
                _(
                    "no token {index!r}: this chart has tokens 0-{value}",
                    index=index,
                    value=len(self.kinds) - 1,
                )
            )
