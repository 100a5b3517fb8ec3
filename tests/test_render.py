"""The static SVG renderer: well-formed, complete, pointing the right way, deterministic."""

from __future__ import annotations

import doctest
import math
import re
import xml.etree.ElementTree as ET

import pytest

from asteroyds import cli
from asteroyds.render import svg as svg_module
from asteroyds.render.overlays import Lesson
from asteroyds.render.svg import COLOURS, state_svg, write_svg
from asteroyds.setups import drones, racing, targets
from tests.helpers import craft, fixed, state, tile

NS = {"svg": "http://www.w3.org/2000/svg"}
SVG = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    return root


def layer(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//svg:g[@class='{name}']", NS)
    assert found is not None, f"no <g class={name!r}>"
    return found


def by_id(root: ET.Element, data_id: str) -> ET.Element:
    found = root.find(f".//svg:g[@data-id='{data_id}']", NS)
    assert found is not None, f"no group with data-id {data_id!r}"
    return found


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in element.get("points", "").split()]  # type: ignore[misc]


def hex_centre(root: ET.Element, cell: tuple[int, int]) -> tuple[float, float]:
    """The centre of a board hex, read back from the picture itself."""
    poly = layer(root, "hexes").find(f"svg:polygon[@data-cell='{cell[0]},{cell[1]}']", NS)
    assert poly is not None
    pts = points(poly)
    return (sum(x for x, _ in pts) / 6, sum(y for _, y in pts) / 6)


def fills(element: ET.Element) -> set[str]:
    return {e.get("fill", "") for e in element.iter()}


def angle_of(vector: tuple[float, float]) -> float:
    return math.degrees(math.atan2(vector[1], vector[0])) % 360


def close_angle(a: float, b: float, tolerance: float = 3.0) -> bool:
    return abs((a - b + 180) % 360 - 180) <= tolerance


@pytest.fixture(scope="module")
def board_state():
    return racing(seed=1, players=["blue", "red"])


@pytest.fixture(scope="module")
def board_root(board_state):
    return parse(state_svg(board_state))


# --- the document -----------------------------------------------------------------


def test_well_formed_with_viewbox_size_and_title(board_root):
    assert board_root.get("viewBox", "").startswith("0 0 ")
    width, height = float(board_root.get("width", 0)), float(board_root.get("height", 0))
    assert board_root.get("viewBox") == f"0 0 {board_root.get('width')} {board_root.get('height')}"
    assert width > height > 0
    title = board_root.find("svg:title", NS)
    assert title is not None and "racing" in (title.text or "")


def test_standard_board_has_158_hexes(board_root):
    hexes = layer(board_root, "hexes").findall("svg:polygon", NS)
    assert len(hexes) == 158
    assert all(len(points(h)) == 6 for h in hexes)


def test_layers_have_classes(board_root):
    for name in ("hexes", "fixed", "tiles", "crafts"):
        layer(board_root, name)


def test_every_piece_and_craft_has_a_group(board_state, board_root):
    ids = {g.get("data-id") for g in board_root.iter(f"{SVG}g") if g.get("data-id")}
    assert {p.id for p in board_state.pieces} <= ids
    assert {"craft:blue", "craft:red"} <= ids
    # moving tiles in the tiles layer, fixed pieces in the fixed layer
    tiles = {g.get("data-id") for g in layer(board_root, "tiles").findall("svg:g", NS)}
    assert tiles == {p.id for p in board_state.pieces if p.is_moving}


def test_deterministic_and_rounded(board_state):
    a = state_svg(board_state, highlight=[(5, 7)], path=[(5, 7), (5, 6)], arrows=[((5, 7), 3)])
    b = state_svg(
        racing(seed=1, players=["blue", "red"]),
        highlight=[(5, 7)],
        path=[(5, 7), (5, 6)],
        arrows=[((5, 7), 3)],
    )
    assert a == b
    geometry = ("points", "d", "cx", "cy", "r", "x", "y", "x1", "y1", "x2", "y2", "width", "height")
    numbers = [
        n for e in parse(a).iter() for key in geometry for n in re.findall(r"-?\d+\.\d+", e.get(key, ""))
    ]
    assert len(numbers) > 1000 and all(len(n.split(".")[1]) == 1 for n in numbers)


def test_repr_svg_is_the_picture(board_state):
    assert board_state._repr_svg_() == state_svg(board_state)


