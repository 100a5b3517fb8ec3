"""The chapters' key results: what a learner reads on a page, computed by the engine, is what the text says.

``pytest notebooks/`` (nbval, ``--nbval-lax``) proves that every cell runs, not what a cell shows, and
the notebooks are stored without outputs. Here each English chapter's code cells run in one namespace
as the kernel runs them, keeping what each cell shows (its last expression), and the results a learner
reads are compared with the chapter's text: where a rule board ends when stepped to its last event, a
damage total, where a laser stops, the answer an exercise computes. The expected values are written here
by hand from the chapter's text (and the French twin's text states the same numbers), never taken from the
engine: a change in the engine that the text does not follow fails here. (The French twins share these
code cells: ``tests/test_notebook_twins.py``.)

Why not check cells inside the notebooks, hidden in Voila: Voila 0.5 runs every cell of a page, tagged or
not (nbconvert's ``TagRemovePreprocessor`` does not reach its executor: a tagged cell wrote its marker file
when tried), so a check cell would run in every learner's kernel and put a traceback on the page when it
failed; and every check would be written twice, once in each twin.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from asteroyds.hexgrid import STANDARD_BOARD, neighbour
from asteroyds.i18n import use_language
from asteroyds.program import Program

pytestmark = pytest.mark.slow
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@dataclass
class Chapter:
    """A chapter run top to bottom: its namespace, and what each code cell showed (by its source)."""

    namespace: dict[str, Any]
    shown: list[tuple[str, Any]]

    def __getitem__(self, name: str) -> Any:
        return self.namespace[name]

    def output(self, snippet: str) -> Any:
        """What the one code cell whose source holds ``snippet`` showed (its last expression)."""
        found = [value for source, value in self.shown if snippet in source]
        assert len(found) == 1, f"{len(found)} cells hold {snippet!r}"
        return found[0]


def cells(name: str, lang: str = "en") -> list[dict]:
    folder = NOTEBOOKS / "fr" if lang == "fr" else NOTEBOOKS
    return json.loads((folder / name).read_text(encoding="utf-8"))["cells"]


def prose(name: str, lang: str) -> str:
    """A chapter's text (its Markdown cells), in English or in its French twin."""
    return "\n".join("".join(c["source"]) for c in cells(name, lang) if c["cell_type"] == "markdown")


@cache
def run(name: str) -> Chapter:
    """Run the English chapter's code cells in order, as its kernel does (once per test session)."""
    namespace: dict[str, Any] = {"__name__": "__main__"}
    shown = []
    with use_language("en"):
        for cell in cells(name):
            if cell["cell_type"] != "code":
                continue
            source = "".join(cell["source"])
            tree = ast.parse(source)
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, f"{name}[{cell['id']}]", "exec"), namespace)
            value = None
            if last is not None:
                value = eval(compile(ast.Expression(last.value), f"{name}[{cell['id']}]", "eval"), namespace)
            shown.append((source, value))
    return Chapter(namespace, shown)


def stepped_to_the_end(board: Any, scene: str | None = None) -> Any:
    """The state a rule board shows after its last *Step* (``scene``: pick that scene first)."""
    if scene is not None:
        board.choice.play(scene)
    if not hasattr(board, "go") and not hasattr(board, "open_part"):  # a board with something under it
        board = board.children[0]  # (chapter 4: the costs table)
    if hasattr(board, "open_part"):  # a closed section (chapter 4's boards further down): opened
        board = board.open_part()
    board.go(len(board.events))
    return board.state


def says(name: str, en: str, fr: str) -> None:
    """The chapter's text states this, in English and in its French twin (the number a check pins)."""
    for lang, words in (("en", en), ("fr", fr)):
        assert words in prose(name, lang), (name, lang, words)


# --- 00 · welcome -------------------------------------------------------------------------------


def test_welcome_shows_gates_a_to_d_and_the_red_die_first():
    chapter = run("00_welcome.ipynb")
    assert sorted(p.symbol for p in chapter["state"].pieces if p.kind == "gate") == ["A", "B", "C", "D"]
    says("00_welcome.ipynb", en="Gates **A**–**D**", fr="Portes **A** à **D**")
    says("00_welcome.ipynb", en="red 3, white 5, blue 2", fr="rouge 3, blanc 5, bleu 2")
    phases = [(e.phase, e.die) for e in chapter["events"] if e.type == "phase_started"]
    assert phases == [("red", 3), ("white", 5), ("blue", 2)]  # the facts shown open with the red phase
    assert chapter["events"][0].type == "phase_started"


# --- 01 · the board and the pieces ---------------------------------------------------------------


