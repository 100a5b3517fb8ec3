"""One learner's practice: the drill on show, the answers given, the streak and the scores.

The drills are the engine's (:mod:`asteroyds.drills`: a seeded question on the
real board, its answer and its explanation computed by the engine, a level-5
plan judged by flying the engine's round); this is
what a page needs around them, with no widget, so it is tested directly:
which drill comes next at each level (each level's seeds in order, so a
class can say "level 2, drill 7"), whether a click or a program is right,
and the record kept in the learner's browser (:class:`Record`).

A drill is scored on the first try: a wrong click ends the streak, and the
learner may then try again, or ask *Show me why*.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ...asteroids import resolve_asteroids
from ...damage import never
from ...dice import Dice
from ...drills import END_CELL, PLAN, Drill
from ...drills.goal import fly_round, meets_goal, shield_missing
from ...drills.mistakes import BEFORE_DICE, diagnose_plan, wrong_click_text
from ...event_text import piece_text
from ...events import Event
from ...hexgrid import Cell
from ...i18n import N_, _, ngettext
from ...program import Program, as_program, validate_program
from ...state import State
from ..observers import Observable
from ..teach.exercises import Feedback

LEVELS: dict[int, str] = {
    1: N_("Where does it end?"),
    2: N_("Blocked, stopped or void"),
    3: N_("Pushes and two-colour tiles"),
    4: N_("The whole asteroid phase"),
    5: N_("Plan against the dice"),
}
Generate = Callable[[int, int], Drill]  # (level, seed) -> a drill (asteroyds.drills.generate)


@dataclass
class Record:
    """What the learner earned, kept in the browser: the streak, the best one, each level's
    (right at the first try, drills tried), the next seed of each level, and each level's run of
    first-try rights in a row and its best run (its stars: ``asteroyds.ui.share.progress.level_stars``)."""

    streak: int = 0
    best: int = 0
    levels: dict[str, list[int]] = field(default_factory=dict)
    seeds: dict[str, int] = field(default_factory=dict)
    runs: dict[str, int] = field(default_factory=dict)
    best_runs: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "streak": self.streak,
            "best": self.best,
            "levels": self.levels,
            "seeds": self.seeds,
            "runs": self.runs,
            "best_runs": self.best_runs,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Record:
        """A record from what the browser kept (anything malformed is dropped, not trusted)."""

        def count(value: Any) -> int:
            return value if isinstance(value, int) and 0 <= value < 10**9 else 0

        levels: dict[str, list[int]] = {}
        raw_levels = data.get("levels")
        for level in map(str, LEVELS):
            pair = raw_levels.get(level) if isinstance(raw_levels, Mapping) else None
            if isinstance(pair, list) and len(pair) == 2:
                right, tried = count(pair[0]), count(pair[1])
                levels[level] = [min(right, tried), tried]

        def per_level(name: str) -> dict[str, int]:
            raw = data.get(name)
            return {
                level: count(raw.get(level))
                for level in map(str, LEVELS)
                if isinstance(raw, Mapping) and count(raw.get(level)) > 0
            }

        record = cls(count(data.get("streak")), count(data.get("best")), levels, per_level("seeds"))
        record.runs, record.best_runs = per_level("runs"), per_level("best_runs")
        return record


class PracticeSession(Observable["PracticeSession"]):
    """The drill on show and the learner's answers (observers are told after every change)."""

    def __init__(self, generate: Generate, level: int = 1) -> None:
        super().__init__()
        self._generate = generate
        self.record = Record()
        self.level = level
        self.drill: Drill | None = None
        self.state: State | None = None
        self.found: list[Cell] = []  # the cells answered right so far, in the order of ``pieces``
        self.first_try: bool | None = None  # None until the first answer of this drill
        self.solved = False
        self.feedback: Feedback | None = None
        self.flown: tuple[State, tuple[Event, ...]] | None = None  # level 5: the round the learner flew
        self.wrong: Cell | None = None  # the space of the last wrong answer (marked on the board)

    # --- the drill ------------------------------------------------------------------------
    @property
    def seed(self) -> int:
        return 0 if self.drill is None else self.drill.seed

    @property
    def dice(self) -> Dice:
        return self._need().dice

    @property
    def pieces(self) -> tuple[str, ...]:
        return () if self.drill is None else self.drill.pieces

    @property
    def asking(self) -> str | None:
        """The piece the next click answers for (levels 1-4), None when all are found."""
        if self.drill is None or self.drill.kind != END_CELL or len(self.found) >= len(self.pieces):
            return None
        return self.pieces[len(self.found)]

    def new_drill(self, level: int | None = None) -> Drill:
        """The next drill of ``level`` (this level's seeds one after the other)."""
        level = self.level if level is None else int(level)
        if level not in LEVELS:
            raise ValueError(_("there is no practice level {level} (1 to 5)", level=level))
        key = str(level)
        seed = self.record.seeds.get(key, 1)
        drill = self.show(level, seed)
        self.record.seeds[key] = seed + 1
        return drill

    def show(self, level: int, seed: int) -> Drill:
        """This very drill (a chapter's fixed set names its own), its answers not yet given."""
        if level not in LEVELS:
            raise ValueError(_("there is no practice level {level} (1 to 5)", level=level))
        drill = self._generate(level, seed)
        self.level, self.drill = level, drill
        self.state = drill.state
        self.found, self.first_try, self.solved, self.feedback, self.flown = [], None, False, None, None
        self.wrong = None
        self._notify()
        return drill

    # --- answering ------------------------------------------------------------------------
    def answer_cell(self, cell: Cell) -> Feedback:
        """A click on the board: is this where the piece asked about ends?"""
        piece = self.asking
        if piece is None:
            raise ValueError(_("this drill is answered on the status chart, not on the board"))
        cell = (int(cell[0]), int(cell[1]))
        right = tuple(self._need().cells[piece])
        name = self.name(piece)
        if cell == right:
            self.wrong = None
            self.found.append(cell)
            if self.asking is None:
                return self._finish(True, _("Right: {piece} ends there.", piece=name))
            self.feedback = Feedback(
                True, _("Right: {piece} ends there. Now {next}?", piece=name, next=self.name(self.asking))
            )
            self._notify()
            return self.feedback
        drill = self._need()
        self.wrong = cell
        reason = wrong_click_text(drill.state, drill.dice, piece, cell)
        return self._finish(False, _("Not there. {reason} Try again, or press Show me why.", reason=reason))

    def answer_program(self, program: Program | str) -> Feedback:
        """Level 5: fly ``program`` in the drill's round (the engine's); does it meet the goal?"""
        drill = self._need()
        if drill.kind != PLAN or drill.player is None:
            raise ValueError(_("this drill is answered on the board, not on the status chart"))
        craft = drill.state.craft(drill.player)
        program = validate_program(
            as_program(program, drill.player), craft, drill.state.mode, rules=drill.state.rules
        )
        after, events = fly_round(drill.state, drill.dice, drill.player, str(program))
        self.flown = (after, tuple(events))
        mistake = diagnose_plan(drill.state, drill.dice, drill.player, str(program))
        self.wrong = None if mistake is None else mistake.cell
        tokens = len(set(after.craft(drill.player).tokens) - set(craft.tokens))
        damage = after.craft(drill.player).damage - craft.damage
        wanted = int(drill.goal["tokens"])
        said = ngettext("{n} gate token", "{n} gate tokens", tokens, n=tokens)
        if meets_goal(drill.state, after, drill.player, program, drill.goal):
            return self._finish(True, _("Right: {tokens} and no damage.", tokens=said))
        if shield_missing(program, drill.goal):
            return self._finish(
                False,
                _(
                    "Not yet: the red column holds {token}, so the shield is down all round; the goal"
                    " keeps it up. Try again, or press Show me why.",
                    token=program.red,
                ),
            )
        if mistake is not None and mistake.key == BEFORE_DICE:
            return self._finish(
                False, _("Not yet. {reason} Try again, or press Show me why.", reason=mistake.message)
            )
        return self._finish(
            False,
            _(
                "Not yet: {tokens} and {damage} damage; the goal is {wanted} with no damage.{reason}"
                " Try again, or press Show me why.",
                reason="" if mistake is None else " " + mistake.message,
                tokens=said,
                damage=damage,
                wanted=ngettext("{n} gate token", "{n} gate tokens", wanted, n=wanted),
            ),
        )

    def why(self) -> tuple[State, tuple[Event, ...]]:
        """The start and the events that show the answer: the asteroid phase of the dice (level 5:
        the whole round, flying the engine's program)."""
        drill = self._need()
        if drill.kind == PLAN and drill.player is not None and drill.program is not None:
            _after, events = fly_round(drill.state, drill.dice, drill.player, drill.program)
            return drill.state, tuple(events)
        _board, phase = resolve_asteroids(drill.state, drill.dice, decide=never)
        return drill.state, tuple(phase)

    # --- the record -----------------------------------------------------------------------
    def restore(self, data: Mapping[str, Any]) -> None:
        """Take the record the browser kept (the next drills follow on from it)."""
        self.record = Record.from_json(data)
        self._notify()

    def _finish(self, right: bool, message: str) -> Feedback:
        if self.first_try is None:  # the first answer scores the drill
            self.first_try = right
            key = str(self.level)
            score = self.record.levels.setdefault(key, [0, 0])
            score[1] += 1
            if right:
                score[0] += 1
                self.record.streak += 1
                self.record.best = max(self.record.best, self.record.streak)
                self.record.runs[key] = self.record.runs.get(key, 0) + 1
                self.record.best_runs[key] = max(self.record.best_runs.get(key, 0), self.record.runs[key])
            else:
                self.record.streak = 0
                self.record.runs.pop(key, None)
        self.solved = self.solved or (right and self.asking is None)
        self.feedback = Feedback(right, message)
        self._notify()
        return self.feedback

    def _need(self) -> Drill:
        if self.drill is None:
            raise ValueError(_("no drill yet: press New drill"))
        return self.drill

    def name(self, piece_id: str) -> str:
        """A piece of the drill as the learner reads it (\"red asteroid #6\", in the page's language)."""
        assert self.state is not None
        piece = next((p for p in self.state.pieces if p.id == piece_id), None)
        return piece_text(piece) if piece is not None else piece_id


__all__ = ["LEVELS", "PracticeSession", "Record"]
