"""The chapters tell the truth, all of it (issue 33, items 2, 3, 4 and 7).

Each correction is checked where a learner meets it: the chapter's words (English and its
French twin) and what its boards show, by running the chapter's own code cells, or the text
the engine writes. Every test fails on the chapters as they were before the issue.
"""

from __future__ import annotations

import dataclasses
import math
import re

import pytest

from asteroyds import i18n, setup
from asteroyds.asteroids import resolve_asteroids
from asteroyds.dice import Dice
from asteroyds.drills import generate
from asteroyds.events import CraftDamaged
from asteroyds.flight import fly
from asteroyds.game import Game
from asteroyds.hexgrid import neighbour, parse_direction
from asteroyds.modes import capture, drones
from asteroyds.pieces import Craft, Piece, die_direction, pip_on_edge
from asteroyds.render import state_svg
from asteroyds.simulate import play_bot_game
from asteroyds.state import State
from asteroyds.ui.board.layers import board_layout
from asteroyds.ui.board.scene import scene
from tests.test_tutorial_corrections import TWINS, cell_text, chapter, page_before, run_cells

CAPTURE, FLYING, RACE = "10_capture.ipynb", "04_flying.ipynb", "05_racing_game.ipynb"
ASTEROIDS = "03_moving_asteroids.ipynb"


def code_ids(name: str, upto: str) -> list[str]:
    """The ids of a chapter's code cells, from the first to ``upto``."""
    ids = [c["id"] for c in chapter(name) if c["cell_type"] == "code"]
    return ids[: ids.index(upto) + 1]


def said(name: str, cell_id: str, lang: str = "en") -> str:
    """A cell's text as a reader reads it: line breaks and runs of spaces are one space."""
    return " ".join(cell_text(name, cell_id, lang).split())


# --- 2: how a turret aims ---------------------------------------------------------------------
def _numbers_around(layer, centre, radius):
    return {
        (x, y): t
        for (x, y), t in zip(layer.points, layer.text, strict=True)
        if math.dist((x, y), centre) < radius
    }


def test_the_board_writes_a_turrets_pips_and_its_barrel_is_the_1():
    state = capture.setup(teams=2, crafts_per_team=2)
    lay = board_layout()
    layer = scene(state)["edge_numbers"]
    turrets = [p for p in state.pieces if p.kind == "turret"]
    assert len(turrets) == 4 and len(layer.text) == 6 * len(turrets)
    for turret in turrets:
        centre = lay.cell_to_pixel(turret.cell)
        around = _numbers_around(layer, centre, 0.8 * lay.size)
        assert sorted(around.values()) == ["1", "2", "3", "4", "5", "6"], turret
        for (x, y), text in around.items():
            direction = round(math.degrees(math.atan2(y - centre[1], x - centre[0])) / 60) % 6
            assert text == str(pip_on_edge(turret.orientation, direction))
            assert die_direction(turret.orientation, int(text)) == direction  # it fires through this edge
            if direction == turret.orientation:
                assert text == "1"  # the barrel's edge
    assert not scene(state, numbers=False)["edge_numbers"].text
    # A beam passes under the numbers (the one it leaves through stays readable); the team rim
    # moves out by the turret's edge, clear of them.
    from asteroyds.ui import BoardView
    from asteroyds.ui.board.scene import NUMBERED_RIM, RIM

    order = list(BoardView(state).marks)
    assert order.index("laser") < order.index("edge_numbers") < order.index("team_rims")
    rim = scene(state)["team_rims"].curves[0]
    centre = lay.cell_to_pixel(turrets[0].cell)
    assert math.dist(rim[0], centre) == pytest.approx(NUMBERED_RIM * lay.size) and NUMBERED_RIM > RIM


