"""The round player, the priority inspector and the event log (docs/architecture.md#a-new-widget).

The controllers are plain Python: these tests drive them directly (no
browser), compare every board the player shows with the engine's own
(``Game.state`` at the end of each phase, :func:`~asteroyds.snapshots.snapshots`
at every cursor), and check the inspector's rows against a case worked out by
hand (the rulebook's priority example, tests/scenarios/asteroids).
"""

from __future__ import annotations

import asyncio
import doctest
import json
from pathlib import Path

import pytest

import asteroyds.ui.player.controller as round_controller_module
import asteroyds.ui.player.event_log as event_log_module
import asteroyds.ui.player.inspector as inspector_module
import asteroyds.ui.player.view as round_player_module
from asteroyds import resolve_asteroids, scenario
from asteroyds.errors import ProgramError, RuleError
from asteroyds.events import PhaseStarted, TileBlocked, TileMoved
from asteroyds.game import Game
from asteroyds.modes.capture import resolve as capture_resolve
from asteroyds.modes.capture.events import LaserFired as CaptureLaserFired
from asteroyds.modes.capture.events import RoundStarted, TurretDisabled
from asteroyds.modes.capture.program import CaptureProgram
from asteroyds.modes.capture.replay import disabled_turret_cells
from asteroyds.modes.capture.steps import turn_steps
from asteroyds.snapshots import snapshots
from asteroyds.ui import (
    BoardView,
    DiceController,
    EventLog,
    PriorityInspector,
    RoundPlayer,
    RoundPlayerController,
    StatusChart,
    StatusChartController,
)
from asteroyds.ui.chart.capture.inspector import capture_round_table
from asteroyds.ui.player.event_log import log_rows
from asteroyds.ui.player.inspector import flight_rows, priority_rows, priority_table
from tests.helpers import run_in_own_loop

SCENARIOS = Path(__file__).parent / "scenarios"
RULEBOOK_PRIORITY = SCENARIOS / "asteroids" / "rulebook_priority_white_6_before_gate_24.json"
DESTROY = SCENARIOS / "flight" / "destroy_asteroid.json"


def scenario_state(path: Path):
    return scenario.from_dict(json.loads(path.read_text(encoding="utf-8"))["scenario"], where=path.name)


def two_player_game(seed: int = 1) -> tuple[Game, RoundPlayerController]:
    game = Game.new(players=["blue", "red"], seed=seed)
    chart = StatusChartController(game.state.craft("blue"), game.state.mode)
    return game, RoundPlayerController(game, charts={"blue": chart}, bots={"red": "greedy"})


def walk(player: RoundPlayerController) -> None:
    """Step forward through the loaded phase and back, checking every board against the snapshots."""
    expected = snapshots(player.states[0], player.events)
    assert player.cursor == 0
    assert player.current_state == expected[0]
    for n in range(1, len(player.events) + 1):
        assert player.step_forward()
        assert player.cursor == n and player.current_event is player.events[n - 1]
        assert player.current_state == expected[n]
    assert not player.step_forward() and player.at_end
    for n in range(len(player.events) - 1, -1, -1):
        assert player.step_back()
        assert player.current_state == expected[n]
    assert not player.step_back() and player.at_start


# --- the controller ------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_stepping_reproduces_the_engine_exactly_over_seeded_rounds(seed):
    game, player = two_player_game(seed)
    reference = Game.new(players=["blue", "red"], seed=seed)
    for _round in range(3):
        dice = player.roll()
        assert reference.roll() == dice  # no dice controller: the game's seeded dice
        programs = player.plan()
        assert set(programs) == {"blue", "red"} and str(programs["blue"]) == ". . . . . . S"
        for p, program in programs.items():
            reference.submit(p, program)

        before = game.state
        events = player.asteroids()
        assert player.phase == "asteroids" and player.events == tuple(events) and player.cursor == 0
        assert player.states[0] == before
        assert list(events) == reference.resolve_asteroids()
        walk(player)
        player.to_end()
        assert player.current_state == game.state == reference.state  # the engine's phase result

        events = player.fly()
        assert player.phase == "fly" and list(events) == reference.fly()
        walk(player)
        player.to_end()
        assert player.current_state == game.state == reference.state

        player.end_round()
        reference.end_round()
        assert player.phase == "end" and player.at_end
        assert player.current_state == game.state == reference.state
    assert game.dumps() == reference.dumps()


