"""A mode is a plug-in (issue 21): a toy mode written here, in the test, plays through the package.

The toy is one ``Mode(...)`` and one :func:`asteroyds.modes.register` call:
its own setup (a small race to one gate among three pods), its own check of
a board (one gate only) and its own victory rule (the first craft holding the
gate's token wins; nobody after round 6), on the standard turn (asteroids,
then flight). Registered, it is played by :class:`~asteroyds.game.Game`, by
the command line's ``asteroyds play --mode toy`` (run in this process, after
registering), by the sandbox's bots, saved and loaded, and its name shows
wherever the modes are listed; no file of the package names it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

import asteroyds
from asteroyds import rules, setups
from asteroyds.bot import plan_bots
from asteroyds.checks import Check, Found, ModeChecks
from asteroyds.cli import build_parser, main
from asteroyds.errors import ScenarioError
from asteroyds.events import Event
from asteroyds.game import Game
from asteroyds.modes import Mode, mode_named, modes, register, unregister
from asteroyds.modes.greedy import greedy_racer
from asteroyds.modes.standard import STANDARD_TURN
from asteroyds.outcome import Outcome
from asteroyds.pieces import GATE, PLATFORM, POD, Craft, Piece
from asteroyds.rules import DEFAULT_RULES, RuleSettings
from asteroyds.state import State

TOY = "toy"
LAST_ROUND = 6
WON = "takes the toy gate first"
# The racing layout's platforms (row, column) and the facing that looks at the middle of the board.
STARTS = {"blue": ((5, 7), 3), "red": ((7, 7), 0), "green": ((6, 5), 0)}


def toy_setup(
    seed: int = 0,
    players: Sequence[str] = ("blue", "red"),
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
) -> State:
    """One gate in the middle, three pods around it, the crafts on their platforms; the gate's
    orientation is drawn from the seed."""
    rng = random.Random(f"toy:{seed}")
    pieces = [
        Piece("GA", GATE, (6, 7), "red", rng.randrange(6), 1, "A"),
        Piece("P1", POD, (4, 7)),
        Piece("P2", POD, (8, 7)),
        Piece("P3", POD, (6, 10)),
    ]
    crafts = []
    for number, player in enumerate(players, 1):
        cell, facing = STARTS[player]
        pieces.append(Piece(f"L{number}", PLATFORM, cell, player, facing))
        pilot = pilots[number - 1] if pilots else None
        crafts.append(Craft(player, cell, facing, pilot=pilot))
    state = State(TOY, tuple(pieces), tuple(crafts), tuple(players), rules=rules)
    return state.validate("toy setup")


def one_gate(state: State, where: str) -> Iterator[Found]:
    """The toy's own rule of a board: one gate, no more."""
    gates = [p.id for p in state.pieces if p.kind == GATE]
    if len(gates) > 1:
        yield Found(0, f"{where}: a toy board has one gate, not {len(gates)} ({', '.join(gates)})")


def toy_outcome(state: State, round_events: Sequence[Event]) -> Outcome | None:
    """The first craft holding the gate's token wins (ties share it); nobody once round 6 is over."""
    holders = tuple(c.player for c in state.crafts_in_order() if "A" in c.tokens and c.cell is not None)
    if holders:
        return Outcome(winners=holders, reason=f"{', '.join(holders)} {WON}.")
    if state.round > LAST_ROUND:
        return Outcome(winners=(), reason="Six rounds are over: nobody took the toy gate.")
    return None


TOY_MODE = Mode(
    name=TOY,
    title="Toy race",
    turn=STANDARD_TURN,
    outcome=toy_outcome,
    setup=toy_setup,
    checks=ModeChecks(board=(Check("one gate", "state", one_gate),)),
    crosses_gates=True,
    shooting=False,
    greedy=greedy_racer,
    variants=("random_dice_order",),
    planning_seconds={"beginner": 30, "expert": 15},
)


