"""A lazy section builds its part on the first press only, shows it in place of its button, and
shows a failing builder's error without losing the button."""

from __future__ import annotations

import ipywidgets as widgets

from asteroyds.ui.share.lazy import LazySection


class Builder:
    """Counts its calls; fails while ``fail`` is set."""

    def __init__(self, fail: bool = False) -> None:
        self.calls = 0
        self.fail = fail

    def __call__(self) -> widgets.Widget:
        self.calls += 1
        if self.fail:
            raise ValueError("no board today")
        return widgets.HTML("the exercise")


def press(section: LazySection) -> None:
    button = next(c for c in section.children if isinstance(c, widgets.Button))
    button.click()


def test_nothing_is_built_until_the_learner_presses_the_button():
    build = Builder()
    section = LazySection(build, "Open the drills", title="Drills")
    assert build.calls == 0 and section.part is None
    labels = [c.description for c in section.children if isinstance(c, widgets.Button)]
    assert labels == ["Open the drills"]
    assert "Drills" in section.children[0].value


def test_the_first_press_shows_the_part_in_place_of_the_button_and_later_ones_build_nothing():
    build = Builder()
    section = LazySection(build, title="Drills")
    heading = section.children[0]
    press(section)
    assert build.calls == 1
    assert section.children == (heading, section.part)
    assert section.part.value == "the exercise"
    assert section.open_part() is section.part and build.calls == 1
    assert "asteroyds-lazy-opened" in section._dom_classes


def test_a_failing_builder_shows_its_error_and_the_button_stays_to_try_again():
    build = Builder(fail=True)
    section = LazySection(build)
    press(section)
    assert section.part is None
    error = next(c for c in section.children if isinstance(c, widgets.HTML))
    assert "no board today" in error.value.lower()
    button = next(c for c in section.children if isinstance(c, widgets.Button))
    assert not button.disabled and button.description == "Open the exercise"
    build.fail = False
    press(section)
    assert build.calls == 2 and section.part is not None