def test_the_board_has_158_hexes_in_13_rows_and_no_corner():
    board = run("01_board_and_pieces.ipynb")["state"].board
    assert len(board.cells) == 158 and board.rows == 13 and not board.is_on_board((0, 0))
    says("01_board_and_pieces.ipynb", en="158 hexes in 13 rows", fr="158 cases hexagonales sur 13 rangées")


def test_priorities_run_from_1_to_24_and_the_table_shows_the_smallest():
    chapter = run("01_board_and_pieces.ipynb")
    moving = sorted(p.priority for p in chapter["state"].pieces if p.priority is not None)
    assert moving == list(range(1, 25))  # "number the tiles 1 to 24"
    table = chapter.output("priority_rows(state, first=5)").value  # the table's HTML, as the page shows it
    assert re.findall(r'<th scope="row">#(\d+)<', table) == ["1", "2", "3", "4", "5"]


def test_the_red_asteroid_exercise_answers_two_spaces_towards_its_4_edge():
    # Its 1 edge faces SW; the 4 is one edge anticlockwise of the 1: SE. Red: two spaces.
    # (6, 7) → SE (even row 6) → (7, 7) → SE (odd row 7) → (8, 8).
    assert run("01_board_and_pieces.ipynb")["question"].answers == ((8, 8),)


# --- 02 · planning -----------------------------------------------------------------------------


def test_the_stopwatch_times_the_chapter_states():
    from asteroyds import RuleSettings

    says(
        "02_planning.ipynb",
        en="Beginners get **50 seconds**, experts **20** (60 and 30",
        fr="Les débutants ont **50 secondes**, les experts **20** (60 et 30",
    )
    times = {
        (mode, level): RuleSettings(planning_level=level).planning_time(mode)
        for mode in ("racing", "targets", "drones")
        for level in ("beginner", "expert")
    }
    assert times == {
        ("racing", "beginner"): 50,
        ("racing", "expert"): 20,
        ("targets", "beginner"): 60,
        ("targets", "expert"): 30,
        ("drones", "beginner"): 60,
        ("drones", "expert"): 30,
    }


def test_turn_back_in_the_red_column_is_refused_and_the_shield_stays():
    refusing = run("02_planning.ipynb").output("refusing_chart").open_part()  # a closed section, opened
    assert refusing.program.shielded and str(refusing.program) == ". . . . . . S"


def test_the_gate_d_exercise_accepts_the_way_round_below_and_refuses_the_straight_line():
    judge = run("02_planning.ipynb")["judge"]
    # "Go round below the pod and the asteroid": F, R (down to row 7), L, F, then L up onto gate D.
    assert judge(Program.parse("F R L F L . S"))[0]
    assert not judge(Program.parse("F F F F . . S"))[0]  # into the pod
    assert not judge(Program.parse("F R L F L . F"))[0]  # shield off


# --- 03 · moving the asteroids ---------------------------------------------------------------------


def test_the_asteroid_rule_boards_end_where_the_text_says():
    chapter = run("03_moving_asteroids.ipynb")
    red = chapter.output('red_rock = tile("R1"')
    assert stepped_to_the_end(red, "Nothing").piece("R1").cell == (2, 3)  # two spaces E
    assert stepped_to_the_end(red, "A pod").piece("R1").cell == (2, 2)  # the last free space
    white = chapter.output('white_rock = tile("W1"')
    assert stepped_to_the_end(white, "A pod").piece("W1").cell == (2, 3)  # void
    assert stepped_to_the_end(white, "The blue craft, shield up").craft("blue").damage == 0
    assert stepped_to_the_end(white, "The blue craft, shield off").craft("blue").damage == 1
    blue = chapter.output('blue_rock = tile("B1"')
    pushed = stepped_to_the_end(blue, "An asteroid, free space behind it")
    assert (pushed.piece("B1").cell, pushed.piece("W1").cell) == ((2, 3), (2, 4))
    blocked = stepped_to_the_end(blue, "An asteroid, another one behind it")
    assert (blocked.piece("B1").cell, blocked.piece("W1").cell) == ((2, 2), (2, 3))  # no chain push
    # White/red #15: red die 1 sends it 2 spaces E to (2, 3); white die 5 (one edge clockwise of
    # its 1 edge: SE) one more, to (3, 3).
    bicolour = chapter.output('tile("WR", "white/red"')
    assert stepped_to_the_end(bicolour).piece("WR").cell == (3, 3)
    priority = chapter.output('"#6 and gate #24 (the rulebook)"')
    rulebook = stepped_to_the_end(priority, "#6 and gate #24 (the rulebook)")
    assert (rulebook.piece("W6").cell, rulebook.piece("GC").cell) == ((2, 3), (2, 4))
    behind = stepped_to_the_end(priority, "#2 in front of #5")  # #5 enters the space #2 just left
    assert (behind.piece("W2").cell, behind.piece("W5").cell) == ((2, 5), (2, 4))


