"""Whole games played by bots: for the terminal, the property tests and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .bot import coach_plan, decision_policy, plan
from .damage import Decision
from .game import Game
from .pieces import PILOTS
from .rules import DEFAULT_RULES, RuleSettings


def play_bot_game(
    players: Sequence[str],
    styles: Sequence[str] | None = None,
    seed: int = 0,
    mode: str = "racing",
    max_rounds: int = 100,
    pilots: Sequence[str | None] | None = None,
    rules: RuleSettings = DEFAULT_RULES,
    echo: Callable[[str], None] | None = None,
    on_round: Callable[[Game], None] | None = None,
) -> Game:
    """Play until the game is over or ``max_rounds`` rounds were played.

    Everything is drawn from ``seed``: the setup, the dice, the bots' choices.
    """
    styles = list(styles or ["greedy"] * len(players))
    rng = random.Random(f"asteroyds:bots:{seed}")
    chance = decision_policy(rng)
    answers: dict[str, tuple[str, ...]] = {}  # a coach bot's mid-flight answers, from its plan

    def policy(decision: Decision) -> bool:
        if decision.player in answers:
            return decision.key in answers[decision.player]
        return chance(decision)

    game = Game.new(mode=mode, players=players, pilots=pilots, seed=seed, rules=rules, policy=policy)
    bot_style = dict(zip(players, styles, strict=True))
    while not game.is_over and game.round <= max_rounds:
        dice = game.roll()
        if echo:
            echo(f"--- Round {game.round}: dice red {dice.red}, white {dice.white}, blue {dice.blue}")
            for event in game.events()[1:]:  # the mode's start of round (drones are launched)
                echo(event.text())
        for player in game.waiting_for():
            if bot_style[player] == "coach":
                best = coach_plan(game.state, player, dice, order=game.order)
                program, answers[player] = best.program, best.decisions
            else:
                program = plan(game.state, player, dice, style=bot_style[player], rng=rng)
            game.submit(player, program)
            if echo:
                echo(f"{player} ({bot_style[player]}) programs {program}")
        events = game.play_phases()
        if echo:
            for event in events:
                echo(event.text())
        if on_round:
            on_round(game)
    if echo:
        scores = ", ".join(
            f"{c.player}: tokens {_tokens(c.tokens)}, damage {c.damage}" for c in game.state.crafts
        )
        echo(f"=== {game.outcome.reason if game.outcome else 'No winner yet.'} ({scores})")
    return game


def _tokens(tokens: Sequence[str]) -> str:
    """Gate and drone symbols run together (``ACDB``); target names are spaced (``left-1 left-4``)."""
    if not tokens:
        return "-"
    return "".join(tokens) if all(len(t) == 1 for t in tokens) else " ".join(tokens)


def random_pilots(players: Sequence[str], rng: random.Random) -> list[str]:
    """Distinct pilots for the players, drawn from the six of the box."""
    return rng.sample(list(PILOTS), len(players))
