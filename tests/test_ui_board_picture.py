"""The watched board (issue 34): the engine's picture, redrawn at each step, publishing what the
interactive board publishes, so a page and its browser tests read either board the same way."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from asteroyds import Dice, setup
from asteroyds.ui.board.picture import BoardPicture
from asteroyds.ui.board.view import BoardView

SVG = re.compile(r"<svg .*?</svg>", re.DOTALL)
DATA = re.compile(r'<div class="asteroyds-board-data" (.*?)>')
NS = {"svg": "http://www.w3.org/2000/svg"}


def attributes(markup: str) -> dict[str, str]:
    found = DATA.search(markup)
    assert found is not None, "no .asteroyds-board-data"
    return dict(re.findall(r'(data-[a-z-]+)="([^"]*)"', found.group(1)))


def picture(board: BoardPicture) -> ET.Element:
    found = SVG.search(board.html)
    assert found is not None
    return ET.fromstring(found.group(0))


def layers(board: BoardPicture) -> set[str]:
    return {g.get("class", "") for g in picture(board).findall("svg:g", NS)}


def both(state, **options):
    return BoardView(state, **options), BoardPicture(state, **options)


@pytest.fixture(scope="module")
def race():
    return setup("racing", seed=1, players=["blue", "red"])


def test_it_publishes_what_the_interactive_board_publishes_step_after_step(race):
    view, pic = both(race, size="compact")
    blue = race.craft("blue").cell
    steps = [
        lambda b: b.show_step(race, highlight=[(6, 8), blue], dice=Dice(3, 5, 2)),
        lambda b: b.show_path([blue, (blue[0], blue[1] + 1)], [(blue[0], blue[1] + 1)], colour="blue"),
        lambda b: b.show_laser([(6, 6), (6, 7)], "W6", start=(6, 5), direction=0),
        lambda b: b.show_disabled([(6, 8)]),
        lambda b: b.update(race.replace(round=2)),
        lambda b: b.clear_overlays(),
    ]
    for step in steps:
        step(view)
        step(pic)
        ours, theirs = attributes(pic.html), attributes(view._state_html.value)
        ours.pop("data-updates"), theirs.pop("data-updates")  # what counts as a redraw differs
        assert ours == theirs
    assert (pic.highlighted, pic.path, pic.laser, pic.disabled) == ((), (), (), ())


def test_what_a_step_points_at_is_drawn(race):
    pic = BoardPicture(race)
    assert {"moves", "highlight", "laser", "collisions", "disabled"}.isdisjoint(layers(pic))
    blue = race.craft("blue").cell
    with pic.hold():
        pic.show_step(race, highlight=[(6, 8)], dice=(3, 5, 2))
        pic.show_path([blue, (blue[0], blue[1] + 1)], [(blue[0], blue[1] + 1)], colour="blue")
        pic.show_laser([(6, 6), (6, 7)], True, start=(6, 5))
        pic.show_disabled([(6, 8)])
    assert {"moves", "highlight", "path", "collisions", "laser", "disabled"} <= layers(pic)
    moves = picture(pic).findall(".//svg:g[@class='move']", NS)
    assert len(moves) == len(pic.intended_moves) > 0
    assert {m.get("data-die") for m in moves} == {a.die for a in pic.intended_moves}


def test_hold_draws_several_changes_once(race):
    pic = BoardPicture(race)
    drawn = []
    pic._picture.observe(lambda change: drawn.append(change["new"]), names="value")
    with pic.hold():
        pic.highlight([(6, 8)])
        pic.show_intended_moves((1, 2, 3))
        pic.set_caption("A step")
    assert len(drawn) == 1 and 'data-highlight="6,8"' in drawn[0] and "A step" in drawn[0]
    pic.highlight([])
    assert len(drawn) == 2


def test_the_toggles_redraw_the_picture_and_tell_the_coordinates(race):
    pic = BoardPicture(race)
    assert pic.numbers and not pic.coordinates
    assert "edge-numbers" in layers(pic) and "coordinates" not in layers(pic)
    told = []
    pic.on_coordinates(told.append)
    pic.coordinates = True
    assert "coordinates" in layers(pic) and told == [True]
    assert attributes(pic.html)["data-coordinates"] == "on"
    pic.numbers = False
    assert "edge-numbers" not in layers(pic) and told == [True]
    assert attributes(pic.html)["data-numbers"] == "off"
    assert "dot = the tile" in pic.html  # the caption says how to read a tile without numbers


def test_the_picture_is_fluid_and_its_caption_wraps(race):
    pic = BoardPicture(race, size="large")
    root = picture(pic)
    assert (
        root.get("viewBox")
        and "width:100%" in root.get("style", "")
        and "height:auto" in root.get("style", "")
    )
    # at most its size, and never taller than the screen: its width at most the screen's height
    # times the picture's own aspect (the SVG's viewBox)
    _x, _y, w, h = (float(v) for v in root.get("viewBox").split())
    assert f'style="max-width:min(1180px, calc((100vh - 16px) * {w / h:.4f}))"' in pic.html
    assert re.search(r'class="asteroyds-caption" style="white-space:normal"', pic.html)
    assert pic.layout.max_width == "1180px" and pic.layout.width == "100%"
    with pytest.raises(ValueError, match="size must be one of"):
        BoardPicture(race, size="huge")


def test_a_caption_is_plain_text(race):
    pic = BoardPicture(race)
    pic.set_caption("<b>bold</b> & co")
    assert "&lt;b&gt;bold&lt;/b&gt; &amp; co" in pic.html
    pic.set_caption("")
    assert "round 1" in pic.html
