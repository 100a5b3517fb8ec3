"""The whole-round exercise that ends chapter 4: read the dice, plan for the board after them, watch.

The game's one hard skill in three steps on one level-5 drill
(:func:`asteroyds.drills.generate`): first the learner marks where each
asteroid in the craft's way will end (the board as it stands, the three dice
named), so the dice are read before planning (a wrong space is marked and
diagnosed, :mod:`asteroyds.drills.mistakes`, and *Show me why* steps the
asteroid phase); then the learner fills the
status chart for the board after the dice (the board still shows the tiles
before they move, as the table does; ghost path off); then *Fly* plays
the round with the engine on a stepped rule board with the priority
inspector (the practice page's *Show me why*) and says whether the goal was
met and why. The logic is :class:`WholeRoundSession` (no widget, tested
directly); :class:`WholeRound` is a thin view over it.

CSS classes for browser tests: ``asteroyds-whole-round`` (with a step class:
``asteroyds-whole-round-mark``, ``-plan``, ``-flown``), ``asteroyds-whole-round-body``
(``data-asking``), ``asteroyds-whole-round-fly``, ``asteroyds-whole-round-why`` and
``asteroyds-whole-round-back`` (step 1's *Show me why*); the verdicts are
``asteroyds-feedback`` elements with ``data-correct``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ...asteroids import resolve_asteroids
from ...drills import PLAN, Drill
from ...drills.goal import fly_round, meets_goal, shield_missing
from ...drills.mistakes import diagnose
from ...event_text import capitalised, colour_text, piece_text
from ...events import CraftMoved, Event
from ...hexgrid import Cell, distance
from ...i18n import _, ngettext
from ...pieces import ASTEROID, DIE_COLOURS
from ...program import Program, as_program, validate_program
from ...state import State
from ..board.view import BoardView
from ..chart.status.view import StatusChart
from ..share.closing import close_tree
from ..share.markup import tag
from ..share.plan_layout import PlanLayout
from ..teach.exercises import Feedback, feedback_html
from ..theme import error_html, sheet
from .view import InspectedRuleBoard

MARK, PLAN_STEP, FLOWN = "mark", "plan", "flown"
MOST, FEWEST = 3, 2  # how many asteroids the learner marks


def asteroids_in_the_way(drill: Drill) -> tuple[str, ...]:
    """The 2-3 asteroids nearest the path that meets the goal (the ones whose end matters).

    Nearness counts both where an asteroid stands and where the dice send it,
    measured to every space the engine's answer flies through; moved ones first.
    """
    assert drill.player is not None and drill.program is not None
    start = drill.state.craft(drill.player).cell
    _after, events = fly_round(drill.state, drill.dice, drill.player, drill.program)
    path = {start} | {e.end for e in events if isinstance(e, CraftMoved) and e.player == drill.player}
    ends = end_cells(drill)

    def rank(piece_id: str) -> tuple[int, int, str]:
        piece = next(p for p in drill.state.pieces if p.id == piece_id)
        near = min(distance(c, p) for c in (piece.cell, ends[piece_id]) for p in path if p is not None)
        return (near, 0 if ends[piece_id] != piece.cell else 1, piece_id)

    ranked = sorted(ends, key=rank)
    close = [pid for pid in ranked if rank(pid)[0] <= 1]
    return tuple(ranked[: max(FEWEST, min(MOST, len(close)))])


def end_cells(drill: Drill) -> dict[str, Cell]:
    """Where every asteroid stands after the asteroid phase of the drill's dice."""
    board, _events = resolve_asteroids(drill.state, drill.dice)
    return {p.id: p.cell for p in board.pieces if p.kind == ASTEROID and p.cell is not None}


