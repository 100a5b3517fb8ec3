"""The sandbox's scoreboard and its damage-and-progress plot over rounds.

Two layers, like every widget here. :func:`score_rows`, :func:`mode_progress`
and :func:`progress_series` read a :class:`~asteroyds.state.State` (or a
game's history) into plain values, asking the mode modules what counts
(gate symbols, drone symbols, targets left); :class:`Scoreboard` and
:class:`ProgressPlot` only draw them.

Capture the Asteroyd (docs/rules.md#11-capture-the-asteroyd) is won by a team: the scoreboard leads with
:func:`team_rows` (points, the target, which asteroyd each team carries) and
the progress plot draws each team's points over the turns (capture crafts
take no damage, so the damage plot is hidden).

>>> from asteroyds import setup
>>> state = setup("racing", seed=1, players=["blue", "red"])
>>> row = score_rows(state, {"red": "greedy"})[1]
>>> row.player, row.kind, row.damage, row.progress, row.needed
('red', 'bot (greedy)', 0, 0, 4)
>>> mode_progress(state)[0]
'Race to the 4 gates: A, B, C and D. Nobody holds a gate token yet.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ...event_text import colour_text, target_text, team_text
from ...i18n import N_, _, pgettext
from ...modes import mode_of
from ...pieces import ASTEROYD, MAX_DAMAGE
from ...state import State
from .. import theme
from ..modes import Scoring, views_for
from ..share.markup import Markup, join, style, tag
from ..theme import COLOURS, sheet

if TYPE_CHECKING:  # bqplot (numpy, pandas) is imported when a progress plot is first built
    import bqplot

KIND_LABELS: dict[str, str] = {
    "human": N_("human"),
    "greedy": N_("bot (greedy)"),
    "random": N_("bot (random)"),
    "coach": N_("bot (coach)"),
}
PLOT_PX = (300, 200)  # width, height of each plot
AXIS_STYLE: dict[str, object] = {
    "label_color": COLOURS["muted"],
    "grid_color": "#26305a",
    "color": COLOURS["muted"],
    "tick_style": {"fill": COLOURS["text"], "font-size": "12px"},
}


@dataclass(frozen=True, slots=True)
class ScoreRow:
    """One player's line on the scoreboard.

    ``tokens`` are the symbols (or target names) held, in the order taken;
    ``progress`` counts the ones that count towards victory and ``needed`` how
    many win (0 in targets mode, where the team wins, not the player).
    """

    player: str
    kind: str
    team: str | None
    pilot: str | None
    power_used: bool
    destroy_used: bool
    damage: int
    destroyed: bool
    tokens: tuple[str, ...]
    progress: int
    needed: int
    carrying: str | None = None  # capture: the team whose asteroyd this craft carries


@dataclass(frozen=True, slots=True)
class TeamRow:
    """Capture: one team's line: points, the points that win, its crafts, what it carries."""

    team: str
    points: int
    target: int
    crafts: tuple[str, ...]
    carrying: tuple[str, ...]  # the enemy asteroyds its crafts carry (their teams)
    home: bool  # its own asteroyd is at home (not carried, not dropped in the field)


def _counted(state: State) -> tuple[tuple[str, ...] | None, int]:
    """The symbols that count towards a player's victory (None: every token) and how many win."""
    return views_for(state.mode).counted(state)


def _kind_label(kind: str, state: State) -> str:
    """Who flies a craft, in words (where a team plans together it has one bot, so no style is named)."""
    if kind != "human" and mode_of(state).turn.team_seats(state.crafts):
        return N_("bot")
    return KIND_LABELS.get(kind, kind)


def _carried(state: State) -> dict[str, str]:
    """Carrier → the team of the asteroyd it carries (docs/rules.md#11-capture-the-asteroyd)."""
    return {p.carrier: p.team or "" for p in state.pieces if p.kind == ASTEROYD and p.carrier}