def test_title_is_escaped(board_state):
    root = parse(state_svg(board_state, title='Gates <A> & "B"'))
    assert root.find("svg:title", NS).text == 'Gates <A> & "B"'  # type: ignore[union-attr]
    caption = root.find(".//svg:text[@class='caption']", NS)
    assert caption is not None and caption.text == 'Gates <A> & "B"'


def test_bad_size_is_refused(board_state):
    with pytest.raises(ValueError, match="size"):
        state_svg(board_state, size=0)


def test_size_scales_the_picture(board_state):
    small, big = parse(state_svg(board_state, size=10)), parse(state_svg(board_state, size=20))
    assert float(big.get("width", 0)) == pytest.approx(2 * float(small.get("width", 0)), abs=0.2)


# --- pieces -----------------------------------------------------------------------


@pytest.mark.parametrize("facing", ["E", "SE", "SW", "W", "NW", "NE"])
def test_craft_arrow_points_along_its_facing(facing):
    s = state([fixed("P1", "pod", (0, 3))], [craft("blue", (6, 8), facing)])
    root = parse(state_svg(s))
    body = by_id(root, "craft:blue").find("svg:polygon[@class='body']", NS)
    assert body is not None
    cx, cy = hex_centre(root, (6, 8))
    tip, *rest = points(body)
    direction = ["E", "SE", "SW", "W", "NW", "NE"].index(facing)
    assert close_angle(angle_of((tip[0] - cx, tip[1] - cy)), 60 * direction)
    # the tip is the point furthest along the facing
    ux, uy = math.cos(math.radians(60 * direction)), math.sin(math.radians(60 * direction))
    assert all((x - cx) * ux + (y - cy) * uy < (tip[0] - cx) * ux + (tip[1] - cy) * uy for x, y in rest)
    assert body.get("fill") == COLOURS["player_blue"]


def test_craft_shows_its_damage_and_destroyed_crafts_are_not_drawn():
    s = state(
        [fixed("P1", "pod", (0, 3))],
        [craft("blue", (6, 8), "E", damage=4), craft("red", None, "W", damage=6)],
    )
    root = parse(state_svg(s))
    damage = by_id(root, "craft:blue").find("svg:text[@class='damage']", NS)
    assert damage is not None and damage.text == "4"
    assert root.find(".//svg:g[@data-id='craft:red']", NS) is None


def test_crafts_sharing_a_cell_are_all_visible():
    players = ["blue", "red", "green"]
    s = state([fixed("P1", "pod", (0, 3))], [craft(p, (6, 8), "E") for p in players])
    root = parse(state_svg(s))
    centres = []
    for p in players:
        body = by_id(root, f"craft:{p}").find("svg:polygon[@class='body']", NS)
        assert body is not None
        pts = points(body)
        centres.append((round(sum(x for x, _ in pts) / 4), round(sum(y for _, y in pts) / 4)))
    assert len(set(centres)) == 3


@pytest.mark.parametrize(
    ("colour", "halves"), [("white/red", ("white", "red")), ("white/blue", ("white", "blue"))]
)
def test_bicolour_tiles_show_both_colours(colour, halves):
    s = state([tile("X1", "asteroid", colour, (6, 8), "E", 1)])
    group = by_id(parse(state_svg(s)), "X1")
    assert {COLOURS[halves[0]], COLOURS[halves[1]]} <= fills(group)
    assert len(group.findall("svg:polygon[@class='half']", NS)) == 2


def test_plain_asteroid_has_its_colour_priority_and_orientation_pip():
    s = state([tile("R1", "asteroid", "red", (6, 8), "SW", 17)])
    root = parse(state_svg(s))
    group = by_id(root, "R1")
    assert COLOURS["red"] in fills(group)
    assert group.find("svg:text[@class='priority']", NS).text == "17"  # type: ignore[union-attr]
    pip = group.find("svg:circle[@class='orientation']", NS)
    assert pip is not None
    cx, cy = hex_centre(root, (6, 8))
    assert close_angle(angle_of((float(pip.get("cx", 0)) - cx, float(pip.get("cy", 0)) - cy)), 120)


