"""Parts of a page closed for speed (issue 34, item 4) lose nothing the learner could do with them open.

A demonstration or a tool put in a closed section (chapter 2's refusing chart, the teacher's
editor) must not renumber the exercises of the sections after it (a learner's saved progress is
read by those numbers); a board the learner clicks may show as a picture until its section opens;
and a chart built after the stopwatch ran out is locked like the chart that was there at *TIME!*.
"""

from __future__ import annotations

import ipywidgets as widgets

from asteroyds.ui.chart.stopwatch import Stopwatch
from asteroyds.ui.share.lazy import LazySection, building_section


def test_a_section_without_exercises_takes_no_number_and_leaves_the_next_ones_theirs():
    first = LazySection(lambda: widgets.HTML("an exercise"))
    tool = LazySection(lambda: widgets.HTML("a tool"), numbered=False)
    second = LazySection(lambda: widgets.HTML("an exercise"))
    assert tool.number == 0
    assert second.number == first.number + 1  # as if the tool's section were not there
    seen: list[int] = []
    tool._build = lambda: seen.append(building_section()) or widgets.HTML("a tool")
    second._build = lambda: seen.append(building_section()) or widgets.HTML("an exercise")
    assert tool.open_part() is not None and second.open_part() is not None
    assert seen == [0, second.number]  # the tool builds as a cell's own widgets do


def test_a_preview_shows_while_closed_and_gives_way_to_the_part():
    preview, part = widgets.HTML("a picture of the board"), widgets.HTML("the board")
    section = LazySection(lambda: part, "Click the hexes", numbered=False, preview=preview)
    assert section.children[0] is preview and section.part is None
    assert section.open_part() is part
    assert list(section.children) == [part]  # the picture is gone, the button too


class Chart:
    """What a stopwatch locks: a chart's lock and unlock, recorded."""

    def __init__(self) -> None:
        self.locked = False

    def lock(self) -> None:
        self.locked = True

    def unlock(self) -> None:
        self.locked = False


def test_a_chart_wired_after_time_is_locked_at_once_and_unlocked_by_reset():
    watch = Stopwatch(mode="racing")
    early, late = Chart(), Chart()
    watch.locks(early)
    watch.controller.start()
    assert watch.controller.tick(watch.controller.seconds)  # TIME!
    assert early.locked
    watch.locks(late)  # a chart the learner opened after TIME!
    assert late.locked
    watch.reset()
    assert not early.locked and not late.locked
    fresh = Chart()
    watch.locks(fresh)  # before TIME!: left open
    assert not fresh.locked
    watch.close()