def team_rows(state: State, target: int | None = None) -> list[TeamRow]:
    """A team game (the mode scores team points: capture): one line per team, in the game's team order
    (``target``: points to win, default the mode's rule).

    >>> from asteroyds.modes.capture import setup
    >>> [(r.team, r.points, r.target, r.crafts) for r in team_rows(setup(teams=2, crafts_per_team=1))]
    [('red', 0, 3, ('red1',)), ('white', 0, 3, ('white1',))]
    """
    views = views_for(state.mode)
    points = views.team_points(state)
    names = tuple(points)
    goal = target if target is not None else views.points_to_win(state, None) or 0
    carried = _carried(state)
    rows = []
    for team in names:
        crafts = tuple(c.player for c in state.crafts_in_order() if c.team == team)
        own = next((p for p in state.pieces if p.kind == ASTEROYD and p.team == team), None)
        home = own is not None and own.carrier is None and own.cell == own.home
        rows.append(
            TeamRow(
                team,
                points.get(team, 0),
                goal,
                crafts,
                tuple(carried[p] for p in crafts if p in carried),
                home,
            )
        )
    return rows


def score_rows(state: State, kinds: Mapping[str, str] | None = None) -> list[ScoreRow]:
    """The scoreboard lines, in the setup's order (``kinds``: player → human / greedy / random)."""
    kinds = kinds or {}
    counted, needed = _counted(state)
    views = views_for(state.mode)
    teams = views.scoring is Scoring.TEAM_POINTS  # a craft's progress is its team's points
    carried = _carried(state) if teams else {}
    points = views.team_points(state) if teams else {}
    rows = []
    for craft in state.crafts:
        tokens = tuple(craft.tokens)
        progress = len(tokens) if counted is None else len(set(tokens) & set(counted))
        if teams:
            progress = points.get(craft.team or "", 0)
        rows.append(
            ScoreRow(
                player=craft.player,
                kind=_kind_label(kinds.get(craft.player, "human"), state),
                team=craft.team,
                pilot=craft.pilot,
                power_used=craft.power_used,
                destroy_used=craft.destroy_used,
                damage=craft.damage,
                destroyed=craft.cell is None,
                tokens=tokens,
                progress=progress,
                needed=needed,
                carrying=carried.get(craft.player),
            )
        )
    return rows


def mode_progress(state: State, start: State | None = None, target: int | None = None) -> list[str]:
    """The mode's progress in sentences: gates collected, drone symbols, targets left, team points.

    ``start`` (the game's first state) lets targets mode say how many targets each set began with;
    ``target`` is capture's points to win (default: the rule's, 3 or 2 with three teams).
    """
    return views_for(state.mode).objective(state, start, target)


def _tag(target: str) -> str:
    """``left-3`` → ``L3`` (the tag the board shows on the asteroid)."""
    return target_text(target)


def progress_series(history: Sequence[State]) -> dict[str, tuple[list[int], list[int]]]:
    """Per player: the damage and the progress (tokens that count) after each round; capture: per team,
    no damage and the team's points.

    ``history[0]`` is the setup and ``history[k]`` the state after round ``k``
    (:attr:`asteroyds.game.Game.history`).
    """
    series: dict[str, tuple[list[int], list[int]]] = {}
    if history and views_for(history[-1].mode).scoring is Scoring.TEAM_POINTS:  # team points, no damage
        for state in history:
            for team, points in views_for(state.mode).team_points(state).items():
                damage, progress = series.setdefault(team, ([], []))
                damage.append(0)
                progress.append(points)
        return series
    for state in history:
        counted, _needed = _counted(state)
        for craft in state.crafts_in_order():
            damage, progress = series.setdefault(craft.player, ([], []))
            damage.append(craft.damage)
            tokens = set(craft.tokens)
            progress.append(len(tokens) if counted is None else len(tokens & set(counted)))
    return series


# --- the widgets -------------------------------------------------------------------------
CSS = sheet("scoreboard")


def _pips(on: int, total: int) -> Markup:
    """``total`` pips, the first ``on`` lit (damage taken, or a team's points)."""
    return join(
        *(
            tag("span", class_="asteroyds-pip asteroyds-on" if k < on else "asteroyds-pip")
            for k in range(total)
        )
    )


def _damage_pips(damage: int) -> Markup:
    return join(_pips(damage, MAX_DAMAGE), " ", tag("b", damage))


def _used(text: str) -> Markup:
    return tag("span", text, class_="asteroyds-used")


def _first(title: str) -> Markup:
    """The "1st" mark of player one, its title saying of what."""
    return tag("span", _("1st"), class_="asteroyds-one", title=title)


def _swatch(colour: str) -> Markup:
    return tag("span", class_="asteroyds-swatch", style=style(background=colour))


