"""Presenting mode without a browser: the steps of a demo, the cursor, and the view."""

from __future__ import annotations

import pytest

from asteroyds import demos
from asteroyds.dice import Dice
from asteroyds.events import PhaseStarted
from asteroyds.ui.share import links
from asteroyds.ui.teach.presenter import DEFAULT_DEMO, Presenter, PresenterController, catalogue, demo_steps


@pytest.mark.parametrize("name", demos.list_demos())
def test_every_demo_steps_from_its_board_to_the_engine_s_result(name):
    demo = demos.load_demo(name)
    steps = demo_steps(demo)
    play = demo.play()
    assert steps[0].event is None and steps[0].state == play.start
    assert steps[-1].state == play.end  # the last board is what the engine computed
    assert [s.index for s in steps] == list(range(len(steps)))
    quiet = [e for e in play.events if isinstance(e, PhaseStarted) and not e.order]
    assert len(steps) == 1 + len(play.events) - len(quiet)
    for before, step in zip(steps, steps[1:], strict=False):
        assert step.before == before.state  # quiet events change nothing
        assert step.text == step.event.text()
    assert {s.phase for s in steps[1:]} <= {"asteroids", "fly"}
    if not demo.programs:
        assert all(s.phase != "fly" for s in steps)


def test_steps_outline_the_actor_and_cross_what_blocks_it():
    steps = demo_steps(demos.load_demo("rulebook-white-6-before-gate-24"))
    assert [s.text for s in steps[1:]] == [
        "White die shows 1: 2 elements move in priority order",
        "White asteroid #6 moves 1 space E to (6, 6)",
        "White gate #24 is blocked by white asteroid #6 at (6, 6): move void",
    ]
    phase, moved, blocked = steps[1:]
    assert phase.highlight == ((6, 5), (6, 7))  # both movers, in priority order
    assert phase.label == "Moving the asteroids · white die"
    assert moved.highlight == ((6, 5), (6, 6)) and moved.path == ((6, 5), (6, 6))
    assert moved.state.piece("W6").cell == (6, 6) and moved.before.piece("W6").cell == (6, 5)
    assert blocked.collisions == ((6, 6),) and blocked.path == ((6, 7), (6, 6))


def test_flight_steps_name_the_craft_and_take_its_colour():
    steps = demo_steps(demos.load_demo("craft-collision-and-shield"))
    hit = next(s for s in steps if s.event and s.event.type == "craft_collided" and s.player == "red")
    assert hit.label == "Flying · the red craft"
    assert hit.collisions == ((8, 7),) and hit.path == ((8, 6), (8, 7))
    assert steps[0].text == (
        "Before the asteroid phase. The dice show red 1, white 1, blue 1. "
        "Programs: blue F F F . . . S; red F F F . . . F."
    )


def test_the_cursor_moves_and_stops_at_both_ends():
    c = PresenterController("rulebook-blue-pushes-white")
    seen = []
    c.observe(lambda ctl: seen.append(ctl.cursor))
    assert c.at_start and not c.back()
    while c.next():
        pass
    assert c.at_end and c.step.state.piece("W1").cell == (6, 7)
    assert not c.next()
    c.first()
    assert c.cursor == 0 and c.step.state == demos.load_demo("rulebook-blue-pushes-white").state
    c.last()
    c.back()
    assert c.cursor == len(c.steps) - 2
    c.seek(999)
    assert c.at_end
    n = len(c.steps)
    assert seen == [*range(1, n), 0, n - 1, n - 2, n - 1]  # each move notified once, none at the ends


def test_open_a_demo_a_state_and_a_query():
    c = PresenterController()
    assert c.demo.name == DEFAULT_DEMO
    c.next()
    c.open("pilot-hector")
    assert c.demo.name == "pilot-hector" and c.cursor == 0
    state = demos.load_demo("rulebook-red-stopped-by-pod").state
    c.open_state(state, (2, 1, 1))
    assert c.demo.state == state and c.demo.dice == Dice(2, 1, 1)
    c.last()
    assert c.step.state.piece("R1").cell == (6, 7)
    assert c.open_query("demo=pilot-1634") and c.demo.name == "pilot-1634"
    assert c.open_query(links.share_link(state, dice=(2, 1, 1)).lstrip("?"))
    assert c.demo.state == state and c.demo.dice == Dice(2, 1, 1)
    assert not c.open_query("")