def test_the_picture_writes_turret_pips_and_a_drone_on_its_turret_speaks_for_it():
    state = capture.setup(teams=2, crafts_per_team=2)
    group = re.search(r'<g class="edge-numbers"[^>]*>(.*?)</g>', state_svg(state, edge_numbers=True), re.S)
    assert group is not None and len(re.findall(r">([1-6])</text>", group.group(1))) == 24
    launched, _events = drones.start_round(setup("drones", seed=1, players=["blue"]))
    under = {p.cell for p in launched.pieces if p.kind == "drone"}
    free_turrets = [p for p in launched.pieces if p.kind == "turret" and p.cell not in under]
    expected = 6 * (len(launched.moving_tiles()) + len(free_turrets))
    assert len(scene(launched)["edge_numbers"].text) == expected
    numbered = state_svg(launched, edge_numbers=True)
    digits = re.findall(
        r">([1-6])</text>", re.search(r'class="edge-numbers"[^>]*>(.*?)</g>', numbered, re.S)[1]
    )
    assert len(digits) == expected


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_10_teaches_the_turrets_aim_before_its_exercise(lang):
    before = " ".join(page_before(CAPTURE, "24", lang).split())
    if lang == "en":
        facts = (
            "### How a turret aims",
            "**barrel** is on the **1** edge",
            "its team's die",
            "*Numbers on tiles*",
        )
    else:
        facts = ("### Comment vise une tourelle", "**canon** est sur le bord **1**", "dé de son équipe",
                 "*Numéros sur les tuiles*")  # fmt: skip
    for fact in facts:
        assert fact in before, fact
    assert "1, 5, 3, 6, 2, 4" in before


def test_chapter_10_shows_one_turret_firing_with_each_die_and_spoils_no_exercise():
    namespace = run_cells(CAPTURE, code_ids(CAPTURE, "25"))
    board, close_up, shot = namespace["aim_board"], namespace["close_up"], namespace["first_shot"]
    assert board.choice.scenes == ("1", "2", "3", "4", "5", "6")
    (turret,) = [p for p in close_up.pieces if p.kind == "turret"]
    assert turret.team == "red" and turret.orientation == namespace["state"].piece("TR2").orientation
    for label in board.choice.scenes:
        board.choice.play(label)
        aimed, fired = (
            next(e for e in board.events if e.type == t)
            for t in ("capture_turret_aimed", "capture_laser_fired")
        )
        assert aimed.turret == fired.shooter == turret.id and aimed.die == int(label)
        assert fired.direction == die_direction(turret.orientation, int(label))  # read through the barrel
        assert fired.path[0] == neighbour(turret.cell, fired.direction)
        assert fired.end != shot.end  # the exercise's answer is not shown before it is asked
    # The exercise's answer says how TR1 aimed; its hint reads the numbers the board now draws.
    hint, explain = namespace["question"].hint, namespace["question"].explain
    assert "as the turret up close above: find the red die's 2 among the numbers on its edges" in hint
    assert "(its barrel is the 1)" in hint
    assert "TR1's barrel, its 1 edge, faces SW" in explain and "the red die's 2 is on its E edge" in explain


# --- 3: chapter 4's platforms -------------------------------------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_chapter_4_platform_text_names_what_its_boards_show(lang):
    text = said(FLYING, "11", lang)
    if lang == "en":
        assert "leaves L1 by turning back, flies back into L1, or into L2" in text and "must land" in text
        assert "may land" not in text
    else:
        assert (
            "départ de L1 par un demi-tour, retour dans L1, choc dans L2" in text and "doit s'y poser" in text
        )


def test_chapter_4_shows_a_craft_leave_its_platform_then_hit_its_own_and_another(monkeypatch):
    from asteroyds.ui.teach import scenes

    boards = []
    monkeypatch.setattr(scenes, "SceneBoard", lambda shown, **kw: boards.append(shown))
    namespace = run_cells(FLYING, ["2", "12"])
    assert boards == []  # a closed section until the learner opens it: built then
    namespace["platform_scenes"]()
    (shown,) = boards
    home = namespace["home"]
    own = next(p for p in home.pieces if p.cell == home.craft("blue").cell)
    leaves, back, other = shown.values()
    assert [e.type for e in leaves.events].count("craft_turned") == 1
    assert (
        not [e for e in leaves.events if e.type == "craft_damaged"]
        and leaves.after.craft("blue").cell != own.cell
    )
    for played, platform in ((back, own.id), (other, "L2")):
        hit = next(e for e in played.events if e.type == "craft_collided")
        assert hit.reason == "platform" and hit.blocker == platform
        assert played.after.craft("blue").damage == 1