def test_the_round_log_and_the_cursor_index():
    game, player = two_player_game()
    player.roll((3, 5, 2))
    assert player.phase == "roll" and player.at_end and player.round_index == 0
    player.plan()
    player.asteroids()
    assert player.round_events == tuple(game.round_events)
    assert player.phase_offset == 1 and player.round_index == 0  # the dice event, before the phase
    player.step_forward()
    assert player.round_events[player.round_index] is player.current_event


def test_roll_takes_fresh_panel_dice_then_rolls_the_panel():
    game = Game.new(players=["blue"], seed=3)
    panel = DiceController(seed=5, dice=(3, 5, 2))
    player = RoundPlayerController(game, bots=["blue"], dice=panel)
    assert player.roll() == panel.dice == game.dice
    assert str(game.dice) == "red 3, white 5, blue 2"  # the dice shown were used
    player.asteroids()
    player.fly()
    player.end_round()
    panel_copy = DiceController(seed=5, dice=(3, 5, 2))
    assert player.roll() == panel_copy.roll() == panel.dice  # not fresh: the panel rolled
    assert panel.rolls == 1


def test_asteroids_plans_what_is_not_planned_and_undo_takes_the_whole_action_back():
    game, player = two_player_game()
    player.charts["blue"].load("F F R F . . S")
    player.roll((3, 5, 2))
    inputs = len(game.inputs)
    player.asteroids()
    assert str(game.programs["blue"]) == "F F R F . . S" and "red" in game.programs
    player.undo()
    assert game.phase == "plan" and len(game.inputs) == inputs and game.programs == {}
    assert player.phase == "roll" and player.message == "Undone: asteroids."
    player.undo()
    assert game.phase == "roll" and player.phase is None


def test_actions_in_the_wrong_phase_raise_and_do_keeps_the_error():
    game, player = two_player_game()
    with pytest.raises(RuleError):
        player.fly()
    with pytest.raises(RuleError, match="'plan'"):
        player.plan()
    assert player.do("fly") is None
    assert player.error.startswith("the game is in the 'roll' phase")
    assert player.do("roll") is not None and player.error == ""
    assert player.do("nonsense") is None and "no action 'nonsense'" in player.error
    assert game.phase == "plan"


def test_play_ticks_at_the_chosen_speed_and_stops_at_the_end():
    game, player = two_player_game()
    player.roll((3, 5, 2))
    player.asteroids()
    player.speed = 4
    player.play()
    assert player.playing and player.tick(0.5) == 2 and player.cursor == 2
    assert player.tick(0.1) == 0 and player.tick(0.15) == 1  # fractions carry over
    player.pause()
    assert player.tick(10) == 0 and player.cursor == 3
    player.play()
    player.tick(1000)
    assert player.at_end and not player.playing
    player.play()  # at the end: plays again from the start
    assert player.cursor == 0 and player.playing
    with pytest.raises(ValueError, match="speed"):
        player.speed = 0