def test_the_asteroid_exercises_answer_what_the_priority_and_push_rules_give():
    chapter = run("03_moving_asteroids.ipynb")
    assert chapter["answer"] == "#3"  # the smaller number moves first
    assert chapter["pushed"] == (2, 3)  # pushed one space W by the blue asteroid


# --- 04 · flying -------------------------------------------------------------------------------


def test_a_collision_costs_1_with_the_shield_and_2_without_and_ends_the_program():
    chapter = run("04_flying.ipynb")
    says(
        "04_flying.ipynb",
        en="**2 damage** (1 with the shield)",
        fr="**2 points de dommage** (1 avec le bouclier)",
    )
    for title, damage in (("A collision, shield on", 1), ("The same collision, shield off", 2)):
        after = stepped_to_the_end(chapter.output(f'rule(_("{title}")'))
        assert after.craft("blue").damage == damage
        assert after.craft("blue").cell == (6, 5)  # stayed put in front of the pod; F F F lost


def test_crossing_a_gate_takes_its_token():
    after = stepped_to_the_end(run("04_flying.ipynb").output('rule(_("Crossing a gate")'))
    assert "B" in after.craft("blue").tokens and after.craft("blue").damage == 0


@pytest.mark.parametrize(("destroy", "damage", "rock_left"), [(True, 3, False), (False, 1, True)])
def test_the_ramming_question_costs_what_its_buttons_say(destroy, damage, rock_left):
    says(
        "04_flying.ipynb",
        en="**4 damage** (3 with the shield)",
        fr="**4 points de dommage** (3 avec le bouclier)",
    )
    game = run("04_flying.ipynb")["ramming"]()
    assert game.pending is not None
    game.answer(destroy)
    game.play_phases()
    state = game.state
    assert state.craft("blue").damage == damage  # "Destroy it (3 damage)" / "Bounce off (1 damage)"
    assert any(p.id == "R1" for p in state.pieces) == rock_left


# --- 05 · a full racing game ---------------------------------------------------------------------


def test_the_whole_game_ends_with_a_winner_holding_all_four_tokens():
    game = run("05_racing_game.ipynb")["game"]
    winners = game.outcome.winners
    assert winners, game.outcome
    assert all(sorted(game.state.craft(w).tokens) == ["A", "B", "C", "D"] for w in winners)


def test_the_expert_level_plans_in_20_seconds_and_the_dice_order_is_shuffled_colours():
    hard = run("05_racing_game.ipynb")["hard"]
    assert hard.rules.planning_time("racing") == 20
    assert sorted(hard.order) == ["blue", "red", "white"]


# --- 06 · the coach ------------------------------------------------------------------------------


def test_the_danger_map_counts_out_of_216_rolls_and_the_exercise_asks_for_the_lowest_count():
    chapter = run("06_coach.ipynb")
    says("06_coach.ipynb", en="**6 × 6 × 6 = 216**", fr="**6 × 6 × 6 = 216**")
    danger = chapter["danger"]
    assert danger.rolls == 216 == 6 * 6 * 6
    assert all(0 <= count <= 216 for count in danger.cells.values())
    worst = chapter["worst"]
    assert [danger.cells[c] for c in worst] == sorted(danger.cells.values(), reverse=True)[:5]
    three = chapter["three"]
    assert len(set(three)) == 3 and chapter["safest"] == min(three, key=danger.risk)
    assert len({danger.risk(c) for c in three}) == 3  # three different counts: one answer


# --- 07 · pilot powers ---------------------------------------------------------------------------


def test_dolorosas_rulebook_example_ends_with_4_damage():
    chapter = run("07_pilot_powers.ipynb")
    says("07_pilot_powers.ipynb", en="her total is **4**", fr="elle est à **4**")
    after = stepped_to_the_end(chapter.output("RuleBoard(\n    dolorosa,"))
    assert after.craft("blue").damage == 4  # 3, then the pod: 2, one less with the shield


@pytest.mark.parametrize(("use", "damage"), [(True, 1), (False, 2)])
def test_lawrences_question_costs_what_its_buttons_say(use, damage):
    game = run("07_pilot_powers.ipynb")["emergency"]()
    assert game.pending is not None
    game.answer(use)
    game.play_phases()
    assert game.state.craft("blue").damage == damage  # "(1 damage)" / "(2 damage)"