# --- 4: the end of a round; what a collision costs -----------------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_the_end_of_a_round_is_taught_where_a_race_is(lang):
    text = said(RACE, "3", lang)
    if lang == "en":
        facts = ("**Player one** rolls the dice", "back on **Shield**", "damage stays", "checks for a winner",
                 "player to player one's **left** becomes player one")  # fmt: skip
        assert "the round ends" in said("00_welcome.ipynb", "6")
    else:
        facts = ("**premier joueur** lance les dés", "revient sur **Bouclier**", "les dommages restent",
                 "si quelqu'un a gagné", "à **gauche** du premier joueur devient premier joueur")  # fmt: skip
        assert "le tour se termine" in said("00_welcome.ipynb", "6", "fr")
    for fact in facts:
        assert fact in text, fact
    assert text.index("## ") < text.index("## Winning" if lang == "en" else "## Gagner")
    # ... and the engine ends a round so.
    game = Game.new(players=["blue", "red", "green"], seed=4)
    before = game.state
    events = game.play_round(dict.fromkeys(before.player_order, ". . . . . . S"), dice=(1, 2, 3))
    after = game.state
    assert after.player_order == (*before.player_order[1:], before.player_order[0])  # player one passes left
    assert after.round == before.round + 1 and game.phase == "roll"  # the new player one rolls
    (ended,) = [e for e in events if e.type == "round_ended"]
    assert "charts reset" in ended.text() and "red is now player one" in ended.text()


def test_chapter_4_gathers_every_collision_cost_in_one_table():
    namespace = run_cells(FLYING, ["2", "8"])
    from asteroyds.ui.teach.facts import collision_costs

    costs = collision_costs()
    assert [(on, off) for _what, on, off in costs] == [("1", "2"), ("3", "4"), ("0", "1")]
    # ... what the engine does for each obstacle the first row names, not only the pod it plays:
    east = parse_direction("E")
    craft = Craft("blue", (6, 4), east)
    for obstacle in (Piece("P1", "pod", (6, 5)), Piece("L1", "platform", (6, 5)),
                     Piece("R1", "asteroid", (6, 5), "red", east, 1)):  # fmt: skip
        field = State(mode="racing", pieces=(obstacle,), crafts=(craft,), player_order=("blue",))
        damage = [fly(field, {"blue": f"F . . . . . {red}"})[0].craft("blue").damage for red in "SF"]
        assert damage == [1, 2], obstacle
    edge = State(
        mode="racing", pieces=(), crafts=(dataclasses.replace(craft, cell=(6, 15)),), player_order=("blue",)
    )
    assert [fly(edge, {"blue": f"F . . . . . {red}"})[0].craft("blue").damage for red in "SF"] == [1, 2]
    # The table is in the Collisions section, under its boards, and the page shows it.
    headings = re.findall(r"^## .*$", page_before(FLYING, "8"), re.M)
    assert headings[-1] == "## Collisions"
    assert "fact_table(" in cell_text(FLYING, "8") and "collision_costs()" in cell_text(FLYING, "8")
    assert "The shield works in every phase" not in said(FLYING, "9")  # said once: by the table
    assert namespace["collision_costs"] is collision_costs