def test_a_pending_decision_is_asked_and_answered_through_the_controller():
    game = Game.from_scenario(scenario_state(DESTROY))
    charts = {p: StatusChartController(game.state.craft(p), "racing") for p in ("blue", "red")}
    charts["blue"].load("F F F . . . S")
    charts["red"].load("F F . . . . S")
    player = RoundPlayerController(game, charts=charts)
    player.roll((1, 1, 1))  # white #6 moves E to (6, 7): blue meets it in column 3
    player.asteroids()
    player.to_end()
    assert player.current_state.piece("W1").cell == (6, 7)
    assert player.fly() == ()
    question = player.question
    assert question is not None and question.kind == "destroy_asteroid" and question.player == "blue"
    assert player.expected is None and not player.can("fly") and player.can("yes") and player.can("undo")
    assert player.phase == "asteroids"  # the flight is not loaded until the question is answered
    # Undo withdraws the question; asking again gives the same question.
    player.undo()
    assert player.question is None and game.phase == "fly" and player.message.startswith("Withdrawn")
    player.fly()
    assert player.question == question
    events = player.answer(True)
    assert player.phase == "fly" and player.question is None and events
    assert any(e.type == "asteroid_destroyed" for e in events)
    assert not game.state.has_piece("W1") and game.state.craft("blue").destroy_used
    walk(player)
    player.to_end()
    assert player.current_state == game.state


def test_a_bot_answers_its_own_questions():
    game = Game.from_scenario(scenario_state(DESTROY))
    blue = StatusChartController(game.state.craft("blue"), "racing", "F F F . . . S")
    player = RoundPlayerController(game, charts={"blue": blue})
    player.bots["blue"] = "greedy"  # a bot's chart: the bot answers "no" to keep its powers
    player.roll((1, 1, 1))
    player.asteroids()
    player.fly()
    assert player.question is None and game.state.has_piece("W1")
    assert any(e.type == "craft_collided" for e in player.events)


def test_actor_cells_follow_the_current_event():
    game, player = two_player_game()
    player.roll((3, 5, 2))
    player.asteroids()
    player.step_forward()
    started = player.current_event
    assert isinstance(started, PhaseStarted)
    assert set(player.actor_cells) == {player.states[0].piece(p).cell for p in started.order}
    player.step_forward()
    moved = player.current_event
    assert isinstance(moved, TileMoved | TileBlocked)
    assert player.actor_cells[0] == moved.start and moved.end in player.actor_cells


# --- the priority inspector -------------------------------------------------------------------
def rulebook_player() -> RoundPlayerController:
    game = Game.from_scenario(scenario_state(RULEBOOK_PRIORITY))
    player = RoundPlayerController(game)
    player.roll((1, 1, 1))
    player.asteroids()
    return player


def test_priority_rows_for_the_rulebook_example():
    """White asteroid #6 before white gate #24: #6 moves to (6, 5); the gate is blocked there (void)."""
    player = rulebook_player()
    events, state = player.events, player.states[0]
    # events: red started, white started, W6 moved, G24 blocked, blue started
    assert [type(e).__name__ for e in events] == [
        "PhaseStarted", "PhaseStarted", "TileMoved", "TileBlocked", "PhaseStarted",
    ]  # fmt: skip
    table = priority_table(events, 2, state)  # the white phase has just started
    assert table is not None and table.phase == "white" and table.die == 1 and table.started
    assert table.order == ("W6", "G24") and table.current is None
    assert [(r.rank, r.name, r.priority, r.direction, r.outcome) for r in table.rows] == [
        (1, "white asteroid #6", 6, "E", "waiting"),
        (2, "white gate #24", 24, "W", "waiting"),
    ]
    w6, g24 = priority_rows(events, 3, state)
    assert (w6.status, w6.outcome, w6.reason) == ("current", "moved", "1 space E to (6, 5)")
    assert g24.status == "waiting"
    w6, g24 = priority_rows(events, 4, state)
    assert (w6.status, g24.status) == ("done", "current")
    assert g24.outcome == "void"
    assert g24.reason == "blocked by white asteroid #6 at (6, 5)"
    # Before the first colour phase: a preview of the first one (red: nothing moves).
    preview = priority_table(events, 0, state)
    assert preview is not None and not preview.started and preview.phase == "red" and preview.rows == ()
    assert priority_rows([], 0, state) == ()


