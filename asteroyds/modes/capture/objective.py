"""What "best" means for the coach in Capture the Asteroyd (the mode's ``coach`` objective).

One craft of a team, at the end of a turn, compared in this order (the
first difference decides): (1) the points its team scored this turn, (2)
the craft carries an enemy asteroyd at the end, (3) the *route distance*:
the fewest columns (F, R, L, U, around pods, turrets and other platforms,
from its final space and facing) to enter the nearest loose enemy asteroyd
(when it carries none) or its own platform (when it carries one), 99
without a route, 0 when no enemy asteroyd is loose (the capture team bot
measures routes the same way), (4) it was not sent home (hit or bumped)
this turn, (5) the most enemy crafts its laser sent home. The coach's
search (:mod:`asteroyds.coach.capture`) plays the turns; this judges them.

>>> score = {"objective": "capture", "on_board": True, "points": 1, "carrying": False,
...          "distance": 4, "sent_home": False, "enemies_hit": 0}
>>> CAPTURE_OBJECTIVE.rank(score), CAPTURE_OBJECTIVE.text(score)
((-1, 1, 4, 0, 0), '1 point, 4 columns from the nearest enemy asteroyd, enemy crafts hit: 0')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...i18n import _, ngettext
from ..objectives import CoachObjective
from .bot import columns_to

FAR = 99  # no route


class CaptureObjective(CoachObjective):
    """Capture's objective: a team's points first, then carrying, the route, staying in, enemies hit."""

    name = "capture"

    def rank(self, score: Mapping[str, object]) -> tuple:
        return (
            -int(score["points"]),  # type: ignore[call-overload]
            0 if score["carrying"] else 1,
            int(score["distance"]),  # type: ignore[call-overload]
            1 if score["sent_home"] else 0,
            -int(score["enemies_hit"]),  # type: ignore[call-overload]
        )

    def text(self, score: Mapping[str, object]) -> str:
        """A capture score in one sentence."""
        n = int(score["points"])  # type: ignore[call-overload]
        fields = {"n": n, "distance": score["distance"], "hits": score["enemies_hit"]}
        if score["carrying"]:
            text = ngettext(
                "{n} point, carrying an enemy asteroyd {distance} columns from home, enemy crafts hit: {hits}",  # noqa: E501
                "{n} points, carrying an enemy asteroyd {distance} columns from home, enemy crafts hit: {hits}",  # noqa: E501
                n,
                **fields,
            )
        else:
            text = ngettext(
                "{n} point, {distance} columns from the nearest enemy asteroyd, enemy crafts hit: {hits}",
                "{n} points, {distance} columns from the nearest enemy asteroyd, enemy crafts hit: {hits}",
                n,
                **fields,
            )
        if score["sent_home"]:
            text = _("{text}, sent home this turn", text=text)
        return text


CAPTURE_OBJECTIVE = CaptureObjective()


def capture_score(turn: Any, player: str, start_points: int, enemies_hit: int) -> dict[str, object]:
    """The named components of the objective for ``player`` once ``turn`` (a played capture turn) is over."""
    team = turn.team[player]
    cell = turn.cell[player]
    carrying = player in turn.carrying
    if carrying:
        goals = [turn.platform[team].cell]
    else:
        goals = [
            turn.pieces[a].cell
            for a in turn.asteroyds
            if turn.pieces[a].team != team and turn.pieces[a].carrier is None
        ]
    own = turn.platform[team].cell
    blocked = frozenset(c for c in turn.obstacle if c != own)
    state_board = turn.state.board
    dist = min(
        (columns_to(state_board, blocked, goal).get((cell, turn.facing[player]), FAR) for goal in goals),
        default=0,
    )
    return {
        "objective": CAPTURE_OBJECTIVE.name,
        "on_board": True,
        "points": turn.points.get(team, 0) - start_points,
        "carrying": carrying,
        "distance": dist,
        "sent_home": player in turn.out,
        "enemies_hit": enemies_hit,
    }


def capture_score_text(score: Mapping[str, object]) -> str:
    """A capture score in one sentence (:meth:`CaptureObjective.text`)."""
    return CAPTURE_OBJECTIVE.text(score)


__all__ = ["CAPTURE_OBJECTIVE", "FAR", "CaptureObjective", "capture_score", "capture_score_text"]