# --- 7: the smaller corrections ------------------------------------------------------------------
@pytest.mark.parametrize("lang", TWINS)
def test_the_capture_scoring_decision_reads_and_the_engine_agrees(lang):
    text = said(CAPTURE, "15", lang)
    if lang == "en":
        assert "(or, picking up after > passing through" not in text
        assert "A carrier scores as it enters its own platform" in text and "double move" in text
    else:
        assert "s'il ramasse l'asteroyd en passant" not in text and "double mouvement" in text
    state = capture.setup(teams=2, crafts_per_team=2)
    pieces = tuple(p._replace(cell=(6, 2)) if p.id == "AW" else p for p in state.pieces)  # dropped by home
    hector = dataclasses.replace(
        state.craft("red1"), cell=(6, 3), facing=parse_direction("W"), pilot="Hector"
    )
    state = state.replace(
        pieces=pieces, crafts=tuple(hector if c.player == "red1" else c for c in state.crafts)
    )
    assert state.piece("LR").cell == (6, 1)
    after, events = capture.resolve(state, (1, 1, 1), {"red1": "P . . . . . S1"})
    assert any(e.type == "capture_point_scored" and e.player == "red1" for e in events)
    assert dict(after.scores)["red"] == 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "takes 0 damage points (1 minus 1 for the shield) for"), ("fr", "(1 moins 1 pour le bouclier)")],
)
def test_a_shielded_hit_says_what_the_shield_took_off(lang, words):
    event = CraftDamaged("blue", 0, 1, True, False, 0, "asteroid hit")
    both = CraftDamaged("blue", 0, 2, True, True, 0, "asteroid hit")
    with i18n.use_language(lang):
        assert (
            words in event.text()
            and "less shield" not in event.text()
            and "moins bouclier" not in event.text()
        )
        assert (
            "2 minus 2 for the shield and" if lang == "en" else "2 moins 2 pour le bouclier et"
        ) in both.text()


def test_the_french_log_says_d_une_case():
    rock = Piece("R1", "asteroid", (6, 3), "red", parse_direction("E"), 3)
    state = State(mode="racing", pieces=(rock,), crafts=(Craft("blue", (6, 5), 0),), player_order=("blue",))
    _after, events = resolve_asteroids(state, Dice(1, 1, 1))
    with i18n.use_language("fr"):
        texts = [e.text() for e in events]
    assert any("avance d'une case" in t for t in texts) and not any("de 1 case" in t for t in texts)


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_6_counts_asteroids_as_it_says(lang):
    cells = "\n".join("".join(c["source"]) for c in chapter("06_coach.ipynb", lang))
    assert "moving element" not in cells and "where an asteroid ends in" in cells


def test_chapter_9_drone_faces_as_its_turret_does():
    namespace = run_cells("09_targets_and_drones.ipynb", ["2", "16"])
    push = namespace["push"]
    turret, drone = push.piece("T1"), push.piece("DA-1")
    assert drone.orientation == turret.orientation


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_10_announces_the_variants_terms_before_using_them(lang):
    cells = [c for c in chapter(CAPTURE, lang) if c["cell_type"] == "markdown"]
    texts = [" ".join("".join(c["source"]).split()) for c in cells]
    for term in ("Lawrence", "blue asteroids") if lang == "en" else ("Lawrence", "astéroïdes bleus"):
        first = next(text for text in texts if term in text)
        assert first == texts[0], term  # first met in the opening, as a variant
    assert ("variants" if lang == "en" else "variantes") in texts[0]


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_2_points_damage_and_gates_to_chapter_4(lang):
    shield, exercise = said("02_planning.ipynb", "7", lang), said("02_planning.ipynb", "11", lang)
    if lang == "en":
        assert (
            "one **damage** point less (chapter 4)" in shield and "**gate D** (gates: chapter 4)" in exercise
        )
    else:
        assert (
            "**point de dommage** de moins (chapitre 4)" in shield and "(les portes : chapitre 4)" in exercise
        )


@pytest.mark.parametrize("lang", TWINS)
def test_chapter_4_hint_names_the_red_asteroid_below(lang):
    namespace = run_cells(FLYING, ["2", "16"])
    maze = namespace["maze"]
    row = maze.craft("blue").cell[0]
    assert any(p.kind == "asteroid" and p.colour == "red" and p.cell[0] == row + 1 for p in maze.pieces)
    hint = said(FLYING, "17", lang)
    assert ("a red asteroid the one below" if lang == "en" else "un astéroïde rouge celle du dessous") in hint


