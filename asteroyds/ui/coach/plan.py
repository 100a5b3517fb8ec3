"""The "Show me the best plan" controller: ask the coach, keep its answer, compare a learner's plan.

:class:`BestPlanController` asks the engine (:func:`asteroyds.coach.best_plan`)
for the best program of one craft, for one board and one roll of the dice,
when the learner presses the button, never before: the search plays many
programs. It keeps the :class:`~asteroyds.coach.Plan` (the ghost program a
status chart lays over its tokens, the path a board draws, one sentence per
column) and turns :func:`asteroyds.coach.score_program` of the learner's own
program into the comparison sentence the sandbox shows after the round
("Your plan: 1 gate token, 3 spaces from the next gate. Best: 2 gate tokens.").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...coach.objective import CAREFUL, STYLES
from ...dice import Dice
from ...event_text import player_text
from ...i18n import _
from ...pieces import DIE_COLOURS
from ...program import Program, as_program
from ...rules import RuleSettings
from ...state import State
from ..observers import Observable
from .scores import describe_score


@dataclass(frozen=True)
class Question:
    """What the coach is asked about: a board, a roll of the dice and a craft."""

    state: State = field(repr=False)
    dice: Dice
    player: str
    rules: RuleSettings | None = None
    destroy: bool = True
    order: tuple[str, ...] = DIE_COLOURS  # the colour order of the roll (the random dice order variant)


class BestPlanController(Observable["BestPlanController"]):
    """The coach's best plan for one question, asked on demand, and comparisons with it.

    ``engine`` replaces the module :mod:`asteroyds.coach` (its ``best_plan``
    and ``score_program``); :attr:`searches` counts the searches, so a test
    can check that nothing is searched before the button is pressed.
    """

    def __init__(self, engine: Any = None, style: str = CAREFUL) -> None:
        super().__init__()
        self._engine = engine
        self.question: Question | None = None
        self.plan: Any = None
        self.searches = 0
        self.style = style  # the coach's style: careful (a beginner's) or bold (the objective's order)

    def set_style(self, style: str) -> None:
        """Coach in ``style`` from now on (a plan asked in the other style is forgotten)."""
        if style not in STYLES:
            raise ValueError(
                _(
                    "unknown coaching style {style!r} (one of: {styles})",
                    style=style,
                    styles=", ".join(STYLES),
                )
            )
        if style != self.style:
            self.style = style
            self.plan = None
            self._notify()

    @property
    def engine(self) -> Any:
        """The engine's coach module (imported the first time it is needed)."""
        if self._engine is None:
            from ... import coach

            self._engine = coach
        return self._engine

    # --- reading --------------------------------------------------------------------------
    @property
    def ghost(self) -> Program | None:
        """The coach's program (what the status chart shows as a ghost), or None before asking."""
        return None if self.plan is None else self.plan.program

    @property
    def explanation(self) -> tuple[str, ...]:
        """The coach's sentences, one per column (empty before asking)."""
        return () if self.plan is None else tuple(self.plan.explanation)

    @property
    def path(self) -> tuple[tuple[int, int], ...]:
        """The craft's cell after each column of the best plan (empty before asking)."""
        return () if self.plan is None else tuple(tuple(c) for c in self.plan.path)  # type: ignore[misc]

    @property
    def score(self) -> dict[str, Any]:
        return {} if self.plan is None else dict(self.plan.score)

    def summary(self) -> str:
        """The best plan in one sentence: its program and what it achieves."""
        if self.plan is None or self.question is None:
            return ""
        return _(
            "Best plan for {player}: {program} ({score}).",
            player=player_text(self.question.player),
            program=str(self.plan.program),
            score=describe_score(self.plan.score),
        )

    # --- asking ---------------------------------------------------------------------------
    def ask(
        self,
        state: State,
        dice: Dice | tuple[int, int, int],
        player: str,
        *,
        rules: RuleSettings | None = None,
        destroy: bool = True,
        order: tuple[str, ...] = DIE_COLOURS,
    ) -> Any:
        """Search the best plan (the same question twice is answered from memory)."""
        return self.ask_about(Question(state, Dice.of(dice), player, rules, destroy, tuple(order)))

    def ask_about(self, question: Question) -> Any:
        """:meth:`ask` for a :class:`Question` (what a page hands the coach)."""
        if question != self.question or self.plan is None:
            q = question
            plan = self.engine.best_plan(
                q.state, q.dice, q.player, destroy=q.destroy, rules=q.rules, order=q.order, style=self.style
            )
            self.searches += 1
            self.question, self.plan = question, plan
        self._notify()
        return self.plan

    def clear(self) -> None:
        """Forget the plan (a new round, another player)."""
        if self.plan is not None or self.question is not None:
            self.question, self.plan = None, None
            self._notify()

    def score_of(self, program: Program | str) -> dict[str, Any]:
        """The engine's score of ``program`` for the question asked (the same shape as the plan's)."""
        q = self._need_question()
        program = as_program(program, q.player)
        return dict(
            self.engine.score_program(
                q.state,
                q.dice,
                q.player,
                program,
                destroy=q.destroy,
                rules=q.rules,
                order=q.order,
                style=self.style,
            )
        )

    def compare(self, program: Program | str) -> str:
        """ "Your plan: …; best: …", from the engine's scores of ``program`` and of the best plan."""
        q = self._need_question()
        if self.plan is None:
            self.ask_about(q)
        yours = self.score_of(program)
        best = dict(self.plan.score)
        if not self.engine.better(best, yours):  # the engine's order of the objectives
            return _(
                "Your plan: {yours}. The coach finds nothing better ({program} scores the same).",
                yours=describe_score(yours),
                program=str(self.plan.program),
            )
        return _(
            "Your plan: {yours}. Best: {best} ({program}).",
            yours=describe_score(yours),
            best=describe_score(best),
            program=str(self.plan.program),
        )

    def _need_question(self) -> Question:
        if self.question is None:
            raise ValueError(_("ask the coach first: there is no board and roll to compare on"))
        return self.question


__all__ = ["BestPlanController", "Question"]