def check_rows(events, state) -> set[str]:
    """At the end of each colour phase: one row per mover in the engine's order, each resolved once."""
    outcomes: set[str] = set()
    starts = [i for i, e in enumerate(events) if isinstance(e, PhaseStarted)]
    for start, end in zip(starts, [*starts[1:], len(events)], strict=True):
        rows = priority_rows(events, end, state)
        order = events[start].order
        assert tuple(r.piece for r in rows) == order
        movers = [x.piece for x in events[start:end] if isinstance(x, TileMoved | TileBlocked)]
        assert movers == list(order)  # each element resolves once, in order
        for r in rows:
            assert r.status in ("done", "current") and r.reason
            outcomes.update(r.outcome.split(", "))
    return outcomes


def test_priority_rows_over_the_golden_scenarios_and_seeded_games():
    seen: set[str] = set()
    for path in sorted((SCENARIOS / "asteroids").glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        state = scenario.from_dict(case["scenario"], where=path.name)
        kwargs = {k: case[k] for k in ("shields", "order") if k in case}
        _after, events = resolve_asteroids(state, case["dice"], **kwargs)
        seen |= check_rows(events, state)
    for seed in range(1, 6):
        game, player = two_player_game(seed)
        player.roll()
        player.asteroids()
        seen |= check_rows(player.events, player.states[0])
    assert {"moved", "stopped", "void", "pushed another", "was pushed", "hit a craft"} <= seen, seen


def test_flight_rows_list_the_crafts_in_turn_order():
    game, player = two_player_game()
    player.charts["blue"].load("F F R F . . S")
    player.roll((3, 5, 2))
    player.asteroids()
    player.fly()
    assert [r.status for r in flight_rows(player.events, 0)] == ["waiting", "waiting"]
    player.step_forward()
    first, second = flight_rows(player.events, player.cursor)
    assert (first.piece, first.program, first.status) == ("blue", "F F R F . . S", "current")
    assert second.status == "waiting"
    player.to_end()
    rows = flight_rows(player.events, player.cursor)
    assert [r.piece for r in rows] == list(game.state.player_order)
    assert rows[0].status == "done" and rows[0].outcome != "waiting"


def test_the_inspector_highlights_the_row_resolving_at_the_cursor():
    player = rulebook_player()
    inspector = PriorityInspector(player)
    assert "No colour phase here" not in inspector.html
    for cursor, current in [(2, None), (3, "W6"), (4, "G24")]:
        player.seek(cursor)
        page = inspector.html
        assert 'data-order="W6 G24"' in page and 'data-phase="white"' in page
        if current is None:
            assert "asteroyds-current" not in page
        else:
            assert f'<tr data-piece="{current}" data-status="current" class="asteroyds-current">' in page
            assert page.count("asteroyds-current") == 1
    assert "blocked by white asteroid #6 at (6, 5)" in inspector.html


def test_the_inspector_shows_the_crafts_during_flight():
    game, player = two_player_game()
    inspector = PriorityInspector(player)
    assert "press <b>Asteroids</b>" in inspector.html
    player.roll((3, 5, 2))
    player.asteroids()
    player.fly()
    player.step_forward()
    assert 'data-phase="fly"' in inspector.html
    assert '<tr data-piece="blue" class="asteroyds-current">' in inspector.html


# --- the event log -------------------------------------------------------------------------------
def test_event_log_rows_window_and_highlight():
    player = rulebook_player()
    log = EventLog(player, window=None)
    player.seek(3)
    rows = log_rows(player.round_events, player.round_index, window=None)
    assert rows[0].text.startswith("Round 1: the dice show red 1")
    current = [r for r in rows if r.status == "current"]
    assert [r.text for r in current] == ["White asteroid #6 moves 1 space E to (6, 5)"]
    assert log.html.count("asteroyds-current") == 1
    assert 'class="asteroyds-current"' in log.html and "White asteroid #6 moves" in log.html
    windowed = log_rows(player.round_events, 5, window=3)
    assert [r.index for r in windowed] == [3, 4, 5]


# --- the widget -------------------------------------------------------------------------------
def test_the_round_player_widget_drives_the_board():
    game = Game.new(players=["blue", "red"], seed=1)
    board = BoardView(game.state)
    chart = StatusChart(game.state.craft("blue"), game.state.mode)
    controller = RoundPlayerController(game, charts={"blue": chart}, bots={"red": "greedy"})
    widget = RoundPlayer(controller, board=board)
    assert "asteroyds-round-player" in widget._dom_classes
    assert widget.buttons["roll"].disabled is False and widget.buttons["fly"].disabled is True
    widget.press("fly")  # an error is shown in the widget, not raised
    assert controller.error and "asteroyds-error-text" in widget._error.value
    widget.press("roll")
    assert board.dice == game.dice and board.intended_moves  # the dice arrows while planning
    chart.load("F F . . . . S")
    assert board.path == controller.ghost_path("blue", chart.program).cells  # the ghost path follows
    widget.press("plan")
    widget.press("asteroids")
    assert board.dice is None and board.path == ()
    widget.press("next")
    widget.press("next")
    assert board.state == controller.current_state
    assert board.highlighted == controller.actor_cells and board.highlighted
    widget.press("last")
    assert board.state == game.state
    assert f'data-cursor="{len(controller.events)}"' in widget._data.value
    widget.press("undo")
    assert game.phase == "plan" and board.state == game.state


def test_the_widget_plays_the_events_on_a_real_loop_and_stops_at_the_end():
    async def scenario():
        game, controller = two_player_game()
        controller.roll((3, 5, 2))
        controller.asteroids()
        controller.speed = 12
        widget = RoundPlayer(controller, interval=0.01)
        widget.play()
        while controller.playing:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        return controller.at_end, widget._toggle.value, widget._ticker.running

    assert run_in_own_loop(scenario) == (True, False, False)


def test_module_doctests():
    for module in (round_player_module, round_controller_module, inspector_module, event_log_module):
        assert doctest.testmod(module).failed == 0, module.__name__


# --- capture mode (docs/rules.md#11-capture-the-asteroyd): Resolve turn, 6 rounds of lasers then moves ------
class TextChart:
    """A capture chart as the round player sees it: a program and a reset (the widget is tested apart)."""

    def __init__(self, text: str = ". . . . . . -") -> None:
        self.program = CaptureProgram.parse(text)
        self.resets = 0

    def reset(self, craft=None) -> CaptureProgram:
        self.program, self.resets = CaptureProgram.empty(), self.resets + 1
        return self.program


CAPTURE_BOTS = ("red2", "white1", "white2")


def capture_player(seed: int, chart: str = "F F X L . . S3") -> tuple[Game, RoundPlayerController]:
    game = Game.new("capture", teams=2, crafts_per_team=2, seed=seed)
    return game, RoundPlayerController(game, charts={"red1": TextChart(chart)}, bots=CAPTURE_BOTS)


@pytest.mark.parametrize("seed", [4, 10])
def test_capture_stepping_reproduces_the_engine_exactly_over_seeded_turns(seed):
    game, player = capture_player(seed)
    reference = Game.new("capture", teams=2, crafts_per_team=2, seed=seed)
    seen: set[str] = set()
    for turn in range(1, 4):
        assert player.expected == "roll" and player.turn_word == "Turn"
        dice = player.roll()
        assert reference.roll() == dice
        programs = player.plan()
        assert set(programs) == {"red1", *CAPTURE_BOTS} and player.expected == "capture"
        if turn == 1:
            assert str(programs["red1"]) == "F F X L . . S3"  # the chart's program, as the engine read it
        for p, program in programs.items():
            reference.submit(p, program)
        before = game.state
        events = player.resolve_turn()
        assert player.phase == "capture" and player.cursor == 0 and player.states[0] == before
        assert list(events) == reference.resolve_asteroids() == game.round_events[1:]  # after the dice
        expected, _ = capture_resolve(before, dice, programs)  # the pure function agrees too
        assert expected == game.state
        walk(player)  # forward and back: every board equals the engine's snapshot
        assert player.states[-1] == game.state
        seen.update(e.type for e in events)
        player.end_round()
        reference.end_round()
        assert player.phase == "end" and player.current_state == game.state == reference.state
        assert player.charts["red1"].resets == turn
    assert game.dumps() == reference.dumps()
    assert {"capture_round_started", "capture_laser_fired", "craft_moved"} <= seen


def test_capture_has_no_asteroid_or_flight_phase():
    game, player = capture_player(4)
    player.roll()
    assert player.can("plan") and not player.can("asteroids") and not player.can("fly")
    with pytest.raises(RuleError, match="Resolve turn"):
        player.asteroids()
    assert game.programs == {}  # nothing was submitted
    assert player.can("capture") and player.do("capture") and game.phase == "end"
    assert not player.can("capture") and player.can("end")
    racing, racer = two_player_game()
    racer.roll()
    with pytest.raises(RuleError, match="capture turn"):
        racer.resolve_turn()
    assert not racer.can("capture") and racing.phase == "plan"


def test_an_illegal_capture_chart_is_refused_and_nothing_is_submitted():
    game, player = capture_player(4, chart="F F F F F F X3,5")  # two anticipation rounds: Lawrence only
    player.roll()
    assert (
        player.do("plan") is None and "red1" in player.error and "Error" not in player.error
    )  # the message, not the class
    assert game.programs == {} and game.phase == "plan"
    with pytest.raises(ProgramError):
        player.resolve_turn()
    assert game.programs == {} and game.phase == "plan"


def test_capture_undo_takes_the_turn_back():
    game, player = capture_player(4)
    player.roll()
    player.plan()
    inputs = len(game.inputs)
    player.resolve_turn()
    assert player.undo() == "Undone: capture." and game.phase == "plan" and len(game.inputs) == inputs
    assert player.phase == "roll"  # the view before the turn: the dice
    player.resolve_turn()
    assert game.phase == "end" and player.phase == "capture"


def test_capture_step_names_the_round_and_its_stage():
    game, player = capture_player(10)
    player.roll()
    player.plan()
    events = player.resolve_turn()
    steps = turn_steps(events)
    assert str(player.turn_step) == "Before the rounds"
    first_round = next(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    player.seek(first_round + 1)
    assert str(player.turn_step) == "Round 1 of 6 · lasers"
    first_move = next(i for i, e in enumerate(events) if e.type == "column_played")
    player.seek(first_move + 1)
    assert str(player.turn_step) == f"Round {steps[first_move].round} of 6 · moves"
    # Every round comes once, lasers before moves.
    order = list(dict.fromkeys((s.round, s.stage) for s in steps if s.round))
    assert [r for r, _ in order if _ == "lasers"] == list(range(1, 7))
    for k in range(1, 7):
        if (k, "moves") in order:
            assert order.index((k, "lasers")) < order.index((k, "moves"))
    assert player.disabled_cells == disabled_turret_cells(events[: player.cursor])


def test_the_round_player_widget_steps_a_capture_turn():
    game, player = capture_player(10)
    board = BoardView(game.state)
    widget = RoundPlayer(player, board=board)
    buttons = widget.buttons
    assert buttons["asteroids"].layout.display == "none" and buttons["fly"].layout.display == "none"
    assert buttons["capture"].layout.display != "none" and buttons["capture"].description == "Resolve turn"
    assert buttons["end"].description == "End turn"
    widget.press("roll")
    widget.press("plan")
    assert buttons["capture"].disabled is False and "asteroyds-primary" in buttons["capture"]._dom_classes
    widget.press("capture")
    assert player.error == "" and player.phase == "capture"
    events = player.events
    # Step to the first laser: the board shows its beam and the caption the round and stage.
    while not isinstance(player.current_event, CaptureLaserFired):
        widget.press("next")
    shot = player.current_event
    assert board.laser == shot.path and board.state == player.current_state
    assert f"Round {shot.round} of 6 · lasers" in widget._caption.value
    assert board._caption_text.startswith(f"Round {shot.round} of 6 · lasers: ")
    assert 'data-capture-stage="lasers"' in widget._data.value
    # Step on to the first disabled turret: crossed out from then on, not before.
    disabled = next(i for i, e in enumerate(events) if isinstance(e, TurretDisabled))
    player.seek(disabled)
    assert board.disabled == ()
    widget.press("next")
    assert board.disabled == (events[disabled].cell,) == player.disabled_cells
    while player.turn_step.stage != "moves":
        widget.press("next")
    assert f"Round {player.turn_step.round} of 6 · moves" in widget._caption.value
    assert board.laser == ()  # a move is not a laser
    # Back and forth: the board always shows the engine's snapshot at the cursor.
    expected = snapshots(player.states[0], events)
    for cursor in (len(events), 3, 0, len(events) // 2):
        player.seek(cursor)
        assert board.state == expected[cursor]
        assert board.disabled == disabled_turret_cells(events[:cursor])
    widget.press("last")
    assert board.state == game.state
    widget.press("end")
    assert board.disabled == () and game.round == 2 and "Turn 1 · end of turn" in widget._caption.value
    assert widget._message.value == "Turn 2: roll the dice."


def test_buttons_are_as_wide_as_their_labels():
    game, player = two_player_game()
    widget = RoundPlayer(player)
    for name in ("end", "yes", "no", "roll", "capture"):  # "End round" and "Yes" were cut off at 58-84px
        layout = widget.buttons[name].layout
        assert layout.width == "auto" and layout.min_width, name
    assert widget._toggle.layout.width == "auto"


def test_the_round_inspector_lists_the_lasers_then_the_moves():
    game, player = capture_player(10)
    inspector = PriorityInspector(player)
    assert "Resolve turn" in inspector.html and "ROUND INSPECTOR" in inspector._title.value
    player.roll()
    player.plan()
    events = player.resolve_turn()
    table = capture_round_table(events, 0)
    assert table is not None and table.round == 1 and not table.started and len(table.aims) == 4
    assert all(r.status == "waiting" for r in (*table.lasers, *table.moves))
    first_move = next(i for i, e in enumerate(events) if e.type == "column_played")
    player.seek(first_move + 1)
    table = capture_round_table(events, player.cursor)
    assert table.started and table.stage == "moves"
    assert all(r.status == "done" and r.outcome != "waiting" for r in table.lasers)  # lasers came first
    mover = events[first_move].player
    assert [r.actor for r in table.moves if r.status == "current"] == [mover]
    page = inspector.html
    assert 'data-phase="capture"' in page and f'data-round="{table.round}"' in page
    assert f'<tr data-piece="{mover}" data-kind="move" data-status="current"' in page
    lasers = [e for e in events if isinstance(e, CaptureLaserFired) and e.round == table.round]
    assert [r.actor for r in table.lasers] == [e.shooter for e in lasers]


def test_the_event_log_tags_capture_events_with_their_team():
    game, player = capture_player(10)
    log = EventLog(player, window=None)
    player.roll()
    player.plan()
    player.resolve_turn()
    player.seek(8)
    rows = log_rows(
        player.round_events, player.round_index, None, {c.player: c.team for c in game.state.crafts}
    )
    tags = {r.tag for r in rows}
    assert tags <= {"", "red", "white", "blue"} and {"red", "white"} <= tags
    assert "this turn" in log.html and "TURN 1" in log._title.value
    assert log.html.count("asteroyds-current") == 1


def test_the_log_shows_only_the_events_stepped_so_far():
    from asteroyds import Dice, setups
    from asteroyds.round import play_round
    from asteroyds.ui.player.event_log import log_html

    state = setups.racing(seed=1, players=["blue"])
    _after, events, _result = play_round(state, Dice(3, 5, 2), {"blue": "F F . . . . S"})
    before = log_html(events, None)
    assert "step through them" in before and events[0].text() not in before
    third = log_html(events, 2)
    assert all(e.text() in third for e in events[:3])
    assert events[3].text() not in third and f"⋯ {len(events) - 3} more" in third