def test_a_bad_query_keeps_the_demo_and_explains():
    c = PresenterController("pilot-hector")
    assert not c.open_query("demo=pilot-hektor")
    assert c.demo.name == "pilot-hector"
    assert c.message == (
        "This page's link cannot be opened: no demo named 'pilot-hektor' in the gallery "
        "(did you mean 'pilot-hector'?)"
    )
    c.open("pilot-1634")
    assert c.message == ""


def test_catalogue_is_the_gallery_in_the_order_of_the_rules():
    options = catalogue()
    assert sorted(name for _label, name in options) == demos.list_demos()
    assert options[0][0].startswith("§4 · ")
    assert options[-1] == ("§11 · Capture: a laser passes allies and hits every enemy where it stops",
                           "capture-laser-passes-allies-hits-every-enemy")  # fmt: skip
    sections = {label.split(" · ")[0] for label, _name in options}
    assert {"§7", "§8", "§11"} <= sections  # lasers, targets, drones; the tie-break; capture


# --- the view (no browser) ----------------------------------------------------------------
def test_the_view_shows_the_demo_in_big_text_on_a_large_board():
    view = Presenter("rulebook-white-6-before-gate-24")
    assert "asteroyds-presenter" in view._dom_classes
    assert view.board.size == "large"
    assert "White asteroid #6 moves before white gate #24" in view._title.value
    assert "smaller number moves first" in view._explain.value
    assert "§4 Priority and order" in view._rule.value
    assert view._picker.value == "rulebook-white-6-before-gate-24"
    assert 'data-count="4"' in view._counter.value and "step 1 of 4" in view._counter.value
    assert view._buttons["back"].disabled and not view._buttons["next"].disabled
    assert "?demo=rulebook-white-6-before-gate-24" in view._link.value


def test_next_and_back_redraw_the_board_with_the_actor_outlined():
    view = Presenter("rulebook-white-6-before-gate-24")
    before = view.board.summary()
    view.press("next")
    view.press("next")
    assert view.board.summary() != before and "W6@6,6" in view.board.summary()
    assert view.board.highlighted == ((6, 5), (6, 6))
    assert view.board.path == ((6, 5), (6, 6))
    # the board shows no coordinates: the step names the piece and direction, the board outlines where
    assert "White asteroid #6 moves 1 space E</div>" in view._step.value
    view.board.coordinates = True
    assert "White asteroid #6 moves 1 space E to (6, 6)" in view._step.value
    assert "asteroyds-current" in view._log.value
    view.press("last")
    assert view.board.collisions == ((6, 6),) and view._buttons["next"].disabled
    view.press("back")
    view.press("first")
    assert view.board.summary() == before and view.board.highlighted == ()


def test_the_picker_opens_another_demo():
    view = Presenter()
    view._picker.value = "pilot-mhand"
    assert view.controller.demo.name == "pilot-mhand"
    assert "M&#x27;Hand: pivot twice, then forward" in view._title.value
    assert "blue</b> PL F . . . . S" in view._setup.value


def test_a_bad_link_is_explained_in_the_page_not_raised():
    view = Presenter()
    assert not view.open_query("scenario=not-a-scenario")
    assert "asteroyds-error-text" in view._message.value
    assert "cannot be opened" in view._message.value
    assert view.controller.demo.name == DEFAULT_DEMO


def test_a_shared_scenario_opens_without_a_picker_entry():
    view = Presenter()
    state = demos.load_demo("gate-crosses-craft").state
    assert view.open_query(links.share_link(state).lstrip("?"))
    assert view._picker.value is None and "A shared scenario" in view._title.value
    assert view._link.value == ""