def test_gates_differ_from_asteroids():
    s = state(
        [tile("GA", "gate", "red", (6, 8), "E", 21, "A"), tile("R1", "asteroid", "red", (6, 10), "E", 3)]
    )
    root = parse(state_svg(s))
    gate, rock = by_id(root, "GA"), by_id(root, "R1")
    assert gate.find("svg:text[@class='symbol']", NS).text == "A"  # type: ignore[union-attr]
    assert gate.find("svg:text[@class='priority']", NS).text == "21"  # type: ignore[union-attr]
    assert gate.find("svg:circle[@class='ring']", NS).get("stroke") == COLOURS["red"]  # type: ignore[union-attr]
    assert rock.find("svg:circle[@class='ring']", NS) is None


def test_fixed_pieces_drones_and_platforms():
    s = drones(seed=3, players=["green"])
    turret = s.piece("T1")
    drone = tile("D1", "drone", "white/red", turret.cell, "E", 99, "A")
    s = s.replace(pieces=(*s.pieces, drone))
    root = parse(state_svg(s))
    for piece in s.pieces:
        group = by_id(root, piece.id)
        assert group.get("data-kind") == piece.kind
        assert group.get("data-cell") == f"{piece.cell[0]},{piece.cell[1]}"
    fixed_layer = {g.get("data-id") for g in layer(root, "fixed").findall("svg:g", NS)}
    assert {"T1", "P1", "L1"} <= fixed_layer
    assert by_id(root, "T1").find("svg:line[@class='barrel']", NS) is not None
    assert by_id(root, "T1").find("svg:text[@class='symbol']", NS).text == turret.symbol  # type: ignore[union-attr]
    assert {COLOURS["white"], COLOURS["red"]} <= fills(by_id(root, "D1"))
    green = next(p for p in s.pieces if p.kind == "platform" and p.colour == "green")
    platform = by_id(root, green.id)
    assert platform.find("svg:polygon[@class='body']", NS).get("stroke") == COLOURS["player_green"]  # type: ignore[union-attr]
    assert platform.find("svg:polygon[@class='start']", NS) is not None


def test_targets_get_a_bullseye():
    s = targets(seed=2)
    root = parse(state_svg(s))
    marked = {p.id: p.target for p in s.pieces if p.target is not None}
    assert marked
    for pid, target in marked.items():
        mark = by_id(root, pid).find("svg:g[@class='target']", NS)
        assert mark is not None and mark.get("data-target") == target
    assert len(root.findall(".//svg:g[@class='target']", NS)) == len(marked)


def test_colours_can_be_overridden(board_state):
    root = parse(state_svg(board_state, colours={"player_blue": "#123456", "red": "#abcdef"}))
    body = by_id(root, "craft:blue").find("svg:polygon[@class='body']", NS)
    assert body is not None and body.get("fill") == "#123456"
    assert "#abcdef" in fills(layer(root, "tiles"))
    assert COLOURS["player_blue"] != "#123456"  # the table itself is untouched


# --- overlays ---------------------------------------------------------------------


def test_highlight_path_and_arrows_appear(board_state):
    plain = parse(state_svg(board_state))
    for name in ("highlight", "path", "arrows"):
        assert plain.find(f".//svg:g[@class='{name}']", NS) is None
    root = parse(
        state_svg(
            board_state,
            highlight=[(6, 8), (3, 4), (6, 8)],
            path=[(5, 7), (5, 6), (4, 6)],
            arrows=[((5, 7), 3), ((5, 8), 0)],
        )
    )
    marks = layer(root, "highlight")
    assert [p.get("data-cell") for p in marks.findall("svg:polygon", NS)] == ["6,8", "3,4"]
    assert marks.get("stroke") == COLOURS["highlight"]
    route = layer(root, "path").find("svg:polyline[@class='route']", NS)
    assert route is not None and route.get("stroke-dasharray")
    assert points(route)[0] == pytest.approx(hex_centre(root, (5, 7)), abs=0.15)
    assert points(route)[-1] == pytest.approx(hex_centre(root, (4, 6)), abs=0.15)
    arrows = layer(root, "arrows").findall("svg:g[@class='arrow']", NS)
    assert [(a.get("data-cell"), a.get("data-direction")) for a in arrows] == [("5,7", "W"), ("5,8", "E")]
    # the westward arrow's head points west of its cell
    head = arrows[0].findall("svg:polygon", NS)[-1]
    cx, cy = hex_centre(root, (5, 7))
    assert close_angle(angle_of((points(head)[0][0] - cx, points(head)[0][1] - cy)), 180)


