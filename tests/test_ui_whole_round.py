"""The whole-round exercise (chapter 4's end): marks judged by the engine's asteroid phase, the plan
flown by the engine's round, the same seed giving the same exercise."""

from __future__ import annotations

import pytest

from asteroyds.asteroids import resolve_asteroids
from asteroyds.drills import generate
from asteroyds.drills.plan import EMPTY_CHART, fly_round
from asteroyds.hexgrid import neighbour
from asteroyds.program import Program
from asteroyds.ui.practice.whole_round import FLOWN, MARK, PLAN_STEP, WholeRound, WholeRoundSession

SEED = 3


def engine_end(drill, piece_id):
    board, _events = resolve_asteroids(drill.state, drill.dice)
    return next(p.cell for p in board.pieces if p.id == piece_id)


def test_right_marks_are_right_and_open_the_plan():
    drill = generate(5, SEED)
    session = WholeRoundSession(drill)
    assert 2 <= len(session.pieces) <= 3
    assert session.step == MARK
    for pid in session.pieces:
        assert session.mark(engine_end(drill, pid)).correct
    assert all(session.verdicts.values()) and session.step == PLAN_STEP


def test_a_wrong_mark_is_wrong_and_names_the_asteroid():
    drill = generate(5, SEED)
    session = WholeRoundSession(drill)
    pid = session.pieces[0]
    right = engine_end(drill, pid)
    wrong = neighbour(right, 0)
    feedback = session.mark(wrong)
    assert not feedback.correct and session.name(pid) in feedback.message
    assert session.verdicts == {pid: False}


def test_flying_before_marking_is_refused():
    session = WholeRoundSession(generate(5, SEED))
    with pytest.raises(ValueError, match="mark"):
        session.fly(session.drill.program)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_engines_program_meets_the_goal_and_an_empty_chart_fails(seed):
    drill = generate(5, seed)
    for program, met in ((drill.program, True), (EMPTY_CHART, False)):
        session = WholeRoundSession(drill)
        for pid in session.pieces:
            session.mark(engine_end(drill, pid))
        assert session.fly(program).correct is met
        assert session.step == FLOWN and session.flown is not None


def test_a_plan_with_the_shield_down_misses_the_goal():
    """Issue 33, item 5: the goal asks for the shield up; a plan that takes the token with no damage but
    plays its red column (here seed 1's answer with F in column 7) misses it, and says so."""
    drill = generate(5, 1)
    program = str(Program.parse(drill.program).with_column(7, "F"))
    after, _events = fly_round(drill.state, drill.dice, drill.player, program)
    old, new = drill.state.craft(drill.player), after.craft(drill.player)
    assert set(new.tokens) - set(old.tokens) and new.damage == old.damage  # only the shield is wrong
    session = WholeRoundSession(drill)
    for pid in session.pieces:
        session.mark(engine_end(drill, pid))
    feedback = session.fly(program)
    assert not feedback.correct and "shield is down" in feedback.message


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_plan_step_asks_for_the_board_after_the_dice(lang):
    """Issue 33, item 5: step 2 never says "the board as it stands" (the trap the round teaches)."""
    from asteroyds import i18n

    i18n.set_language(lang)
    drill = generate(5, SEED)
    page = WholeRound(drill)
    for pid in page.session.pieces:
        page.click(engine_end(drill, pid))
    shown = page._question.value
    assert ("Step 2 of 3" if lang == "en" else "Étape 2 sur 3") in shown
    assert ("board after the dice" if lang == "en" else "plateau après les dés") in shown
    assert "as it stands" not in shown and "tel qu'il est" not in shown


def test_a_fixed_seed_gives_the_same_exercise():
    one, two = WholeRoundSession(generate(5, 7)), WholeRoundSession(generate(5, 7))
    assert one.pieces == two.pieces
    assert [one.end_of(p) for p in one.pieces] == [two.end_of(p) for p in two.pieces]


def test_the_widget_marks_plans_on_the_chart_and_flies():
    drill = generate(5, SEED)
    page = WholeRound(drill)
    assert page.chart.layout.display == "none"  # no planning before the dice are read
    for pid in page.session.pieces:
        page.click(engine_end(drill, pid))
    assert page.chart.layout.display == ""
    page.chart.load(drill.program)
    page.fly()
    assert page.why_board is not None and 'data-correct="true"' in page._verdict.value
    assert "asteroyds-whole-round-flown" in page._dom_classes


# --- chapter 4: the exercise's place, the prose budget, every die named ------------------------
def _chapter_4(lang: str) -> list[dict]:
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parents[1] / "notebooks" / ("fr" if lang == "fr" else "")
    return json.loads((folder / "04_flying.ipynb").read_text(encoding="utf-8"))["cells"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chapter_4_prose_is_short_and_its_exercises_name_every_die(lang):
    cells = _chapter_4(lang)
    prose = [("".join(c["source"])) for c in cells if c["cell_type"] == "markdown"]
    assert sum(len(text.split()) for text in prose) <= 440  # French counts its spaced colons as words
    names = ("red", "white", "blue") if lang == "en" else ("rouge", "blanc", "bleu")
    whole_round = next(
        text
        for text in prose
        if "WholeRound" not in text and ("## Exercise 2" in text or "## Exercice 2" in text)
    )
    assert all(name in whole_round for name in names)
    demo = next(text for text in prose if "1, " in text and "6" in text and names[2] in text)
    assert all(name in demo for name in names)  # the destroy demo rolls (1, 1, 6): all three named
    code = "".join(next(c["source"] for c in cells if "WholeRound(" in "".join(c["source"])))
    assert "generate(5, " in code


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chapter_4_whole_round_plans_for_the_board_after_the_dice(lang):
    """Issue 33, item 5: the exercise asks for a plan for the board after the dice, not on the
    un-moved board (the trap it teaches), with the shield up."""
    prose = ["".join(c["source"]) for c in _chapter_4(lang) if c["cell_type"] == "markdown"]
    intro = next(text for text in prose if "## Exercise 2" in text or "## Exercice 2" in text)
    flat = " ".join(intro.split())
    assert ("the board after the dice" if lang == "en" else "le plateau après les dés") in flat
    for trap in ("un-moved", "as it stands", "immobile", "tel qu'il est"):
        assert trap not in flat
    assert ("shield on" if lang == "en" else "bouclier levé") in flat
