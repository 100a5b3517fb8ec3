"""Engine benchmarks: print the figures, never assert them (run: python benchmarks/engine.py).

- one asteroid phase on the racing setup (all 24 moving tiles), median;
- one full round with 6 crafts and full 7-action programs, median;
- whole bot games per second (greedy bots, 4 players).

Each figure is printed with its goal from the issues and the ratio to it.
A plain-Python baseline (sum(range(1000))) measured in the same run shows
how fast this machine is today.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from asteroyds import setup  # noqa: E402
from asteroyds.asteroids import resolve_asteroids  # noqa: E402
from asteroyds.dice import all_outcomes  # noqa: E402
from asteroyds.pieces import PLAYER_COLOURS  # noqa: E402
from asteroyds.round import play_round  # noqa: E402
from asteroyds.simulate import play_bot_game  # noqa: E402


def median_us(fn, number: int, repeat: int) -> float:
    """Median over ``repeat`` runs of the mean time of ``number`` calls, in µs."""
    times = timeit.repeat(fn, number=number, repeat=repeat)
    return statistics.median(times) / number * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions (smoke run)")
    parser.add_argument("--games", type=int, default=20, help="bot games for games/s (default 20)")
    args = parser.parse_args()
    number, repeat = (50, 5) if args.quick else (400, 15)

    baseline = median_us(lambda: sum(range(1000)), number * 10, repeat)
    print(f"baseline sum(range(1000))             {baseline:8.2f} µs")

    state = setup("racing", seed=1, players=list(PLAYER_COLOURS))
    rolls = all_outcomes()
    moving = len(state.moving_tiles())
    it = iter(range(10**12))

    def one_phase() -> None:
        resolve_asteroids(state, rolls[next(it) % 216])

    phase = median_us(one_phase, number, repeat)
    print(
        f"asteroid phase, racing, {moving} tiles     {phase:8.1f} µs   goal < 100 µs  "
        f"(ratio to goal {phase / 100:.2f}; {phase / baseline:.1f}× baseline)"
    )

    programs = {
        "blue": "F F R L F U F",
        "red": "F R F L F F L",
        "green": "L F F R F F F",
        "yellow": "R F L F U F R",
        "orange": "F L F R F F F",
        "purple": "R R F F L F F",
    }

    def one_round() -> None:
        play_round(state, rolls[next(it) % 216], programs)

    rnd = median_us(one_round, max(1, number // 4), repeat)
    print(
        f"full round, 6 crafts × 7 actions       {rnd:8.1f} µs   goal < 500 µs  "
        f"(ratio to goal {rnd / 500:.2f}; {rnd / baseline:.1f}× baseline)"
    )

    games = 3 if args.quick else args.games
    start = time.perf_counter()
    rounds = 0
    for seed in range(games):
        game = play_bot_game(players=PLAYER_COLOURS[:4], seed=seed, max_rounds=60)
        rounds += game.round - 1
    elapsed = time.perf_counter() - start
    print(
        f"bot games (4 greedy bots)              {games / elapsed:8.2f} games/s "
        f"({rounds / games:.1f} rounds per game, {elapsed / rounds * 1e3:.1f} ms per round)"
    )


if __name__ == "__main__":
    main()