def test_write_svg_accepts_the_options(board_state, tmp_path):
    out = write_svg(board_state, tmp_path / "b.svg", path=[(5, 7), (5, 6)], size=12)
    root = parse(out.read_text(encoding="utf-8"))
    # Both options took effect: hexes of radius 12 (the default is 24) ...
    hexagon = layer(root, "hexes").find("svg:polygon[@data-cell='5,7']", NS)
    assert hexagon is not None
    centre = hex_centre(root, (5, 7))
    assert [math.dist(p, centre) for p in points(hexagon)] == pytest.approx([12.0] * 6, abs=0.05)
    default_width = float(parse(state_svg(board_state)).get("width", 0))
    assert float(root.get("width", 0)) == pytest.approx(default_width / 2, rel=0.01)
    # ... and the route from the first cell to the second.
    route = layer(root, "path").find("svg:polyline[@class='route']", NS)
    assert route is not None
    ends = [*centre, *hex_centre(root, (5, 6))]
    assert [xy for point in points(route) for xy in point] == pytest.approx(ends, abs=0.15)


def test_coordinates_label_every_hex(board_state):
    root = parse(state_svg(board_state, coordinates=True))
    labels = [t.text for t in layer(root, "coordinates").findall("svg:text", NS)]
    assert len(labels) == 158 and "6,8" in labels


def test_doctests():
    assert doctest.testmod(svg_module).failed == 0


# --- the command line -------------------------------------------------------------


def test_cli_render_writes_a_picture(tmp_path, capsys):
    out = tmp_path / "x.svg"
    assert cli.main(["render", "racing", "--seed", "1", "-o", str(out)]) == 0
    root = parse(out.read_text(encoding="utf-8"))
    assert len(layer(root, "hexes").findall("svg:polygon", NS)) == 158
    assert capsys.readouterr().err == ""


def test_cli_render_size_option(tmp_path):
    out = tmp_path / "x.svg"
    assert cli.main(["render", "racing", "--size", "12", "-o", str(out)]) == 0
    assert float(parse(out.read_text(encoding="utf-8")).get("width", 0)) < 400