def test_the_hector_exercise_accepts_the_way_the_text_describes():
    judge = run("07_pilot_powers.ipynb")["judge"]
    # "Left, then Right to face east again, the power two spaces east, Forward, Forward, a last Left."
    assert judge(Program.parse("L R P F F L S"))[0]
    assert not judge(Program.parse("F F F F F F S"))[0]  # six single spaces into the pod


# --- 08 · lasers and shooting ---------------------------------------------------------------------


def first_object(state: Any, cell: tuple[int, int], facing: int) -> tuple[int, int] | None:
    """Where a laser stops, walked here space by space: the first non-craft piece, None at the border."""
    board = state.board if state.board is not None else STANDARD_BOARD
    while True:
        cell = neighbour(cell, facing)
        if not board.is_on_board(cell):
            return None
        if any(p.cell == cell for p in state.pieces):
            return cell


def test_crafts_never_stop_a_laser_and_the_pod_shelters_the_asteroid():
    chapter = run("08_lasers_and_shooting.ipynb")
    board = chapter.output('_("Two shots: crafts never stop a laser")')
    shots = {e.player: e for e in board.events if e.type == "laser_fired"}
    assert (shots["blue"].hit, shots["blue"].path[-1]) == ("P1", (6, 10))  # through red, onto the pod
    assert (6, 6) in shots["blue"].path  # the red craft's space: passed through
    assert shots["red"].hit is None and (6, 3) in shots["red"].path  # through blue, out: nothing hit
    after = stepped_to_the_end(board)
    assert after.craft("red").damage == 0 and any(p.id == "W1" for p in after.pieces)


def test_in_shooting_mode_a_shot_gate_gives_its_token_then_is_an_obstacle():
    after = stepped_to_the_end(run("08_lasers_and_shooting.ipynb").output('gallery, {"blue"'))
    blue = after.craft("blue")
    assert "A" in blue.tokens and blue.damage == 1  # then F into the gate: 2, one less with the shield


def test_the_laser_exercise_answers_the_first_object_in_line():
    chapter = run("08_lasers_and_shooting.ipynb")
    quiz, shooter = chapter["quiz"], chapter["shooter"]
    assert chapter["stop"].end == first_object(quiz, shooter.cell, shooter.facing) is not None


# --- 09 · targets and drones -------------------------------------------------------------------


def test_the_targets_close_up_eliminates_two_targets_and_the_earlier_column_wins():
    chapter = run("09_targets_and_drones.ipynb")
    assert not {"right-1", "right-2"} & set(chapter["right_left"])
    assert chapter["verdict"].winners == ("blue",)  # the right team's set fell in column 2, red's in 4
    assert chapter["eliminated"]  # an own side's target is eliminated too


def test_the_handicap_takes_two_targets_off_the_weaker_teams_set():
    from asteroyds.modes import targets

    handicapped = run("09_targets_and_drones.ipynb")["handicapped"]
    aims = {team: len(targets.targets_left(handicapped, targets.aimed_side(team))) for team in targets.SIDES}
    assert sorted(aims.values()) == [4, 6]  # blue alone aims at 6 - 2


def test_two_hunters_both_score_the_drone_and_the_least_damage_wins_the_drones_race():
    chapter = run("09_targets_and_drones.ipynb")
    after = stepped_to_the_end(chapter.output('title=_("Two hunters, one drone")'))
    assert "A" in after.craft("blue").tokens and "A" in after.craft("red").tokens
    assert not any(p.kind == "drone" for p in after.pieces)  # it leaves at the end of the round
    # Both crafts hold four symbols: red, with the least damage (1 against 2), wins.
    assert chapter["drones"].outcome(chapter["finish"], []).winners == ("red",)


# --- 10 · capture the Asteroyd -------------------------------------------------------------------


def test_capture_plays_to_3_points_with_two_teams_and_2_with_three():
    from asteroyds.modes import capture

    says(
        "10_capture.ipynb",
        en="First team to **3 points** (2 with three teams)",
        fr="première équipe à **3 points** (2 à trois équipes)",
    )
    assert (capture.TARGETS[2], capture.TARGETS[3]) == (3, 2)


def test_the_turret_exercise_stops_at_an_enemy_turret():
    chapter = run("10_capture.ipynb")
    shot = chapter["first_shot"]
    blocker = next(p for p in chapter["state"].pieces if p.cell == shot.end)
    assert blocker.kind == "turret" and blocker.team == "white"  # red's TR1, stopped by a white turret


def test_a_1_v_1_doubles_the_planning_time():
    from asteroyds.modes import capture

    duel = run("10_capture.ipynb")["duel"]
    usual = capture.setup(crafts_per_team=3).rules.planning_time("capture")
    assert duel.rules.planning_time("capture") == 2 * usual