class WholeRoundSession:
    """The three steps' state: the marks, the verdict per asteroid, the program flown."""

    def __init__(self, drill: Drill) -> None:
        if drill.kind != PLAN or drill.player is None:
            raise ValueError(_("the whole-round exercise needs a plan drill (level 5)"))
        self.drill = drill
        self.pieces = asteroids_in_the_way(drill)
        self._ends = end_cells(drill)
        self.marks: dict[str, Cell] = {}
        self.verdicts: dict[str, bool] = {}
        self.reasons: dict[str, str] = {}  # a wrong mark's likely mistake, in words
        self.feedback: Feedback | None = None
        self.flown: tuple[State, tuple[Event, ...]] | None = None

    @property
    def step(self) -> str:
        """Where the learner is: marking, planning, or watching the flown round."""
        if self.flown is not None:
            return FLOWN
        return PLAN_STEP if self.asking is None else MARK

    @property
    def asking(self) -> str | None:
        """The asteroid the next click marks, None once all are marked."""
        return next((pid for pid in self.pieces if pid not in self.marks), None)

    def name(self, piece_id: str) -> str:
        """An asteroid as the learner reads it ("red asteroid #6", in the page's language)."""
        piece = next((p for p in self.drill.state.pieces if p.id == piece_id), None)
        return piece_text(piece) if piece is not None else piece_id

    def mark(self, cell: Cell) -> Feedback:
        """A click on the board: the asteroid asked about ends here, says the learner."""
        piece = self.asking
        if piece is None:
            raise ValueError(_("every asteroid is marked: plan on the status chart now"))
        cell = (int(cell[0]), int(cell[1]))
        right = cell == tuple(self._ends[piece])
        self.marks[piece], self.verdicts[piece] = cell, right
        if right:
            said = _("Right: {piece} ends there.", piece=self.name(piece))
        else:
            drill = self.drill
            mistake = diagnose(drill.state, drill.dice, piece, cell)
            said = _("Not there: {piece} ends on the outlined space.", piece=self.name(piece))
            if mistake is not None:
                self.reasons[piece] = mistake.message
                said = _("{verdict} {reason}", verdict=said, reason=mistake.message)
        self.feedback = Feedback(right, said)
        return self.feedback

    @property
    def wrong(self) -> tuple[Cell, ...]:
        """The spaces marked wrong (each is marked on the board next to the right one)."""
        return tuple(cell for pid, cell in self.marks.items() if not self.verdicts[pid])

    def why(self) -> tuple[State, tuple[Event, ...]]:
        """Step 1's *Show me why*: the asteroid phase of the dice (not the flight: that is step 2's)."""
        _board, events = resolve_asteroids(self.drill.state, self.drill.dice)
        return self.drill.state, tuple(events)

    def end_of(self, piece_id: str) -> Cell:
        """Where the engine moves this asteroid (shown once the learner has marked it)."""
        return self._ends[piece_id]

    def fly(self, program: Program | str) -> Feedback:
        """Fly the learner's program in the drill's round (the engine's): goal met, and why not."""
        if self.asking is not None:
            raise ValueError(_("mark where each asteroid ends first"))
        drill = self.drill
        assert drill.player is not None
        craft = drill.state.craft(drill.player)
        program = validate_program(
            as_program(program, drill.player), craft, drill.state.mode, rules=drill.state.rules
        )
        after, events = fly_round(drill.state, drill.dice, drill.player, str(program))
        self.flown = (drill.state, tuple(events))
        tokens = len(set(after.craft(drill.player).tokens) - set(craft.tokens))
        damage = after.craft(drill.player).damage - craft.damage
        said = ngettext("{n} gate token", "{n} gate tokens", tokens, n=tokens)
        if meets_goal(drill.state, after, drill.player, program, drill.goal):
            self.feedback = Feedback(True, _("Goal met: {tokens} and no damage.", tokens=said))
        elif shield_missing(program, drill.goal):
            self.feedback = Feedback(
                False,
                _(
                    "Goal missed: the red column holds {token}, so the shield is down all round; the goal"
                    " keeps it up.",
                    token=program.red,
                ),
            )
        elif damage:
            self.feedback = Feedback(
                False, _("Goal missed: {damage} damage. Step the round to see the hit.", damage=damage)
            )
        else:
            self.feedback = Feedback(
                False,
                _("Goal missed: {tokens}; the craft never shares a space with a new gate.", tokens=said),
            )
        return self.feedback