def test_cli_render_into_missing_directory(tmp_path, capsys):
    code = cli.main(["render", "racing", "-o", str(tmp_path / "nowhere" / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "nowhere" in err and "Traceback" not in err


# --- capture mode (docs/rules.md#11-capture-the-asteroyd): team colours, asteroyds, disabled turrets --------


def _capture_carrying():
    from dataclasses import replace

    from asteroyds.modes.capture import setup

    s = setup(teams=3, crafts_per_team=2)
    s = s.update_crafts({"red1": replace(s.craft("red1"), cell=(5, 9), facing=2)})
    return s.update_pieces({"AW": s.piece("AW")._replace(cell=(5, 9), carrier="red1")})


def test_capture_crafts_take_their_team_colour():
    s = _capture_carrying()
    root = parse(state_svg(s))
    for player, team in (("red1", "red"), ("white2", "white"), ("blue1", "blue")):
        body = by_id(root, f"craft:{player}").find("svg:polygon[@class='body']", NS)
        assert body is not None and body.get("fill") == COLOURS[f"team_{team}"]
    # a player named after a colour keeps it (the other modes are unchanged)
    racing_root = parse(state_svg(racing(seed=1, players=["blue", "red"])))
    body = by_id(racing_root, "craft:red").find("svg:polygon[@class='body']", NS)
    assert body is not None and body.get("fill") == COLOURS["player_red"]


def test_capture_asteroyds_platforms_and_turrets_show_their_team():
    s = _capture_carrying()
    root = parse(state_svg(s))
    ar = by_id(root, "AR")
    assert COLOURS["team_red"] in fills(ar) and ar.find("svg:circle[@class='ring']", NS) is not None
    assert ar in list(layer(root, "fixed"))
    white_platform = by_id(root, "LW")
    assert white_platform.find("svg:polygon[@class='team-edge']", NS) is not None
    turret = next(p for p in s.pieces if p.kind == "turret" and p.team == "blue")
    rim = by_id(root, turret.id).find("svg:polygon[@class='team-rim']", NS)
    assert rim is not None and rim.get("stroke") == COLOURS["team_blue"]


def test_a_carried_asteroyd_is_drawn_small_on_its_carrier_and_its_home_is_marked():
    s = _capture_carrying()
    root = parse(state_svg(s))
    carried = by_id(root, "AW")
    assert carried.get("data-carrier") == "red1" and "carried" in carried.get("class", "")
    assert carried in list(layer(root, "crafts")) and carried not in list(layer(root, "fixed"))
    home = by_id(root, "home:AW")
    assert home.get("data-cell") == "{},{}".format(*s.piece("AW").home)
    centre, ring = hex_centre(root, (5, 9)), carried.find("svg:circle[@class='ring']", NS)
    assert ring is not None and math.dist(centre, (float(ring.get("cx")), float(ring.get("cy")))) < 24


def test_disabled_cells_are_crossed_out():
    s = _capture_carrying()
    turret = next(p for p in s.pieces if p.kind == "turret")
    root = parse(state_svg(s, disabled=[turret.cell, turret.cell]))
    off = layer(root, "disabled")
    assert [g.get("data-cell") for g in off] == ["{},{}".format(*turret.cell)]
    assert len(off[0].findall("svg:line", NS)) == 2
    assert parse(state_svg(s)).find(".//svg:g[@class='disabled']", NS) is None


# --- a lesson stepped as a picture: the dice's moves, a route's collisions, a laser -----------------
def test_a_lessons_moves_point_where_the_die_sends_each_tile_in_its_colour(board_state):
    moves = (((5, 7), 3, 2, "red"), ((5, 7), 0, 1, "white"), ((6, 8), 1, 1, "blue"))
    root = parse(state_svg(board_state, lesson=Lesson(moves=moves)))
    drawn = layer(root, "moves").findall("svg:g[@class='move']", NS)
    assert [(g.get("data-cell"), g.get("data-direction"), g.get("data-die")) for g in drawn] == [
        ("5,7", "W", "red"),
        ("5,7", "E", "white"),
        ("6,8", "SE", "blue"),
    ]
    assert drawn[0].findall("svg:polyline", NS)[-1].get("stroke") == COLOURS["red"]
    cx, cy = hex_centre(root, (5, 7))
    step = math.dist(hex_centre(root, (5, 7)), hex_centre(root, (5, 6)))
    red_tip = points(drawn[0].findall("svg:polyline", NS)[-1])[1]
    white_tip = points(drawn[1].findall("svg:polyline", NS)[-1])[1]
    assert close_angle(angle_of((red_tip[0] - cx, red_tip[1] - cy)), 180, tolerance=12)
    assert close_angle(angle_of((white_tip[0] - cx, white_tip[1] - cy)), 0, tolerance=12)
    assert math.dist(red_tip, (cx, cy)) > 1.5 * step > math.dist(white_tip, (cx, cy))  # two spaces, one
    assert parse(state_svg(board_state)).find(".//svg:g[@class='moves']", NS) is None


def test_a_lessons_laser_bursts_where_it_hits_or_leaves_the_board(board_state):
    hit = parse(
        state_svg(board_state, lesson=Lesson(laser=((6, 6), (6, 7)), laser_start=(6, 5), laser_hit=True))
    )
    beam = layer(hit, "laser").find("svg:polyline[@class='beam']", NS)
    assert beam is not None
    assert points(beam)[0] == pytest.approx(hex_centre(hit, (6, 5)), abs=0.15)
    assert points(beam)[-1] == pytest.approx(hex_centre(hit, (6, 7)), abs=0.15)
    burst = layer(hit, "laser").find("svg:polygon[@class='burst']", NS)
    assert burst is not None and burst.get("data-cell") == "6,7"
    missed = parse(state_svg(board_state, lesson=Lesson(laser=((6, 6), (6, 7)), laser_start=(6, 5))))
    beam = layer(missed, "laser").find("svg:polyline[@class='beam']", NS)
    assert beam is not None and layer(missed, "laser").find("svg:polygon", NS) is None
    assert points(beam)[-1][0] > hex_centre(missed, (6, 7))[0] + 10  # on past its last space, east
    assert parse(state_svg(board_state)).find(".//svg:g[@class='laser']", NS) is None


def test_a_lessons_route_takes_its_colour_and_crosses_its_collisions(board_state):
    root = parse(
        state_svg(board_state, path=[(5, 7), (5, 6)], lesson=Lesson(collisions=((5, 6),), route="#123456"))
    )
    route = layer(root, "path").find("svg:polyline[@class='route']", NS)
    assert route is not None and route.get("stroke") == "#123456"
    crosses = layer(root, "collisions").findall("svg:g[@class='collision']", NS)
    assert [g.get("data-cell") for g in crosses] == ["5,6"]
    assert len(crosses[0].findall("svg:line", NS)) == 2