@pytest.fixture
def toy() -> Iterator[Mode]:
    register(TOY_MODE)
    try:
        yield TOY_MODE
    finally:
        unregister(TOY)
    assert TOY not in modes()


def test_the_package_does_not_name_the_toy():
    package = Path(asteroyds.__file__).parent
    named = [path.name for path in package.rglob("*.py") if f'"{TOY}"' in path.read_text(encoding="utf-8")]
    assert named == []


def test_a_registered_mode_is_listed_wherever_the_modes_are(toy):
    assert modes()[TOY] is toy and mode_named(TOY) is toy
    assert TOY in rules.MODES and TOY in setups.SETUP_NAMES
    assert RuleSettings().planning_time(TOY) == 30
    play = next(
        a for a in build_parser()._subparsers._group_actions[0].choices["play"]._actions if a.dest == "mode"
    )
    assert TOY in play.choices


def test_the_toy_checks_its_boards_through_state_validate(toy):
    state = toy_setup(seed=1)
    second = Piece("GB", GATE, (2, 7), "white", 0, 2, "B")
    with pytest.raises(ScenarioError, match="a toy board has one gate, not 2"):
        state.with_pieces((*state.pieces, second)).validate("toy.json")


def test_the_game_plays_the_toy_to_its_own_end_and_saves_it(toy):
    game = Game.new(TOY, players=["blue", "red"], seed=3)
    draw = random.Random(3)
    while not game.is_over:
        dice = game.roll()
        styles = {player: "greedy" for player in game.waiting_for()}
        for player, program in plan_bots(game.state, dice, styles, lambda _key: draw).programs.items():
            game.submit(player, program)
        game.play_phases()
        assert game.round <= LAST_ROUND + 1
    assert game.outcome is not None
    assert game.outcome.reason.endswith(f"{WON}.") or "nobody took the toy gate" in game.outcome.reason
    again = Game.loads(game.dumps())
    assert again.state == game.state and again.outcome == game.outcome
    assert [phase for _round, phase, _event in game.log][:3] == ["roll", "asteroids", "asteroids"]


def test_a_game_won_by_the_toy_rule(toy):
    gate = toy_setup(seed=1).piece("GA").cell
    won = None
    for seed in range(40):  # some roll sends the greedy bot through the gate
        game = Game.new(TOY, players=["blue"], seed=seed)
        game.roll()
        programs = plan_bots(
            game.state, game.dice, {"blue": "greedy"}, lambda _key: random.Random(0)
        ).programs
        game.submit("blue", programs["blue"])
        game.play_phases()
        if game.is_over:
            won = game
            break
    assert won is not None, f"no seed lets the bot reach the gate at {gate} in one round"
    assert won.outcome.winners == ("blue",) and won.outcome.reason == f"blue {WON}."


def test_the_command_line_plays_the_toy(toy, capsys):
    assert main(["play", "--mode", TOY, "--players", "2", "--seed", "3", "--max-rounds", "10"]) == 0
    out = capsys.readouterr().out
    assert "--- Round 1: dice" in out and "=== " in out
    assert WON in out or "nobody took the toy gate" in out
    assert main(["asteroids", TOY, "--seed", "2", "--dice", "3", "5", "2"]) == 0
    assert "Red die shows 3" in capsys.readouterr().out


def test_the_sandbox_plays_the_toy_with_bots(toy):
    from asteroyds.ui.sandbox.controller import SandboxController
    from asteroyds.ui.sandbox.setup import SandboxSetup, Seat

    sandbox = SandboxController(
        SandboxSetup(mode=TOY, seats=(Seat("blue", "greedy"), Seat("red", "random")), seed=2)
    )
    game = sandbox.new_game()
    assert game.state.mode == TOY and sandbox.stage == "roll"
    stage = sandbox.play_round()  # the bots plan, the asteroids move, the crafts fly, the round ends
    assert sandbox.game.round == 2 and stage in ("roll", "over")
    if stage == "over":  # the greedy racer crossed the gate in round 1: the toy's own rule ended it
        assert sandbox.outcome_text.endswith(f"{WON}.")