def _progress_lines(lines: Sequence[str]) -> Markup:
    return join(*(tag("div", line, class_="asteroyds-progress-line") for line in lines))


def _token_chips(row: ScoreRow, symbols: Sequence[str] | None) -> Markup:
    held = set(row.tokens)
    if symbols:  # every symbol that counts, held or still missing
        chips = (
            tag("span", s, class_="asteroyds-chip" if s in held else "asteroyds-chip asteroyds-missing")
            for s in symbols
        )
        return join(*chips, " ", tag("b", f"{row.progress}/{row.needed}"))
    if not row.tokens:
        return _used(_("none yet"))
    return join(*(tag("span", _tag(t), class_="asteroyds-chip") for t in row.tokens))


def _team_ink(team: str) -> str:
    return COLOURS.get(team, COLOURS["player_other"])


def capture_html(state: State, kinds: Mapping[str, str] | None = None, target: int | None = None) -> str:
    """Capture's scoreboard: each team's points out of the target, then its crafts and what they carry."""
    rows = team_rows(state, target)
    crafts = {r.player: r for r in score_rows(state, kinds)}
    body = []
    for t in rows:
        home = _("own asteroyd at home") if t.home else Markup(_("own asteroyd <b>away</b>"))
        team_name = _("{team} team", team=team_text(t.team))
        body.append(
            tag(
                "tr",
                tag("td", _swatch(_team_ink(t.team)), tag("b", team_name)),
                tag("td", _pips(t.points, t.target), " ", tag("b", t.points), f"/{t.target}"),
                tag("td", home),
                class_="asteroyds-team-row",
                data_team=t.team,
                data_score=t.points,
                data_target=t.target,
            )
        )
        for player in t.crafts:
            r = crafts[player]
            carrying = _("carries the {team} asteroyd", team=colour_text(r.carrying)) if r.carrying else ""
            used = _(" (used)") if r.power_used else ""
            pilot = f" · {r.pilot}{used}" if r.pilot else ""
            first = (
                join(" ", _first(_("player one this turn")))
                if (state.player_order and player == state.player_order[0])
                else ""
            )
            body.append(
                tag(
                    "tr",
                    tag(
                        "td",
                        player,
                        first,
                        tag("span", _(r.kind), pilot, class_="asteroyds-kind"),
                        style=style(padding_left="26px"),
                    ),
                    tag("td", carrying, colspan="2"),
                    class_="asteroyds-score-row",
                    data_player=player,
                    data_team=t.team,
                    data_damage="0",
                    data_tokens="",
                    data_progress=t.points,
                    data_carrying=r.carrying or "",
                )
            )
    scores = " ".join(f"{t.team}:{t.points}" for t in rows)
    head = tag("tr", tag("th", _("TEAM · CRAFTS")), tag("th", _("POINTS")), tag("th"))
    return tag(
        "div",
        _progress_lines(mode_progress(state, None, target)),
        tag("table", head, *body),
        class_="asteroyds-scoreboard-body",
        data_round=state.round,
        data_mode=state.mode,
        data_scores=scores,
    )


def scoreboard_html(
    state: State,
    kinds: Mapping[str, str] | None = None,
    start: State | None = None,
    target: int | None = None,
) -> str:
    """The scoreboard as an HTML table (with ``data-*`` attributes the browser tests read).

    ``target``: capture's points to win (see :func:`capture_html`).
    """
    views = views_for(state.mode)
    if views.scoring is Scoring.TEAM_POINTS:
        return capture_html(state, kinds, target)
    rows = score_rows(state, kinds)
    symbols, _needed = _counted(state)
    body = []
    for r in rows:
        colour = theme.player_colour(r.player)
        if r.pilot is None:
            pilot = _used(_("no pilot"))
        else:
            pilot = join(r.pilot, " ", _used(_("(used)")) if r.power_used else _("(ready)"))
        destroy = _used(_("used")) if r.destroy_used else _("ready")
        team = tag("td", r.team or "") if views.team_column else ""
        status = join(
            _(" — destroyed") if r.destroyed else "",
            join(" ", _first(_("player one this round")))
            if state.player_order and r.player == state.player_order[0]
            else "",
        )
        body.append(
            tag(
                "tr",
                tag(
                    "td",
                    _swatch(colour),
                    tag("b", r.player),
                    status,
                    tag("span", _(r.kind), class_="asteroyds-kind"),
                ),
                team,
                tag("td", _token_chips(r, symbols)),
                tag("td", _damage_pips(r.damage)),
                tag("td", pilot),
                tag("td", destroy),
                class_="asteroyds-score-row asteroyds-destroyed" if r.destroyed else "asteroyds-score-row",
                data_player=r.player,
                data_damage=r.damage,
                data_tokens=" ".join(r.tokens),
                data_progress=r.progress,
            )
        )
    heads = [_("PLAYER"), *([_("TEAM")] if views.team_column else []), _(views.token_head), _("DAMAGE")]
    heads += [_("PILOT POWER"), _("DESTROY AN ASTEROID")]
    return tag(
        "div",
        _progress_lines(mode_progress(state, start)),
        tag("table", tag("tr", *(tag("th", head) for head in heads)), *body),
        class_="asteroyds-scoreboard-body",
        data_round=state.round,
        data_mode=state.mode,
    )