class WholeRound(widgets.VBox):
    """The exercise's widget (see the module's docstring)."""

    def __init__(self, drill: Drill) -> None:
        super().__init__()
        self.session = WholeRoundSession(drill)
        state = drill.state
        self.board = BoardView(state, size="compact", fluid=True)
        self.board.on_hex_click(lambda cell: self.click(cell))
        self.chart = StatusChart(state.craft(str(drill.player)), state.mode, rules=state.rules)
        self.chart.layout.display = "none"
        self.why_board: InspectedRuleBoard | None = None
        self._question = widgets.HTML()
        self._question.add_class("asteroyds-whole-round-question")
        self._verdict = widgets.HTML()
        self._error = widgets.HTML()
        self._fly = widgets.Button(description=_("Fly"), layout=widgets.Layout(width="auto"))
        self._fly.add_class("asteroyds-whole-round-fly")
        self._fly.on_click(lambda _b: self.fly())
        self._fly.layout.display = "none"
        self._why = widgets.Button(description=_("Show me why"), layout=widgets.Layout(width="auto"))
        self._why.add_class("asteroyds-whole-round-why")
        self._why.on_click(lambda _b: self._safely(self.show_why))
        self._back = widgets.Button(
            description=_("Back to the question"), layout=widgets.Layout(width="auto")
        )
        self._back.add_class("asteroyds-whole-round-back")
        self._back.on_click(lambda _b: self._safely(self.back_to_question))
        self.asteroid_why: InspectedRuleBoard | None = None  # step 1's why: the asteroid phase
        self._board_box = widgets.Box([self.board])
        self._inspector_box = widgets.Box()
        side = widgets.VBox(
            [
                self._question,
                self.chart,
                self._fly,
                self._verdict,
                widgets.HBox([self._why, self._back], layout=widgets.Layout(grid_gap="8px")),
                self._error,
                self._inspector_box,
            ]
        )
        side.add_class("asteroyds-practice-side")
        # the board and the chart on one screen while planning (PlanLayout)
        self._plan = PlanLayout(self._board_box, [side], follow=self.board)
        self.children = [
            widgets.HTML(sheet("practice")),  # the dice chips and the side column, as on the practice page
            self._plan,
        ]
        self.add_class("asteroyds-whole-round")
        self._draw()

    def click(self, cell: tuple[int, int]) -> None:
        """Step 1: a click marks where the asteroid asked about ends."""
        if self.session.asking is None:
            return
        self._safely(lambda: self.session.mark(cell))
        self._draw()

    def show_why(self) -> None:
        """Step 1's *Show me why*: the real asteroid phase of the dice, stepped with the inspector."""
        state, events = self.session.why()
        self._close_asteroid_why()
        title = _("Why: the asteroid phase, one move at a time")
        self.asteroid_why = InspectedRuleBoard(state, events, dice=self.session.drill.dice, title=title)
        self._board_box.children = [self.asteroid_why]
        self._plan.follow(None)  # a rule board keeps its own size
        self._inspector_box.children = [self.asteroid_why.inspector]
        self._draw()
        self.asteroid_why.play(0)

    def back_to_question(self) -> None:
        """The exercise's own board again."""
        self._close_asteroid_why()
        self._draw()

    def _close_asteroid_why(self) -> None:
        if self.asteroid_why is None:
            return
        close_tree(self.asteroid_why.inspector)
        close_tree(self.asteroid_why)
        self.asteroid_why = None
        self._inspector_box.children = []
        self._board_box.children = [self.board]
        self._plan.follow(self.board)

    def fly(self) -> None:
        """Step 3: fly the chart's program and step the round on a rule board."""
        self._safely(lambda: self.session.fly(self.chart.program))
        if self.session.flown is None:
            return
        self._close_asteroid_why()
        state, events = self.session.flown
        if self.why_board is not None:
            close_tree(self.why_board)
        title = _("The round: the asteroids move, then the craft flies")
        self.why_board = InspectedRuleBoard(state, events, dice=self.session.drill.dice, title=title)
        self._board_box.children = [self.why_board]
        self._plan.follow(None)  # a rule board keeps its own size
        self._inspector_box.children = [self.why_board.inspector]
        self._draw()
        self.why_board.play(0)

    def _draw(self) -> None:
        session = self.session
        chips = [
            tag("span", f"{colour_text(colour)} {value}", class_=f"asteroyds-die asteroyds-die-{colour}")
            for colour, value in zip(DIE_COLOURS, session.drill.dice.as_tuple(), strict=True)
        ]
        asking = session.asking
        if asking is not None:
            prompt = _(
                "Step 1 of 3: click where {piece} ends after the asteroids move.", piece=session.name(asking)
            )
        elif session.step == PLAN_STEP:
            prompt = _(
                "Step 2 of 3: fill the chart for the board after the dice (the asteroids where you "
                "marked them), then press Fly."
            )
        else:
            prompt = _("Step 3 of 3: step the round to see why.")
        self._question.value = str(
            tag(
                "div",
                tag("p", session.drill.question),
                tag("p", _("The dice:"), " ", *chips, class_="asteroyds-practice-dice"),
                tag("p", prompt, class_="asteroyds-practice-asking"),
                class_="asteroyds-whole-round-body",
                data_asking=asking or "",
            )
        )
        marked = [session.end_of(pid) for pid in session.marks]
        outlined = [p.cell for p in session.drill.state.pieces if p.id == asking and p.cell is not None]
        if session.step != FLOWN:
            self.board.highlight(outlined + marked)
            self.board.mark_wrong(session.wrong)
        verdicts = "".join(feedback_html(self._verdict_of(pid)) for pid in session.marks)
        flown = feedback_html(session.feedback) if session.step == FLOWN else ""
        self._verdict.value = verdicts + flown
        planning = session.step != MARK
        self.chart.layout.display = "" if planning else "none"
        self._fly.layout.display = "" if planning else "none"
        why = session.step != FLOWN and bool(session.marks)  # once an answer is given, before the flight
        self._why.layout.display = "" if why and self.asteroid_why is None else "none"
        self._back.layout.display = "" if self.asteroid_why is not None else "none"
        for step in (MARK, PLAN_STEP, FLOWN):
            self.remove_class(f"asteroyds-whole-round-{step}")
        self.add_class(f"asteroyds-whole-round-{session.step}")

    def _verdict_of(self, pid: str) -> Feedback:
        """One marked asteroid's verdict: right, or where it ends and (when found) the likely mistake."""
        session = self.session
        name = capitalised(session.name(pid))
        if session.verdicts[pid]:
            return Feedback(True, _("{piece}: right.", piece=name))
        said = _("{piece}: not there; it ends on the outlined space.", piece=name)
        if pid in session.reasons:
            said = _("{verdict} {reason}", verdict=said, reason=session.reasons[pid])
        return Feedback(False, said)

    def _safely(self, action: Any) -> None:
        self._error.value = ""
        try:
            action()
        except Exception as exc:  # shown on the page, never a traceback in Voila
            self._error.value = error_html(exc)


__all__ = ["WholeRound", "WholeRoundSession", "asteroids_in_the_way", "end_cells"]
