"""The tutorial's corrections (issue 22): each chapter says what docs/rules.md and the engine do.

Every correction is checked twice: in the chapter's text (the notebook's JSON, English and its
French twin) and against the engine, by running the chapter's own code cells where the fact lives
(an exercise's position, its judge, the boards shown before it) or the engine directly.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
from pathlib import Path

import pytest

from asteroyds import demos
from asteroyds.asteroids import resolve_asteroids
from asteroyds.dice import Dice
from asteroyds.flight import fly
from asteroyds.hexgrid import distance, parse_direction
from asteroyds.modes import capture, targets
from asteroyds.pieces import Craft, Piece
from asteroyds.preview import planned_path
from asteroyds.state import State

ROOT = Path(__file__).resolve().parents[1]
TWINS = ("en", "fr")


def chapter(name: str, lang: str = "en") -> list[dict]:
    """The cells of a chapter (``lang`` fr: its French twin)."""
    folder = ROOT / "notebooks" / ("fr" if lang == "fr" else "")
    return json.loads((folder / name).read_text(encoding="utf-8"))["cells"]


def cell_text(name: str, cell_id: str, lang: str = "en") -> str:
    return next("".join(c["source"]) for c in chapter(name, lang) if c["id"] == cell_id)


def page_before(name: str, cell_id: str, lang: str = "en") -> str:
    """Everything the page shows before a cell: its text cells and its code."""
    text = []
    for c in chapter(name, lang):
        if c["id"] == cell_id:
            return "\n".join(text)
        text.append("".join(c["source"]))
    raise AssertionError(f"{name} has no cell {cell_id}")


def run_cells(name: str, ids: list[str], namespace: dict | None = None) -> dict:
    """Run these code cells of the English chapter in one namespace (as the kernel would)."""
    namespace = {} if namespace is None else namespace
    cells = {c["id"]: c for c in chapter(name)}
    for cell_id in ids:
        assert cells[cell_id]["cell_type"] == "code", (name, cell_id)
        exec(compile("".join(cells[cell_id]["source"]), f"{name}[{cell_id}]", "exec"), namespace)
    return namespace


ACTION_WORDS = {
    "en": {"Forward": "F", "Left": "L", "Right": "R", "Turn back": "U", "power": "P"},
    "fr": {"Avancer": "F", "Gauche": "L", "Droite": "R", "Demi-tour": "U", "pouvoir": "P"},
}


def route_of(hint: str, lang: str) -> list[str]:
    """The actions a hint names, in its order: "Forward once, then Left ..." -> ["F", "L", ...]."""
    words = ACTION_WORDS[lang]
    found = re.finditer("|".join(re.escape(w) for w in words), hint)
    return [words[m.group(0)] for m in found]


# --- 09: the drones move first whatever their numbers -----------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_the_drone_sentence_says_drones_move_first_whatever_their_numbers(lang):
    text = cell_text("09_targets_and_drones.ipynb", "15", lang)
    assert "100 + n" in text
    if lang == "en":
        assert "whatever their numbers" in text and "smaller number moves first" in text
        assert "above every asteroid's number, so" not in text  # the old, wrong reason
    else:
        assert "quels que soient leurs numéros" in text and "le plus petit numéro" in text
        assert "au-dessus du numéro de tous les astéroïdes ; les drones" not in text


def test_the_engine_moves_a_drone_before_an_asteroid_with_a_smaller_number():
    demo = demos.load_demo("drones-move-first-and-are-shot")
    red = next(e for e in demo.play().events if e.type == "phase_started" and e.phase == "red")
    drone, asteroid = "DA-1", "R1"
    order = list(red.order)
    assert order.index(drone) < order.index(asteroid)
    state = demo.play().after_asteroids
    assert state.piece(drone).priority > state.piece(asteroid).priority  # 101 moved before 1


# --- 10: the capture laser exercise, its hint and the laser rule -----------------------------
def _boards_shown(monkeypatch) -> tuple[dict, list]:
    """Run chapter 10 up to its laser exercise; every event a rule board shows on the way."""
    from asteroyds.ui.teach import rule_board

    shown: list = []
    real = rule_board.RuleBoard

    class Recording(real):  # type: ignore[misc, valid-type]
        def __init__(self, state, events, *args, **kwargs):
            shown.extend(events)
            super().__init__(state, events, *args, **kwargs)

    monkeypatch.setattr(rule_board, "RuleBoard", Recording)
    ids = [c["id"] for c in chapter("10_capture.ipynb") if c["cell_type"] == "code"]
    namespace = run_cells("10_capture.ipynb", ids[: ids.index("25") + 1])
    return namespace, shown


def test_the_capture_exercise_answer_is_not_shown_before_it_is_asked(monkeypatch):
    namespace, shown = _boards_shown(monkeypatch)
    question, shot = namespace["question"], namespace["first_shot"]
    assert question.answers == (shot.end,) and shot.end is not None
    # Every laser drawn on the page before the exercise: none of the exercise's turret ends there.
    before = [e for e in shown if e.type == "capture_laser_fired"]
    assert before, "the chapter shows lasers before the exercise"
    assert all(not (e.shooter == shot.shooter and e.end == shot.end) for e in before)
    assert shot.end not in {e.end for e in before}
    # ... and the prompt names the turret and the dice the exercise plays.
    for lang in TWINS:
        prompt = cell_text("10_capture.ipynb", "24", lang)
        assert f"**{shot.shooter}**" in prompt
        red, white = ("red", "white") if lang == "en" else ("rouge", "blanc")
        dice = re.search(r"capture\.resolve\(state, \((\d), (\d), \d\)", cell_text("10_capture.ipynb", "25"))
        assert f"{red} {dice.group(1)}, {white} {dice.group(2)}" in prompt


def test_the_capture_hint_reads_the_die_on_the_turret_not_the_barrel():
    """The laser leaves through the edge showing the die; the barrel only marks the 1 (issue 33)."""
    code = " ".join(cell_text("10_capture.ipynb", "25").split())
    assert "find the red die's {die} among the numbers on its edges" in code
    assert "the laser leaves through that edge" in code and '(its barrel is" " the 1)' in code


@pytest.mark.parametrize("lang", TWINS)
def test_the_laser_rule_names_what_it_passes_misses_and_hits(lang):
    text = cell_text("10_capture.ipynb", "13", lang)
    if lang == "en":
        for fact in (
            "shooter's own space are not",
            "its own team's crafts",
            "both asteroyds",
            "**every** enemy craft",
            "**Decision — no friendly fire.**",
            "A laser never hits its own team: it passes over a team-mate",
        ):
            assert fact in text
    else:
        for fact in (
            "case du tireur ne sont pas",
            "vaisseaux et des tourelles de sa propre",
            "deux asteroyds",
            "**tous** les vaisseaux ennemis",
            "**Décision : pas de tir ami.**",
            "Un laser ne touche jamais sa propre équipe : il passe au-dessus",
        ):
            assert fact in text


def test_the_engine_laser_does_what_the_chapter_says():
    play = demos.load_demo("capture-laser-passes-allies-hits-every-enemy").play()
    shot = next(e for e in play.events if e.type == "capture_laser_fired" and e.shooter == "red1")
    start = play.start
    assert start.craft("white3").cell == shot.start  # an enemy in the shooter's own space ...
    assert "white3" not in shot.hits  # ... is not hit
    passed = set(shot.path[:-1])
    assert start.craft("red2").cell in passed  # an ally is passed
    assert start.piece("AW").cell in passed  # so is an asteroyd
    assert set(shot.hits) == {"white1", "white2"}  # every enemy craft in the stopping space


def test_a_laser_stopped_by_a_platform_hits_nobody_on_it():
    state = capture.setup(teams=2, crafts_per_team=2)
    platform = state.piece("LW").cell
    shooter = dataclasses.replace(state.craft("red1"), cell=(6, 13), facing=parse_direction("E"))
    state = state.replace(crafts=tuple(shooter if c.player == "red1" else c for c in state.crafts))
    _after, events = capture.resolve(state, (6, 1, 1), {"red1": "X . . . . . S1"})
    shot = next(e for e in events if e.type == "capture_laser_fired" and e.shooter == "red1")
    assert shot.end == platform and shot.stopped_by == "platform" and shot.hits == ()
    assert {c.player for c in state.crafts if c.cell == platform} == {"white1", "white2"}
    assert all(e.type != "capture_craft_shot" for e in events if getattr(e, "round", 0) == 1)
    for lang in TWINS:
        decision = cell_text("10_capture.ipynb", "13", lang)
        assert ("hits nobody on it" if lang == "en" else "n'y touche personne") in decision


# --- 07: the Hector exercise needs the power ---------------------------------------------------
def _hector() -> dict:
    return run_cells("07_pilot_powers.ipynb", ["2", "14"])


def test_no_program_without_hectors_power_solves_his_exercise():
    namespace = _hector()
    hector, judge = namespace["hector"], namespace["judge"]
    from asteroyds.program import parse_program

    actions = [".", "F", "R", "L", "U"]
    for columns in itertools.product(actions, repeat=6):
        program = " ".join(columns) + " S"
        path = planned_path(hector, "blue", program)
        assert path.damage or path.blocked_at or "A" not in path.tokens, program
        assert not judge(parse_program(program))[0]
    craft, gate = hector.craft("blue"), hector.piece("GA")
    assert distance(craft.cell, gate.cell) == 7  # what the verdict says: six columns fly at most 6


def test_hectors_exercise_is_solved_with_the_power_and_its_verdict_is_true():
    namespace = _hector()
    from asteroyds.program import parse_program

    solution = re.search(r'solution="([^"]+)"', cell_text("07_pilot_powers.ipynb", "14")).group(1)
    ok, verdict = namespace["judge"](parse_program(solution))
    assert ok and "P" in solution.split()
    assert "7 spaces away" in verdict and "double move" in verdict
    assert "crossed with Hector's double move" not in verdict  # the old verdict
    for lang in TWINS:
        hint = cell_text("07_pilot_powers.ipynb", "15", lang)
        assert route_of(hint, lang) == [c for c in solution.split()[:6] if c != "."], lang


# --- 04: the hint describes the answer's route -------------------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_chapter_4_hint_route_is_its_answer(lang):
    solution = re.search(r'solution="([^"]+)"', cell_text("04_flying.ipynb", "16")).group(1)
    hint = cell_text("04_flying.ipynb", "17", lang)
    assert route_of(hint, lang) == [c for c in solution.split()[:6] if c != "."]
    namespace = run_cells("04_flying.ipynb", ["2", "16"])
    from asteroyds.program import parse_program

    assert namespace["judge"](parse_program(solution))[0]
    # "two rows": the answer climbs two rows above the craft's own.
    path = planned_path(namespace["maze"], "blue", solution)
    assert path.cells[0][0] - min(r for r, _c in path.cells) == 2
    assert ("two rows" if lang == "en" else "deux rangées") in hint


# --- 03: Exercise 2 names all three dice; red and blue hit crafts; platforms shelter ---------
@pytest.mark.parametrize("lang", TWINS)
def test_exercise_2_prompt_names_every_die_it_rolls(lang):
    code = cell_text("03_moving_asteroids.ipynb", "20", lang)
    red, white, blue = map(int, re.search(r"Dice\((\d), (\d), (\d)\)", code).groups())
    prompt = cell_text("03_moving_asteroids.ipynb", "19", lang)
    names = ("red", "white", "blue") if lang == "en" else ("rouge", "blanc", "bleu")
    for colour, value in zip(names, (red, white, blue), strict=True):
        assert f"{colour} **{value}**" in prompt
    assert f"Red die {red}, white die {white}, blue die {blue}:" in code
    # What the prompt says the white die does is what the engine does: the move is void.
    namespace = run_cells("03_moving_asteroids.ipynb", ["2", "18", "20"])
    _after, events = resolve_asteroids(namespace["shove"], Dice(red, white, blue))
    white_move = next(e for e in events if getattr(e, "piece", None) == "W1" and e.type.startswith("tile"))
    assert white_move.type == "tile_blocked" and white_move.outcome == "void" and white_move.reason == "pod"
    assert ("void" if lang == "en" else "annulé") in prompt


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_3_says_red_and_blue_asteroids_hit_crafts_and_platforms_shelter(lang):
    text = " ".join(cell_text("03_moving_asteroids.ipynb", "5", lang).split())
    if lang == "en":
        assert "Red and blue asteroids hit crafts" in text and "on a platform is never hit" in text
    else:
        assert "rouges et bleus touchent les vaisseaux" in text and "plate-forme n'est jamais touché" in text


@pytest.mark.parametrize("colour", ["red", "blue"])
def test_red_and_blue_asteroids_hit_a_craft_and_a_platform_shelters_it(colour):
    rock = Piece("X1", "asteroid", (6, 5), colour, parse_direction("E"), 1)
    hit = State(mode="racing", pieces=(rock,), crafts=(Craft("blue", (6, 6), 0),), player_order=("blue",))
    after, _events = resolve_asteroids(hit, Dice(1, 1, 1), shields={"blue": False})
    assert after.craft("blue").damage == 1 and after.piece("X1").cell == (6, 5)
    sheltered = hit.replace(pieces=(rock, Piece("L1", "platform", (6, 6), orientation=0)))
    after, _events = resolve_asteroids(sheltered, Dice(1, 1, 1), shields={"blue": False})
    assert after.craft("blue").damage == 0


# --- 03: short prose, every exercise names its dice, a closing drill set -------------------
CHAPTER_3 = "03_moving_asteroids.ipynb"
CHAPTER_3_WORDS = 460  # issue 22: the learning path's prose budget for this chapter (724 before)


def prose_words(name: str, lang: str) -> int:
    return sum(len("".join(c["source"]).split()) for c in chapter(name, lang) if c["cell_type"] == "markdown")


def test_chapter_3_prose_fits_its_budget():
    assert prose_words(CHAPTER_3, "en") <= CHAPTER_3_WORDS


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_3_exercises_name_all_three_dice(lang):
    names = ("red", "white", "blue") if lang == "en" else ("rouge", "blanc", "bleu")
    for prompt_id, code_id in (("17", "18"), ("19", "20")):
        dice = re.findall(r"Dice\((\d), (\d), (\d)\)", cell_text(CHAPTER_3, code_id, lang))
        assert dice and len(set(dice)) == 1, code_id  # one roll per exercise
        prompt = cell_text(CHAPTER_3, prompt_id, lang)
        for colour, value in zip(names, dice[0], strict=True):
            assert f"{colour} **{value}**" in prompt, (prompt_id, colour)


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_3_closes_with_a_drill_set_and_a_link_to_the_practice_page(lang):
    cells = chapter(CHAPTER_3, lang)
    code = next(c for c in cells if "DrillSet(" in "".join(c["source"]))
    levels, seeds = (
        [int(n) for n in found.split(",")]
        for found in re.search(r"levels=\[([\d, ]+)\], seeds=\[([\d, ]+)\]", "".join(code["source"])).groups()
    )
    assert levels == [1, 2, 3] and len(seeds) == 3
    from asteroyds.drills import generate

    tags = {tag for level, seed in zip(levels, seeds, strict=True) for tag in generate(level, seed).tags}
    assert {"priority", "push"} <= tags  # what the chapter taught, on the real board
    after = cells[cells.index(code) + 1 :]
    assert any("(practice.ipynb)" in "".join(c["source"]) for c in after)  # then the practice page


# --- 02: a late chart is played as it stands ---------------------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_the_unfinished_chart_box_agrees_with_the_stopwatch_text(lang):
    stopwatch = cell_text("02_planning.ipynb", "9", lang)
    box = cell_text("02_planning.ipynb", "11", lang)
    if lang == "en":
        assert "the columns you did not fill stay empty" in stopwatch
        assert "the tokens already placed are played" in box and "the columns left empty do nothing" in box
        assert "does not submit a chart in time flies an" not in box
    else:
        assert "les jetons déjà posés sont joués" in box and "les colonnes restées vides ne font" in box
        assert "n'a pas rendu son tableau à temps" not in box


def test_a_locked_chart_keeps_the_tokens_placed_before_time_ran_out():
    from asteroyds.ui.chart.status.view import StatusChart

    chart = StatusChart(Craft("blue", (6, 4), 0), "racing")
    chart.load("F R . . . . S")
    chart.lock()  # TIME!
    assert str(chart.program) == "F R . . . . S"


# --- 07 and the gallery: one Dolorosa example ----------------------------------------------------
def test_chapter_6_and_the_gallery_show_the_same_dolorosa_example(monkeypatch):
    namespace = run_cells("07_pilot_powers.ipynb", ["2", "10"])
    demo = demos.load_demo("pilot-dolorosa-rulebook-example")
    shown = namespace["dolorosa"]
    assert shown.crafts == demo.state.crafts
    assert shown.pieces == demo.state.pieces
    assert "P L R . . . S" in cell_text("07_pilot_powers.ipynb", "10") and demo.program_map == {
        "blue": "P L R . . . S"
    }
    assert demo.play().end.craft("blue").damage == 4  # "her total is 4", as chapter 7 says
    assert "**4**" in cell_text("07_pilot_powers.ipynb", "9")


def test_no_demo_gives_a_die_to_an_asteroid():
    for demo in demos.all_demos():
        for lang in ("en", "fr"):
            text = demo.shown("explain", lang) + demo.shown("title", lang)
            assert not re.search(r"asteroid #\d+'s die|dé de l'astéroïde", text), demo.name


# --- the rules' recorded readings: targets victory with the racing clock ----------------------
def _last_targets(red_column: int, blue_column: int):
    east, west = parse_direction("E"), parse_direction("W")
    board = State(
        mode="targets",
        pieces=(
            Piece("W1", "asteroid", (6, 8), "white", east, 1, target="right-1", team="right"),
            Piece("W3", "asteroid", (9, 6), "white", east, 3, target="left-1", team="left"),
        ),
        crafts=(Craft("red", (6, 3), east, team="left"), Craft("blue", (9, 12), west, team="right")),
        player_order=("red", "blue"),
    ).validate("targets")

    def program(column):
        return " ".join("X" if c == column else "." for c in range(1, 7)) + " S"

    after, events = fly(board, {"red": program(red_column), "blue": program(blue_column)})
    return targets.outcome(after, events)


def test_targets_victory_uses_the_racing_clock_as_chapter_7_says():
    assert _last_targets(4, 2).winners == ("blue",)  # red flies first, blue's column is earlier
    assert _last_targets(2, 4).winners == ("red",)
    assert set(_last_targets(3, 3).winners) == {"red", "blue"}  # the same column: shared
    text = cell_text("09_targets_and_drones.ipynb", "7")
    assert "earlier column" in text and "The same column is a draw" in text
