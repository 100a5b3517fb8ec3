"""Engine benchmarks: print the figures, never assert them (run: python benchmarks/engine.py).

- one asteroid phase on the racing setup (all 24 moving tiles), median; goal < 100 µs;
- one full round with 6 crafts and full 7-action programs, median; goal < 500 µs;
- whole bot games (greedy bots, 4 players): the time per round.

The baselines, each measured in the same run (``benchmarks/_report.py``):

- for the phase and the round, plain Python (``sum(range(1000))``), timed in
  rounds alternating with theirs, each for as long as theirs: the engine is plain Python too, so the ratio
  is its cost in units of this machine's interpreter at that moment, whatever
  else the machine is doing (the goals, absolute, are in the notes);
- for the bot games, the same games replayed from their recorded inputs
  (``Game.replay``: the same dice, programs and answers, the engine alone),
  each replay right after its game: the ratio is what the bots' planning
  costs on top of the rules they play, the part of a bot game that is theirs.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _report import arguments, figure, header, paired, python_work  # noqa: E402

from asteroyds import setup  # noqa: E402
from asteroyds.asteroids import resolve_asteroids  # noqa: E402
from asteroyds.dice import all_outcomes  # noqa: E402
from asteroyds.game import Game  # noqa: E402
from asteroyds.pieces import PLAYER_COLOURS  # noqa: E402
from asteroyds.round import play_round  # noqa: E402
from asteroyds.simulate import play_bot_game  # noqa: E402

PROGRAMS = {
    "blue": "F F R L F U F",
    "red": "F R F L F F L",
    "green": "L F F R F F F",
    "yellow": "R F L F U F R",
    "orange": "F L F R F F F",
    "purple": "R R F F L F F",
}
BASELINE = "plain Python, sum(range(1000))"


def bot_rounds(games: int) -> tuple[float, float, int]:
    """(seconds playing, seconds replaying, rounds) over ``games`` seeded 4-bot games."""
    played = replayed = 0.0
    rounds = 0
    for seed in range(games):
        start = time.perf_counter()
        game = play_bot_game(players=PLAYER_COLOURS[:4], seed=seed, max_rounds=60)
        played += time.perf_counter() - start
        start = time.perf_counter()
        again = Game(game.initial, seed=game.seed, mode_rules=game.mode_rules)
        again.replay(game.inputs)
        replayed += time.perf_counter() - start
        if again.state != game.state:
            raise SystemExit(f"seed {seed}: the replay did not reach the game's end (a bug, not a figure)")
        rounds += game.round - 1
    return played, replayed, rounds


def main() -> None:
    parser = arguments(__doc__)
    parser.add_argument("--games", type=int, default=20, help="bot games (default 20)")
    args = parser.parse_args()
    number, repeat = (20, 5) if args.quick else (400, 15)
    header("engine", args.quick)

    state = setup("racing", seed=1, players=list(PLAYER_COLOURS))
    rolls = all_outcomes()
    moving = len(state.moving_tiles())
    it = iter(range(10**12))

    def one_phase() -> None:
        resolve_asteroids(state, rolls[next(it) % 216])

    def one_round() -> None:
        play_round(state, rolls[next(it) % 216], PROGRAMS)

    phase, base = paired(one_phase, python_work, repeat, number)
    figure(
        f"asteroid phase, racing, {moving} tiles, median",
        phase * 1e6,
        "µs",
        BASELINE,
        base * 1e6,
        f"goal < 100 µs: {phase * 1e6 / 100:.2f} of it",
    )
    rnd, base = paired(one_round, python_work, repeat, max(1, number // 4))
    figure(
        "full round, 6 crafts × 7 actions, median",
        rnd * 1e6,
        "µs",
        BASELINE,
        base * 1e6,
        f"goal < 500 µs: {rnd * 1e6 / 500:.2f} of it",
    )

    games = 3 if args.quick else args.games
    played, replayed, rounds = bot_rounds(games)
    figure(
        "bot game (4 greedy bots), per round",
        played / rounds * 1e3,
        "ms",
        "the same rounds replayed",
        replayed / rounds * 1e3,
        f"{games} games, {rounds / games:.1f} rounds each, {games / played:.2f} games/s",
    )


if __name__ == "__main__":
    main()