def _chapter_3_scenes(monkeypatch) -> list[dict]:
    from asteroyds.ui.teach import scenes

    boards: list[dict] = []
    monkeypatch.setattr(scenes, "SceneBoard", lambda shown, **kw: boards.append(dict(shown)))
    run_cells(ASTEROIDS, ["2", "4", "6", "8"])
    return boards


def test_chapter_3_shows_a_red_asteroid_stop_before_a_craft_and_every_craft_hit(monkeypatch):
    red, white, _blue = _chapter_3_scenes(monkeypatch)
    stopped = [s for s in red.values() if any(e.type == "craft_hit" for e in s.events)]
    assert stopped, "no red scene with a craft"
    (scene_,) = stopped
    craft = scene_.start.crafts[0]
    assert neighbour(scene_.after.piece("R1").cell, parse_direction("E")) == craft.cell  # just in front
    assert scene_.after.craft(craft.player).damage == 1
    shared = [s for s in white.values() if len(s.start.crafts) > 1]
    assert shared and all(c.damage == 1 for c in shared[0].after.crafts)  # every craft in the space
    assert len({c.cell for c in shared[0].start.crafts}) == 1


def test_chapter_3_shows_the_push_back_its_drill_set_ends_on(monkeypatch):
    blue = _chapter_3_scenes(monkeypatch)[2]

    def pushes(events):
        return [(e.pusher, e.piece) for e in events if e.type == "tile_pushed"]

    back = [s for s in blue.values() if len(pushes(s.events)) == 2]
    assert back and pushes(back[0].events)[1] == pushes(back[0].events)[0][::-1]
    # The drill the chapter's set ends on is that very case.
    last = re.search(r"levels=\[([\d, ]+)\], seeds=\[([\d, ]+)\]", cell_text(ASTEROIDS, "22"))
    level, seed = (int(found.split(",")[-1]) for found in last.groups())
    drill = generate(level, seed)
    explain = " ".join(drill.explanation)
    pairs = re.findall(r"blue asteroid (#\d+) pushes blue asteroid (#\d+)", explain, re.I)
    assert len(pairs) == 2 and pairs[1] == pairs[0][::-1]
    assert "even pushing back (*A blue asteroid facing it*, above)" in said(ASTEROIDS, "13")


@pytest.mark.parametrize("lang", TWINS)
def test_columns_7_and_0_are_named_where_the_tie_break_is_taught(lang):
    winning, gates = said(RACE, "3", lang), said(ASTEROIDS, "15", lang)
    if lang == "en":
        assert "the red column counts as column 7" in winning and "as column 0" in winning
        assert "noted as column 0, before every column: chapter 5" in gates
    else:
        assert "la colonne rouge compte comme la colonne 7" in winning and "comme la colonne 0" in winning
        assert "noté colonne 0, avant toutes les colonnes : chapitre 5" in gates


def test_the_standings_name_the_red_column_7_and_the_asteroid_phase_0():
    from asteroyds.ui.teach.tables import token_column_text

    assert (token_column_text(7), token_column_text(0), token_column_text(3)) == (
        "7 (red column)",
        "0 (asteroid phase)",
        "3",
    )
    with i18n.use_language("fr"):
        assert token_column_text(7) == "7 (colonne rouge)"


def test_the_race_replay_table_says_in_which_column_each_craft_finished():
    from asteroyds.ui.teach.game_replay import GameReplay

    game = play_bot_game(["blue", "red", "green", "yellow"], seed=7)
    finished = {f.player: f.column for f in game.outcome.finishers}
    assert len(finished) == 4 and len(game.outcome.winners) == 3  # green holds every token and lost
    html = GameReplay(game)._standings.value
    assert "column of its last token this round" in html
    for player, column in finished.items():
        assert re.search(rf"<td>{player.title()}</td><td>[A-D ]+</td><td>{column}</td>", html), player
    assert "the column of its last token that round" in said(RACE, "4")