class Scoreboard(widgets.VBox):
    """Per player: tokens, damage, pilot power and the once-per-game destroy; the mode's progress on top."""

    def __init__(self, state: State | None = None, kinds: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self._title = widgets.HTML(tag("span", _("SCOREBOARD"), class_="asteroyds-title"))
        self._body = widgets.HTML()
        self._body.add_class("asteroyds-scoreboard-table")
        self.children = [widgets.HTML(theme.CSS + CSS), self._title, self._body]
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-scoreboard")
        self.html = ""
        if state is not None:
            self.update(state, kinds)

    def update(
        self,
        state: State,
        kinds: Mapping[str, str] | None = None,
        start: State | None = None,
        title: str = "",
        target: int | None = None,
    ) -> None:
        """Show ``state`` (``start``: the game's setup, for targets mode's totals; ``target``: capture's
        points to win)."""
        self.html = scoreboard_html(state, kinds, start, target)
        self._body.value = self.html
        word = pgettext("log", mode_of(state).turn_word.lower())
        text = _("SCOREBOARD · {word} {round}", word=word, round=state.round) + (
            f" · {title}" if title else ""
        )
        self._title.value = tag("span", text.upper(), class_="asteroyds-title")


class ProgressPlot(widgets.HBox):
    """Two small bqplot line charts over rounds: each player's damage and progress."""

    def __init__(self) -> None:
        import bqplot  # here, not at the top: a sandbox page imports it only once a game shows the plot
        import numpy as np

        super().__init__()
        self._scales: dict[str, dict[str, bqplot.Scale]] = {}
        self._lines: dict[str, bqplot.Lines] = {}
        self._figures: dict[str, bqplot.Figure] = {}
        self._axes: dict[str, tuple[bqplot.Axis, bqplot.Axis]] = {}
        for name, title in (("damage", _("Damage")), ("progress", _("Progress"))):
            sx, sy = bqplot.LinearScale(min=0.0, max=1.0), bqplot.LinearScale(min=0.0, max=float(MAX_DAMAGE))
            line = bqplot.Lines(
                x=np.zeros((1, 2)),
                y=np.zeros((1, 2)),
                scales={"x": sx, "y": sy},
                marker="circle",
                marker_size=36,
                stroke_width=3,
                colors=[COLOURS["muted"]],
                enable_hover=False,
            )
            ax = bqplot.Axis(scale=sx, label="round", tick_format="d", grid_lines="none", **AXIS_STYLE)
            ay = bqplot.Axis(scale=sy, side="left", tick_format="d", grid_lines="dashed", **AXIS_STYLE)
            fig = bqplot.Figure(
                marks=[line],
                axes=[ax, ay],
                title=title,
                fig_margin={"top": 34, "bottom": 40, "left": 40, "right": 12},
                background_style={"fill": COLOURS["background"]},
                title_style={"fill": COLOURS["text"], "font-size": "14px"},
                layout=widgets.Layout(width=f"{PLOT_PX[0]}px", height=f"{PLOT_PX[1]}px"),
                animation_duration=0,
                display_toolbar=False,
            )
            fig.add_class("asteroyds-progress-figure")
            fig.add_class(f"asteroyds-progress-{name}")
            self._scales[name] = {"x": sx, "y": sy}
            self._axes[name] = (ax, ay)
            self._lines[name] = line
            self._figures[name] = fig
        self._legend = widgets.HTML()
        self._data = widgets.HTML(layout=widgets.Layout(display="none"))
        self._data.add_class("asteroyds-progress-data")
        self.children = [
            widgets.HTML(theme.CSS + CSS),
            self._figures["damage"],
            self._figures["progress"],
            widgets.VBox([self._legend, self._data], layout=widgets.Layout(width="80px")),
        ]
        self.add_class("asteroyds-panel")
        self.add_class("asteroyds-progress-plot")
        self.series: dict[str, tuple[list[int], list[int]]] = {}

    @property
    def figures(self) -> Mapping[str, bqplot.Figure]:
        return dict(self._figures)

    @property
    def lines(self) -> Mapping[str, bqplot.Lines]:
        """The two Lines marks (``damage``, ``progress``): one line per player."""
        return dict(self._lines)

    def update(self, history: Sequence[State]) -> None:
        """Redraw from a game's history (setup, then the state after each round)."""
        import numpy as np

        self.series = series = progress_series(history)
        players = list(series)
        rounds = max(1, len(history) - 1)
        mode = mode_of(history[-1]) if history else None
        views = views_for(history[-1].mode) if history else None
        capture = views is not None and views.scoring is Scoring.TEAM_POINTS  # team points, no damage
        needed = _counted(history[-1])[1] if history else 0
        if capture and views is not None:
            needed = views.points_to_win(history[-1], None) or needed
        top = {"damage": float(MAX_DAMAGE), "progress": float(max(needed, 1, *self._max_progress(series)))}
        low = min(0, *(min(g) for _d, g in series.values() if g)) if series else 0  # 3 teams: below zero
        self._figures["damage"].layout.display = "none" if capture else ""  # capture crafts take no damage
        self._axes["progress"][0].label = pgettext("log", str(mode.turn.word) if mode else "round")
        colour = _team_ink if capture else theme.player_colour
        self._figures["progress"].title = _(
            "Progress: {what}", what=_(views.progress_name if views is not None else "tokens")
        )
        for index, name in enumerate(("damage", "progress")):
            line = self._lines[name]
            if players and len(history) > 1:  # a line needs two points (bqplot refuses one: a solo game)
                # Players' lines are drawn a hair apart, so equal values stay visible.
                nudge = [(i - (len(players) - 1) / 2) * 0.06 for i in range(len(players))]
                x = np.array([list(range(len(history)))] * len(players))
                y = np.array([[v + nudge[i] for v in series[p][index]] for i, p in enumerate(players)])
            else:
                x, y = np.zeros((1, 2)), np.zeros((1, 2))
            step = max(1, -(-rounds // 8))  # at most about 8 round ticks
            with line.hold_sync():
                self._scales[name]["x"].max = float(rounds)
                self._scales[name]["y"].max = top[name] + 0.3
                self._scales[name]["y"].min = (low if name == "progress" else 0) - 0.3
                self._axes[name][0].tick_values = np.arange(0, rounds + 1, step)
                self._axes[name][1].tick_values = np.arange(0, int(top[name]) + 1, 2 if top[name] > 5 else 1)
                line.x, line.y = x.astype(float), y.astype(float)
                line.colors = [colour(p) for p in players] or [COLOURS["muted"]]
        key = {"display": "inline-block", "width": "18px", "height": "4px", "vertical_align": "middle"}
        self._legend.value = join(
            *(
                tag("div", tag("span", style=style(**key, background=colour(p), margin_right="6px")), p)
                for p in players
            )
        )
        data = ";".join(
            f"{p}:{','.join(map(str, d))}/{','.join(map(str, g))}" for p, (d, g) in series.items()
        )
        self._data.value = tag("div", class_="asteroyds-progress-values", data_series=data)

    @staticmethod
    def _max_progress(series: Mapping[str, tuple[list[int], list[int]]]) -> list[int]:
        return [max(g) for _d, g in series.values() if g] or [0]


__all__ = [
    "KIND_LABELS",
    "ProgressPlot",
    "ScoreRow",
    "Scoreboard",
    "TeamRow",
    "capture_html",
    "mode_progress",
    "progress_series",
    "score_rows",
    "scoreboard_html",
    "team_rows",
]
